"""The bit-mask solver counts solutions exactly as DLX does."""

import random

from helpers import collection
from sudoku_logic.core import bitsolve, dlx
from sudoku_logic.core.errors import InvalidPuzzle
from sudoku_logic.core.grid import Grid


def _random_puzzles(n, seed):
    rng = random.Random(seed)
    for _ in range(n):
        sol = bitsolve.random_solution(rng)
        values = sol[:]
        cells = list(range(81))
        rng.shuffle(cells)
        for c in cells[: rng.randrange(40, 65)]:
            values[c] = 0
        if rng.random() < 0.3:  # a wrong digit: often no solution at all
            c = cells[0]
            values[c] = rng.randrange(1, 10)
            try:
                Grid.from_values(values)
            except InvalidPuzzle:
                continue
        yield sol, values


def test_random_solution_is_a_valid_grid():
    for seed in range(5):
        sol = bitsolve.random_solution(random.Random(seed))
        assert all(sol) and dlx.count_solutions(Grid.from_values(sol), 2) == 1
    assert bitsolve.random_solution(random.Random(1)) == bitsolve.random_solution(random.Random(1))
    assert bitsolve.random_solution(random.Random(1)) != bitsolve.random_solution(random.Random(2))


def test_counts_agree_with_dlx():
    counts = set()
    for _, values in _random_puzzles(150, 7):
        want = dlx.count_solutions(Grid.from_values(values), 3)
        assert bitsolve.count_solutions(values, 3) == want, values
        counts.add(want)
    assert {0, 1, 3} <= counts  # every kind of answer was checked


def test_seventeen_given_puzzle():
    p = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
    values = [int(ch) for ch in p]
    assert bitsolve.count_solutions(values, 2) == 1
    for c in (c for c in range(81) if values[c]):  # a 17: no given can go
        fewer = values[:c] + [0] + values[c + 1 :]
        assert bitsolve.count_solutions(fewer, 2) == 2
    c = bitsolve.propagated(values)  # singles alone solve this one
    assert [m.bit_length() for m in c] == dlx.solve(Grid.from_values(values))


def test_has_other_solution_matches_counting():
    rng = random.Random(3)
    seen = set()
    for _ in range(40):
        sol = bitsolve.random_solution(rng)
        values = sol[:]
        cells = list(range(81))
        rng.shuffle(cells)
        for c in cells[:45]:  # 36 givens: mostly unique
            values[c] = 0
        if bitsolve.count_solutions(values, 2) != 1:
            continue
        group = [c for c in cells[45:] if values[c]][: rng.choice((1, 2))]
        fewer = values[:]
        for c in group:
            fewer[c] = 0
        other = bitsolve.has_other_solution(fewer, sol, group)
        assert other == (dlx.count_solutions(Grid.from_values(fewer), 2) == 2)
        seen.add(other)
    assert seen == {True, False}


def test_hard_collection_puzzles_are_unique_and_solved_alike():
    for p in collection("top1465.txt", limit=15, every=97):
        values = [0 if ch == "." else int(ch) for ch in p]
        assert bitsolve.count_solutions(values, 2) == 1
        assert bitsolve.count_solutions(values[:], 1) == 1
        c = bitsolve.propagated(values)
        assert c is not None and any(m & (m - 1) for m in c)  # singles alone do not solve these


def test_counts_agree_with_dlx_at_every_limit():
    # puzzles with no solution, one, exactly two and many, counted to limits 1 to 4
    rng = random.Random(8)
    seen = set()
    for p in collection("qqwing_expert.txt", limit=12, every=83) + collection("sudoku17.txt", limit=12, every=4001):
        values = [0 if ch == "." else int(ch) for ch in p]
        fewer = values[:]
        fewer[rng.choice([c for c in range(81) if values[c]])] = 0  # one given less
        for vs in (values, fewer):
            exact = dlx.count_solutions(Grid.from_values(vs), 10)
            seen.add(min(exact, 3))
            for limit in (1, 2, 3, 4):
                assert bitsolve.count_solutions(vs, limit) == min(exact, limit), (vs, limit)
    for _, values in _random_puzzles(60, 9):
        exact = dlx.count_solutions(Grid.from_values(values), 10)
        seen.add(min(exact, 3))
        assert bitsolve.count_solutions(values, 2) == min(exact, 2)
    assert seen == {0, 1, 2, 3}
