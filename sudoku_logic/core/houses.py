"""Fixed geometry of the 9x9 grid, computed once at import.

Cells are numbered 0..80 row by row (``r1c1`` is 0, ``r9c9`` is 80). Houses are numbered
0..26: rows 0..8, columns 9..17, boxes 18..26. Sets of cells are Python ints used as
81-bit sets; sets of digits are 9-bit masks with bit ``d - 1`` standing for digit ``d``.
"""

from __future__ import annotations

from collections.abc import Iterator

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
CELL_HOUSES: list[tuple[int, int, int]] = [(ROW_OF[i], 9 + COL_OF[i], 18 + BOX_OF[i]) for i in range(81)]
#: Each cell's three houses as cell sets: (row, column, box).
CELL_HOUSE_MASKS: list[tuple[int, int, int]] = [
    (HOUSE_MASK[r], HOUSE_MASK[c], HOUSE_MASK[b]) for r, c, b in CELL_HOUSES
]
#: Each cell's three houses as a 27-bit set.
CELL_HOUSE_BITS: list[int] = [(1 << r) | (1 << c) | (1 << b) for r, c, b in CELL_HOUSES]
#: 81-bit set of the 20 peers of each cell (the cell itself excluded).
PEERS: list[int] = [
    (HOUSE_MASK[h[0]] | HOUSE_MASK[h[1]] | HOUSE_MASK[h[2]]) & ~(1 << i) for i, h in enumerate(CELL_HOUSES)
]
CELL_BIT: list[int] = [1 << i for i in range(81)]
DIGIT_BIT: list[int] = [0] + [1 << (d - 1) for d in DIGITS]

#: For each 9-bit mask, the digits it holds, ascending.
MASK_DIGITS: list[tuple[int, ...]] = [tuple(d for d in DIGITS if m >> (d - 1) & 1) for m in range(512)]
MASK_SIZE: list[int] = [bin(m).count("1") for m in range(512)]


# ---------------------------------------------------------------- nine digits at once
# The nine digits' cell sets side by side in one int (digit d's 81 bits from 81 * (d - 1),
# as a candidate's index (d - 1) * 81 + cell): which rows, columns and boxes hold a cell of
# each digit, as flag bits, in a few whole-int operations (a field of k bits is non-zero
# when adding 2**(k-1) - 1 to its low k - 1 bits, or the field's own top bit, sets its top
# bit; no carry leaves the field).
_BLOCKS = range(9)
_ROW_LOW = sum(0xFF << (81 * d + 9 * r) for d in _BLOCKS for r in range(9))
ROW_FLAGS = sum(0x100 << (81 * d + 9 * r) for d in _BLOCKS for r in range(9))
COL_FLAGS = sum(0x1FF << (81 * d) for d in _BLOCKS)
_BOX_LOW = sum(0b011 << (81 * d + 27 * i + 3 * j) for d in _BLOCKS for i in range(3) for j in range(3))
BOX_FLAGS = sum(0b100 << (81 * d + 27 * i + 3 * j) for d in _BLOCKS for i in range(3) for j in range(3))


def houses_hit(x: int) -> tuple[int, int, int]:
    """Flags of the rows, columns and boxes that hold a cell of ``x`` (nine digits' cell sets
    side by side): one flag bit per (digit, house), as :data:`ROW_FLAGS`, :data:`COL_FLAGS`
    and :data:`BOX_FLAGS` have them all."""
    rows = (x | ((x & _ROW_LOW) + _ROW_LOW)) & ROW_FLAGS
    y = x | x >> 27 | x >> 54  # each digit's three bands folded onto its first
    y = y | y >> 9 | y >> 18  # and that band's rows onto its first
    cols = y & COL_FLAGS
    z = x | x >> 9 | x >> 18  # each band's rows folded onto its first row
    boxes = (z | ((z & _BOX_LOW) + _BOX_LOW)) & BOX_FLAGS
    return rows, cols, boxes


def cells_of(bits: int) -> Iterator[int]:
    """Yield the cell indexes in an 81-bit set, ascending."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def cell_list(bits: int) -> list[int]:
    """The cell indexes in an 81-bit set, ascending, as a list (the set bits of any bit
    set, ascending)."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def union_peers(bits: int, peers) -> int:
    """Union of ``peers[cell]`` over the cells of the 81-bit set ``bits`` (any per-cell table
    of bit sets: peers, a cell's houses, ...; or over the houses of a 27-bit set with
    ``HOUSE_MASK``, which gives their cells)."""
    out = 0
    while bits:
        low = bits & -bits
        out |= peers[low.bit_length() - 1]
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


def rows_of(bits: int) -> int:
    """The 9-bit set of the rows (indexes 0-8) holding the 81-bit set ``bits``."""
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << ((low.bit_length() - 1) // 9)
        bits ^= low
    return out


def cols_of(bits: int) -> int:
    """The 9-bit set of the columns (indexes 0-8) holding the 81-bit set ``bits``."""
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << ((low.bit_length() - 1) % 9)
        bits ^= low
    return out


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
    """A set of cells written exactly as HoDoKu's ``getCompactCellPrint`` writes it.

    Cells are taken in ascending order; each first remaining cell absorbs the later cells of
    its row (``r5c28``) or, if it has none, of its column (``r28c5``); groups are joined by
    commas (``r2c79,r9c79``). Accepts an 81-bit int or an iterable of cell indexes.
    """
    rest = cell_list(cells) if isinstance(cells, int) else sorted(set(cells))
    parts = []
    while rest:
        first = rest.pop(0)
        r, c = divmod(first, 9)
        rows, cols, keep = [r], [c], []
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


def digits_name(mask: int, sep: str = ",") -> str:
    """``4,7`` style list of the digits in a 9-bit mask."""
    return sep.join(str(d) for d in MASK_DIGITS[mask])


def parse_cell(name: str) -> int:
    """Cell index of an ``r5c1`` style name (raises ValueError if malformed)."""
    name = name.strip().lower()
    if len(name) != 4 or name[0] != "r" or name[2] != "c" or name[1] not in "123456789" or name[3] not in "123456789":
        raise ValueError(f"not a cell name: {name!r}")
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1
