"""The general fish search: base and cover sets of any house type, with fins, endo fins and
cannibalism, as HoDoKu defines them (the Ultimate Fish Guide).

For one digit, ``size`` base houses (the base set) and ``size`` cover houses (the cover set):

- base candidates: the digit's candidates in the base houses. Two base houses may share a
  candidate only when fins are allowed; such an *endo fin* counts as a fin.
- fins: base candidates that no cover house holds, plus the endo fins.
- without fins, every candidate of the cover houses outside the base set goes, and so does a
  base candidate lying in two cover houses (*cannibalism*); with fins, only those that see
  every fin.

The search is exact-cover style: the lowest base candidate not yet handled is either covered
by one of the (at most three) allowed cover houses holding it, or declared a fin. Fins are
pruned as soon as no candidate sees all of them. This keeps Franken and Mutant fish of size 4
affordable in pure Python.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from sudoku_logic.core.houses import HOUSE_MASK, PEERS

#: HoDoKu's defaults: at most five fins (endo fins included), at most two endo fins.
MAX_FINS = 5
MAX_ENDO_FINS = 2

BASIC, FRANKEN, MUTANT = 0, 1, 2
ROW_T, COL_T, BOX_T = 1, 2, 4

#: For each cell, the houses holding it (row, column, box).
_CELL_HOUSES = [(c // 9, 9 + c % 9, 18 + (c // 27) * 3 + (c % 9) // 3) for c in range(81)]


class Fish(NamedTuple):
    """One fish for one digit; all cell sets are 81-bit ints.

    ``fins`` includes ``endo`` (base candidates in two base houses); ``cannibal`` are the
    eliminated base candidates that lie in two cover houses; ``elims`` all eliminations.
    """

    digit: int
    base: tuple[int, ...]
    cover: tuple[int, ...]
    base_cells: int
    fins: int
    endo: int
    cannibal: int
    elims: int


def house_type(h: int) -> int:
    """ROW_T, COL_T or BOX_T for a house index."""
    return (ROW_T, COL_T, BOX_T)[h // 9]


def shape(base: Sequence[int], cover: Sequence[int]) -> int:
    """BASIC, FRANKEN or MUTANT, as HoDoKu classifies a fish by its house types."""
    bm = 0
    for h in base:
        bm |= house_type(h)
    cm = 0
    for h in cover:
        cm |= house_type(h)
    if (bm == ROW_T and cm == COL_T) or (bm == COL_T and cm == ROW_T):
        return BASIC
    if (bm in (ROW_T, ROW_T | BOX_T) and cm in (COL_T, COL_T | BOX_T)) or (
        bm in (COL_T, COL_T | BOX_T) and cm in (ROW_T, ROW_T | BOX_T)
    ):
        return FRANKEN
    return MUTANT


def fin_buddies(fins: int) -> int:
    """81-bit set of the cells that see every fin (fins themselves excluded)."""
    seen = -1
    while fins:
        low = fins & -fins
        seen &= PEERS[low.bit_length() - 1]
        fins ^= low
    return seen


def search(
    digit: int,
    pos: int,
    size: int,
    base_houses: Sequence[int],
    cover_houses: Sequence[int],
    finned: bool,
    lines_in_base: bool = False,
) -> Iterator[Fish]:
    """Every fish of exactly ``size`` base and cover houses for ``digit`` (candidates ``pos``).

    ``finned`` False: fish without fins (no endo fins either); True: fish with at least one
    fin (endo fins allowed, at most :data:`MAX_ENDO_FINS`; at most :data:`MAX_FINS` fins in
    all). Only fish with at least one elimination are yielded. Base sets come in HoDoKu's
    order (houses in the order given, combinations lexicographic). ``lines_in_base``: skip
    base sets made of boxes only (they can only give Mutant fish).
    """
    units = []
    for h in base_houses:
        cells = pos & HOUSE_MASK[h]
        if cells and (finned or cells.bit_count() <= size):
            units.append((h, cells))
    cover_cells = {h: pos & HOUSE_MASK[h] for h in cover_houses if pos & HOUSE_MASK[h]}
    n = len(units)
    if n < size:
        return
    chosen: list[int] = []

    def bases(start: int, union: int, endo: int) -> Iterator[Fish]:
        for i in range(start, n - (size - len(chosen)) + 1):
            h, cells = units[i]
            overlap = union & cells
            new_endo = endo
            if overlap:
                if not finned:
                    continue
                new_endo = endo | overlap
                if new_endo.bit_count() > MAX_ENDO_FINS:
                    continue
            chosen.append(h)
            if len(chosen) == size:
                if not lines_in_base or chosen[0] < 18:
                    yield from covers(tuple(chosen), union | cells, new_endo)
            else:
                yield from bases(i + 1, union | cells, new_endo)
            chosen.pop()

    def covers(base: tuple[int, ...], bcells: int, endo: int) -> Iterator[Fish]:
        allowed = [(h, c) for h, c in cover_cells.items() if c & bcells and h not in base]
        allowed_set = dict(allowed)
        # where eliminations can fall: cover cells outside the base, or base cells that two
        # allowed cover houses share (cannibalism)
        reach = 0
        multi = 0
        for _, c in allowed:
            multi |= reach & c
            reach |= c
        target = reach & ~(bcells & ~multi)
        if endo and not fin_buddies(endo) & target & ~endo:
            return
        seen: set[frozenset] = set()
        picked: list[int] = []

        def finish(covered: int, cann: int, fins: int, fb: int) -> Iterator[Fish]:
            elims = ((covered & ~bcells) | cann) & fb
            if not elims:
                return
            key = frozenset(picked)
            if key in seen:
                return
            seen.add(key)
            yield Fish(digit, base, tuple(sorted(picked)), bcells, fins, endo, elims & bcells, elims)

        def rec(covered: int, cann: int, declared: int, fb: int) -> Iterator[Fish]:
            # fb: the cells that see every fin so far (all cells while there is none)
            fins = declared | endo
            todo = bcells & ~covered & ~fins
            k = len(picked)
            if k == size and todo:
                # every cover is chosen: what is left must be fins
                if not finned or fins.bit_count() + todo.bit_count() > MAX_FINS:
                    return
                declared |= todo
                fins |= todo
                fb &= fin_buddies(todo)
                todo = 0
            if not todo:
                if finned and not fins:
                    return
                if k == size:
                    yield from finish(covered, cann, fins, fb)
                    return
                extra = [h for h, c in allowed if h not in picked and not c & declared]
                for combo in combinations(extra, size - k):
                    cv, cn = covered, cann
                    for h in combo:
                        c = allowed_set[h]
                        cn |= cv & c
                        cv |= c
                    picked.extend(combo)
                    yield from finish(cv, cn, fins, fb)
                    del picked[-len(combo) :]
                return
            # a base candidate that sees no cell where an elimination could still fall
            # cannot be a fin: branch on such a cell first (it must be covered)
            if fins:
                fbt = fb & target
                finable = 0
                while fbt:
                    t = fbt & -fbt
                    finable |= PEERS[t.bit_length() - 1]
                    fbt ^= t
                forced = todo & ~finable
                low = (forced or todo) & -(forced or todo)
            else:
                forced = 0
                low = todo & -todo
            x = low.bit_length() - 1
            for h in _CELL_HOUSES[x]:
                hc = allowed_set.get(h)
                if hc is None or h in picked or hc & declared:
                    continue
                picked.append(h)
                yield from rec(covered | hc, cann | (covered & hc), declared, fb)
                picked.pop()
            if finned and not forced and fins.bit_count() < MAX_FINS:
                nfb = fb & PEERS[x]
                if nfb & target:
                    yield from rec(covered, cann, declared | low, nfb)

        # HoDoKu tries cover sets as lexicographic combinations of houses: same order here
        yield from sorted(rec(0, 0, 0, fin_buddies(endo) if endo else -1), key=lambda f: f.cover)

    yield from bases(0, 0, 0)
