"""Knuth's Algorithm X with dancing links, and the sudoku exact cover.

:class:`ExactCover` is a general solver: columns are numbered ``0..ncols-1`` and each row is
the list of columns it covers. The sudoku cover has 324 columns (cell, row-digit,
column-digit, box-digit); for a position only its candidates become rows and the columns
already satisfied by placed digits are left out, so a pencilmark position is solved as given.
"""
from __future__ import annotations

import random
from typing import Iterator, Sequence

from sudoku_logic.core.errors import MultipleSolutions, NoSolution
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import BOX_OF, MASK_DIGITS, cell_name


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

def _sudoku_cover(grid: Grid) -> tuple[ExactCover, list[tuple[int, int]]]:
    """Exact cover of a position: one row per candidate of an empty cell."""
    needed: dict[int, int] = {}
    rows: list[list[int]] = []
    names: list[tuple[int, int]] = []
    values = grid.values
    done = set()
    for cell in range(81):
        d = values[cell]
        if d:
            r, c, b = cell // 9, cell % 9, BOX_OF[cell]
            done.update((81 + r * 9 + d - 1, 162 + c * 9 + d - 1, 243 + b * 9 + d - 1))
    for cell in range(81):
        if values[cell]:
            continue
        r, c, b = cell // 9, cell % 9, BOX_OF[cell]
        for key in (cell,):
            needed.setdefault(key, len(needed))
        for d in range(1, 10):
            for key in (81 + r * 9 + d - 1, 162 + c * 9 + d - 1, 243 + b * 9 + d - 1):
                if key not in done:
                    needed.setdefault(key, len(needed))
        for d in MASK_DIGITS[grid.cands[cell]]:
            cols = [needed[cell]]
            for key in (81 + r * 9 + d - 1, 162 + c * 9 + d - 1, 243 + b * 9 + d - 1):
                if key in done:
                    break
                cols.append(needed[key])
            else:
                rows.append(cols)
                names.append((cell, d))
    return ExactCover(len(needed), rows), names


def solutions(grid: Grid, limit: int = 2, rng: random.Random | None = None) -> list[list[int]]:
    """Up to ``limit`` solutions of a position, each as 81 values."""
    cover, names = _sudoku_cover(grid)
    out = []
    for chosen in cover.solutions(rng):
        values = grid.values[:]
        for r in chosen:
            cell, d = names[r]
            values[cell] = d
        out.append(values)
        if len(out) >= limit:
            break
    return out


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """Number of solutions of a position, counting stops at ``limit``."""
    cover, _ = _sudoku_cover(grid)
    return cover.count(limit)


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
