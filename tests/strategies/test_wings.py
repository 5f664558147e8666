"""XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing against HoDoKu's regression library and
exemplars."""

import pytest

from exemplar_check import check_exemplar
from helpers import (
    assert_step_true_in_position,
    check_reglib_case,
    collection,
    exemplar_sections,
    reglib_cases,
    reglib_ids,
)
from strategies.registry import lookup
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse

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


SECTIONS = {
    "XY-Wing": ["XY-Wing"],
    "XYZ-Wing": ["XYZ-Wing"],
    "W-Wing": ["W-Wing"],
    "WXYZ-Wing": ["WXYZ-Wing"],
}
EXEMPLARS = [(t, i, p) for t, ps in exemplar_sections().items() if t in SECTIONS for i, p in enumerate(ps)]


@pytest.mark.parametrize("title,index,puzzle", EXEMPLARS, ids=[f"{t}-{i}" for t, i, _ in EXEMPLARS])
def test_exemplar_uses_its_technique(title, index, puzzle):
    check_exemplar(puzzle, SECTIONS[title])


def test_sections_with_exemplars():
    # HoDoKu's exemplar file has no WXYZ-Wing puzzles (HoDoKu has no such technique)
    assert {t for t, _, _ in EXEMPLARS} == set(SECTIONS) - {"WXYZ-Wing"}


def test_notation_matches_hodoku():
    """HoDoKu's own sample output (WingSolver.main) for two reglib lines."""
    lines = {
        ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::": (
            "W-Wing",
            "W-Wing: 4/1 in r1c9,r8c7 connected by 1 in r18c3 => r123c7,r89c9<>4",
        ),
        ":0800:123:..+8+2..57.+7.+54....+8..9+8+57...4+5+17+2+98+6+3+2765+83+94+1+9+8+3+6+1+4+7+526+9+23+4+5+1+8+7537+168...+81+4+9+726+3+5::337::": (
            "XY-Wing",
            "XY-Wing: 1/2/3 in r2c7,r3c18 => r3c7<>3",
        ),
    }
    for line, (tech, text) in lines.items():
        finder = lookup([tech])[0].finder
        assert [s.notation for s in finder(parse(line))] == [text]


def test_roles():
    """The pivot's candidates are highlighted as 'pivot', the pincers' as 'pincer'."""
    line = ":0800:123:..+8+2..57.+7.+54....+8..9+8+57...4+5+17+2+98+6+3+2765+83+94+1+9+8+3+6+1+4+7+526+9+23+4+5+1+8+7537+168...+81+4+9+726+3+5::337::"
    step = next(lookup(["XY-Wing"])[0].finder(parse(line)))
    pivot = step.cells[0]
    assert {r for c, _, r in step.candidates if c == pivot} == {"pivot"}
    assert {r for c, _, r in step.candidates if c != pivot} == {"pincer"}


def wxyz_positions():
    basic = Solver(["singles", "intersections", "subsets"])
    out = []
    for p in collection("top1465.txt", limit=60):
        out.append(basic.solve(parse(p)).grid)
    return out


def test_wxyz_wing_steps_are_sound_and_well_formed():
    """No reglib cases exist for WXYZ-Wing (0802): on stuck top1465 positions every WXYZ-Wing
    has a pivot seeing three pincers, four digits, z in at least two cells, each elimination
    seeing every z cell of the pattern, and agrees with the DLX solution."""
    from sudoku_logic.core.houses import DIGIT_BIT, MASK_SIZE, PEERS

    finder = lookup(["WXYZ-Wing"])[0].finder
    found = 0
    for grid in wxyz_positions():
        for s in finder(grid):
            assert_step_true_in_position(grid, s)
            pivot, *pincers = s.cells
            assert len(pincers) == 3 and all(PEERS[pivot] >> q & 1 for q in pincers)
            union = 0
            for c in s.cells:
                union |= grid.cands[c]
            assert MASK_SIZE[union] == 4
            z = s.eliminations[0][1]
            zcells = [c for c in s.cells if grid.cands[c] & DIGIT_BIT[z]]
            assert len(zcells) >= 2
            for c, d in s.eliminations:
                assert d == z and all(PEERS[c] >> x & 1 for x in zcells)
            found += 1
    assert found > 0
