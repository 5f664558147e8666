"""XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing against HoDoKu's regression library and
exemplars."""
import pytest

from helpers import (
    check_path, check_reglib_case, exemplar_sections, reglib_cases, reglib_ids,
)
from sudoku_logic.solver import Solver

CODES = {
    "0800": ["XY-Wing"],
    "0801": ["XYZ-Wing"],
    "0802": ["WXYZ-Wing"],
    "0803": ["W-Wing"],
}
CASES = [(c, CODES[c.base_code]) for c in reglib_cases(*CODES)]


@pytest.mark.parametrize("case,techniques", CASES, ids=reglib_ids([c for c, _ in CASES]))
def test_reglib(case, techniques):
    check_reglib_case(case, techniques)
