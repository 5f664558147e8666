"""Every step of whole solve paths agrees with the DLX solution.

CI checks a fixed spread sample of every shipped collection in both solve orders; the full
sweep over every puzzle is marked ``sweep`` (run it with ``pytest -m sweep``).
"""
from pathlib import Path

import pytest

from helpers import COLLECTIONS, check_path, collection
from sudoku_logic.solver import Solver

SAMPLE = 40  # puzzles per collection per order in CI

SOLVERS = {"se": Solver(order="se"), "hodoku": Solver(order="hodoku")}


def _sample(name: str) -> list[str]:
    allp = collection(name)
    return allp[:: max(1, len(allp) // SAMPLE)][:SAMPLE]


@pytest.mark.parametrize("order", sorted(SOLVERS))
@pytest.mark.parametrize("name", COLLECTIONS + ["hardest_2011_dev.csv"])
def test_sample_paths_are_true(name, order):
    for p in _sample(name):
        check_path(p, SOLVERS[order])


def test_easy_collections_are_solved():
    for name in ("qqwing_simple.txt", "qqwing_easy.txt"):
        for p in _sample(name):
            assert check_path(p, SOLVERS["se"]).solved


@pytest.mark.sweep
@pytest.mark.parametrize("name", COLLECTIONS + ["hardest_2011_dev.csv"])
def test_sweep_every_puzzle(name):
    """Every puzzle of the collection, on all cores: no wrong step, and the solved grids match."""
    import os
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from sweep import sweep
    r = sweep(name, os.cpu_count() or 1)
    assert r["wrong"] == [], r["wrong"][:5]
