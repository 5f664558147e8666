"""Sudoku Explainer's chaining rules as rules of the SE path, with their words.

Each of SE's chaining producers (``Forcing Chains & Cycles``, ``Nishio Forcing Chains``,
``Multiple Forcing Chains``, ``Dynamic Forcing Chains``, ``(+)`` and the nested levels) is
a rule whose hints come from the engine in :mod:`strategies.se.chaining`,
sorted as SE sorts them by the SE scale's difficulty (the solve's context carries it). A
step shows each chain in Eureka-like notation from its assumption to its end (``=`` where an
off candidate forces an on one, ``-`` where an on candidate rules one out; a node with
several parents lists them), and says in a sentence what the chains prove.
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.chain_core import link_mark, literal, term
from strategies.registry import se_rule
from strategies.se.chain_nodes import NESTED_SUFFIX, ChainHint, Node, ancestors, rule_techniques
from strategies.se.chaining import Chaining
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import cell_name, cells_name, house_name
from sudoku_logic.core.step import LazyStep, Step

#: The SE rules: (name, multiple, dynamic, nishio, level), in SE's order.
CHAINING_RULES = (
    ("Forcing Chains & Cycles", False, False, False, 0),
    ("Nishio Forcing Chains", False, True, True, 0),
    ("Multiple Forcing Chains", True, False, False, 0),
    ("Dynamic Forcing Chains", True, True, False, 0),
) + tuple((f"Dynamic Forcing Chains{NESTED_SUFFIX[lvl]}", True, True, False, lvl) for lvl in range(1, 6))


def chaining_steps(
    grid: Grid, ctx: SolveContext | None, multiple: bool, dynamic: bool, nishio: bool, level: int
) -> Iterator[Step]:
    """The rule's hints on ``grid`` as steps, in SE's order. Needs the SE scale's
    difficulty in ``ctx`` (hints are sorted by it)."""
    if ctx is None or ctx.difficulty is None:
        raise ValueError(
            "SE's chaining rules sort their hints by the SE scale's difficulty: "
            "run them in a solve of the SE scale (grading.scales)"
        )
    store = None
    if nishio:
        store = ctx.se_nishio
    elif not (multiple or dynamic or level):
        store = ctx.se_x_chains
    stages = ctx.se_levels if dynamic and not nishio else None
    engine = Chaining(multiple, dynamic, nishio, level, ctx.difficulty, store=store, stages=stages)
    work = grid.copy()
    first = engine.first(work)
    if first is None:
        return
    yield hint_step(first)
    # asked for more: list every hint (the first of which is the one just given)
    for hint in engine.hints(work)[1:]:
        yield hint_step(hint)


def _register(name: str, multiple: bool, dynamic: bool, nishio: bool, level: int) -> None:
    def rule(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
        return chaining_steps(grid, ctx, multiple, dynamic, nishio, level)

    rule.__name__ = "se_" + "".join(ch if ch.isalnum() else "_" for ch in name.lower())
    rule.__doc__ = f"SE's {name}, in SE's order."
    se_rule(name, rule_techniques(multiple, dynamic, nishio, level), costly=True)(rule)


for _args in CHAINING_RULES:
    _register(*_args)


# ---------------------------------------------------------------- words


def node_text(n: Node) -> str:
    """``(5)r1c2`` for a candidate, the Eureka way."""
    return term(n.d, cell_name(n.cell))


def chain_text(target: Node) -> str:
    """The chain from its assumption to ``target`` along first parents, Eureka-like:
    ``-`` where an on node rules out the next, ``=`` where an off node forces the next on;
    other parents of a node in brackets."""
    path = []
    p: Node | None = target
    while p is not None:
        path.append(p)
        p = p.parents[0] if p.parents else None
    path.reverse()
    parts = [node_text(path[0]) + ("" if path[0].on else " off")]
    for prev, node in zip(path, path[1:]):
        link = link_mark(not prev.on)
        extra = ""
        if len(node.parents) > 1:
            others = node.parents[1:]
            shown = ", ".join(node_text(o) for o in others[:4]) + (", ..." if len(others) > 4 else "")
            extra = f"[{shown}]"
        if node.nested is not None:
            extra += "[nested]"
        parts.append(f"{link}{node_text(node)}{extra}")
    return "".join(parts)


def _state(n: Node) -> str:
    return literal(cell_name(n.cell), n.d, n.on)


def _text(hint: ChainHint) -> dict:
    """The words, highlights and chains of a hint (built when first read)."""
    chains = [chain_text(t) for t in hint.targets if hint.kind != "cycle"] or [chain_text(hint.targets[0])]
    marks: dict[tuple[int, int], str] = {}
    for t in hint.targets if hint.kind != "cycle" else hint.targets[:1]:
        for n in ancestors(t):
            marks.setdefault((n.cell, n.d), "on" if n.on else "off")
    for c, d in hint.removable:
        marks.pop((c, d), None)
    candidates = [(c, d, role) for (c, d), role in marks.items()]
    result = ", ".join(f"{cell_name(c)}<>{d}" for c, d in hint.removable)
    if hint.placement:
        result = f"{cell_name(hint.placement[0])}={hint.placement[1]}"
    kind = hint.kind
    if kind == "cycle":
        t = hint.targets[0]
        cells = []
        p = t
        while p.parents:
            cells.append(p.cell)
            p = p.parents[0]
        detail = cells_name(sorted(set(cells)))
        why = (
            f"The candidates along the loop {chains[0]} alternate: either every on node of it holds "
            f"or every off node does. A candidate that sees one of each kind is ruled out either way, "
            f"so {result}."
        )
    elif kind == "forcing":
        t = hint.targets[0]
        detail = _state(t)
        if t.on:
            why = (
                f"If {cell_name(t.cell)} were not {t.d}, the chain {chains[0]} would make it {t.d} after "
                f"all; so {cell_name(t.cell)}={t.d}."
            )
        else:
            why = (
                f"If {cell_name(t.cell)} were {t.d}, the chain {chains[0]} would rule {t.d} out of it; "
                f"so {cell_name(t.cell)}<>{t.d}."
            )
    elif kind == "binary":
        src: Node = hint.source  # type: ignore[assignment]  # a binary hint has a source
        on, off = hint.targets
        if hint.absurd or hint.rule.nishio:
            detail = f"{_state(src)} leads to {cell_name(on.cell)} both ={on.d} and <>{on.d}"
            why = (
                f"If {_state(src)}, one chain makes {cell_name(on.cell)}={on.d} ({chains[0]}) and another "
                f"rules it out ({chains[1]}): a contradiction, so {_negation(src)}."
            )
        else:
            detail = f"{cell_name(src.cell)}={src.d} and <>{src.d} both give {_state(on)}"
            why = (
                f"Whether {cell_name(src.cell)} is {src.d} ({chains[0]}) or not ({chains[1]}), "
                f"{_state(on)}; so {result}."
            )
    elif kind == "cell":
        t = hint.targets[0]
        detail = f"every candidate of {cell_name(hint.source_cell)} gives {_state(t)}"
        why = (
            f"{cell_name(hint.source_cell)} must hold one of its candidates, and each leads to {_state(t)}: "
            + "; ".join(chains)
            + f". So {result}."
        )
    else:
        t = hint.targets[0]
        detail = f"every place of {hint.digit} in {house_name(hint.house)} gives {_state(t)}"
        why = (
            f"{hint.digit} must go somewhere in {house_name(hint.house, False)}, and each place leads to "
            f"{_state(t)}: " + "; ".join(chains) + f". So {result}."
        )
    nested = hint.nested_chains()
    if nested:
        why += (
            f" The chains use {len(nested)} nested chain{'s' if len(nested) > 1 else ''} "
            f"(eliminations proved by {nested[0].rule_name()} on the way)."
        )
    return dict(candidates=candidates, detail=detail, explanation=why, chains=chains)


def _negation(n: Node) -> str:
    return f"{cell_name(n.cell)}<>{n.d}" if n.on else f"{cell_name(n.cell)}={n.d}"


def hint_step(hint: ChainHint) -> Step:
    """The step of a chaining hint: its eliminations and placement, SE's facts for the
    scale (complexity, sort key, nesting level), words on first read."""
    facts = hint.facts
    if facts is None:
        facts = hint.rate()
    placements = [hint.placement] if hint.placement else []
    cells = sorted({t.cell for t in hint.targets})
    return LazyStep(
        hint.technique,
        lambda: _text(hint),
        placements=placements,
        eliminations=list(hint.removable),
        cells=cells,
        facts=dict(facts),
    )
