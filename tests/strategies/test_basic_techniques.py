"""Singles, intersections and subsets against HoDoKu's regression library and exemplars."""

import pytest

from helpers import (
    check_path,
    check_reglib_case,
    exemplar_sections,
    reglib_cases,
    reglib_ids,
)
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.houses import HOUSE_CELLS

CODES = {
    "0000": ["Full House"],
    "0002": ["Hidden Single"],
    "0003": ["Naked Single"],
    "0100": ["Locked Candidates Type 1 (Pointing)"],
    "0101": ["Locked Candidates Type 2 (Claiming)"],
    "0110": ["Locked Pair"],
    "0111": ["Locked Triple"],
    "0200": ["Naked Pair"],
    "0201": ["Naked Triple"],
    "0202": ["Naked Quadruple"],
    "0210": ["Hidden Pair"],
    "0211": ["Hidden Triple"],
    "0212": ["Hidden Quadruple"],
}
CASES = [(c, CODES[c.base_code]) for c in reglib_cases(*CODES)]


@pytest.mark.parametrize("case,techniques", CASES, ids=reglib_ids([c for c, _ in CASES]))
def test_reglib(case, techniques):
    check_reglib_case(case, techniques)


def test_every_code_has_cases():
    codes = {c.base_code for c, _ in CASES}
    assert codes == set(CODES)


SECTIONS = {
    "Locked Candidate Type 1": "Locked Candidates Type 1 (Pointing)",
    "Locked Candidate Type 2": "Locked Candidates Type 2 (Claiming)",
    "Locked Pair": "Locked Pair",
    "Locked Triple": "Locked Triple",
    "Naked Pair": "Naked Pair",
    "Naked Triple": "Naked Triple",
    "Naked Quadruple": "Naked Quadruple",
    "Hidden Pair": "Hidden Pair",
    "Hidden Triple": "Hidden Triple",
    "Hidden Quadruple": "Hidden Quadruple",
}
EXEMPLARS = [(title, p) for title, ps in exemplar_sections().items() if title in SECTIONS for p in ps]


# Filed as Locked Pairs with one elimination ("l2(1)"), which HoDoKu 2.2 does not call locked:
# its pair must eliminate in the box and in the line outside the box (createSubsetStep's
# anzFoundConstraints). HoDoKu 2.2 (and hodoku-py) solve both with a Locked Triple instead.
NOT_LOCKED_IN_HODOKU_2_2 = {
    "....76.8.6...........931.2..2......887.4.9.....481.6.9.19..4..27.5...............": "Locked Triple",
    "...5..8.43.....21..9.......9.7..6....1....3......27...1.......7...248.9...5.9....": "Locked Triple",
}


@pytest.mark.parametrize("title,puzzle", EXEMPLARS, ids=[f"{t}-{i}" for i, (t, _) in enumerate(EXEMPLARS)])
def test_exemplar_uses_its_technique(title, puzzle):
    """Solving in HoDoKu's order uses the technique the puzzle is filed under, every step true."""
    tech = NOT_LOCKED_IN_HODOKU_2_2.get(puzzle, SECTIONS[title])
    result = check_path(puzzle, Solver(order="hodoku"))
    assert tech in [s.technique for s in result.steps]


def test_a_locked_pair_eliminates_in_the_box_and_in_the_line_outside_it():
    """HoDoKu's Locked Pair: a pair of a box-line intersection whose only eliminations are
    in the box (the third intersection cell counts as the box's) is a Naked Pair."""
    from strategies.intersections import locked_pair
    from strategies.subsets import naked_pair
    from sudoku_logic.core.formats import parse

    grid = parse(next(iter(NOT_LOCKED_IN_HODOKU_2_2)))
    path = Solver(order="hodoku").solve(grid).steps
    seen = 0
    for step in path:
        for s in locked_pair(grid):
            line, box = sorted(s.houses, key=lambda h: h >= 18)
            outside = [c for c, _ in s.eliminations if c in HOUSE_CELLS[line] and c not in HOUSE_CELLS[box]]
            assert outside and any(c in HOUSE_CELLS[box] for c, _ in s.eliminations)
        for _s in naked_pair(grid):
            seen += 1
        grid.apply(step)
    assert seen  # the pairs this puzzle has are plain naked pairs
