"""Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle and the duals against HoDoKu's
regression library and exemplars."""
import pytest

from helpers import (
    check_path, check_reglib_case, exemplar_sections, reglib_cases, reglib_ids,
)
from sudoku_logic.formats import parse
from sudoku_logic.solver import Solver
from strategies._pattern_tools import hodoku_cells
from strategies.registry import lookup

CODES = {
    "0400": ["Skyscraper"],
    "0401": ["2-String Kite"],
    "0402": ["Empty Rectangle"],
    "0403": ["Turbot Fish"],
    "0404": ["Dual 2-String Kite"],
    "0405": ["Dual Empty Rectangle"],
}
CASES = [(c, CODES[c.base_code]) for c in reglib_cases(*CODES)]


@pytest.mark.parametrize("case,techniques", CASES, ids=reglib_ids([c for c, _ in CASES]))
def test_reglib(case, techniques):
    check_reglib_case(case, techniques)


def test_every_code_has_cases():
    assert {c.base_code for c, _ in CASES} == set(CODES)
