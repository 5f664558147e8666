"""The compiled HoDoKu engine's Franken fish (``hodoku/franken_fish.c``) against their Python
finder (``strategies/fish.py``'s general_fish): Franken X-Wing and Swordfish, finned or not,
the four HoDoKu's default configuration enables.

The Python search takes tens of milliseconds a position, so these positions are fewer than
``test_hodoku_engine``'s (which leaves the four to this file): the regression library's fish
lines, positions thinned by many true eliminations, random reachable positions (hypothesis),
and whole paths in HoDoKu's order, where the engine takes them itself.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings

from grading.scales import hodoku_policy, hodoku_techniques
from helpers import ROOT, collection, reglib_cases, reglib_lines
from reachable_positions import positions
from strategies.hodoku import hodoku_compiled
from sudoku_logic import native
from sudoku_logic.core.formats import parse_reglib
from test_hodoku_engine import agree, agree_on_thinned, compiled_first, python_first
from test_hodoku_fish_colors import LEADING, paths_equal

compiled = pytest.mark.skipif(not hodoku_compiled.AVAILABLE, reason=f"compiled engine not in use: {native.REASON}")

FRANKEN = ["Franken X-Wing", "Franken Swordfish", "Finned Franken X-Wing", "Finned Franken Swordfish"]
#: the regression library's codes of the four
CODES = {"0330": "Franken X-Wing", "0331": "Franken Swordfish", "0340": "Finned Franken X-Wing"}
CODES["0341"] = "Finned Franken Swordfish"


def test_hodoku_s_default_path_takes_the_four_and_no_other_franken_fish():
    """HoDoKu 2.2's default configuration enables these four (StepConfig 6100, 6200, 6700,
    6800) and leaves Franken Jellyfish, Mutant, Siamese and Kraken fish off: so does ours."""
    names = [t.name for t in hodoku_techniques()]
    assert set(FRANKEN) <= set(names)
    assert not {n for n in names if ("Franken" in n or "Mutant" in n or "Kraken" in n) and n not in FRANKEN}
    at = names.index(FRANKEN[0])
    assert names[at - 1 : at + 5] == ["Almost Locked Set XY-Chain", *FRANKEN, "Forcing Chain Contradiction"]


@compiled
def test_the_engine_has_them_on_the_default_path():
    """The engine has a finder for each, takes HoDoKu's default path past them (where the
    puzzle is known to have one solution: the uniqueness tests come first), and ``sudoku
    --version`` says it covers every default technique."""
    assert set(FRANKEN) <= hodoku_compiled.COMPILED
    lead = [native.HODOKU_TECHNIQUES[c] for c in hodoku_policy()._compiled_unique]
    assert set(FRANKEN) <= set(lead)
    out = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "--version"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    n = len(native.HODOKU_DEFAULT)
    assert f"HoDoKu's path: compiled for {n} of its {n} default techniques" in out.stdout, out.stdout


@compiled
def test_the_library_lines_of_the_four_on_the_engine():
    """Each library line of the four: the engine's first step is the finder's, which
    :func:`helpers.check_reglib_case` holds to the line (tests/strategies/test_fish.py); where
    the line's eliminations are the first step's, the engine finds exactly them."""
    cases = reglib_cases(*CODES)
    exact = 0
    for case in cases:
        name = CODES[case.base_code]
        got = compiled_first(case.grid, name)
        assert got == python_first(case.grid, name), case.line
        assert got is not None, case.line
        exact += set(got[1]) == set(case.eliminations)
    assert len(cases) >= 7 and exact >= 4, (len(cases), exact)


@compiled
def test_first_steps_equal_on_the_fish_library_lines():
    """Every library line of the fish family (basic, finned, Franken, Mutant, Siamese): the
    four's first steps are their finders' (the library has no Franken X-Wing line: the
    thinned positions have them)."""
    found = dict.fromkeys(FRANKEN, 0)
    lines = [ln for ln in reglib_lines() if ln[1:3] == "03"]
    for line in lines:
        agree(parse_reglib(line).grid, line, found, FRANKEN)
    assert len(lines) > 60
    assert all(n >= 10 for name, n in found.items() if name != "Franken X-Wing"), found


@compiled
def test_first_steps_equal_on_thinned_positions():
    """Puzzles with many true eliminations and few placements: fins and Franken shapes come
    often."""
    found = agree_on_thinned(FRANKEN, 4)
    assert all(n >= 10 for n in found.values()), found


@compiled
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_first_steps_equal_on_random_reachable_positions(position):
    """A puzzle with random true placements and eliminations: each of the four's first step
    is its finder's."""
    grid, _ = position
    agree(grid, grid.values_string(), dict.fromkeys(FRANKEN, 0), FRANKEN)


@compiled
def test_whole_paths_equal_with_the_four_taken_in_c():
    """HoDoKu's order cut to the basic techniques and the four right after them (the engine
    takes the four wherever those stall): the engine's path is the Python finders', words
    included, and it takes Franken fish on the way."""
    taken: set[str] = set()
    for puzzle in collection("top1465.txt", 12, every=60):
        taken |= set(paths_equal(puzzle, LEADING + FRANKEN))
    assert len(taken & set(FRANKEN)) >= 2, taken


#: sudocue_top10000 #3331: HoDoKu 2.2 (anchors/hodoku.jar /vp) takes this Finned Franken
#: Swordfish on its path and scores the puzzle 5516 (without Franken fish our path said 5106)
JAR_PUZZLE = "..8.4...6..4....5.62.7..9...4.23...7.........8...76.9...6..1.72.1....3..9...6.1.."
JAR_STEP = "Finned Franken Swordfish: 1 r14b5 c148 fr4c3 fr5c5 => r5c1<>1"


def _sudoku(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "sudoku_logic", *args], capture_output=True, text=True, env=env, timeout=300
    )


def test_rate_and_step_take_hodoku_s_franken_step():
    """``sudoku rate`` gives HoDoKu's score, and ``sudoku step --order hodoku`` shows its
    Finned Franken Swordfish, on whichever engine is in use."""
    # --memory 0: under the sanitizers a process maps terabytes of shadow memory before it rates
    rated = _sudoku("rate", JAR_PUZZLE, "--columns", "level,score", "--memory", "0")
    assert rated.returncode == 0, rated.stderr
    assert rated.stdout.splitlines()[-1] == "Extreme,5516"
    steps = _sudoku("step", JAR_PUZZLE, "--order", "hodoku")
    assert steps.returncode == 0, steps.stderr
    assert f"18. {JAR_STEP}" in steps.stdout
