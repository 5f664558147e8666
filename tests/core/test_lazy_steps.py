"""Steps whose text is written on first read read, compare, print and pickle like plain
Steps: the singles (Full House, Naked Single, Hidden Single, made by
:func:`sudoku_logic.core.step.lazy_step` by the thousand on every path)."""

from __future__ import annotations

import pickle

import pytest

from strategies.singles import full_house_step, hidden_single_step, naked_single_step
from sudoku_logic.core.step import LazyStep, Step, lazy_step

FIELDS = [f for f in Step.__dataclass_fields__ if f != "technique"]
SINGLES = [
    lambda cell=40: full_house_step(cell, 5, 22),
    lambda cell=40: naked_single_step(cell, 5),
    lambda cell=40: hidden_single_step(cell, 5, 22),
    lambda cell=40: hidden_single_step(cell, 5, 4),
]


def _plain(step) -> Step:
    return Step(step.technique, **{f: getattr(step, f) for f in FIELDS})


@pytest.mark.parametrize("make", SINGLES, ids=["full house", "naked", "hidden in a box", "hidden in a row"])
def test_single_steps_behave_like_plain_steps(make):
    assert isinstance(make(), LazyStep) and make()._fill is not None  # nothing written yet
    plain = _plain(make())
    assert make() == plain and plain == make() and make() != _plain(make(41))
    assert str(make()) == str(plain) == f"{plain.technique}: r5c5=5"
    assert repr(make()) == repr(plain) and repr(plain).startswith("Step(")
    assert make().to_dict() == plain.to_dict()
    for f in FIELDS:  # each field read first, on a fresh step
        assert getattr(make(), f) == getattr(plain, f), f
    back = pickle.loads(pickle.dumps(make()))
    assert type(back) is Step and back == plain
    s = make()
    s.explanation = "mine"  # an assignment before any read is kept, the rest written
    assert s.explanation == "mine" and s.cells == [40] and s.detail == "" and s.chains == []
    a, b = make(), make()
    a.cells.append(1)  # each step has its own lists
    assert b.cells == [40] and a.placements is not b.placements and a.eliminations is not b.eliminations


def test_what_the_singles_say():
    s = full_house_step(40, 5, 22)
    assert (s.cells, s.houses, s.candidates) == ([40], [22], [(40, 5, "pattern")])
    assert s.explanation == "r5c5 is the last empty cell of box 5, so it takes the missing digit 5."
    s = naked_single_step(40, 5)
    assert (s.cells, s.houses, s.candidates) == ([40], [], [(40, 5, "pattern")])
    assert s.explanation == (
        "r5c5 has only one candidate left, 5: every other digit is already in its row, column or box."
    )
    s = hidden_single_step(40, 5, 4)
    assert (s.cells, s.houses, s.placements) == ([40], [4], [(40, 5)])
    assert s.explanation == "In row 5, 5 can only go in r5c5."


def test_lazy_step_fills_what_the_filler_leaves_out_with_empty_values():
    calls = []

    def fill():
        calls.append(1)
        return {"cells": [3]}

    s = lazy_step("X", fill, [(3, 1)], [], difficulty=2.0, facts={"k": 1})
    assert s.placements == [(3, 1)] and s.difficulty == 2.0 and s.facts == {"k": 1} and not calls
    assert s.explanation == "" and s.houses == [] and s.candidates == [] and s.cells == [3]
    assert s.score is None and len(calls) == 1
    assert s == Step("X", placements=[(3, 1)], cells=[3], difficulty=2.0, facts={"k": 1})
