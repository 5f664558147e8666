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

Hints here are :class:`ChainHint` objects; :mod:`sudoku_logic.strategies.se_chains` turns
them into steps with their words. The difficulty that orders hints comes from the solve's
context (:attr:`SolveContext.difficulty`, set by the SE scale).
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterator

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_BIT, DIGIT_BIT, HOUSE_CELLS, HOUSE_MASK, MASK_DIGITS, MASK_SIZE

from ._se_order import SE_CELL_HOUSES, SE_HOUSE_CELLS

#: Node causes besides a house index 0-26 (a hidden single in that house).
NAKED = -1     # the last candidate of its cell
ADVANCED = -2  # an elimination of another rule (nested chains)

#: SE's nested suffixes of rule and hint names by level (``Chaining.getNestedSuffix``).
NESTED_SUFFIX = {0: "", 1: " (+)", 2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)",
                 4: " (+ Dynamic Forcing Chains)", 5: " (+ Dynamic Forcing Chains (+ Forcing Chains))"}


class Node:
    """A potential: ``cell``, digit ``d``, ``on`` or off, with the nodes it follows from
    (``parents``, the first being the one that triggered it), why (``cause``: a house,
    :data:`NAKED` or :data:`ADVANCED`) and, for an elimination of a nested chain, that
    chain's hint (``nested``). ``key`` identifies the potential: nodes with the same key
    are the same potential reached differently."""

    __slots__ = ("cell", "d", "on", "key", "parents", "cause", "nested", "anc")

    def __init__(self, cell: int, d: int, on: bool, parents: list | None = None,
                 cause: int | None = None, nested: "ChainHint | None" = None) -> None:
        self.cell = cell
        self.d = d
        self.on = on
        self.key = key = ((cell * 9 + d - 1) << 1) | on
        self.parents = parents if parents is not None else []
        self.cause = cause
        self.nested = nested
        #: the keys of the node and all its ancestors as a bit set (set by :func:`_anc`
        #: once the parents are complete; its size is SE's ancestor count)
        self.anc = 1 << key


def _anc(node: Node) -> Node:
    """Complete ``node.anc`` from its parents' (call once its parents are final)."""
    a = 1 << node.key
    for p in node.parents:
        a |= p.anc
    node.anc = a
    return node

    def __repr__(self) -> str:
        return f"r{self.cell // 9 + 1}c{self.cell % 9 + 1}{'=' if self.on else '<>'}{self.d}"


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

    __slots__ = ("kind", "rule", "targets", "removable", "placement", "x", "y", "absurd",
                 "source", "source_cell", "house", "digit", "technique", "facts",
                 "_complexity", "_signature")

    def __init__(self, kind: str, rule: "Chaining", targets: list[Node], removable: list,
                 placement: tuple[int, int] | None, *, x: bool = True, y: bool = True,
                 absurd: bool = False, source: Node | None = None, source_cell: int = -1,
                 house: int = -1, digit: int = 0) -> None:
        self.kind = kind
        self.rule = rule
        self.targets = targets
        self.removable = removable
        self.placement = placement
        self.x = x
        self.y = y
        self.absurd = absurd
        self.source = source
        self.source_cell = source_cell
        self.house = house
        self.digit = digit
        self._complexity = -1
        self._signature = None
        self.technique = self._name()
        self.facts = None

    # ------------------------------------------------------------------ rating facts
    def flat_complexity(self) -> int:
        """SE's ``getFlatComplexity``: the ancestors of each chain counted on their own
        (a cycle counts its one chain)."""
        if self.kind in ("cycle", "forcing"):
            return ancestor_count(self.targets[0])
        return sum(ancestor_count(t) for t in self.targets)

    def nested_chains(self) -> list["ChainHint"]:
        """The distinct nested chains the chains rely on (SE's ``FullChain`` equality)."""
        out = []
        seen = set()
        for target in self.targets:
            for p in ancestors(target):
                if p.nested is not None:
                    sig = p.nested.signature()
                    if sig not in seen:
                        seen.add(sig)
                        out.append(p.nested)
        return out

    def complexity(self) -> int:
        """SE's ``getComplexity``: flat complexity plus that of each distinct nested chain."""
        if self._complexity < 0:
            self._complexity = self.flat_complexity() + sum(n.complexity() for n in self.nested_chains())
        return self._complexity

    def signature(self) -> tuple:
        """What makes two hints' chains equal for SE (``FullChain.equals``)."""
        if self._signature is None:
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
                 difficulty: Callable[[object], float]) -> None:
        self.multiple = multiple
        self.dynamic = dynamic
        self.nishio = nishio
        self.level = level
        self.difficulty = difficulty
        self._nested_rules = None
        self.grid: Grid | None = None
        self.source: tuple[list[int], list[int]] | None = None
        #: the first-hint search's bound on complexity (None: every hint)
        self.cap: int | None = None

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
            found = self._multiple_chains()
        else:
            found = self._loops(y=False, x=True)
            found += self._loops(y=True, x=False)
            found += self._loops(y=True, x=True)
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
                    for cell in range(81):
                        m = grid.cands[cell]
                        if grid.values[cell] or MASK_SIZE[m] < 2:
                            continue
                        for d in MASK_DIGITS[m]:
                            cycle_depth, chain_depth = self._unary_depths(best[1], y, x)
                            if cycle_depth <= 0 and chain_depth <= 0:
                                continue
                            out = []
                            self._unary(Node(cell, d, True), out, y, x, cycle_depth, chain_depth)
                            consider(out)
        finally:
            self.cap = None
        return best[0]

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
        the cap: the nodes it has made are exactly SE's (same order, same parents)."""
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
        pending_on = deque(to_on.values())
        pending_off = deque(to_off.values())
        pop_on, pop_off = pending_on.popleft, pending_off.popleft
        push_on, push_off = pending_on.append, pending_off.append
        # pending nodes by ancestor count, to know the smallest (it never decreases
        # without nesting: a new node has more ancestors than the node it comes from)
        counts = [0] * 1460 if cap is not None else None
        low_count = 1
        if counts is not None:
            for n in pending_on:
                counts[n.anc.bit_count()] += 1
            for n in pending_off:
                counts[n.anc.bit_count()] += 1
        houses_of = SE_CELL_HOUSES
        try:
            while pending_on or pending_off:
                if counts is not None:
                    while counts[low_count] == 0:
                        low_count += 1
                    if low_count + 2 > cap:
                        return None
                if pending_on:
                    p = pop_on()
                    cell, d = p.cell, p.d
                    pa = p.anc
                    if counts is not None:
                        counts[pa.bit_count()] -= 1
                    if y:
                        base = cell * 9 - 1
                        m = cands[cell] & ~DIGIT_BIT[d]
                        while m:
                            low = m & -m
                            v = low.bit_length()
                            m ^= low
                            key = (base + v) << 1
                            conj = to_on.get(key | 1)
                            if conj is not None:
                                q = Node(cell, v, False, [p], NAKED)
                                q.anc |= pa
                                return conj, q
                            if key not in to_off:
                                q = Node(cell, v, False, [p], NAKED)
                                q.anc |= pa
                                to_off[key] = q
                                push_off(q)
                                if counts is not None:
                                    counts[q.anc.bit_count()] += 1
                    seen = CELL_BIT[cell]
                    pd = pos[d]
                    for h in houses_of[cell]:
                        mm = pd & HOUSE_MASK[h] & ~seen
                        seen |= mm
                        while mm:
                            low = mm & -mm
                            c = low.bit_length() - 1
                            mm ^= low
                            key = (c * 9 + d - 1) << 1
                            conj = to_on.get(key | 1)
                            if conj is not None:
                                q = Node(c, d, False, [p], h)
                                q.anc |= pa
                                return conj, q
                            if key not in to_off:
                                q = Node(c, d, False, [p], h)
                                q.anc |= pa
                                to_off[key] = q
                                push_off(q)
                                if counts is not None:
                                    counts[q.anc.bit_count()] += 1
                else:
                    p = pop_off()
                    cell, d = p.cell, p.d
                    pa = p.anc
                    if counts is not None:
                        counts[pa.bit_count()] -= 1
                    made = []
                    if y:
                        m = cands[cell]
                        if MASK_SIZE[m] == 2:
                            v = MASK_DIGITS[m & ~DIGIT_BIT[d]][0]
                            q = Node(cell, v, True, [p], NAKED)
                            a = q.anc | pa
                            if dynamic:
                                for w in MASK_DIGITS[src_cands[cell] & ~m]:
                                    r = to_off[(cell * 9 + w - 1) << 1]
                                    q.parents.append(r)
                                    a |= r.anc
                            q.anc = a
                            made.append(q)
                    pd = pos[d]
                    bit = CELL_BIT[cell]
                    for h in houses_of[cell]:
                        hm = HOUSE_MASK[h]
                        r2 = pd & hm
                        if r2.bit_count() == 2:
                            other = (r2 & ~bit).bit_length() - 1
                            key = ((other * 9 + d - 1) << 1) | 1
                            if made and any(n.key == key for n in made):
                                continue
                            q = Node(other, d, True, [p], h)
                            a = q.anc | pa
                            if dynamic:
                                gone = src_pos[d] & hm & ~pd
                                while gone:
                                    low = gone & -gone
                                    r = to_off[((low.bit_length() - 1) * 9 + d - 1) << 1]
                                    q.parents.append(r)
                                    a |= r.anc
                                    gone ^= low
                            q.anc = a
                            made.append(q)
                    if dynamic:
                        cands[cell] &= ~DIGIT_BIT[d]
                        pos[d] &= ~bit
                    for q in made:
                        conj = to_off.get(q.key & ~1)
                        if conj is not None:
                            return q, conj
                        if q.key not in to_on:
                            to_on[q.key] = q
                            push_on(q)
                            if counts is not None:
                                counts[q.anc.bit_count()] += 1
                if level > 0 and not pending_on and not pending_off:
                    for q in self._advanced(to_off):
                        if q.key not in to_off:
                            to_off[q.key] = q
                            push_off(q)
            return None
        finally:
            cands[:] = saved[0]
            pos[:] = saved[1]
            self.source = outer_source

    # ------------------------------------------------------------------ unary chains
    def _loops(self, y: bool, x: bool) -> list[ChainHint]:
        """SE's ``getLoopHintList``: cycles and forcing chains from every candidate of
        every cell with two or more candidates, cell by cell, digits in order."""
        grid = self.grid
        out: list[ChainHint] = []
        for cell in range(81):
            m = grid.cands[cell]
            if grid.values[cell] or MASK_SIZE[m] < 2:
                continue
            for d in MASK_DIGITS[m]:
                self._unary(Node(cell, d, True), out, y, x)
        return out

    def _unary(self, p_on: Node, out: list, y: bool, x: bool, cycle_depth: int = 1 << 30,
               chain_depth: int = 1 << 30) -> None:
        """SE's ``doUnaryChaining`` (``*_depth``: layers the searches explore at most)."""
        if MASK_SIZE[self.grid.cands[p_on.cell]] > 2 and not x:
            return  # Y-cycles start only in bivalue cells
        cycles: list[Node] = []
        chains: list[Node] = []
        if cycle_depth > 0:
            self._cycles(p_on, y, x, cycles, cycle_depth)
        if x and chain_depth > 0:
            self._forcing({p_on.key: p_on}, {}, y, chains, p_on, chain_depth)
            p_off = Node(p_on.cell, p_on.d, False)
            self._forcing({}, {p_off.key: p_off}, y, chains, p_off, chain_depth)
        for dst_on in cycles:
            hint = self._cycle_hint(dst_on, y, x)
            if hint.removable:
                out.append(hint)
        for target in chains:
            hint = self._forcing_hint(target, y, x)
            if hint.removable:
                out.append(hint)

    def _cycles(self, source: Node, y: bool, x: bool, cycles: list, depth: int) -> None:
        """SE's ``doCycles``: a breadth-first search in alternating layers (off nodes kept
        once per path: SE skips only an ancestor of the node it comes from); an on node
        back at ``source`` after four layers or more closes a cycle."""
        grid = self.grid
        cands = grid.cands
        pos = grid.pos
        to_on = {source.key: source}
        pending_on = [source]
        length = 0
        skey = source.key
        while pending_on and length < depth:
            length += 1
            pending_off = []
            for p in pending_on:
                cell, d = p.cell, p.d
                pa = p.anc
                if y:
                    base = cell * 9 - 1
                    for v in MASK_DIGITS[cands[cell] & ~DIGIT_BIT[d]]:
                        key = (base + v) << 1
                        if not pa >> key & 1:
                            q = Node(cell, v, False, [p], NAKED)
                            q.anc |= pa
                            pending_off.append(q)
                seen = CELL_BIT[cell]
                pd = pos[d]
                for h in SE_CELL_HOUSES[cell]:
                    mm = pd & HOUSE_MASK[h] & ~seen
                    seen |= mm
                    while mm:
                        low = mm & -mm
                        c = low.bit_length() - 1
                        mm ^= low
                        key = (c * 9 + d - 1) << 1
                        if not pa >> key & 1:
                            q = Node(c, d, False, [p], h)
                            q.anc |= pa
                            pending_off.append(q)
            length += 1
            pending_on = []
            if length > depth:
                break
            for p in pending_off:
                cell, d = p.cell, p.d
                pa = p.anc
                made = []
                if y:
                    m = cands[cell]
                    if MASK_SIZE[m] == 2:
                        v = MASK_DIGITS[m & ~DIGIT_BIT[d]][0]
                        q = Node(cell, v, True, [p], NAKED)
                        q.anc |= pa
                        made.append(q)
                if x:
                    pd = pos[d]
                    bit = CELL_BIT[cell]
                    for h in SE_CELL_HOUSES[cell]:
                        r2 = pd & HOUSE_MASK[h]
                        if r2.bit_count() == 2:
                            other = (r2 & ~bit).bit_length() - 1
                            key = ((other * 9 + d - 1) << 1) | 1
                            if made and any(n.key == key for n in made):
                                continue
                            q = Node(other, d, True, [p], h)
                            q.anc |= pa
                            made.append(q)
                for q in made:
                    if length >= 4 and q.key == skey:
                        cycles.append(q)
                    if q.key not in to_on:
                        to_on[q.key] = q
                        pending_on.append(q)

    def _forcing(self, to_on: dict, to_off: dict, y: bool, chains: list, source: Node, depth: int) -> None:
        """SE's ``doForcingChains``: a breadth-first search in alternating layers (on, then
        off); a node that is ``source``'s opposite ends a forcing chain (kept once per
        potential). At most ``depth`` layers are explored."""
        grid = self.grid
        cands = grid.cands
        pos = grid.pos
        pending_on = list(to_on.values())
        pending_off = list(to_off.values())
        skey = source.key
        found = {n.key for n in chains}
        layers = 0
        while pending_on or pending_off:
            # on layer: what the on nodes turn off
            if pending_on:
                layers += 1
                if layers > depth:
                    return
            for p in pending_on:
                cell, d = p.cell, p.d
                pa = p.anc
                if y:
                    base = cell * 9 - 1
                    for v in MASK_DIGITS[cands[cell] & ~DIGIT_BIT[d]]:
                        key = (base + v) << 1
                        target = key ^ 1 == skey and key not in found
                        if target or key not in to_off:
                            q = Node(cell, v, False, [p], NAKED)
                            q.anc |= pa
                            if target:
                                found.add(key)
                                chains.append(q)
                            if key not in to_off:
                                to_off[key] = q
                                pending_off.append(q)
                seen = CELL_BIT[cell]
                pd = pos[d]
                for h in SE_CELL_HOUSES[cell]:
                    mm = pd & HOUSE_MASK[h] & ~seen
                    seen |= mm
                    while mm:
                        low = mm & -mm
                        c = low.bit_length() - 1
                        mm ^= low
                        key = (c * 9 + d - 1) << 1
                        target = key ^ 1 == skey and key not in found
                        if target or key not in to_off:
                            q = Node(c, d, False, [p], h)
                            q.anc |= pa
                            if target:
                                found.add(key)
                                chains.append(q)
                            if key not in to_off:
                                to_off[key] = q
                                pending_off.append(q)
            pending_on = []
            if not pending_off:
                break
            # off layer: what the off nodes turn on
            layers += 1
            if layers > depth:
                return
            for p in pending_off:
                cell, d = p.cell, p.d
                pa = p.anc
                made = []
                if y:
                    m = cands[cell]
                    if MASK_SIZE[m] == 2:
                        v = MASK_DIGITS[m & ~DIGIT_BIT[d]][0]
                        q = Node(cell, v, True, [p], NAKED)
                        q.anc |= pa
                        made.append(q)
                pd = pos[d]
                bit = CELL_BIT[cell]
                for h in SE_CELL_HOUSES[cell]:
                    r2 = pd & HOUSE_MASK[h]
                    if r2.bit_count() == 2:
                        other = (r2 & ~bit).bit_length() - 1
                        key = ((other * 9 + d - 1) << 1) | 1
                        if made and any(n.key == key for n in made):
                            continue
                        q = Node(other, d, True, [p], h)
                        q.anc |= pa
                        made.append(q)
                for q in made:
                    key = q.key
                    if key ^ 1 == skey and key not in found:
                        found.add(key)
                        chains.append(q)
                    if key not in to_on:
                        to_on[key] = q
                        pending_on.append(q)
            pending_off = []

    def _cycle_hint(self, dst_on: Node, y: bool, x: bool) -> ChainHint:
        """SE's ``createCycleHint``: a candidate seeing both an on and an off node of the
        cycle's digit (outside the cycle's cells) goes."""
        grid = self.grid
        cells = []
        p = dst_on
        while p.parents:
            cells.append(p.cell)
            p = p.parents[0]
        cycle_cells = set(cells)
        forw: dict[int, None] = {}
        back: dict[int, None] = {}
        p = dst_on
        while p.parents:
            pd = grid.pos[p.d]
            for c in SE_HOUSE_CELLS[p.cell]:
                if c not in cycle_cells and pd >> c & 1:
                    (forw if p.on else back)[c * 10 + p.d] = None
            p = p.parents[0]
        removable = sorted((k // 10, k % 10) for k in forw if k in back)
        hint = ChainHint("cycle", self, [dst_on, _reversed_cycle(dst_on)], removable, None, x=x, y=y)
        return hint

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
        grid = self.grid
        value_to_on: dict[int, dict] = {}
        value_to_off: dict[int, dict] = {}
        cell_on: dict | None = None
        cell_off: dict | None = None
        for d in MASK_DIGITS[grid.cands[cell]]:
            p_on = Node(cell, d, True)
            p_off = Node(cell, d, False)
            on_on: dict = {}
            on_off: dict = {}
            double = n >= 3 and not self.nishio and self.dynamic
            contradiction = self.dynamic or self.nishio
            self._binary(p_on, p_off, out, on_on, on_off, double, contradiction)
            if not self.nishio:
                self._region_chains(cell, d, on_on, on_off, out)
            value_to_on[d] = on_on
            value_to_off[d] = on_off
            if cell_on is None:
                cell_on = dict(on_on)
                cell_off = dict(on_off)
            else:
                cell_on = {k: v for k, v in cell_on.items() if k in on_on}
                cell_off = {k: v for k, v in cell_off.items() if k in on_off}
        if not self.nishio and (n == 2 or (self.multiple and n > 2)):
            for outcomes, common in ((value_to_on, cell_on), (value_to_off, cell_off)):
                for p in common.values():
                    hint = self._cell_hint(cell, p, outcomes)
                    if hint.removable:
                        out.append(hint)

    def _binary(self, p_on: Node, p_off: Node, out: list, on_on: dict, on_off: dict,
                double: bool, contradiction: bool) -> None:
        """SE's ``doBinaryChaining``: the candidate on, then off; a contradiction rules
        that case out; what follows either way holds."""
        off_on: dict = {}
        off_off: dict = {}
        on_on[p_on.key] = p_on
        absurd = self._do_chaining(on_on, on_off)
        if contradiction and absurd is not None:
            out.append(self._binary_hint(absurd[0], absurd[1], p_on, p_on, True, off=True))
        off_off[p_off.key] = p_off
        absurd = self._do_chaining(off_on, off_off)
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

    def _binary_hint(self, dst_on: Node, dst_off: Node, source: Node, target: Node,
                     absurd: bool, off: bool) -> ChainHint:
        """SE's ``createChainingOffHint`` (``off``: the target's candidate goes) or
        ``createChainingOnHint`` (the target's cell loses its other candidates)."""
        if off:
            removable = [(target.cell, target.d)]
        else:
            removable = [(target.cell, v) for v in MASK_DIGITS[self.grid.cands[target.cell] & ~DIGIT_BIT[target.d]]]
        if self.nishio or absurd:
            placement = None if source.on else (source.cell, source.d)
        else:
            placement = (dst_on.cell, dst_on.d) if dst_on.on else None
        return ChainHint("binary", self, [dst_on, dst_off], removable, placement, absurd=absurd,
                         source=source)

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
                    region_on = dict(on_on)
                    region_off = dict(on_off)
                else:
                    other = Node(c, d, True)
                    o_on = {other.key: other}
                    o_off: dict = {}
                    self._do_chaining(o_on, o_off)
                    pos_on[c], pos_off[c] = o_on, o_off
                    region_on = {key: v for key, v in region_on.items() if key in o_on}
                    region_off = {key: v for key, v in region_off.items() if key in o_off}
            for common, outcomes in ((region_on, pos_on), (region_off, pos_off)):
                for p in common.values():
                    hint = self._region_hint(h, d, p, outcomes)
                    if hint.removable:
                        out.append(hint)

    def _reduction(self, target: Node) -> tuple[list, tuple[int, int] | None]:
        if target.on:
            return ([(target.cell, v) for v in MASK_DIGITS[self.grid.cands[target.cell] & ~DIGIT_BIT[target.d]]],
                    None)
        return [(target.cell, target.d)], None

    def _cell_hint(self, cell: int, target: Node, outcomes: dict[int, dict]) -> ChainHint:
        """SE's ``createCellReductionHint``: each candidate of ``cell`` leads to ``target``."""
        removable, _ = self._reduction(target)
        targets = [outcomes[d][target.key] for d in MASK_DIGITS[self.grid.cands[cell]]]
        first = targets[0]
        placement = (first.cell, first.d) if first.on else None
        return ChainHint("cell", self, targets, removable, placement, source_cell=cell)

    def _region_hint(self, h: int, d: int, target: Node, outcomes: dict[int, dict]) -> ChainHint:
        """SE's ``createRegionReductionHint``: each place of ``d`` in house ``h`` leads to
        ``target``."""
        removable, _ = self._reduction(target)
        targets = [outcomes[c][target.key] for c in HOUSE_CELLS[h] if c in outcomes]
        first = targets[0]
        placement = (first.cell, first.d) if first.on else None
        return ChainHint("region", self, targets, removable, placement, house=h, digit=d)

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

    def _advanced(self, to_off: dict) -> list[Node]:
        """SE's ``getAdvancedPotentials``: the eliminations of the first other rule that
        finds any with a parent in this chain (each an off node whose parents are the
        chain's off nodes the rule relies on)."""
        grid = self.grid
        source = self.source
        removed = [0] + [source[1][d] & ~grid.pos[d] for d in range(1, 10)]
        out: list[Node] = []
        for rule in self._other_rules():
            if isinstance(rule, Chaining):
                hints = [(h.removable, chain_rule_parents(h, source, grid), h) for h in rule.hints(grid)]
            else:
                hints = [(r, p, None) for r, p in rule(grid, source, removed)]
            for removable, parents, nested in hints:
                if not parents:
                    continue
                real = [to_off[k] for k in parents]
                for cell, d in sorted(removable):
                    out.append(_anc(Node(cell, d, False, list(real), ADVANCED, nested)))
            if out:
                break
        return out


class _Probe:
    """What the SE scale needs to rate a would-be hint: a technique and a complexity."""

    __slots__ = ("technique", "facts")

    def __init__(self, technique: str, complexity: int) -> None:
        self.technique = technique
        self.facts = {"complexity": complexity}


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


def chain_rule_parents(hint: ChainHint, source: tuple[list[int], list[int]], grid: Grid) -> list[int]:
    """SE's ``ChainingHint.getRuleParents``: keys of the off potentials (candidates of the
    source grid gone from ``grid``) that the hint's on nodes relied on: a cell's lost
    candidates for a naked single, a house's lost places for a hidden single."""
    out: dict[int, None] = {}
    default = NAKED if hint.kind == "cell" else (hint.house if hint.kind == "region" else None)
    src_cands, src_pos = source
    for target in hint.targets:
        done = set()
        todo = [target]
        while todo:
            nxt = []
            for p in todo:
                if p.key in done:
                    continue
                done.add(p.key)
                cause = p.cause if p.cause is not None else default
                if p.on and cause is not None and cause != ADVANCED:
                    if cause == NAKED:
                        gone = src_cands[p.cell] & ~grid.cands[p.cell]
                        for v in MASK_DIGITS[gone]:
                            out[(p.cell * 9 + v - 1) << 1] = None
                    else:
                        gone = src_pos[p.d] & HOUSE_MASK[cause] & ~grid.pos[p.d]
                        while gone:
                            low = gone & -gone
                            out[((low.bit_length() - 1) * 9 + p.d - 1) << 1] = None
                            gone ^= low
                nxt.extend(p.parents)
            todo = nxt
    return list(out)


def iter_hints(chaining: Chaining, grid: Grid) -> Iterator[ChainHint]:
    """The rule's hints on ``grid`` in SE's order."""
    yield from chaining.hints(grid)
