"""Random reachable positions for property tests (hypothesis): a shipped puzzle with some of its
solution's placements and some false candidates' eliminations applied, and its solution."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from helpers import collection
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid

POOL = collection("qqwing_expert.txt", 60) + collection("top1465.txt", 60) + collection("qqwing_simple.txt", 20)
SOLUTIONS = {}


def solution(p: str) -> list[int]:
    """The solution of ``p`` (DLX's), worked out once."""
    if p not in SOLUTIONS:
        SOLUTIONS[p] = dlx.unique_solution(parse(p))
    return SOLUTIONS[p]


def reachable(index: int, seed: int, elims: int, places: int) -> tuple[Grid, list[int]]:
    """A valid puzzle with some true placements and true eliminations applied."""
    p = POOL[index % len(POOL)]
    g = parse(p)
    sol = solution(p)
    rng = random.Random(seed)
    empties = [c for c in range(81) if not g.values[c]]
    for c in rng.sample(empties, min(places, len(empties))):
        g.place(c, sol[c])
    false = [(c, d) for c in range(81) for d in range(1, 10) if g.has(c, d) and d != sol[c]]
    for c, d in rng.sample(false, min(elims, len(false))):
        g.eliminate(c, d)
    return g, sol


positions = st.builds(reachable, st.integers(0, 10_000), st.integers(0, 2**32), st.integers(0, 120), st.integers(0, 30))
