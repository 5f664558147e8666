"""Sudoku Explainer's naked and hidden sets (``NakedSet``, ``HiddenSet``) in its order, as the
steps of :mod:`strategies.subsets` with the facts SE's scale reads. Twin of
``sudoku_logic/native/se/subsets.c``."""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import se_rule
from strategies.se.order import SE_HOUSES, SE_INDEX_COMBOS, confined_sets
from strategies.subsets import COUNT, SIZE_NAME, hidden_eliminations, naked_eliminations, naked_set_step, set_step
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT, HOUSE_CELLS, HOUSE_MASK, MASK_SIZE, cell_list, cells_name, digits_name
from sudoku_logic.core.step import Step


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
                elims = naked_eliminations(grid, union, HOUSE_MASK[h] & ~cm)
                if elims:
                    yield se_naked_set_step(grid, size, h, [cells[i] for i in combo], cm, union, elims)


def se_naked_set_step(
    grid: Grid, size: int, h: int, combo: list[int], cm: int, union: int, elims: list[tuple[int, int]]
) -> Step:
    """SE's naked set of the cells ``combo`` (``cm``, as a set) of house ``h``, holding the
    digits ``union`` (9-bit mask), with its eliminations."""
    return naked_set_step(grid, size, h, combo, cm, union, elims, {"cells": tuple(combo), "digits": union})


def se_hidden_sets(grid: Grid, size: int) -> Iterator[Step]:
    """SE's hidden sets (``HiddenSet``): in blocks, columns, then rows with more than
    ``2 * size`` empty cells, every ``size`` digits (SE's order), each with two or more
    places in the house, confined to ``size`` cells; those cells lose their other digits."""
    pos = grid.pos
    for h in SE_HOUSES:
        hm = HOUSE_MASK[h]
        if (grid.empty & hm).bit_count() <= 2 * size:
            continue
        places = [pos[d] & hm for d in range(10)]
        for combo, union in confined_sets(size, places):
            keep = 0
            for d in combo:
                keep |= DIGIT_BIT[d]
            elims = hidden_eliminations(grid, union, keep)
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
    why = f"the {COUNT[size]} digits {ds} can only go in {cells_name(union)}, so those cells hold nothing else."
    facts = {"house": h, "digits": combo}
    return set_step(f"Hidden {SIZE_NAME[size]}", h, cells, union, ds, elims, candidates, facts, why)


def _se_subset_rule(kind: str, size: int) -> None:
    plural = {2: "Pairs", 3: "Triplets", 4: "Quads"}[size]
    finder = se_naked_sets if kind == "Naked" else se_hidden_sets

    def rule(grid: Grid) -> Iterator[Step]:
        return finder(grid, size)

    rule.__name__ = f"se_{kind.lower()}_{plural.lower()}"
    rule.__doc__ = f"SE's {kind.lower()} {plural.lower()}, in SE's order."
    se_rule(f"{kind} {plural}", (f"{kind} {SIZE_NAME[size]}",))(rule)


for _size in (2, 3, 4):
    _se_subset_rule("Naked", _size)
    _se_subset_rule("Hidden", _size)
