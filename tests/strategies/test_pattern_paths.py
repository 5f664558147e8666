"""Solve paths with the basic techniques plus single-digit patterns, wings and colouring:
every step is checked against the DLX solution."""

import pytest

from helpers import check_path, collection
from sudoku_logic.api.solver import Solver

TECHNIQUES = ["singles", "intersections", "subsets", "single_digit", "wings", "coloring"]


@pytest.fixture(scope="module")
def solver():
    return Solver(TECHNIQUES, order="hodoku")


def test_qqwing_expert_sample(solver):
    used = set()
    solved = 0
    for p in collection("qqwing_expert.txt", limit=100):
        r = check_path(p, solver)
        solved += r.solved
        used.update(s.technique for s in r.steps)
    assert solved >= 55  # measured 60: the rest need fish or chains
    assert {"Skyscraper", "XY-Wing", "W-Wing"} <= used


def test_top1465_sample(solver):
    """Hard puzzles: the paths stop where stronger techniques are needed, but every step
    taken must be true."""
    for p in collection("top1465.txt", limit=50, every=29):
        check_path(p, solver)
    # (nothing else to assert: check_path fails on any wrong step)


@pytest.mark.sweep
@pytest.mark.parametrize("name", ["qqwing_expert.txt", "top1465.txt", "sudocue_top10000.txt"])
def test_sweep(name, solver):
    for p in collection(name, limit=2000):
        check_path(p, solver)
