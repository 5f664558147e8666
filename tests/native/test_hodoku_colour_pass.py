"""HoDoKu's colouring pass: ``ColoringSolver.getStep`` returns the first step of either type
(digit by digit, cluster by cluster, a wrap before a trap; for each ordered pair of clusters a
Multi Colors 2 before a Multi Colors 1), so a path takes Simple Colors Wrap and Multi Colors 2
where the trap or Multi Colors 1 of a later cluster is also there. Both engines, field by field."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from grading.scales import hodoku_policy
from helpers import reglib_cases
from reachable_positions import positions
from strategies.hodoku import hodoku_compiled
from strategies.registry import REGISTRY
from sudoku_logic import native
from sudoku_logic.core.grid import Grid
from sudoku_logic.solve.policies import _slot_steps
from test_hodoku_tabling import slot_record

compiled = pytest.mark.skipif(not hodoku_compiled.AVAILABLE, reason=f"compiled engine not in use: {native.REASON}")

#: the two colouring slots of HoDoKu's default path
COLOUR_SLOTS = [s for s in hodoku_policy(compiled=False).slots if s[0].name in hodoku_compiled.COLOURING]


def first_py(grid: Grid, slot) -> tuple | None:
    step = next(_slot_steps(slot, grid, hodoku_policy(compiled=False).context()), None)
    return None if step is None else (step.technique, step.eliminations, step.facts)


def first_c(grid: Grid, slot) -> tuple | None:
    """The engine's step from the colouring ``slot``: technique, eliminations, its rank."""
    record = slot_record(grid, slot)
    if record is None:
        return None
    name, _, _, elims, _, _, rank = record
    return name, elims, {"rank": rank}


def test_each_pass_is_one_slot_of_two_types():
    assert [tuple(t.name for t in s) for s in COLOUR_SLOTS] == [
        ("Simple Colors Trap", "Simple Colors Wrap"),
        ("Multi Colors 1", "Multi Colors 2"),
    ]


def test_a_wrap_comes_before_the_trap_hodoku_would_not_reach():
    """Both regression-library wraps also hold a trap (the trap's finder alone finds it);
    HoDoKu's pass, and so the path's slot, takes the wrap and its eliminations."""
    cases = reglib_cases("0501")
    assert len(cases) == 2
    for case in cases:
        ctx = hodoku_policy(compiled=False).context()
        assert list(REGISTRY["Simple Colors Trap"].find(case.grid.copy(), ctx)), case.line
        tech, elims, _ = first_py(case.grid.copy(), COLOUR_SLOTS[0])
        assert (tech, sorted(elims)) == ("Simple Colors Wrap", sorted(case.eliminations)), case.line


@compiled
def test_both_engines_take_the_same_colouring_step_on_the_library_lines():
    found = 0
    for case in reglib_cases("0500", "0501", "0502", "0503"):
        for slot in COLOUR_SLOTS:
            want = first_py(case.grid.copy(), slot)
            assert first_c(case.grid.copy(), slot) == want, (case.line, slot[0].name)
            found += want is not None
    assert found >= 10


@compiled
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_both_engines_take_the_same_colouring_step_on_random_positions(position):
    grid, _ = position
    for slot in COLOUR_SLOTS:
        assert first_c(grid.copy(), slot) == first_py(grid.copy(), slot), grid.values_string()
