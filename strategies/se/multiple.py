"""The cell and region searches of Multiple, Nishio and Dynamic Forcing Chains and the static
propagation of Multiple Forcing Chains, part of
:class:`~strategies.se.chaining.Chaining` (twin of
``sudoku_logic/native/se/multiple.c``: ``se_multiple_forcing_chains``, ``region_chains``,
``reductions``, ``on_chaining``, ``propagate``, ``offer``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from strategies.se.chain_nodes import _CELL_DIGIT, BIT, ChainHint, _ChainingBase, _root
from strategies.se.dynamic import _lowest, _queues
from strategies.se.order import SE_CELL_HOUSES
from sudoku_logic.core.houses import DIGIT_BIT, HOUSE_CELLS, HOUSE_MASK, MASK_DIGITS, MASK_SIZE

if TYPE_CHECKING:
    from strategies.se.chain_links import PassLinks
    from strategies.se.link_graph import LinkGraph


class MultipleForcingChains(_ChainingBase):
    """The cell and region chains of :class:`Chaining` (SE's ``getMultipleChainsHints``)."""

    # what these searches call of the other parts (annotations only, as in _ChainingBase):
    # ForcingChainsCycles's ...
    _pass_links: Callable[[bool, bool], PassLinks]
    _graph: Callable[[], LinkGraph]
    # ... and DynamicForcingChains's
    _do_chaining: Callable[[dict, dict], tuple[tuple, tuple] | None]
    _nishio_chains: Callable[[int, list], None]
    _binary: Callable[[tuple, tuple, list, dict, dict, bool, bool], None]

    def _static_chaining(self, to_on: dict, to_off: dict) -> tuple[tuple, tuple] | None:
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
            if counts is not None and (low_count := _lowest(counts, low_count, cap)) < 0:  # type: ignore[arg-type]
                return None  # (counts are kept only with a cap)
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
                cell_off = {k: v for k, v in cell_off.items() if k in on_off}  # type: ignore[union-attr]  # set with cell_on
        if n == 2 or (self.multiple and n > 2):
            for outcomes, common in ((value_to_on, cell_on), (value_to_off, cell_off)):
                for key in common:  # type: ignore[union-attr]  # set: the cell has candidates
                    hint = self._cell_hint(cell, key, outcomes)
                    if hint.removable:
                        out.append(hint)

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

    def _on_chaining(self, p_on: tuple, to_on: dict, to_off: dict) -> tuple[tuple, tuple] | None:
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
