"""Sudoku Explainer's Unique Loops and BUG rules held against SE's own recorded paths.

SE's solver asks its producers in a fixed order and takes the first hint of the first one
that has any. So wherever SE took a unique loop (or BUG) step, our rule's first step must be
that very step; and wherever SE took a step of a producer that comes later in its order, our
rule must have found nothing. Both producers are recorded under SE's rule name "Unique
patterns"; the hint name tells them apart (``Unique Rectangle type 1``, ``BUG type 3``).
"""

from __future__ import annotations

import re
from functools import lru_cache

import pytest

from grading.scales import se_policy
from helpers import assert_step_true_in_position
from se_paths import effect, positions, se_paths
from strategies.registry import RULES
from strategies.se.bug import bivalue_universal_graves
from strategies.se.order import SE_HOUSE_CELLS, subsets
from strategies.se.unique_loops import unique_loops
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse


def _ctx():
    """A context of the SE scale (its difficulty orders SE's unique loops)."""
    return se_policy().context(unique=True)


#: SE's producers in the order its solver asks them (XYZ-Wings are recorded as XY-Wings;
#: "BUG" and "Unique Loops" are told apart by the hint name).
SE_ORDER = [
    "Hidden Singles",
    "Direct Intersections",
    "Direct Hidden Pairs",
    "Naked Singles",
    "Direct Hidden Triplets",
    "Intersections",
    "Naked Pairs",
    "X-Wings",
    "Hidden Pairs",
    "Naked Triplets",
    "Swordfishes",
    "Hidden Triplets",
    "XY-Wings",
    "Unique Loops",
    "Naked Quads",
    "Jellyfishes",
    "Hidden Quads",
    "BUG",
    "Aligned Pair Exclusion",
    "Forcing Chains & Cycles",
    "Aligned Triplet Exclusion",
    "Nishio Forcing Chains",
    "Multiple Forcing Chains",
    "Dynamic Forcing Chains",
    "Dynamic Forcing Chains (+)",
]
RANK = {name: i for i, name in enumerate(SE_ORDER)}


def producer(step) -> str:
    """SE's producer of a recorded step."""
    if step.rule == "Unique patterns":
        return "BUG" if step.name.startswith("BUG") else "Unique Loops"
    return step.rule


@lru_cache(maxsize=1)
def recorded() -> dict[str, list]:
    """Per producer from Unique Loops on: ``(puzzle, index, position, step)`` for every step
    SE took with it."""
    out: dict[str, list] = {}
    for path in se_paths():
        for i, (grid, step) in enumerate(positions(path)):
            p = producer(step)
            assert p in RANK, f"unknown SE producer {p!r}: add it to SE_ORDER"
            if RANK[p] >= RANK["Unique Loops"]:
                out.setdefault(p, []).append((path.puzzle, i, grid, step))
    return out


def after(rule: str) -> list:
    """Every recorded position where SE took a producer that comes after ``rule``."""
    return [x for p, xs in recorded().items() if RANK[p] > RANK[rule] for x in xs]


def se_difficulty(step) -> float:
    """SE's rating of one of these steps from its technique and facts (SE's getDifficulty)."""
    if step.technique.startswith("Bivalue Universal Grave"):
        if step.technique.endswith("+ 1"):
            return 5.6
        if step.technique.endswith("Type 3"):
            return round(5.7 + (step.facts["subset"] - 1) * 0.1, 1)
        return 5.7
    n = step.facts["loop"]
    d = 4.5 + (0.5 if n >= 10 else 0.2 if n >= 8 else 0.1 if n >= 6 else 0.0)
    if "subset" in step.facts:
        # SE counts a hidden set's cells without the two loop cells: 0.1 less than naked
        d += (step.facts["subset"] - (2 if step.facts.get("hidden") else 1)) * 0.1
    return round(d, 1)


_SE_NAME = re.compile(r"Unique (Rectangle|Loop)(?: (\d+))? type (\d)(?: \(w/(Naked|Hidden) (\w+)\))?$")
_SIZES = {"Pair": 2, "Triplet": 3, "Quad": 4, "Quintuplet": 5, "Sextuplet": 6, "Septuplet": 7}


def check_loop_step(step, se) -> None:
    """``step`` is SE's hint ``se``: same effect, technique, loop size and set."""
    assert effect(step) == se.effect
    m = _SE_NAME.match(se.name)
    assert m, se.name
    shape, size, kind, subset, set_name = m.groups()
    assert step.technique == f"Unique {shape} Type {kind}"
    # SE names the size of loops of more than six cells
    loop = 4 if shape == "Rectangle" else int(size) if size else 6
    assert step.facts["loop"] == loop and len(step.cells) == loop
    if subset:
        assert step.facts["subset"] == _SIZES[set_name]
        assert step.facts.get("hidden", False) == (subset == "Hidden")
        assert f"{subset} {set_name.replace('Triplet', 'Triple')}" in step.detail
    else:
        assert "subset" not in step.facts
    assert se_difficulty(step) == se.d


_BUG_TYPES = {
    "BUG type 1": "Bivalue Universal Grave + 1",
    "BUG type 2": "Bivalue Universal Grave Type 2",
    "BUG type 3": "Bivalue Universal Grave Type 3",
    "BUG type 4": "Bivalue Universal Grave Type 4",
}


# ---------------------------------------------------------------- registration


def test_registered_as_se_rules():
    loops, bug = RULES["Unique Loops"], RULES["Bivalue Universal Graves"]
    assert loops.finder is unique_loops and loops.needs_unique
    assert bug.finder is bivalue_universal_graves and bug.needs_unique
    assert set(loops.techniques) == {f"Unique {s} Type {n}" for s in ("Rectangle", "Loop") for n in range(1, 5)}
    assert bug.techniques == (
        "Bivalue Universal Grave + 1",
        "Bivalue Universal Grave Type 2",
        "Bivalue Universal Grave Type 3",
        "Bivalue Universal Grave Type 4",
    )


def test_se_orders():
    # SE's Permutations: binary numbers with k ones in increasing order
    assert subsets(3, 5) == (
        (0, 1, 2),
        (0, 1, 3),
        (0, 2, 3),
        (1, 2, 3),
        (0, 1, 4),
        (0, 2, 4),
        (1, 2, 4),
        (0, 3, 4),
        (1, 3, 4),
        (2, 3, 4),
    )
    assert subsets(0, 4) == ((),) and subsets(0, 0) == ()
    # a cell's house cells: block, then the rest of the row, then the rest of the column
    assert SE_HOUSE_CELLS[40][:8] == (30, 31, 32, 39, 41, 48, 49, 50)
    assert SE_HOUSE_CELLS[40][8:14] == (36, 37, 38, 42, 43, 44)
    assert SE_HOUSE_CELLS[40][14:] == (4, 13, 22, 58, 67, 76)


# ---------------------------------------------------------------- SE's paths


def test_unique_loops_first_step_is_se():
    cases = recorded()["Unique Loops"]
    assert len(cases) >= 250
    for puzzle, i, grid, se in cases:
        steps = list(unique_loops(grid, _ctx()))
        assert steps, f"{puzzle} #{i}: SE found {se.name}, we nothing"
        check_loop_step(steps[0], se)
        for s in steps:
            assert_step_true_in_position(grid, s)


def test_bug_first_step_is_se():
    cases = recorded()["BUG"]
    assert len(cases) >= 40
    for puzzle, i, grid, se in cases:
        steps = list(bivalue_universal_graves(grid))
        assert steps, f"{puzzle} #{i}: SE found {se.name}, we nothing"
        assert effect(steps[0]) == se.effect and steps[0].technique == _BUG_TYPES[se.name]
        assert se_difficulty(steps[0]) == se.d
        for s in steps:
            assert_step_true_in_position(grid, s)


@pytest.mark.parametrize("rule,finder", [("Unique Loops", unique_loops), ("BUG", bivalue_universal_graves)])
def test_silent_where_se_went_on(rule, finder):
    """Where SE took a later producer, this one had nothing (else SE would have taken it)."""
    cases = after(rule)
    assert len(cases) > 3000
    for puzzle, i, grid, se in cases:
        steps = list(finder(grid, _ctx()) if finder is unique_loops else finder(grid))
        assert not steps, f"{puzzle} #{i}: SE took {se.name}, we found {steps[0].notation}"


@pytest.mark.parametrize("index,step", [(136, 86), (150, 37), (672, 45)])
def test_bug_type_3_on_earlier_positions(index, step):
    """SE never took a BUG type 3 in these paths; at these positions it took an earlier
    producer, but its BUG producer would have found type 3 hints: true, with the set size."""
    grid = list(positions(se_paths()[index]))[step][0]
    found = [s for s in bivalue_universal_graves(grid) if s.technique.endswith("Type 3")]
    assert found
    for s in found:
        assert_step_true_in_position(grid, s)
        digits = re.search(r"\+ Naked \w+ ([\d,]+) in", s.detail).group(1)
        assert s.facts["subset"] == len(digits.split(","))
        assert s.houses and "naked" in s.explanation


def test_text():
    _, _, grid, se = next(x for x in recorded()["Unique Loops"] if "Hidden Triplet" in x[3].name)
    step = next(iter(unique_loops(grid, _ctx())))
    assert re.fullmatch(r"\d/\d in \S+ \+ Hidden Triple \d,\d,\d in r\dc\d/r\dc\d,\S+", step.detail)
    assert "At most one of" in step.explanation and "second solution" in step.explanation
    roles = {role for _, _, role in step.candidates}
    assert roles == {"pattern", "fin"} and len(step.houses) == 1
    assert step.notation.startswith("Unique Rectangle Type 3: ")


@pytest.mark.sweep
def test_every_position_true():
    """Both rules on every position of every recorded path: every step true."""
    for path in se_paths():
        solution = dlx.unique_solution(parse(path.puzzle))
        for i, (grid, _) in enumerate(positions(path)):
            for s in list(unique_loops(grid, _ctx())) + list(bivalue_universal_graves(grid)):
                wrong = [(c, d) for c, d in s.eliminations if solution[c] == d]
                assert not wrong and not s.placements, f"{path.puzzle} #{i}: {s.notation}"
