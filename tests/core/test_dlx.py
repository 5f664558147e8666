"""DLX: a general exact-cover solver and the sudoku cover."""

import random

import pytest

from helpers import collection, wrong_given
from sudoku_logic.core import bitsolve, dlx
from sudoku_logic.core.errors import InvalidPuzzle, MultipleSolutions, NoSolution
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import BOX_OF, MASK_DIGITS, cell_name


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
        rows = [sol[r * 9 : r * 9 + 9] for r in range(9)]
        assert all(sorted(r) == list(range(1, 10)) for r in rows)


def test_multiple_and_no_solutions():
    p = collection("top1465.txt", 1)[0]
    g = parse(p.replace("4", ".", 1))
    with pytest.raises(MultipleSolutions, match=r"more than one solution \(r\dc\d can be \d or \d"):
        dlx.unique_solution(g)
    assert dlx.count_solutions(parse("." * 81), 5) == 5
    with pytest.raises(NoSolution):
        dlx.unique_solution(wrong_given(p))


# ------------------------------------------------ the sudoku cover against a general one


def _reference_cover(grid):
    """The position's cover built row by row for the general solver, as ``dlx`` did before
    it laid the sudoku matrix out once: one row per candidate of an empty cell, columns
    numbered in the order they first come up."""
    needed, rows, names, done = {}, [], [], set()
    for cell in range(81):
        d = grid.values[cell]
        if d:
            r, c, b = cell // 9, cell % 9, BOX_OF[cell]
            done.update((81 + r * 9 + d - 1, 162 + c * 9 + d - 1, 243 + b * 9 + d - 1))
    for cell in range(81):
        if grid.values[cell]:
            continue
        r, c, b = cell // 9, cell % 9, BOX_OF[cell]
        needed.setdefault(cell, len(needed))
        for d in range(1, 10):
            for key in (81 + r * 9 + d - 1, 162 + c * 9 + d - 1, 243 + b * 9 + d - 1):
                if key not in done:
                    needed.setdefault(key, len(needed))
        for d in MASK_DIGITS[grid.cands[cell]]:
            keys = (81 + r * 9 + d - 1, 162 + c * 9 + d - 1, 243 + b * 9 + d - 1)
            if not any(k in done for k in keys):
                rows.append([needed[cell]] + [needed[k] for k in keys])
                names.append((cell, d))
    return dlx.ExactCover(len(needed), rows), names


def _reference_solutions(grid, limit, rng=None):
    cover, names = _reference_cover(grid)
    out = []
    for chosen in cover.solutions(rng):
        values = grid.values[:]
        for r in chosen:
            cell, d = names[r]
            values[cell] = d
        out.append(values)
        if len(out) >= limit:
            break
    return out


def _random_positions(n, seed):
    """Random positions: solutions with 25 to 74 cells emptied (from none to very many
    solutions), some with a wrong digit (often none), some with candidates removed
    (pencilmarks)."""
    rng = random.Random(seed)
    for _ in range(n):
        values = bitsolve.random_solution(rng)
        cells = list(range(81))
        rng.shuffle(cells)
        for c in cells[: rng.randrange(25, 75)]:
            values[c] = 0
        if rng.random() < 0.2:
            values[cells[0]] = rng.randrange(1, 10)
        try:
            g = Grid.from_values(values)
        except InvalidPuzzle:
            continue
        if rng.random() < 0.3:
            for c in rng.sample(range(81), rng.randrange(1, 20)):
                ds = MASK_DIGITS[g.cands[c]]
                if len(ds) > 1:
                    g.eliminate(c, rng.choice(ds))
        yield rng, g


def test_same_solutions_in_the_same_order_as_the_general_solver():
    counts = set()
    for rng, g in _random_positions(400, 11):
        limit = rng.choice((1, 2, 3, 5))
        want = _reference_solutions(g, limit)
        assert dlx.solutions(g, limit) == want, g.values
        assert dlx.count_solutions(g, limit) == len(want)
        counts.add(min(len(want), 2))
    assert counts == {0, 1, 2}  # no solution, one, more than one


def test_random_row_order_as_the_general_solver():
    for rng, g in _random_positions(40, 12):
        seed = rng.randrange(10**6)
        want = _reference_solutions(g, 3, random.Random(seed))
        assert dlx.solutions(g, 3, random.Random(seed)) == want


def test_collection_puzzles_and_edge_positions():
    for name in ("qqwing_expert.txt", "sudoku17.txt", "top1465.txt"):
        for p in collection(name, 10):
            g = parse(p)
            assert dlx.solutions(g, 2) == _reference_solutions(g, 2)
    empty = Grid()
    assert dlx.solutions(empty, 3) == _reference_solutions(empty, 3)
    full = Grid.from_values(bitsolve.random_solution(random.Random(4)))
    assert dlx.solutions(full, 2) == [full.values] and dlx.count_solutions(full) == 1
    assert dlx.count_solutions(parse("." * 81), 0) == 1  # counting stops at the first


def test_error_names_the_same_cells_as_the_general_solver():
    for _rng, g in _random_positions(60, 13):
        sols = _reference_solutions(g, 2)
        if len(sols) != 2:
            continue
        a, b = sols
        diff = [c for c in range(81) if a[c] != b[c]][:2]
        where = ", ".join(f"{cell_name(c)} can be {a[c]} or {b[c]}" for c in diff)
        with pytest.raises(MultipleSolutions) as e:
            dlx.unique_solution(g)
        assert str(e.value) == f"the puzzle has more than one solution ({where})"


def test_wide_choices_as_the_general_solver():
    # a solution without three of its digits: every column has three rows or more, so the
    # search chooses among three rows at once, and runs to the end (dozens of solutions)
    rng = random.Random(15)
    for _ in range(10):
        gone = rng.sample(range(1, 10), 3)
        g = Grid.from_values([0 if v in gone else v for v in bitsolve.random_solution(rng)])
        want = _reference_solutions(g, 10**6)
        assert dlx.solutions(g, 10**6) == want
        assert dlx.count_solutions(g, 10**6) == len(want) > 2
