"""The rules SE's nested chains ask for eliminations, with the candidates each relies on.

When a dynamic forcing chain of SE's with nesting (``Dynamic Forcing Chains (+)`` and
beyond) has drawn every implication, SE asks its other rules on the chain's working grid
(``Chaining.getAdvancedPotentials``): pointing and claiming, hidden pairs, naked pairs and
X-Wings first, then chaining rules. An elimination counts only with its *rule parents*
(``HasParentPotentialHint.getRuleParents``): the candidates of the position the chain
started from that the chain has removed and the rule needed gone. Without any, the rule
holds in the position itself and does not belong to the chain.

Each rule here is ``rule(grid, source) -> [(eliminations, parents)]`` in SE's order, with
``source`` the start position's candidates (``(cands, pos)`` lists) and parents given as
keys of off potentials (see :class:`sudoku_logic.strategies.se_chaining.Node`).
"""
from __future__ import annotations

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT, HOUSE_CELLS, HOUSE_MASK, MASK_DIGITS

from .fish import se_fisherman
from .intersections import se_intersections
from .subsets import se_hidden_sets, se_naked_sets

Source = tuple[list[int], list[int]]


def _off(cell: int, d: int) -> int:
    return (cell * 9 + d - 1) << 1


def _locking_parents(facts: dict, source: Source, grid: Grid) -> list[int]:
    """``LockingHint.getRuleParents`` (pointing, claiming, fish): the digit's candidates
    gone from the base houses, outside the cover houses."""
    d = facts["digit"]
    cover = 0
    for h in facts["cover"]:
        cover |= HOUSE_MASK[h]
    gone = source[1][d] & ~grid.pos[d] & ~cover
    out = []
    for h in facts["base"]:
        for c in HOUSE_CELLS[h]:
            if gone >> c & 1:
                out.append(_off(c, d))
    return out


def _hidden_parents(facts: dict, source: Source, grid: Grid) -> list[int]:
    """``HiddenSetHint.getRuleParents``: the set's digits gone from the house's other cells."""
    h = facts["house"]
    digits = facts["digits"]
    mine = 0
    for d in digits:
        mine |= grid.pos[d] & HOUSE_MASK[h]
    out = []
    for c in HOUSE_CELLS[h]:
        if not mine >> c & 1:
            src = source[0][c]
            for d in digits:
                if src & DIGIT_BIT[d]:
                    out.append(_off(c, d))
    return out


def _naked_parents(facts: dict, source: Source, grid: Grid) -> list[int]:
    """``NakedSetHint.getRuleParents``: the set cells' other candidates, gone."""
    keep = facts["digits"]
    return [_off(c, d) for c in facts["cells"] for d in MASK_DIGITS[source[0][c] & ~keep]]


def locking(grid: Grid, source: Source) -> list:
    """SE's ``Locking(false)``: pointing and claiming."""
    return [(s.eliminations, _locking_parents(s.facts, source, grid)) for s in se_intersections(grid)]


def hidden_pairs(grid: Grid, source: Source) -> list:
    """SE's ``HiddenSet(2, false)``."""
    return [(s.eliminations, _hidden_parents(s.facts, source, grid)) for s in se_hidden_sets(grid, 2)]


def naked_pairs(grid: Grid, source: Source) -> list:
    """SE's ``NakedSet(2)``."""
    return [(s.eliminations, _naked_parents(s.facts, source, grid)) for s in se_naked_sets(grid, 2)]


def x_wings(grid: Grid, source: Source) -> list:
    """SE's ``Fisherman(2)``."""
    return [(s.eliminations, _locking_parents(s.facts, source, grid)) for s in se_fisherman(grid, 2)]


#: The rules every nested level asks first, in SE's order.
BASIC_RULES = (locking, hidden_pairs, naked_pairs, x_wings)
