"""Sudoku Explainer's chaining engine: its cycles, forcing chains, Nishio, multiple, dynamic
and nested forcing chains, found as SE finds them (``rules/chaining/Chaining.java``).

A *potential* is a candidate assumed **on** (the digit goes there) or **off**. Each is a
:class:`Node` with the nodes it was deduced from (``parents``), so a hint's chains can be
walked back; SE rates a hint by its *complexity*, the number of distinct nodes its chains
need (nested chains' complexities added), and orders a rule's hints by difficulty, then
complexity, then kind. To take SE's very steps the engine repeats SE's searches in SE's
order, including the details that decide which of several equivalent proofs is kept:

- implications (``getOnToOff``, ``getOffToOn``): an on node turns off the other candidates
  of its cell (Y links, except in Nishio and X-only searches) and the digit in the cell's
  block, row and column; an off node turns on the last candidate of its cell or the last
  place of its digit in one of its houses. In dynamic searches an off node's candidate
  leaves the working grid once its consequences are drawn, and a node made on by the
  position's new singles also lists the off nodes that emptied its cell or house
  ("hidden parents");
- ``doChaining``: on nodes before off nodes, first come first served, stopping at the
  first candidate found both on and off; with nesting (``level`` > 0), whenever nothing is
  left to draw, SE's other rules are asked on the working grid, the first that finds
  something adds its eliminations as off nodes (their parents: the off nodes the rule
  needed, :meth:`Chaining._rule_parents`);
- unary chains (``doCycles``, ``doForcingChains``) for cycles and plain forcing chains;
  binary chains (``doBinaryChaining``) for contradictions and double implications; cell
  and region reductions; hints sorted by difficulty, complexity and SE's sort key, equal
  eliminations kept once (the first).

Work is shared only where it is provably the same: a propagation memo within one search; in
a solve (tables of its context), Nishio's propagations and the X-only searches digit by
digit for as long as the digit's places stay the same (they never leave the digit), and at
one position each nested level's propagations for the level that carries them on.

Hints here are :class:`ChainHint` objects; :mod:`sudoku_logic.strategies.se_chains` turns
them into steps with their words. The difficulty that orders hints comes from the solve's
context (:attr:`SolveContext.difficulty`, set by the SE scale).
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterator

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_BIT, DIGIT_BIT, HOUSE_CELLS, HOUSE_MASK, MASK_DIGITS, MASK_SIZE, PEERS, cell_list

from ._se_order import SE_CELL_HOUSES, SE_PEER_SEGMENTS

#: ``1 << i`` for every potential's key and every node index of a propagation (a node's
#: own bit in ancestor bit sets).
BIT: tuple[int, ...] = tuple(1 << k for k in range(1460))

#: The keys of the potentials ``(cell, d)`` off and on, by digit then cell:
#: ``OFF_KEY[d][cell]``, ``ON_KEY[d][cell]`` (read, not computed, in the propagation).
OFF_KEY: tuple[tuple[int, ...], ...] = tuple(tuple((c * 9 + d - 1) << 1 for c in range(81)) if d else ()
                                             for d in range(10))
ON_KEY: tuple[tuple[int, ...], ...] = tuple(tuple(k | 1 for k in keys) for keys in OFF_KEY)

#: Node causes besides a house index 0-26 (a hidden single in that house).
NAKED = -1     # the last candidate of its cell
ADVANCED = -2  # an elimination of another rule (nested chains)

#: ``EXTENDS[level]``: the level whose propagations a dynamic rule's propagations continue.
#: A nested rule asks its other rules for eliminations only when a propagation stalls, the
#: basic rules first (level 1 has only those), then Forcing Chains (level 2), then Multiple
#: Forcing Chains (level 3); level 4 asks Dynamic Forcing Chains after the basic rules, level
#: 5 then level 2's chains too. So from one start on one grid, a level's propagation is the
#: one of the level it extends, carried on from where that one stopped (level 1 carries on
#: the plain dynamic propagation, level 0).
EXTENDS = {1: 0, 2: 1, 3: 2, 4: 1, 5: 4}

#: SE's nested suffixes of rule and hint names by level (``Chaining.getNestedSuffix``).
NESTED_SUFFIX = {0: "", 1: " (+)", 2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)",
                 4: " (+ Dynamic Forcing Chains)", 5: " (+ Dynamic Forcing Chains (+ Forcing Chains))"}


def rule_techniques(multiple: bool, dynamic: bool, nishio: bool, level: int) -> tuple[str, ...]:
    """The names of the hints the rule ``Chaining(multiple, dynamic, nishio, level)`` can
    give."""
    if not multiple and not dynamic:
        return ("Bidirectional X-Cycle", "Bidirectional Y-Cycle", "Bidirectional Cycle",
                "Forcing X-Chain", "Forcing Chain")
    if nishio:
        return ("Nishio Forcing Chains",)
    if not dynamic:
        return ("Cell Forcing Chains", "Region Forcing Chains")
    return tuple(f"Dynamic {k} Forcing Chains{NESTED_SUFFIX[level]}"
                 for k in ("Contradiction", "Double", "Cell", "Region"))


class Node:
    """A potential: ``cell``, digit ``d``, ``on`` or off, with the nodes it follows from
    (``parents``, the first being the one that triggered it), why (``cause``: a house,
    :data:`NAKED` or :data:`ADVANCED`) and, for an elimination of a nested chain, that
    chain's hint (``nested``). ``key`` identifies the potential: nodes with the same key
    are the same potential reached differently."""

    __slots__ = ("cell", "d", "on", "key", "parents", "cause", "nested", "anc")

    def __init__(self, cell: int, d: int, on: bool, parents: list | None = None,
                 cause: int | None = None, nested: "ChainHint | None" = None, anc: int = 0) -> None:
        self.cell = cell
        self.d = d
        self.on = on
        self.key = key = ((cell * 9 + d - 1) << 1) | on
        self.parents = parents if parents is not None else []
        self.cause = cause
        self.nested = nested
        #: the node and all its ancestors as a bit set, one bit each, its size SE's
        #: ancestor count: bits by key (``anc``: its ancestors' as known when it is made;
        #: :func:`_anc` completes it once the parents are final), or, for nodes of the
        #: multiple and dynamic searches, by index in the propagation that made them
        self.anc = anc | BIT[key]


def _anc(node: Node) -> Node:
    """Complete ``node.anc`` from its parents' (call once its parents are final)."""
    a = BIT[node.key]
    for p in node.parents:
        a |= p.anc
    node.anc = a
    return node

    def __repr__(self) -> str:
        return f"r{self.cell // 9 + 1}c{self.cell % 9 + 1}{'=' if self.on else '<>'}{self.d}"


def _root(key: int) -> tuple:
    """The light node of a chain's start (see :func:`_light_ancestors`): the first node
    of its propagation."""
    return (key, 1, (), None, None)


def _light_ancestors(node: tuple) -> list[tuple]:
    """:func:`ancestors` of a light node ``(key, ancestors, parents, cause, nested hint)``,
    the form the multiple and dynamic searches make their nodes in (``ancestors``: the node
    and its ancestors as a bit set of their indices in the propagation that made them)."""
    out = []
    done = set()
    todo = [node]
    while todo:
        nxt = []
        for p in todo:
            if p[0] not in done:
                done.add(p[0])
                out.append(p)
                nxt.extend(p[2])
        todo = nxt
    return out


def _materialize(light: list[tuple]) -> list[Node]:
    """The :class:`Node` chains of light nodes (one node per light node, parents shared)."""
    made: dict[int, Node] = {}
    cell_digit = _CELL_DIGIT
    for top in light:
        stack = [top]
        while stack:
            e = stack[-1]
            if id(e) in made:
                stack.pop()
                continue
            todo = [p for p in e[2] if id(p) not in made]
            if todo:
                stack.extend(reversed(todo))
                continue
            stack.pop()
            key = e[0]
            c, v = cell_digit[key >> 1]
            n = Node(c, v, bool(key & 1), [made[id(p)] for p in e[2]], e[3], e[4])
            n.anc = e[1]
            made[id(e)] = n
    return [made[id(t)] for t in light]


def ancestors(node: Node) -> list[Node]:
    """``node`` and every node it follows from, each potential once, breadth first as SE's
    ``ChainingHint.getChain`` lists them."""
    out = []
    done = set()
    todo = [node]
    while todo:
        nxt = []
        for p in todo:
            if p.key not in done:
                done.add(p.key)
                out.append(p)
                nxt.extend(p.parents)
        todo = nxt
    return out


def ancestor_count(node: Node) -> int:
    """SE's ``getAncestorCount``: distinct potentials among ``node`` and its ancestors."""
    return node.anc.bit_count()


class ChainHint:
    """One hint of SE's chaining rules.

    ``kind``: ``cycle``, ``forcing`` (a plain forcing chain), ``binary`` (contradiction,
    double implication or Nishio), ``cell`` or ``region`` (reductions). ``targets``: the
    chains' last nodes, in SE's order (``getChainsTargets``). ``removable``: the
    eliminations as ``(cell, digit)`` pairs, sorted; ``placement``: the digit placed, if the
    hint's result is an on node. ``technique`` and ``facts`` let the SE scale rate it."""

    __slots__ = ("kind", "rule", "_targets", "_light", "removable", "placement", "x", "y",
                 "absurd", "_source", "source_cell", "house", "digit", "technique", "facts",
                 "start", "_complexity", "_signature")

    def __init__(self, kind: str, rule: "Chaining", targets: list[Node], removable: list,
                 placement: tuple[int, int] | None, *, x: bool = True, y: bool = True,
                 absurd: bool = False, source: Node | None = None, source_cell: int = -1,
                 house: int = -1, digit: int = 0, light: bool = False) -> None:
        self.kind = kind
        self.rule = rule
        #: ``light``: the targets (and source) are light nodes, made into :class:`Node`
        #: chains when first read
        self._light = light
        self._targets = targets
        self.removable = removable
        self.placement = placement
        self.x = x
        self.y = y
        self.absurd = absurd
        self._source = source
        self.source_cell = source_cell
        self.house = house
        self.digit = digit
        self._complexity = -1
        self._signature = None
        #: for unary hints, (cell, digit, search) of the search that made it
        self.start: tuple[int, int, int] | None = None
        self.technique = self._name()
        self.facts = None

    @property
    def targets(self) -> list[Node]:
        """The chains' last nodes."""
        if self._light:
            self._targets = _materialize(self._targets)
            if self._source is not None:
                self._source = _materialize([self._source])[0]
            self._light = False
        return self._targets

    @property
    def source(self) -> Node | None:
        """A binary hint's starting potential."""
        if self._light:
            self.targets  # noqa: B018 -- makes the light nodes into Nodes
        return self._source

    # ------------------------------------------------------------------ rating facts
    def flat_complexity(self) -> int:
        """SE's ``getFlatComplexity``: the ancestors of each chain counted on their own
        (a cycle counts its one chain)."""
        if self._light:
            return sum(t[1].bit_count() for t in self._targets)
        if self.kind in ("cycle", "forcing"):
            return ancestor_count(self.targets[0])
        return sum(ancestor_count(t) for t in self.targets)

    def nested_chains(self) -> list["ChainHint"]:
        """The distinct nested chains the chains rely on (SE's ``FullChain`` equality)."""
        out = []
        seen = set()
        if self._light:
            if not self.rule.level:
                return out  # only nesting rules make nodes with a nested chain
            found = [p[4] for t in self._targets for p in _light_ancestors(t)]
        else:
            found = [p.nested for t in self.targets for p in ancestors(t)]
        for nested in found:
            if nested is not None:
                sig = nested.signature()
                if sig not in seen:
                    seen.add(sig)
                    out.append(nested)
        return out

    def complexity(self) -> int:
        """SE's ``getComplexity``: flat complexity plus that of each distinct nested chain."""
        if self._complexity < 0:
            self._complexity = self.flat_complexity() + sum(n.complexity() for n in self.nested_chains())
        return self._complexity

    def signature(self) -> tuple:
        """What makes two hints' chains equal for SE (``FullChain.equals``)."""
        if self._signature is None:
            if self._light:
                self._signature = tuple((t[0], tuple(p[0] for p in _light_ancestors(t))) for t in self._targets)
            else:
                self._signature = tuple((t.key, tuple(p.key for p in ancestors(t))) for t in self.targets)
        return self._signature

    def sort_key(self) -> int:
        """SE's ``getSortKey``: among equally hard and complex hints, double implications
        first, then cycles and forcing chains (X, Y, XY), cell, region, contradictions."""
        if self.kind in ("cycle", "forcing"):
            return 4 if (self.x and self.y) else 3 if self.y else 2
        if self.kind == "binary":
            return 7 if self.absurd else 1
        return 5 if self.kind == "cell" else 6

    def rate(self) -> None:
        """Record the facts the SE scale rates (complexity, sort key, nesting level)."""
        self.facts = {"complexity": self.complexity(), "sort": self.sort_key(),
                      "level": self.rule.level}

    def _name(self) -> str:
        rule = self.rule
        if self.kind == "cycle":
            return "Bidirectional Cycle" if self.x and self.y else (
                "Bidirectional Y-Cycle" if self.y else "Bidirectional X-Cycle")
        if self.kind == "forcing":
            return "Forcing Chain" if self.x and self.y else "Forcing X-Chain"
        if rule.nishio:
            return "Nishio Forcing Chains"
        what = {"cell": "Cell", "region": "Region"}.get(self.kind) or (
            "Contradiction" if self.absurd else "Double")
        prefix = "Dynamic " if rule.dynamic or rule.level > 0 else ""
        return f"{prefix}{what} Forcing Chains{NESTED_SUFFIX[rule.level]}"

    def rule_name(self) -> str:
        """SE's name of the rule that found the hint (``Forcing Chains & Cycles``, ...)."""
        return self.rule.name()

    def effect_key(self) -> frozenset:
        """What SE compares to drop duplicate hints: the eliminations."""
        return frozenset(self.removable)


class Chaining:
    """One of SE's chaining rules (``Chaining(multiple, dynamic, nishio, level)``).

    ``difficulty`` rates a hint (any object with ``technique`` and ``facts``) as the SE
    scale does; hints are sorted by it. :meth:`hints` gives every hint of the rule on a
    grid, sorted and without duplicates, as SE's ``getHints`` does."""

    def __init__(self, multiple: bool, dynamic: bool, nishio: bool, level: int,
                 difficulty: Callable[[object], float], store: dict | None = None,
                 stages: dict | None = None) -> None:
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        self.level = level
        self.difficulty = difficulty
        #: a table of the solve's that keeps, digit by digit, what the searches confined to
        #: one digit found, for the later positions of the path where that digit's places
        #: are the same: Nishio's propagations (:meth:`_nishio_outcomes`), the X-cycles and
        #: forcing X-chains of Forcing Chains & Cycles (:meth:`_x_searches`)
        self.store = store
        #: dynamic rules: a table of the solve's holding, for the position being searched, the
        #: propagations of each level from each start, ``{level: {start key: (to_on, to_off,
        #: contradiction)}}``, for the level that carries them on (:data:`EXTENDS`,
        #: :meth:`_do_chaining`); ``"pos"`` names the position
        self.stages = stages
        #: during a search that keeps its propagations for a later level: start key -> run
        self._runs: dict | None = None
        self._nested_rules = None
        self.grid: Grid | None = None
        self.source: tuple[list[int], list[int]] | None = None
        #: the first-hint search's bound on complexity (None: every hint)
        self.cap: int | None = None
        #: within one search of one grid: candidate key -> what follows from it on
        #: (to_on, to_off, contradiction), shared by the binary and region chains
        self._memo: dict[int, tuple[dict, dict, tuple | None]] = {}
        #: during a unary pass: the strongly connected components of its links with more
        #: than one node (on node key -> the component's keys, :func:`unary_parts`), which
        #: bound its cycle searches
        self._scc: dict[int, int] | None = None
        #: during a search: each unary pass's links, (y, x) -> :class:`PassLinks`, and
        #: ``"graph"`` -> (the digits' places it was made for, :meth:`_graph`)
        self._links: dict = {}

    def name(self) -> str:
        """SE's name of the rule (``Chaining.toString``)."""
        if self.nishio:
            return "Nishio Forcing Chains"
        if self.dynamic:
            return "Dynamic Forcing Chains" + NESTED_SUFFIX[self.level]
        return "Multiple Forcing Chains" if self.multiple else "Forcing Chains & Cycles"

    # ------------------------------------------------------------------ entry point
    def hints(self, grid: Grid) -> list[ChainHint]:
        """SE's ``getHints``: the rule's hints on ``grid`` (not changed), sorted by
        difficulty, complexity and sort key (stable), equal eliminations kept once."""
        self.grid = grid
        if self.multiple or self.dynamic:
            self._memo = {}
            self._start_runs()
            try:
                found = self._multiple_chains()
            finally:
                self._memo = {}
                self._links = {}
                self._end_runs()
        else:
            found = []
            for y, x in ((False, True), (True, False), (True, True)):
                if not y and self.store is not None:
                    found += self._x_loops()
                    continue
                parts, self._scc = unary_parts(grid, y, x)
                try:
                    found += self._loops(y, x, parts)
                finally:
                    self._scc = None
                    self._links = {}
        return self._sorted(found)

    def _sorted(self, found: list[ChainHint]) -> list[ChainHint]:
        """The hints rated and sorted as SE sorts them, equal eliminations kept once."""
        for h in found:
            h.rate()
        diff = self.difficulty
        found.sort(key=lambda h: (diff(h), h.facts["complexity"], h.facts["sort"]))
        out = []
        seen = set()
        for h in found:
            k = h.effect_key()
            if k not in seen:
                seen.add(k)
                out.append(h)
        return out

    # ------------------------------------------------------------------ first hint only
    def first(self, grid: Grid) -> ChainHint | None:
        """``hints(grid)[0]`` (or None), found without listing every hint where that is
        provably the same: once a hint is known, searches stop where every hint they could
        still make is more complex than it (and so later in SE's order). Rules with
        nesting list every hint."""
        if self.level > 0:
            found = self.hints(grid)
            return found[0] if found else None
        self.grid = grid
        best: list = [None, None]  # hint, key
        diff = self.difficulty

        def consider(hints: list) -> None:
            for h in hints:
                h.rate()
                key = (diff(h), h.facts["complexity"], h.facts["sort"])
                if best[1] is None or key < best[1]:
                    best[0], best[1] = h, key

        self._memo = {}
        if self.multiple or self.dynamic:
            self._start_runs()
        try:
            if self.multiple or self.dynamic:
                self.cap = None
                for cell in range(81):
                    if grid.values[cell]:
                        continue
                    n = MASK_SIZE[grid.cands[cell]]
                    if n > 2 or (n > 1 and self.dynamic):
                        out: list = []
                        self._cell_chains(cell, n, out)
                        consider(out)
                        if best[0] is not None:
                            self.cap = best[1][1]
            else:
                for y, x in ((False, True), (True, False), (True, True)):
                    kept = not y and self.store is not None
                    parts = None
                    depths_for: list = [None, None]  # best key, its depths
                    for cell, d in self._unary_starts():
                        if depths_for[1] is None or depths_for[0] != best[1]:
                            depths_for = [best[1], self._unary_depths(best[1], y, x)]
                        cycle_depth, chain_depth = depths_for[1]
                        if cycle_depth <= 0 and chain_depth <= 0:
                            continue
                        if kept:
                            # every hint of the whole searches: those beyond the depths
                            # come after the best in SE's order, as the depths promise
                            out = []
                            self._x_pass(cell, d, out)
                            consider(out)
                            continue
                        if parts is None:
                            parts, self._scc = unary_parts(grid, y, x)
                        which = parts[cell * 9 + d - 1]
                        if not which:
                            continue
                        out = []
                        self._unary(Node(cell, d, True), out, y, x, cycle_depth, chain_depth, parts=which)
                        consider(out)
        finally:
            self.cap = None
            self._memo = {}
            self._scc = None
            self._links = {}
            self._end_runs()
        return best[0]

    def _start_runs(self) -> None:
        """Before a search of a dynamic rule: forget the kept propagations of another
        position, and keep this search's if a later level carries them on."""
        stages = self.stages
        self._runs = None
        if stages is None or not self.dynamic or self.nishio:
            return
        pos = tuple(self.grid.pos)
        if stages.get("pos") != pos:
            stages.clear()
            stages["pos"] = pos
        if self.level in EXTENDS.values():
            self._runs = {}

    def _end_runs(self) -> None:
        """After a search: keep its propagations for the levels that carry them on, and drop
        those no later level carries on."""
        stages = self.stages
        if stages is None or not self.dynamic or self.nishio:
            return
        if self._runs is not None:
            stages[self.level] = self._runs
            self._runs = None
        wanted = {EXTENDS[lvl] for lvl in EXTENDS if lvl > self.level}
        for lvl in [k for k in stages if k != "pos" and k not in wanted]:
            del stages[lvl]

    def _unary_depths(self, best_key, y: bool, x: bool) -> tuple[int, int]:
        """How many layers a unary search of this pass may explore and still find a hint
        that comes before ``best_key`` in SE's order: (cycles, forcing chains). A cycle
        closing in layer ``t`` has complexity ``t``, a forcing chain ending there ``t + 1``."""
        if best_key is None:
            return 1 << 30, 1 << 30
        if x and y:
            kinds = (("Bidirectional Cycle", 4), ("Forcing Chain", 4))
        elif y:
            kinds = (("Bidirectional Y-Cycle", 3), None)
        else:
            kinds = (("Bidirectional X-Cycle", 2), ("Forcing X-Chain", 2))
        out = []
        for kind in kinds:
            if kind is None:
                out.append(0)
                continue
            name, sort = kind
            c = 1
            while (self.difficulty(_Probe(name, c + 1)), c + 1, sort) < best_key:
                c += 1
            out.append(c)
        return out[0], out[1] - 1

    # ------------------------------------------------------------------ propagation
    # ------------------------------------------------------------------ propagation
    def _do_chaining(self, to_on: dict, to_off: dict) -> tuple[Node, Node] | None:
        """SE's ``doChaining``: complete ``to_on``/``to_off`` (key -> node, in order) with
        everything that follows; the first (on, off) pair of one candidate found, or None.
        The working grid is the same afterwards.

        With a complexity cap (:attr:`cap`, the first-hint search of a rule without
        nesting) the propagation stops once every node still to draw from has so many
        ancestors that no hint using a node made from now on can have a complexity within
        the cap: the nodes it has made are exactly SE's (same order, same parents).

        A dynamic rule given :attr:`stages` starts a propagation from one candidate where the
        level it extends (:data:`EXTENDS`) stopped on this position, if that one ran, and
        keeps its own for the level that extends it."""
        if not self.dynamic and not self.level:
            return self._static_chaining(to_on, to_off)
        if self.stages is None or len(to_on) + len(to_off) != 1:
            return self._propagate(to_on, to_off)
        start = next(iter(to_on or to_off))
        prior = self.stages.get(EXTENDS.get(self.level, -1))
        run = prior.get(start) if prior is not None else None
        if run is None:
            absurd = self._propagate(to_on, to_off)
        else:
            # the propagation of the level this one extends, from the same start on the same
            # grid: the same nodes, in the same order, until it stopped
            to_on.update(run[0])
            to_off.update(run[1])
            absurd = run[2] if run[2] is not None else self._propagate(to_on, to_off, resume=True)
        if self._runs is not None and self.cap is None:
            self._runs[start] = (to_on, to_off, absurd)
        return absurd

    def _propagate(self, to_on: dict, to_off: dict, resume: bool = False) -> tuple[Node, Node] | None:
        """:meth:`_do_chaining` for any rule, the grid's links worked out as the nodes
        are drawn (a dynamic rule's grid changes as it goes). ``resume``: ``to_on`` and
        ``to_off`` hold a whole propagation of a dynamic rule without the nesting of this
        one (:data:`EXTENDS`), which this one carries on from where it stopped."""
        grid = self.grid
        cands = grid.cands
        pos = grid.pos
        saved = (cands[:], pos[:])
        outer_source = self.source
        self.source = saved
        src_cands, src_pos = saved
        y = not self.nishio
        dynamic = self.dynamic
        level = self.level
        cap = self.cap
        if resume:
            for key in to_off:  # every off node of the propagation has been drawn
                cell, d = _CELL_DIGIT[key >> 1]
                cands[cell] &= ~DIGIT_BIT[d]
                pos[d] &= ~CELL_BIT[cell]
            pending_on, pending_off, counts = _queues({}, {}, cap)
        else:
            pending_on, pending_off, counts = _queues(to_on, to_off, cap)
        pop_on, pop_off = pending_on.popleft, pending_off.popleft
        push_on, push_off = pending_on.append, pending_off.append
        low_count = 1
        houses_of = SE_CELL_HOUSES
        segments_of = SE_PEER_SEGMENTS
        cell_digit = _CELL_DIGIT
        off_key, on_key = OFF_KEY, ON_KEY
        index_bit = BIT
        made = len(to_on) + len(to_off)  # index of the next node made
        try:
            while True:
                if not pending_on and not pending_off:
                    if level == 0:
                        return None
                    for q in self._advanced(to_off):
                        if q[0] not in to_off:
                            q = (q[0], q[1] | index_bit[made], q[2], q[3], q[4])
                            made += 1
                            to_off[q[0]] = q
                            push_off(q)
                    if not pending_off:
                        return None
                if counts is not None:
                    while counts[low_count] == 0:
                        low_count += 1
                    if low_count + 2 > cap:
                        return None
                if pending_on:
                    p = pop_on()
                    cell, d = cell_digit[p[0] >> 1]
                    pa = p[1]
                    if counts is not None:
                        counts[pa.bit_count()] -= 1
                    if y:
                        m = cands[cell] & ~DIGIT_BIT[d]
                        while m:
                            low = m & -m
                            v = low.bit_length()
                            m ^= low
                            key = off_key[v][cell]
                            conj = to_on.get(on_key[v][cell])
                            if conj is not None:
                                return conj, (key, pa | index_bit[made], [p], NAKED, None)
                            if key not in to_off:
                                q = (key, pa | index_bit[made], [p], NAKED, None)
                                made += 1
                                to_off[key] = q
                                push_off(q)
                                if counts is not None:
                                    counts[q[1].bit_count()] += 1
                    pd = pos[d]
                    d_off, d_on = off_key[d], on_key[d]
                    for seg, h in segments_of[cell]:
                        m = pd & seg
                        while m:
                            low = m & -m
                            c = low.bit_length() - 1
                            m ^= low
                            key = d_off[c]
                            conj = to_on.get(d_on[c])
                            if conj is not None:
                                return conj, (key, pa | index_bit[made], [p], h, None)
                            if key not in to_off:
                                q = (key, pa | index_bit[made], [p], h, None)
                                made += 1
                                to_off[key] = q
                                push_off(q)
                                if counts is not None:
                                    counts[q[1].bit_count()] += 1
                else:
                    p = pop_off()
                    cell, d = cell_digit[p[0] >> 1]
                    pa = p[1]
                    if counts is not None:
                        counts[pa.bit_count()] -= 1
                    # the cell's last candidate, then the digit's last place in each house;
                    # each checked against the off nodes as it is made (SE makes them all,
                    # then checks them in the same order)
                    if y:
                        m = cands[cell]
                        if MASK_SIZE[m] == 2:
                            v = MASK_DIGITS[m & ~DIGIT_BIT[d]][0]
                            key = on_key[v][cell]
                            conj = to_off.get(off_key[v][cell])
                            if conj is not None or key not in to_on:
                                parents = [p]
                                a = pa | index_bit[made]
                                made += 1
                                if dynamic:
                                    for w in MASK_DIGITS[src_cands[cell] & ~m]:
                                        r = to_off[off_key[w][cell]]
                                        parents.append(r)
                                        a |= r[1]
                                q = (key, a, parents, NAKED, None)
                                if conj is not None:
                                    return q, conj
                                to_on[key] = q
                                push_on(q)
                                if counts is not None:
                                    counts[a.bit_count()] += 1
                    pd = pos[d]
                    bit = CELL_BIT[cell]
                    d_off, d_on = off_key[d], on_key[d]
                    for h in houses_of[cell]:
                        hm = HOUSE_MASK[h]
                        r2 = pd & hm
                        if r2.bit_count() == 2:
                            other = (r2 & ~bit).bit_length() - 1
                            key = d_on[other]
                            conj = to_off.get(d_off[other])
                            if conj is None and key in to_on:
                                continue
                            parents = [p]
                            a = pa | index_bit[made]
                            made += 1
                            if dynamic:
                                gone = src_pos[d] & hm & ~pd
                                while gone:
                                    low = gone & -gone
                                    r = to_off[d_off[low.bit_length() - 1]]
                                    parents.append(r)
                                    a |= r[1]
                                    gone ^= low
                            q = (key, a, parents, h, None)
                            if conj is not None:
                                return q, conj
                            to_on[key] = q
                            push_on(q)
                            if counts is not None:
                                counts[a.bit_count()] += 1
                    if dynamic:
                        cands[cell] &= ~DIGIT_BIT[d]
                        pos[d] &= ~bit
        finally:
            cands[:] = saved[0]
            pos[:] = saved[1]
            self.source = outer_source

    # ------------------------------------------------------------------ unary chains
    def _unary_starts(self) -> Iterator[tuple[int, int]]:
        """The candidates unary searches start from, in SE's order: ``(cell, digit)`` for
        every digit of every cell with two or more candidates, cell by cell."""
        grid = self.grid
        for cell in range(81):
            m = grid.cands[cell]
            if grid.values[cell] or MASK_SIZE[m] < 2:
                continue
            for d in MASK_DIGITS[m]:
                yield cell, d

    def _loops(self, y: bool, x: bool, parts: list[int] | None = None) -> list[ChainHint]:
        """SE's ``getLoopHintList``: cycles and forcing chains from every candidate of
        every cell with two or more candidates, cell by cell, digits in order.
        ``parts[cell * 9 + d - 1]``, when given, says which searches to run from a
        candidate (:meth:`_unary`'s ``parts``)."""
        out: list[ChainHint] = []
        for cell, d in self._unary_starts():
            if parts is None:
                self._unary(Node(cell, d, True), out, y, x)
            else:
                which = parts[cell * 9 + d - 1]
                if which:
                    self._unary(Node(cell, d, True), out, y, x, parts=which)
        return out

    # ------------------------------------------------------------------ nested use
    def parented_hints(self, grid: Grid, source: tuple[list[int], list[int]]) -> list[tuple[ChainHint, list[int]]]:
        """``[(hint, parents)]`` for the hints of :meth:`hints` (same order) that have
        rule parents against ``source`` (:func:`chain_rule_parents`), as a nesting rule
        asks for them.

        A rule parent is a candidate of ``source`` gone from ``grid`` that one of the
        hint's singles relied on, so a hint has one only if its chains cross a *new*
        strong link (:func:`new_links`) or, for a cell or region reduction, start from a
        cell or house that lost some. For cycles and forcing chains the graph of
        implications decides first, from its strongly connected components, which
        searches can make a hint at all (a cycle needs its start on a closed path, a
        forcing chain its start's opposite reachable from it) and which can make one that
        crosses a new link (a cycle's start in a component with a new link the pass uses,
        a forcing chain's start reaching a new link whose end reaches its opposite). Only
        the latter run; if they find no hint with parents there is none; if they do, the
        others run too and the list is SE's (a hint without parents may come first with
        the same eliminations and keep the other out)."""
        if self.multiple or self.dynamic or self.level:
            return [(h, p) for h in self.hints(grid) if (p := chain_rule_parents(h, source, grid))]
        self.grid = grid
        cell_tails, house_tails = new_links(grid, source)
        if not cell_tails and not house_tails:
            return []
        try:
            searches = _UnarySearches(self._graph(), cell_tails, house_tails)
            passes = ((False, True), (True, False), (True, True))
            self._scc = searches.scopes
            return self._parented_unary(grid, source, searches, passes)
        finally:
            self._scc = None
            self._links = {}

    def _parented_unary(self, grid: Grid, source: tuple[list[int], list[int]], searches: "_UnarySearches",
                        passes: tuple) -> list[tuple[ChainHint, list[int]]]:
        """:meth:`parented_hints` of Forcing Chains & Cycles, the searches that can cross a
        new link first."""
        found = [self._loops(y, x, searches.live(y, x)) for y, x in passes]
        if not any(chain_rule_parents(h, source, grid) for f in found for h in f):
            return []
        # the rest, start by start in SE's order, merged with what was found
        out: list[ChainHint] = []
        for (y, x), f in zip(passes, found):
            by_start: dict[tuple[int, int], list] = {}
            for h in f:
                by_start.setdefault(h.start[:2], []).append(h)
            live = searches.live(y, x)
            for cell, d in self._unary_starts():
                i = cell * 9 + d - 1
                todo = searches.possible[i] & ~live[i]
                if todo:
                    more: list[ChainHint] = []
                    self._unary(Node(cell, d, True), more, y, x, parts=todo)
                    both = by_start.get((cell, d), []) + more
                    both.sort(key=lambda h: h.start[2])  # stable: each search's order kept
                    out.extend(both)
                else:
                    out.extend(by_start.get((cell, d), []))
        return [(h, p) for h in self._sorted(out) if (p := chain_rule_parents(h, source, grid))]

    def _unary(self, p_on: Node, out: list, y: bool, x: bool, cycle_depth: int = 1 << 30,
               chain_depth: int = 1 << 30, parts: int = 7) -> None:
        """SE's ``doUnaryChaining`` (``*_depth``: layers the searches explore at most;
        ``parts``: which searches, 1 cycles, 2 forcing chains from the candidate on, 4 from
        it off). Each hint knows its start (``hint.start``, the candidate)."""
        if MASK_SIZE[self.grid.cands[p_on.cell]] > 2 and not x:
            return  # Y-cycles start only in bivalue cells
        cycles, chains = self._unary_search(p_on, y, x, cycle_depth, chain_depth, parts)
        self._unary_hints(p_on, cycles, chains, y, x, out)

    def _unary_search(self, p_on: Node, y: bool, x: bool, cycle_depth: int = 1 << 30,
                      chain_depth: int = 1 << 30, parts: int = 7) -> tuple[list[tuple], list[Node]]:
        """What :meth:`_unary`'s searches from ``p_on`` find: the light nodes closing a
        cycle, and the forcing chains' targets."""
        cycles: list[tuple] = []  # light nodes closing a cycle
        chains: list[Node] = []
        if cycle_depth > 0 and parts & 1:
            scope = None
            if self._scc is not None:
                scope = self._scc.get(p_on.key, BIT[p_on.key])
            self._cycles(p_on, y, x, cycles, cycle_depth, scope)
        if x and chain_depth > 0:
            if parts & 2:
                self._forcing(p_on, y, chains, chain_depth)
            if parts & 4:
                self._forcing(Node(p_on.cell, p_on.d, False), y, chains, chain_depth)
        return cycles, chains

    def _unary_hints(self, p_on: Node, cycles: list[tuple], chains: list[Node], y: bool, x: bool,
                     out: list) -> None:
        """The hints of what a unary search from ``p_on`` found, appended to ``out``."""
        cell, d = p_on.cell, p_on.d
        for closing in cycles:
            hint = self._cycle_hint(closing, p_on, y, x)
            if hint is not None:
                hint.start = (cell, d, 1)
                out.append(hint)
        for target in chains:
            hint = self._forcing_hint(target, y, x)
            if hint.removable:
                hint.start = (cell, d, 4 if target.on else 2)
                out.append(hint)

    def _x_loops(self) -> list[ChainHint]:
        """:meth:`_loops` of the pass without cell links, from :meth:`_x_pass`."""
        out: list[ChainHint] = []
        for cell, d in self._unary_starts():
            self._x_pass(cell, d, out)
        return out

    def _x_pass(self, cell: int, d: int, out: list) -> None:
        """The X-cycles and forcing X-chains from ``(cell, d)`` on (the whole searches of the
        pass without cell links), appended to ``out`` (:meth:`_x_searches`)."""
        found = self._x_searches(cell, d)
        if found is not None:
            self._unary_hints(Node(cell, d, True), found[0], found[1], False, True, out)

    def _x_searches(self, cell: int, d: int) -> tuple[list[tuple], list[Node]] | None:
        """What the searches of the pass without cell links find from ``(cell, d)`` on
        (:meth:`_unary_search`, every layer), or None for nothing.

        That pass links a candidate only to candidates of its digit, through the houses:
        what it finds from a candidate of ``d`` (its cycles, the chains' targets, the graph's
        components that decide which searches can find anything) follows from ``d``'s places
        alone. So it is kept in :attr:`store`, one table per digit for its current places,
        each start's searches made when first asked. A hint is made anew from them at each
        position: a forcing X-chain that places its digit removes the cell's other
        candidates, which are not ``d``'s."""
        pd = self.grid.pos[d]
        table = self.store.get(d)
        if table is None or table[0] != pd:
            table = self.store[d] = (pd, *unary_parts(_DigitPlaces(d, pd), False, True), {})
        _, parts, scopes, found = table
        if cell not in found:
            which = parts[cell * 9 + d - 1]
            hit = None
            if which:
                saved, self._scc = self._scc, scopes
                try:
                    hit = self._unary_search(Node(cell, d, True), False, True, parts=which)
                finally:
                    self._scc = saved
                if not hit[0] and not hit[1]:
                    hit = None
            found[cell] = hit
        return found[cell]

    def _static_chaining(self, to_on: dict, to_off: dict) -> tuple[Node, Node] | None:
        """:meth:`_do_chaining` of a rule without dynamic links or nesting (SE's Multiple
        Forcing Chains): the same propagation over the grid's links drawn once per grid
        (:class:`PassLinks`; the grid does not change), a node made only when it is kept
        or closes a contradiction."""
        links = self._pass_links(True, True)
        index_bit = BIT
        made = len(to_on) + len(to_off)  # index of the next node made
        cap = self.cap
        pending_on, pending_off, counts = _queues(to_on, to_off, cap)
        pop_on, pop_off = pending_on.popleft, pending_off.popleft
        push_on, push_off = pending_on.append, pending_off.append
        low_count = 1
        while pending_on or pending_off:
            if counts is not None:
                while counts[low_count] == 0:
                    low_count += 1
                if low_count + 2 > cap:
                    return None
            if pending_on:
                p = pop_on()
                kept, other, push, on = to_off, to_on, push_off, False
            else:
                p = pop_off()
                kept, other, push, on = to_on, to_off, push_on, True
            pa = p[1]
            if counts is not None:
                counts[pa.bit_count()] -= 1
            for key, cause in links[p[0]]:
                conj = other.get(key ^ 1)
                if conj is not None or key not in kept:
                    q = (key, pa | index_bit[made], [p], cause, None)
                    made += 1
                    if conj is not None:
                        return (q, conj) if on else (conj, q)
                    kept[key] = q
                    push(q)
                    if counts is not None:
                        counts[q[1].bit_count()] += 1
        return None

    def _pass_links(self, y: bool, x: bool) -> PassLinks:
        """The links of pass ``(y, x)`` on the grid being searched (:class:`PassLinks`),
        made again whenever the grid's candidates are not those they were made for (a
        search forgets them when it ends)."""
        made = self._links.get((y, x))
        if made is None or made.pos != self.grid.pos:
            made = self._links[(y, x)] = PassLinks(self.grid, y, x)
        return made

    def _graph(self) -> "LinkGraph":
        """The :class:`LinkGraph` of the grid's links with every link (pass ``(True,
        True)``), kept as :meth:`_pass_links` keeps the links."""
        pos = self.grid.pos
        made = self._links.get("graph")
        if made is None or made[0] != pos:
            made = self._links["graph"] = (pos[:], LinkGraph(self.grid, True, True))
        return made[1]

    def _cycles(self, source: Node, y: bool, x: bool, cycles: list, depth: int,
                scope: int | None = None) -> None:
        """SE's ``doCycles``: a breadth-first search in alternating layers (off nodes kept
        once per path: SE skips only an ancestor of the node it comes from); an on node
        back at ``source`` after four layers or more closes a cycle.

        ``scope`` (a bit set of node keys), when given, is the strongly connected component
        of ``source`` in the pass's links: a node outside it cannot lead back to ``source``,
        and neither can anything it leads to, so it is not drawn (the cycles found and their
        chains are the same). The search keeps light nodes ``(key, ancestors as a bit set,
        parent, cause)``; ``cycles`` gets those that close a cycle (:func:`_as_node` makes
        a :class:`Node` chain of one)."""
        if scope is None:
            scope = -1  # every key
        links = self._pass_links(y, x)
        skey = source.key
        to_on = {skey}
        pending_on: list[tuple] = [(skey, source.anc, None, source.cause)]
        length = 0
        while pending_on and length < depth:
            length += 1
            pending_off = []
            for e in pending_on:
                pa = e[1]
                for key, cause in links[e[0]]:
                    if not pa >> key & 1 and scope >> key & 1:
                        pending_off.append((key, pa | 1 << key, e, cause))
            length += 1
            pending_on = []
            if length > depth:
                break
            closing = length >= 4
            for e in pending_off:
                pa = e[1]
                for key, cause in links[e[0]]:
                    if key not in to_on and scope >> key & 1:
                        to_on.add(key)
                        pending_on.append((key, pa | 1 << key, e, cause))
                    elif closing and key == skey:
                        cycles.append((key, pa | 1 << key, e, cause))

    def _forcing(self, source: Node, y: bool, chains: list, depth: int) -> None:
        """SE's ``doForcingChains`` from ``source`` (on or off): a breadth-first search in
        alternating layers (on, then off); a node that is ``source``'s opposite ends a
        forcing chain (kept once per potential, ``chains`` included). At most ``depth``
        layers are explored (a pass with ``x`` links only). Light nodes, as
        :meth:`_cycles`."""
        links = self._pass_links(y, True)
        skey = source.key
        first = (skey, source.anc, None, source.cause)
        pending_on = [first] if source.on else []
        pending_off = [] if source.on else [first]
        to_on = {skey} if source.on else set()
        to_off = set() if source.on else {skey}
        found = {n.key for n in chains}

        def layer(pending: list, seen: set, drawn: list) -> None:
            """What the nodes of one layer imply: a new node is drawn once (``seen``), a
            node opposite to ``source`` ends a chain."""
            for e in pending:
                pa = e[1]
                for key, cause in links[e[0]]:
                    target = key ^ 1 == skey and key not in found
                    if target or key not in seen:
                        q = (key, pa | 1 << key, e, cause)
                        if target:
                            found.add(key)
                            chains.append(_as_node(q, source))
                        if key not in seen:
                            seen.add(key)
                            drawn.append(q)

        layers = 0
        while pending_on or pending_off:
            # on layer: what the on nodes turn off
            if pending_on:
                layers += 1
                if layers > depth:
                    return
            layer(pending_on, to_off, pending_off)
            pending_on = []
            if not pending_off:
                break
            # off layer: what the off nodes turn on
            layers += 1
            if layers > depth:
                return
            layer(pending_off, to_on, pending_on)
            pending_off = []

    def _cycle_hint(self, closing: tuple, source: Node, y: bool, x: bool) -> ChainHint | None:
        """SE's ``createCycleHint`` for the cycle a search closed (its light node back at
        ``source``, see :meth:`_cycles`): a candidate seeing both an on and an off node of
        the cycle's digit (outside the cycle's cells) goes (None when there is none: SE
        drops such a hint)."""
        pos = self.grid.pos
        cell_digit = _CELL_DIGIT
        chain = []
        cycle_cells = 0
        e = closing
        while e[2] is not None:
            c, v = cell_digit[e[0] >> 1]
            chain.append((c, v, e[0] & 1))
            cycle_cells |= CELL_BIT[c]
            e = e[2]
        forw = [0] * 10  # by digit: cells outside the cycle seeing an on node of it
        back = [0] * 10  # ... an off node
        for c, v, on in chain:
            seen = PEERS[c] & pos[v] & ~cycle_cells
            if on:
                forw[v] |= seen
            else:
                back[v] |= seen
        removable = sorted((c, d) for d in range(1, 10) if forw[d] & back[d] for c in cell_list(forw[d] & back[d]))
        if not removable:
            return None
        dst_on = _as_node(closing, source)
        return ChainHint("cycle", self, [dst_on, _reversed_cycle(dst_on)], removable, None, x=x, y=y)

    def _forcing_hint(self, target: Node, y: bool, x: bool) -> ChainHint:
        """SE's ``createForcingChainHint``: an off target goes; an on target is placed."""
        if not target.on:
            removable = [(target.cell, target.d)]
            placement = None
        else:
            removable = [(target.cell, v) for v in MASK_DIGITS[self.grid.cands[target.cell] & ~DIGIT_BIT[target.d]]]
            placement = (target.cell, target.d)
        return ChainHint("forcing", self, [target], removable, placement, x=x, y=y)

    # ------------------------------------------------------------------ multiple chains
    def _multiple_chains(self) -> list[ChainHint]:
        """SE's ``getMultipleChainsHintList``: from every cell with three or more
        candidates (two or more for dynamic rules), cell by cell."""
        grid = self.grid
        out: list[ChainHint] = []
        for cell in range(81):
            if grid.values[cell]:
                continue
            n = MASK_SIZE[grid.cands[cell]]
            if n > 2 or (n > 1 and self.dynamic):
                self._cell_chains(cell, n, out)
        return out

    def _cell_chains(self, cell: int, n: int, out: list) -> None:
        """SE's chains from one cell: its candidates' binary chains and region chains, and
        its cell reduction, appended to ``out``."""
        grid = self.grid
        if self.nishio:
            self._nishio_chains(cell, out)
            return
        if not self.dynamic and not self._may_reduce(cell):
            return
        value_to_on: dict[int, dict] = {}
        value_to_off: dict[int, dict] = {}
        cell_on: dict | None = None
        cell_off: dict | None = None
        for d in MASK_DIGITS[grid.cands[cell]]:
            key = (cell * 9 + d - 1) << 1
            p_on = _root(key | 1)
            p_off = _root(key)
            on_on: dict = {}
            on_off: dict = {}
            self._binary(p_on, p_off, out, on_on, on_off, n >= 3 and self.dynamic, self.dynamic)
            self._region_chains(cell, d, on_on, on_off, out)
            value_to_on[d] = on_on
            value_to_off[d] = on_off
            if cell_on is None:
                cell_on, cell_off = on_on, on_off  # read, never changed
            else:
                cell_on = {k: v for k, v in cell_on.items() if k in on_on}
                cell_off = {k: v for k, v in cell_off.items() if k in on_off}
        if n == 2 or (self.multiple and n > 2):
            for outcomes, common in ((value_to_on, cell_on), (value_to_off, cell_off)):
                for key in common:
                    hint = self._cell_hint(cell, key, outcomes)
                    if hint.removable:
                        out.append(hint)

    def _nishio_chains(self, cell: int, out: list) -> None:
        """SE's Nishio chains from one cell: each candidate on, then off, ruled out by a
        contradiction (what :meth:`_binary` makes of them, Nishio making no other hint)."""
        grid = self.grid
        for d in MASK_DIGITS[grid.cands[cell]]:
            key = (cell * 9 + d - 1) << 1
            on, off = self._nishio_outcomes(key, d)
            if on is not None:
                p_on = _root(key | 1)
                out.append(self._binary_hint(on[0], on[1], p_on, p_on, True, off=True))
            if off is not None:
                p_off = _root(key)
                hint = self._binary_hint(off[0], off[1], p_off, p_off, True, off=False)
                if hint.removable:
                    out.append(hint)

    def _nishio_outcomes(self, key: int, d: int) -> tuple[tuple | None, tuple | None]:
        """The contradictions (or None) that the candidate ``key`` (digit ``d``) on, then
        off, leads to in a Nishio propagation.

        Such a propagation has no cell links: from a candidate of ``d`` it reaches only
        candidates of ``d``, and what it makes follows from ``d``'s places alone. So the
        outcome is kept in :attr:`store` (one table per digit, for its current places) and
        read again wherever the path meets the same places of ``d``. A propagation is run
        without the complexity cap: a cut one ends in the same contradiction where it finds
        one, and where it finds none, what the whole one finds is beyond the cap."""
        pd = self.grid.pos[d]
        table = None
        if self.store is not None:
            kept = self.store.get(d)
            if kept is None or kept[0] != pd:
                kept = self.store[d] = (pd, {})
            table = kept[1]
            hit = table.get(key)
            if hit is not None:
                return hit
        cap, self.cap = self.cap, None
        try:
            on = self._do_chaining({key | 1: _root(key | 1)}, {})
            off = None if self._dead_end(key) else self._do_chaining({}, {key: _root(key)})
        finally:
            self.cap = cap
        if table is not None:
            table[key] = (on, off)
        return on, off

    def _may_reduce(self, cell: int) -> bool:
        """For a rule without dynamic links: whether a cell or region reduction from
        ``cell`` can exist (the only hints such a rule makes). Each of its chains stays
        within what its start reaches over the grid's links, so every start of a reduction
        reaching nothing in common means there is none."""
        grid = self.grid
        graph = self._graph()
        on_reach, known = graph.on_reach, graph.known_on_reach
        digits = MASK_DIGITS[grid.cands[cell]]
        base = cell * 9
        on = off = -1
        for d in digits:
            a, b = known[base + d - 1] or on_reach(base + d - 1)
            on &= a
            off &= b
        if on or off:
            return True
        for d in digits:
            pd = grid.pos[d]
            for h in SE_CELL_HOUSES[cell]:
                places = pd & HOUSE_MASK[h]
                if (places & -places).bit_length() - 1 != cell or places.bit_count() < 2:
                    continue  # SE meets a house's places from its first one
                on = off = -1
                while places:
                    low = places & -places
                    places ^= low
                    i = (low.bit_length() - 1) * 9 + d - 1
                    a, b = known[i] or on_reach(i)
                    on &= a
                    off &= b
                if on or off:
                    return True
        return False

    def _binary(self, p_on: tuple, p_off: tuple, out: list, on_on: dict, on_off: dict,
                double: bool, contradiction: bool) -> None:
        """SE's ``doBinaryChaining``: the candidate on, then off; a contradiction rules
        that case out; what follows either way holds."""
        off_on: dict = {}
        off_off: dict = {}
        absurd = self._on_chaining(p_on, on_on, on_off)
        if contradiction and absurd is not None:
            out.append(self._binary_hint(absurd[0], absurd[1], p_on, p_on, True, off=True))
        if not (contradiction or double):
            return  # what follows from the candidate off could make no hint here
        off_off[p_off[0]] = p_off
        absurd = None if self._dead_end(p_off[0]) else self._do_chaining(off_on, off_off)
        if contradiction and absurd is not None:
            hint = self._binary_hint(absurd[0], absurd[1], p_off, p_off, True, off=False)
            if hint.removable:
                out.append(hint)
        if double:
            for key, p in on_on.items():
                q = off_on.get(key)
                if q is not None:
                    hint = self._binary_hint(p, q, p_on, p, False, off=False)
                    if hint.removable:
                        out.append(hint)
            for key, p in on_off.items():
                q = off_off.get(key)
                if q is not None:
                    out.append(self._binary_hint(p, q, p_off, q, False, off=True))

    def _dead_end(self, key: int) -> bool:
        """Whether nothing follows from the off potential ``key`` alone, without nesting:
        its cell keeps more than one other candidate (or Y links are off) and no house of
        the cell keeps one other place for its digit."""
        if self.level:
            return False
        grid = self.grid
        cell, d = _CELL_DIGIT[key >> 1]
        if not self.nishio and MASK_SIZE[grid.cands[cell]] == 2:
            return False
        pd = grid.pos[d]
        return all((pd & HOUSE_MASK[h]).bit_count() != 2 for h in SE_CELL_HOUSES[cell])

    def _binary_hint(self, dst_on: tuple, dst_off: tuple, source: tuple, target: tuple,
                     absurd: bool, off: bool) -> ChainHint:
        """SE's ``createChainingOffHint`` (``off``: the target's candidate goes) or
        ``createChainingOnHint`` (the target's cell loses its other candidates)."""
        cell, d = _CELL_DIGIT[target[0] >> 1]
        if off:
            removable = [(cell, d)]
        else:
            removable = [(cell, v) for v in MASK_DIGITS[self.grid.cands[cell] & ~DIGIT_BIT[d]]]
        if self.nishio or absurd:
            placement = None if source[0] & 1 else _CELL_DIGIT[source[0] >> 1]
        else:
            placement = _CELL_DIGIT[dst_on[0] >> 1] if dst_on[0] & 1 else None
        return ChainHint("binary", self, [dst_on, dst_off], removable, placement, absurd=absurd,
                         source=source, light=True)

    def _on_chaining(self, p_on: tuple, to_on: dict, to_off: dict) -> tuple | None:
        """:meth:`_do_chaining` from ``p_on`` alone into the empty ``to_on``/``to_off``,
        done once per candidate in a search of one grid (a cell's binary chains and the
        region chains of its houses start from the same candidates). A propagation cut
        short by a complexity cap is kept: the cap only tightens during a search, and what
        a looser cap added can only make hints beyond the tighter one."""
        hit = self._memo.get(p_on[0])
        if hit is not None:
            to_on.update(hit[0])
            to_off.update(hit[1])
            return hit[2]
        to_on[p_on[0]] = p_on
        absurd = self._do_chaining(to_on, to_off)
        self._memo[p_on[0]] = (to_on, to_off, absurd)
        return absurd

    def _region_chains(self, cell: int, d: int, on_on: dict, on_off: dict, out: list) -> None:
        """SE's ``doRegionChainings``: every place of ``d`` in one of the cell's houses
        (met from its first place only), what follows from each."""
        grid = self.grid
        for h in SE_CELL_HOUSES[cell]:
            places = grid.pos[d] & HOUSE_MASK[h]
            k = places.bit_count()
            if not (k == 2 or (self.multiple and k > 2)):
                continue
            first = (places & -places).bit_length() - 1
            if first != cell:
                continue
            pos_on: dict[int, dict] = {}
            pos_off: dict[int, dict] = {}
            region_on: dict = {}
            region_off: dict = {}
            for c in HOUSE_CELLS[h]:
                if not places >> c & 1:
                    continue
                if c == cell:
                    pos_on[c], pos_off[c] = on_on, on_off
                    region_on, region_off = on_on, on_off  # read, never changed
                else:
                    o_on: dict = {}
                    o_off: dict = {}
                    self._on_chaining(_root(((c * 9 + d - 1) << 1) | 1), o_on, o_off)
                    pos_on[c], pos_off[c] = o_on, o_off
                    region_on = {key: v for key, v in region_on.items() if key in o_on}
                    region_off = {key: v for key, v in region_off.items() if key in o_off}
            for common, outcomes in ((region_on, pos_on), (region_off, pos_off)):
                for key in common:
                    hint = self._region_hint(h, d, key, outcomes)
                    if hint.removable:
                        out.append(hint)

    def _reduction(self, key: int) -> tuple[list, tuple[int, int] | None]:
        """What a reduction to the potential ``key`` removes, and the digit it places."""
        cell, d = _CELL_DIGIT[key >> 1]
        if key & 1:
            return [(cell, v) for v in MASK_DIGITS[self.grid.cands[cell] & ~DIGIT_BIT[d]]], (cell, d)
        return [(cell, d)], None

    def _cell_hint(self, cell: int, key: int, outcomes: dict[int, dict]) -> ChainHint:
        """SE's ``createCellReductionHint``: each candidate of ``cell`` leads to the
        potential ``key``."""
        removable, placement = self._reduction(key)
        targets = [outcomes[d][key] for d in MASK_DIGITS[self.grid.cands[cell]]]
        return ChainHint("cell", self, targets, removable, placement, source_cell=cell, light=True)

    def _region_hint(self, h: int, d: int, key: int, outcomes: dict[int, dict]) -> ChainHint:
        """SE's ``createRegionReductionHint``: each place of ``d`` in house ``h`` leads to
        the potential ``key``."""
        removable, placement = self._reduction(key)
        targets = [outcomes[c][key] for c in HOUSE_CELLS[h] if c in outcomes]
        return ChainHint("region", self, targets, removable, placement, house=h, digit=d, light=True)

    # ------------------------------------------------------------------ nesting
    def _other_rules(self) -> list:
        """SE's ``otherRules`` of a nested chaining rule, in SE's order."""
        if self._nested_rules is None:
            from .se_nested_rules import BASIC_RULES
            rules: list = list(BASIC_RULES)
            lvl = self.level
            diff = self.difficulty
            if lvl < 4:
                if lvl >= 2:
                    rules.append(Chaining(False, False, False, 0, diff))
                if lvl >= 3:
                    rules.append(Chaining(True, False, False, 0, diff))
            else:
                rules.append(Chaining(True, True, False, 0, diff))
                if lvl >= 5:
                    rules.append(Chaining(True, True, False, lvl - 3, diff))
            self._nested_rules = rules
        return self._nested_rules

    def _advanced(self, to_off: dict) -> list[tuple]:
        """SE's ``getAdvancedPotentials``: the eliminations of the first other rule that
        finds any with a parent in this chain (each an off node whose parents are the
        chain's off nodes the rule relies on)."""
        grid = self.grid
        source = self.source
        removed = [0] + [source[1][d] & ~grid.pos[d] for d in range(1, 10)]
        out: list[Node] = []
        drawn: dict = {}  # the grid's links and components, drawn once for the rules below
        for rule in self._other_rules():
            if isinstance(rule, Chaining):
                rule._links = drawn
                hints = [(h.removable, p, h) for h, p in rule.parented_hints(grid, source)]
            else:
                hints = [(r, p, None) for r, p in rule(grid, source, removed)]
            for removable, parents, nested in hints:
                if not parents:
                    continue
                real = [to_off[k] for k in parents]
                anc = 0
                for r in real:
                    anc |= r[1]
                for cell, d in sorted(removable):
                    # its own bit is set by the propagation that keeps it
                    out.append(((cell * 9 + d - 1) << 1, anc, list(real), ADVANCED, nested))
            if out:
                break
        return out


def _queues(to_on: dict, to_off: dict, cap: int | None) -> tuple[deque, deque, list[int] | None]:
    """A propagation's queues of on and off nodes still to draw from, and, with a
    complexity cap, how many pending nodes have each ancestor count (to know the smallest:
    it never decreases without nesting, a new node having more ancestors than the node it
    comes from)."""
    pending_on = deque(to_on.values())
    pending_off = deque(to_off.values())
    counts = None
    if cap is not None:
        counts = [0] * 1460
        for n in pending_on:
            counts[n[1].bit_count()] += 1
        for n in pending_off:
            counts[n[1].bit_count()] += 1
    return pending_on, pending_off, counts


class _Probe:
    """What the SE scale needs to rate a would-be hint: a technique and a complexity."""

    __slots__ = ("technique", "facts")

    def __init__(self, technique: str, complexity: int) -> None:
        self.technique = technique
        self.facts = {"complexity": complexity}


def _as_node(entry: tuple, source: Node) -> Node:
    """The :class:`Node` chain of a search's light node ``(key, ancestors as a bit set,
    light parent, cause)``, back to ``source`` (the light root stands for it)."""
    entries = []
    while entry[2] is not None:
        entries.append(entry)
        entry = entry[2]
    node = source
    cell_digit = _CELL_DIGIT
    for key, anc, _, cause in reversed(entries):
        c, v = cell_digit[key >> 1]
        node = Node(c, v, bool(key & 1), [node], cause)
        node.anc = anc
    return node


def _reversed_cycle(dst_on: Node) -> Node:
    """SE's ``getReversedCycle``: the cycle walked the other way, every node's state
    flipped (each keeps the cause of the node it replaces)."""
    chain = []
    p: Node | None = dst_on
    while p is not None:
        chain.append(p)
        p = p.parents[0] if p.parents else None
    rev = [Node(n.cell, n.d, not n.on, None, n.cause) for n in chain]
    for a, b in zip(rev, rev[1:]):
        a.parents.append(b)
    for n in reversed(rev):
        _anc(n)
    return rev[0]


#: every off node's key (the even bits of a set of node keys)
_OFF_KEYS = int("01" * 729, 2)


def new_links(grid: Grid, source: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    """The strong links ``grid`` has and ``source`` lacks, as the keys of the off nodes
    that turn their other end on: ``(cell links, house links)``, a cell link for both
    candidates of a bivalue cell that had more, a house link for both places of a digit
    in a house that had more."""
    cands, pos = grid.cands, grid.pos
    src_cands, src_pos = source
    cells: list[int] = []
    houses: list[int] = []
    for cell in range(81):
        m = cands[cell]
        if MASK_SIZE[m] == 2 and src_cands[cell] != m:
            for v in MASK_DIGITS[m]:
                cells.append((cell * 9 + v - 1) << 1)
    for d in range(1, 10):
        pd, sd = pos[d], src_pos[d]
        if pd == sd:
            continue
        for h in range(27):
            hm = HOUSE_MASK[h]
            r = pd & hm
            if r.bit_count() == 2 and sd & hm != r:
                while r:
                    low = r & -r
                    houses.append(((low.bit_length() - 1) * 9 + d - 1) << 1)
                    r ^= low
    return cells, houses


class _UnarySearches:
    """Which unary searches (:meth:`Chaining._unary`'s parts) from each candidate of a
    grid can make a hint, and which one that crosses given new strong links, read off the
    strongly connected components of the grid's implications (``graph``: its
    :class:`LinkGraph` with every link, so a pass that uses fewer gets a superset)."""

    def __init__(self, graph: "LinkGraph", cell_tails: list[int], house_tails: list[int]) -> None:
        #: the components with more than one node (all links: each pass's cycles stay
        #: inside their start's)
        self.scopes = graph.scopes
        component = graph.component
        tails = 0
        heads_on = heads_off = 0
        for k in cell_tails + house_tails:
            tails |= 1 << (k >> 1)
            a, b = graph.on_reach(k >> 1)
            heads_on |= a
            heads_off |= b
        #: components holding a new link, by the links a pass uses
        comps_cell = {component(k) for k in cell_tails}
        comps_house = {(component(k), (k >> 1) % 9) for k in house_tails}
        comps_any = comps_cell | {c for c, _ in comps_house}
        self._graph = graph
        self._possible: list[int] | None = None
        live_x = [0] * 729
        live_y = [0] * 729
        live_xy = [0] * 729
        scopes = self.scopes
        m = heads_on | heads_off
        for key in scopes:
            m |= 1 << (key >> 1)
        m &= graph.cands
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            chains = 0
            if heads_off & low:
                on_on, on_off = graph.on_reach(i)
                if on_off & low and on_off & tails:
                    chains = 2
            if heads_on & low:
                off_on, off_off = graph.off_reach(i)
                if off_on & low and off_off & tails:
                    chains |= 4
            if ((i << 1) | 1) in scopes:
                c_on = component((i << 1) | 1)
                live_x[i] = chains | ((c_on, i % 9) in comps_house)
                live_y[i] = int(c_on in comps_cell)
                live_xy[i] = chains | (c_on in comps_any)
            else:
                live_x[i] = live_xy[i] = chains
        self._live = {(False, True): live_x, (True, False): live_y, (True, True): live_xy}

    def live(self, y: bool, x: bool) -> list[int]:
        """By candidate (``cell * 9 + digit - 1``), the searches of the pass that can make
        a hint crossing a new link."""
        return self._live[(y, x)]

    @property
    def possible(self) -> list[int]:
        """By candidate, the searches that can make a hint at all (:meth:`LinkGraph.parts`)."""
        if self._possible is None:
            self._possible = self._graph.parts()
        return self._possible


#: (cell, digit) of each candidate index ``cell * 9 + digit - 1``
_CELL_DIGIT: tuple[tuple[int, int], ...] = tuple((i // 9, i % 9 + 1) for i in range(729))


def node_links(cands: list[int], pos: list[int], key: int, y: bool, x: bool) -> list[tuple[int, int]] | None:
    """The links of pass ``(y, x)`` from the node ``key`` on the grid with candidates
    ``cands`` and places ``pos``, in the order SE's searches draw them: ``[(key, cause),
    ...]`` (None for a candidate the grid lacks).

    An on node turns off, with ``y``, the other candidates of its cell (digit order, cause
    :data:`NAKED`), then its digit's other places house by house in SE's order of houses
    (each cell once, cause the house). An off node turns on, with ``y``, the other
    candidate of a bivalue cell, then, with ``x``, the other place of its digit in each of
    its houses that has two (each candidate once): SE's ``getOnToOff`` and ``getOffToOn``
    without dynamic links."""
    cell, d = _CELL_DIGIT[key >> 1]
    m = cands[cell]
    if not m & DIGIT_BIT[d]:
        return None
    pd = pos[d]
    dm = d - 1
    if key & 1:
        out = [((cell * 9 + v - 1) << 1, NAKED) for v in MASK_DIGITS[m & ~DIGIT_BIT[d]]] if y else []
        for seg, h in SE_PEER_SEGMENTS[cell]:
            left = pd & seg
            while left:
                low = left & -left
                left ^= low
                out.append((((low.bit_length() - 1) * 9 + dm) << 1, h))
        return out
    out = []
    if y and MASK_SIZE[m] == 2:
        out.append((((cell * 9 + MASK_DIGITS[m & ~DIGIT_BIT[d]][0] - 1) << 1) | 1, NAKED))
    if x:
        bit = CELL_BIT[cell]
        for h in SE_CELL_HOUSES[cell]:
            r = pd & HOUSE_MASK[h]
            if r.bit_count() == 2:
                k = ((((r & ~bit).bit_length() - 1) * 9 + dm) << 1) | 1
                if not any(k == j for j, _ in out):
                    out.append((k, h))
    return out


class PassLinks(dict):
    """The links of pass ``(y, x)`` on a grid by node key (:func:`node_links`), each
    node's worked out when first asked for (a search reads those of the nodes it draws);
    the grid's candidates are copied, so a later change to the grid does not reach them."""

    __slots__ = ("cands", "pos", "y", "x")

    def __init__(self, grid: Grid, y: bool, x: bool) -> None:
        super().__init__()
        self.cands = grid.cands[:]
        self.pos = grid.pos[:]
        self.y = y
        self.x = x

    def __missing__(self, key: int) -> list[tuple[int, int]] | None:
        links = self[key] = node_links(self.cands, self.pos, key, self.y, self.x)
        return links


def _spread(cells: int) -> int:
    """An 81-bit set of cells as a 729-bit set of candidate indices, digit 1: bit ``9 * cell``."""
    out = 0
    while cells:
        low = cells & -cells
        cells ^= low
        out |= 1 << (9 * (low.bit_length() - 1))
    return out


_PEERS_SPREAD: tuple[int, ...] = tuple(_spread(PEERS[c]) for c in range(81))
#: By candidate index ``cell * 9 + d - 1``, as a 729-bit set of candidate indices: the
#: candidates an on node of it turns off in a pass with Y links (its cell's other digits,
#: its digit in its peers) and in a pass without (its digit in its peers). Both relations
#: are symmetric.
_WEAK: tuple[int, ...] = tuple((_PEERS_SPREAD[c] << (d - 1)) | ((0x1FF ^ (1 << (d - 1))) << (9 * c))
                               for c in range(81) for d in range(1, 10))
_WEAK_HOUSE: tuple[int, ...] = tuple(_PEERS_SPREAD[c] << (d - 1) for c in range(81) for d in range(1, 10))


class LinkGraph:
    """What the implications of one unary pass ``(y, x)`` on ``grid`` can reach (the links
    :func:`node_links` gives, without drawing them): for each node, what it leads to, and
    the strongly connected components with more than one node.

    Only an off node that starts a strong link (the other candidate of a bivalue cell with
    ``y``, the other place of its digit in a house with two with ``x``) leads anywhere from
    an off node, and only the on nodes at those links' other ends are led to from one; so
    every cycle, and every path longer than one link, runs through that small part of the
    graph. Its components and what each reaches are worked out there (Tarjan's algorithm);
    every other node reaches its own successors and what those reach. Sets are pairs of
    729-bit sets of candidate indices: ``(on nodes, off nodes)``."""

    __slots__ = ("cands", "weak", "strong", "starts", "_comp", "_reach", "scopes", "known_on_reach")

    def __init__(self, grid: Grid, y: bool, x: bool) -> None:
        cands, pos = grid.cands, grid.pos
        bits = 0
        for c in range(81):
            m = cands[c]
            if m:
                bits |= m << (9 * c)
        #: the grid's candidates as a 729-bit set
        self.cands = bits
        self.weak = _WEAK if y else _WEAK_HOUSE
        #: candidate index -> 729-bit set of the on nodes its off node turns on
        strong: dict[int, int] = {}
        get = strong.get
        if y:
            for c in range(81):
                m = cands[c]
                if MASK_SIZE[m] == 2:
                    a, b = MASK_DIGITS[m]
                    i, j = c * 9 + a - 1, c * 9 + b - 1
                    strong[i] = get(i, 0) | 1 << j
                    strong[j] = get(j, 0) | 1 << i
        if x:
            for d in range(1, 10):
                pd = pos[d]
                if not pd:
                    continue
                for hm in HOUSE_MASK:
                    r = pd & hm
                    if r.bit_count() == 2:
                        low = r & -r
                        i = (low.bit_length() - 1) * 9 + d - 1
                        j = ((r ^ low).bit_length() - 1) * 9 + d - 1
                        strong[i] = get(i, 0) | 1 << j
                        strong[j] = get(j, 0) | 1 << i
        self.strong = strong
        starts = 0
        for i in strong:
            starts |= 1 << i
        #: 729-bit set of the candidates whose off node starts a strong link
        self.starts = starts
        #: node key -> component index, for the nodes of the part with strong links
        self._comp: dict[int, int] = {}
        #: by component: what it reaches, (on, off)
        self._reach: list[tuple[int, int]] = []
        #: on node key -> its component's nodes as a bit set of keys, for components with
        #: more than one node
        self.scopes: dict[int, int] = {}
        self._components()
        #: by candidate index: :meth:`on_reach` once asked for, else None
        self.known_on_reach: list[tuple[int, int] | None] = [None] * 729

    def _successors(self, key: int) -> list[int]:
        """The successors of a node of the part with strong links, within that part."""
        i = key >> 1
        out = []
        if key & 1:
            m = self.weak[i] & self.cands & self.starts
            while m:
                low = m & -m
                m ^= low
                out.append((low.bit_length() - 1) << 1)
        else:
            m = self.strong[i]
            while m:
                low = m & -m
                m ^= low
                out.append(((low.bit_length() - 1) << 1) | 1)
        return out

    def _components(self) -> None:
        """Tarjan's algorithm over the part with strong links, from its off nodes."""
        comp = self._comp
        reach = self._reach
        weak, cands = self.weak, self.cands
        index: dict[int, int] = {}
        low: dict[int, int] = {}
        succ_of: dict[int, list[int]] = {}
        stack: list[int] = []
        counter = 0
        for i in self.strong:
            root = i << 1
            if root in index:
                continue
            index[root] = low[root] = counter
            counter += 1
            stack.append(root)
            succ = succ_of[root] = self._successors(root)
            work = [(root, iter(succ))]
            while work:
                v, it = work[-1]
                for w in it:
                    if w not in index:
                        index[w] = low[w] = counter
                        counter += 1
                        stack.append(w)
                        succ = succ_of[w] = self._successors(w)
                        work.append((w, iter(succ)))
                        break
                    if w not in comp and index[w] < low[v]:
                        low[v] = index[w]
                else:
                    work.pop()
                    if work:
                        u = work[-1][0]
                        if low[v] < low[u]:
                            low[u] = low[v]
                    if low[v] == index[v]:
                        c = len(reach)
                        nodes = []
                        while True:
                            w = stack.pop()
                            comp[w] = c
                            nodes.append(w)
                            if w == v:
                                break
                        # components come out after every component they reach
                        r_on = r_off = 0
                        for w in nodes:
                            j = w >> 1
                            if w & 1:
                                r_on |= 1 << j
                                r_off |= weak[j] & cands
                            else:
                                r_off |= 1 << j
                            for s in succ_of[w]:
                                cs = comp[s]
                                if cs != c:
                                    a, b = reach[cs]
                                    r_on |= a
                                    r_off |= b
                        reach.append((r_on, r_off))
                        if len(nodes) > 1:
                            keys = 0
                            for w in nodes:
                                keys |= 1 << w
                            for w in nodes:
                                if w & 1:
                                    self.scopes[w] = keys

    def on_reach(self, i: int) -> tuple[int, int]:
        """What the on node of candidate ``i`` leads to, itself included: (on, off)."""
        done = self.known_on_reach[i]
        if done is not None:
            return done
        c = self._comp.get((i << 1) | 1)
        if c is not None:
            done = self.known_on_reach[i] = self._reach[c]
            return done
        off = self.weak[i] & self.cands
        on = 1 << i
        m = off & self.starts
        while m:
            low = m & -m
            m ^= low
            a, b = self._reach[self._comp[(low.bit_length() - 1) << 1]]
            on |= a
            off |= b
        done = self.known_on_reach[i] = (on, off)
        return done

    def off_reach(self, i: int) -> tuple[int, int]:
        """What the off node of candidate ``i`` leads to, itself included: (on, off)."""
        c = self._comp.get(i << 1)
        if c is not None:
            return self._reach[c]
        return 0, 1 << i

    def component(self, key: int) -> int:
        """An index of the node's component, the same for the nodes of one component
        (-1 for a node alone in its component outside the part with strong links)."""
        return self._comp.get(key, -1)

    def parts(self) -> list[int]:
        """By candidate index, the unary searches (:meth:`Chaining._unary`'s parts) that can
        make a hint at all in this pass: a cycle needs its start's on node in a component
        with more than one node; a forcing chain from the start on (off) needs the start off
        (on) reachable from it."""
        out = [0] * 729
        # only an on node next to a strong link's start (its other end among them) leads
        # further than its own successors; only an off node at a start leads anywhere
        near = self.starts
        weak = self.weak
        m = self.starts
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            near |= weak[i]
        m = near & self.cands
        scopes = self.scopes
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            p = 1 if ((i << 1) | 1) in scopes else 0
            if self.on_reach(i)[1] & low:
                p |= 2
            if self.off_reach(i)[0] & low:
                p |= 4
            out[i] = p
        return out


class _DigitPlaces:
    """The candidates of one digit of a grid, alone (what :class:`LinkGraph` reads of a
    grid: ``cands`` and ``pos``), for a pass whose links never leave a digit."""

    __slots__ = ("cands", "pos")

    def __init__(self, d: int, places: int) -> None:
        self.pos = [0] * 10
        self.pos[d] = places
        bit = DIGIT_BIT[d]
        self.cands = [bit if places >> c & 1 else 0 for c in range(81)]


def unary_parts(grid: Grid, y: bool, x: bool) -> tuple[list[int], dict[int, int]]:
    """By candidate (``cell * 9 + digit - 1``), the unary searches of a pass
    (:meth:`Chaining._unary`'s ``parts``) that can make a hint at all on ``grid``
    (:meth:`LinkGraph.parts`), and the pass's strongly connected components with more
    than one node (on node key -> the component's node keys as a bit set): a cycle never
    leaves its start's."""
    graph = LinkGraph(grid, y, x)
    return graph.parts(), graph.scopes


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
        todo = [target]
        while todo:
            nxt = []
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


def iter_hints(chaining: Chaining, grid: Grid) -> Iterator[ChainHint]:
    """The rule's hints on ``grid`` in SE's order."""
    yield from chaining.hints(grid)
