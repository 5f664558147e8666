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

The engine's parts mirror the compiled engine's files: :mod:`.chain_nodes` (nodes and
hints), :mod:`.chain_links` (a pass's implications), :mod:`.link_graph` (the graph of
implications), :mod:`.hint_list` (rule parents, SE's order of hints),
:mod:`.forcing_chains_cycles` (the unary searches), :mod:`.multiple` (cell and region
chains), :mod:`.dynamic` (the dynamic propagation and nesting); :class:`Chaining` here
ties them together as one rule.

Hints here are :class:`ChainHint` objects; :mod:`strategies.se.chain_rules` turns
them into steps with their words. The difficulty that orders hints comes from the solve's
context (:attr:`SolveContext.difficulty`, set by the SE scale).
"""

from __future__ import annotations

from collections.abc import Callable

from strategies.se.chain_nodes import EXTENDS, NESTED_SUFFIX, ChainHint, Node
from strategies.se.dynamic import DynamicForcingChains
from strategies.se.forcing_chains_cycles import ForcingChainsCycles
from strategies.se.hint_list import chain_rule_parents, sorted_hints
from strategies.se.link_graph import _UnarySearches, new_links, unary_parts
from strategies.se.multiple import MultipleForcingChains
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import MASK_SIZE


class Chaining(ForcingChainsCycles, MultipleForcingChains, DynamicForcingChains):
    """One of SE's chaining rules (``Chaining(multiple, dynamic, nishio, level)``).

    ``difficulty`` rates a hint (any object with ``technique`` and ``facts``) as the SE
    scale does; hints are sorted by it. :meth:`hints` gives every hint of the rule on a
    grid, sorted and without duplicates, as SE's ``getHints`` does."""

    def __init__(
        self,
        multiple: bool,
        dynamic: bool,
        nishio: bool,
        level: int,
        difficulty: Callable[[object], float],
        store: dict | None = None,
        stages: dict | None = None,
    ) -> None:
        # SE's Chaining(multiple, dynamic, nishio, level)
        self.multiple, self.dynamic, self.nishio, self.level = multiple, dynamic, nishio, level
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
        #: the grid being searched, set by each search (:class:`_ChainingBase`)
        self.grid = None  # type: ignore[assignment]  # no search reads it before setting it
        #: during a propagation: the candidates it started from
        self.source = None  # type: ignore[assignment]  # read only during a propagation, which sets it
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
        return sorted_hints(found, self.difficulty)

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
