"""Rating a puzzle on two scales, each on its own program's path through the one loop.

- Sudoku Explainer (SE): the SE scale's path (SE's rules in SE's order, the first hint of
  the first rule that finds one, :func:`scales.se_policy`). ``er`` is the hardest step's
  difficulty, ``ep`` the hardest up to and including the first placement, ``ed`` the first
  step's (:mod:`grading.se`).
- HoDoKu: the HoDoKu scale's path (HoDoKu's techniques in its search order). ``score`` is
  the sum of the step scores, ``level`` the hardest step's level raised while the score
  exceeds the level's maximum (:mod:`grading.hodoku`). Where no logical step applies HoDoKu
  resorts to Brute Force (one digit of the solution, 10000 points, then logic again), and so
  does this path; such a puzzle is Extreme and does not count as solved by logic.

``rate(..., se=False)`` or ``hodoku=False`` skips one scale. :func:`rate_path` rates a path
that was already solved on its own scale (``step --html`` uses it for its header).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from sudoku_logic.core import dlx
from sudoku_logic.core.context import NotUnique, Settings
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.step import Step
from sudoku_logic.solve.loop import MAX_STEPS, SolveResult, solve
from sudoku_logic.solve.policies import Policy

from . import hodoku as hodoku_scale
from . import se as se_scale
from .rating import Rating
from .scales import hodoku_policy, resolve, se_policy
from .tables import LEVELS, RATINGS


def fill_se(out: Rating, result: SolveResult) -> None:
    """``out``'s SE fields from an SE path."""
    out.er, out.ep, out.ed, out.se_hardest = se_scale.path_rating(result.steps)
    out.se_steps = len(result.steps)
    out.se_solved = result.solved
    out.se_path = result.steps


def fill_hodoku(out: Rating, result: SolveResult) -> None:
    """``out``'s HoDoKu fields from a HoDoKu path (Brute Force steps finish a path but do
    not count as solving by logic)."""
    out.level, out.score, out.hodoku_hardest = hodoku_scale.path_rating(result.steps, result.solved)
    out.hodoku_steps = len(result.steps)
    out.hodoku_solved = result.solved and not any(s.technique == "Brute Force" for s in result.steps)
    out.hodoku_path = result.steps


def _above_rating(limit: float):
    """A solve-loop ``stop`` test: True for a step SE rates above ``limit``."""

    def stop(step: Step) -> bool:
        return (se_scale.se_difficulty(step) or 0.0) > limit

    return stop


def proves_unique(result: SolveResult) -> bool:
    """Whether a path shows its puzzle has exactly one solution: it filled the grid with
    deductions alone (no Brute Force guess), each of which holds in every solution, and the
    filled grid is a solution, so it is the only one."""
    if not result.solved or any(s.technique == "Brute Force" for s in result.steps):
        return False
    # a filled grid without a contradiction holds each digit once in every house
    return result.grid.contradiction() is None


def _solve(grid: Grid, policy: Policy, unique: bool | None, **kw) -> tuple[SolveResult, bool | None]:
    """A path on ``grid`` and what it tells of the puzzle's uniqueness (True, or None when
    it did not find out). ``unique``: what is known before; with None a path that finds the
    puzzle not unique raises NotUnique (see :class:`SolveContext`)."""
    ctx = policy.context(unique=unique, strict=unique is None)
    result = solve(grid, policy, ctx, **kw)
    return result, True if (ctx.unique_known or proves_unique(result)) else None


def se_rate(
    grid: Grid, out: Rating, policy: Policy | None = None, max_steps: int = MAX_STEPS, stop_above: float | None = None
) -> bool:
    """Run the SE path on ``grid`` (known to have one solution; not changed) and fill
    ``out``'s SE fields. ``stop_above``: give up (return False, ``out`` left as it was) at
    the first step rated above it, when all one needs to know is that the rating is higher."""
    policy = policy or se_policy()
    stop = None if stop_above is None else _above_rating(stop_above)
    result, _ = _solve(grid, policy, True, max_steps=max_steps, stop=stop)
    if result.stopped:
        return False
    fill_se(out, result)
    return True


def hodoku_rate(grid: Grid, out: Rating, policy: Policy | None = None, stop_above: str | None = None) -> bool:
    """Run the HoDoKu path on ``grid`` and fill ``out``'s HoDoKu fields. ``stop_above`` (a
    level below the top one): give up (return False, ``out`` left as it was) as soon as a
    step's level or the score so far puts the puzzle above that level."""
    policy = policy or hodoku_policy()
    stop = hodoku_scale.above_level(stop_above) if stop_above is not None else None
    result, _ = _solve(grid, policy, True, stop=stop)
    if result.stopped:
        return False
    fill_hodoku(out, result)
    return True


def rate_path(puzzle: str, result: SolveResult, ms: float = 0.0) -> Rating:
    """Rate a path already solved, on its own scale only: an SE path gets ER/EP/ED, a
    HoDoKu path level and score; a path of listed techniques gets each scale whose table
    rates every one of its steps."""
    out = Rating(puzzle, ms=ms)
    on_se = result.scale == "se" or (
        result.scale == "listed" and all(RATINGS[s.technique].se is not None for s in result.steps)
    )
    on_hodoku = result.scale == "hodoku" or (
        result.scale == "listed" and all(RATINGS[s.technique].level is not None for s in result.steps)
    )
    if on_se:
        fill_se(out, result)
    if on_hodoku:
        fill_hodoku(out, result)
    return out


def path_doc(puzzle: str, result: SolveResult) -> dict:
    """A solve path as a JSON-ready object: the steps (each with the number its scale gives
    it: ``difficulty`` on SE's path, ``score`` on HoDoKu's) and the rating of the path on
    its own scale(s) (:func:`rate_path`), the numbers ``sudoku rate`` gives the same path."""
    r = rate_path(puzzle, result)
    steps = []
    for s in result.steps:
        d = s.to_dict()
        if r.se_solved is not None:
            d["difficulty"] = se_scale.se_difficulty(s)
        if r.hodoku_solved is not None:
            d["score"] = hodoku_scale.step_score(s)
        steps.append(d)
    doc: dict = {"puzzle": puzzle, "order": result.scale, "solved": result.solved}
    if r.se_solved is not None:
        doc["se"] = {"er": r.er, "ep": r.ep, "ed": r.ed, "hardest": r.se_hardest}
    if r.hodoku_solved is not None:
        doc["hodoku"] = {
            "level": r.level,
            "score": r.score,
            "hardest": r.hodoku_hardest,
            "solved_by_logic": r.hodoku_solved,
        }
    doc["steps"] = steps
    return doc


class Rater:
    """Rates positions on both scales with fixed technique sets (build once, reuse; it keeps
    no state between puzzles)."""

    def __init__(
        self,
        techniques: Sequence[str] | None = None,
        se: bool = True,
        hodoku: bool = True,
        settings: Settings | None = None,
    ) -> None:
        se_names = hodoku_names = None
        if techniques is not None:
            names = resolve(techniques)
            se_names = [n for n in names if RATINGS[n].se is not None]
            hodoku_names = [n for n in names if RATINGS[n].order is not None]
        self.se = se_policy(se_names, settings=settings) if se else None
        self.hodoku = hodoku_policy(hodoku_names, settings=settings) if hodoku else None

    def rate(
        self, grid: Grid, puzzle: str | None = None, keep_paths: bool = False, unique: bool | None = True
    ) -> Rating:
        """Rate a position. ``unique``: True when it is known to have one solution; None to
        find out on the way, at no cost where a path proves it (:func:`proves_unique`): DLX
        runs only when a uniqueness technique first asks or no path solved the puzzle by
        deductions, and a position without exactly one solution raises NoSolution or
        MultipleSolutions (as :func:`dlx.unique_solution` on ``grid`` does)."""
        t0 = time.perf_counter()
        out = Rating(puzzle or grid.values_string())
        try:
            if self.se is not None:
                result, found = _solve(grid, self.se, unique)
                unique = unique or found
                fill_se(out, result)
            if self.hodoku is not None:
                result, found = _solve(grid, self.hodoku, unique)
                unique = unique or found
                fill_hodoku(out, result)
        except NotUnique:
            unique = None
        if not unique:
            dlx.unique_solution(grid)  # raises what is wrong, from the puzzle itself
        out.ms = (time.perf_counter() - t0) * 1000
        if not keep_paths:
            out.se_path, out.hodoku_path = [], []
        return out


def rate(
    grid: Grid,
    techniques: Sequence[str] | None = None,
    puzzle: str | None = None,
    *,
    se: bool = True,
    hodoku: bool = True,
    settings: Settings | None = None,
) -> Rating:
    """Rate a position (known to have one solution) on both scales, each on its own path
    (``techniques``: restrict both to these)."""
    return Rater(techniques, se=se, hodoku=hodoku, settings=settings).rate(grid, puzzle, keep_paths=True)


__all__ = [
    "LEVELS",
    "Rater",
    "Rating",
    "fill_hodoku",
    "fill_se",
    "hodoku_rate",
    "path_doc",
    "proves_unique",
    "rate",
    "rate_path",
    "se_rate",
]
