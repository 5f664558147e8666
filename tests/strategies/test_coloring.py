"""Simple Colors Trap/Wrap and Multi Colors 1/2 against HoDoKu's regression library and
exemplars."""

import pytest

from exemplar_check import check_exemplar
from helpers import check_reglib_case, collection, exemplar_sections, reglib_cases, reglib_ids
from strategies.hodoku.coloring import color_clusters
from strategies.registry import lookup
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse
from sudoku_logic.core.houses import parse_cell

CODES = {
    "0500": ["Simple Colors Trap"],
    "0501": ["Simple Colors Wrap"],
    "0502": ["Multi Colors 1"],
    "0503": ["Multi Colors 2"],
}
CASES = [(c, CODES[c.base_code]) for c in reglib_cases(*CODES)]


@pytest.mark.parametrize("case,techniques", CASES, ids=reglib_ids([c for c, _ in CASES]))
def test_reglib(case, techniques):
    check_reglib_case(case, techniques)


SECTIONS = {
    "Simple Colors": ["Simple Colors Trap", "Simple Colors Wrap"],
    "Multi-Colors": ["Multi Colors 1", "Multi Colors 2"],
}
#: Exemplars made by an older HoDoKu, before Turbot Fish (HoDoKu 2.2 order 3120) came ahead
#: of the colouring techniques (5330): a colour cluster of four cells is a Turbot Fish, so
#: that takes the same elimination first. In exemplar 1 the Turbot Fish's weak link is not a
#: conjugate pair (no trap there). With fish registered, exemplar 1 first meets a plain
#: Swordfish (7 r269 c158, HoDoKu order 1500), which removes the need for Multi Colors 1;
#: the Turbot Fish follows.
PREEMPTED = {
    ("Simple Colors", 1): (("Swordfish", False), "Turbot Fish"),
    ("Simple Colors", 4): (("Turbot Fish", True), None),
    ("Simple Colors", 5): (("Turbot Fish", True), None),
    ("Simple Colors", 6): (("Turbot Fish", True), None),
}
EXEMPLARS = [(t, i, p) for t, ps in exemplar_sections().items() if t in SECTIONS for i, p in enumerate(ps)]


@pytest.mark.parametrize("title,index,puzzle", EXEMPLARS, ids=[f"{t}-{i}" for t, i, _ in EXEMPLARS])
def test_exemplar_uses_its_technique(title, index, puzzle):
    pre, later = PREEMPTED.get((title, index), (None, None))
    check_exemplar(puzzle, SECTIONS[title], pre, later)


def test_sections_with_exemplars():
    # HoDoKu's exemplar file lists no Multi-Colors puzzles
    assert {t for t, _, _ in EXEMPLARS} == {"Simple Colors"}


def test_notation_and_roles():
    line = reglib_cases("0503")[0]
    step = next(lookup(["Multi Colors 2"])[0].finder(line.grid))
    assert step.notation == "Multi Colors 2: 8 (r2c3,r3c5) / (r2c4,r3c2), (r5c2) / (r5c4) => r2c4,r3c2<>8"
    roles = {c: r for c, _, r in step.candidates}
    assert roles[parse_cell("r2c3")] == "on" and roles[parse_cell("r2c4")] == "off"
    assert roles[parse_cell("r5c2")] == "on2" and roles[parse_cell("r5c4")] == "off2"


def test_clusters_alternate():
    """Both ends of every conjugate pair get opposite colours of the same cluster."""
    from sudoku_logic.core.houses import HOUSE_MASK

    basic = Solver(["singles", "intersections", "subsets"])
    for p in collection("top1465.txt", limit=20):
        grid = basic.solve(parse(p)).grid
        for d in range(1, 10):
            clusters = color_clusters(grid, d)
            for h in range(27):
                m = grid.pos[d] & HOUSE_MASK[h]
                if m.bit_count() == 2:
                    assert any(m & a and m & b for a, b in clusters)
            for a, b in clusters:
                assert not a & b
