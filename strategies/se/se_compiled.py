"""The compiled twins of Sudoku Explainer's rules: the C engine's hints as steps.

The C engine (``sudoku_logic/native``, when built) finds hints; the words stay here: each
hint becomes the step the Python finder of the same name makes, through the one builder
both call (``full_house_step``, ``se_intersection_step``, ``se_fish_step``...). The C
functions carry the Python finders' names (``se_hidden_singles``, ``se_naked_sets``,
``se_fisherman``...), so a reader finds each pair.

:func:`first` gives one rule list's first hint on a grid, with its text at once;
:func:`run` takes steps while the compiled rules find them and gives each its text only
when first read, from the position it was found in.
"""

from __future__ import annotations

from collections.abc import Callable

from strategies.registry import RULES as RULE_FINDERS
from strategies.se.aligned_exclusion import PAIR, TRIPLET, aligned_step
from strategies.se.bug import Bug, bug_step
from strategies.se.chain_nodes import (
    NAKED,
    NESTED_SUFFIX,
    ChainHint,
    Node,
    _anc,
    _reversed_cycle,
    _root,
)
from strategies.se.chain_rules import _text as chain_text_fields
from strategies.se.chain_rules import hint_step
from strategies.se.chaining import Chaining
from strategies.se.direct import _DIRECT_LOCKING, direct_hidden_step, direct_locking_step
from strategies.se.fish import se_fish_step
from strategies.se.intersections import se_intersection_step
from strategies.se.order import SE_CELL_HOUSES, SE_HOUSE_CELLS
from strategies.se.subsets import se_hidden_set_step, se_naked_set_step
from strategies.se.unique_loops import LoopHint, unique_loop_step
from strategies.se.wings import se_wing_step
from strategies.singles import _HOUSE_KIND, full_house_step, hidden_single_step, naked_single_step
from sudoku_logic import native
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_CELLS, HOUSE_MASK, MASK_DIGITS, MASK_SIZE, PEERS, cell_list, cell_name
from sudoku_logic.core.step import TEXT_FIELDS, LazyStep, Step, lazy_step, step_changes
from sudoku_logic.native import AVAILABLE, RULE_ID, RULES, TECHNIQUES, rule_ids, unpack_masks  # noqa: F401 - callers name them se_compiled.X
from sudoku_logic.native import pack as native_pack

#: The nesting levels of SE's Dynamic Forcing Chains the C engine has.
_LEVELS = tuple(range(len(NESTED_SUFFIX)))

#: the techniques of nesting levels that ask chaining rules (their words need the solve's
#: difficulty, :func:`_build`)
_NESTING = frozenset(
    i
    for i, name in enumerate(TECHNIQUES)
    if name.endswith((NESTED_SUFFIX[2], NESTED_SUFFIX[3], NESTED_SUFFIX[4], NESTED_SUFFIX[5]))
)


_ALL = (1 << 64) - 1


def pack(grid: Grid) -> tuple[bytes, bytes]:
    """The grid as the C engine reads it: 81 values, 81 masks as little-endian words."""
    return native_pack(grid.values, grid.cands)


def unpack(values: bytes, masks: bytes, givens: int) -> Grid:
    """The grid of 81 values and 81 little-endian masks (as the C engine writes them)."""
    return Grid.from_state(list(values), unpack_masks(masks), givens)


def _cells(lo: int, hi: int) -> int:
    return (lo & _ALL) | (hi & _ALL) << 64


def _bits(mask: int) -> tuple[int, ...]:
    return tuple(i for i in range(9) if mask >> i & 1)


def _digits(mask: int) -> tuple[int, ...]:
    return tuple(i + 1 for i in range(9) if mask >> i & 1)


def _set_of(elims: list[tuple[int, int]]) -> int:
    out = 0
    for c, _ in elims:
        out |= 1 << c
    return out


# Per technique code: (facts from the args, the builder's step on a grid). The builders are
# the Python finders' own; ``elims`` are the C engine's.
def _full_house(grid, a, elims, path):
    return full_house_step(a[0], a[1], a[2])


def _hidden_single(grid, a, elims, path):
    return hidden_single_step(a[0], a[1], a[2])


def _naked_single(grid, a, elims, path):
    return naked_single_step(a[0], a[1])


def _direct_locking(grid, a, elims, path):
    return direct_locking_step(grid, a[0], a[1], a[2], a[3])


def _direct_hidden(size):
    def build(grid, a, elims, path):
        return direct_hidden_step(grid, size, a[0], _digits(a[1]), _cells(a[2], a[3]), a[4], a[5])

    return build


def _intersection(grid, a, elims, path):
    return se_intersection_step(grid, a[0], a[1], a[2])


def _naked_set(size):
    def build(grid, a, elims, path):
        h = a[0]
        cells = [HOUSE_CELLS[h][i] for i in _bits(a[1])]
        cm = 0
        for c in cells:
            cm |= 1 << c
        return se_naked_set_step(grid, size, h, cells, cm, a[2], list(elims))

    return build


def _hidden_set(size):
    def build(grid, a, elims, path):
        return se_hidden_set_step(grid, size, a[0], _digits(a[1]), _cells(a[2], a[3]), a[1], list(elims))

    return build


def _fish(size):
    def build(grid, a, elims, path):
        d, base_off, base, cover = a
        cover_off = 9 - base_off
        base_h = tuple(base_off + i for i in _bits(base))
        cover_h = tuple(cover_off + j for j in _bits(cover))
        base81 = 0
        for h in base_h:
            base81 |= grid.pos[d] & HOUSE_MASK[h]
        return se_fish_step(size, d, base_h, cover_h, base81, _set_of(elims))

    return build


def _wing(xyz):
    def build(grid, a, elims, path):
        return se_wing_step(grid, xyz, a[0], a[1], a[2], a[3], _set_of(elims))

    return build


def _not_searched(hint) -> float:
    raise RuntimeError("a hint made from the compiled engine's chain is not searched again")


#: The rule the compiled engine's cycles and forcing chains belong to (its hints are
#: made from the engine's nodes, never searched for here).
_FORCING_CHAINS_AND_CYCLES = Chaining(False, False, False, 0, _not_searched)


def _nodes(path) -> Node:
    """The :class:`Node` chain of a path of ``(key, cause)`` from its start, the last node."""
    key, _ = path[0]
    cell, d = divmod(key >> 1, 9)
    node = Node(cell, d + 1, bool(key & 1))
    for key, cause in path[1:]:
        cell, d = divmod(key >> 1, 9)
        node = _anc(Node(cell, d + 1, bool(key & 1), [node], cause if cause >= 0 else NAKED))
    return node


#: the rule SE's cell and region reductions of static chains come from
_MULTIPLE_FORCING_CHAINS = Chaining(True, False, False, 0, _not_searched)
#: a node starting a chain in a path of several (the engine's mark)
_CHAIN_START = -2


def _reduction(grid, a, elims, path):
    """A cell or region reduction of SE's Multiple Forcing Chains from its chains, as
    :meth:`Chaining._cell_hint` and :meth:`Chaining._region_hint` make it."""
    kind, where, digit, _ = a
    starts = [i for i, (_, cause) in enumerate(path) if cause == _CHAIN_START] + [len(path)]
    targets = [_nodes(path[i:j]) for i, j in zip(starts, starts[1:])]
    t = targets[0]
    placement = (t.cell, t.d) if t.on else None
    rule = _MULTIPLE_FORCING_CHAINS
    if kind == 5:
        hint = ChainHint("cell", rule, targets, list(elims), placement, source_cell=where)
    else:
        hint = ChainHint("region", rule, targets, list(elims), placement, house=where, digit=digit)
    return hint_step(hint)


def _facts_reduction(a, path):
    return {"complexity": a[3], "sort": a[0], "level": 0}


#: the dynamic rules whose hints the compiled engine finds, by nesting level (their chains
#: are made again here, from the hint's cell, only when someone reads the words)
_NISHIO = Chaining(False, True, True, 0, _not_searched)


def _dynamic(technique: str, nishio: bool, level: int = 0):
    """The builder of a Nishio or Dynamic Forcing Chains hint: its technique, eliminations,
    placement and facts from the engine; its chains, words and highlights from the Python
    search of the one cell it comes from, on the position it was found in (a copy of
    ``grid``), when first read."""

    def build(grid, a, elims, path, difficulty=_not_searched):
        kind, where, digit, source1, mark, complexity = a
        source = source1 - 1
        if kind == 7:
            placement = None if source & 1 else divmod(source >> 1, 9)
        else:
            placement = divmod(mark >> 1, 9) if mark & 1 else None
        if placement is not None:
            placement = (placement[0], placement[1] + 1)
        cell = where
        if kind == 6:
            places = grid.pos[digit] & HOUSE_MASK[where]
            cell = (places & -places).bit_length() - 1
        at = grid.copy()
        removable = list(elims)
        facts = {"complexity": complexity, "sort": kind, "level": level}

        def text() -> dict:
            # nested chaining rules (level 2 and beyond) sort their hints by difficulty
            rule = _NISHIO if nishio else Chaining(True, True, False, level, difficulty)
            rule.grid, rule._memo, rule.cap, rule._runs = at, {}, None, None
            out: list = []
            try:
                if nishio:
                    rule._nishio_chains(cell, out)
                else:
                    _chains_of(rule, kind, where, digit, source, mark, out)
            finally:
                rule.grid, rule._memo = None, {}  # type: ignore[assignment]  # no grid between searches
            for hint in out:
                hint.rate()
                if (
                    hint.technique == technique
                    and hint.removable == removable
                    and hint.placement == placement
                    and hint.facts == facts
                ):
                    return chain_text_fields(hint)
            raise RuntimeError(
                f"the Python search does not find the compiled engine's {technique} from {cell_name(cell)}"
            )

        return LazyStep(
            technique,
            text,
            placements=[placement] if placement else [],
            eliminations=removable,
            cells=[(mark >> 1) // 9],
            facts=dict(facts),
        )

    return build


def _chains_of(rule: Chaining, kind: int, where: int, digit: int, source: int, mark: int, out: list) -> None:
    """The hints of the Python search of a dynamic rule (on ``rule.grid``) among which is
    the engine's hint of ``kind``, made from just the propagations it is drawn from: a
    binary hint's candidate on and off (:meth:`Chaining._binary`), a cell reduction's
    candidates on, a region reduction's places on (their nodes are the search's own: one
    propagation per start, whatever else the search does)."""
    grid = rule.grid
    if kind in (1, 7):  # a double implication or a contradiction, from ``source``
        key = source & ~1
        n = MASK_SIZE[grid.cands[(key >> 1) // 9]]
        rule._binary(_root(key | 1), _root(key), out, {}, {}, n >= 3, True)
        return
    if kind == 5:  # every candidate of cell ``where`` leads to ``mark``
        outcomes = {}
        for d in MASK_DIGITS[grid.cands[where]]:
            on_on: dict = {}
            on_off: dict = {}
            rule._on_chaining(_root(((where * 9 + d - 1) << 1) | 1), on_on, on_off)
            outcomes[d] = on_on if mark & 1 else on_off
        out.append(rule._cell_hint(where, mark, outcomes))
        return
    outcomes = {}  # every place of ``digit`` in house ``where`` leads to ``mark``
    for c in cell_list(grid.pos[digit] & HOUSE_MASK[where]):
        on_on, on_off = {}, {}
        rule._on_chaining(_root(((c * 9 + digit - 1) << 1) | 1), on_on, on_off)
        outcomes[c] = on_on if mark & 1 else on_off
    out.append(rule._region_hint(where, digit, mark, outcomes))


def _facts_dynamic(a, path):
    return {"complexity": a[5], "sort": a[0], "level": 0}


def _facts_dynamic_at(level: int):
    def facts(a, path):
        return {"complexity": a[5], "sort": a[0], "level": level}

    return facts


def _chain(grid, a, elims, path):
    """A cycle or forcing chain of SE's Forcing Chains & Cycles from its nodes, as
    :meth:`Chaining._cycle_hint` and :meth:`Chaining._forcing_hint` make it."""
    kind, x, y = a[0], bool(a[1]), bool(a[2])
    node = _nodes(path)
    rule = _FORCING_CHAINS_AND_CYCLES
    if kind == 0:
        hint = ChainHint("cycle", rule, [node, _reversed_cycle(node)], list(elims), None, x=x, y=y)
    else:
        placement = (node.cell, node.d) if node.on else None
        hint = ChainHint("forcing", rule, [node], list(elims), placement, x=x, y=y)
    return hint_step(hint)


def _facts_chain(a, path):
    return {"complexity": a[3], "sort": 2 if not a[2] else 4 if a[1] else 3, "level": 0}


def _unique_loop(grid, a, elims, path):
    """SE's unique rectangle or loop from the engine's data, as :func:`unique_loops` makes it
    (the loop's extra cells read from ``grid``)."""
    type_, da, db, value, subset, hidden, set_digits, set_idx, house = a
    loop = tuple(k for k, _ in path)
    extra = [c for c in loop if MASK_SIZE[grid.cands[c]] > 2]
    h = LoopHint(type_, loop, da, db, list(elims), (), extra)
    if type_ == 2:
        h.value = value
    elif type_ == 3:
        h.subset, h.hidden, h.set_digits, h.house = subset, bool(hidden), set_digits, house
        h.set_cells = [HOUSE_CELLS[house][i] for i in _bits(set_idx)]
    elif type_ == 4:
        h.house, h.lock, h.rem = house, value, db if value == da else da
    return unique_loop_step(h, grid)


def _facts_unique_loop(a: tuple, path: tuple) -> dict:
    facts: dict = {"loop": len(path)}
    if a[0] == 3:
        facts["subset"] = a[4]
        if a[5]:
            facts["hidden"] = True
    return facts


def _bug(grid, a, elims, path):
    """SE's BUG hint from the engine's data (its cells with their BUG values as the path),
    as :func:`bug_steps` makes it."""
    kind, house, digit, set_digits, set_idx, all_values = a
    house -= 1
    cells = [c for c, _ in path]
    values = {c: v for c, v in path}
    common = [x for x in SE_HOUSE_CELLS[cells[0]] if x not in values and all(PEERS[c] >> x & 1 for c in cells)]
    bug = Bug(cells, values, all_values, common)
    naked = None
    if kind == 3:
        t = 0 if house >= 18 else 1 if house < 9 else 2
        region = [c for c in common if SE_CELL_HOUSES[c][t] == house]
        naked = [region[i] for i in range(len(region)) if set_idx >> i & 1]
    return bug_step(grid, bug, kind, list(elims), house=house, digit=digit, digits=set_digits, naked=naked)


def _facts_bug(a, path):
    if a[0] == 3:
        return {"subset": bin(a[3]).count("1")}
    return None


def _aligned_pair(grid, a, elims, path):
    """SE's Aligned Pair Exclusion from the engine's data, as the Python finder makes it."""
    return aligned_step(PAIR, grid, (a[0], a[1]), _cells(a[2], a[3]), (a[4], a[5]))


def _facts_aligned_pair(a, path):
    return {"cells": 2}


def _aligned_triplet(grid, a, elims, path):
    """SE's Aligned Triplet Exclusion from the engine's data, as the Python finder makes it."""
    return aligned_step(TRIPLET, grid, (a[0], a[1], a[2]), _cells(a[3], a[4]), (a[5], a[6], a[7]))


def _facts_aligned_triplet(a, path):
    return {"cells": 3}


def _facts_none(a, path):
    return None


def _facts_hidden_single(a, path):
    return _HOUSE_KIND[a[2]]


def _facts_direct_locking(a, path):
    h1, h2 = _DIRECT_LOCKING[a[0]][:2]
    return {"base": (h1,), "cover": (h2,), "digit": a[1]}


def _facts_direct_hidden(a, path):
    return {"house": a[0], "digits": _digits(a[1])}


def _facts_intersection(a, path):
    return {"base": (a[0],), "cover": (a[1],), "digit": a[2]}


def _facts_naked(a, path):
    return {"cells": tuple(HOUSE_CELLS[a[0]][i] for i in _bits(a[1])), "digits": a[2]}


def _facts_hidden(a, path):
    return {"house": a[0], "digits": _digits(a[1])}


def _facts_fish(a, path):
    d, base_off, base, cover = a
    return {
        "base": tuple(base_off + i for i in _bits(base)),
        "cover": tuple(9 - base_off + j for j in _bits(cover)),
        "digit": d,
    }


#: a builder: ``(grid, args, elims, path)``, and ``difficulty=`` for the nesting rules' hints
#: (:data:`_NESTING`)
_Builder = Callable[..., Step]
_KINDS: tuple[tuple[Callable[[tuple, tuple], dict | None], _Builder], ...] = (
    (
        (_facts_none, _full_house),
        (_facts_hidden_single, _hidden_single),
        (_facts_none, _naked_single),
        (_facts_direct_locking, _direct_locking),
        (_facts_direct_locking, _direct_locking),
        (_facts_direct_hidden, _direct_hidden(2)),
        (_facts_direct_hidden, _direct_hidden(3)),
        (_facts_intersection, _intersection),
        (_facts_intersection, _intersection),
        (_facts_naked, _naked_set(2)),
        (_facts_naked, _naked_set(3)),
        (_facts_naked, _naked_set(4)),
        (_facts_hidden, _hidden_set(2)),
        (_facts_hidden, _hidden_set(3)),
        (_facts_hidden, _hidden_set(4)),
        (_facts_fish, _fish(2)),
        (_facts_fish, _fish(3)),
        (_facts_fish, _fish(4)),
        (_facts_none, _wing(False)),
        (_facts_none, _wing(True)),
    )
    + ((_facts_chain, _chain),) * 5
    + ((_facts_unique_loop, _unique_loop),) * 8
    + ((_facts_bug, _bug),) * 4
    + ((_facts_aligned_pair, _aligned_pair), (_facts_aligned_triplet, _aligned_triplet))
    + ((_facts_reduction, _reduction),) * 2
    + ((_facts_dynamic, _dynamic("Nishio Forcing Chains", True)),)
    + tuple(
        (_facts_dynamic, _dynamic(f"Dynamic {kind} Forcing Chains", False))
        for kind in ("Contradiction", "Double", "Cell", "Region")
    )
    + tuple(
        (_facts_dynamic_at(level), _dynamic(f"Dynamic {kind} Forcing Chains{NESTED_SUFFIX[level]}", False, level))
        for level in _LEVELS[1:]
        for kind in ("Contradiction", "Double", "Cell", "Region")
    )
)


def first(grid: Grid, rules: bytes, ctx: SolveContext | None = None) -> Step | None:
    """The first hint of the first of ``rules`` (:func:`rule_ids`) on ``grid``, as the
    Python finders make it, or None. Where a hint goes beyond the compiled engine's bounds
    (a chain of more than 256 nodes), the Python finders answer."""
    values, masks = pack(grid)
    try:
        hit = native.first(values, masks, rules)
    except OverflowError:
        return _python_first(grid, rules, ctx)
    if hit is None:
        return None
    _, tech, _, elims, args, path = hit
    return _build(tech, grid, args, elims, path, ctx.difficulty if ctx is not None else None)


def _build(tech: int, grid: Grid, args: tuple, elims: list, path: tuple, difficulty) -> Step:
    """The step of the C engine's hint ``tech`` found on ``grid``; ``difficulty`` (the
    solve's, :attr:`SolveContext.difficulty`) orders the hints of the chaining rules a
    nesting rule asks when its words are written."""
    build = _KINDS[tech][1]
    if tech in _NESTING and difficulty is not None:
        return build(grid, args, elims, path, difficulty=difficulty)
    return build(grid, args, elims, path)


def _python_first(grid: Grid, rules: bytes, ctx: SolveContext | None) -> Step | None:
    """:func:`first` from the Python finders of ``rules``."""
    for i in rules:
        for step in RULE_FINDERS[RULES[i]].find(grid, ctx):
            if step_changes(grid, step):
                return step
    return None


def _lazy(
    tech: int, placements: list, elims: list, args: tuple, path: tuple, snapshot: bytes, givens: int, difficulty=None
) -> Step:
    facts_of = _KINDS[tech][0]

    def text() -> dict:
        grid = unpack(snapshot[:81], snapshot[81:], givens)
        full = _build(tech, grid, args, elims, path, difficulty)
        return {name: getattr(full, name) for name in TEXT_FIELDS}

    return lazy_step(TECHNIQUES[tech], text, placements, elims, facts=facts_of(args, path))


#: why :func:`run` stopped
SOLVED, STUCK, BROKEN, LIMIT = range(4)


def run(grid: Grid, rules: bytes, max_steps: int, difficulty=None) -> tuple[int, list[Step], list[bytes], Grid]:
    """Take the first hint of ``rules`` and apply it, from ``grid`` (not changed), until the
    grid is solved (:data:`SOLVED`), no rule finds one (:data:`STUCK`), a step breaks it
    (:data:`BROKEN`) or ``max_steps`` are taken (:data:`LIMIT`): why it stopped, the steps,
    the position before each (as :func:`position` reads it) and the grid at the end."""
    values, masks = pack(grid)
    why, records, end_values, end_masks = native.run(values, masks, rules, max_steps)
    givens = grid.givens
    steps = [
        _lazy(tech, places, elims, args, path, snap, givens, difficulty)
        for _, tech, places, elims, args, path, snap in records
    ]
    return why, steps, [r[6] for r in records], unpack(end_values, end_masks, givens)


def position(snapshot: bytes, givens: int) -> Grid:
    """The grid :func:`run` recorded before one of its steps."""
    return unpack(snapshot[:81], snapshot[81:], givens)
