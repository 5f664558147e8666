"""Sudoku Explainer's pointing and claiming (``Locking(false)``) in its order, as the steps of
:mod:`strategies.intersections`. Twin of ``sudoku_logic/native/se/intersections.c``."""

from __future__ import annotations

from collections.abc import Iterator

from strategies.intersections import locked_candidates_name, locked_candidates_step
from strategies.registry import se_rule
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_MASK
from sudoku_logic.core.step import Step


def _se_pairs() -> list[tuple[int, int, int, str]]:
    """SE's ``Locking.getHints`` order: (block, column), (block, row), (column, block),
    (row, block) pairs of crossing houses, each kind in index order."""
    boxes, cols, rows = range(18, 27), range(9, 18), range(0, 9)
    out = []
    for first, second in ((boxes, cols), (boxes, rows), (cols, boxes), (rows, boxes)):
        for h1 in first:
            for h2 in second:
                m = HOUSE_MASK[h1] & HOUSE_MASK[h2]
                if m:
                    out.append((h1, h2, m, locked_candidates_name(h1)))
    return out


_SE_PAIRS = _se_pairs()


@se_rule("Intersections", ("Locked Candidates Type 1 (Pointing)", "Locked Candidates Type 2 (Claiming)"))
def se_intersections(grid: Grid) -> Iterator[Step]:
    """SE's pointing and claiming (``Locking(false)``): a digit with two or more places in a
    house, all inside a crossing house; that house's other cells lose it."""
    pos = grid.pos
    for h1, h2, _, _ in _SE_PAIRS:
        m1, m2 = HOUSE_MASK[h1], HOUSE_MASK[h2]
        for d in range(1, 10):
            p = pos[d]
            inside = p & m1
            if inside & (inside - 1) == 0 or inside & ~m2:
                continue
            if p & m2 & ~m1:
                yield se_intersection_step(grid, h1, h2, d)


def se_intersection_step(grid: Grid, h1: int, h2: int, d: int) -> Step:
    """SE's pointing (``h1`` a box) or claiming: ``d``'s places in ``h1`` all lie in ``h2``,
    whose other cells lose it."""
    m1, m2 = HOUSE_MASK[h1], HOUSE_MASK[h2]
    p = grid.pos[d]
    facts = {"base": (h1,), "cover": (h2,), "digit": d}
    return locked_candidates_step(d, h1, h2, p & m1, p & m2 & ~m1, facts)
