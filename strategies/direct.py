"""Sudoku Explainer's direct techniques: an intersection or hidden subset that immediately
yields a hidden single (Direct Pointing 1.7, Direct Claiming 1.9, Direct Hidden Pair 2.0,
Direct Hidden Triplet 2.5).

HoDoKu has no such techniques, so they exist on the SE scale only (their table rows have no
HoDoKu level): they matter for SE's ER of easy puzzles, where SE rates a puzzle 1.7-2.5
instead of 2.6 (pointing) or 3.4 (hidden pair). Like SE's hints (``IndirectHint.apply``), a
step makes the pattern's eliminations and places the hidden single it leads to.
They are off the default solve path (``default=False``: ``sudoku step`` shows HoDoKu's
techniques); the SE rating path (``sudoku_logic.grading.rater``) always uses them.
Search order follows SE: pointing (box -> column, box -> row), then claiming (column -> box,
row -> box); hidden subsets in boxes, then columns, then rows.
"""
from __future__ import annotations

from itertools import combinations
from typing import Iterator

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT, HOUSE_CELLS, HOUSE_MASK, cell_list, cell_name, cells_name, house_name

from sudoku_logic.strategies.registry import technique
from sudoku_logic.core.step import Step

_BOXES = range(18, 27)
_COLS = range(9, 18)
_ROWS = range(0, 9)
_HOUSES = list(_BOXES) + list(_COLS) + list(_ROWS)  # SE: blocks, then columns, then rows


def _crossing(h: int, kind: range) -> list[int]:
    """Houses of ``kind`` that share cells with house ``h`` (other than ``h``)."""
    return [k for k in kind if k != h and HOUSE_MASK[k] & HOUSE_MASK[h]]


def _locking(grid: Grid, pairs, name: str) -> Iterator[Step]:
    """Locked candidates (all of a digit's places in ``h1`` lie in ``h2``) after which a house
    of ``h1``'s kind crossing ``h2`` has a single place left for the digit."""
    pos = grid.pos
    for h1, h2, kind in pairs:
        m1, m2 = HOUSE_MASK[h1], HOUSE_MASK[h2]
        for d in range(1, 10):
            p1 = pos[d] & m1
            if not p1 or p1 & (p1 - 1) == 0 or p1 & ~m2:
                continue
            removed = pos[d] & m2 & ~m1
            if not removed:
                continue
            for h3 in _crossing(h2, kind):
                if h3 == h1:
                    continue
                p3 = pos[d] & HOUSE_MASK[h3]
                if not p3 or p3 & (p3 - 1) == 0:
                    continue
                rest = p3 & ~m2
                if rest and rest & (rest - 1) == 0:
                    cell = rest.bit_length() - 1
                    yield Step(
                        name, placements=[(cell, d)], cells=[cell], houses=[h1, h2, h3],
                        eliminations=[(c, d) for c in cell_list(removed)],
                        candidates=[(c, d, "pattern") for c in HOUSE_CELLS[h1] if p1 >> c & 1]
                        + [(cell, d, "on")],
                        detail=f"{d} in {house_name(h1)}",
                        explanation=f"In {house_name(h1, False)}, {d} can only go in {cells_name(p1)}, all in "
                                    f"{house_name(h2, False)}; so {d} is not elsewhere in {house_name(h2, False)}, "
                                    f"which leaves {cell_name(cell)} as the only place for {d} in "
                                    f"{house_name(h3, False)}.",
                    )


def _pairs(first: range, second: range):
    return [(h1, h2, first) for h1 in first for h2 in second if HOUSE_MASK[h1] & HOUSE_MASK[h2]]


# SE: Locking(direct).getHints: (Block, Column), (Block, Row), (Column, Block), (Row, Block).
_POINTING = _pairs(_BOXES, _COLS) + _pairs(_BOXES, _ROWS)
_CLAIMING = _pairs(_COLS, _BOXES) + _pairs(_ROWS, _BOXES)


@technique("Direct Pointing", default=False)
def direct_pointing(grid: Grid) -> Iterator[Step]:
    """A pointing (box -> line) whose elimination leaves a hidden single in another box."""
    return _locking(grid, _POINTING, "Direct Pointing")


@technique("Direct Claiming", default=False)
def direct_claiming(grid: Grid) -> Iterator[Step]:
    """A claiming (line -> box) whose elimination leaves a hidden single in another line."""
    return _locking(grid, _CLAIMING, "Direct Claiming")


def _direct_hidden(grid: Grid, size: int, name: str) -> Iterator[Step]:
    """``size`` digits confined to ``size`` cells of a house; once those cells lose their other
    digits, another digit has one place left in the house."""
    pos = grid.pos
    for h in _HOUSES:
        hm = HOUSE_MASK[h]
        if (grid.empty & hm).bit_count() <= size:
            continue
        places = [pos[d] & hm for d in range(10)]
        # a digit of the subset has at most ``size`` places (one place is a hidden single,
        # which SE takes first; it is kept so that the search stays complete)
        digits = [d for d in range(1, 10) if places[d] and places[d].bit_count() <= size]
        if len(digits) < size:
            continue
        for combo in combinations(digits, size):
            union = 0
            for d in combo:
                union |= places[d]
            if union.bit_count() != size:
                continue
            for w in range(1, 10):
                if w in combo:
                    continue
                pw = places[w]
                if not pw or pw & (pw - 1) == 0:
                    continue
                rest = pw & ~union
                if rest and rest & (rest - 1) == 0:
                    cell = rest.bit_length() - 1
                    ds = ",".join(map(str, combo))
                    keep = 0
                    for d in combo:
                        keep |= DIGIT_BIT[d]
                    elims = [(c, x) for c in cell_list(union) for x in range(1, 10)
                             if grid.cands[c] & ~keep & DIGIT_BIT[x]]
                    yield Step(
                        name, placements=[(cell, w)], cells=[cell], houses=[h], eliminations=elims,
                        candidates=[(c, d, "pattern") for d in combo for c in HOUSE_CELLS[h] if places[d] >> c & 1]
                        + [(cell, w, "on")],
                        detail=f"{ds} in {cells_name(union)}",
                        explanation=f"In {house_name(h, False)}, {ds} can only go in {cells_name(union)}, so those "
                                    f"cells hold nothing else; that leaves {cell_name(cell)} as the only place "
                                    f"for {w} in {house_name(h, False)}.",
                    )
                    break  # SE reports the first hidden single per subset


@technique("Direct Hidden Pair", default=False)
def direct_hidden_pair(grid: Grid) -> Iterator[Step]:
    """A hidden pair that leaves a hidden single in the same house."""
    return _direct_hidden(grid, 2, "Direct Hidden Pair")


@technique("Direct Hidden Triplet", default=False)
def direct_hidden_triplet(grid: Grid) -> Iterator[Step]:
    """A hidden triple that leaves a hidden single in the same house."""
    return _direct_hidden(grid, 3, "Direct Hidden Triplet")
