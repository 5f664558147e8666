"""A small, fast backtracking solver on candidate bit masks, for counting solutions.

The generator asks "is this puzzle still unique?" thousands of times; building a dancing-links
cover each time costs more than the search. Here a position is 81 nine-bit masks; naked and
hidden singles are propagated to a fixed point, then the cell with the fewest candidates is
branched on. Counts are exact (the same as :func:`sudoku_logic.core.dlx.count_solutions`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sudoku_logic.core.houses import CELL_HOUSE_BITS, CELL_HOUSES, HOUSE_CELLS, PEERS, cell_list

ALL = 0x1FF
_PEER_LIST: tuple[tuple[int, ...], ...] = tuple(tuple(cell_list(PEERS[c])) for c in range(81))
_HOUSES: tuple[tuple[int, ...], ...] = tuple(tuple(h) for h in HOUSE_CELLS)
_CELL_HOUSES: tuple[tuple[int, int, int], ...] = tuple(CELL_HOUSES)
ALL_HOUSES = (1 << 27) - 1
_HOUSE_BITS: tuple[int, ...] = tuple(CELL_HOUSE_BITS)
_POP: tuple[int, ...] = tuple(bin(m).count("1") for m in range(512))
_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(1 << i for i in range(9) if m >> i & 1) for m in range(512))


def _propagate(c: list[int], queue: list[int], dirty: int = ALL_HOUSES) -> bool:
    """Remove each queued single's digit from its peers and place hidden singles, until
    nothing changes. False on a contradiction (a cell without candidates, a house missing a
    digit, a cell that must hold two digits). ``queue`` holds single cells not yet spread;
    ``dirty`` (27 bits) the houses with a cell changed since they were last scanned for
    hidden singles (only those can have new ones)."""
    peers, houses, hbits = _PEER_LIST, _HOUSES, _HOUSE_BITS
    while True:
        while queue:
            cell = queue.pop()
            bit = c[cell]
            for p in peers[cell]:
                m = c[p]
                if m & bit:
                    m ^= bit
                    if not m:
                        return False
                    c[p] = m
                    dirty |= hbits[p]
                    if not m & (m - 1):
                        queue.append(p)
        if not dirty:
            return True
        todo, dirty = dirty, 0
        while todo:
            low = todo & -todo
            todo ^= low
            house = houses[low.bit_length() - 1]
            once = twice = 0
            for cell in house:
                m = c[cell]
                twice |= once & m
                once |= m
            if once != ALL:
                return False
            only = once & ~twice
            if only:
                for cell in house:
                    m = c[cell]
                    h = m & only
                    if h and h != m:
                        if h & (h - 1):
                            return False
                        c[cell] = h
                        dirty |= hbits[cell]
                        queue.append(cell)
        if not queue:
            return True


def _fewest(c: list[int]) -> int:
    """The first cell with the fewest candidates (at least two), or -1 if every cell has
    one: the cell to branch on."""
    pop = _POP
    best, size = -1, 10
    for cell in range(81):
        s = pop[c[cell]]
        if 1 < s < size:
            best, size = cell, s
            if s == 2:
                break  # no cell can have fewer
    return best


def _count(c: list[int], limit: int) -> int:
    """Solutions of a propagated position, counting stops at ``limit``."""
    best = _fewest(c)
    if best < 0:
        return 1
    n = 0
    for bit in _BITS[c[best]]:
        c2 = c[:]
        c2[best] = bit
        if _propagate(c2, [best], _HOUSE_BITS[best]):
            n += _count(c2, limit - n)
            if n >= limit:
                break
    return n


def _start(values: Sequence[int], cands: dict[int, int] | None = None) -> list[int] | None:
    """The propagated masks of a puzzle (``cands`` narrows some empty cells), or None if it
    has a contradiction. Each empty cell starts with the digits its houses lack."""
    used = [0] * 27
    houses = _CELL_HOUSES
    for cell, d in enumerate(values):
        if d:
            bit = 1 << (d - 1)
            for h in houses[cell]:
                if used[h] & bit:
                    return None
                used[h] |= bit
    c = [0] * 81
    queue = []
    for cell, d in enumerate(values):
        if d:
            c[cell] = 1 << (d - 1)
        else:
            r, k, b = houses[cell]
            m = ALL & ~(used[r] | used[k] | used[b])
            if cands and cell in cands:
                m &= cands[cell]
            if not m:
                return None
            c[cell] = m
            if not m & (m - 1):
                queue.append(cell)
    return c if _propagate(c, queue) else None


def propagated(values: Sequence[int]) -> list[int] | None:
    """The candidate masks of a puzzle after naked and hidden singles, or None if they reach
    a contradiction (a cell whose mask has one bit is solved)."""
    return _start(values)


def count_solutions(values: Sequence[int], limit: int = 2) -> int:
    """Number of solutions of the puzzle with these 81 values (0 = empty), stopping at
    ``limit``."""
    c = _start(values)
    return 0 if c is None else _count(c, limit)


def has_other_solution(values: Sequence[int], solution: Sequence[int], cells: Sequence[int]) -> bool:
    """Whether the puzzle ``values`` has a solution other than ``solution``, given that it
    has none other once ``cells`` (empty in ``values``) hold their digits of ``solution``.

    This is the question after removing givens ``cells`` from a unique puzzle: another
    solution must differ in one of them, so for each cell in turn (the earlier ones fixed to
    the solution) it asks whether any solution avoids the solution's digit there.
    """
    vals = list(values)
    peers = _PEER_LIST
    for cell in cells:
        d = solution[cell]
        bit = 1 << (d - 1)
        seen = 0
        for p in peers[cell]:
            v = vals[p]
            if v:
                seen |= 1 << (v - 1)
        if seen | bit != ALL:  # the cell's peers do not force the digit: search
            c = _start(vals, {cell: ALL ^ bit})
            if c is not None and _count(c, 1):
                return True
        vals[cell] = d
    return False


def random_solution(rng: random.Random) -> list[int]:
    """A random complete grid: the three diagonal boxes (independent of each other) filled
    with random permutations, the rest solved with candidates tried in random order."""
    values = [0] * 81
    for box in (18, 22, 26):
        digits = list(range(1, 10))
        rng.shuffle(digits)
        for cell, d in zip(_HOUSES[box], digits):
            values[cell] = d
    c = _start(values)
    assert c is not None  # three boxes with no house in common cannot conflict

    def fill(c: list[int]) -> list[int] | None:
        best = _fewest(c)
        if best < 0:
            return c
        bits = list(_BITS[c[best]])
        rng.shuffle(bits)
        for bit in bits:
            c2 = c[:]
            c2[best] = bit
            if _propagate(c2, [best], _HOUSE_BITS[best]):
                done = fill(c2)
                if done is not None:
                    return done
        return None

    full = fill(c)
    assert full is not None  # the empty grid always has solutions
    return [m.bit_length() for m in full]
