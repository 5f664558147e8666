"""Sudoku Explainer's Bivalue Universal Grave (BUG) types 1 to 4, found as SE finds them.

A *bivalue universal grave* is a position where every unsolved cell has two candidates and
every candidate appears exactly twice in each house it is in. Such a position has no
solution or more than one (its candidates pair up so that any solution can be re-coloured
into another), so a puzzle with one solution never reaches it. When a few cells (the *BUG
cells*) have extra candidates (the *BUG values*) without which the grid would be such a
grave, at least one BUG cell must hold one of its BUG values:

- Type 1 (BUG + 1): one BUG cell; it keeps only its BUG values.
- Type 2: all BUG cells have the same single BUG value x; one of them is x, so x leaves
  every cell that sees all of them.
- Type 3: the BUG cells share a house; together they act as one cell holding the BUG values,
  which can complete a naked set in that house.
- Type 4: two BUG cells in one house share a digit y that is not a BUG value; y has no
  other place in that house, so each cell is y or one of its BUG values and loses the rest.

The search copies SE's ``BivalueUniversalGrave`` producer: houses by type (boxes, rows,
columns), digits 1 to 9; a digit found neither zero nor two times in a house must have
exactly one place there in a cell of three or more candidates (else, if none, there is no
BUG; if several, the house cannot tell which and another house decides), and that cell and
digit join the BUG cells and values. The BUG values removed, every unsolved cell must be left
with two candidates and every digit with two places per house. Hints are yielded in the
order SE adds them (type 1; else type 2 then type 4; else type 4 then type 3), type 3 by
house type, set size and SE's order of subsets.

Twin of ``sudoku_logic/native/se/bug.c``.
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import se_rule
from strategies.se.order import SE_CELL_HOUSES, SE_HOUSE_CELLS, common_tuple, subsets
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    DIGIT_BIT,
    HOUSE_CELLS,
    MASK_DIGITS,
    MASK_SIZE,
    cell_list,
    cell_name,
    cells_name,
    digits_name,
    house_name,
)
from sudoku_logic.core.step import Step

TECHNIQUES = (
    "Bivalue Universal Grave + 1",
    "Bivalue Universal Grave Type 2",
    "Bivalue Universal Grave Type 3",
    "Bivalue Universal Grave Type 4",
)

#: Houses in SE's order of regions: boxes, rows, columns.
SE_REGIONS = tuple(range(18, 27)) + tuple(range(0, 9)) + tuple(range(9, 18))

SET_NAMES = {2: "Pair", 3: "Triple", 4: "Quad", 5: "Quintuple", 6: "Sextuple"}


class Bug:
    """A BUG found on a position: its cells in the order found, the BUG values of each cell
    and of all, and the cells that see every BUG cell (in SE's order of house cells)."""

    __slots__ = ("cells", "values", "all", "common")

    def __init__(self, cells: list[int], values: dict[int, int], all_values: int, common: list[int]) -> None:
        self.cells, self.values, self.all, self.common = cells, values, all_values, common


def find_bug(grid: Grid) -> Bug | None:
    """SE's BUG pattern on ``grid`` (BUG cells and values), or None when there is none or SE
    gives up on it (two or more BUG cells with two or more BUG values and no cell seeing them all)."""
    cands = grid.cands
    twin = list(cands)
    cells: list[int] = []
    values: dict[int, int] = {}
    all_values = 0
    common: list[int] | None = None
    for h in SE_REGIONS:
        house = HOUSE_CELLS[h]
        for v in range(1, 10):
            bit = DIGIT_BIT[v]
            where = [c for c in house if cands[c] & bit]
            if len(where) in (0, 2):
                continue
            big = [c for c in where if MASK_SIZE[cands[c]] >= 3]
            if not big:
                return None  # a digit three times in a house, all in bivalue cells
            if len(big) > 1:
                continue  # this house cannot tell which cell holds the extra digit
            c = big[0]
            if c not in cells:
                cells.append(c)
            values[c] = values.get(c, 0) | bit
            all_values |= bit
            twin[c] &= ~bit
            peers = SE_HOUSE_CELLS[c]
            if common is None:
                common = list(peers)
            else:
                keep = set(peers)
                common = [x for x in common if x in keep]
            common = [x for x in common if x not in cells]
            if len(cells) > 1 and MASK_SIZE[all_values] > 1 and not common:
                return None
    for c in range(81):
        if not grid.values[c] and MASK_SIZE[twin[c]] != 2:
            return None
    for house in HOUSE_CELLS:
        for v in range(1, 10):
            if sum(1 for c in house if twin[c] & DIGIT_BIT[v]) not in (0, 2):
                return None
    return Bug(cells, values, all_values, common or [])


def _shared_house(cells: list[int], t: int) -> int:
    """The house of type ``t`` (0 box, 1 row, 2 column) holding all of ``cells``, or -1."""
    houses = {SE_CELL_HOUSES[c][t] for c in cells}
    return houses.pop() if len(houses) == 1 else -1


def _type3(grid: Grid, bug: Bug) -> Iterator[tuple[int, int, list[int], list]]:
    """SE's BUG type 3: (house, naked digits, other cells of the naked set, eliminations)."""
    cands = grid.cands
    for t in range(3):
        h = _shared_house(bug.cells, t)
        if h < 0:
            continue
        region = [c for c in bug.common if SE_CELL_HOUSES[c][t] == h]
        for degree in range(2, 7):
            if len(region) < degree:
                continue
            for idx in subsets(degree - 1, len(region)):
                naked = [region[i] for i in idx]
                union = 0
                for c in naked:
                    union |= cands[c]
                if MASK_SIZE[union] != degree:
                    continue
                digits = common_tuple([cands[c] for c in naked] + [bug.all], degree)
                if not digits:
                    continue
                rest = [c for c in region if c not in naked and c not in bug.cells]
                elims = [(c, d) for c in rest for d in MASK_DIGITS[cands[c] & digits]]
                if elims:
                    yield h, digits, naked, elims


def _type4(grid: Grid, bug: Bug) -> Iterator[tuple[int, int, list]]:
    """SE's BUG type 4 on two BUG cells: (house, shared digit, eliminations) per house type."""
    cands = grid.cands
    c1, c2 = bug.cells
    shared = cands[c1] & cands[c2] & ~bug.all
    if MASK_SIZE[shared] != 1:
        return
    y = MASK_DIGITS[shared][0]
    for t in range(3):
        h = _shared_house(bug.cells, t)
        if h < 0:
            continue
        elims = [(c, d) for c in (c1, c2) for d in MASK_DIGITS[cands[c] & ~bug.values[c] & ~shared]]
        yield h, y, elims


# ---------------------------------------------------------------- steps


def _marks(grid: Grid, bug: Bug) -> list[tuple[int, int, str]]:
    cands = grid.cands
    return [
        (c, d, "fin" if bug.values.get(c, 0) & DIGIT_BIT[d] else "pattern")
        for c in cell_list(grid.empty)
        for d in MASK_DIGITS[cands[c]]
    ]


def _names(cells, last: str = "or") -> str:
    names = [cell_name(c) for c in cells]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


def _grave(bug: Bug) -> str:
    extra = "; ".join(f"{cell_name(c)} {digits_name(bug.values[c], ' and ')}" for c in sorted(bug.cells))
    return (
        f"Without the extra candidates ({extra}) every unsolved cell would have two candidates "
        f"and every digit two places in each house: a bivalue universal grave, which has no "
        f"solution or more than one"
    )


def _step(grid: Grid, bug: Bug, name: str, elims, detail: str, why: str, houses=(), facts: dict | None = None) -> Step:
    return Step(
        name,
        eliminations=sorted(elims),
        cells=sorted(bug.cells),
        candidates=_marks(grid, bug),
        houses=list(houses),
        detail=detail,
        explanation=f"{_grave(bug)}. {why}",
        facts=facts,
    )


def bug_steps(grid: Grid) -> Iterator[Step]:
    """Every hint of SE's BUG producer on ``grid``, in the order SE adds them."""
    bug = find_bug(grid)
    if bug is None:
        return
    cands = grid.cands
    n = len(bug.cells)
    if n == 1:
        c = bug.cells[0]
        yield bug_step(grid, bug, 1, [(c, d) for d in MASK_DIGITS[cands[c] & ~bug.all]])
    elif MASK_SIZE[bug.all] == 1:
        x = MASK_DIGITS[bug.all][0]
        seen = [c for c in bug.common if cands[c] & bug.all]
        if seen:
            yield bug_step(grid, bug, 2, [(c, x) for c in seen])
        if n == 2:
            for h, y, elims in _type4(grid, bug):
                yield bug_step(grid, bug, 4, elims, house=h, digit=y)
    elif bug.common:
        if n == 2:
            for h, y, elims in _type4(grid, bug):
                yield bug_step(grid, bug, 4, elims, house=h, digit=y)
        for h, digits, naked, elims in _type3(grid, bug):
            yield bug_step(grid, bug, 3, elims, house=h, digits=digits, naked=naked)


def bug_step(
    grid: Grid,
    bug: Bug,
    kind: int,
    elims,
    house: int = -1,
    digit: int = 0,
    digits: int = 0,
    naked: list[int] | None = None,
) -> Step:
    """The step of a BUG hint of type ``kind`` (1-4) with its eliminations: type 3 names
    its house, naked set digits and cells, type 4 its house and shared digit ``digit``."""
    n = len(bug.cells)
    if kind == 1:
        c = bug.cells[0]
        keep = digits_name(bug.all, " or ")
        return _step(
            grid,
            bug,
            "Bivalue Universal Grave + 1",
            elims,
            cell_name(c),
            f"So {cell_name(c)} is {keep} and loses its other candidates.",
        )
    if kind == 2:
        x = MASK_DIGITS[bug.all][0]
        return _step(
            grid,
            bug,
            "Bivalue Universal Grave Type 2",
            elims,
            f"{x} in {cells_name(bug.cells)}",
            f"So one of {_names(sorted(bug.cells))} is {x}, and every cell that sees "
            f"{'both' if n == 2 else 'all of them'} loses {x}.",
        )
    if kind == 4:
        c1, c2 = sorted(bug.cells)
        y = digit
        return _step(
            grid,
            bug,
            "Bivalue Universal Grave Type 4",
            elims,
            f"{digits_name(bug.all)} in {cells_name(bug.cells)}, {y} in {house_name(house)}",
            f"So {cell_name(c1)} is {digits_name(bug.values[c1], ' or ')} or {cell_name(c2)} is "
            f"{digits_name(bug.values[c2], ' or ')}. In {house_name(house, False)}, {y} can only go in "
            f"these two cells, so one of them is {y}: each is {y} or an extra candidate of its own, "
            f"and loses its last candidate.",
            houses=[house],
        )
    naked = naked or []
    size = MASK_SIZE[digits]
    set_name = SET_NAMES.get(size, str(size))
    return _step(
        grid,
        bug,
        "Bivalue Universal Grave Type 3",
        elims,
        f"{digits_name(bug.all)} in {cells_name(bug.cells)} + Naked {set_name} "
        f"{digits_name(digits)} in {'/'.join(cell_name(c) for c in sorted(bug.cells))},{cells_name(naked)}",
        f"So at least one of {_names(sorted(bug.cells))} holds {digits_name(bug.all, ' or ')}: "
        f"together they act as one cell with those digits, which with "
        f"{_names(naked, 'and')} makes a naked {set_name.lower()} of {digits_name(digits, ', ')} "
        f"in {house_name(house, False)}; those digits leave its other cells.",
        houses=[house],
        facts={"subset": size},
    )


@se_rule("Bivalue Universal Graves", TECHNIQUES, needs_unique=True)
def bivalue_universal_graves(grid: Grid) -> Iterator[Step]:
    """SE's BUG types 1-4 on ``grid`` in the order SE's solver takes them; type 3 steps carry
    ``facts["subset"]``, the size of the naked set."""
    return bug_steps(grid)
