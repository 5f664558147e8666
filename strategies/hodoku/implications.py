"""Propagation engine for forcing chains and nets: what follows from assuming a candidate.

A *fact* is a candidate ``(cell, digit)`` set **on** (the digit goes there) or **off** (it
does not). Starting from assumed facts, :func:`propagate` applies implications in waves until
nothing new follows or a contradiction appears:

- on(c, d) makes every other candidate of ``c`` off, and ``d`` off in every peer of ``c``;
- off facts make a candidate on when it is the last candidate of its cell or the last place of
  its digit in a house. In ``STATIC`` mode (forcing *chains*) only the links of the original
  position count: the cell must have had exactly two candidates (bivalue) or the house exactly
  two places for the digit (bilocal), so every on fact has a single cause. In ``DYNAMIC`` mode
  (forcing *nets*) any single in the position left by the off facts counts.
- with ``depth`` > 0 (nested nets), once the wave stalls each undecided candidate of the
  branch is tried on in a nested propagation of ``depth - 1``; those that lead to a
  contradiction become off facts (each with its nested proof), and propagation resumes.

A contradiction is a candidate both on and off, a cell with every candidate off, or a digit
with every place in a house off. All facts are sound consequences of the assumptions: the
engine never consults a solution.

Facts are kept as 729-bit sets (bit ``(d - 1) * 81 + cell``), waves as the facts new at each
round so that :class:`Branch` can rebuild, on demand, a shortest cause for any fact.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from strategies.chain_core import ALL81, KILL, bits, last_candidates, last_places, literal, split
from strategies.hodoku.chain_text import arrows
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    CELL_BIT,
    CELL_HOUSE_BITS,
    HOUSE_MASK,
    MASK_DIGITS,
    cell_name,
    house_name,
    union_peers,
)

STATIC = 0
DYNAMIC = 1


class Position:
    """Tables of one grid position that every propagation on it shares.

    ``pos``/``cands``/``empty`` are copies of the grid's and ``all`` its candidates as a
    729-bit set; ``bivalue`` is the 81-bit set of cells with exactly two candidates;
    ``houses[d]`` lists ``(h, mask)`` for every house where ``d`` still has places,
    ``bilocal[d]`` the subset with exactly two places.
    """

    __slots__ = (
        "pos",
        "cands",
        "empty",
        "all",
        "bivalue",
        "houses",
        "bilocal",
        "cache",
        "hmask",
        "house_bits",
        "bilocal_bits",
    )

    def __init__(self, grid: Grid) -> None:
        self.pos = grid.pos[:]
        self.cands = grid.cands[:]
        self.empty = grid.empty
        self.all = sum(self.pos[d] << (81 * (d - 1)) for d in range(1, 10))
        self.bivalue = 0
        for c in bits(grid.empty):
            if MASK_DIGITS[grid.cands[c]].__len__() == 2:
                self.bivalue |= CELL_BIT[c]
        self.houses: list[list[tuple[int, int]]] = [[]]
        self.bilocal: list[list[tuple[int, int]]] = [[]]
        for d in range(1, 10):
            hs, bl = [], []
            for h in range(27):
                m = self.pos[d] & HOUSE_MASK[h]
                if m:
                    hs.append((h, m))
                    if m.bit_count() == 2:
                        bl.append((h, m))
            self.houses.append(hs)
            self.bilocal.append(bl)
        #: per digit: the 27 masks of its places per house; 27-bit sets of the houses where
        #: it has places / exactly two places
        self.hmask = [[0] * 27] + [[self.pos[d] & HOUSE_MASK[h] for h in range(27)] for d in range(1, 10)]
        self.house_bits = [0] + [sum(1 << h for h, _ in self.houses[d]) for d in range(1, 10)]
        self.bilocal_bits = [0] + [sum(1 << h for h, _ in self.bilocal[d]) for d in range(1, 10)]
        self.cache: dict = {}

    def candidates(self) -> list[tuple[int, int]]:
        """Every candidate ``(cell, digit)`` of the position, cell by cell."""
        return [(c, d) for c in bits(self.empty) for d in MASK_DIGITS[self.cands[c]]]


@dataclass
class Contradiction:
    """Where a branch broke: ``kind`` is ``cand`` (cell, digit both on and off), ``cell`` (cell
    with no candidate left) or ``house`` (digit with no place left in house)."""

    kind: str
    cell: int = -1
    digit: int = 0
    house: int = -1

    def describe(self) -> str:
        """In words: ``r1c2 would have no candidate left``."""
        return self._text(False)

    def short(self) -> str:
        """In short: ``r1c2 empty``."""
        return self._text(True)

    def _text(self, short: bool) -> str:
        cell, d = cell_name(self.cell) if self.cell >= 0 else "", self.digit
        if self.kind == "cand":
            return f"{cell}={d} and {cell}<>{d}" if short else f"{cell} would both be {d} and not be {d}"
        if self.kind == "cell":
            return f"{cell} empty" if short else f"{cell} would have no candidate left"
        return (
            f"no {d} in {house_name(self.house)}"
            if short
            else f"{d} would have no place left in {house_name(self.house, False)}"
        )


@dataclass
class Branch:
    """The facts that follow from some assumptions, wave by wave.

    ``on``/``off``: 729-bit sets of everything derived (assumptions and known facts
    included); ``waves``: ``(new_on, new_off)`` per round (wave 0 = the assumptions);
    ``contradiction``: None or where the branch broke; ``nested``: for off facts proved by a
    nested branch, ``(cell, digit) -> Branch`` of that nested assumption; ``base_on``/
    ``base_off``: facts known before the assumptions (the outer branch of a nested one).
    """

    pos_: Position
    mode: int
    on: int
    off: int
    waves: list[tuple[int, int]]
    contradiction: Contradiction | None = None
    nested: dict = field(default_factory=dict)
    base_on: int = 0
    base_off: int = 0
    _index: dict | None = field(default=None, repr=False, compare=False)

    # ---------------------------------------------------------------- queries
    def has(self, is_on: bool, cell: int, d: int) -> bool:
        return bool((self.on if is_on else self.off) >> ((d - 1) * 81 + cell) & 1)

    def digit_set(self, is_on: bool, d: int) -> int:
        """81-bit set of the cells where ``d`` is on (``is_on``) or off in this branch."""
        return ((self.on if is_on else self.off) >> (81 * (d - 1))) & ALL81

    def wave_of(self, is_on: bool, cell: int, d: int) -> int:
        """Round in which a fact was derived (0 = assumed), -1 for a fact known before the
        assumptions (the outer branch of a nested one), -2 if it does not hold here."""
        idx = self._index
        if idx is None:
            idx = self._index = {}
            for n, (won, woff) in enumerate(self.waves):
                for x, off in ((won, 0), (woff, 729)):
                    while x:
                        low = x & -x
                        idx[low.bit_length() - 1 + off] = n
                        x ^= low
        i = (d - 1) * 81 + cell
        w = idx.get(i if is_on else i + 729)
        if w is not None:
            return w
        if (self.base_on if is_on else self.base_off) >> i & 1:
            return -1
        return -2

    def causes(self, is_on: bool, cell: int, d: int) -> tuple[list[tuple[bool, int, int]], str]:
        """The facts that directly imply this one and a short reason: ``""`` (an assumption),
        ``"known"`` (known before the assumptions), ``"nested"`` (proved by a nested branch),
        ``"cell"``, ``"peer"`` or ``"house h"``."""
        w = self.wave_of(is_on, cell, d)
        if w <= 0:
            return [], "" if w == 0 else "known"
        P = self.pos_
        if not is_on:
            if (cell, d) in self.nested:
                return [], "nested"
            # the on facts that rule this candidate out, earliest first
            killers = KILL[(d - 1) * 81 + cell] & self.on
            best = None
            while killers:
                low = killers & -killers
                killers ^= low
                c2, d2 = split(low.bit_length() - 1)
                wk = self.wave_of(True, c2, d2)
                if -1 <= wk < w and (best is None or wk < best[0]):
                    best = (wk, c2, d2)
            if best is None:
                return [], "?"
            _, c2, d2 = best
            return [(True, c2, d2)], "cell" if c2 == cell else "peer"
        options = []
        if self.mode == DYNAMIC or P.bivalue >> cell & 1:
            cs = [(False, cell, e) for e in MASK_DIGITS[P.cands[cell]] if e != d]
            options.append((cs, "cell"))
        hl = P.houses[d] if self.mode == DYNAMIC else P.bilocal[d]
        for h, m in hl:
            if m >> cell & 1:
                cs = [(False, p, d) for p in bits(m) if p != cell]
                options.append((cs, f"house {h}"))
        best_option = None
        for cs, why in options:
            ws = [self.wave_of(*f) for f in cs]
            if all(-1 <= x < w for x in ws):
                key = (len(cs), max(ws) if ws else 0)
                if best_option is None or key < best_option[0]:
                    best_option = (key, cs, why)
        if best_option is None:
            return [], "?"
        return best_option[1], best_option[2]

    def ancestors(self, facts) -> set:
        """Every fact (including ``facts``) needed to derive ``facts``; the facts of a nested
        proof are included (tagged with that proof), and the outer facts it relied on are
        traced in this branch."""
        seen = set()
        stack = list(facts)
        while stack:
            f = stack.pop()
            if f in seen:
                continue
            seen.add(f)
            cs, why = self.causes(*f)
            if why == "nested":
                sub = self.nested[(f[1], f[2])]
                for x in sub.contradiction_facts_ancestors():
                    if len(x) == 3 and sub.wave_of(*x) == -1:
                        stack.append(x)
                    else:
                        seen.add(("n", id(sub), x))
            stack.extend(cs)
        return seen

    def contradiction_facts(self) -> list[tuple[bool, int, int]]:
        """The facts that make up the contradiction (both sides, or every off of the cell or
        house)."""
        c = self.contradiction
        if c is None:
            return []
        if c.kind == "cand":
            return [(True, c.cell, c.digit), (False, c.cell, c.digit)]
        if c.kind == "cell":
            return [(False, c.cell, e) for e in MASK_DIGITS[self.pos_.cands[c.cell]]]
        m = self.pos_.pos[c.digit] & HOUSE_MASK[c.house]
        return [(False, p, c.digit) for p in bits(m)]

    def contradiction_facts_ancestors(self) -> set:
        return self.ancestors(self.contradiction_facts())

    # ---------------------------------------------------------------- rendering
    def path_to(self, fact) -> list:
        """The chain from an assumption to ``fact``, following at each fact its latest cause."""
        path = [fact]
        f = fact
        while True:
            cs, why = self.causes(*f)
            if not cs:
                break
            f = max(cs, key=lambda x: self.wave_of(*x))
            path.append(f)
        path.reverse()
        return path

    def render(self, fact) -> str:
        """``r1c2=4 -> r1c8<>4 -> r1c8=7 (with r2c8<>7) -> ...`` ending at ``fact``. A fact
        proved by a nested net is marked ``(nested)``; a chain that starts at such a fact or at
        a fact known before the assumptions is prefixed by the assumptions and `` ... ``."""
        parts = []
        path = self.path_to(fact)
        for i, f in enumerate(path):
            s = fact_name(f)
            cs, why = self.causes(*f)
            if why == "nested":
                s += " (nested)"
            elif len(cs) > 1:
                prev = path[i - 1] if i else None
                extra = [fact_name(x) for x in cs if x != prev]
                if extra:
                    s += " (with " + ", ".join(extra) + ")"
            parts.append(s)
        out = arrows(parts)
        if self.wave_of(*path[0]) != 0 and self.causes(*path[0])[1] == "nested":
            out = " & ".join(fact_name(a) for a in self.assumptions()) + " ... " + out
        return out

    def assumptions(self) -> list[tuple[bool, int, int]]:
        """The facts assumed in wave 0."""
        out = []
        for k, is_on in ((0, True), (1, False)):
            x = self.waves[0][k]
            while x:
                low = x & -x
                x ^= low
                c, d = split(low.bit_length() - 1)
                out.append((is_on, c, d))
        return out

    def render_contradiction(self) -> str:
        """The chains that end in this branch's contradiction, joined by `` and ``."""
        facts = self.contradiction_facts()
        chains = [self.render(f) for f in facts]
        # called only on a branch that broke
        return " and ".join(chains) + " [" + self.contradiction.short() + "]"  # type: ignore[union-attr]

    def nested_facts(self, facts) -> list[tuple[bool, int, int]]:
        """The facts proved by nested nets that the derivation of ``facts`` relies on, in the
        order they were found."""
        out = [
            f
            for f in self.ancestors(facts)
            if len(f) == 3 and f[0] is False and (f[1], f[2]) in self.nested and self.wave_of(*f) > 0
        ]
        out.sort(key=lambda f: self.wave_of(*f))
        return out


def fact_name(f) -> str:
    is_on, cell, d = f
    return literal(cell_name(cell), d, is_on)


def propagate(P: Position, on0: int, off0: int, mode: int, depth: int = 0, assumed_on=(), assumed_off=()) -> Branch:
    """Derive everything that follows from ``assumed_on``/``assumed_off`` (lists of
    ``(cell, digit)``) on top of the already-known facts ``on0``/``off0`` (729-bit sets).
    Returns the :class:`Branch`; stops at the first contradiction."""
    allc = P.all
    empty = P.empty
    pend_on = 0
    pend_off = 0
    for c, d in assumed_on:
        pend_on |= 1 << ((d - 1) * 81 + c)
    for c, d in assumed_off:
        pend_off |= 1 << ((d - 1) * 81 + c)
    pend_on &= ~on0
    pend_off &= ~off0
    on = on0 | pend_on
    off = off0 | pend_off
    waves = [(pend_on, pend_off)]
    br = Branch(P, mode, on, off, waves, base_on=on0, base_off=off0)
    naked_mask = empty if mode == DYNAMIC else P.bivalue
    hbits = P.house_bits
    sbits = P.bilocal_bits if mode == STATIC else hbits
    hmask = P.hmask
    inner = None
    inner_i = 0
    inner_found = False
    while True:
        x = on & off
        if x:
            br.on, br.off = on, off
            br.contradiction = Contradiction("cand", *split((x & -x).bit_length() - 1))
            return br
        check = pend_off
        if pend_on:
            nf = union_peers(pend_on, KILL) & allc & ~off
            if nf:
                off |= nf
                waves.append((0, nf))
                x = on & off
                if x:
                    br.on, br.off = on, off
                    br.contradiction = Contradiction("cand", *split((x & -x).bit_length() - 1))
                    return br
                check |= nf
        nn = 0
        if check:
            rem = allc & ~off
            dead, nn = last_candidates(rem, empty, naked_mask)
            if dead:
                br.on, br.off = on, off
                br.contradiction = Contradiction("cell", (dead & -dead).bit_length() - 1)
                return br
            k = 0
            while check:
                cd = check & ALL81
                check >>= 81
                k += 1
                if not cd:
                    continue
                hs = 0
                while cd:
                    low = cd & -cd
                    hs |= CELL_HOUSE_BITS[low.bit_length() - 1]
                    cd ^= low
                broken, acc = last_places((rem >> (81 * (k - 1))) & ALL81, hmask[k], hs & hbits[k], sbits[k])
                if broken >= 0:
                    br.on, br.off = on, off
                    br.contradiction = Contradiction("house", house=broken, digit=k)
                    return br
                if acc:
                    nn |= acc << (81 * (k - 1))
            nn &= ~on
        if nn:
            on |= nn
            waves.append((nn, 0))
            pend_on = nn
            pend_off = 0
            continue
        if depth <= 0:
            br.on, br.off = on, off
            return br
        # stalled: try undecided candidates on in nested propagations, one at a time; the
        # first that breaks becomes an off fact and propagation resumes (the scan then goes
        # on where it stopped; a full pass without a find ends the branch)
        hit = None
        while hit is None:
            if inner is None or inner_i >= len(inner):
                if inner is not None and not inner_found:
                    br.on, br.off = on, off
                    return br
                inner = _nested_order(P, on, off)
                inner_i = 0
                inner_found = False
                if not inner:
                    br.on, br.off = on, off
                    return br
            c, d = inner[inner_i]
            inner_i += 1
            b = 1 << ((d - 1) * 81 + c)
            if (off | on) & b:
                continue
            sub = propagate(P, on, off, DYNAMIC, depth - 1, assumed_on=((c, d),))
            if sub.contradiction is not None:
                hit = (c, d)
                br.nested[hit] = sub
        inner_found = True
        off |= b
        waves.append((0, b))
        pend_on = 0
        pend_off = b


def _nested_order(P: Position, on: int, off: int) -> list[tuple[int, int]]:
    """Undecided candidates, those in cells with the fewest candidates left first."""
    rem = P.all & ~off & ~on
    decided = 0
    x = on
    while x:
        decided |= x & ALL81
        x >>= 81
    by_size: dict[int, list] = {}
    for c in bits(P.empty & ~decided):
        ds = [d for d in MASK_DIGITS[P.cands[c]] if rem >> ((d - 1) * 81 + c) & 1]
        by_size.setdefault(len(ds), []).append((c, ds))
    out = []
    for n in sorted(by_size):
        for c, ds in by_size[n]:
            for d in ds:
                out.append((c, d))
    return out
