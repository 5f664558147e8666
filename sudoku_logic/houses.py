"""Fixed geometry of the 9x9 grid, computed once at import.

Cells are numbered 0..80 row by row (``r1c1`` is 0, ``r9c9`` is 80). Houses are numbered
0..26: rows 0..8, columns 9..17, boxes 18..26. Sets of cells are Python ints used as
81-bit sets; sets of digits are 9-bit masks with bit ``d - 1`` standing for digit ``d``.
"""
from __future__ import annotations

from typing import Iterator

ALL_CELLS: int = (1 << 81) - 1
ALL_DIGITS: int = 0x1FF
DIGITS = range(1, 10)

ROW_OF = [i // 9 for i in range(81)]
COL_OF = [i % 9 for i in range(81)]
BOX_OF = [(i // 27) * 3 + (i % 9) // 3 for i in range(81)]

HOUSE_CELLS: list[tuple[int, ...]] = (
    [tuple(r * 9 + c for c in range(9)) for r in range(9)]
    + [tuple(r * 9 + c for r in range(9)) for c in range(9)]
    + [tuple((b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)) for b in range(9)]
)
HOUSE_MASK: list[int] = [sum(1 << c for c in cells) for cells in HOUSE_CELLS]
ROWS = range(0, 9)
COLS = range(9, 18)
BOXES = range(18, 27)
LINES = range(0, 18)

#: The three houses of each cell: (row house, column house, box house).
CELL_HOUSES: list[tuple[int, int, int]] = [
    (ROW_OF[i], 9 + COL_OF[i], 18 + BOX_OF[i]) for i in range(81)
]
#: 81-bit set of the 20 peers of each cell (the cell itself excluded).
PEERS: list[int] = [
    (HOUSE_MASK[h[0]] | HOUSE_MASK[h[1]] | HOUSE_MASK[h[2]]) & ~(1 << i)
    for i, h in enumerate(CELL_HOUSES)
]
CELL_BIT: list[int] = [1 << i for i in range(81)]
DIGIT_BIT: list[int] = [0] + [1 << (d - 1) for d in DIGITS]

#: For each 9-bit mask, the digits it holds, ascending.
MASK_DIGITS: list[tuple[int, ...]] = [
    tuple(d for d in DIGITS if m >> (d - 1) & 1) for m in range(512)
]
MASK_SIZE: list[int] = [bin(m).count("1") for m in range(512)]


def cells_of(bits: int) -> Iterator[int]:
    """Yield the cell indexes in an 81-bit set, ascending."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def cell_list(bits: int) -> list[int]:
    """The cell indexes in an 81-bit set, ascending, as a list."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def first_cell(bits: int) -> int:
    """The lowest cell index in a non-empty 81-bit set."""
    return (bits & -bits).bit_length() - 1


def mask_of(cells) -> int:
    """The 81-bit set of an iterable of cell indexes."""
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def digit_mask(digits) -> int:
    """The 9-bit mask of an iterable of digits 1..9."""
    m = 0
    for d in digits:
        m |= 1 << (d - 1)
    return m


def common_houses(bits: int) -> list[int]:
    """The houses that contain every cell of a non-empty 81-bit set."""
    return [h for h in range(27) if bits & HOUSE_MASK[h] == bits]


def seen_by_all(bits: int) -> int:
    """81-bit set of the cells that see every cell of ``bits`` (cells of ``bits`` excluded)."""
    seen = ALL_CELLS
    b = bits
    while b:
        low = b & -b
        seen &= PEERS[low.bit_length() - 1]
        b ^= low
    return seen & ~bits


# ---------------------------------------------------------------- names

def cell_name(cell: int) -> str:
    """``r1c1`` style name of a cell index."""
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def house_name(house: int, short: bool = True) -> str:
    """``r3``/``c3``/``b3`` (short) or ``row 3``/``column 3``/``box 3`` name of a house."""
    kind, n = divmod(house, 9)
    if short:
        return "rcb"[kind] + str(n + 1)
    return ("row", "column", "box")[kind] + f" {n + 1}"


def cells_name(cells) -> str:
    """Compact HoDoKu-style name of a set of cells: ``r5c28``, ``r28c5`` or ``r1c1,r2c4``.

    Accepts an 81-bit int or an iterable of cell indexes. Cells sharing a row are written
    ``r5c28``, sharing a column ``r28c5``; otherwise rows are grouped and joined by commas.
    """
    cl = cell_list(cells) if isinstance(cells, int) else sorted(set(cells))
    if not cl:
        return ""
    rows = sorted({c // 9 for c in cl})
    cols = sorted({c % 9 for c in cl})
    if len(rows) == 1:
        return f"r{rows[0] + 1}c" + "".join(str(c + 1) for c in cols)
    if len(cols) == 1:
        return "r" + "".join(str(r + 1) for r in rows) + f"c{cols[0] + 1}"
    # Group by row, then merge rows that have the same columns.
    by_row: dict[int, list[int]] = {}
    for c in cl:
        by_row.setdefault(c // 9, []).append(c % 9)
    groups: dict[tuple[int, ...], list[int]] = {}
    for r, cs in by_row.items():
        groups.setdefault(tuple(cs), []).append(r)
    parts = [
        "r" + "".join(str(r + 1) for r in rs) + "c" + "".join(str(c + 1) for c in cs)
        for cs, rs in sorted(groups.items(), key=lambda kv: (kv[1][0], kv[0]))
    ]
    return ",".join(parts)


def digits_name(mask: int, sep: str = ",") -> str:
    """``4,7`` style list of the digits in a 9-bit mask."""
    return sep.join(str(d) for d in MASK_DIGITS[mask])


def parse_cell(name: str) -> int:
    """Cell index of an ``r5c1`` style name (raises ValueError if malformed)."""
    name = name.strip().lower()
    if len(name) != 4 or name[0] != "r" or name[2] != "c" or not name[1] in "123456789" or not name[3] in "123456789":
        raise ValueError(f"not a cell name: {name!r}")
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1
