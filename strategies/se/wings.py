"""Sudoku Explainer's XY-Wings and XYZ-Wings (``XYWing``) in its order, as the steps of
:mod:`strategies.wings`. Twin of ``sudoku_logic/native/se/wings.c``."""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import se_rule
from strategies.se.order import SE_HOUSE_CELLS
from strategies.wings import wing_step
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_BIT, DIGIT_BIT, MASK_DIGITS, MASK_SIZE, PEERS, cell_list, cell_name
from sudoku_logic.core.step import Step


def se_xy_wings(grid: Grid, xyz: bool) -> Iterator[Step]:
    """SE's XY-Wings (``XYWing``; XYZ-Wings with ``xyz``): pivots in reading order, each
    pincer among the pivot's house cells in SE's order (block, then row, then column); a
    wing found twice (pincers swapped) is yielded once."""
    cands = grid.cands
    empty = grid.empty
    size = 3 if xyz else 2
    seen = set()
    for pivot in cell_list(empty):
        pm = cands[pivot]
        if MASK_SIZE[pm] != size:
            continue
        pincers = [q for q in SE_HOUSE_CELLS[pivot] if empty >> q & 1 and MASK_SIZE[cands[q]] == 2]
        for a in pincers:
            am = cands[a]
            if MASK_SIZE[pm & ~am] != 1:
                continue
            for b in pincers:
                bm = cands[b]
                union = pm | am | bm
                inter = pm & am & bm
                if MASK_SIZE[union] != 3 or MASK_SIZE[inter] != (1 if xyz else 0):
                    continue
                z = MASK_DIGITS[am & bm][0]
                elim = grid.pos[z] & PEERS[a] & PEERS[b] & ~(CELL_BIT[pivot] | CELL_BIT[a] | CELL_BIT[b])
                if xyz:
                    elim &= PEERS[pivot]
                if not elim:
                    continue
                key = (pivot, z, frozenset((a, b)))
                if key in seen:
                    continue
                seen.add(key)
                yield se_wing_step(grid, xyz, pivot, a, b, z, elim)


def se_wing_step(grid: Grid, xyz: bool, pivot: int, a: int, b: int, z: int, elim: int) -> Step:
    """SE's XY-Wing (XYZ-Wing with ``xyz``): ``pivot`` and the pincers ``a`` and ``b``
    force ``z`` into one of them; ``elim``, the cells that lose it (an 81-bit set)."""
    cands = grid.cands
    am, bm = cands[a], cands[b]
    x = MASK_DIGITS[am & ~DIGIT_BIT[z]][0]
    y = MASK_DIGITS[bm & ~DIGIT_BIT[z]][0]
    if xyz:
        d1, d2, d3 = MASK_DIGITS[cands[pivot]]
        why = (
            f"{cell_name(pivot)} is {x}, {y} or {z}. If {x}, {cell_name(a)} is {z}; if {y}, "
            f"{cell_name(b)} is {z}; otherwise {cell_name(pivot)} itself is {z}. A cell that sees "
            f"all three cannot be {z}."
        )
        return wing_step("XYZ-Wing", grid, pivot, [a, b], z, elim, f"{d1}/{d2}/{d3}", why)
    why = (
        f"{cell_name(pivot)} is {x} or {y}. If {x}, {cell_name(a)} ({x}/{z}) is {z}; if {y}, "
        f"{cell_name(b)} ({y}/{z}) is {z}. Either way one of them is {z}, so a cell that sees "
        f"both cannot be {z}."
    )
    return wing_step("XY-Wing", grid, pivot, [a, b], z, elim, f"{x}/{y}/{z}", why)


@se_rule("XY-Wings", ("XY-Wing",))
def se_xy_wing_rule(grid: Grid) -> Iterator[Step]:
    """SE's XY-Wings, in SE's order."""
    return se_xy_wings(grid, False)


@se_rule("XYZ-Wings", ("XYZ-Wing",))
def se_xyz_wing_rule(grid: Grid) -> Iterator[Step]:
    """SE's XYZ-Wings, in SE's order."""
    return se_xy_wings(grid, True)
