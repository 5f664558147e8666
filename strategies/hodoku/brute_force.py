"""Brute Force: HoDoKu's last resort when no logical technique applies.

HoDoKu (``BruteForceSolver``) then places one digit from the solution, in the middle one of
the empty cells (the ``n // 2``-th in cell order), and goes back to logic. Each such step
scores 10000 and makes the puzzle Extreme. It is on HoDoKu's scale only: Sudoku Explainer
has no such step (its dynamic and nested forcing chains go on instead).
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import technique
from sudoku_logic.core import dlx
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import cell_list, cell_name
from sudoku_logic.core.step import Step


def _solution(grid: Grid) -> list[int] | None:
    """The solution of ``grid`` if it has exactly one, else None."""
    sols = dlx.solutions(grid, 2)
    return sols[0] if len(sols) == 1 else None


@technique("Brute Force")
def brute_force(grid: Grid) -> Iterator[Step]:
    """The solution's digit for the middle empty cell, as HoDoKu places it when nothing else
    applies; nothing if the position has no solution or more than one."""
    empty = cell_list(grid.empty)
    if not empty:
        return
    sol = _solution(grid)
    if sol is None:
        return
    cell = empty[len(empty) // 2]
    d = sol[cell]
    yield Step(
        "Brute Force",
        placements=[(cell, d)],
        cells=[cell],
        candidates=[(cell, d, "pattern")],
        explanation=f"No logical technique applies here, so {cell_name(cell)} gets its digit "
        f"from the solution, {d}, found by trial and error (HoDoKu's last resort).",
    )
