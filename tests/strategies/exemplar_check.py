"""Checking a HoDoKu exemplar against the technique it is filed under.

HoDoKu's exemplar file was made with an older HoDoKu whose search order differs from the
current one in a few places (the current order puts 2-String Kite before Empty Rectangle and
Turbot Fish before the colouring techniques). Where our path therefore uses an earlier
technique for the same deduction, the test names that technique and checks that the filed
technique finds the same eliminations in that position.
"""

from __future__ import annotations

from helpers import check_path
from strategies.registry import lookup
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse

BASIC_FAMILIES = {"singles", "intersections", "subsets"}


def check_exemplar(
    puzzle: str, filed: list[str], preempted_by: tuple[str, bool] | None = None, later: str | None = None
) -> None:
    """Solve ``puzzle`` in HoDoKu's order (every step checked against DLX).

    Without ``preempted_by``, one of the ``filed`` techniques must appear in the path. With
    ``preempted_by = (technique, same)``, the first step beyond the basics must be that
    technique, none of ``filed`` may appear before it, and if ``same`` the first ``filed``
    technique must find a step with exactly its eliminations in that position; ``later``
    names a technique that must then appear further on.
    """
    result = check_path(puzzle, Solver(order="hodoku"))
    assert result.solved, "the exemplar should solve with the registered techniques"
    names = [s.technique for s in result.steps]
    if preempted_by is None:
        assert any(t in names for t in filed), f"none of {filed} in path: {names}"
        return
    tech, same = preempted_by
    grid = parse(puzzle)
    for step in result.steps:
        if lookup([step.technique])[0].family not in BASIC_FAMILIES:
            break
        grid.apply(step)
    else:
        raise AssertionError("the path uses only basic techniques")
    assert step.technique == tech, f"expected {tech} first, got {step.notation}"
    if same:
        finder = lookup([filed[0]])[0].finder
        alts = [s for s in finder(grid) if set(s.eliminations) == set(step.eliminations)]
        assert alts, f"{filed[0]} does not find {step.result} where {tech} does"
    if later is not None:
        assert later in names, f"{later} not in path: {names}"
