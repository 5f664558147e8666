"""Ratings of many puzzles on both scales, each whole path in the compiled engine where it can:
SE's (:mod:`grading.se_batch`) and HoDoKu's (:mod:`grading.hodoku_batch`), a batch at a time,
folded into the :class:`~grading.rating.Rating` the Rater would give. Where the engine leaves
a scale's path to Python (a technique it has no finder for yet), the Rater takes that scale
alone, knowing the puzzle has one solution if the other scale's whole path showed it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sudoku_logic.core.grid import Grid

from .rating import Rating

if TYPE_CHECKING:
    from .rater import Rater


def rate_lines(lines: Sequence[tuple[bytes, str]], se: bool = True, hodoku: bool = True) -> list[Rating | None]:
    """Each line's ``(values, shown puzzle)`` rated on the scales asked for, or None where
    neither scale's whole path is the engine's (the caller's Rater then rates it, and says
    what is wrong with a puzzle that is not valid with one solution)."""
    from . import hodoku_batch, se_batch

    values = [v for v, _ in lines]
    se_got = se_batch.rate_values(values) if se else [None] * len(lines)
    ho_got = hodoku_batch.rate_values(values) if hodoku else [None] * len(lines)
    out: list[Rating | None] = []
    raters: dict[bool, Rater] = {}  # by the scale the engine rated: the other's Rater
    for (v, shown), s, h in zip(lines, se_got, ho_got):
        if s is None and h is None:  # no scale asked was rated whole (a scale not asked: None)
            out.append(None)
            continue
        rating = Rating(shown)
        if s is not None:
            rating.er, rating.ep, rating.ed, rating.se_hardest, rating.se_steps, ms = s
            rating.se_solved = True
            rating.ms += ms
        if h is not None:
            rating.level, rating.score, rating.hodoku_hardest, rating.hodoku_steps, ms, rating.hodoku_solved = h
            rating.ms += ms
        if (se and s is None) or (hodoku and h is None):
            # one scale's whole path showed the puzzle has one solution: the other's in Python
            from .rater import Rater  # only here: a batch rated whole imports no solver

            se_whole = s is not None
            if se_whole not in raters:
                raters[se_whole] = Rater(se=False) if se_whole else Rater(hodoku=False)
            rest = raters[se_whole].rate(Grid.from_values(list(v)), shown, unique=True)
            for name in _FIELDS[se_whole]:
                setattr(rating, name, getattr(rest, name))
            rating.ms += rest.ms
        out.append(rating)
    return out


#: The fields the Rater fills for the scale the engine left: HoDoKu's, or SE's.
_FIELDS = {
    True: ("level", "score", "hodoku_hardest", "hodoku_steps", "hodoku_solved"),
    False: ("er", "ep", "ed", "se_hardest", "se_steps", "se_solved"),
}
