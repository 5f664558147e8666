"""Sudoku Explainer's arithmetic, in one place: the difficulty of a step, the length
increment of its chains, and the ER, EP and ED of a path.

A step's number comes from its technique's row (``grading.tables``) and the facts its finder
recorded (``Step.facts``): the kind of house of a hidden single, the cells of a unique loop,
the size of a naked or hidden set, the complexity of a chain. Nothing else computes an SE
number: the SE rules that order their own hints by difficulty (SE's chaining rules) get
:func:`se_difficulty` through the solve's context, so the number that chooses a step is the
number the scale rates.
"""

from __future__ import annotations

from collections.abc import Iterable

from sudoku_logic.core.step import Step

from .tables import RATINGS, SE_HIDDEN_SINGLE, SE_LOOP_EXTRA, SE_LOOP_LONG, SE_SUBSET_EXTRA

#: Families whose steps SE rates as chains: the table's number plus the length increment of
#: their complexity (``ChainingHint.getDifficulty``).
CHAIN_FAMILIES = frozenset({"se_chains"})


def length_increment(length: int) -> float:
    """SE's ``ChainingHint.getLengthDifficulty`` for a chain of ``length`` (its complexity
    minus 2): +0.1 each time the length passes the next of 4, 6, 8, 12, 16, 24, 32, 48, ...
    (the bound grows alternately by 3/2 and 4/3)."""
    added = 0.0
    ceil = 4
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return round(added, 1)


def raw_difficulty(step: Step) -> float | None:
    """Sudoku Explainer's difficulty of ``step`` as SE computes it in floating point (its
    sums of 0.1 are not rounded): what SE sorts hints by. None for a technique SE lacks."""
    row = RATINGS.get(step.technique)
    if row is None or row.se is None:
        return None
    facts = step.facts or {}
    if step.technique == "Hidden Single":
        return SE_HIDDEN_SINGLE[facts.get("house", "box")]
    family = row.family
    se = row.se
    if family in CHAIN_FAMILIES:
        added = 0.0
        ceil = 4
        odd = False
        length = facts["complexity"] - 2
        while length > ceil:
            added += 0.1
            ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
            odd = not odd
        return se + added
    if family == "unique_loops":
        cells = facts.get("loop", 4)
        if cells >= SE_LOOP_LONG[0]:
            se += SE_LOOP_LONG[1]
        for least, added in SE_LOOP_EXTRA:
            if cells >= least:
                se += added
                break
        if "subset" in facts:
            se += (facts["subset"] - (2 if facts.get("hidden") else 1)) * SE_SUBSET_EXTRA
    elif family == "bug" and "subset" in facts:
        se += (facts["subset"] - 1) * SE_SUBSET_EXTRA
    return se


def se_difficulty(step: Step) -> float | None:
    """Sudoku Explainer's difficulty of ``step`` to one decimal as SE prints it (its batch
    rater's ``(int)((d + 0.05) * 10)``), or None for a technique SE does not have."""
    raw = raw_difficulty(step)
    return None if raw is None else shown(raw)


def hardest_techniques(steps: Iterable[Step]) -> set[str]:
    """The techniques of a path's hardest steps: every step rated ER as SE prints it
    (``path_rating``'s ``hardest`` is the first of them)."""
    rated = [(shown(raw_difficulty(s) or 0.0), s.technique) for s in steps]
    top = max((d for d, _ in rated), default=None)
    return {name for d, name in rated if d == top}


def shown(raw: float) -> float:
    """A raw SE difficulty as SE prints it: ``(int)((d + 0.05) * 10)`` tenths."""
    return int((raw + 0.05) * 10) / 10


def path_rating(steps: Iterable[Step]) -> tuple[float, float, float, str]:
    """``(er, ep, ed, hardest)`` of a path as SE's batch rater folds them
    (``Solver.getDifficulty``): ER the highest step, EP the highest up to and including the
    first step that places a digit, ED the first step, each in SE's floating point and
    printed to one decimal; ``hardest`` the technique of the first step rated ER. A step SE
    does not rate counts as 0."""
    er = ep = ed = 0.0
    hardest = ""
    placed = False
    first = True
    for step in steps:
        d = raw_difficulty(step) or 0.0
        if d > er:
            er, hardest = d, step.technique
        if first:
            ed, first = er, False
        if not placed:
            ep = er
            placed = bool(step.placements)
    return shown(er), shown(ep), shown(ed), hardest or "none"
