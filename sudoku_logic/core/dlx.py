"""Knuth's Algorithm X with dancing links, and the sudoku exact cover.

:class:`ExactCover` is a general solver: columns are numbered ``0..ncols-1`` and each row is
the list of columns it covers. The sudoku cover has 324 columns (cell, row-digit,
column-digit, box-digit); for a position only its candidates become rows and the columns
already satisfied by placed digits are left out, so a pencilmark position is solved as given.

The sudoku functions (:func:`solutions`, :func:`count_solutions`, :func:`unique_solution`,
:func:`solve`) do not build a general cover: the matrix is laid out once, at import, and each
call copies a few flat lists and links in its rows. They find the same solutions in the same
order as :class:`ExactCover` would on the same rows.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from sudoku_logic import native
from sudoku_logic.core.errors import MultipleSolutions, NoSolution
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import BOX_OF, COL_OF, MASK_DIGITS, ROW_OF, cell_name


class ExactCover:
    """Dancing-links exact cover over ``ncols`` columns and the given rows."""

    __slots__ = ("L", "R", "U", "D", "C", "S", "row_of", "nrows")

    def __init__(self, ncols: int, rows: Sequence[Sequence[int]]) -> None:
        n = ncols + 1  # node 0 is the root, nodes 1..ncols the column headers
        self.L = L = [i - 1 for i in range(n)]
        self.R = R = [i + 1 for i in range(n)]
        L[0] = ncols
        R[ncols] = 0
        self.U = U = list(range(n))
        self.D = D = list(range(n))
        self.C = C = list(range(n))
        self.S = S = [0] * n
        self.row_of = row_of = [-1] * n
        self.nrows = len(rows)
        for r, cols in enumerate(rows):
            first = -1
            for col in cols:
                h = col + 1
                x = len(C)
                C.append(h)
                row_of.append(r)
                U.append(U[h])
                D.append(h)
                D[U[h]] = x
                U[h] = x
                S[h] += 1
                if first < 0:
                    first = x
                    L.append(x)
                    R.append(x)
                else:
                    L.append(L[first])
                    R.append(first)
                    R[L[first]] = x
                    L[first] = x

    def _cover(self, h: int) -> None:
        L, R, U, D, C, S = self.L, self.R, self.U, self.D, self.C, self.S
        R[L[h]] = R[h]
        L[R[h]] = L[h]
        i = D[h]
        while i != h:
            j = R[i]
            while j != i:
                U[D[j]] = U[j]
                D[U[j]] = D[j]
                S[C[j]] -= 1
                j = R[j]
            i = D[i]

    def _uncover(self, h: int) -> None:
        L, R, U, D, C, S = self.L, self.R, self.U, self.D, self.C, self.S
        i = U[h]
        while i != h:
            j = L[i]
            while j != i:
                S[C[j]] += 1
                U[D[j]] = j
                D[U[j]] = j
                j = L[j]
            i = U[i]
        R[L[h]] = h
        L[R[h]] = h

    def solutions(self, rng: random.Random | None = None) -> Iterator[list[int]]:
        """Yield every exact cover as a list of row indexes (the same list object, mutated:
        copy it to keep it). With ``rng``, rows of a column are tried in random order."""
        L, R, D, C, S, row_of = self.L, self.R, self.D, self.C, self.S, self.row_of
        chosen: list[int] = []

        def search() -> Iterator[list[int]]:
            if R[0] == 0:
                yield chosen
                return
            # the column with fewest rows (Knuth's S heuristic)
            h = R[0]
            best, size = h, S[h]
            while h and size > 1:
                h = R[h]
                if h and S[h] < size:
                    best, size = h, S[h]
            if size == 0:
                return
            self._cover(best)
            rows = []
            r = D[best]
            while r != best:
                rows.append(r)
                r = D[r]
            if rng is not None:
                rng.shuffle(rows)
            for r in rows:
                chosen.append(row_of[r])
                j = R[r]
                while j != r:
                    self._cover(C[j])
                    j = R[j]
                yield from search()
                j = L[r]
                while j != r:
                    self._uncover(C[j])
                    j = L[j]
                chosen.pop()
            self._uncover(best)

        return search()

    def count(self, limit: int = 2) -> int:
        """Number of exact covers, counting stops at ``limit``."""
        n = 0
        for _ in self.solutions():
            n += 1
            if n >= limit:
                break
        return n


# ---------------------------------------------------------------- sudoku
#
# The sudoku matrix is laid out once, at import, in flat int lists; a check copies three of
# them (list slices) and links in the rows of its position's candidates (:func:`_links`).
#
# Node 0 is the root. Nodes 1..n are the headers of the position's n columns, numbered in
# the order the columns first come up when the position's empty cells are read in cell
# order (each cell's column, then its row-, column- and box-digit columns for digits 1..9
# as far as they are new and no placed digit fills them): the order a column search breaks
# ties in, so the search, and the order in which solutions come, are those of the general
# solver on the same rows. Row ``i = 9 * cell + d - 1`` (``cell`` takes ``d``) owns nodes
# ``_FIRST + 4 * i + k``, ``k`` = 0 (cell), 1 (row-digit), 2 (column-digit), 3 (box-digit),
# linked left to right in that order (a search never changes these links, so all checks
# share them: :data:`_OTHERS`). Per check: ``U``/``D`` (the column lists), ``C`` (a node's
# header) and ``S`` (a bytearray of column sizes, +16 while a column is covered, so that
# ``S.find(1)`` finds the first uncovered column with one row in header order).

_FIRST = 325
_SIZE = _FIRST + 4 * 729
_IDENT: list[int] = list(range(_SIZE))
#: The three other nodes of a row node's row, rightwards (empty for the root and headers).
_OTHERS: list[tuple[int, ...]] = [()] * _FIRST
for _b in range(_FIRST, _SIZE, 4):
    _OTHERS += [(_b + 1, _b + 2, _b + 3), (_b + 2, _b + 3, _b), (_b + 3, _b, _b + 1), (_b, _b + 1, _b + 2)]
del _b
#: A row node, then the three other nodes of its row, rightwards.
_ROW_NODES: list[tuple[int, ...]] = [(x, *_OTHERS[x]) for x in range(_SIZE)]
#: The row (``9 * cell + d - 1``) of each row node.
_ROW_OF: list[int] = [-1] * _FIRST + [x // 4 for x in range(4 * 729)]
#: Left and right links of the whole structure as the general solver reads them: headers
#: 0..324 in a ring (each check closes it at its own last column), rows as above.
_LEFT: list[int] = [h - 1 for h in range(_FIRST)] + [_OTHERS[x][2] for x in range(_FIRST, _SIZE)]
_RIGHT: list[int] = [h + 1 for h in range(_FIRST)] + [_OTHERS[x][0] for x in range(_FIRST, _SIZE)]
#: ``_CELL_BASE[cell] + 4 * d`` is the first node of row (cell, d).
_CELL_BASE: list[int] = [_FIRST + 36 * cell - 4 for cell in range(81)]
#: For a cell, ``base + d`` is the static number (0..323) of its row-, column- and
#: box-digit columns (a cell's own column is the cell's number).
_UNIT_BASE: list[tuple[int, int, int]] = [
    (80 + ROW_OF[c] * 9, 161 + COL_OF[c] * 9, 242 + BOX_OF[c] * 9) for c in range(81)
]
#: A cell's three houses as bits of a 27-bit set.
_HOUSE_BITS: list[tuple[int, int, int]] = [
    (1 << ROW_OF[c], 1 << (9 + COL_OF[c]), 1 << (18 + BOX_OF[c])) for c in range(81)
]
#: ``_NEW_COLUMNS[cell][new]``: the static numbers of the cell's digit columns in the
#: order they come up, for the houses in ``new`` (bit 0 row, 1 column, 2 box) that are
#: read for the first time at this cell.
_HOUSES_READ: list[tuple[int, ...]] = [tuple([k for k in range(3) if new >> k & 1]) for new in range(8)]
_NEW_COLUMNS: list[list[tuple[int, ...]]] = [
    [tuple([base[k] + d for d in range(1, 10) for k in ks]) for ks in _HOUSES_READ] for base in _UNIT_BASE
]
#: ``(d, 4 * d)`` for each digit of a 9-bit mask.
_DIGIT_STEPS: list[tuple[tuple[int, int], ...]] = [tuple((d, 4 * d) for d in MASK_DIGITS[m]) for m in range(512)]
_COVERED = 16  # added to a column's size while it is covered


def _links(grid: Grid) -> tuple[int, list[int], list[int], list[int], bytearray]:
    """The exact cover of a position, linked: ``(n, U, D, C, S)`` with ``n`` columns.

    Columns are each empty cell and each (house, digit) of a house with an empty cell where
    no placed digit fills it; rows are the candidates of empty cells that no placed digit
    in their houses rules out."""
    values = grid.values
    cands = grid.cands
    done = bytearray(324)
    placed = [0] * 27  # digits placed in each house, as 9-bit masks
    for cell in range(81):
        d = values[cell]
        if d:
            r, c, b = _UNIT_BASE[cell]
            done[r + d] = done[c + d] = done[b + d] = 1
            bit = 1 << (d - 1)
            placed[ROW_OF[cell]] |= bit
            placed[9 + COL_OF[cell]] |= bit
            placed[18 + BOX_OF[cell]] |= bit
    # number the columns in the order they come up
    hid = [0] * 324
    n = 0
    seen = 0
    for cell in range(81):
        if values[cell]:
            continue
        n += 1
        hid[cell] = n
        br, bc, bb = _HOUSE_BITS[cell]
        new = 0
        if not seen & br:
            new = 1
        if not seen & bc:
            new |= 2
        if not seen & bb:
            new |= 4
        if new:
            seen |= br | bc | bb
            for k in _NEW_COLUMNS[cell][new]:
                if not done[k]:
                    n += 1
                    hid[k] = n
    U = _IDENT[:]
    D = _IDENT[:]
    C = _IDENT[:]
    S = bytearray(n + 1)
    S[0] = 255
    # the rows, in cell then digit order: each column's rows come in that order too
    for cell in range(81):
        if values[cell]:
            continue
        m = cands[cell] & ~(placed[ROW_OF[cell]] | placed[9 + COL_OF[cell]] | placed[18 + BOX_OF[cell]])
        hc = hid[cell]
        prev = hc
        base = _CELL_BASE[cell]
        units = _UNIT_BASE[cell]
        steps = _DIGIT_STEPS[m]
        for d, o in steps:
            x = base + o
            D[prev] = x
            U[x] = prev
            C[x] = hc
            prev = x
            for k in units:  # its row-, column- and box-digit nodes, at the foot of their columns
                x += 1
                h = hid[k + d]
                C[x] = h
                u = U[h]
                D[u] = x
                U[x] = u
                U[h] = x
                S[h] += 1
        D[prev] = hc
        U[hc] = prev
        S[hc] = len(steps)
    for h in range(1, n + 1):
        D[U[h]] = h
    return n, U, D, C, S


def _covers(n: int, U: list[int], D: list[int], C: list[int], S: bytearray) -> Iterator[list[int]]:
    """Every exact cover of a linked position (:func:`_links`) as the list of its rows'
    nodes, in the order Algorithm X finds them: the same list object, changed as the search
    goes on (copy it to keep it).

    The covers come in the order Knuth's search finds them when it takes the first column
    (in header order) with fewest rows and tries its rows top down. Columns with one row
    are taken in whatever order ``S.find`` gives: all of them get chosen, or one of them
    runs out of rows, either way. A column without rows ends the branch at once. Instead
    of uncovering on the way back, the search saves the links before it covers a column with
    rows left to try and goes back to the latest such save; with none left, it ends.
    """
    others = _OTHERS
    row_nodes = _ROW_NODES
    find = S.find
    chosen: list[int] = []  # the chosen row's node at each level
    # (level, row node, U, D, S, columns left) at each choice with rows left to try
    saves: list[tuple[int, int, list[int], list[int], bytearray, int]] = []
    left = n  # columns not covered
    while True:
        if left and find(0) < 0:
            # a column with one row if any (which one does not matter: all of them are
            # chosen in turn, or one runs out of rows, whatever the order), else the first
            # with fewest rows
            best = find(1)
            if best < 0:
                best = find(min(S))
            # choose its first row (the links saved are those before the column is covered)
            r = D[best]
            if D[r] != best:
                saves.append((len(chosen), r, U[:], D[:], S[:], left))
            chosen.append(r)
        elif left:
            r = 0  # a column without rows: no cover this way
        else:
            yield chosen
            r = 0
        if not r:
            if not saves:
                return
            # back to the latest choice with a row left: its links as they were, next row
            level, r, ups, downs, sizes, left = saves[-1]
            del chosen[level:]
            best = C[r]
            r = downs[r]
            if downs[r] == best:  # its last row: the saved links are taken over
                saves.pop()
                U, D, S = ups, downs, sizes
                find = S.find
            else:
                saves[-1] = (level, r, ups, downs, sizes, left)
                U[:] = ups
                D[:] = downs
                S[:] = sizes
            chosen.append(r)
        # cover the columns of the chosen row: its own column first, then rightwards
        for j in row_nodes[r]:
            c = C[j]
            S[c] += _COVERED
            left -= 1
            i = D[c]
            while i != c:
                a, b, e = others[i]
                u = U[a]
                w = D[a]
                D[u] = w
                U[w] = u
                S[C[a]] -= 1
                u = U[b]
                w = D[b]
                D[u] = w
                U[w] = u
                S[C[b]] -= 1
                u = U[e]
                w = D[e]
                D[u] = w
                U[w] = u
                S[C[e]] -= 1
                i = D[i]


def _exact_cover(grid: Grid) -> ExactCover:
    """The position's cover as a general :class:`ExactCover` (rows numbered
    ``9 * cell + d - 1``), with the same columns, rows and order as :func:`_links`."""
    n, U, D, C, S = _links(grid)
    cover = ExactCover.__new__(ExactCover)
    L = _LEFT[:]
    R = _RIGHT[:]
    L[0] = n
    R[n] = 0
    sizes = list(S)
    sizes[0] = 0
    cover.L, cover.R, cover.U, cover.D, cover.C, cover.S = L, R, U, D, C, sizes
    cover.row_of = _ROW_OF
    cover.nrows = 729
    return cover


def solutions(grid: Grid, limit: int = 2, rng: random.Random | None = None) -> list[list[int]]:
    """Up to ``limit`` solutions of a position, each as 81 values. With ``rng``, the rows of
    each column are tried in random order."""
    out = []
    found: Iterator[Iterable[int]]
    if rng is None:
        found = (map(_ROW_OF.__getitem__, nodes) for nodes in _covers(*_links(grid)))
    else:
        found = _exact_cover(grid).solutions(rng)
    for rows in found:
        values = grid.values[:]
        for i in rows:
            values[i // 9] = i % 9 + 1
        out.append(values)
        if len(out) >= limit:
            break
    return out


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """Number of solutions of a position, counting stops at ``limit`` (the compiled
    engine's count where it is in use: the same number, tests hold them together)."""
    return _count(grid, limit)


def dlx_count_solutions(grid: Grid, limit: int = 2) -> int:
    """:func:`count_solutions` by dancing links (the reference)."""
    n = 0
    for _ in _covers(*_links(grid)):
        n += 1
        if n >= limit:
            break
    return n


def _compiled_count_solutions(grid: Grid, limit: int = 2) -> int:
    """:func:`count_solutions` by the compiled engine (``core/solutions.c``)."""
    return native.count_solutions(grid.values, grid.cands, limit)


#: the count :func:`count_solutions` gives: chosen once, here, as the engine is
_count = _compiled_count_solutions if native.AVAILABLE else dlx_count_solutions


def solve(grid: Grid) -> list[int] | None:
    """One solution as 81 values, or None if there is none."""
    sols = solutions(grid, 1)
    return sols[0] if sols else None


def unique_solution(grid: Grid) -> list[int]:
    """The solution of a puzzle that must have exactly one.

    Raises :class:`NoSolution`, or :class:`MultipleSolutions` naming two cells where two
    solutions differ.
    """
    sols = solutions(grid, 2)
    if not sols:
        raise NoSolution("the puzzle has no solution")
    if len(sols) > 1:
        a, b = sols
        diff = [c for c in range(81) if a[c] != b[c]]
        where = ", ".join(f"{cell_name(c)} can be {a[c]} or {b[c]}" for c in diff[:2])
        raise MultipleSolutions(f"the puzzle has more than one solution ({where})")
    return sols[0]
