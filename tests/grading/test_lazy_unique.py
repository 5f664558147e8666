"""``sudoku rate`` proves uniqueness on the way instead of running DLX first.

A path that fills the grid by deductions alone shows the puzzle has one solution; DLX runs
only when a uniqueness technique first asks or no path solved the puzzle. These tests hold
the lazy check against the eager one: the same rating for unique puzzles (uniqueness steps
included), the same error, from the puzzle itself, for puzzles with two solutions or none,
in every input format ``rate`` reads, and never a rating that assumes one solution.
"""

from __future__ import annotations

import pytest

from bulk_helpers import run
from grading.rater import Rater, proves_unique
from grading.scales import se_policy
from helpers import collection, two_solutions, wrong_given
from sudoku_logic.core import dlx
from sudoku_logic.core.errors import MultipleSolutions, NoSolution
from sudoku_logic.core.formats import parse, to_sukaku
from sudoku_logic.solve.loop import solve

#: unique puzzles whose SE or HoDoKu path takes a uniqueness step (BUG+1, UR types 1, 3, 4)
#: and plain ones
UNIQUE = [
    collection("qqwing_expert.txt")[0],
    collection("qqwing_expert.txt")[331],
    collection("top1465.txt")[0],
    collection("top1465.txt")[487],
    collection("sudocue_top10000.txt")[0],
    collection("qqwing_simple.txt")[5],
    collection("sudoku17.txt")[100],
]


def _fields(r) -> dict:
    return {k: v for k, v in vars(r).items() if k not in ("ms", "se_path", "hodoku_path")}


@pytest.mark.parametrize("p", UNIQUE)
def test_lazy_check_rates_as_the_eager_one(p):
    rater = Rater()
    assert _fields(rater.rate(parse(p), unique=None)) == _fields(rater.rate(parse(p), unique=True))


@pytest.mark.parametrize("se,hodoku", [(True, True), (True, False), (False, True), (False, False)])
@pytest.mark.parametrize(
    "name", ["qqwing_simple.txt", "qqwing_expert.txt", "top1465.txt", "sudoku17.txt", "sudocue_top10000.txt"]
)
def test_two_solutions_or_none_is_an_error_never_a_rating(name, se, hodoku):
    p = collection(name, 1)[0]
    rater = Rater(se=se, hodoku=hodoku)
    q = parse(two_solutions(p))
    with pytest.raises(MultipleSolutions) as e:
        rater.rate(q, unique=None)
    with pytest.raises(MultipleSolutions) as want:
        dlx.unique_solution(q)
    assert str(e.value) == str(want.value)
    with pytest.raises(NoSolution):
        rater.rate(wrong_given(p), unique=None)


def test_a_path_that_solves_proves_uniqueness_but_brute_force_does_not():
    p = parse(collection("qqwing_simple.txt", 1)[0])
    policy = se_policy()
    result = solve(p, policy, policy.context(unique=None))
    assert result.solved and proves_unique(result)
    q = parse(two_solutions(collection("qqwing_simple.txt", 1)[0]))
    result = solve(q, policy, policy.context(unique=None))
    assert not proves_unique(result)  # stuck: logic cannot fill a grid with two solutions


def _printed(p: str) -> str:
    rows = [" ".join(ch if ch != "0" else "." for ch in p[r * 9 : r * 9 + 9]) for r in range(9)]
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("form", ["line", "dots", "sukaku", "printed", "reglib"])
def test_every_input_format_with_two_solutions_gives_an_error_line(tmp_path, form):
    p = two_solutions(collection("qqwing_expert.txt", 1)[0])
    want = str(pytest.raises(MultipleSolutions, dlx.unique_solution, parse(p)).value)
    text = {
        "line": p + "\n",
        "dots": p.replace("0", ".") + " a label\n",
        "sukaku": to_sukaku(parse(p)) + "\n",
        "printed": _printed(p),
        "reglib": f":0100:1:{p.replace('0', '.')}:::\n",
    }[form]
    f = tmp_path / "in.txt"
    f.write_text(text)
    r = run(str(f), "--jobs", "1", "--format", "csv", summary=False)
    assert r.returncode == 2, r.stderr
    assert r.stdout == ""  # no puzzle rated: no row, and no header
    assert want in r.stderr and "Traceback" not in r.stderr
