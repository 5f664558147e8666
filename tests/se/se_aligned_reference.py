"""A plain, slow reading of Sudoku Explainer's aligned exclusion producers, to hold the fast
finders of ``strategies/se/aligned_exclusion.py`` against.

It walks the search exactly as SE's ``AlignedPairExclusion`` and ``AlignedExclusion(3)`` do
(base cells row by row, the pairs of base cells in SE's pair order, the third cell from the
pair's "twin area" in SE's house order, every combination of the cells' candidates) with no
shortcut, and returns the hints in the order SE adds them, a hint equal to an earlier one
(same cells, same eliminations: SE's ``AlignedExclusionHint.equals``) left out.
"""

from __future__ import annotations

from itertools import product

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import BOX_OF, COL_OF, HOUSE_CELLS, MASK_DIGITS, MASK_SIZE, ROW_OF


def house_cells(cell: int) -> list[int]:
    """The cells sharing a house with ``cell``, in SE's order: its box, then its row, then
    its column, each cell once, the cell itself left out."""
    out: list[int] = []
    for h in (18 + BOX_OF[cell], ROW_OF[cell], 9 + COL_OF[cell]):
        for x in HOUSE_CELLS[h]:
            if x != cell and x not in out:
                out.append(x)
    return out


def reference_hints(grid: Grid, degree: int) -> list[tuple[tuple[int, ...], frozenset]]:
    """``(cells, eliminations)`` of every hint SE's aligned exclusion of ``degree`` (2 or 3)
    adds, in order, duplicates left out."""
    size = [MASK_SIZE[m] for m in grid.cands]
    bases: list[int] = []
    excluders: dict[int, list[int]] = {}
    for cell in range(81):
        if size[cell] < 2:
            continue
        peers = house_cells(cell)
        if any(size[x] == 1 for x in peers):
            continue
        ex = [x for x in peers if 2 <= size[x] <= degree]
        if ex:
            bases.append(cell)
            excluders[cell] = ex
    if len(bases) < degree:
        return []
    found: list[tuple[tuple[int, ...], frozenset]] = []
    seen: set = set()
    for j in range(1, len(bases)):
        for i in range(j):
            c0, c1 = bases[i], bases[j]
            if degree == 2:
                sets = [(c0, c1)]
            else:
                twin: list[int] = []
                for x in excluders[c0] + excluders[c1]:
                    if x not in twin and x in excluders and x not in (c0, c1):
                        twin.append(x)
                sets = [(c0, c1, t) for t in twin]
            for cells in sets:
                common = [x for x in excluders[cells[0]] if all(x in excluders[c] for c in cells[1:])]
                if len(common) < 2:
                    continue
                allowed = []
                for combo in product(*(MASK_DIGITS[grid.cands[c]] for c in cells)):
                    ok = all(
                        not (combo[a] == combo[b] and cells[b] in house_cells(cells[a]))
                        for a in range(degree)
                        for b in range(a + 1, degree)
                    )
                    if ok:
                        digits = 0
                        for d in combo:
                            digits |= 1 << (d - 1)
                        ok = all(grid.cands[x] & ~digits for x in common)
                    if ok:
                        allowed.append(combo)
                removable = frozenset(
                    (c, d)
                    for k, c in enumerate(cells)
                    for d in MASK_DIGITS[grid.cands[c]]
                    if not any(combo[k] == d for combo in allowed)
                )
                if not removable:
                    continue
                key = (frozenset(cells), removable)
                if key not in seen:
                    seen.add(key)
                    found.append((cells, removable))
    return found
