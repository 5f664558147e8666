"""Naked and hidden subsets: pairs, triples and quadruples in one house."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from strategies.registry import Finder, se_rule, technique
from strategies.se._se_order import SE_HOUSES, SE_INDEX_COMBOS, confined_sets
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    DIGIT_BIT,
    HOUSE_CELLS,
    HOUSE_MASK,
    MASK_DIGITS,
    MASK_SIZE,
    cell_list,
    cells_name,
    digits_name,
    house_name,
)
from sudoku_logic.core.step import Step

_SIZE_NAME = {2: "Pair", 3: "Triple", 4: "Quadruple"}
_COUNT = {2: "two", 3: "three", 4: "four"}
#: HoDoKu looks at blocks, then rows, then columns.
_HOUSE_ORDER = list(range(18, 27)) + list(range(0, 18))
_DIGITS = tuple(range(1, 10))


def naked_subsets(grid: Grid, size: int, houses: int | None = None) -> Iterator[Step]:
    """``size`` cells of a house whose candidates together are ``size`` digits: those digits
    leave the house's other cells (only houses in ``houses``, a 27-bit set, when given)."""
    cands = grid.cands
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
        cell_ids = cell_list(cells)
        for combo in combinations(cell_ids, size):
            union = 0
            for c in combo:
                union |= cands[c]
            if MASK_SIZE[union] != size:
                continue
            cm = sum(1 << c for c in combo)
            others = HOUSE_MASK[h] & ~cm
            elims = [(c, d) for d in MASK_DIGITS[union] for c in cell_list(grid.pos[d] & others)]
            if not elims:
                continue
            key = (cm, tuple(sorted(elims)))
            if key in seen:
                continue
            seen.add(key)
            yield _naked_set_step(grid, size, h, combo, cm, union, elims, None)


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
            elims = [(c, d) for c in cells for d in MASK_DIGITS[cands[c] & ~dm]]
            if not elims:
                continue
            key = (cm, dm)
            if key in seen:
                continue
            seen.add(key)
            ds = digits_name(dm)
            candidates = [(c, d, "pattern") for c in cells for d in MASK_DIGITS[cands[c] & dm]]
            why = f"the digits {ds} fit only in {cells_name(cm)}, so those cells hold them and no other digit."
            yield _set_step(f"Hidden {_SIZE_NAME[size]}", h, cells, cm, ds, elims, candidates, None, why)


def _subset_technique(kind: str, size: int, doc: str) -> Finder:
    """The house-local finder of the ``kind`` (Naked, Hidden) subsets of ``size``, registered and documented."""
    subsets = naked_subsets if kind == "Naked" else hidden_subsets

    def find(grid: Grid, houses: int | None = None) -> Iterator[Step]:
        return subsets(grid, size, houses)

    find.__name__ = f"{kind.lower()}_{_SIZE_NAME[size].lower()}"
    find.__qualname__ = find.__name__
    find.__doc__ = doc
    return technique(f"{kind} {_SIZE_NAME[size]}", local="house")(find)


naked_pair = _subset_technique("Naked", 2, "Two cells of a house with the same two candidates only.")
naked_triple = _subset_technique("Naked", 3, "Three cells of a house with three candidates between them.")
naked_quadruple = _subset_technique("Naked", 4, "Four cells of a house with four candidates between them.")
hidden_pair = _subset_technique("Hidden", 2, "Two digits confined to the same two cells of a house.")
hidden_triple = _subset_technique("Hidden", 3, "Three digits confined to the same three cells of a house.")
hidden_quadruple = _subset_technique("Hidden", 4, "Four digits confined to the same four cells of a house.")


# ---------------------------------------------------------------- Sudoku Explainer's order


def se_naked_sets(grid: Grid, size: int) -> Iterator[Step]:
    """SE's naked sets (``NakedSet``): in blocks, columns, then rows with at least
    ``2 * size`` empty cells, every ``size`` cells of the house (SE's order of index sets),
    each with two or more candidates, holding ``size`` digits between them; the house's
    other cells lose those digits."""
    cands = grid.cands
    empty = grid.empty
    for h in SE_HOUSES:
        if (empty & HOUSE_MASK[h]).bit_count() < 2 * size:
            continue
        cells = HOUSE_CELLS[h]
        masks = [cands[c] if empty >> c & 1 else 0 for c in cells]
        for combo in SE_INDEX_COMBOS[size]:
            union = 0
            for i in combo:
                m = masks[i]
                if m & (m - 1) == 0:  # fewer than two candidates
                    break
                union |= m
            else:
                if MASK_SIZE[union] != size:
                    continue
                cm = 0
                for i in combo:
                    cm |= 1 << cells[i]
                others = HOUSE_MASK[h] & ~cm
                elims = [(c, d) for d in MASK_DIGITS[union] for c in cell_list(grid.pos[d] & others)]
                if elims:
                    yield se_naked_set_step(grid, size, h, [cells[i] for i in combo], cm, union, elims)


def se_naked_set_step(
    grid: Grid, size: int, h: int, combo: list[int], cm: int, union: int, elims: list[tuple[int, int]]
) -> Step:
    """SE's naked set of the cells ``combo`` (``cm``, as a set) of house ``h``, holding the
    digits ``union`` (9-bit mask), with its eliminations."""
    return _naked_set_step(grid, size, h, combo, cm, union, elims, {"cells": tuple(combo), "digits": union})


def se_hidden_sets(grid: Grid, size: int) -> Iterator[Step]:
    """SE's hidden sets (``HiddenSet``): in blocks, columns, then rows with more than
    ``2 * size`` empty cells, every ``size`` digits (SE's order), each with two or more
    places in the house, confined to ``size`` cells; those cells lose their other digits."""
    pos = grid.pos
    cands = grid.cands
    for h in SE_HOUSES:
        hm = HOUSE_MASK[h]
        if (grid.empty & hm).bit_count() <= 2 * size:
            continue
        places = [pos[d] & hm for d in range(10)]
        for combo, union in confined_sets(size, places):
            keep = 0
            for d in combo:
                keep |= DIGIT_BIT[d]
            elims = [(c, d) for c in cell_list(union) for d in MASK_DIGITS[cands[c] & ~keep]]
            if elims:
                yield se_hidden_set_step(grid, size, h, combo, union, keep, elims)


def se_hidden_set_step(
    grid: Grid, size: int, h: int, combo: tuple[int, ...], union: int, keep: int, elims: list[tuple[int, int]]
) -> Step:
    """SE's hidden set of the digits ``combo`` (``keep``, as a mask) confined to the cells
    ``union`` of house ``h``, with its eliminations."""
    ds = digits_name(keep)
    cells = cell_list(union)
    candidates = [(c, d, "pattern") for c in cells for d in combo if grid.cands[c] & DIGIT_BIT[d]]
    why = f"the {_COUNT[size]} digits {ds} can only go in {cells_name(union)}, so those cells hold nothing else."
    facts = {"house": h, "digits": combo}
    return _set_step(f"Hidden {_SIZE_NAME[size]}", h, cells, union, ds, elims, candidates, facts, why)


# ---------------------------------------------------------------- the steps


def _naked_set_step(
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
        f"the {_COUNT[size]} cells {cells_name(cm)} hold only {ds} between them, "
        "so those digits go there and nowhere else in the house."
    )
    return _set_step(f"Naked {_SIZE_NAME[size]}", h, list(combo), cm, ds, elims, candidates, facts, why)


def _set_step(
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


def _se_subset_rule(kind: str, size: int) -> None:
    plural = {2: "Pairs", 3: "Triplets", 4: "Quads"}[size]
    finder = se_naked_sets if kind == "Naked" else se_hidden_sets

    def rule(grid: Grid) -> Iterator[Step]:
        return finder(grid, size)

    rule.__name__ = f"se_{kind.lower()}_{plural.lower()}"
    rule.__doc__ = f"SE's {kind.lower()} {plural.lower()}, in SE's order."
    se_rule(f"{kind} {plural}", (f"{kind} {_SIZE_NAME[size]}",))(rule)


for _size in (2, 3, 4):
    _se_subset_rule("Naked", _size)
    _se_subset_rule("Hidden", _size)
