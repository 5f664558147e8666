"""The compiled SE engine's ids: SE's rules by id (``se_loop.h``'s ``R_*``) and techniques
by code (``se_grid.h``'s ``T_*``), and whether the engine in use has them all. Kept apart
from :mod:`.se_compiled` (which turns hints into steps) so that a whole rating in C
(``grading/se_batch.py``) loads no finder."""

from __future__ import annotations

from collections.abc import Sequence

from strategies.se.chain_nodes import NESTED_SUFFIX
from sudoku_logic.native import se as engine

#: SE's rules the C engine has, by id (``se_loop.h``'s ``R_*``).
RULES: tuple[str, ...] = (
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
    "XYZ-Wings",
    "Naked Quads",
    "Jellyfishes",
    "Hidden Quads",
    "Forcing Chains & Cycles",
    "Unique Loops",
    "Bivalue Universal Graves",
    "Aligned Pair Exclusion",
    "Aligned Triplet Exclusion",
    "Multiple Forcing Chains",
    "Nishio Forcing Chains",
    "Dynamic Forcing Chains",
    "Dynamic Forcing Chains (+)",
    "Dynamic Forcing Chains (+ Forcing Chains)",
    "Dynamic Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
)
RULE_ID: dict[str, int] = {name: i for i, name in enumerate(RULES)}

#: The nesting levels of SE's Dynamic Forcing Chains the C engine has.
LEVELS = (0, 1, 2, 3, 4, 5)

#: Techniques by the C engine's code (``se_grid.h``'s ``T_*``).
TECHNIQUES: tuple[str, ...] = (
    (
        "Full House",
        "Hidden Single",
        "Naked Single",
        "Direct Pointing",
        "Direct Claiming",
        "Direct Hidden Pair",
        "Direct Hidden Triplet",
        "Locked Candidates Type 1 (Pointing)",
        "Locked Candidates Type 2 (Claiming)",
        "Naked Pair",
        "Naked Triple",
        "Naked Quadruple",
        "Hidden Pair",
        "Hidden Triple",
        "Hidden Quadruple",
        "X-Wing",
        "Swordfish",
        "Jellyfish",
        "XY-Wing",
        "XYZ-Wing",
        "Bidirectional X-Cycle",
        "Bidirectional Y-Cycle",
        "Bidirectional Cycle",
        "Forcing X-Chain",
        "Forcing Chain",
    )
    + tuple(f"Unique {shape} Type {n}" for shape in ("Rectangle", "Loop") for n in range(1, 5))
    + (
        "Bivalue Universal Grave + 1",
        "Bivalue Universal Grave Type 2",
        "Bivalue Universal Grave Type 3",
        "Bivalue Universal Grave Type 4",
        "Aligned Pair Exclusion",
        "Aligned Triplet Exclusion",
        "Cell Forcing Chains",
        "Region Forcing Chains",
        "Nishio Forcing Chains",
    )
    + tuple(
        f"Dynamic {kind} Forcing Chains{NESTED_SUFFIX[level]}"
        for level in LEVELS
        for kind in ("Contradiction", "Double", "Cell", "Region")
    )
)

AVAILABLE = engine is not None and engine.RULE_COUNT == len(RULES)


def rule_ids(names: Sequence[str]) -> bytes:
    """The C engine's ids of SE's rules ``names`` (each one it has)."""
    return bytes(RULE_ID[n] for n in names)
