"""Singles, intersections and subsets against HoDoKu's regression library and exemplars."""
import pytest

from helpers import (
    check_path, check_reglib_case, exemplar_sections, reglib_cases, reglib_ids,
)
from sudoku_logic.solver import Solver

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


@pytest.mark.parametrize("title,puzzle", EXEMPLARS, ids=[f"{t}-{i}" for i, (t, _) in enumerate(EXEMPLARS)])
def test_exemplar_uses_its_technique(title, puzzle):
    """Solving in HoDoKu's order uses the technique the puzzle is filed under, every step true."""
    tech = SECTIONS[title]
    result = check_path(puzzle, Solver(order="hodoku"))
    assert tech in [s.technique for s in result.steps]
