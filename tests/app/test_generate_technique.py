"""`generate --technique`: puzzles from the technique seeds (isomorph, then a walk of changes),
each unique and taking the technique on the path of its order; --practice, --with-path, and
what is refused or said when nothing fits."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from commands import invoke, sudoku
from grading.scales import resolve
from helpers import assert_practises
from sudoku_logic import api
from sudoku_logic.app.bulk import aimed, seeds
from sudoku_logic.app.bulk.generator import Wanted, generate, make_puzzle, seed_aim, seeded_candidate, unseen
from sudoku_logic.app.bulk.seeds import PREEMPTED
from sudoku_logic.core import bitsolve, dlx
from sudoku_logic.core.formats import parse
from sudoku_logic.core.isomorph import random_isomorph


def _path(puzzle: str, order: str) -> list[str]:
    """The techniques of the path `sudoku step --order` takes, through the API."""
    return [s.technique for s in api.solve_path(puzzle, order=order).steps]


def test_isomorphs_keep_one_solution_and_the_givens():
    p = [int(ch) for ch in seeds.load()[("hodoku", "path", "Swordfish")][0].puzzle]
    rng = random.Random(5)
    shapes = set()
    for _ in range(5):
        q = random_isomorph(p, rng)
        assert bitsolve.count_solutions(q) == 1 and sum(map(bool, q)) == sum(map(bool, p))
        assert sorted(q) == sorted(q) and sorted(v for v in q if v) != [] and q != p
        shapes.add(tuple(q))
    assert len(shapes) == 5


#: What neither the collections nor 40 s of random digging gave (the index's "# mined" notes),
#: and of those, what the path never takes (seeds.PREEMPTED, refused at once).
NOT_FOUND = {"se": ["Direct Claiming"], "hodoku": ["Franken X-Wing", "Franken Swordfish", "Finned Franken X-Wing"]}
NEVER = {"se": ["Direct Claiming"], "hodoku": ["Franken X-Wing", "Finned Franken X-Wing"]}


@pytest.mark.parametrize("order", ["se", "hodoku"])
def test_the_index_has_seeds_for_every_technique_the_goal_covers(order):
    """Every technique of HoDoKu's default path (but Brute Force) and every SE rule up to
    8.5 has seeds in the shipped index, but those its notes say were not found; a seed's path
    takes its technique."""
    from benchmarks.generate_techniques import techniques

    index = seeds.load()
    missing = [n for n in techniques(order, False) if not index.get((order, "path", n))]
    assert missing == NOT_FOUND[order]
    assert [n for n in missing if (order, n) in PREEMPTED] == NEVER[order]
    notes = [line for line in seeds.index_lines() if line.startswith("# mined")]
    assert all(any(f"{order} path {n}: 0 mined" in line for line in notes) for n in missing)
    name = "XY-Wing"
    first = index[(order, "path", name)][0]
    assert name in _path(first.puzzle, order)


@pytest.mark.parametrize("order,name", [("hodoku", "Swordfish"), ("se", "Aligned Pair Exclusion")])
def test_same_seed_same_puzzles_with_one_or_two_jobs_each_unique_and_taking_it(order, name):
    wanted = Wanted(technique=name, order=order)
    assert aimed.usable(seed_aim(wanted), "none", False, 30)
    one = [c.puzzle for c in generate(2, wanted, seed=7, jobs=1)]
    two = [c.puzzle for c in generate(2, wanted, seed=7, jobs=2)]
    assert one == two and len(set(one)) == 2
    for puzzle in one:
        assert dlx.dlx_count_solutions(parse(puzzle), 2) == 1
        assert name in _path(puzzle, order)
    assert [c.puzzle for c in generate(2, wanted, seed=8, jobs=1)] != one


def test_a_walk_changes_the_seed_beyond_an_isomorph():
    """The puzzles are not the seeds' isomorphs themselves: the walk moved or removed givens
    (the isomorph is redrawn from the candidate's own stream)."""
    wanted = Wanted(technique="Swordfish", order="hodoku")
    changed = 0
    for index in range(4):
        cand = seeded_candidate(11, index, wanted, 30)
        rng = random.Random(f"11:{index}")
        start = rng.choice(aimed.pool(seed_aim(wanted), 30))
        iso = random_isomorph([int(ch) for ch in start.puzzle], rng)
        changed += cand.why is None and [int(ch) if ch != "." else 0 for ch in cand.puzzle] != iso
    assert changed >= 2


def test_mining_digs_the_puzzles_generate_digs():
    """The index's mined sources name puzzles ``seeds.dig`` remakes: the generator's own."""
    for i in range(3):
        assert seeds.dig(random.Random(f"41:x:{i}")) == make_puzzle(random.Random(f"41:x:{i}"))


def test_seeds_honour_max_givens():
    """A walk never adds a given: seeds of more givens than --max-givens are left out."""
    rows = sudoku(
        "generate", "-n", "3", "--technique", "X-Wing", "--order", "hodoku", "--max-givens", "24", "--seed", "3",
        "-j", "1", "-f", "csv", "--no-progress",
    ).stdout.splitlines()[1:]  # fmt: skip
    assert len(rows) == 3
    assert all(sum(ch != "." for ch in row.split(",")[0]) <= 24 for row in rows)


def test_practice_makes_the_technique_the_hardest_step():
    r = sudoku(
        "generate", "-n", "2", "--technique", "xy-chain", "--order", "hodoku", "--practice", "--seed", "2", "-j", "1",
        "-f", "jsonl", "--no-progress",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    for row in map(json.loads, r.stdout.splitlines()):
        assert row["hardest"] == "XY-Chain"
        rating = api.rate(row["puzzle"])
        assert rating.hodoku_hardest == "XY-Chain"
        assert dlx.dlx_count_solutions(parse(row["puzzle"]), 2) == 1


@pytest.mark.parametrize("name", ["XY-Chain", "Simple Colors Wrap"])
def test_practice_gives_the_same_puzzles_with_one_job_or_two(name):
    """Simple Colors Wrap as the hardest step came last (session 23, a hardened path seed)."""
    rows = []
    for jobs in ("1", "2"):
        r = sudoku(
            "generate", "-n", "2", "--technique", name, "--order", "hodoku", "--practice", "--seed", "3", "-j", jobs,
            "-f", "jsonl", "--no-progress",
        )  # fmt: skip
        assert r.returncode == 0, r.stderr
        rows.append([json.loads(line)["puzzle"] for line in r.stdout.splitlines()])
    assert rows[0] == rows[1] and len(set(rows[0])) == 2
    for puzzle in rows[0]:
        assert api.rate(puzzle).hodoku_hardest == name and dlx.dlx_count_solutions(parse(puzzle), 2) == 1


@pytest.mark.parametrize("name", ["Avoidable Rectangle Type 1", "Avoidable Rectangle Type 2", "Uniqueness Test 5"])
def test_practice_takes_a_step_as_hard_before_the_technique_as_no_harder(name):
    """What a user runs: `generate --practice` gives a puzzle with one solution (DLX) whose
    HoDoKu path takes T with nothing harder. The last three practice targets to get seeds
    (session 24: planted, and for Uniqueness Test 5 met by a class walk) take a Uniqueness
    Test 1 first, as hard (Hard, 100 points): the row names that first."""
    r = sudoku(
        "generate", "-n", "1", "--technique", name, "--order", "hodoku", "--practice", "--seed", "3", "-j", "1",
        "-f", "jsonl", "--no-progress",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    (row,) = map(json.loads, r.stdout.splitlines())
    assert_practises(row["puzzle"], name)
    assert row["hardest"] == api.rate(row["puzzle"]).hodoku_hardest


def test_with_path_rows_carry_the_steps_step_gives():
    r = sudoku(
        "generate", "--technique", "X-Wing", "--order", "hodoku", "--seed", "1", "-j", "1", "-f", "jsonl",
        "--with-path", "--no-progress",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    row = json.loads(r.stdout)
    assert row["steps"] == len(row["path"]) and "X-Wing" in {s["technique"] for s in row["path"]}
    doc = json.loads(sudoku("step", row["puzzle"], "--order", "hodoku", "--json").stdout)
    assert [s["text"] for s in doc["steps"]] == [s["text"] for s in row["path"]]
    assert [s["score"] for s in doc["steps"]] == [s["score"] for s in row["path"]]


@pytest.mark.parametrize(
    "args,message",
    [
        (
            ["--technique", "Franken Jellyfish", "--order", "hodoku"],
            "--technique Franken Jellyfish: never on HoDoKu's path (HoDoKu's default configuration "
            "turns it off: `sudoku techniques` marks it off)",
        ),
        (
            ["--technique", "Kraken Fish Type 1", "--order", "hodoku"],
            "--technique Kraken Fish Type 1: never on HoDoKu's path (HoDoKu's default configuration "
            "turns it off: `sudoku techniques` marks it off)",
        ),
        (["--practice"], "--practice needs --technique: the technique to practise"),
        (
            ["--technique", "X-Wing", "--with-path", "-f", "csv"],
            "--with-path needs --format jsonl (the rows here are csv)",
        ),
    ],
)
def test_refused_at_once(args, message):
    r = invoke("generate", *args, "-j", "1", "--no-progress")
    assert (r.exit_code, r.stderr) == (2, f"error: {message}\n")


def test_death_blossom_is_off_in_techniques_and_refused_by_generate():
    """HoDoKu 2.2 ships Death Blossom disabled: the list says off, as the generator does."""
    line = next(x for x in invoke("techniques").stdout.splitlines() if x.startswith("Death Blossom"))
    assert line.split()[-1] == "off"
    r = invoke("generate", "--technique", "Death Blossom", "--order", "hodoku", "-j", "1", "--no-progress")
    assert r.exit_code == 2 and "turns it off" in r.stderr


def test_running_out_of_tries_says_how_close_and_summary_counts():
    r = sudoku(
        "generate", "--technique", "X-Wing", "--order", "hodoku", "--min-rating", "11.5",
        "--max-tries", "3", "--seed", "1", "-j", "1", "-f", "csv", "--summary",
    )  # fmt: skip
    assert r.returncode == 1
    summary, error = r.stderr.splitlines()[-2:]
    assert summary.startswith("3 candidates tried, 0 found, ")
    assert error.startswith("error: only 0 of 1 puzzle fit after 3 tries (3 rated below --min-rating 11.5)")


def test_a_technique_no_puzzle_is_known_to_take_says_so_when_it_runs_out():
    """Franken Swordfish (on HoDoKu's path, never seen taken, not proved preempted): searched,
    then the error says what is known instead of suggesting more tries; a family that holds
    it and techniques seen taken keep the usual advice."""
    assert ("hodoku", "Franken Swordfish") in seeds.UNSEEN and not set(seeds.UNSEEN) & set(PREEMPTED)
    base = ("generate", "--order", "hodoku", "--max-tries", "2", "--seed", "1", "-j", "1", "--no-progress")
    r = invoke(*base, "--technique", "Franken Swordfish")
    assert r.exit_code == 1
    error = r.stderr.strip().splitlines()[-1]
    assert error.startswith("error: only 0 of 1 puzzle fit after 2 tries (")
    assert "Franken Swordfish is on the path of no puzzle known" in error and "--max-tries" not in error
    r = invoke(*base, "--technique", "Franken Swordfish", "--min-rating", "11.9")  # still searched, then said
    assert r.exit_code == 1 and "no puzzle known" in r.stderr
    r = invoke(*base, "--technique", "X-Wing", "--min-rating", "11.9")
    assert r.exit_code == 1 and "no puzzle known" not in r.stderr and "--max-tries N tries longer" in r.stderr
    fish = tuple(resolve(["fish"]))
    assert "Franken Swordfish" in fish and unseen(Wanted(None, None, None, fish, "hodoku")) is None
    assert unseen(Wanted(None, None, None, ("Franken Swordfish",), "hodoku")) is not None


def test_a_miss_says_when_a_technique_of_the_family_was_taken():
    """How close a candidate came: its path took another technique of the family asked for."""
    from sudoku_logic.app.bulk.generator import rated_row

    grid = parse(seeds.load()[("hodoku", "path", "X-Wing")][0].puzzle)
    row = rated_row(grid, order="hodoku")
    assert "X-Wing" in row["techniques"] and "Mutant Jellyfish" not in row["techniques"]
    why = Wanted(technique="Mutant Jellyfish", order="hodoku").miss(row)
    assert why == "no Mutant Jellyfish on HoDoKu's path (another fish technique was)"


def test_mining_scans_the_collections_past_the_build():
    """``mine --scan`` reads each cut collection from the puzzle after the build's last."""
    folder = Path(__file__).resolve().parents[2] / "puzzles"
    built = [src for _, src in seeds._puzzles(folder) if src.startswith("qqwing_intermediate:")]
    rest = seeds._puzzles(folder, rest=True)
    first = next(rest)[1]
    assert len(built) == 300 and built[-1] == "qqwing_intermediate:300"
    assert first == "qqwing_intermediate:301"
    assert all(not src.startswith(("top1465:", "hodoku_exemplars:")) for _, src in itertools.islice(rest, 2000))
