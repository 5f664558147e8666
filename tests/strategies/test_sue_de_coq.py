"""Sue de Coq against HoDoKu's regression library and exemplars."""

import pytest

from helpers import check_path, check_reglib_case, exemplar_sections, reglib_cases, reglib_ids
from strategies.registry import REGISTRY, lookup
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse

SDC = "Sue de Coq"
CASES = reglib_cases("1101")


@pytest.mark.parametrize("case", CASES, ids=reglib_ids(CASES))
def test_reglib(case):
    check_reglib_case(case, [SDC])


def test_library_has_cases_and_family():
    assert len(CASES) >= 15
    assert REGISTRY[SDC].family == "sue_de_coq"


def _step(case):
    return next(s for s in lookup([SDC])[0].finder(case.grid.copy()) if set(s.eliminations) == set(case.eliminations))


def test_notation_like_hodoku():
    case = next(c for c in CASES if c.digits == "12369")
    step = _step(case)
    assert step.notation == (
        "Sue de Coq: r7c45 - {123689} (r7c28 - {238}, r89c6 - {169}) => "
        "r89c4<>1, r7c3<>2, r7c1<>3, r8c45,r9c4<>6, r8c5<>9"
    )
    assert {r for _, _, r in step.candidates} == {"als1", "als2", "als3"}
    assert "row 7" in step.explanation and "box 8" in step.explanation


def test_extra_digit_in_both_sets_leaves_both_houses():
    """HoDoKu's 2009 extension: an extra digit (not in the intersection) held by both the
    line cells and the box cells is placed in both, so it leaves the rest of both houses."""
    found = 0
    for case in CASES:
        for s in lookup([SDC])[0].finder(case.grid.copy()):
            inter, line, box = (s.detail.split(" (")[0], *s.detail.split(" (")[1].rstrip(")").split(", "))
            vi = set(inter.split("{")[1].rstrip("}"))
            vl = set(line.split("{")[1].rstrip("}"))
            vb = set(box.split("{")[1].rstrip("}"))
            assert not (vl & vb & vi), s.notation
            found += bool((vl & vb) - vi)
    assert found


EXEMPLARS = exemplar_sections()["Sue de Coq"]
#: HoDoKu's path for #26 is "ssts sdc(3) s": its SSTS part may use X-Wing, Swordfish,
#: XY-Wing or colouring (other families, not in this branch); with the basics and Sue de Coq
#: alone the path uses one Sue de Coq and then needs an ALS-XZ, so it is not solved here.
NEEDS_OTHER_FAMILIES = {26}


@pytest.mark.parametrize("puzzle", EXEMPLARS, ids=[f"sdc-{i}" for i in range(len(EXEMPLARS))])
def test_exemplar_uses_sue_de_coq(puzzle):
    """HoDoKu's path is singles (or SSTS), Sue de Coq, singles: with the basic techniques and
    Sue de Coq available, the hodoku-order path solves the puzzle and uses Sue de Coq."""
    result = check_path(puzzle, Solver(["singles", "intersections", "subsets", SDC], order="hodoku"))
    assert result.solved or EXEMPLARS.index(puzzle) in NEEDS_OTHER_FAMILIES
    assert SDC in [s.technique for s in result.steps]


def test_exemplars_also_with_every_technique():
    solver = Solver(order="hodoku")
    for p in EXEMPLARS[:6]:
        assert SDC in [s.technique for s in check_path(p, solver).steps]


def test_nothing_on_a_position_without_intersections():
    grid = parse("123456789456789123789123456214365897365897214897214365531642978642978531978531642")
    assert list(lookup([SDC])[0].finder(grid)) == []
