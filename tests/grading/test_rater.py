"""The rater's two paths: SE's ER/EP/ED and HoDoKu's level/score on puzzles both programs rated."""

import pytest

from grading.rater import Rater
from grading.se import se_difficulty
from helpers import assert_step_true
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse

# Sudoku Explainer's own ratings (puzzle, ER, EP, ED), from its batch rater's output on the
# QQWing sets and sudoku17 (/work/shared/ratings/se_dev.csv): one or two per technique that
# decides ER on easy puzzles, the direct techniques included.
SE_CASES = [
    ("073002000000006037000000420800001000020600900900000870209410000007000000010000068", 1.5, 1.2, 1.2),
    ("000000000000045002006000000004900000700830540800007900005020090408500070270094030", 2.0, 1.2, 1.2),
    ("700000000080000000000900000006030097000006014001400020800070002200100030090603041", 1.2, 1.2, 1.2),
    ("008640290506020013900100605300089000200000100000000000800031500000000000600200004", 2.3, 1.2, 1.2),
    ("500000000063507920012036470209040100001700000000000000006000300007462000004900000", 1.7, 1.2, 1.2),
    ("060900000580003079000170280050080010392700000800056000000000000000800000000500038", 1.7, 1.2, 1.2),
    ("735000200000000000290070800040009300800240090000850420009000647480000000006005000", 2.6, 1.2, 1.2),
    ("005693080360000200008050004839000000040020030700009000090000000000030000650480090", 2.5, 1.2, 1.2),
    ("060000000400080001500000070840001060109006020007000059000004607000009000080500090", 3.4, 1.2, 1.2),
    ("405200670008036000030540009007009000894000000500800000006085002009070500300002000", 2.8, 1.2, 1.2),
    ("000000003604503100100004706000001502080400070006807010005200000007600000000005400", 3.0, 1.2, 1.2),
    ("000000021800500000000060000030102000500000840000000000000780500620000000004000000", 4.2, 1.5, 1.5),
]

# HoDoKu 2.2's own level and score (/work/shared/ratings/hodoku_dev.csv).
HODOKU_CASES = [
    ("073002000000006037000000420800001000020600900900000870209410000007000000010000068", "Easy", 228),
    ("000000000000045002006000000004900000700830540800007900005020090408500070270094030", "Easy", 220),
    # HoDoKu takes the X-Chain, XY-Chain or Remote Pair with the most eliminations (then the
    # lowest index sum), not the shortest: the score follows only if we do too
    ("709200000402150000080740005000000046204001000060000090000000070600478050000000260", "Unfair", 1040),
    ("097000008000050002000000070065008000000010000840209000704900100000526004056070809", "Extreme", 2066),
    ("040000000600900240809002105300050410500048009028010600050000090000000030000000800", "Hard", 460),
    # among nice loops and AICs with as many eliminations HoDoKu takes the lowest weighted
    # index sum of the eliminations (SolutionStep.compareTo), not the shortest chain
    ("000700000100600500090000610052401000000000000976520000000047250008000000045902001", "Extreme", 3560),
    ("600040250009000607800000003090008000000032040003006805030000080000700500002000009", "Extreme", 3398),
    ("103000050000056000000300060004009003009017000010000004045000000097800006000000780", "Extreme", 3142),
]

RATER = Rater()


@pytest.mark.parametrize("puzzle,er,ep,ed", SE_CASES, ids=[f"ER{c[1]}" for c in SE_CASES])
def test_se_ratings_match_sudoku_explainer(puzzle, er, ep, ed):
    r = RATER.rate(parse(puzzle), keep_paths=True)
    assert (r.er, r.ep, r.ed) == (er, ep, ed)
    assert r.se_solved
    solution = dlx.unique_solution(parse(puzzle))
    for step in r.se_path:
        assert_step_true(solution, step)


@pytest.mark.parametrize("puzzle,level,score", HODOKU_CASES)
def test_hodoku_level_and_score(puzzle, level, score):
    r = RATER.rate(parse(puzzle))
    assert (r.level, r.score) == (level, score)


def test_direct_steps_place_the_hidden_single_they_announce():
    seen = set()
    for puzzle, *_ in SE_CASES:
        r = RATER.rate(parse(puzzle), keep_paths=True)
        for step in r.se_path:
            if step.technique.startswith("Direct"):
                seen.add(step.technique)
                assert len(step.placements) == 1 and step.eliminations
                assert se_difficulty(step) in (1.7, 1.9, 2.0, 2.5)
                assert step.explanation and step.detail
    assert {"Direct Pointing", "Direct Hidden Pair", "Direct Hidden Triplet"} <= seen


def test_unsolvable_by_logic_is_extreme_with_brute_force():
    r = Rater(["singles"]).rate(parse(SE_CASES[-1][0]))
    assert not r.solved and r.level == "Extreme" and r.hodoku_hardest == "Brute Force"
    assert r.score >= 10000


def test_ranked_techniques_come_as_hodoku_ranks_them_in_its_order_only():
    """At a position with several XY-Chains, HoDoKu's order takes the one with the most
    eliminations (HoDoKu's ``SolutionStep.compareTo``); techniques in a given order take the
    finder's first (the shortest)."""
    from strategies.registry import lookup
    from sudoku_logic.api.solver import Solver
    from sudoku_logic.core.step import hodoku_rank

    puzzle = "600000000007100000981006000000090560010080092806004100020009005000045000065800000"
    r = Rater(se=False).rate(parse(puzzle), keep_paths=True)
    i = next(i for i, s in enumerate(r.hodoku_path) if s.technique == "XY-Chain")
    grid = parse(puzzle)
    for s in r.hodoku_path[:i]:
        grid.apply(s)
    taken = r.hodoku_path[i]
    # HoDoKu 2.2 (and hodoku-py) take this one here
    assert taken.eliminations == [(6, 8), (7, 8), (14, 8)]  # r1c7, r1c8, r2c6 <> 8
    (xy,) = lookup(["XY-Chain"])
    found = list(xy.finder(grid))
    assert len(found) > 1
    assert taken == min(found, key=hodoku_rank)
    assert found[0].facts["size"] < taken.facts["size"]  # the shortest comes first
    assert Solver(["XY-Chain"], order=None).next_step(grid) == found[0]
    assert Solver(["XY-Chain"], order="hodoku").next_step(grid) == taken
    assert hodoku_rank(taken) == (-3, 6 + 8 + 7 * 81 + 8 + 14 * 161 + 8)


def test_brute_force_as_hodoku_when_logic_runs_out():
    """HoDoKu's last resort: the solution's digit in the middle empty cell, 10000 points, then
    logic again; the puzzle is Extreme and not solved by logic. Without Brute Force in the
    technique set, a path that cannot finish adds 10000 once."""
    from grading.hodoku import step_score

    puzzle = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
    solution = dlx.unique_solution(parse(puzzle))
    r = Rater(se=False).rate(parse(puzzle), keep_paths=True)
    grid = parse(puzzle)
    forced = 0
    for step in r.hodoku_path:
        assert_step_true(solution, step)
        if step.technique == "Brute Force":
            empty = [c for c in range(81) if not grid.values[c]]
            assert step.placements == [(empty[len(empty) // 2], solution[empty[len(empty) // 2]])]
            forced += 1
        grid.apply(step)
    assert forced and grid.is_solved()
    assert (r.level, r.hodoku_hardest, r.hodoku_solved) == ("Extreme", "Brute Force", False)
    assert r.score == sum(step_score(s) for s in r.hodoku_path) >= 10000 * forced
    names = [n for n in Rater(se=False).hodoku.technique_names if n != "Brute Force"]
    r2 = Rater(names, se=False).rate(parse(puzzle), keep_paths=True)
    assert "Brute Force" not in {s.technique for s in r2.hodoku_path} and not r2.hodoku_solved
    assert r2.score == sum(step_score(s) for s in r2.hodoku_path) + 10000


def test_hardest_techniques_name_every_step_as_hard_as_the_first_hardest():
    """A path with a Uniqueness Test 1 before an Avoidable Rectangle Type 1 (both Hard, 100
    points, nothing harder): the hardest column names the first, the hardest techniques both;
    on SE's path, the steps rated ER."""
    from grading import hodoku, se
    from sudoku_logic import api

    puzzle = "..74....5.3....8...46..8....2....5..7.19..3......16.8..65..1.........934.....2..."
    steps = api.solve_path(puzzle, order="hodoku").steps
    names = [s.technique for s in steps]
    assert names.index("Uniqueness Test 1") < names.index("Avoidable Rectangle Type 1")
    assert hodoku.path_rating(steps, True)[2] == "Uniqueness Test 1"
    assert hodoku.hardest_techniques(steps) == {"Uniqueness Test 1", "Avoidable Rectangle Type 1"}
    se_steps = api.solve_path(puzzle, order="se").steps
    er = se.path_rating(se_steps)[0]
    tops = se.hardest_techniques(se_steps)
    assert se.path_rating(se_steps)[3] in tops
    assert tops == {s.technique for s in se_steps if se_difficulty(s) == er}
    assert hodoku.hardest_techniques([]) == set() == se.hardest_techniques([])
