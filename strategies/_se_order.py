"""Sudoku Explainer's scan orders, shared by the SE rules (tables computed at import).

SE's producers take the first hint they find, so the order in which they look decides the
path; these tables spell out SE's orders once:

- :data:`SE_HOUSES`: blocks, then columns, then rows (``HiddenSingle``, ``HiddenSet``,
  ``NakedSet``), each in index order.
- :data:`SE_COMBOS`: the ``k``-subsets of the digits 1-9 and :data:`SE_INDEX_COMBOS` of the
  positions 0-8 in the order of SE's ``Permutations`` (Gosper's hack: by increasing bit mask,
  ``{1,2}, {1,3}, {2,3}, {1,4}, ...``).
- :data:`SE_CELL_HOUSES`: a cell's block, row and column (SE's ``getRegionTypes``: Block, Row,
  Column), the order its chaining rules and ``getHouseCells`` follow.
- :data:`SE_HOUSE_CELLS`: the other cells of a cell's houses, block first, then the rest of
  its row, then of its column (``Cell.getHouseCells``).
"""
from __future__ import annotations

from itertools import combinations

from sudoku_logic.core.houses import BOX_OF, COL_OF, HOUSE_CELLS, ROW_OF

SE_HOUSES: tuple[int, ...] = tuple(range(18, 27)) + tuple(range(9, 18)) + tuple(range(0, 9))


def _by_mask(items: range, k: int) -> tuple[tuple[int, ...], ...]:
    combos = list(combinations(items, k))
    combos.sort(key=lambda c: sum(1 << (i - items[0]) for i in c))
    return tuple(combos)


SE_COMBOS: dict[int, tuple[tuple[int, ...], ...]] = {k: _by_mask(range(1, 10), k) for k in range(1, 10)}
SE_INDEX_COMBOS: dict[int, tuple[tuple[int, ...], ...]] = {k: _by_mask(range(0, 9), k) for k in range(1, 10)}

SE_CELL_HOUSES: tuple[tuple[int, int, int], ...] = tuple(
    (18 + BOX_OF[c], ROW_OF[c], 9 + COL_OF[c]) for c in range(81))


def _house_cells(cell: int) -> tuple[int, ...]:
    out: list[int] = []
    for h in SE_CELL_HOUSES[cell]:
        for c in HOUSE_CELLS[h]:
            if c != cell and c not in out:
                out.append(c)
    return tuple(out)


SE_HOUSE_CELLS: tuple[tuple[int, ...], ...] = tuple(_house_cells(c) for c in range(81))
