"""Generated puzzles are unique, keep their symmetry, rate inside the band, and repeat by seed."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from commands import invoke, sudoku
from grading.rows import rating_row
from sudoku_logic.app.bulk.generator import (
    SYMMETRIES,
    Wanted,
    generate,
    is_symmetric,
    make_puzzle,
    partner,
)
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_unique_and_symmetric(symmetry):
    for i in range(3):
        values = make_puzzle(random.Random(i), symmetry)
        assert dlx.count_solutions(Grid.from_values(values), 2) == 1
        assert is_symmetric(values, symmetry)


def test_partner_is_an_involution():
    for s in SYMMETRIES:
        assert all(partner(partner(c, s), s) == c for c in range(81))


def test_minimal_means_no_given_can_go():
    values = make_puzzle(random.Random(5), "none", minimal=True)
    for c in range(81):
        if values[c]:
            fewer = values[:c] + [0] + values[c + 1 :]
            assert dlx.count_solutions(Grid.from_values(fewer), 2) == 2


def test_max_givens_without_minimal():
    values = make_puzzle(random.Random(3), "none", minimal=False, max_givens=35)
    assert sum(1 for v in values if v) <= 35


def _same_row_as_rate(cand):
    from grading.rater import Rater

    row = rating_row(Rater().rate(parse(cand.puzzle)))  # what `sudoku rate` writes
    assert {k: v for k, v in row.items() if k != "ms"} == {
        k: v for k, v in cand.row.items() if k not in ("ms", "techniques", "hardest_techniques")
    }


def test_band_and_level():
    for cand in generate(3, Wanted(min_rating=2.6, max_rating=3.6), seed=11):
        assert 2.6 <= cand.row["rating"] <= 3.6 and cand.row["solved"]
        _same_row_as_rate(cand)
    for cand in generate(2, Wanted(min_rating=6.0, max_rating=7.5, level="unfair"), seed=11, symmetry="mirror"):
        assert 6.0 <= cand.row["rating"] <= 7.5 and cand.row["level"] == "Unfair"
        _same_row_as_rate(cand)
    for cand in generate(3, Wanted(level="easy"), seed=12):
        assert cand.row["level"] == "Easy"


def test_technique_is_on_the_path():
    for cand in generate(2, Wanted(technique="Locked Candidates Type 1 (Pointing)"), seed=3):
        assert "Locked Candidates Type 1 (Pointing)" in cand.row["techniques"]


def test_same_seed_same_puzzles_whatever_the_jobs():
    a = [c.puzzle for c in generate(4, Wanted(level="medium"), seed=99, symmetry="rotational")]
    b = [c.puzzle for c in generate(4, Wanted(level="medium"), seed=99, symmetry="rotational", jobs=2)]
    c = [c.puzzle for c in generate(4, Wanted(level="medium"), seed=100, symmetry="rotational")]
    assert a == b and a != c


def test_cli_generate_jsonl():
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "sudoku_logic",
            "generate",
            "-n",
            "2",
            "--seed",
            "4",
            "--symmetry",
            "diagonal",
            "--level",
            "easy",
            "-f",
            "jsonl",
            "-j",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(rows) == 2 and all(row["level"] == "Easy" for row in rows)
    for row in rows:
        g = parse(row["puzzle"])
        assert is_symmetric(g.values, "diagonal") and dlx.count_solutions(g) == 1


def test_cli_generate_bad_options():
    r = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "generate", "--symmetry", "spiral"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert r.stderr == "error: unknown symmetry 'spiral': use one of none, rotational, diagonal, mirror\n"


@pytest.mark.parametrize("level,symmetry", [("medium", "rotational"), ("hard", "none"), ("unfair", "mirror")])
def test_aimed_digging_gives_unique_symmetric_puzzles_of_the_level(level, symmetry):
    from grading.rater import Rater

    rater = Rater()
    for cand in generate(2, Wanted(level=level), seed=21, symmetry=symmetry):
        g = parse(cand.puzzle)
        assert dlx.count_solutions(g, 2) == 1 and is_symmetric(g.values, symmetry)
        assert sum(1 for v in g.values if v) <= 30
        row = rating_row(rater.rate(g))  # the row is what `sudoku rate` writes
        assert row["level"].lower() == level and cand.row["level"] == row["level"]
        assert {k: v for k, v in row.items() if k != "ms"} == {
            k: v for k, v in cand.row.items() if k not in ("ms", "techniques", "hardest_techniques")
        }


def test_verdicts_agree_with_the_full_rating():
    from grading.rater import Rater
    from grading.tables import LEVELS
    from sudoku_logic.app.bulk.generator import level_verdict, rating_verdict

    rater = Rater()
    for i in range(12):
        values = make_puzzle(random.Random(i), "none", minimal=i % 2 == 0, max_givens=28)
        r = rater.rate(Grid.from_values(values))
        got = LEVELS.index(r.level)
        for j, level in enumerate(LEVELS):
            want = (got > j) - (got < j) if r.hodoku_solved else 1
            assert level_verdict(values, level) == want, (values, level)
        for low, high in ((None, r.er), (r.er, None), (r.er + 0.1, None), (None, r.er - 0.1), (1.0, 9.9)):
            want = (
                1 if not r.solved or high is not None and r.er > high else (-1 if low is not None and r.er < low else 0)
            )
            assert rating_verdict(values, low, high) == want, (values, low, high)


def test_aim_that_cannot_be_met_gives_no_puzzle():
    # a level no puzzle can be below: every removal after 30 givens is too hard or too easy
    assert make_puzzle(random.Random(1), "none", max_givens=30, aim=lambda v: 1) is None
    assert make_puzzle(random.Random(1), "none", max_givens=30, aim=lambda v: -1) is None
    v = make_puzzle(random.Random(1), "none", max_givens=30, aim=lambda v: 0)
    assert sum(1 for x in v if x) == 30


def test_minimal_with_a_level():
    for cand in generate(2, Wanted(level="hard"), seed=5, minimal=True):
        values = parse(cand.puzzle).values
        assert cand.row["level"] == "Hard"
        for c in range(81):
            if values[c]:
                assert dlx.count_solutions(Grid.from_values(values[:c] + [0] + values[c + 1 :]), 2) == 2


def test_next_removal_prefers_leaving_singles_behind():
    from sudoku_logic.app.bulk.generator import _next_removal, singles_solve, symmetry_groups
    from sudoku_logic.core import bitsolve

    checked = 0
    for seed in range(6):
        values = make_puzzle(random.Random(seed), "none", max_givens=30)
        if not singles_solve(values):
            continue
        solution = dlx.solve(Grid.from_values(values))
        pool = [g for g in symmetry_groups("none") if values[g[0]]]
        random.Random(seed).shuffle(pool)
        before, pool_before = values[:], pool[:]
        group = _next_removal(values, solution, pool)
        unique = [
            g
            for g in pool_before
            if bitsolve.count_solutions([0 if c in g else v for c, v in enumerate(before)], 2) == 1
        ]
        hard = [g for g in unique if not singles_solve([0 if c in g else v for c, v in enumerate(before)])]
        assert group in unique and values == [0 if c in group else v for c, v in enumerate(before)]
        # the last group of the pool is the next in order: the first hard one is taken
        assert group == (hard[-1] if hard else unique[-1])
        assert group not in pool and all(g in pool for g in unique if g != group)
        checked += 1
    assert checked >= 3


# ---------------------------------------------------------------- what the command refuses, and the path it aims at


def test_generate_refuses_what_cannot_be():
    r = invoke("generate", "--max-givens", "90", "--no-progress")
    assert r.exit_code == 2 and "17 to 80 givens" in r.stderr
    r = invoke("generate", "--level", "easy", "--min-rating", "9", "--no-progress")
    assert r.exit_code == 2 and "easy puzzle" in r.stderr
    r = invoke(
        "generate",
        "--level",
        "easy",
        "--technique",
        "Nested Forcing Net",
        "--max-tries",
        "1",
        "--seed",
        "1",
        "-j",
        "1",
        "--no-progress",
    )
    assert r.exit_code == 2 and "never on Sudoku Explainer's path" in r.stderr


@pytest.mark.parametrize("order", ["se", "hodoku"])
def test_generate_technique_is_on_the_path_step_shows(order):
    """`generate --technique X-Wing`: the technique is on the path of --order (SE's,
    the one `sudoku step` shows, by default), and the row's hardest is that path's."""
    args = ["generate", "--technique", "X-Wing", "--seed", "1", "-j", "1", "-f", "csv", "--no-progress"]
    r = sudoku(*args, *(["--order", order] if order != "se" else []))
    assert r.returncode == 0, r.stderr
    puzzle, _rating, _level, _score, hardest = r.stdout.splitlines()[1].split(",")[:5]
    path = sudoku("step", puzzle, *(["--order", order] if order != "se" else []))
    assert path.returncode == 0
    assert "X-Wing: " in path.stdout  # a step of the path shown
    scale = "Sudoku Explainer" if order == "se" else "HoDoKu"
    rating_line = next(line for line in path.stdout.splitlines() if line.startswith(f"Rating ({scale})"))
    assert f"hardest {hardest}" in rating_line


@pytest.mark.parametrize(
    "args,message",
    [
        (["--technique", "Death Blossom"], "--technique Death Blossom: never on Sudoku Explainer's path"),
        (
            ["--level", "easy", "--technique", "Death Blossom", "--order", "hodoku"],
            "--technique Death Blossom: never on HoDoKu's path (HoDoKu's default configuration "
            "turns it off: `sudoku techniques` marks it off)",
        ),
        (
            ["--technique", "kite"],
            "--technique 2-String Kite: never on Sudoku Explainer's path (it is on HoDoKu's path: --order hodoku)",
        ),
        (
            ["--level", "easy", "--technique", "X-Wing"],
            "--level easy --technique X-Wing: an easy puzzle needs only "
            "singles, and Sudoku Explainer's path takes no step rated above 2.3 while a single is there",
        ),
        (
            ["--level", "medium", "--technique", "xy-wing", "--order", "hodoku"],
            "--level medium --technique XY-Wing: HoDoKu rates it Hard, and a puzzle's level is at least every step's",
        ),
        (
            ["--technique", "X-Wing", "--max-rating", "3"],
            "--technique X-Wing --max-rating 3: Sudoku Explainer rates "
            "it 3.2, and a puzzle's ER is at least every step's",
        ),
        (
            ["--level", "easy", "--min-rating", "9"],
            "--level easy --min-rating 9: an easy puzzle needs only singles, rated 2.3 at most",
        ),
        (["--order", "hoduko"], "unknown order 'hoduko': use se or hodoku"),
    ],
)
def test_generate_refuses_what_the_tables_show_impossible(args, message):
    """Refused before any candidate is made (no seed line: nothing was searched)."""
    r = sudoku("generate", *args, "-j", "1")
    assert (r.returncode, r.stdout, r.stderr) == (2, "", f"error: {message}\n")


def test_generate_that_finds_nothing_says_why_and_how_to_go_on():
    r = sudoku("generate", "--level", "extreme", "--max-rating", "2", "--max-tries", "4", "--seed", "1", "-j", "1")
    assert r.returncode == 1 and r.stdout == ""
    last = r.stderr.splitlines()[-1]
    assert last.startswith("error: only 0 of 1 puzzle fit after 4 tries (") and "below Extreme" in last
    assert last.endswith("(--max-tries N tries longer)")


def test_generate_with_more_jobs_than_cores_says_it_lowers_them():
    from sudoku_logic.app.bulk.workers import cpu_count

    cores = cpu_count()
    r = sudoku("generate", "-n", "1", "--level", "easy", "--seed", "3", "-j", "1000", "-f", "csv")
    assert r.returncode == 0 and r.stdout.count("\n") == 2
    assert r.stderr == f"note: --jobs 1000 lowered to {max(cores, 2)}: {cores} core{'s' if cores != 1 else ''} here\n"
    same = sudoku("generate", "-n", "1", "--level", "easy", "--seed", "3", "-j", "2", "-f", "csv")
    assert same.stdout.split("\n")[1].split(",")[:7] == r.stdout.split("\n")[1].split(",")[:7]


@pytest.mark.parametrize("option", ["--min-rating", "--max-rating"])
def test_generate_refuses_a_rating_that_is_not_a_number(option):
    r = sudoku("generate", option, "nan")
    assert r.returncode == 2 and r.stderr == f"error: {option} nan: give a number (such as 7.2)\n"


def test_a_rating_above_every_rule_is_rare_not_refused():
    """SE's hardest puzzles rate 11.8 and 11.9 (puzzles/hardest_2011_dev.csv): --min-rating 11.5
    was refused as above every rating; it is searched, with a word on what to expect."""
    r = sudoku("generate", "--min-rating", "11.5", "--max-tries", "3", "-j", "1", "--seed", "1", "-f", "csv")
    assert r.returncode == 1
    note, error = r.stderr.splitlines()
    assert note == (
        "note: --min-rating 11.5: no rule of Sudoku Explainer's is rated above 11; only the length of a chain "
        "adds to it (the hardest puzzles known rate 11.9), so few candidates, if any, will fit"
    )
    assert error.startswith("error: only 0 of 1 puzzle fit after 3 tries (3 rated below --min-rating 11.5)")
