"""The implications of one chaining pass (SE's ``getOnToOff`` and ``getOffToOn`` for the
unary chains): :func:`node_links` and the per-pass cache :class:`PassLinks`, and the 729-bit
tables of which candidates an on node turns off. Twin of ``sudoku_logic/native/se_chain_links.c``."""

from __future__ import annotations

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_BIT, DIGIT_BIT, HOUSE_MASK, MASK_DIGITS, MASK_SIZE, PEERS

from ._se_order import SE_CELL_HOUSES, SE_PEER_SEGMENTS
from .se_chain_nodes import _CELL_DIGIT, NAKED


def node_links(cands: list[int], pos: list[int], key: int, y: bool, x: bool) -> list[tuple[int, int]] | None:
    """The links of pass ``(y, x)`` from the node ``key`` on the grid with candidates
    ``cands`` and places ``pos``, in the order SE's searches draw them: ``[(key, cause),
    ...]`` (None for a candidate the grid lacks).

    An on node turns off, with ``y``, the other candidates of its cell (digit order, cause
    :data:`NAKED`), then its digit's other places house by house in SE's order of houses
    (each cell once, cause the house). An off node turns on, with ``y``, the other
    candidate of a bivalue cell, then, with ``x``, the other place of its digit in each of
    its houses that has two (each candidate once): SE's ``getOnToOff`` and ``getOffToOn``
    without dynamic links."""
    cell, d = _CELL_DIGIT[key >> 1]
    m = cands[cell]
    if not m & DIGIT_BIT[d]:
        return None
    pd = pos[d]
    dm = d - 1
    if key & 1:
        out = [((cell * 9 + v - 1) << 1, NAKED) for v in MASK_DIGITS[m & ~DIGIT_BIT[d]]] if y else []
        for seg, h in SE_PEER_SEGMENTS[cell]:
            left = pd & seg
            while left:
                low = left & -left
                left ^= low
                out.append((((low.bit_length() - 1) * 9 + dm) << 1, h))
        return out
    out = []
    if y and MASK_SIZE[m] == 2:
        out.append((((cell * 9 + MASK_DIGITS[m & ~DIGIT_BIT[d]][0] - 1) << 1) | 1, NAKED))
    if x:
        bit = CELL_BIT[cell]
        for h in SE_CELL_HOUSES[cell]:
            r = pd & HOUSE_MASK[h]
            if r.bit_count() == 2:
                k = ((((r & ~bit).bit_length() - 1) * 9 + dm) << 1) | 1
                if not any(k == j for j, _ in out):
                    out.append((k, h))
    return out


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


def _spread(cells: int) -> int:
    """An 81-bit set of cells as a 729-bit set of candidate indices, digit 1: bit ``9 * cell``."""
    out = 0
    while cells:
        low = cells & -cells
        cells ^= low
        out |= 1 << (9 * (low.bit_length() - 1))
    return out


_PEERS_SPREAD: tuple[int, ...] = tuple(_spread(PEERS[c]) for c in range(81))


#: By candidate index ``cell * 9 + d - 1``, as a 729-bit set of candidate indices: the
#: candidates an on node of it turns off in a pass with Y links (its cell's other digits,
#: its digit in its peers) and in a pass without (its digit in its peers). Both relations
#: are symmetric.
_WEAK: tuple[int, ...] = tuple(
    (_PEERS_SPREAD[c] << (d - 1)) | ((0x1FF ^ (1 << (d - 1))) << (9 * c)) for c in range(81) for d in range(1, 10)
)


_WEAK_HOUSE: tuple[int, ...] = tuple(_PEERS_SPREAD[c] << (d - 1) for c in range(81) for d in range(1, 10))
