"""One solve loop: what ``step`` shows is what ``rate`` rates, and a solve depends on its
input alone.

- ``sudoku step --order se P --json`` and ``sudoku rate P`` agree on the ER and the hardest
  step for every puzzle of a sample of each shipped collection; ``--order hodoku`` and the
  row's level, score and hardest step likewise; the HTML page's header rates the path it
  shows;
- solving a puzzle twice in one process, interleaved with other puzzles, in both orders,
  gives the same path;
- a solver used on a unique puzzle and then on a grid with two solutions offers no
  uniqueness step there.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from grading import hodoku
from grading.rater import Rater, rate_path
from grading.rows import rating_row
from grading.tables import RATINGS
from helpers import COLLECTIONS, collection
from sudoku_logic.api.html import render_page
from sudoku_logic.api.solver import Solver
from sudoku_logic.app.cli.main import app
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse

runner = CliRunner()

#: Puzzles whose SE path needs nested forcing chains take minutes: the sweep covers them.
SAMPLE = [p for name in COLLECTIONS if name != "top1465.txt" for p in collection(name, 2, every=997)]
SAMPLE += collection("top1465.txt", 2, every=611) + collection("qqwing_expert.txt", 6, every=151)


def _step_json(puzzle: str, order: str) -> dict:
    r = runner.invoke(app, ["step", puzzle, "--order", order, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def _rate_row(puzzle: str) -> dict:
    r = runner.invoke(
        app,
        [
            "rate",
            puzzle,
            "-f",
            "jsonl",
            "--jobs",
            "1",
            "--no-progress",
            "--columns",
            "puzzle,rating,ep,ed,level,score,se_hardest,hodoku_hardest,se_steps,hodoku_steps",
        ],
    )
    assert r.exit_code == 0, r.output
    return json.loads(r.output.strip().splitlines()[-1])


@pytest.mark.parametrize("puzzle", SAMPLE)
def test_step_shows_the_path_rate_rates(puzzle):
    row = _rate_row(puzzle)
    doc = _step_json(puzzle, "se")
    assert "hodoku" not in doc
    assert (doc["se"]["er"], doc["se"]["ep"], doc["se"]["ed"], doc["se"]["hardest"]) == (
        row["rating"],
        row["ep"],
        row["ed"],
        row["se_hardest"],
    )
    assert len(doc["steps"]) == row["se_steps"]
    assert max(s["difficulty"] for s in doc["steps"]) == row["rating"]
    doc = _step_json(puzzle, "hodoku")
    assert "se" not in doc
    assert (doc["hodoku"]["level"], doc["hodoku"]["score"], doc["hodoku"]["hardest"]) == (
        row["level"],
        row["score"],
        row["hodoku_hardest"],
    )
    assert len(doc["steps"]) == row["hodoku_steps"]
    brute = 0 if doc["solved"] else 10000  # a path cut short adds HoDoKu's Brute Force once
    assert sum(s["score"] for s in doc["steps"]) + brute == row["score"]


@pytest.mark.parametrize("order", ["se", "hodoku"])
def test_html_header_rates_the_path_shown(order):
    puzzle = collection("qqwing_expert.txt", 1, every=151)[0]
    grid = parse(puzzle)
    result = Solver(order=order).solve(grid)
    page = render_page(grid, result)
    rating = rate_path(puzzle, result)
    row = Rater().rate(grid)
    if order == "se":
        assert f"Sudoku Explainer ER {row.er:.1f}" in page and rating.er == row.er
        assert "HoDoKu" not in page.split("</p>")[1]
    else:
        assert f"HoDoKu {row.level} ({row.score}" in page and rating.score == row.score
        assert "Sudoku Explainer ER" not in page


def _path(solver: Solver, puzzle: str) -> list[str]:
    return [s.notation for s in solver.solve(parse(puzzle)).steps]


@pytest.mark.parametrize("order", ["se", "hodoku"])
def test_same_path_twice_in_one_process_interleaved(order):
    puzzles = collection("top1465.txt", 3, every=97) + collection("qqwing_expert.txt", 3, every=211)
    first = {p: _path(Solver(order=order), p) for p in puzzles}
    # again, with one solver for all, in another order, the other order's paths in between
    shared = Solver(order=order)
    other = Solver(order="hodoku" if order == "se" else "se")
    for p in reversed(puzzles):
        _path(other, p)
        assert _path(shared, p) == first[p]
        assert _path(Solver(order=order), p) == first[p]


def test_rater_rows_are_the_same_alone_and_in_a_run():
    puzzles = collection("top1465.txt", 2, every=301) + collection("qqwing_expert.txt", 2, every=301)
    rater = Rater()
    in_run = [rating_row(rater.rate(parse(p))) for p in puzzles]
    alone = [rating_row(Rater().rate(parse(p))) for p in puzzles]
    for a, b in zip(in_run, alone):
        a.pop("ms"), b.pop("ms")
        assert a == b


UNIQUE = "000000021800500000000060000030102000500000840000000000000780500620000000004000000"


def _two_solutions() -> str:
    """A puzzle with two solutions whose candidates hold a unique rectangle (a deadly
    pattern): the givens of a solved grid, a rectangle's four cells emptied."""
    sol = dlx.unique_solution(parse(UNIQUE))
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            if r1 // 3 == r2 // 3:
                continue
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    if c1 // 3 != c2 // 3:
                        continue
                    a, b = sol[r1 * 9 + c1], sol[r1 * 9 + c2]
                    if (sol[r2 * 9 + c1], sol[r2 * 9 + c2]) == (b, a):
                        vals = list(sol)
                        for c in (r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2):
                            vals[c] = 0
                        return "".join(map(str, vals))
    raise AssertionError("no swappable rectangle")


@pytest.mark.parametrize("order", ["se", "hodoku"])
def test_a_solver_reused_after_a_unique_puzzle_offers_no_uniqueness_step(order):
    solver = Solver(order=order)
    assert solver.solve(parse(UNIQUE)).solved
    grid = parse(_two_solutions())
    assert dlx.count_solutions(grid, 2) == 2
    unique_names = {n for n, r in RATINGS.items() if r.family in ("uniqueness", "unique_loops", "bug")}
    steps = list(solver.steps(grid))
    assert not [s for s in steps if s.technique in unique_names]
    assert not [s for s in solver.solve(grid).steps if s.technique in unique_names]


def test_hodoku_numbers_are_the_raters():
    puzzle = collection("qqwing_expert.txt", 1, every=311)[0]
    result = Solver(order="hodoku").solve(parse(puzzle))
    level, score, hardest = hodoku.path_rating(result.steps, result.solved)
    row = Rater().rate(parse(puzzle))
    assert (level, score, hardest) == (row.level, row.score, row.hodoku_hardest)
