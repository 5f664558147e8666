"""Intersections: Locked Candidates Type 1 (Pointing) and Type 2 (Claiming), Locked Pair and
Locked Triple (a naked pair or triple inside a box-line intersection); Sudoku Explainer's
pointing and claiming (:mod:`strategies.se.intersections`) make their steps here too."""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import technique
from strategies.subsets import naked_sets
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    CELL_HOUSES,
    HOUSE_MASK,
    MASK_DIGITS,
    cell_list,
    cells_name,
    digits_name,
    house_name,
)
from sudoku_logic.core.step import Step


def _line_box_pairs():
    """(line, box, 81-bit intersection) for each of the 54 box-line intersections."""
    out = []
    for b in range(18, 27):
        for line in range(18):
            m = HOUSE_MASK[b] & HOUSE_MASK[line]
            if m:
                out.append((line, b, m))
    return out


INTERSECTIONS = _line_box_pairs()
_BOXES = range(18, 27)
_LINES = range(18)
#: Each cell's row and column, and its box (house indexes).
_LINES_OF: list[tuple[int, ...]] = [houses[:2] for houses in CELL_HOUSES]
_BOX_OF: list[tuple[int, ...]] = [houses[2:] for houses in CELL_HOUSES]


@technique("Locked Candidates Type 1 (Pointing)", local="house")
def pointing(grid: Grid, houses: int | None = None) -> Iterator[Step]:
    """All of a digit's places in a box lie in one line: the rest of the line loses it
    (only where the box or the line is in ``houses``, a 27-bit set, when given)."""
    # HoDoKu's order: box by box, digits in each
    return _locked_candidates(grid, _BOXES, _LINES_OF, houses)


@technique("Locked Candidates Type 2 (Claiming)", local="house")
def claiming(grid: Grid, houses: int | None = None) -> Iterator[Step]:
    """All of a digit's places in a line lie in one box: the rest of the box loses it (only
    where the line or the box is in ``houses`` when given)."""
    # HoDoKu's order: rows, then columns, digits in each
    return _locked_candidates(grid, _LINES, _BOX_OF, houses)


def _locked_candidates(grid: Grid, bases: range, crossing: list[tuple[int, ...]], houses: int | None) -> Iterator[Step]:
    """For each house of ``bases`` and digit, the digit's two or more places there all in one
    house of ``crossing[cell]`` (the houses across it of any cell in it): the rest of that house loses it."""
    pos = grid.pos
    for base in bases:
        hm = HOUSE_MASK[base]
        for d in range(1, 10):
            p = pos[d]
            inside = p & hm
            if not inside or inside & (inside - 1) == 0:
                continue  # a single place is a hidden single, not a locked candidate
            for cover in crossing[inside.bit_length() - 1]:
                if houses is not None and not (houses >> base | houses >> cover) & 1:
                    continue
                if inside & HOUSE_MASK[cover] == inside:
                    elim = p & HOUSE_MASK[cover] & ~hm
                    if elim:
                        yield locked_candidates_step(d, base, cover, inside, elim)


def locked_candidates_name(base: int) -> str:
    """Pointing when the house whose places lie in another is a box, else claiming."""
    return "Locked Candidates Type 1 (Pointing)" if base >= 18 else "Locked Candidates Type 2 (Claiming)"


def locked_candidates_step(d: int, base: int, cover: int, inside: int, elim: int, facts: dict | None = None) -> Step:
    """Pointing (``base`` a box) or claiming: ``d``'s places ``inside`` house ``base`` all lie in
    house ``cover``, whose cells ``elim`` (81-bit sets) lose it."""
    cells = cell_list(inside)
    return Step(
        locked_candidates_name(base),
        eliminations=[(c, d) for c in cell_list(elim)],
        cells=cells,
        houses=[base, cover],
        candidates=[(c, d, "pattern") for c in cells],
        detail=f"{d} in {house_name(base)}",
        facts=facts,
        explanation=f"In {house_name(base, False)}, {d} can only go in {cells_name(inside)}, "
        f"all in {house_name(cover, False)}; so {d} is not elsewhere in "
        f"{house_name(cover, False)}.",
    )


def _locked_subsets(grid: Grid, size: int, name: str, houses: int | None = None) -> Iterator[Step]:
    """Naked subsets of ``size`` cells inside a box-line intersection, eliminating in the
    box and in the line outside the box (only intersections whose line or box is in
    ``houses`` when given)."""
    cands = grid.cands
    by_size = grid.cells_by_size()
    small = 0  # empty cells with 2..size candidates
    for n in range(1, size):
        small |= by_size[n]
    for line, b, inter in INTERSECTIONS:
        if (inter & small).bit_count() < size:
            continue
        if houses is not None and not (houses >> b | houses >> line) & 1:
            continue
        for combo, cm, union, elims in naked_sets(
            grid, cell_list(inter & small), size, HOUSE_MASK[line] | HOUSE_MASK[b]
        ):
            # as HoDoKu: locked when it eliminates in the box and in the line outside the box
            in_line = any(HOUSE_MASK[line] >> c & 1 and not HOUSE_MASK[b] >> c & 1 for c, _ in elims)
            in_box = any(HOUSE_MASK[b] >> c & 1 for c, _ in elims)
            if not (in_line and in_box):
                continue  # eliminating in one house only is a plain naked subset
            ds = digits_name(union)
            yield Step(
                name,
                eliminations=sorted(elims),
                cells=list(combo),
                houses=[b, line],
                candidates=[(c, d, "pattern") for c in combo for d in MASK_DIGITS[cands[c]]],
                detail=f"{ds} in {cells_name(cm)}",
                explanation=f"{cells_name(cm)} hold only {digits_name(union, ' and ' if size == 2 else ', ')} between them, "
                f"and they share {house_name(b, False)} and {house_name(line, False)}; "
                f"so these digits are not elsewhere in either house.",
            )


@technique("Locked Pair", local="house")
def locked_pair(grid: Grid, houses: int | None = None) -> Iterator[Step]:
    """Two cells of a box-line intersection holding the same two digits only."""
    return _locked_subsets(grid, 2, "Locked Pair", houses)


@technique("Locked Triple", local="house")
def locked_triple(grid: Grid, houses: int | None = None) -> Iterator[Step]:
    """Three cells of a box-line intersection holding three digits only between them."""
    return _locked_subsets(grid, 3, "Locked Triple", houses)
