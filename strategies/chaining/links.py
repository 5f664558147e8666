"""Candidate nodes of the simple chains and why two nodes are linked, in words.

A *node* is one candidate (a digit in one cell): the candidate ``d`` in cell ``c`` is
``(d - 1) * 81 + c`` (0..728), so the 81-bit set of cells holding ``d`` shifted by
``(d - 1) * 81`` is the set of those nodes. The links themselves are the chain core's
(:mod:`strategies.chaining.chain_core`); the phrases here say why a link holds
for the printer (:mod:`strategies.chaining.chain_text`).
"""

from __future__ import annotations

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import ALL_CELLS, HOUSE_MASK, cells_name, house_name

NCAND = 729
#: Node bits of every candidate of one digit: ``DIGIT_NODES[d]``.
DIGIT_NODES = [0] + [ALL_CELLS << ((d - 1) * 81) for d in range(1, 10)]


def strong_reason(grid: Grid, da: int, ca: int, db: int, cb: int) -> str:
    """Why ``da`` in cells ``ca`` = ``db`` in cells ``cb`` is a strong link, as a phrase."""
    if ca == cb:
        return f"{cells_name(ca)} holds only {da} and {db}"
    both = ca | cb
    for h in _houses_of(both):
        if grid.pos[da] & HOUSE_MASK[h] & ~both == 0:
            return f"{da} has only these places in {house_name(h, False)}"
    return f"{da} has only these places in a house"


def weak_reason(ca: int, cb: int) -> str:
    """Why two nodes on cells ``ca`` and ``cb`` are weakly linked, as a phrase."""
    if ca == cb:
        return "same cell"
    both = ca | cb
    hs = _houses_of(both)
    return f"same {house_name(hs[0], False)}" if hs else "they see each other"


def _houses_of(bits: int) -> list[int]:
    return [h for h in range(27) if bits & HOUSE_MASK[h] == bits]
