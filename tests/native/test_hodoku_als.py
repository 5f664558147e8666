"""The compiled ALS techniques (``sudoku_logic/native/hodoku/als.c`` and ``als_chains.c``)
against the Python finders (``strategies/hodoku/als.py``, ``als_chains.py``): the first step
of ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom where HoDoKu's path takes an ALS
step, whole paths with the family in the compiled lead, and the lead stopping before it
under other ALS settings (the engine has HoDoKu's defaults only).
"""

from __future__ import annotations

import re

import pytest

from grading.scales import hodoku_policy
from helpers import PUZZLES, ROOT, collection
from strategies.hodoku import hodoku_compiled
from strategies.registry import REGISTRY, load_all
from strategies.se.se_compiled import pack
from sudoku_logic import native
from sudoku_logic.core.context import AlsOptions, Settings
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid
from sudoku_logic.solve.loop import solve
from sudoku_logic.solve.memo import step_changes

compiled = pytest.mark.skipif(not hodoku_compiled.AVAILABLE, reason=f"compiled engine not in use: {native.REASON}")

#: the family on HoDoKu's default path, and with Death Blossom (off by default)
ALS = ("Almost Locked Set XZ-Rule", "Almost Locked Set XY-Wing", "Almost Locked Set XY-Chain")
FAMILY = (*ALS, "Death Blossom")


def lead() -> list[str]:
    """The compiled techniques before the ALS family in HoDoKu's order (not those assuming
    one solution, where the lead stops, nor Brute Force), then the family."""
    load_all()
    code = hodoku_compiled.CODE
    before = [n for n in hodoku_compiled.COMPILED if n not in FAMILY and n != "Brute Force"]
    return sorted((n for n in before if not REGISTRY[n].needs_unique), key=code.__getitem__) + list(FAMILY)


def compiled_first(grid: Grid, name: str) -> tuple | None:
    """The compiled engine's first step of ``name`` on ``grid``: (placements, eliminations)."""
    _, steps, *_ = native.hodoku_run(*pack(grid), b"", b"", hodoku_compiled.codes([name]), 1, False, grid.givens)
    return (steps[0][2], steps[0][3]) if steps else None


def python_first(grid: Grid, name: str) -> tuple | None:
    """The Python finder's first step of ``name`` on ``grid`` that changes it."""
    load_all()
    for step in REGISTRY[name].find(grid):
        if step_changes(grid, step):
            return step.placements, step.eliminations
    return None


def als_positions(puzzles: list[str]) -> list[tuple[str, Grid, str]]:
    """The positions where HoDoKu's (Python) path takes an ALS step, and that technique."""
    out = []
    reference = hodoku_policy(compiled=False)
    for p in puzzles:
        work = parse(p)
        for i, step in enumerate(solve(work.copy(), reference).steps):
            if step.technique in ALS:
                out.append((f"{p} #{i}", work.copy(), step.technique))
            work.apply(step)
    return out


def assert_als_techniques_equal(places: list[tuple[str, Grid, str]]) -> dict[str, int]:
    """At each place every ALS technique's first step is its finder's, and the engine finds
    the step the path took; how often each technique found one."""
    found = dict.fromkeys(FAMILY, 0)
    for where, grid, taken in places:
        for name in FAMILY:
            want = python_first(grid, name)
            assert compiled_first(grid, name) == want, f"{name} at {where}"
            assert want is not None or name != taken, where
            found[name] += want is not None
    return found


def hardest(every: int) -> list[str]:
    lines = [line.split(",")[0] for line in (PUZZLES / "hardest_2011_dev.csv").read_text().splitlines()]
    return [p for p in lines if len(p) == 81 and p[0] in "0123456789."][::every]


@compiled
def test_als_techniques_equal_where_top1465_paths_take_them():
    """Every position where HoDoKu's path through 60 of top1465 takes an ALS step."""
    places = als_positions(collection("top1465.txt", 60, every=7))
    assert len(places) >= 5 and {t for *_, t in places} >= {ALS[0], ALS[1]}
    found = assert_als_techniques_equal(places)
    assert min(found[n] for n in ALS) >= 3 and found["Death Blossom"] >= 1


@compiled
def test_als_techniques_equal_where_hardest_paths_take_them():
    """Every position where HoDoKu's path through 20 of the 2011 hardest list takes an ALS step."""
    places = als_positions(hardest(10)[:20])
    assert len(places) >= 3
    found = assert_als_techniques_equal(places)
    assert min(found[n] for n in ALS) >= 2 and found["Death Blossom"] >= 1


@compiled
def test_als_paths_equal_with_the_family_in_the_lead():
    """A path over the compiled techniques and the ALS family runs in C up to where it is
    stuck, step for step the Python path, words included."""
    names = lead()
    fast, slow = hodoku_policy(names), hodoku_policy(names, compiled=False)
    assert set(FAMILY) <= {native.HODOKU_TECHNIQUES[c] for c in fast._compiled}
    taken = 0
    for puzzle in collection("top1465.txt", 40, every=13):
        a, b = solve(parse(puzzle), fast), solve(parse(puzzle), slow)
        assert len(a.steps) == len(b.steps), puzzle
        for x, y in zip(a.steps, b.steps):
            assert (x.technique, x.placements, x.eliminations, x.explanation, x.detail) == (
                y.technique,
                y.placements,
                y.eliminations,
                y.explanation,
                y.detail,
            ), puzzle
        taken += sum(s.technique in FAMILY for s in a.steps)
    assert taken >= 5


@compiled
def test_the_lead_stops_before_als_under_other_settings():
    """With ALS settings other than HoDoKu's defaults the ALS techniques are the Python
    finders', and the path is theirs."""
    names = lead()
    settings = Settings().with_als(allow_overlap=True)
    policy = hodoku_policy(names, settings=settings)
    taken = {native.HODOKU_TECHNIQUES[c] for c in policy._compiled}
    assert "Jellyfish" in taken and not set(FAMILY) & taken
    assert set(FAMILY) <= {native.HODOKU_TECHNIQUES[c] for c in hodoku_policy(names, settings=Settings())._compiled}
    reference = hodoku_policy(names, settings=settings, compiled=False)
    for puzzle in collection("top1465.txt", 4, every=13):
        a, b = solve(parse(puzzle), policy), solve(parse(puzzle), reference)
        assert [(s.technique, s.eliminations) for s in a.steps] == [(s.technique, s.eliminations) for s in b.steps]


def test_the_compiled_bounds_are_the_default_settings():
    """The compiled chain search stops where the Python one does, and Death Blossom keeps as
    many ALS per stem candidate, under the default settings."""
    header = (ROOT / "sudoku_logic/native/hodoku/als_chains.h").read_text()
    defaults = AlsOptions()
    for name, want in (
        ("HD_ALS_CHAIN_BUDGET", defaults.chain_budget),
        ("HD_DB_MAX_ALS_PER_DIGIT", defaults.db_max_als_per_digit),
    ):
        value = re.search(rf"#define {name} (\d+)", header)
        assert value is not None and int(value.group(1)) == want, name
