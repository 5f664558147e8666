"""Technique seeds planted around a position where the technique is present (`planting`),
and the techniques a path can name but never takes, refused at once by `generate`."""

from __future__ import annotations

import random

import pytest

from commands import invoke
from helpers import ROOT, assert_practises
from strategies.registry import RULES, load_all
from sudoku_logic import api
from sudoku_logic.app.bulk import planting, seeds
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid

REGLIB = ROOT / "puzzles" / "hodoku_reglib_dev.txt"


def _path(puzzle: str, order: str) -> list[str]:
    """The techniques of the path `sudoku step --order` takes, through the API."""
    return [s.technique for s in api.solve_path(puzzle, order=order).steps]


def test_planting_a_regression_library_position_gives_a_unique_puzzle_that_takes_it():
    """A Uniqueness Test 5 line of HoDoKu's library, planted: its digits as givens, then dug
    while the path keeps the technique; one solution (DLX), and HoDoKu's path takes it."""
    positions = planting.reglib_positions(REGLIB, "Uniqueness Test 5")
    assert len(positions) == 5 and all(p.source.startswith("hodoku_reglib_dev:") for p in positions)
    puzzle, why = planting.plant(positions[0], "Uniqueness Test 5", "hodoku", False, random.Random(1))
    assert puzzle is not None, why
    text = "".join(map(str, puzzle))
    assert sum(map(bool, puzzle)) < sum(map(bool, positions[0].values))  # dug
    assert dlx.dlx_count_solutions(parse(text), 2) == 1
    assert "Uniqueness Test 5" in _path(text, "hodoku")
    again, _ = planting.plant(positions[0], "Uniqueness Test 5", "hodoku", False, random.Random(1))
    assert again == puzzle  # one seeded stream: the same plant


def test_an_avoidable_rectangle_leaves_its_placed_corners_to_the_path():
    """An avoidable rectangle's corners must not be givens: planting leaves them empty."""
    positions = planting.reglib_positions(REGLIB, "Avoidable Rectangle Type 1")
    assert positions and all(p.free for p in positions)
    assert all(p.values[c] for p in positions for c in p.free)


@pytest.mark.sweep
def test_seeds_plant_notes_what_it_tried(tmp_path):
    """`python -m sudoku_logic.app.bulk.planting` writes the index back with a note per target it lacks: how many
    positions of each source it tried and why they failed."""
    out = tmp_path / "index.txt"
    lines = [x for x in seeds.index_lines() if not x.startswith("# planted")]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    planting.main(["--budget", "0.5", "--scan", "0.5", "--puzzles", str(ROOT / "puzzles"), "--out", str(out)])
    notes = [x for x in out.read_text(encoding="utf-8").splitlines() if x.startswith("# planted")]
    unplanted = seeds.parse(seeds.split_earlier(lines, "planted ", "# planted")[0])
    assert notes and len(notes) == len([k for k in planting.PLANT_TARGETS if not unplanted.get(k)])
    assert all("path seeds" in n and "reglib positions" in n and "path positions" in n for n in notes)


def test_a_path_seeds_whole_puzzle_hardened_gives_a_practice_seed():
    """Simple Colors Wrap as the hardest step (issue 41): a puzzle of sudoku17 whose path
    takes the wrap after harder steps, given solution digits where those work and dug while
    no step is harder than the wrap; one solution (DLX); the same stream, the same puzzle."""
    whole = "400200000300000800000704000600000024000005010000080000100400000020000500000060000"
    assert api.rate(whole).hodoku_hardest != "Simple Colors Wrap"
    position = planting.Position(tuple(map(int, whole)), (), "sudoku17:48842 whole")
    puzzle, why = planting.plant(position, "Simple Colors Wrap", "hodoku", True, random.Random(1))
    assert puzzle is not None, why
    text = "".join(map(str, puzzle))
    assert_practises(text, "Simple Colors Wrap")
    assert sum(map(bool, puzzle)) <= planting.MAX_GIVENS
    assert planting.plant(position, "Simple Colors Wrap", "hodoku", True, random.Random(1))[0] == puzzle


def test_a_technique_never_taken_is_refused_at_once():
    result = invoke("generate", "-n", "1", "--technique", "Direct Claiming", "--order", "se", "--no-progress")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "never taken on" in lines[0] and "Traceback" not in result.output
    assert "point" in lines[0]


def _positions(puzzle: str, order: str):
    """Every position of the path of ``order`` of ``puzzle``, as a grid."""
    steps = api.solve_path(puzzle, order=order).steps
    grid = Grid.from_values([int(ch) for ch in puzzle])
    for step in steps:
        yield grid
        grid.apply(step)


def test_what_preempts_it_is_there_wherever_it_is():
    """The reason the refusal gives, checked at every position of the paths of the index's
    SE seeds: a Direct Claiming without a hidden single comes with a Direct Pointing."""
    load_all()
    hidden, direct = RULES["Hidden Singles"], RULES["Direct Intersections"]
    # top1465:539 and :114 (SE's path meets a Direct Claiming with no hidden single there)
    puzzles = [s.puzzle for s in seeds.load()[("se", "hardest", "Aligned Triplet Exclusion")]]
    claims = 0
    for puzzle in (puzzles[0], puzzles[7]):
        for grid in _positions(puzzle, "se"):
            found = list(direct.find(grid))
            if any(s.technique == "Direct Claiming" for s in found) and next(iter(hidden.find(grid)), None) is None:
                claims += 1
                assert any(s.technique == "Direct Pointing" for s in found)
    assert claims
