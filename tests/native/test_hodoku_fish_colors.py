"""The compiled HoDoKu engine's Finned and Sashimi fish, Sue de Coq and colouring against their
Python finders (``hodoku/fish.c``, ``sue_de_coq.c``, ``coloring.c``).

``test_hodoku_engine`` holds every compiled technique to its finder on random positions, along
HoDoKu's paths and on the technique's own regression-library lines; these techniques come late
in HoDoKu's order, so those positions rarely have them. Here: the library's lines of the
neighbouring families, positions thinned by many true eliminations, and whole paths over HoDoKu's
order cut to the compiled techniques, so the engine takes these techniques itself.
"""

from __future__ import annotations

import pytest

from grading.scales import hodoku_policy
from helpers import collection, reglib_lines
from strategies.hodoku import hodoku_compiled
from sudoku_logic import native
from sudoku_logic.core.formats import parse, parse_reglib
from sudoku_logic.solve.loop import solve
from test_hodoku_engine import FIELDS, agree, agree_on_thinned

compiled = pytest.mark.skipif(not hodoku_compiled.AVAILABLE, reason=f"compiled engine not in use: {native.REASON}")

FINNED = [f"{kind} {fish}" for fish in ("X-Wing", "Swordfish", "Jellyfish") for kind in ("Finned", "Sashimi")]
COLOURS = ["Simple Colors Trap", "Simple Colors Wrap", "Multi Colors 1", "Multi Colors 2"]
NAMES = [*FINNED, "Sue de Coq", *COLOURS]
#: HoDoKu's techniques up to the basic fish, which the engine had before these
LEADING = [
    "Full House",
    "Naked Single",
    "Hidden Single",
    "Locked Pair",
    "Locked Triple",
    "Locked Candidates Type 1 (Pointing)",
    "Locked Candidates Type 2 (Claiming)",
    "Naked Pair",
    "Naked Triple",
    "Hidden Pair",
    "Hidden Triple",
    "Naked Quadruple",
    "Hidden Quadruple",
    "X-Wing",
    "Swordfish",
    "Jellyfish",
]


def paths_equal(puzzle: str, names: list[str]) -> list[str]:
    """HoDoKu's path over ``names`` on ``puzzle``, by the engine and by the Python finders
    alone, is the same step by step, words included; its techniques."""
    grid = parse(puzzle)
    fast = solve(grid, hodoku_policy(names))
    slow = solve(grid, hodoku_policy(names, compiled=False))
    assert (fast.solved, fast.error, len(fast.steps)) == (slow.solved, slow.error, len(slow.steps)), puzzle
    for i, (a, b) in enumerate(zip(fast.steps, slow.steps)):
        for f in FIELDS:
            assert getattr(a, f) == getattr(b, f), f"{puzzle} step {i}: {f}"
    assert fast.grid.values == slow.grid.values and fast.grid.cands == slow.grid.cands
    return [s.technique for s in fast.steps]


@compiled
def test_the_engine_has_finned_fish_sue_de_coq_and_colouring():
    """The engine says it has a finder for each, and HoDoKu's order cut to the compiled
    techniques is taken whole by the engine."""
    assert set(NAMES) <= hodoku_compiled.COMPILED
    lead = hodoku_policy(LEADING + NAMES)._compiled
    assert [native.HODOKU_TECHNIQUES[c] for c in lead][-len(NAMES) :] == NAMES


@compiled
def test_first_steps_equal_on_the_neighbouring_library_lines():
    """Every library line of the fish, colouring, chain and Sue de Coq families (Franken,
    Siamese, X-Chain lines included): each technique's first step is its finder's, and each
    finds steps there."""
    found = dict.fromkeys(NAMES, 0)
    lines = [ln for ln in reglib_lines() if ln[1:3] in ("03", "05", "06", "07", "11")]
    for line in lines:
        agree(parse_reglib(line).grid, line, found, NAMES)
    assert len(lines) > 250
    assert all(n >= 10 for n in found.values()), found


@compiled
def test_first_steps_equal_on_thinned_positions():
    """Puzzles with many true eliminations and few placements applied: fins, clusters of
    conjugate pairs and Sue de Coq's patterns come often."""
    found = agree_on_thinned(NAMES, 2)
    assert all(n >= 20 for n in found.values()), found


@compiled
@pytest.mark.parametrize("name,limit,every", [("qqwing_expert.txt", 25, 1), ("top1465.txt", 25, 40)])
def test_whole_paths_equal_over_the_compiled_techniques(name, limit, every):
    """HoDoKu's order cut to the techniques the engine has: the engine's path (these
    techniques taken in C) is the Python finders', words included."""
    taken: set[str] = set()
    for puzzle in collection(name, limit, every=every):
        taken |= set(paths_equal(puzzle, LEADING + NAMES))
    assert len(taken & set(NAMES)) >= 5, taken
