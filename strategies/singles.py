"""Singles: Full House, Naked Single, Hidden Single (HoDoKu's finders), and the steps Sudoku
Explainer's singles (:mod:`strategies.se.singles`) share."""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import technique
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    HOUSE_MASK,
    MASK_DIGITS,
    cell_list,
    cell_name,
    house_name,
    union_peers,
)
from sudoku_logic.core.step import Step, lazy_step

#: Houses in the order Hidden Single looks at them: boxes (easier to see) before lines.
_HIDDEN_ORDER = list(range(18, 27)) + list(range(0, 18))


def full_house_step(cell: int, d: int, h: int) -> Step:
    """The Full House placing ``d`` in ``cell``, the last empty cell of house ``h`` (its
    text is written when first read)."""

    def text() -> dict:
        return dict(
            cells=[cell],
            houses=[h],
            candidates=[(cell, d, "pattern")],
            explanation=f"{cell_name(cell)} is the last empty cell of {house_name(h, False)}, "
            f"so it takes the missing digit {d}.",
        )

    return lazy_step("Full House", text, [(cell, d)], [])


def naked_single_step(cell: int, d: int) -> Step:
    """The Naked Single placing ``d``, the last candidate of ``cell`` (its text is written
    when first read)."""

    def text() -> dict:
        return dict(
            cells=[cell],
            candidates=[(cell, d, "pattern")],
            explanation=f"{cell_name(cell)} has only one candidate left, {d}: every other digit "
            f"is already in its row, column or box.",
        )

    return lazy_step("Naked Single", text, [(cell, d)], [])


#: the fact a scale needs of a hidden single: the kind of house it is in (SE rates a box
#: lower than a line)
_HOUSE_KIND = [{"house": "row"}] * 9 + [{"house": "col"}] * 9 + [{"house": "box"}] * 9


def hidden_single_step(cell: int, d: int, h: int) -> Step:
    """The Hidden Single placing ``d`` in ``cell``, its one place in house ``h`` (its facts
    name the kind of house, which SE rates; its text is written when first read)."""

    def text() -> dict:
        return dict(
            cells=[cell],
            houses=[h],
            candidates=[(cell, d, "pattern")],
            explanation=f"In {house_name(h, False)}, {d} can only go in {cell_name(cell)}.",
        )

    return lazy_step("Hidden Single", text, [(cell, d)], [], facts=_HOUSE_KIND[h])


@technique("Full House", local="house")
def full_house(grid: Grid, houses: int | None = None) -> Iterator[Step]:
    """A house with one empty cell left: that cell takes the missing digit (only in
    ``houses``, a 27-bit set, when given)."""
    empty = grid.empty
    seen = set()
    for h in range(27):
        if houses is not None and not houses >> h & 1:
            continue
        m = empty & HOUSE_MASK[h]
        if m and m & (m - 1) == 0:
            cell = m.bit_length() - 1
            if cell in seen:
                continue
            seen.add(cell)
            cands = MASK_DIGITS[grid.cands[cell]]
            if len(cands) != 1:
                continue  # broken position; the contradiction check reports it
            d = cands[0]
            yield full_house_step(cell, d, h)


@technique("Naked Single", local="house")
def naked_single(grid: Grid, houses: int | None = None) -> Iterator[Step]:
    """A cell with one candidate left takes it (only cells of ``houses`` when given)."""
    cands = grid.cands
    single = grid.cells_by_size()[0]
    if houses is not None and single:
        single &= union_peers(houses, HOUSE_MASK)  # the cells of those houses
    for cell in cell_list(single):
        d = cands[cell].bit_length()
        yield naked_single_step(cell, d)


@technique("Hidden Single", local="house")
def hidden_single(grid: Grid, houses: int | None = None) -> Iterator[Step]:
    """A digit with one place left in a house goes there (boxes first, then lines; only in
    ``houses`` when given)."""
    pos = grid.pos
    placed = grid.placed
    seen = set()
    for h in _HIDDEN_ORDER:
        if houses is not None and not houses >> h & 1:
            continue
        hm = HOUSE_MASK[h]
        for d in range(1, 10):
            m = pos[d] & hm
            if m and m & (m - 1) == 0 and not placed[d] & hm:
                cell = m.bit_length() - 1
                if (cell, d) in seen:
                    continue
                seen.add((cell, d))
                yield hidden_single_step(cell, d, h)
