"""What a nested chain asks of a chaining rule's hints (twin of
``sudoku_logic/native/se/hint_list.c``): :func:`chain_rule_parents`, SE's rule parents of a
hint, and :func:`sorted_hints`, a rule's hints in SE's order with equal eliminations once."""

from __future__ import annotations

from collections.abc import Callable

from strategies.se.chain_nodes import _CELL_DIGIT, ADVANCED, NAKED, ChainHint
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_MASK, MASK_DIGITS


def chain_rule_parents(hint: ChainHint, source: tuple[list[int], list[int]], grid: Grid) -> list[int]:
    """SE's ``ChainingHint.getRuleParents``: keys of the off potentials (candidates of the
    source grid gone from ``grid``) that the hint's on nodes relied on: a cell's lost
    candidates for a naked single, a house's lost places for a hidden single."""
    out: dict[int, None] = {}
    default = NAKED if hint.kind == "cell" else (hint.house if hint.kind == "region" else None)
    src_cands, src_pos = source
    light = hint._light  # walked as they are: no need to make Nodes of them
    for target in hint._targets if light else hint.targets:
        done = set()
        todo: list = [target]  # Nodes, or light nodes (tuples)
        while todo:
            nxt: list = []
            for p in todo:
                key, cause, parents = (p[0], p[3], p[2]) if light else (p.key, p.cause, p.parents)
                if key in done:
                    continue
                done.add(key)
                if cause is None:
                    cause = default
                if key & 1 and cause is not None and cause != ADVANCED:
                    cell, d = _CELL_DIGIT[key >> 1]
                    if cause == NAKED:
                        gone = src_cands[cell] & ~grid.cands[cell]
                        for v in MASK_DIGITS[gone]:
                            out[(cell * 9 + v - 1) << 1] = None
                    else:
                        gone = src_pos[d] & HOUSE_MASK[cause] & ~grid.pos[d]
                        while gone:
                            low = gone & -gone
                            out[((low.bit_length() - 1) * 9 + d - 1) << 1] = None
                            gone ^= low
                nxt.extend(parents)
            todo = nxt
    return list(out)


def sorted_hints(found: list[ChainHint], difficulty: Callable[[object], float]) -> list[ChainHint]:
    """The hints rated and sorted as SE sorts them (difficulty, complexity, sort key; stable),
    equal eliminations kept once (the first)."""
    for h in found:
        h.rate()
    found.sort(key=lambda h: (difficulty(h), h.facts["complexity"], h.facts["sort"]))  # type: ignore[index]  # rated above
    out = []
    seen = set()
    for h in found:
        k = h.effect_key()
        if k not in seen:
            seen.add(k)
            out.append(h)
    return out
