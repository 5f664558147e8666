"""Sudoku Explainer's enumeration orders, shared by the rules that copy its producers
(tables computed at import).

SE's producers take the first hint they find, so the order in which they look decides the
path. SE visits a cell's houses by type in the order block, row, column
(``getRegionTypes``); the cells of a house in its own index order (a block row by row, a row
left to right, a column top to bottom, which is also the order of
:data:`sudoku_logic.core.houses.HOUSE_CELLS`); a cell's "house cells" as its block, then its
row, then its column, each cell once and the cell itself left out; and subsets of ``k`` out
of ``n`` items in the order of its ``Permutations`` generator (increasing binary numbers,
i.e. colexicographic: ``(0,1,2), (0,1,3), (0,2,3), (1,2,3), (0,1,4), ...``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudoku_logic.core.houses import BOX_OF, COL_OF, HOUSE_CELLS, ROW_OF

#: Houses as SE scans them for singles and subsets: blocks, then columns, then rows
#: (``HiddenSingle``, ``HiddenSet``, ``NakedSet``), each in index order.
SE_HOUSES: tuple[int, ...] = tuple(range(18, 27)) + tuple(range(9, 18)) + tuple(range(0, 9))

#: Each cell's houses in SE's order of region types: (box, row, column) house indexes.
SE_CELL_HOUSES: tuple[tuple[int, int, int], ...] = tuple((18 + BOX_OF[c], ROW_OF[c], 9 + COL_OF[c]) for c in range(81))

#: Position of each cell within each of its houses (SE's ``Region.indexOf``), by house.
INDEX_IN: list[dict[int, int]] = [{c: i for i, c in enumerate(HOUSE_CELLS[h])} for h in range(27)]


def _house_cells(c: int) -> tuple[int, ...]:
    out: list[int] = []
    for h in SE_CELL_HOUSES[c]:
        for x in HOUSE_CELLS[h]:
            if x != c and x not in out:
                out.append(x)
    return tuple(out)


#: SE's ``Cell.getHouseCells``: the 20 peers of each cell, block first, then the rest of its
#: row, then the rest of its column.
SE_HOUSE_CELLS: tuple[tuple[int, ...], ...] = tuple(_house_cells(c) for c in range(81))

#: The same peers as ``(peer, the first of the cell's houses holding it, the peer's bit)``.
SE_PEER_HOUSES: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((p, next(h for h in SE_CELL_HOUSES[c] if p in HOUSE_CELLS[h]), 1 << p) for p in SE_HOUSE_CELLS[c])
    for c in range(81)
)

#: The same peers as ``(bits, house)`` per house of the cell in SE's order: the cells of the
#: house not in an earlier one (their bits in increasing order are SE's order).
SE_PEER_SEGMENTS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((sum(b for p, hp, b in SE_PEER_HOUSES[c] if hp == h), h) for h in SE_CELL_HOUSES[c]) for c in range(81)
)


def _colex(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    if n == 0:
        return ()  # SE's generator yields nothing over zero bits, not even the empty subset
    return tuple(sorted(combinations(range(n), k), key=lambda t: t[::-1]))


_SUBSETS = {(k, n): _colex(k, n) for n in range(10) for k in range(n + 1)}


def subsets(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    """The ``k``-element subsets of ``range(n)`` (``n`` <= 9) as ascending index tuples, in the
    order SE's ``Permutations(k, n)`` yields them."""
    return _SUBSETS[(k, n)]


def confined_sets(size: int, places: list[int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """SE's hidden sets of ``size`` digits in a house (``places[d]``: digit ``d``'s places
    there, as a bit set): ``(digits, the cells they are confined to)`` for every set of
    :data:`SE_COMBOS`, in its order, whose digits each have two places or more and together
    ``size`` places. Only the eligible digits' sets are tried: SE's order lists the subsets
    of a prefix first, so they come in the same order."""
    eligible = [d for d in range(1, 10) if places[d] & (places[d] - 1)]
    n = len(eligible)
    if n < size:
        return
    their = [places[d] for d in eligible]
    for t in _SUBSETS[(size, n)]:
        union = 0
        for i in t:
            union |= their[i]
        if union.bit_count() == size:
            yield tuple(eligible[i] for i in t), union


#: The ``k``-subsets of the positions 0-8 and of the digits 1-9, in SE's order.
SE_INDEX_COMBOS: dict[int, tuple[tuple[int, ...], ...]] = {k: subsets(k, 9) for k in range(1, 10)}
SE_COMBOS: dict[int, tuple[tuple[int, ...], ...]] = {
    k: tuple(tuple(i + 1 for i in t) for t in subsets(k, 9)) for k in range(1, 10)
}


def common_tuple(masks, degree: int) -> int:
    """SE's ``CommonTuples.searchCommonTuple`` on 9-bit masks: their union if every mask has at
    least two bits and the union has ``degree`` bits, else 0."""
    union = 0
    for m in masks:
        if m & (m - 1) == 0:
            return 0
        union |= m
    return union if union.bit_count() == degree else 0


def common_tuple_light(masks, degree: int) -> int:
    """SE's ``searchCommonTupleLight``: like :func:`common_tuple` with every mask merely
    non-empty."""
    union = 0
    for m in masks:
        if not m:
            return 0
        union |= m
    return union if union.bit_count() == degree else 0
