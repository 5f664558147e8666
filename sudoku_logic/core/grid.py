"""The candidate grid: values, a 9-bit candidate mask per cell and an 81-bit set per digit.

The two candidate maps always agree: ``digit in cands[cell]`` exactly when ``cell in
pos[digit]``. Only :meth:`Grid.place` and :meth:`Grid.eliminate` change them.
"""

from __future__ import annotations

from sudoku_logic.core.errors import InvalidPuzzle
from sudoku_logic.core.houses import (
    ALL_CELLS,
    ALL_DIGITS,
    BOX_FLAGS,
    CELL_BIT,
    CELL_HOUSES,
    COL_FLAGS,
    DIGIT_BIT,
    DIGITS,
    HOUSE_MASK,
    MASK_DIGITS,
    PEERS,
    ROW_FLAGS,
    cell_list,
    cell_name,
    house_name,
    houses_hit,
)

#: Each cell's 20 peers, ascending.
PEER_LIST: list[tuple[int, ...]] = [tuple(cell_list(PEERS[c])) for c in range(81)]


class Grid:
    """A sudoku position with candidates.

    Attributes (read them freely; change them only through ``place``/``eliminate``):

    - ``values[cell]``: placed digit or 0.
    - ``cands[cell]``: 9-bit mask of candidates of an empty cell (0 once placed).
    - ``pos[d]`` (d = 1..9): 81-bit set of empty cells that still have candidate d.
    - ``placed[d]``: 81-bit set of cells where d is placed.
    - ``givens``: 81-bit set of the cells that were given (not solved).
    - ``empty``: 81-bit set of the cells without a value.
    """

    __slots__ = ("values", "cands", "pos", "placed", "givens", "empty")

    def __init__(self) -> None:
        self.values = [0] * 81
        self.cands = [ALL_DIGITS] * 81
        self.pos = [0] + [ALL_CELLS] * 9
        self.placed = [0] * 10
        self.givens = 0
        self.empty = ALL_CELLS

    # ------------------------------------------------------------ construction
    @classmethod
    def from_values(cls, values, givens: int | None = None) -> Grid:
        """A grid with these 81 values (0 = empty) placed and candidates derived from them.

        Raises :class:`InvalidPuzzle` if a digit appears twice in a house.
        """
        values = list(values)
        # each house's placed digits, each digit's placed cells and the peers they see:
        # the same grid as placing the values one by one, worked out once per house and digit
        seen = [0] * 27
        placed = [0] * 10
        sees = [0] * 10
        for cell, d in enumerate(values):
            if d:
                b = DIGIT_BIT[d]
                r, c, x = CELL_HOUSES[cell]
                if (seen[r] | seen[c] | seen[x]) & b:
                    check_duplicates(values)  # raises, naming the house
                seen[r] |= b
                seen[c] |= b
                seen[x] |= b
                placed[d] |= CELL_BIT[cell]
                sees[d] |= PEERS[cell]
        g = cls.__new__(cls)
        g.values = values
        g.placed = placed
        filled = (
            placed[1] | placed[2] | placed[3] | placed[4] | placed[5] | placed[6] | placed[7] | placed[8] | placed[9]
        )
        empty = ALL_CELLS & ~filled
        g.empty = empty
        g.pos = [0] + [empty & ~sees[d] for d in DIGITS]
        g.cands = [0 if v else ALL_DIGITS & ~(seen[r] | seen[c] | seen[x]) for v, (r, c, x) in zip(values, CELL_HOUSES)]
        g.givens = filled if givens is None else givens
        return g

    @classmethod
    def from_candidates(cls, cands, givens: int | None = None) -> Grid:
        """A grid from 81 candidate masks; a cell with exactly one candidate counts as solved.

        Solved cells' digits are removed from their peers. Raises :class:`InvalidPuzzle` if two
        solved cells in a house hold the same digit or a cell is left with no candidate.
        """
        cands = list(cands)
        values = [MASK_DIGITS[m][0] if len(MASK_DIGITS[m]) == 1 else 0 for m in cands]
        check_duplicates(values)
        g = cls()
        for cell, d in enumerate(values):
            if d:
                g.place(cell, d)
        for cell, m in enumerate(cands):
            if not values[cell]:
                extra = g.cands[cell] & ~m
                for d in MASK_DIGITS[extra]:
                    g.eliminate(cell, d)
        g.givens = g.filled() if givens is None else givens
        problem = g.contradiction()
        if problem:
            raise InvalidPuzzle(problem)
        return g

    @classmethod
    def from_state(cls, values: list[int], cands: list[int], givens: int) -> Grid:
        """The grid whose cells hold ``values`` (0 = empty) and whose empty cells have the
        candidate masks ``cands``, as a solve left them (taken as they are, not checked;
        a placed cell's mask is ignored)."""
        g = cls.__new__(cls)
        g.values = values
        pos = [0] * 10
        placed = [0] * 10
        cands = [0 if v else m for v, m in zip(values, cands)]
        for cell, (v, m) in enumerate(zip(values, cands)):
            bit = CELL_BIT[cell]
            if v:
                placed[v] |= bit
            else:
                while m:
                    low = m & -m
                    pos[low.bit_length()] |= bit
                    m ^= low
        g.cands = cands
        g.pos = pos
        g.placed = placed
        filled = 0
        for p in placed:
            filled |= p
        g.empty = ALL_CELLS & ~filled
        g.givens = givens
        return g

    def copy(self) -> Grid:
        """An independent copy (lists copied, ints shared)."""
        g = Grid.__new__(Grid)
        g.values = self.values[:]
        g.cands = self.cands[:]
        g.pos = self.pos[:]
        g.placed = self.placed[:]
        g.givens = self.givens
        g.empty = self.empty
        return g

    # ------------------------------------------------------------ changes
    def place(self, cell: int, d: int) -> None:
        """Place digit ``d`` in ``cell`` and remove ``d`` from the cell's peers."""
        bit = CELL_BIT[cell]
        cands = self.cands
        pos = self.pos
        nbit = ~bit
        for e in MASK_DIGITS[cands[cell]]:
            pos[e] &= nbit
        cands[cell] = 0
        self.values[cell] = d
        self.placed[d] |= bit
        self.empty &= nbit
        p = pos[d]
        hit = p & PEERS[cell]
        if hit:
            pos[d] = p ^ hit
            nd = ~DIGIT_BIT[d]
            if hit.bit_count() > 6:  # many of the 20 peers: all of them, without bit tricks
                for c in PEER_LIST[cell]:
                    cands[c] &= nd
            else:
                while hit:
                    low = hit & -hit
                    cands[low.bit_length() - 1] &= nd
                    hit ^= low

    def eliminate(self, cell: int, d: int) -> bool:
        """Remove candidate ``d`` from ``cell``; return whether it was there."""
        b = DIGIT_BIT[d]
        if self.cands[cell] & b:
            self.cands[cell] ^= b
            self.pos[d] &= ~CELL_BIT[cell]
            return True
        return False

    def apply(self, step) -> None:
        """Apply a step's placements and eliminations (anything with those two attributes)."""
        for cell, d in step.placements:
            if not self.values[cell]:
                self.place(cell, d)
        for cell, d in step.eliminations:
            self.eliminate(cell, d)

    # ------------------------------------------------------------ queries
    def filled(self) -> int:
        """81-bit set of cells that hold a value."""
        return ALL_CELLS & ~self.empty

    def is_solved(self) -> bool:
        """True when every cell holds a value."""
        return not self.empty

    def has(self, cell: int, d: int) -> bool:
        """Whether ``d`` is still a candidate of ``cell``."""
        return bool(self.cands[cell] & DIGIT_BIT[d])

    def cells_by_size(self) -> tuple[int, int, int, int]:
        """81-bit sets of the empty cells with exactly 1, 2, 3 and 4 candidates (counted
        over the digits' places, not cell by cell)."""
        c1 = c2 = c3 = c4 = c5 = 0  # ck: cells with at least k candidates
        pos = self.pos
        for d in range(1, 10):
            p = pos[d]
            c5 |= c4 & p
            c4 |= c3 & p
            c3 |= c2 & p
            c2 |= c1 & p
            c1 |= p
        return c1 & ~c2, c2 & ~c3, c3 & ~c4, c4 & ~c5

    def one_candidate_cells(self) -> int:
        """81-bit set of the empty cells with exactly one candidate (the first set of
        :meth:`cells_by_size`, at less cost)."""
        once = twice = 0
        for p in self.pos:
            twice |= once & p
            once |= p
        return once & ~twice

    def contradiction(self) -> str | None:
        """A sentence naming the first impossibility found, or None if there is none.

        Checks: an empty cell with no candidate; a digit with no place left in a house that
        does not hold it yet; a digit placed twice in a house.
        """
        if self._sound():
            return None
        for cell in range(81):
            if not self.values[cell] and not self.cands[cell]:
                return f"{cell_name(cell)} has no candidate left"
        for d in range(1, 10):
            avail = self.pos[d]
            pl = self.placed[d]
            for h in range(27):
                hm = HOUSE_MASK[h]
                n = (pl & hm).bit_count()
                if n > 1:
                    return f"{house_name(h, False)} has two {d}s"
                if n == 0 and not avail & hm:
                    return f"digit {d} has no place left in {house_name(h, False)}"
        return None

    def _sound(self) -> bool:
        """Whether :meth:`contradiction` finds nothing (the quick test, on all digits at once:
        see :func:`~sudoku_logic.core.houses.houses_hit`; the sentence is worked out only where it fails)."""
        pos = self.pos
        if self.empty & ~(pos[1] | pos[2] | pos[3] | pos[4] | pos[5] | pos[6] | pos[7] | pos[8] | pos[9]):
            return False
        pl = _by_digit(self.placed)
        cover = pl | _by_digit(pos)
        # every house holds each digit or a place for it
        rows, cols, boxes = houses_hit(cover)
        if rows != ROW_FLAGS or cols != COL_FLAGS or boxes != BOX_FLAGS:
            return False
        # no digit placed twice in a house: as many rows (columns, boxes) hold it as cells
        n = pl.bit_count()
        rows, cols, boxes = houses_hit(pl)
        return rows.bit_count() == n and cols.bit_count() == n and boxes.bit_count() == n

    def candidates_array(self):
        """The candidates as a numpy boolean array of shape (9, 9, 9): ``[row, column, d - 1]``
        is True where ``d`` is a candidate of that empty cell (a placed cell has none).
        Needs numpy (``pip install sudoku-logic[numpy]``)."""
        try:
            import numpy as np
        except ImportError as exc:  # pragma: no cover - numpy is in the test extra
            raise ImportError("Grid.candidates_array needs numpy: pip install numpy") from exc
        masks = np.array(self.cands, dtype=np.uint16).reshape(9, 9, 1)
        return (masks >> np.arange(9, dtype=np.uint16) & 1).astype(bool)

    def values_string(self, empty: str = ".") -> str:
        """The 81-character line of values."""
        return "".join(str(v) if v else empty for v in self.values)

    def __repr__(self) -> str:
        return f"Grid({self.values_string()!r})"

    def key(self) -> tuple:
        """A hashable snapshot of the position (values and candidates)."""
        return (tuple(self.values), tuple(self.cands))


def _by_digit(sets: list[int]) -> int:
    """The 81-bit sets of digits 1-9 (``sets[d]``) side by side in one 729-bit set, digit 1 lowest."""
    return (
        sets[1]
        | sets[2] << 81
        | sets[3] << 162
        | sets[4] << 243
        | sets[5] << 324
        | sets[6] << 405
        | sets[7] << 486
        | sets[8] << 567
        | sets[9] << 648
    )


def check_duplicates(values) -> None:
    """Raise :class:`InvalidPuzzle` naming the first house that holds a digit twice.

    The message reads like ``row 3 has two 7s: r3c2, r3c8``.
    """
    from sudoku_logic.core.houses import HOUSE_CELLS

    for h, cells in enumerate(HOUSE_CELLS):
        seen: dict[int, int] = {}
        for c in cells:
            v = values[c]
            if v:
                if v in seen:
                    raise InvalidPuzzle(f"{house_name(h, False)} has two {v}s: {cell_name(seen[v])}, {cell_name(c)}")
                seen[v] = c
