"""The compiled HoDoKu engine's uniqueness techniques and BUG+1 (``hodoku/uniqueness.c``)
against their Python finders (``strategies/hodoku/uniqueness.py``).

They assume one solution, so every position here is one of a puzzle with one solution:
HoDoKu's exemplars of the uniqueness techniques, solved in HoDoKu's order over the compiled
techniques, whole paths in both engines, and each position on the way (and a thinned copy
of it) asked for each technique's first step; the positions around each BUG+1; and the
regression library's avoidable rectangles, whose givens decide what they find.
"""

from __future__ import annotations

import random
import re

import pytest

from grading.scales import hodoku_policy
from helpers import EXEMPLARS, reglib_cases
from strategies.hodoku import hodoku_compiled
from strategies.registry import REGISTRY, load_all
from strategies.se.se_compiled import pack
from sudoku_logic import native
from sudoku_logic.core import dlx
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.step import Step
from sudoku_logic.solve.loop import solve
from sudoku_logic.solve.memo import step_changes

NAMES = (
    "Bivalue Universal Grave + 1",
    "Uniqueness Test 1",
    "Uniqueness Test 2",
    "Uniqueness Test 3",
    "Uniqueness Test 4",
    "Uniqueness Test 5",
    "Uniqueness Test 6",
    "Hidden Rectangle",
    "Avoidable Rectangle Type 1",
    "Avoidable Rectangle Type 2",
)
FIELDS = tuple(Step.__dataclass_fields__)

load_all()  # once: it walks the strategy packages every time

compiled = pytest.mark.skipif(not hodoku_compiled.AVAILABLE, reason=f"compiled engine not in use: {native.REASON}")


def compiled_first(grid: Grid, name: str) -> tuple | None:
    """The compiled engine's first step of ``name`` on ``grid``: (placements, eliminations)."""
    _, steps, *_ = native.hodoku_run(*pack(grid), b"", b"", hodoku_compiled.codes([name]), 1, False, grid.givens)
    return (steps[0][2], steps[0][3]) if steps else None


def python_first(grid: Grid, name: str, ctx: SolveContext | None = None) -> tuple | None:
    """The Python finder's first step of ``name`` on ``grid`` that changes it (``ctx``: a
    context the finders of one position share, as in a solve)."""
    for step in REGISTRY[name].find(grid, ctx):
        if step_changes(grid, step):
            return step.placements, step.eliminations
    return None


def agree(grid: Grid, names=NAMES) -> set[str]:
    """Each technique's first step on ``grid`` is its finder's (the unique rectangles searched
    once for all, as in a solve); the techniques that found one."""
    found = set()
    ctx = SolveContext(unique=True)
    for name in names:
        want = python_first(grid, name, ctx)
        assert compiled_first(grid, name) == want, f"{name} at {grid.values_string()}"
        if want is not None:
            found.add(name)
    return found


def _exemplars() -> list[str]:
    """The puzzles HoDoKu files under its uniqueness techniques (#0600 to #0610)."""
    out, code = [], ""
    for ln in EXEMPLARS.read_text().splitlines():
        m = re.match(r"#(\d{4})", ln)
        if m:
            code = m.group(1)
        elif "0600" <= code <= "0610" and re.match(r"[0-9.]{81}", ln):
            out.append(ln[:81])
    return out


EXEMPLAR_PUZZLES = _exemplars()


def _policies():
    """HoDoKu's order over the compiled techniques: C's lead and the Python reference."""
    names = sorted(hodoku_compiled.COMPILED)
    return hodoku_policy(names), hodoku_policy(names, compiled=False)


@compiled
def test_the_engine_takes_the_uniqueness_techniques_on_unique_puzzles():
    """The ten techniques are compiled, and HoDoKu's order over the compiled techniques gives
    them to C only where the solve knows its puzzle has one solution."""
    assert set(NAMES) <= hodoku_compiled.COMPILED
    fast, _ = _policies()
    codes = set(hodoku_compiled.codes(list(NAMES)))
    assert codes <= set(fast._compiled_unique)
    assert not codes & set(fast._compiled)


@compiled
def test_exemplar_paths_equal():
    """HoDoKu's uniqueness exemplars, each solved by both engines in HoDoKu's order over the
    compiled techniques, knowing the puzzle unique: the same steps, words included."""
    fast_policy, slow_policy = _policies()
    used = set()
    for puzzle in EXEMPLAR_PUZZLES:
        grid = parse(puzzle)
        fast_ctx, slow_ctx = fast_policy.context(), slow_policy.context()
        assert fast_ctx.is_unique(grid) and slow_ctx.is_unique(grid), puzzle
        fast = solve(grid, fast_policy, ctx=fast_ctx)
        slow = solve(grid, slow_policy, ctx=slow_ctx)
        assert len(fast.steps) == len(slow.steps), puzzle
        for i, (a, b) in enumerate(zip(fast.steps, slow.steps)):
            for f in FIELDS:
                assert getattr(a, f) == getattr(b, f), f"{puzzle} step {i}: {f}"
            used.add(b.technique)
        assert fast.grid.cands == slow.grid.cands, puzzle
    # Uniqueness Test 5's exemplars need XY-Wing first; the positions below find it
    assert set(NAMES) - {"Uniqueness Test 5"} <= used


def _thinned(grid: Grid, solution: list[int], rng: random.Random) -> Grid:
    """``grid`` with a quarter of its false candidates removed."""
    out = grid.copy()
    false = [(c, d) for c in range(81) for d in range(1, 10) if out.has(c, d) and d != solution[c]]
    for c, d in rng.sample(false, len(false) // 4):
        out.eliminate(c, d)
    return out


@compiled
def test_techniques_equal_along_exemplar_paths_and_thinned():
    """Every third position of the exemplars' Python paths, and each thinned: every
    technique's first step is its finder's, and each of the ten finds one somewhere."""
    _, slow_policy = _policies()
    rng = random.Random(2026)
    found: set[str] = set()
    for puzzle in EXEMPLAR_PUZZLES:
        grid = parse(puzzle)
        solution = dlx.unique_solution(grid)
        work = grid.copy()
        for i, step in enumerate(solve(grid, slow_policy, ctx=slow_policy.context(unique=True)).steps):
            if i % 3 == 0:
                found |= agree(work) | agree(_thinned(work, solution, rng))
            work.apply(step)
    assert found == set(NAMES)


@compiled
def test_bug_plus_1_around_its_positions():
    """Where the exemplars' paths take BUG+1, and that position with any one false candidate
    removed (most no longer a BUG+1): the same first BUG+1 in both engines."""
    _, slow_policy = _policies()
    name = "Bivalue Universal Grave + 1"
    seen = 0
    for puzzle in EXEMPLAR_PUZZLES:
        grid = parse(puzzle)
        solution = dlx.unique_solution(grid)
        work = grid.copy()
        for step in solve(grid, slow_policy, ctx=slow_policy.context(unique=True)).steps:
            if step.technique == name:
                seen += 1
                assert agree(work, [name]) == {name}
                for c in range(81):
                    for d in range(1, 10):
                        if work.has(c, d) and d != solution[c]:
                            variant = work.copy()
                            variant.eliminate(c, d)
                            agree(variant, [name])
            work.apply(step)
    assert seen >= 3


@compiled
@pytest.mark.parametrize("code", ["0607", "0608"])
def test_avoidable_rectangles_read_the_givens(code):
    """An avoidable rectangle needs placed cells that are not givens, and givens that alone
    have one solution: both engines find it with the line's givens, neither with every
    placed cell a given, nor with no givens at all."""
    name = {"0607": "Avoidable Rectangle Type 1", "0608": "Avoidable Rectangle Type 2"}[code]
    cases = [c for c in reglib_cases(code) if not c.fail_case]
    assert cases
    for case in cases:
        grid = case.grid.copy()
        assert name in agree(grid, [name]), case.line
        grid.givens = grid.filled()
        assert not agree(grid, [name]), case.line
        grid.givens = 0
        assert not agree(grid, [name]), case.line
