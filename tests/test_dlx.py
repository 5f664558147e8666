"""DLX: a general exact-cover solver and the sudoku cover."""
import pytest

from helpers import collection, wrong_given
from sudoku_logic.core import dlx
from sudoku_logic.core.errors import MultipleSolutions, NoSolution
from sudoku_logic.core.formats import parse


def test_knuth_example():
    # Knuth's example from "Dancing Links": columns A..G, the cover is rows 0, 3, 4.
    rows = [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]]
    cover = dlx.ExactCover(7, rows)
    sols = [sorted(s) for s in cover.solutions()]
    assert sols == [[0, 3, 4]]
    assert dlx.ExactCover(2, [[0], [1], [0, 1]]).count(10) == 2


@pytest.mark.parametrize("name", ["qqwing_simple.txt", "top1465.txt", "sudoku17.txt"])
def test_unique_solutions(name):
    for p in collection(name, 15):
        g = parse(p)
        sol = dlx.unique_solution(g)
        assert all(sol[c] == g.values[c] for c in range(81) if g.values[c])
        rows = [sol[r * 9:r * 9 + 9] for r in range(9)]
        assert all(sorted(r) == list(range(1, 10)) for r in rows)


def test_multiple_and_no_solutions():
    p = collection("top1465.txt", 1)[0]
    g = parse(p.replace("4", ".", 1))
    with pytest.raises(MultipleSolutions, match=r"more than one solution \(r\dc\d can be \d or \d"):
        dlx.unique_solution(g)
    assert dlx.count_solutions(parse("." * 81), 5) == 5
    with pytest.raises(NoSolution):
        dlx.unique_solution(wrong_given(p))

