"""Uniqueness techniques against HoDoKu's regression library, its exemplars and solve paths.

Exemplars carry HoDoKu's path as a comment (``# s u1(2) s``): ``s`` means singles only before
the technique, ``ssts`` the Simple Sudoku Technique Set (singles, intersections, subsets,
X-Wing, Swordfish, Jellyfish, XY-Wing), ``x`` anything. Each exemplar is solved in HoDoKu's
order with the techniques its path allows before the filed technique, so that other families
cannot change the route: ``s`` with the basic techniques plus uniqueness, ``ssts`` adding the
SSTS techniques (skipped until those are registered); ``x`` like ``s``, skipped (after checking
the full solve path) where the basic techniques get stuck before the filed technique.
"""

import re

import pytest

from grading.scales import all_techniques
from grading.tables import RATINGS
from helpers import (
    EXEMPLARS,
    assert_step_true,
    check_path,
    check_reglib_case,
    collection,
    reglib_cases,
    reglib_ids,
)
from strategies.registry import REGISTRY, lookup
from sudoku_logic.api.solver import Solver
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse
from sudoku_logic.core.houses import cells_name as hodoku_cells

CODES = {
    "0600": ["Uniqueness Test 1"],
    "0601": ["Uniqueness Test 2"],
    "0602": ["Uniqueness Test 3"],
    "0603": ["Uniqueness Test 4"],
    "0604": ["Uniqueness Test 5"],
    "0605": ["Uniqueness Test 6"],
    "0606": ["Hidden Rectangle"],
    "0607": ["Avoidable Rectangle Type 1"],
    "0608": ["Avoidable Rectangle Type 2"],
    "0610": ["Bivalue Universal Grave + 1"],
}
NAMES = [n for names in CODES.values() for n in names]
CASES = [(c, CODES[c.base_code]) for c in reglib_cases(*CODES)]


@pytest.mark.parametrize("case,techniques", CASES, ids=reglib_ids([c for c, _ in CASES]))
def test_reglib(case, techniques):
    check_reglib_case(case, techniques)


def test_every_code_has_cases():
    assert {c.base_code for c, _ in CASES} == set(CODES)
    assert any(c.fail_case for c, _ in CASES)


def test_registered_as_uniqueness_techniques():
    all_techniques()
    for name in NAMES:
        t = REGISTRY[name]
        assert t.needs_unique and t.family == "uniqueness" and t.default


# ---------------------------------------------------------------- notation


def _first(code: str, name: str):
    case = next(c for c, _ in CASES if c.code == code)
    return next(lookup([name])[0].finder(case.grid.copy()))


def test_notation_like_hodoku():
    step = _first("0600-1", "Uniqueness Test 1")
    assert step.notation.startswith("Uniqueness Test 1: 2/3 in r2c79,r9c79 => r2c7<>")
    assert sorted(step.cells) == [15, 17, 78, 80]
    assert sorted(step.eliminations) == [(15, 2), (15, 3)]
    assert {(c, d) for c, d, role in step.candidates if role == "pattern"} >= {(15, 2), (15, 3), (17, 2)}
    assert {(c, d) for c, d, role in step.candidates if role == "fin"}
    assert "deadly pattern" in step.explanation
    bug = _first("0610", "Bivalue Universal Grave + 1")
    assert bug.notation == "Bivalue Universal Grave + 1: r7c3 => r7c3<>3, r7c3<>6"
    assert "so r7c3 is 4" in bug.explanation
    ur3 = _first("0602-1", "Uniqueness Test 3")
    assert any(role == "fin" for _, _, role in ur3.candidates)
    ar2 = _first("0608-1", "Avoidable Rectangle Type 2")
    assert ar2.detail == "3/7 in r7c37,r8c37"
    assert [(c, d) for c, d, role in ar2.candidates if role == "endofin"] == [(56, 9), (65, 9)]


def test_hodoku_cell_print():
    assert hodoku_cells([40, 41, 67, 68]) == "r5c56,r8c56"
    assert hodoku_cells([43, 44, 70, 71]) == "r5c89,r8c89"
    assert hodoku_cells([10, 28, 19, 37]) == "r2345c2"
    assert hodoku_cells([0, 10]) == "r1c1,r2c2"
    assert hodoku_cells([0, 9, 1]) == "r1c12,r2c1"


def test_avoidable_rectangles_need_placed_cells_and_unique_givens():
    """Avoidable rectangles use placed (not given) cells, and only when the givens alone
    have one solution (HoDoKu's rule)."""
    for code, name in (("0607-1", "Avoidable Rectangle Type 1"), ("0608-1", "Avoidable Rectangle Type 2")):
        case = next(c for c, _ in CASES if c.code == code)
        finder = lookup([name])[0].finder
        grid = case.grid.copy()
        assert next(finder(grid), None) is not None
        grid.givens = grid.filled()  # every value a given: nothing could be swapped
        assert next(finder(grid), None) is None
        grid.givens = 0  # no givens: the givens alone do not have one solution
        assert next(finder(grid), None) is None


# ---------------------------------------------------------------- exemplars

TECH_OF_SECTION = {
    "Uniqueness Test Type 1": "Uniqueness Test 1",
    "Uniqueness Test Type 2": "Uniqueness Test 2",
    "Uniqueness Test Type 3": "Uniqueness Test 3",
    "Uniqueness Test Type 4": "Uniqueness Test 4",
    "Uniqueness Test Type 5": "Uniqueness Test 5",
    "Uniqueness Test Type 6": "Uniqueness Test 6",
    "Hidden Rectangle": "Hidden Rectangle",
    "Avoidable Rectangle Type 1": "Avoidable Rectangle Type 1",
    "Avoidable Rectangle Type 2": "Avoidable Rectangle Type 2",
    "Bivalue Universal Grave + 1": "Bivalue Universal Grave + 1",
}
BASIC = ["singles", "intersections", "subsets"]
SSTS = ["X-Wing", "Swordfish", "Jellyfish", "XY-Wing"]


def _exemplars() -> list[tuple[str, int, str, str]]:
    """(section title, index, puzzle, HoDoKu path) of the uniqueness exemplars."""
    out, title, n = [], None, 0
    for ln in open(EXEMPLARS):
        m = re.match(r"#(\d{4}):?\s*(.*)", ln)
        if m:
            title, n = m.group(2).strip(), 0
            continue
        if title in TECH_OF_SECTION and re.match(r"[0-9.]{81}", ln):
            out.append((title, n, ln[:81], ln[81:].strip().lstrip("#").strip()))
            n += 1
    return out


UEX = _exemplars()


def _solver_for(path: str) -> Solver:
    """The techniques HoDoKu's path allows before the filed technique (``x``: basics only, as
    HoDoKu does not say which technique it used)."""
    if path.split()[0] == "ssts":
        missing = [n for n in SSTS if n not in REGISTRY]
        if missing:
            pytest.skip(f"HoDoKu's path needs {', '.join(missing)} first: not registered here")
        return Solver(BASIC + SSTS + ["uniqueness"], order="hodoku")
    return Solver(BASIC + ["uniqueness"], order="hodoku")


def _preempted_by(puzzle: str, result, tech: str):
    """The step of an earlier uniqueness technique applied on a rectangle where ``tech``
    was available too (so HoDoKu's order legitimately puts it first), or None."""
    finder = lookup([tech])[0].finder
    order = RATINGS[tech].order
    grid = parse(puzzle)
    for step in result.steps:
        if step.technique in TECH_OF_SECTION.values() and RATINGS[step.technique].order < order:
            mine = [s for s in finder(grid) if sorted(s.cells) == sorted(step.cells)]
            if mine:
                return step, mine[0]
        grid.apply(step)
    return None


def test_exemplars_found():
    assert {t for t, _, _, _ in UEX} == set(TECH_OF_SECTION)


@pytest.mark.parametrize("title,index,puzzle,path", UEX, ids=[f"{t}-{i}" for t, i, _, _ in UEX])
def test_exemplar_uses_its_technique(title, index, puzzle, path):
    """Solving in HoDoKu's order (with the techniques HoDoKu's path used before) applies the
    technique the puzzle is filed under, every step true. Where an earlier uniqueness test on
    the same rectangle comes first in HoDoKu's order (four Uniqueness Test 4 exemplars meet a
    Uniqueness Test 3 on the same rectangle), the filed technique must be available there."""
    tech = TECH_OF_SECTION[title]
    result = check_path(puzzle, _solver_for(path))
    if tech in [s.technique for s in result.steps]:
        return
    if _preempted_by(puzzle, result, tech) is not None:
        return
    if path.split()[0] == "x" and not result.solved:
        # HoDoKu's path needs an unnamed technique first: check our full path is true instead
        check_path(puzzle, Solver(order="hodoku"))
        pytest.skip(
            f"stuck before {tech} with singles, intersections and subsets: HoDoKu's path "
            f"({path}) needs another technique first"
        )
    raise AssertionError(
        f"{tech} not used: "
        + "; ".join(
            s.notation for s in result.steps if s.technique not in ("Full House", "Naked Single", "Hidden Single")
        )
    )


PREEMPTED_UR4 = [(p, path) for t, _, p, path in UEX if t == "Uniqueness Test Type 4" and path.startswith("ssts")]


def test_ur4_exemplars_meet_ur3_on_the_same_rectangle_first():
    """With singles, intersections and subsets only, three of the Uniqueness Test 4 exemplars
    reach a rectangle that also gives a Uniqueness Test 3, which HoDoKu's order tries first."""
    solver = Solver(BASIC + ["uniqueness"], order="hodoku")
    hits = 0
    for puzzle, _ in PREEMPTED_UR4:
        result = check_path(puzzle, solver)
        pre = _preempted_by(puzzle, result, "Uniqueness Test 4")
        if pre is not None:
            ur3, ur4 = pre
            assert ur3.technique == "Uniqueness Test 3" and ur3.detail == ur4.detail
            hits += 1
    assert hits >= 3


# ---------------------------------------------------------------- when uniqueness is not allowed

#: An exemplar with one given removed: two solutions, and a Uniqueness Test 2 that would
#: eliminate a candidate one of them needs.
TWO_SOLUTIONS = ".9....1.....73..2.52......81.3.47.......6..3.8.......57.68.4...9..........1.....4"


def test_multi_solution_puzzle_never_uses_uniqueness():
    grid = parse(TWO_SOLUTIONS)
    sols = dlx.solutions(grid, 10)
    assert len(sols) == 2
    plain = Solver(order="hodoku", uniqueness=False).solve(grid)
    # the finders alone would fire on the way, and wrongly for one of the two solutions
    pos = grid.copy()
    fired = None
    for step in plain.steps:
        fired = next(lookup(["Uniqueness Test 2"])[0].finder(pos), None)
        if fired:
            break
        pos.apply(step)
    assert fired is not None
    assert any(sol[c] == d for sol in sols for c, d in fired.eliminations)
    for order in ("hodoku", "se"):
        result = Solver(order=order).solve(grid)
        assert not [s for s in result.steps if s.technique in NAMES]
        for step in result.steps:
            for sol in sols:
                assert_step_true(sol, step)


def test_uniqueness_false_never_uses_them():
    solver = Solver(order="hodoku", uniqueness=False)
    assert not [t for t in solver.policy.techniques if t.needs_unique]
    with_u = Solver(BASIC + ["uniqueness"], order="hodoku")
    without = Solver(BASIC + ["uniqueness"], order="hodoku", uniqueness=False)
    for title, _, puzzle, path in UEX:
        if path.startswith("s "):
            assert TECH_OF_SECTION[title] in [s.technique for s in check_path(puzzle, with_u).steps]
            assert not [s for s in check_path(puzzle, without).steps if s.technique in NAMES]


# ---------------------------------------------------------------- solve paths


@pytest.mark.parametrize("name", ["qqwing_expert.txt", "top1465.txt"])
def test_sample_paths_true(name):
    """100 puzzles each, solved in HoDoKu's order with the basic techniques and the uniqueness
    family (the full solver's paths are checked by test_paths.py and the sweep below); every
    step agrees with the DLX solution, and the uniqueness techniques do get used on the way."""
    solver = Solver(BASIC + ["uniqueness"], order="hodoku")
    used = set()
    for p in collection(name, 100):
        used.update(s.technique for s in check_path(p, solver).steps if s.technique in NAMES)
    assert len(used) >= 4


@pytest.mark.sweep
@pytest.mark.parametrize("name", ["qqwing_expert.txt", "top1465.txt", "sudocue_top10000.txt", "sudoku17.txt"])
def test_sweep_every_uniqueness_step_true(name):
    """At every position of the solve paths, every step each uniqueness finder yields is true."""
    techs = lookup(NAMES)
    solver = Solver(order="hodoku")
    for p in collection(name, 1000):
        grid = parse(p)
        sol = dlx.unique_solution(grid)
        while grid.empty:
            for t in techs:
                for step in t.finder(grid):
                    assert_step_true(sol, step)
            step = solver.next_step(grid)
            if step is None:
                break
            grid.apply(step)
