"""Forcing Chains & Cycles: SE's unary searches (``doCycles``, ``doForcingChains``), part of
:class:`~strategies.se.chaining.Chaining` (twin of
``sudoku_logic/native/se/forcing_chains_cycles.c``: ``se_forcing_chains_cycles``, ``unary_cycles``,
``unary_forcing``, ``offer_cycle``, ``offer_chain``, ``depth_for``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from strategies.se.chain_links import PassLinks
from strategies.se.chain_nodes import (
    _CELL_DIGIT,
    BIT,
    ChainHint,
    Node,
    _as_node,
    _ChainingBase,
    _Probe,
    _reversed_cycle,
)
from strategies.se.hint_list import chain_rule_parents
from strategies.se.link_graph import LinkGraph, _DigitPlaces, _UnarySearches, unary_parts
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_BIT, DIGIT_BIT, MASK_DIGITS, MASK_SIZE, PEERS, cell_list


class ForcingChainsCycles(_ChainingBase):
    """The unary searches of :class:`Chaining` (bidirectional cycles and forcing chains)."""

    # what these searches call of Chaining (annotations only, as in _ChainingBase)
    _sorted: Callable[[list[ChainHint]], list[ChainHint]]

    def _unary_depths(self, best_key, y: bool, x: bool) -> tuple[int, int]:
        """How many layers a unary search of this pass may explore and still find a hint
        that comes before ``best_key`` in SE's order: (cycles, forcing chains). A cycle
        closing in layer ``t`` has complexity ``t``, a forcing chain ending there ``t + 1``."""
        if best_key is None:
            return 1 << 30, 1 << 30
        kinds: tuple[tuple[str, int] | None, tuple[str, int] | None]
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

    def _parented_unary(
        self, grid: Grid, source: tuple[list[int], list[int]], searches: _UnarySearches, passes: tuple
    ) -> list[tuple[ChainHint, list[int]]]:
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
                by_start.setdefault(h.start[:2], []).append(h)  # type: ignore[index]  # unary hints know their start
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

    def _unary(
        self,
        p_on: Node,
        out: list,
        y: bool,
        x: bool,
        cycle_depth: int = 1 << 30,
        chain_depth: int = 1 << 30,
        parts: int = 7,
    ) -> None:
        """SE's ``doUnaryChaining`` (``*_depth``: layers the searches explore at most;
        ``parts``: which searches, 1 cycles, 2 forcing chains from the candidate on, 4 from
        it off). Each hint knows its start (``hint.start``, the candidate)."""
        if MASK_SIZE[self.grid.cands[p_on.cell]] > 2 and not x:
            return  # Y-cycles start only in bivalue cells
        cycles, chains = self._unary_search(p_on, y, x, cycle_depth, chain_depth, parts)
        self._unary_hints(p_on, cycles, chains, y, x, out)

    def _unary_search(
        self, p_on: Node, y: bool, x: bool, cycle_depth: int = 1 << 30, chain_depth: int = 1 << 30, parts: int = 7
    ) -> tuple[list[tuple], list[Node]]:
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

    def _unary_hints(self, p_on: Node, cycles: list[tuple], chains: list[Node], y: bool, x: bool, out: list) -> None:
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
        store: dict[int, tuple] = self.store  # type: ignore[assignment]  # asked only of a rule with a store
        table = store.get(d)
        if table is None or table[0] != pd:
            table = store[d] = (pd, *unary_parts(_DigitPlaces(d, pd), False, True), {})
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

    def _pass_links(self, y: bool, x: bool) -> PassLinks:
        """The links of pass ``(y, x)`` on the grid being searched (:class:`PassLinks`),
        made again whenever the grid's candidates are not those they were made for (a
        search forgets them when it ends)."""
        made = self._links.get((y, x))
        if made is None or made.pos != self.grid.pos:
            made = self._links[(y, x)] = PassLinks(self.grid, y, x)
        return made

    def _graph(self) -> LinkGraph:
        """The :class:`LinkGraph` of the grid's links with every link (pass ``(True,
        True)``), kept as :meth:`_pass_links` keeps the links."""
        pos = self.grid.pos
        made = self._links.get("graph")
        if made is None or made[0] != pos:
            made = self._links["graph"] = (pos[:], LinkGraph(self.grid, True, True))
        return made[1]

    def _cycles(self, source: Node, y: bool, x: bool, cycles: list, depth: int, scope: int | None = None) -> None:
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
