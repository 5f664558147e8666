"""Shared helpers for the single-digit, wing and colouring finders.

Nothing here registers a technique: conjugate pairs computed once per call, and HoDoKu's
compact cell printing so that notation lines read exactly as HoDoKu prints them.
"""
from __future__ import annotations

from sudoku_logic.houses import HOUSE_MASK, cell_list

#: HoDoKu lists houses as rows, columns, then boxes (its "constraints" order).
ALL_HOUSES = range(27)


def conjugate_pairs(pos: int, houses=ALL_HOUSES) -> list[tuple[int, int, int]]:
    """``(house, a, b)`` with ``a < b`` for every house in which the 81-bit set ``pos`` (one
    digit's candidates) has exactly two cells: a strong link, one of the two holds the digit."""
    out = []
    for h in houses:
        m = pos & HOUSE_MASK[h]
        if m and m.bit_count() == 2:
            low = m & -m
            out.append((h, low.bit_length() - 1, (m ^ low).bit_length() - 1))
    return out


def hodoku_cells(cells) -> str:
    """Cell list exactly as HoDoKu's ``getCompactCellPrint`` writes it.

    Cells are taken in ascending order; each first remaining cell absorbs the later cells of
    its row (``r1c15``) or, if it has none, of its column (``r14c1``); groups are joined by
    commas. Accepts an 81-bit int or an iterable of cell indexes (duplicates ignored).
    """
    rest = cell_list(cells) if isinstance(cells, int) else sorted(set(cells))
    parts = []
    while rest:
        first = rest.pop(0)
        r, c = divmod(first, 9)
        rows = [r]
        cols = [c]
        keep = []
        for x in rest:
            xr, xc = divmod(x, 9)
            if xr == r and len(rows) == 1:
                cols.append(xc)
            elif xc == c and len(cols) == 1:
                rows.append(xr)
            else:
                keep.append(x)
        rest = keep
        parts.append("r" + "".join(str(v + 1) for v in rows) + "c" + "".join(str(v + 1) for v in cols))
    return ",".join(parts)


def union_peers(bits: int, peers) -> int:
    """81-bit union of ``peers[cell]`` over the cells of ``bits``."""
    out = 0
    while bits:
        low = bits & -bits
        out |= peers[low.bit_length() - 1]
        bits ^= low
    return out
