"""Naked and hidden subsets: pairs, triples and quadruples in one house (HoDoKu's finders),
and the steps Sudoku Explainer's naked and hidden sets (:mod:`strategies.se.subsets`) share."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from strategies.registry import Finder, technique
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    DIGIT_BIT,
    HOUSE_MASK,
    MASK_DIGITS,
    MASK_SIZE,
    cell_list,
    cells_name,
    digits_name,
    house_name,
)
from sudoku_logic.core.step import Step

#: a subset's name by its size, and its size in words
SIZE_NAME = {2: "Pair", 3: "Triple", 4: "Quadruple"}
COUNT = {2: "two", 3: "three", 4: "four"}
#: HoDoKu looks at blocks, then rows, then columns.
_HOUSE_ORDER = list(range(18, 27)) + list(range(0, 18))
_DIGITS = tuple(range(1, 10))


def naked_subsets(grid: Grid, size: int, houses: int | None = None) -> Iterator[Step]:
    """``size`` cells of a house whose candidates together are ``size`` digits: those digits
    leave the house's other cells (only houses in ``houses``, a 27-bit set, when given)."""
    seen = set()
    by_size = grid.cells_by_size()
    small = 0  # empty cells with at most ``size`` candidates
    for n in range(size):
        small |= by_size[n]
    for h in _HOUSE_ORDER:
        if houses is not None and not houses >> h & 1:
            continue
        cells = HOUSE_MASK[h] & small
        if cells.bit_count() < size:
            continue
        for combo, cm, union, elims in naked_sets(grid, cell_list(cells), size, HOUSE_MASK[h]):
            key = (cm, tuple(sorted(elims)))
            if key in seen:
                continue
            seen.add(key)
            yield naked_set_step(grid, size, h, combo, cm, union, elims, None)


def naked_sets(
    grid: Grid, cells: list[int], size: int, scope: int
) -> Iterator[tuple[tuple[int, ...], int, int, list[tuple[int, int]]]]:
    """Every ``size`` of ``cells`` (in combination order) holding ``size`` digits between them
    that the rest of ``scope`` (an 81-bit set) loses some of: ``(the cells, as a set, the
    digits' 9-bit mask, the eliminations)``."""
    cands = grid.cands
    for combo in combinations(cells, size):
        union = 0
        for c in combo:
            union |= cands[c]
        if MASK_SIZE[union] != size:
            continue
        cm = sum(1 << c for c in combo)
        elims = naked_eliminations(grid, union, scope & ~cm)
        if elims:
            yield combo, cm, union, elims


def naked_eliminations(grid: Grid, digits: int, cells: int) -> list[tuple[int, int]]:
    """What a naked set of the digits ``digits`` (a 9-bit mask) takes from ``cells`` (an
    81-bit set): their candidates there, digit by digit."""
    pos = grid.pos
    return [(c, d) for d in MASK_DIGITS[digits] for c in cell_list(pos[d] & cells)]


def hidden_eliminations(grid: Grid, cells: int, keep: int) -> list[tuple[int, int]]:
    """What a hidden set of the digits ``keep`` (a 9-bit mask) takes from its ``cells`` (an
    81-bit set): their other candidates, cell by cell."""
    cands = grid.cands
    return [(c, d) for c in cell_list(cells) for d in MASK_DIGITS[cands[c] & ~keep]]


def hidden_subsets(grid: Grid, size: int, houses: int | None = None) -> Iterator[Step]:
    """``size`` digits that, in a house, fit only in the same ``size`` cells: those cells
    lose every other candidate (only houses in ``houses`` when given)."""
    cands = grid.cands
    seen = set()
    pos = grid.pos
    placed = grid.placed
    empty = grid.empty
    for h in _HOUSE_ORDER:
        if houses is not None and not houses >> h & 1:
            continue
        hm = HOUSE_MASK[h]
        if (empty & hm).bit_count() <= size:
            continue  # its missing digits fill its empty cells: nothing else to remove
        digits = []
        for d in _DIGITS:
            p = pos[d] & hm
            if p and p.bit_count() <= size and not placed[d] & hm:
                digits.append((d, p))
        if len(digits) < size:
            continue
        for combo in combinations(digits, size):
            cm = 0
            dm = 0
            for d, p in combo:
                cm |= p
                dm |= DIGIT_BIT[d]
            if cm.bit_count() != size:
                continue
            cells = cell_list(cm)
            elims = hidden_eliminations(grid, cm, dm)
            if not elims:
                continue
            key = (cm, dm)
            if key in seen:
                continue
            seen.add(key)
            ds = digits_name(dm)
            candidates = [(c, d, "pattern") for c in cells for d in MASK_DIGITS[cands[c] & dm]]
            why = f"the digits {ds} fit only in {cells_name(cm)}, so those cells hold them and no other digit."
            yield set_step(f"Hidden {SIZE_NAME[size]}", h, cells, cm, ds, elims, candidates, None, why)


def _subset_technique(kind: str, size: int, doc: str) -> Finder:
    """The house-local finder of the ``kind`` (Naked, Hidden) subsets of ``size``, registered and documented."""
    subsets = naked_subsets if kind == "Naked" else hidden_subsets

    def find(grid: Grid, houses: int | None = None) -> Iterator[Step]:
        return subsets(grid, size, houses)

    find.__name__ = f"{kind.lower()}_{SIZE_NAME[size].lower()}"
    find.__qualname__ = find.__name__
    find.__doc__ = doc
    return technique(f"{kind} {SIZE_NAME[size]}", local="house")(find)


naked_pair = _subset_technique("Naked", 2, "Two cells of a house with the same two candidates only.")
naked_triple = _subset_technique("Naked", 3, "Three cells of a house with three candidates between them.")
naked_quadruple = _subset_technique("Naked", 4, "Four cells of a house with four candidates between them.")
hidden_pair = _subset_technique("Hidden", 2, "Two digits confined to the same two cells of a house.")
hidden_triple = _subset_technique("Hidden", 3, "Three digits confined to the same three cells of a house.")
hidden_quadruple = _subset_technique("Hidden", 4, "Four digits confined to the same four cells of a house.")


# ---------------------------------------------------------------- the steps


def naked_set_step(
    grid: Grid,
    size: int,
    h: int,
    combo: Sequence[int],
    cm: int,
    union: int,
    elims: list[tuple[int, int]],
    facts: dict | None,
) -> Step:
    """The naked set of the cells ``combo`` (``cm``, as a set) of house ``h`` holding the digits ``union``."""
    ds = digits_name(union)
    candidates = [(c, d, "pattern") for c in combo for d in MASK_DIGITS[grid.cands[c]]]
    why = (
        f"the {COUNT[size]} cells {cells_name(cm)} hold only {ds} between them, "
        "so those digits go there and nowhere else in the house."
    )
    return set_step(f"Naked {SIZE_NAME[size]}", h, list(combo), cm, ds, elims, candidates, facts, why)


def set_step(
    name: str,
    h: int,
    cells: list[int],
    cm: int,
    ds: str,
    elims: list[tuple[int, int]],
    candidates: list[tuple[int, int, str]],
    facts: dict | None,
    why: str,
) -> Step:
    """A naked or hidden set on the cells ``cells`` (``cm``) of house ``h`` with the digits named ``ds``,
    explained as "In <house>, <why>"."""
    return Step(
        name,
        eliminations=sorted(elims),
        cells=cells,
        houses=[h],
        candidates=candidates,
        detail=f"{ds} in {cells_name(cm)}",
        facts=facts,
        explanation=f"In {house_name(h, False)}, {why}",
    )
