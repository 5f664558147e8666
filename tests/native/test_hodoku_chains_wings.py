"""The compiled HoDoKu engine's simple chains (Remote Pair, X-Chain, XY-Chain), single-digit
patterns and wings against their Python finders (``sudoku_logic/native/hodoku/simple_chains.c``,
``single_digit.c``, ``wings.c``).

:mod:`test_hodoku_engine` holds every compiled technique to its finder on random reachable
positions, HoDoKu's paths and the regression library; these add the positions where these
techniques are found often (two digits made bivalue in many cells, many candidates thinned
out), and whole paths without the uniqueness techniques, where the engine's lead runs on
through the wings.
"""

from __future__ import annotations

import random

import pytest

from grading.scales import hodoku_policy
from helpers import collection
from reachable_positions import POOL, solution
from strategies.hodoku import hodoku_compiled
from strategies.registry import REGISTRY, load_all
from sudoku_logic import native
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid
from sudoku_logic.solve.loop import solve
from test_hodoku_engine import FIELDS, compiled_first, python_first

compiled = pytest.mark.skipif(not hodoku_compiled.AVAILABLE, reason=f"compiled engine not in use: {native.REASON}")

PATTERNS = ("Skyscraper", "2-String Kite", "Turbot Fish", "Empty Rectangle")
#: not in HoDoKu's default order
OFF_BY_DEFAULT = ("Dual 2-String Kite", "Dual Empty Rectangle", "WXYZ-Wing")
WINGS = ("W-Wing", "XY-Wing", "XYZ-Wing")
CHAINS = ("X-Chain", "XY-Chain")
OURS = ("Remote Pair", *PATTERNS, *OFF_BY_DEFAULT, *WINGS, *CHAINS)


def paired_position(rng: random.Random) -> Grid:
    """A shipped puzzle where most cells solved by one or two pairs of digits hold only those
    two, and some other false candidates are gone: Remote Pairs, W-Wings and XY-Wings abound."""
    p = rng.choice(POOL)
    g, sol = parse(p), solution(p)
    for _ in range(rng.randint(1, 2)):
        a, b = rng.sample(range(1, 10), 2)
        for c in range(81):
            if not g.values[c] and sol[c] in (a, b) and g.has(c, a) and g.has(c, b) and rng.random() < 0.8:
                for d in range(1, 10):
                    if d not in (a, b) and g.has(c, d):
                        g.eliminate(c, d)
    false = [(c, d) for c in range(81) for d in range(1, 10) if g.has(c, d) and d != sol[c]]
    for c, d in rng.sample(false, min(rng.randrange(60), len(false))):
        g.eliminate(c, d)
    return g


def thinned_position(rng: random.Random) -> Grid:
    """A shipped puzzle with many of its false candidates removed (single-digit patterns)."""
    p = rng.choice(POOL)
    g, sol = parse(p), solution(p)
    false = [(c, d) for c in range(81) for d in range(1, 10) if g.has(c, d) and d != sol[c]]
    for c, d in rng.sample(false, len(false) * rng.randint(2, 7) // 10):
        g.eliminate(c, d)
    return g


@compiled
def test_the_engine_has_these_finders():
    """The simple chains, the single-digit patterns (the duals too) and the wings (WXYZ-Wing
    too) are compiled."""
    assert set(OURS) <= hodoku_compiled.COMPILED


@compiled
def test_remote_pairs_equal_where_pairs_abound():
    """The best Remote Pair by HoDoKu's comparator (ties to the shortest chain, then the first
    found), and the wings, on positions full of bivalue cells; the best is often not the
    finder's first, so the ranking is tested too."""
    load_all()
    rng = random.Random(3)
    found = not_first = 0
    for _ in range(400):
        grid = paired_position(rng)
        for name in ("Remote Pair", *WINGS, "XY-Chain"):
            want = python_first(grid, name)
            assert compiled_first(grid, name) == want, f"{name} at {grid.values_string()}"
            if name == "Remote Pair" and want is not None:
                found += 1
                not_first += next(iter(REGISTRY[name].find(grid))).eliminations != want[1]
    assert found > 50 and not_first > 10


@compiled
def test_patterns_wings_and_chains_equal_on_thinned_positions():
    """Each single-digit pattern's, wing's and chain's first step (a chain's: the best by
    HoDoKu's comparator) on positions with many candidates gone."""
    rng = random.Random(5)
    found = dict.fromkeys(OURS, 0)
    for _ in range(300):
        grid = thinned_position(rng)
        for name in OURS:
            want = python_first(grid, name)
            assert compiled_first(grid, name) == want, f"{name} at {grid.values_string()}"
            found[name] += want is not None
    assert min(found[n] for n in PATTERNS + WINGS + CHAINS) > 50 and min(found[n] for n in OFF_BY_DEFAULT) > 0, found


def assert_paths_equal_under(puzzle: str, names: list[str] | None = None) -> list[str]:
    """HoDoKu's path over ``names`` (its default techniques) without the uniqueness ones,
    where the engine's lead runs on through XYZ-Wing at least, is the Python finders' path,
    words and facts included; its techniques."""
    grid = parse(puzzle)
    fast = solve(grid, hodoku_policy(names, uniqueness=False))
    slow = solve(grid, hodoku_policy(names, uniqueness=False, compiled=False))
    assert (fast.solved, fast.error, len(fast.steps)) == (slow.solved, slow.error, len(slow.steps)), puzzle
    for i, (a, b) in enumerate(zip(fast.steps, slow.steps)):
        for f in FIELDS:
            assert getattr(a, f) == getattr(b, f), f"{puzzle} step {i}: {f}"
    return [s.technique for s in fast.steps]


@compiled
def test_paths_equal_through_the_wings():
    """Whole paths of expert and hardest puzzles with the lead through XYZ-Wing compiled."""
    lead = [native.HODOKU_TECHNIQUES[c] for c in hodoku_policy(uniqueness=False)._compiled]
    in_lead = {"Remote Pair", *PATTERNS, *WINGS}
    assert in_lead <= set(lead)
    used: set[str] = set()
    for puzzle in collection("qqwing_expert.txt", 15) + collection("top1465.txt", 15, every=20):
        used |= set(assert_paths_equal_under(puzzle))
    assert len(used & in_lead) >= 5, used


@compiled
def test_paths_equal_over_the_compiled_techniques():
    """Whole paths over the compiled techniques alone, in HoDoKu's order: the lead runs through
    X-Chain and XY-Chain (the chains' size in the steps' facts), WXYZ-Wing and the duals."""
    names = sorted(hodoku_compiled.COMPILED, key=lambda n: hodoku_compiled.CODE[n])
    lead = {native.HODOKU_TECHNIQUES[c] for c in hodoku_policy(names, uniqueness=False)._compiled}
    assert set(OURS) <= lead
    used: dict[str, int] = {}
    for puzzle in collection("qqwing_expert.txt", 40):
        for t in assert_paths_equal_under(puzzle, names):
            used[t] = used.get(t, 0) + 1
    # X-Chain comes after the colouring techniques, which take most of its steps on these
    # paths: its first steps are compared position by position in test_hodoku_engine.py
    assert all(used.get(n, 0) > 2 for n in ("Remote Pair", "XY-Chain", "WXYZ-Wing")), used
