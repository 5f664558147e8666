"""Simple Colors Trap/Wrap and Multi Colors 1/2 against HoDoKu's regression library and
exemplars."""
import pytest

from helpers import (
    check_path, check_reglib_case, exemplar_sections, reglib_cases, reglib_ids,
)
from sudoku_logic.solver import Solver

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
