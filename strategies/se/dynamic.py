"""The dynamic propagation of SE's chaining rules (``doChaining`` with its working grid and
hidden parents), Nishio's and the binary chains, and the nesting that asks other rules when a
propagation stalls, part of :class:`~strategies.se.chaining.Chaining` (twin of
``sudoku_logic/native/se/dynamic.c``: ``se_dynamic_forcing_chains``, ``propagate``,
``nishio_chains``, ``dead_end``, ``advanced``)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from strategies.chain_core import SE_OFF_KEYS, SE_ON_KEYS, bits, strong_links, weak_links
from strategies.se.chain_nodes import (
    _CELL_DIGIT,
    ADVANCED,
    BIT,
    EXTENDS,
    NAKED,
    OFF_KEY,
    ChainHint,
    _ChainingBase,
    _root,
)
from strategies.se.order import SE_CELL_HOUSES, SE_PEER_SEGMENTS
from sudoku_logic.core.houses import CELL_BIT, DIGIT_BIT, HOUSE_MASK, MASK_DIGITS, MASK_SIZE


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


def _lowest(counts: list[int], low: int, cap: int) -> int:
    """The fewest ancestors of a pending node, from ``low`` up (it never decreases); -1 when
    a node made from it would pass the complexity ``cap``: the propagation stops there."""
    while counts[low] == 0:
        low += 1
    return -1 if low + 2 > cap else low


class DynamicForcingChains(_ChainingBase):
    """The propagation and nesting of :class:`Chaining`."""

    # what these call of MultipleForcingChains (annotations only, as in _ChainingBase)
    _static_chaining: Callable[[dict, dict], tuple[tuple, tuple] | None]
    _on_chaining: Callable[[tuple, dict, dict], tuple[tuple, tuple] | None]

    # ------------------------------------------------------------------ propagation
    # ------------------------------------------------------------------ propagation
    def _do_chaining(self, to_on: dict, to_off: dict) -> tuple[tuple, tuple] | None:
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

    def _propagate(self, to_on: dict, to_off: dict, resume: bool = False) -> tuple[tuple, tuple] | None:
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
        off_key = OFF_KEY
        off_keys, on_keys = SE_OFF_KEYS, SE_ON_KEYS
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
                if counts is not None and (low_count := _lowest(counts, low_count, cap)) < 0:  # type: ignore[arg-type]
                    return None  # (counts are kept only with a cap)
                if pending_on:
                    p = pop_on()
                    cell, d = cell_digit[p[0] >> 1]
                    pa = p[1]
                    if counts is not None:
                        counts[pa.bit_count()] -= 1
                    for key, h in weak_links(cands, pos, cell, d, segments_of[cell], off_keys, y):
                        conj = to_on.get(key | 1)
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
                    d_off = off_key[d]
                    for key, h in strong_links(cands, pos, cell, d, houses_of[cell], on_keys, y):
                        conj = to_off.get(key ^ 1)
                        if conj is None and key in to_on:
                            continue
                        parents = [p]
                        a = pa | index_bit[made]
                        made += 1
                        if dynamic:
                            # the candidates gone since the source that make the link
                            if h == NAKED:
                                gone = [off_key[w][cell] for w in MASK_DIGITS[src_cands[cell] & ~cands[cell]]]
                            else:
                                gone = [d_off[c] for c in bits(src_pos[d] & HOUSE_MASK[h] & ~pos[d])]
                            for g in gone:
                                r = to_off[g]
                                parents.append(r)
                                a |= r[1]
                        q = (key, a, parents, h, None)
                        if conj is not None:
                            return q, conj
                        to_on[key] = q
                        push_on(q)
                        if counts is not None:
                            counts[a.bit_count()] += 1
                    if dynamic:
                        cands[cell] &= ~DIGIT_BIT[d]
                        pos[d] &= ~CELL_BIT[cell]
        finally:
            cands[:] = saved[0]
            pos[:] = saved[1]
            self.source = outer_source

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
        table: dict[int, tuple[tuple | None, tuple | None]] | None = None
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

    def _binary(
        self, p_on: tuple, p_off: tuple, out: list, on_on: dict, on_off: dict, double: bool, contradiction: bool
    ) -> None:
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

    def _binary_hint(
        self, dst_on: tuple, dst_off: tuple, source: tuple, target: tuple, absurd: bool, off: bool
    ) -> ChainHint:
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
        return ChainHint(
            "binary", self, [dst_on, dst_off], removable, placement, absurd=absurd, source=source, light=True
        )

    # ------------------------------------------------------------------ nesting
    def _other_rules(self) -> list:
        """SE's ``otherRules`` of a nested chaining rule, in SE's order."""
        if self._nested_rules is None:
            from strategies.se.chaining import Chaining  # the rules it asks are chaining rules too
            from strategies.se.nested_rules import BASIC_RULES

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
        out: list[tuple] = []
        drawn: dict = {}  # the grid's links and components, drawn once for the rules below
        for rule in self._other_rules():
            if hasattr(rule, "parented_hints"):  # a chaining rule, not a basic one
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
