"""Puzzles aimed at a technique: from a seed of the index (:mod:`.seeds`) that takes it, a
random isomorph, then a short random walk of changes to the givens (one removed, or one
moved to another cell) kept only while the puzzle stays unique and the technique stays on
the path of the order (with ``practice``, no step harder), the path solved by logic. A
practice walk starts from a seed where the technique is the first hardest step if the index
has one (a step as hard may otherwise come before it), and then keeps it first.

Every puzzle is re-rated after every change in the chosen order by the code ``sudoku step
--order`` runs (a path may change under an isomorph: HoDoKu breaks ties by cell order), and
its one solution is checked by DLX before it is given. Candidate ``i`` of a run with seed
``S`` draws everything from its own stream ``(S, i)``, as the random route does.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from sudoku_logic.app.bulk.seeds import Seed, first_hardest, path_facts, rate_order, seeds_for
from sudoku_logic.core import bitsolve, dlx
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.isomorph import random_isomorph

#: Changes tried on each candidate, and how many of them may be kept.
WALK_TRIES = 16
WALK_KEEP = 4
#: The chance that a change whose given is needed is given up rather than moved, and the
#: cells a move tries.
REMOVE = 0.2
MOVE_TRIES = 8


@dataclass(frozen=True)
class Aim:
    """What the seed route aims at: any of ``names`` on the path of ``order`` (with
    ``practice``, with no step harder); on SE's path, seeds rated from ``low`` to ``high``."""

    names: tuple[str, ...]
    order: str
    practice: bool = False
    low: float | None = None
    high: float | None = None


def usable(wanted: Aim, symmetry: str, minimal: bool, max_givens: int = 80) -> bool:
    """Whether the seed route can honour the request: a technique with seeds of at most
    ``max_givens`` givens, no symmetry (a change of the givens breaks it) and not minimal
    (a walk does not end minimal)."""
    return bool(wanted.names) and symmetry == "none" and not minimal and bool(pool(wanted, max_givens))


def pool(wanted: Aim, max_givens: int = 80) -> list[Seed]:
    """The seeds of ``wanted``'s technique on its order's path with at most ``max_givens``
    givens (a walk never adds one), on SE's path those rated inside the band asked, if one is."""
    found = [
        s for s in seeds_for(wanted.names, wanted.order, wanted.practice) if 81 - s.puzzle.count("0") <= max_givens
    ]
    if wanted.practice:  # seeds where the technique is the first hardest step, if there are any
        first = [s for s in found if _leads(s.puzzle, wanted.order, frozenset(wanted.names))]
        found = first or found
    if wanted.order == "se" and (wanted.low is not None or wanted.high is not None):
        low = wanted.low if wanted.low is not None else 0.0
        high = wanted.high if wanted.high is not None else 99.0
        found = [s for s in found if low <= s.measure <= high]
    return found


@lru_cache(maxsize=1024)
def _leads(puzzle: str, order: str, names: frozenset[str]) -> bool:
    """Whether one of ``names`` is the first hardest step of ``puzzle``'s path of ``order``
    (not only a step as hard)."""
    rating = rate_order([int(ch) for ch in puzzle], order)
    return rating is not None and first_hardest(rating, order) in names


class _Judge:
    """Rates positions in ``wanted``'s order and says whether the technique fits, keeping
    the last fitting rating for the row."""

    def __init__(self, wanted: Aim) -> None:
        self.wanted = wanted
        self.names = set(wanted.names)
        self.done: tuple | None = None  # (values, rating, seconds) of the last fit
        self.why = ""

    def fits(self, values: list[int], lead: bool = False) -> bool:
        """Whether the path of ``values`` (rated now) takes the technique as asked (with
        ``lead`` and ``practice``, as the first hardest step); ``why`` says why not."""
        t0 = time.perf_counter()
        rating = rate_order(values, self.wanted.order)
        if rating is None:
            self.why = "path not run"
            return False
        names, tops, solved, _ = path_facts(rating, self.wanted.order)
        if not solved:
            self.why = "not solved by logic"
        elif not names & self.names:
            self.why = "technique left the path"
        elif self.wanted.practice and not tops & self.names:
            self.why = f"{' and '.join(sorted(tops))} harder on the path"
        elif self.wanted.practice and lead and first_hardest(rating, self.wanted.order) not in self.names:
            self.why = f"{first_hardest(rating, self.wanted.order)} as hard, first"
        else:
            self.done = (tuple(values), rating, time.perf_counter() - t0)
            return True
        return False


def change(values: list[int], solution: Sequence[int], rng: random.Random) -> list[int] | None:
    """``values`` with one given removed, or moved: removed, and the solution's digit given in
    a cell where another solution of the puzzle without it differs (so that solution goes);
    None unless the puzzle keeps one solution."""
    givens = [c for c in range(81) if values[c]]
    out = list(values)
    cell = rng.choice(givens)
    out[cell] = 0
    if not bitsolve.has_other_solution(out, solution, [cell]):
        return out  # the given was not needed: removed
    if rng.random() < REMOVE:
        return None
    other = next(s for s in dlx.solutions(Grid.from_values(out), 2, rng) if list(s) != list(solution))
    cells = [c for c in range(81) if other[c] != solution[c] and c != cell]
    rng.shuffle(cells)
    for to in cells[:MOVE_TRIES]:
        out[to] = solution[to]
        if bitsolve.count_solutions(out) == 1:
            return out
        out[to] = 0
    return None


#: What a walk ends with: the puzzle's values, the last fitting rating of its path as
#: ``(values, rating, seconds)`` (None when it does not fit), and why not (None when it fits).
Walked = tuple[list[int], tuple | None, str | None]


def walk(seed: int, index: int, wanted: Aim, max_givens: int = 80) -> Walked:
    """Candidate ``index`` of the run with ``seed``, made from a seed of the index of at most
    ``max_givens`` givens (see the module's docstring), its one solution checked by DLX."""
    rng = random.Random(f"{seed}:{index}")
    start = rng.choice(pool(wanted, max_givens))
    values = random_isomorph([int(ch) for ch in start.puzzle], rng)
    judge = _Judge(wanted)
    # a practice walk from a seed the technique leads keeps it leading, the isomorph too
    lead = wanted.practice and _leads(start.puzzle, wanted.order, frozenset(wanted.names))
    if not judge.fits(values, lead):
        return values, None, f"isomorph: {judge.why}"
    solution = dlx.unique_solution(Grid.from_values(values))
    kept = 0
    for _ in range(WALK_TRIES):
        if kept >= WALK_KEEP:
            break
        changed = change(values, solution, rng)
        if changed is not None and judge.fits(changed, lead):
            values = changed
            kept += 1
    if dlx.dlx_count_solutions(Grid.from_values(values), 2) != 1:  # DLX, the reference, on every puzzle given
        return values, None, "not unique"
    return values, judge.done, None
