"""The public API: its docstring examples run as tests, and it behaves as documented."""

import doctest
import subprocess
import sys

import pytest

import sudoku_logic
from sudoku_logic import api
from sudoku_logic.api import hints, position
from sudoku_logic.api.position import WrongPosition
from sudoku_logic.core.formats import parse

P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"


@pytest.mark.parametrize("module", [api, hints, position], ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if module is not position:
        assert result.attempted > 0


def test_package_exports_are_lazy():
    code = (
        "import sys, sudoku_logic; assert 'strategies.registry' not in sys.modules; "
        "s = sudoku_logic.next_step('" + P + "'); print(s.notation); "
        "assert 'strategies.registry' in sys.modules"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "Hidden Single: r6c6=5"
    for name in (
        "load",
        "validate",
        "next_step",
        "steps",
        "solve_path",
        "rate",
        "hint",
        "to_html",
        "Position",
        "Problem",
        "WrongPosition",
        "Solver",
        "Step",
    ):
        assert name in sudoku_logic.__all__ and getattr(sudoku_logic, name) is not None
    with pytest.raises(AttributeError):
        _ = sudoku_logic.no_such_name


def test_accepts_text_grid_and_position():
    grid = parse(P)
    pos = api.load(P)
    assert api.next_step(grid).notation == api.next_step(pos).notation == api.next_step(P).notation
    assert api.load(pos) is pos


def test_grid_with_removed_solution_candidate_is_refused():
    grid = parse(P)
    sol = sudoku_logic.dlx.unique_solution(grid)
    cell = next(c for c in range(81) if not grid.values[c])
    grid.eliminate(cell, sol[cell])
    [problem] = api.validate(grid)
    assert problem.kind == "removed" and problem.cell == cell
    with pytest.raises(WrongPosition) as info:
        api.steps(grid)
    assert info.value.problems == [problem]


def test_path_rating_and_technique_choice():
    path = api.solve_path(P)
    assert path.steps and path.start.values_string("0") == P
    assert api.rate(P).er >= 1.2
    only = api.steps(P, techniques=["Hidden Single"])
    assert only and {s.technique for s in only} == {"Hidden Single"}
    assert api.hint(P, 2, techniques=["Naked Single"]) is None or "Naked Single" in api.hint(
        P, 2, techniques=["Naked Single"]
    )


# ---------------------------------------------------------------- arrays


def test_a_puzzle_as_an_array_of_integers():
    import numpy as np

    from sudoku_logic import api

    text = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"
    flat = np.array([int(ch) for ch in text], dtype=np.uint8)
    for given in (
        flat,
        flat.reshape(9, 9),
        flat.tolist(),
        [list(r) for r in flat.reshape(9, 9).tolist()],
        tuple(flat.tolist()),
    ):
        assert api.load(given).values == api.load(text).values
    assert api.next_step(flat.reshape(9, 9)).notation == api.next_step(text).notation
    assert api.rate(flat).er == api.rate(text).er


def test_an_array_that_is_not_a_puzzle_is_named():
    import numpy as np
    import pytest

    from sudoku_logic import api
    from sudoku_logic.core.errors import FormatError

    cases = [
        (np.zeros((9, 8), dtype=int), "9 rows of 9 cells, not rows of [8]"),
        (np.zeros(80, dtype=int), "not 80 items"),
        (np.full(81, 12), "a puzzle array's r1c1 holds 12, not a digit 0-9 (0 for empty)"),
        (np.zeros(81) + 0.5, "r1c1 holds 0.5, not a whole number"),
        ([[0] * 9] * 9 + [[1]], "not 10 items"),
        (42, "not int"),
    ]
    for bad, message in cases:
        with pytest.raises(FormatError) as e:
            api.load(bad)
        assert message in str(e.value), str(e.value)


def test_a_grid_gives_its_candidates_as_a_boolean_array():
    from sudoku_logic.core.formats import parse

    grid = parse("000009080000704000000200004050800200007030050036970000040000003000528006005090078")
    cands = grid.candidates_array()
    assert cands.shape == (9, 9, 9) and cands.dtype == bool
    for cell in range(81):
        for d in range(1, 10):
            assert bool(cands[cell // 9, cell % 9, d - 1]) == grid.has(cell, d)
    assert not cands[0, 5].any()  # r1c6 holds a given 9
