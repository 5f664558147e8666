"""A list of techniques that names only some types of a HoDoKu tabling slot (``-t AIC``
without the two nice loops): the compiled engine searches a slot whole and would give a
step of a type not asked for, so the Python finders search such a slot, and both engines
give the same path, steps of the listed types only."""

from __future__ import annotations

import pytest

from grading.scales import hodoku_policy
from helpers import collection
from strategies.hodoku import hodoku_compiled
from sudoku_logic.core.formats import parse
from sudoku_logic.solve.loop import solve

BASICS = ["Full House", "Naked Single", "Hidden Single", "Locked Candidates Type 1 (Pointing)", "Naked Pair"]
LISTS = [
    [*BASICS, "AIC", "Forcing Chain Contradiction"],
    [*BASICS, "Continuous Nice Loop", "Grouped AIC", "Forcing Net Verity"],
]


def test_only_a_whole_tabling_slot_is_the_engines():
    assert hodoku_compiled.whole(["AIC", "Discontinuous Nice Loop", "Continuous Nice Loop"])
    assert hodoku_compiled.whole(["X-Wing"])
    assert not hodoku_compiled.whole(["AIC"])
    assert not hodoku_compiled.whole(["Forcing Chain Verity"])


@pytest.mark.parametrize("names", LISTS, ids=["aic-contradiction", "loop-grouped-aic-net-verity"])
def test_a_partial_tabling_slot_gives_the_python_path(names):
    compiled, python = hodoku_policy(names), hodoku_policy(names, compiled=False)
    seen: set[str] = set()
    for puzzle in collection("top1465.txt")[:8]:
        a = solve(parse(puzzle), compiled).steps
        b = solve(parse(puzzle), python).steps
        assert [(s.technique, s.placements, s.eliminations) for s in a] == [
            (s.technique, s.placements, s.eliminations) for s in b
        ], puzzle
        seen |= {s.technique for s in a}
    # no type the list leaves out (a grouped search names a chain without a group node as
    # the ungrouped type, as HoDoKu does)
    assert seen <= {*names, *(n.removeprefix("Grouped ") for n in names), "Brute Force"}
    assert seen & {"AIC", "Continuous Nice Loop", "Grouped AIC"}  # the partial slot was taken
