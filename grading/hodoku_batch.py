"""HoDoKu ratings of many puzzles at once, each whole path in the compiled engine.

The C engine (``sudoku_logic/native/hodoku/rating.c``) takes HoDoKu's path on each puzzle,
singles queues included, and folds level, score and hardest technique as
:func:`grading.hodoku.path_rating` does, from the table's numbers (written into its
``hodoku/tables.h`` by :mod:`grading.native_tables`), without a Python object per step and
with the GIL released. A puzzle it cannot rate on its own (givens that clash, no solution or
several, a path that needs a technique it has no finder for yet) is left to the Python path,
so every puzzle gets the answer :class:`~grading.rater.Rater` gives it.
"""

from __future__ import annotations

import struct
from collections.abc import Collection, Sequence
from functools import cache

from sudoku_logic import native
from sudoku_logic.solve import MAX_STEPS

from .tables import LEVELS

#: The C record of one rating (``hodoku/rating.h``'s ``hd_rating_rec``): ms, score, steps,
#: hardest (a technique code, -1 none), level, solved, status.
RECORD = struct.Struct("<diihBBB3x")
#: ``hd_rating_rec.status``: rated; anything else is left to the Python path
OK = 0


@cache
def _codes(leave_out: frozenset[str] = frozenset()) -> bytes:
    """The engine's codes of HoDoKu's default techniques in its search order (the engine's
    copy of :func:`grading.scales.hodoku_techniques`, read without importing the finders),
    but those of ``leave_out``."""
    code = {name: i for i, name in enumerate(native.HODOKU_TECHNIQUES)}
    return bytes(code[name] for name in native.HODOKU_DEFAULT if name not in leave_out)


def available() -> bool:
    """Whether the compiled engine can rate whole HoDoKu paths here."""
    return native.AVAILABLE and native.HODOKU_RECORD_SIZE == RECORD.size


def rate_values(puzzles: Sequence[bytes], leave_out: Collection[str] = ()) -> list[tuple | None]:
    """For each puzzle (81 bytes of values 0-9), ``(level, score, hardest, steps, ms,
    solved)`` of its HoDoKu path as the compiled engine rates it (``solved``: by logic, without
    Brute Force), or None where the engine leaves it to the Python path. ``leave_out``: default
    techniques the path does not search (to tell whether a path takes one, rate it both ways).
    Needs the compiled engine (:func:`available`)."""
    if not available():
        raise RuntimeError("the compiled engine cannot rate HoDoKu paths here")
    out = bytearray(RECORD.size * len(puzzles))
    native.hodoku_rate_batch(b"".join(puzzles), _codes(frozenset(leave_out)), out, MAX_STEPS)
    names = native.HODOKU_TECHNIQUES
    return [
        (LEVELS[level], score, names[hardest] if hardest >= 0 else "none", steps, ms, bool(solved))
        if status == OK
        else None
        for ms, score, steps, hardest, level, solved, status in RECORD.iter_unpack(out)
    ]
