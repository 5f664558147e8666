"""Sudoku Explainer's Aligned Pair / Triplet Exclusion (strategies/se/aligned_exclusion.py), held
against SE's own recorded paths and against a plain reading of SE's search
(``se_aligned_reference.py``)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings

from helpers import assert_step_true, assert_step_true_in_position
from reachable_positions import positions as reachable_positions
from se_aligned_reference import reference_hints
from se_paths import effect, positions, se_paths, steps_of_rule
from strategies.registry import RULES
from strategies.se.aligned_exclusion import (
    aligned_pair_exclusion,
    aligned_triplet_exclusion,
    triplet_removals,
)
from sudoku_logic.api.render import ROLES
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse
from sudoku_logic.core.houses import PEERS

APE, ATE = "Aligned Pair Exclusion", "Aligned Triplet Exclusion"
#: SE's producers that it asks after Aligned Pair Exclusion (recorded names), in order
AFTER_APE = (
    "Forcing Chains & Cycles",
    ATE,
    "Nishio Forcing Chains",
    "Multiple Forcing Chains",
    "Dynamic Forcing Chains",
    "Dynamic Forcing Chains (+)",
)
AFTER_ATE = AFTER_APE[2:]
FINDERS = {APE: (aligned_pair_exclusion, 2), ATE: (aligned_triplet_exclusion, 3)}


def later(rule: str, after: tuple[str, ...]) -> bool:
    """Whether SE's recorded ``rule`` comes after the producer whose followers are ``after``
    (nested forcing chains come after all of them)."""
    return rule in after or rule.startswith("Nested")


@cache
def recorded(rule: str) -> tuple:
    """SE's recorded steps of ``rule``: ``(puzzle, index, position, step)``."""
    return tuple(steps_of_rule(rule))


@cache
def reference_at(rule: str, k: int) -> list:
    """The reference's hints at the ``k``-th recorded step of ``rule``."""
    return reference_hints(recorded(rule)[k][2], FINDERS[rule][1])


@cache
def positions_after(after: tuple[str, ...]) -> tuple:
    """``(puzzle, index, position)`` wherever SE took a step of a producer in ``after``."""
    out = []
    for path in se_paths():
        for i, (grid, step) in enumerate(positions(path)):
            if later(step.rule, after):
                out.append((path.puzzle, i, grid))
    return tuple(out)


def summary(steps, degree: int) -> list[tuple[tuple[int, ...], frozenset]]:
    """``(aligned cells, eliminations)`` of each step, to compare with the reference."""
    return [(tuple(s.cells[:degree]), frozenset(s.eliminations)) for s in steps]


# ----------------------------------------------------------------------------- registry


def test_rules_are_registered():
    for name, (finder, _) in FINDERS.items():
        rule = RULES[name]
        assert rule.finder is finder
        assert rule.techniques == (name,)
        assert not rule.needs_unique


# ----------------------------------------------------------------------------- SE's paths


@pytest.mark.parametrize("rule", [APE, ATE])
def test_first_step_is_ses_at_every_recorded_step(rule):
    finder, degree = FINDERS[rule]
    assert len(recorded(rule)) == {APE: 10, ATE: 12}[rule]
    for k, (puzzle, i, grid, se_step) in enumerate(recorded(rule)):
        before = grid.key()
        steps = list(finder(grid))
        assert grid.key() == before, "the finder changed the grid"
        assert steps, f"{puzzle} step {i}: SE found {rule}, we found nothing"
        assert effect(steps[0]) == se_step.effect, (
            f"{puzzle} step {i}: SE {sorted(se_step.eliminations)}, ours {steps[0].notation}"
        )
        assert steps[0].technique == rule
        assert steps[0].facts == {"cells": degree}
        for s in steps:
            assert_step_true_in_position(grid, s)
        # every hint, in SE's order, as SE's search finds them
        assert summary(steps, degree) == reference_at(rule, k), f"{puzzle} step {i}"


def test_pair_rule_is_silent_wherever_se_went_further():
    """Wherever SE took Forcing Chains & Cycles or a later producer, its APE found nothing."""
    todo = positions_after(AFTER_APE)
    assert len(todo) > 3000
    for puzzle, i, grid in todo:
        step = next(aligned_pair_exclusion(grid), None)
        assert step is None, f"{puzzle} step {i}: SE found no APE, we found {step.notation}"


def test_triplet_rule_is_silent_wherever_se_went_further():
    """Wherever SE took Nishio Forcing Chains or a later producer, its ATE found nothing
    (every third such position here; all of them in the sweep)."""
    todo = positions_after(AFTER_ATE)
    assert len(todo) > 1000
    for puzzle, i, grid in todo[::3]:
        step = next(aligned_triplet_exclusion(grid), None)
        assert step is None, f"{puzzle} step {i}: SE found no ATE, we found {step.notation}"


# ----------------------------------------------------------------------------- truth and order


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reachable_positions)
def test_steps_true_and_in_ses_order_on_reachable_positions(pos):
    grid, solution = pos
    before = grid.key()
    for rule, (finder, degree) in FINDERS.items():
        steps = list(finder(grid))
        for s in steps:
            assert_step_true(solution, s)
        assert summary(steps, degree) == reference_hints(grid, degree), rule
    assert grid.key() == before


def test_steps_in_ses_order_where_many_are_found():
    """Positions early in SE's hard paths (before the basic rules have done their work) have
    many aligned sets; our hints are the reference's, one for one, in order."""
    checked = found = 0
    for path in se_paths()[::40]:
        if path.source != "top1465":
            continue
        solution = dlx.unique_solution(parse(path.puzzle))
        for i, (grid, step) in enumerate(positions(path)):
            if i % 15 or step.rule == "Hidden Singles":
                continue
            for rule, (finder, degree) in FINDERS.items():
                steps = list(finder(grid))
                for s in steps:
                    assert_step_true(solution, s)
                assert summary(steps, degree) == reference_hints(grid, degree), (path.puzzle, i, rule)
                found += len(steps)
            checked += 1
    assert checked and found


def test_triplet_sets_are_found_once_with_the_cells_they_clear():
    """triplet_removals names each eliminating set once, and its eliminations are those of
    the hint SE gives for it."""
    for k, (_puzzle, _i, grid, _se_step) in enumerate(recorded(ATE)):
        found = triplet_removals(grid)
        hints = reference_at(ATE, k)
        assert len(found) == len(hints)
        for cells, removed in hints:
            key = sum(1 << c for c in cells)
            got_cells, masks = found[key]
            assert (
                frozenset((c, d) for c, m in zip(got_cells, masks) for d in range(1, 10) if m >> (d - 1) & 1) == removed
            )


# ----------------------------------------------------------------------------- text


@pytest.mark.parametrize("rule", [APE, ATE])
def test_text(rule):
    finder, degree = FINDERS[rule]
    for _puzzle, _i, grid, _ in recorded(rule)[:4]:
        step = next(finder(grid))
        aligned = step.cells[:degree]
        excluders = step.cells[degree:]
        assert len(excluders) >= 1
        assert step.notation.startswith(f"{rule}: ")
        assert "=>" in step.notation
        for c in excluders:  # every excluder shown sees every aligned cell
            assert all(PEERS[c] >> a & 1 for a in aligned)
        roles = {(c, d): r for c, d, r in step.candidates}
        assert set(roles.values()) <= set(ROLES)
        for c in aligned:
            assert all(roles[(c, d)] == "pattern" for d in range(1, 10) if grid.has(c, d))
        for c, d in step.eliminations:
            assert (c, d) in roles
            assert f"r{c // 9 + 1}c{c % 9 + 1}={d} fails" in step.explanation
        assert step.explanation.endswith(f"So {', '.join(step.elimination_strings())}.")
        assert step.houses and all(0 <= h < 27 for h in step.houses)


def test_text_names_the_reasons():
    """APE at r5c79 (qqwing_expert): r5c7=5 meets row 5's rule and three excluders."""
    for _puzzle, _i, grid, _se_step in recorded(APE):
        step = next(aligned_pair_exclusion(grid))
        if step.notation == "Aligned Pair Exclusion: r5c79 => r5c7<>5":
            break
    else:
        pytest.fail("the recorded APE r5c7<>5 is missing")
    assert step.explanation == (
        "r5c7 and r5c9 both see r5c8 (5/8), r6c9 (5/6) and r5c1 (3/5): their digits cannot take "
        "every candidate of one of those cells, nor repeat a digit in a house they share. "
        "r5c7=5 fails whatever r5c9 holds: with 3 r5c1 would have no candidate left; with 5 both "
        "would be 5 in row 5; with 6 r6c9 would have no candidate left; with 8 r5c8 would have no "
        "candidate left. So r5c7<>5."
    )


# ----------------------------------------------------------------------------- sweep


@pytest.mark.sweep
@pytest.mark.parametrize("rule", [APE, ATE])
def test_sweep_every_recorded_position(rule):
    """Every position of every recorded path where SE asked the rule (SE took it or a later
    producer): our hints are the reference's in order, true, and none where SE went on; and
    at every other position that is not a hidden single's, every step we yield is true."""
    finder, degree = FINDERS[rule]
    after = AFTER_APE if rule == APE else AFTER_ATE
    asked = matched = 0
    for path in se_paths():
        solution = dlx.unique_solution(parse(path.puzzle))
        for i, (grid, step) in enumerate(positions(path)):
            if step.rule == rule or later(step.rule, after):
                asked += 1
                steps = list(finder(grid))
                for s in steps:
                    assert_step_true(solution, s)
                assert summary(steps, degree) == reference_hints(grid, degree), (path.puzzle, i)
                if step.rule == rule:
                    assert effect(steps[0]) == step.effect, (path.puzzle, i)
                else:
                    assert not steps, (path.puzzle, i)
                matched += 1
            elif step.rule != "Hidden Singles":
                for s in finder(grid):
                    assert_step_true(solution, s)
    print(f"{rule}: {asked} positions where SE asks it, {matched} matched")
    assert asked == matched
