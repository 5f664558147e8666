"""Sudoku Explainer's direct techniques: an intersection or hidden subset that immediately
yields a hidden single (Direct Pointing 1.7, Direct Claiming 1.9, Direct Hidden Pair 2.0,
Direct Hidden Triplet 2.5).

HoDoKu has no such techniques, so they exist on the SE scale only (their table rows have no
HoDoKu level): they matter for SE's ER of easy puzzles, where SE rates a puzzle 1.7-2.5
instead of 2.6 (pointing) or 3.4 (hidden pair). Like SE's hints (``IndirectHint.apply``), a
step makes the pattern's eliminations and places the hidden single it leads to.

Each is one of SE's producers (``Locking(true)``, ``HiddenSet(2, true)``, ``HiddenSet(3,
true)``), registered as a rule and searched in SE's order: pointing (block -> column, block
-> row), then claiming (column -> block, row -> block), each pair of crossing houses in index
order, digits 1-9; hidden subsets in blocks, then columns, then rows, digit sets in SE's
order (by increasing bit mask), each digit of a set with at least two places.

Twin of ``sudoku_logic/native/se/direct.c``.
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import se_rule
from strategies.se.order import SE_HOUSES, confined_sets
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    CELL_HOUSES,
    DIGIT_BIT,
    HOUSE_CELLS,
    HOUSE_MASK,
    cell_list,
    cell_name,
    cells_name,
    house_name,
)
from sudoku_logic.core.step import Step

_BOXES = range(18, 27)
_COLS = range(9, 18)
_ROWS = range(0, 9)


def _crossing(h: int, kind: range) -> list[int]:
    """Houses of ``kind`` that share cells with house ``h`` (other than ``h``)."""
    return [k for k in kind if k != h and HOUSE_MASK[k] & HOUSE_MASK[h]]


def _locked(grid: Grid) -> list[tuple[int, int, int, int]]:
    """Every (index in :data:`_DIRECT_LOCKING`, digit, its places in the first house, its
    other places in the second) whose first house holds two or more places for the digit,
    all in its second house, which has places for it besides: looked up house by house (a
    box's places in one line, a line's in one box), in SE's order."""
    pos = grid.pos
    found = []
    for d in range(1, 10):
        pd = pos[d]
        for h1 in range(27):
            p1 = pd & HOUSE_MASK[h1]
            if not p1 or not p1 & (p1 - 1):
                continue
            low = p1 & -p1
            for h2 in _LOCK_COVERS[h1][low.bit_length() - 1]:
                m2 = HOUSE_MASK[h2]
                removed = pd & m2 & ~HOUSE_MASK[h1]
                if not p1 & ~m2 and removed:
                    found.append((_LOCK_INDEX[h1, h2], d, p1, removed))
    found.sort()
    return found


def _locking(grid: Grid) -> Iterator[Step]:
    """Locked candidates (all of a digit's two or more places in ``h1`` lie in ``h2``) after
    which a house of ``h1``'s kind crossing ``h2`` has a single place left for the digit,
    in SE's order (:data:`_DIRECT_LOCKING`, digits 1-9 for each pair)."""
    pos = grid.pos
    for i, d, _p1, _removed in _locked(grid):
        h1, h2, kind, name = _DIRECT_LOCKING[i]
        m2 = HOUSE_MASK[h2]
        for h3 in _crossing(h2, kind):
            if h3 == h1:
                continue
            p3 = pos[d] & HOUSE_MASK[h3]
            if not p3 or p3 & (p3 - 1) == 0:
                continue
            rest = p3 & ~m2
            if rest and rest & (rest - 1) == 0:
                yield direct_locking_step(grid, i, d, h3, rest.bit_length() - 1)


def direct_locking_step(grid: Grid, i: int, d: int, h3: int, cell: int) -> Step:
    """The Direct Pointing or Claiming of pair ``i`` of :data:`_DIRECT_LOCKING` for digit
    ``d`` that leaves ``cell`` the one place for ``d`` in house ``h3``."""
    h1, h2, _, name = _DIRECT_LOCKING[i]
    p1 = grid.pos[d] & HOUSE_MASK[h1]
    removed = grid.pos[d] & HOUSE_MASK[h2] & ~HOUSE_MASK[h1]
    return Step(
        name,
        placements=[(cell, d)],
        cells=[cell],
        houses=[h1, h2, h3],
        eliminations=[(c, d) for c in cell_list(removed)],
        candidates=[(c, d, "pattern") for c in HOUSE_CELLS[h1] if p1 >> c & 1] + [(cell, d, "on")],
        detail=f"{d} in {house_name(h1)}",
        facts={"base": (h1,), "cover": (h2,), "digit": d},
        explanation=f"In {house_name(h1, False)}, {d} can only go in {cells_name(p1)}, all in "
        f"{house_name(h2, False)}; so {d} is not elsewhere in {house_name(h2, False)}, "
        f"which leaves {cell_name(cell)} as the only place for {d} in "
        f"{house_name(h3, False)}.",
    )


def _pairs(first: range, second: range):
    return [(h1, h2, first) for h1 in first for h2 in second if HOUSE_MASK[h1] & HOUSE_MASK[h2]]


# SE: Locking(direct).getHints: (Block, Column), (Block, Row), (Column, Block), (Row, Block).
_DIRECT_LOCKING = [
    (h1, h2, kind, "Direct Pointing" if h1 >= 18 else "Direct Claiming")
    for h1, h2, kind in (_pairs(_BOXES, _COLS) + _pairs(_BOXES, _ROWS) + _pairs(_COLS, _BOXES) + _pairs(_ROWS, _BOXES))
]
#: (first house, second house) -> its index in :data:`_DIRECT_LOCKING`.
_LOCK_INDEX = {(h1, h2): i for i, (h1, h2, _, _) in enumerate(_DIRECT_LOCKING)}
#: ``_LOCK_COVERS[h1][cell]``: the second houses paired with ``h1`` that hold ``cell``
#: (a box's row and column through the cell; a line's box).
_LOCK_COVERS = [[tuple(h2 for h2 in CELL_HOUSES[c] if (h1, h2) in _LOCK_INDEX) for c in range(81)] for h1 in range(27)]


@se_rule("Direct Intersections", ("Direct Pointing", "Direct Claiming"))
def se_direct_intersections(grid: Grid) -> Iterator[Step]:
    """SE's direct pointing and claiming: locked candidates whose eliminations leave a
    hidden single in another house of the first house's kind."""
    return _locking(grid)


_DIRECT_HIDDEN = {2: "Direct Hidden Pair", 3: "Direct Hidden Triplet"}


def _direct_hidden(grid: Grid, size: int) -> Iterator[Step]:
    """``size`` digits, each with two or more places in a house, confined to ``size`` cells;
    once those cells lose their other digits, another digit (the first, 1-9) has one place
    left in the house. SE looks only at houses with more than ``size`` empty cells."""
    pos = grid.pos
    for h in SE_HOUSES:
        hm = HOUSE_MASK[h]
        if (grid.empty & hm).bit_count() <= size:
            continue
        places = [pos[d] & hm for d in range(10)]
        for combo, union in confined_sets(size, places):
            for w in range(1, 10):
                if w in combo:
                    continue
                pw = places[w]
                if not pw or pw & (pw - 1) == 0:
                    continue
                rest = pw & ~union
                if rest and rest & (rest - 1) == 0:
                    yield direct_hidden_step(grid, size, h, combo, union, rest.bit_length() - 1, w)
                    break  # SE's hint names the first digit left with one place


def direct_hidden_step(grid: Grid, size: int, h: int, combo: tuple[int, ...], union: int, cell: int, w: int) -> Step:
    """The Direct Hidden Pair (``size`` 2) or Triplet of digits ``combo`` confined to the
    cells ``union`` of house ``h``, which leaves ``cell`` the one place for ``w``."""
    name = _DIRECT_HIDDEN[size]
    places = [grid.pos[d] & HOUSE_MASK[h] for d in range(10)]
    ds = ",".join(map(str, combo))
    keep = 0
    for d in combo:
        keep |= DIGIT_BIT[d]
    elims = [(c, x) for c in cell_list(union) for x in range(1, 10) if grid.cands[c] & ~keep & DIGIT_BIT[x]]
    return Step(
        name,
        placements=[(cell, w)],
        cells=[cell],
        houses=[h],
        eliminations=elims,
        candidates=[(c, d, "pattern") for d in combo for c in HOUSE_CELLS[h] if places[d] >> c & 1] + [(cell, w, "on")],
        detail=f"{ds} in {cells_name(union)}",
        facts={"house": h, "digits": combo},
        explanation=f"In {house_name(h, False)}, {ds} can only go in {cells_name(union)}, so those "
        f"cells hold nothing else; that leaves {cell_name(cell)} as the only place "
        f"for {w} in {house_name(h, False)}.",
    )


@se_rule("Direct Hidden Pairs", ("Direct Hidden Pair",))
def se_direct_hidden_pairs(grid: Grid) -> Iterator[Step]:
    """SE's direct hidden pairs: a hidden pair that leaves a hidden single in its house."""
    return _direct_hidden(grid, 2)


@se_rule("Direct Hidden Triplets", ("Direct Hidden Triplet",))
def se_direct_hidden_triplets(grid: Grid) -> Iterator[Step]:
    """SE's direct hidden triplets: a hidden triple that leaves a hidden single in its house."""
    return _direct_hidden(grid, 3)
