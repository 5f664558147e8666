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

Facts are kept as per-digit 81-bit sets (index 1..9), waves as the facts new at each round so
that :class:`Branch` can rebuild, on demand, a shortest cause for any fact it derived.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sudoku_logic.grid import Grid
from sudoku_logic.houses import CELL_BIT, CELL_HOUSES, HOUSE_MASK, MASK_DIGITS, PEERS, cell_name, house_name

STATIC = 0
DYNAMIC = 1

_HOUSES_OF_CELL = CELL_HOUSES


def _bits(x: int):
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class Position:
    """Tables of one grid position that every propagation on it shares.

    ``pos``/``cands``/``empty`` are copies of the grid's; ``bivalue`` is the 81-bit set of cells
    with exactly two candidates; ``houses[d]`` lists ``(h, mask)`` for every house where ``d``
    still has places, ``bilocal[d]`` the subset with exactly two places.
    """

    __slots__ = ("pos", "cands", "empty", "bivalue", "houses", "bilocal", "cache")

    def __init__(self, grid: Grid) -> None:
        self.pos = grid.pos[:]
        self.cands = grid.cands[:]
        self.empty = grid.empty
        self.bivalue = 0
        for c in _bits(grid.empty):
            m = grid.cands[c]
            if m and (m & (m - 1)) and not (m & (m - 1)) & ((m & (m - 1)) - 1):
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
        self.cache: dict = {}

    def candidates(self) -> list[tuple[int, int]]:
        """Every candidate ``(cell, digit)`` of the position, cell by cell."""
        return [(c, d) for c in _bits(self.empty) for d in MASK_DIGITS[self.cands[c]]]


@dataclass
class Contradiction:
    """Where a branch broke: ``kind`` is ``cand`` (cell, digit both on and off), ``cell`` (cell
    with no candidate left) or ``house`` (digit with no place left in house)."""

    kind: str
    cell: int = -1
    digit: int = 0
    house: int = -1

    def describe(self) -> str:
        if self.kind == "cand":
            return f"{cell_name(self.cell)} would both be {self.digit} and not be {self.digit}"
        if self.kind == "cell":
            return f"{cell_name(self.cell)} would have no candidate left"
        return f"{self.digit} would have no place left in {house_name(self.house, False)}"

    def short(self) -> str:
        if self.kind == "cand":
            return f"{cell_name(self.cell)}={self.digit} and {cell_name(self.cell)}<>{self.digit}"
        if self.kind == "cell":
            return f"{cell_name(self.cell)} empty"
        return f"no {self.digit} in {house_name(self.house)}"


@dataclass
class Branch:
    """The facts that follow from some assumptions, wave by wave.

    ``on[d]``/``off[d]``: 81-bit sets of everything derived (assumptions included);
    ``waves``: list of ``(new_on, new_off)`` per round (wave 0 = the assumptions);
    ``contradiction``: None or where the branch broke; ``nested``: for off facts proved by a
    nested branch, ``(cell, digit) -> Branch`` of that nested assumption.
    """

    pos_: Position
    mode: int
    on: list[int]
    off: list[int]
    waves: list[tuple[list[int], list[int]]]
    contradiction: Contradiction | None = None
    nested: dict = field(default_factory=dict)
    base_on: list = field(default_factory=lambda: [0] * 10)
    base_off: list = field(default_factory=lambda: [0] * 10)

    # ---------------------------------------------------------------- queries
    def has(self, is_on: bool, cell: int, d: int) -> bool:
        return bool((self.on if is_on else self.off)[d] >> cell & 1)

    def wave_of(self, is_on: bool, cell: int, d: int) -> int:
        """Round in which a fact was derived (0 = assumed), -1 for a fact known before the
        assumptions (the outer branch of a nested one), -2 if it does not hold here."""
        k = 0 if is_on else 1
        for i, w in enumerate(self.waves):
            if w[k][d] >> cell & 1:
                return i
        if (self.base_on if is_on else self.base_off)[d] >> cell & 1:
            return -1
        return -2

    def causes(self, is_on: bool, cell: int, d: int) -> tuple[list[tuple[bool, int, int]], str]:
        """The facts that directly imply this one (empty for an assumption or a nested proof)
        and a short reason: ``""``, ``"cell"``, ``"house h"``, ``"nested"``."""
        w = self.wave_of(is_on, cell, d)
        if w <= 0:
            return [], "" if w == 0 else "known"
        waves = self.waves
        P = self.pos_
        if not is_on:
            if (cell, d) in self.nested:
                return [], "nested"
            peers = PEERS[cell]
            others = P.cands[cell] & ~(1 << (d - 1))
            for won in [self.base_on] + [waves[j][0] for j in range(w)]:
                for e in MASK_DIGITS[others]:
                    if won[e] >> cell & 1:
                        return [(True, cell, e)], "cell"
                hit = won[d] & peers
                if hit:
                    p = (hit & -hit).bit_length() - 1
                    return [(True, p, d)], "peer"
            return [], "?"
        options = []
        if self.mode == DYNAMIC or P.bivalue >> cell & 1:
            cs = [(False, cell, e) for e in MASK_DIGITS[P.cands[cell]] if e != d]
            options.append((cs, "cell"))
        hl = P.houses[d] if self.mode == DYNAMIC else P.bilocal[d]
        for h, m in hl:
            if m >> cell & 1:
                cs = [(False, p, d) for p in _bits(m) if p != cell]
                options.append((cs, f"house {h}"))
        best = None
        for cs, why in options:
            ws = [self.wave_of(*f) for f in cs]
            if all(-1 <= x < w for x in ws):
                key = (len(cs), max(ws) if ws else 0)
                if best is None or key < best[0]:
                    best = (key, cs, why)
        if best is None:
            return [], "?"
        return best[1], best[2]

    def ancestors(self, facts) -> set:
        """Every fact (including ``facts``) needed to derive ``facts``."""
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
                seen |= {("n", id(sub), x) for x in sub.contradiction_facts_ancestors()}
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
        return [(False, p, c.digit) for p in _bits(m)]

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

    def render(self, fact, nested_depth: int = 0) -> str:
        """``r1c2=4 -> r1c8<>4 -> r1c8=7 (with r2c8<>7) -> ...`` ending at ``fact``."""
        parts = []
        path = self.path_to(fact)
        for i, f in enumerate(path):
            s = fact_name(f)
            cs, why = self.causes(*f)
            if why == "nested" and nested_depth < 3:
                sub = self.nested[(f[1], f[2])]
                s += " (as " + sub.render_contradiction(nested_depth + 1) + ")"
            elif len(cs) > 1:
                prev = path[i - 1] if i else None
                extra = [fact_name(x) for x in cs if x != prev]
                if extra:
                    s += " (with " + ", ".join(extra) + ")"
            parts.append(s)
        return " -> ".join(parts)

    def render_contradiction(self, nested_depth: int = 0) -> str:
        """The chains that end in this branch's contradiction, joined by `` and ``."""
        facts = self.contradiction_facts()
        chains = [self.render(f, nested_depth) for f in facts]
        return " and ".join(chains) + " [" + self.contradiction.short() + "]"


def fact_name(f) -> str:
    is_on, cell, d = f
    return f"{cell_name(cell)}{'=' if is_on else '<>'}{d}"


def propagate(P: Position, on0: list[int], off0: list[int], mode: int, depth: int = 0,
              assumed_on=(), assumed_off=()) -> Branch:
    """Derive everything that follows from ``assumed_on``/``assumed_off`` (lists of
    ``(cell, digit)``) on top of the already-known facts ``on0``/``off0`` (per-digit 81-bit
    sets, copied). Returns the :class:`Branch`; stops at the first contradiction."""
    pos = P.pos
    empty = P.empty
    on = on0[:]
    off = off0[:]
    pending_on = [0] * 10
    pending_off = [0] * 10
    for c, d in assumed_on:
        pending_on[d] |= 1 << c
    for c, d in assumed_off:
        pending_off[d] |= 1 << c
    for d in range(1, 10):
        pending_on[d] &= ~on[d]
        pending_off[d] &= ~off[d]
        on[d] |= pending_on[d]
        off[d] |= pending_off[d]
    br = Branch(P, mode, on, off, [(pending_on, pending_off)], base_on=on0[:], base_off=off0[:])
    naked_mask = empty if mode == DYNAMIC else P.bivalue
    hlists = P.houses if mode == DYNAMIC else P.bilocal
    allhouses = P.houses
    waves = br.waves
    R9 = range(1, 10)
    inner = None
    inner_i = 0
    inner_found = False
    while True:
        for d in R9:
            x = on[d] & off[d]
            if x:
                br.contradiction = Contradiction("cand", (x & -x).bit_length() - 1, d)
                return br
        # off facts that follow from the new on facts
        check = pending_off
        if any(pending_on):
            ones = twos = 0
            add_off = [0] * 10
            for d in R9:
                n = pending_on[d]
                if n:
                    twos |= ones & n
                    ones |= n
                    acc = 0
                    while n:
                        low = n & -n
                        acc |= PEERS[low.bit_length() - 1]
                        n ^= low
                    add_off[d] = acc
            nf = [0] * 10
            got = False
            for d in R9:
                x = (add_off[d] | (ones & ~pending_on[d]) | twos) & pos[d] & ~off[d]
                if x:
                    nf[d] = x
                    off[d] |= x
                    got = True
            if got:
                waves.append(([0] * 10, nf))
                for d in R9:
                    x = on[d] & off[d]
                    if x:
                        br.contradiction = Contradiction("cand", (x & -x).bit_length() - 1, d)
                        return br
                check = [a | b for a, b in zip(nf, pending_off)]
        nn = None
        if any(check):
            rem = [0] + [pos[d] & ~off[d] for d in R9]
            o = t = 0
            for d in R9:
                r = rem[d]
                t |= o & r
                o |= r
            dead = empty & ~o
            if dead:
                br.contradiction = Contradiction("cell", (dead & -dead).bit_length() - 1)
                return br
            nn = [0] * 10
            single = o & ~t & naked_mask
            if single:
                for d in R9:
                    nn[d] = single & rem[d] & ~on[d]
            for d in R9:
                cd = check[d]
                if not cd:
                    continue
                r = rem[d]
                for h, m in allhouses[d]:
                    if m & cd and not r & m:
                        br.contradiction = Contradiction("house", house=h, digit=d)
                        return br
                acc = nn[d]
                for h, m in hlists[d]:
                    if m & cd:
                        x = r & m
                        if not (x & (x - 1)):
                            acc |= x
                nn[d] = acc & ~on[d]
            if not any(nn):
                nn = None
        if nn is not None:
            for d in R9:
                on[d] |= nn[d]
            waves.append((nn, [0] * 10))
            pending_on = nn
            pending_off = [0] * 10
            continue
        if depth <= 0:
            return br
        # stalled: try undecided candidates on in nested propagations, one at a time; the
        # first that breaks becomes an off fact and propagation resumes (the scan then goes
        # on where it stopped; a full pass without a find ends the branch)
        hit = None
        while hit is None:
            if inner is None or inner_i >= len(inner):
                if inner is not None and not inner_found:
                    return br
                inner = list(_nested_order(P, on, off))
                inner_i = 0
                inner_found = False
                if not inner:
                    return br
            c, d = inner[inner_i]
            inner_i += 1
            if (off[d] | on[d]) >> c & 1:
                continue
            sub = propagate(P, on, off, DYNAMIC, depth - 1, assumed_on=((c, d),))
            if sub.contradiction is not None:
                hit = (c, d)
                br.nested[hit] = sub
        inner_found = True
        found = [0] * 10
        found[d] = 1 << c
        off[d] |= found[d]
        waves.append(([0] * 10, found))
        pending_on = [0] * 10
        pending_off = found


def _nested_order(P: Position, on: list[int], off: list[int]):
    """Undecided candidates, those in cells with the fewest candidates left first."""
    rem = [0] + [P.pos[d] & ~off[d] & ~on[d] for d in range(1, 10)]
    decided = 0
    for d in range(1, 10):
        decided |= on[d]
    by_size: dict[int, list] = {}
    for c in _bits(P.empty & ~decided):
        ds = [d for d in MASK_DIGITS[P.cands[c]] if rem[d] >> c & 1]
        by_size.setdefault(len(ds), []).append((c, ds))
    for n in sorted(by_size):
        for c, ds in by_size[n]:
            for d in ds:
                yield c, d
