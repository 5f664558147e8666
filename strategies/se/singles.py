"""Sudoku Explainer's singles (``HiddenSingle``, ``NakedSingle``): its producers' hints in its
order, as the steps the shared builders of :mod:`strategies.singles` make. Twin of
``sudoku_logic/native/se/singles.c``."""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import se_rule
from strategies.se.order import SE_HOUSES
from strategies.singles import full_house_step, hidden_single_step, naked_single_step
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_HOUSES, HOUSE_MASK, cell_list
from sudoku_logic.core.step import Step

#: (house, its cells as a bit set) in Sudoku Explainer's order of houses
_SE_HOUSE_MASKS = tuple((h, HOUSE_MASK[h]) for h in SE_HOUSES)
#: Each house's place in Sudoku Explainer's order of houses.
_SE_RANK = [SE_HOUSES.index(h) for h in range(27)]


@se_rule("Hidden Singles", ("Full House", "Hidden Single"))
def se_hidden_singles(grid: Grid) -> Iterator[Step]:
    """Sudoku Explainer's hidden singles in its order: first the last empty cell of a house
    (blocks, columns, rows), then every digit with one place left in a house that has other
    empty cells (blocks, columns, rows; digits 1-9 in each)."""
    empty = grid.empty
    # a house's last empty cell has one candidate: look for them only among such cells
    lone = grid.one_candidate_cells()
    if lone:
        full = []
        while lone:
            low = lone & -lone
            lone ^= low
            cell = low.bit_length() - 1
            for h in CELL_HOUSES[cell]:
                if empty & HOUSE_MASK[h] == low:
                    full.append((_SE_RANK[h], h, cell))
        full.sort()
        for _, h, cell in full:
            yield full_house_step(cell, grid.cands[cell].bit_length(), h)
    pos = grid.pos[1:]
    for h, hm in _SE_HOUSE_MASKS:
        e = empty & hm
        if e & (e - 1):
            for d, pd in enumerate(pos, 1):
                m = pd & hm
                if m and not m & (m - 1):
                    yield hidden_single_step(m.bit_length() - 1, d, h)


@se_rule("Naked Singles", ("Naked Single",))
def se_naked_singles(grid: Grid) -> Iterator[Step]:
    """Sudoku Explainer's naked singles: empty cells with one candidate, in reading order."""
    for cell in cell_list(grid.cells_by_size()[0]):
        yield naked_single_step(cell, grid.cands[cell].bit_length())
