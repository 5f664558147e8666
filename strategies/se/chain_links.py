"""The implications of one chaining pass (SE's ``getOnToOff`` and ``getOffToOn`` for the
unary chains): :func:`node_links` and the per-pass cache :class:`PassLinks`, and the 729-bit
tables of which candidates an on node turns off, all read off the chain core's rule
(:mod:`strategies.chain_core`) in SE's order of houses. Twin of ``sudoku_logic/native/se/chain_links.c``."""

from __future__ import annotations

from strategies.chain_core import (
    SE_INDEX,
    SE_OFF_KEYS,
    SE_ON_KEYS,
    kill_table,
    strong_links,
    weak_links,
)
from strategies.se.chain_nodes import _CELL_DIGIT
from strategies.se.order import SE_CELL_HOUSES, SE_PEER_SEGMENTS
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT


def node_links(cands: list[int], pos: list[int], key: int, y: bool, x: bool) -> list[tuple[int, int]] | None:
    """The links of pass ``(y, x)`` from the node ``key`` on the grid with candidates
    ``cands`` and places ``pos``, in the order SE's searches draw them: ``[(key, cause),
    ...]`` (None for a candidate the grid lacks).

    An on node turns off, with ``y``, the other candidates of its cell (digit order, cause
    ``NAKED``, the core's :data:`~strategies.chain_core.CELL`), then its digit's other places house by house in SE's order of houses
    (each cell once, cause the house). An off node turns on, with ``y``, the other
    candidate of a bivalue cell, then, with ``x``, the other place of its digit in each of
    its houses that has two (each candidate once): SE's ``getOnToOff`` and ``getOffToOn``
    without dynamic links."""
    cell, d = _CELL_DIGIT[key >> 1]
    if not cands[cell] & DIGIT_BIT[d]:
        return None
    if key & 1:
        return weak_links(cands, pos, cell, d, SE_PEER_SEGMENTS[cell], SE_OFF_KEYS, y)
    return strong_links(cands, pos, cell, d, SE_CELL_HOUSES[cell] if x else None, SE_ON_KEYS, y)


class PassLinks(dict):
    """The links of pass ``(y, x)`` on a grid by node key (:func:`node_links`), each
    node's worked out when first asked for (a search reads those of the nodes it draws);
    the grid's candidates are copied, so a later change to the grid does not reach them."""

    __slots__ = ("cands", "pos", "y", "x")

    def __init__(self, grid: Grid, y: bool, x: bool) -> None:
        super().__init__()
        self.cands = grid.cands[:]
        self.pos = grid.pos[:]
        self.y = y
        self.x = x

    def __missing__(self, key: int) -> list[tuple[int, int]] | None:
        links = self[key] = node_links(self.cands, self.pos, key, self.y, self.x)
        return links


#: By candidate index ``cell * 9 + d - 1``, as a 729-bit set of candidate indices: the
#: candidates an on node of it turns off in a pass with Y links (its cell's other digits,
#: its digit in its peers) and in a pass without (its digit in its peers). Both relations
#: are symmetric.
_WEAK: tuple[int, ...] = kill_table(SE_INDEX)
_WEAK_HOUSE: tuple[int, ...] = kill_table(SE_INDEX, cell_links=False)
