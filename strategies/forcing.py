"""Forcing chains and nets: Contradiction and Verity, static (chains) and dynamic (nets), and
the last resort, Nested Forcing Net.

- **Contradiction**: assuming a candidate on (or off) leads, by implications, to a
  contradiction; so it is off (eliminated) or on (placed).
- **Verity**: every branch of a choice leads to the same fact, so the fact holds. Choices: the
  candidates of a cell, the places of a digit in a house, or a candidate on and off.
- **Chains** (HoDoKu's Forcing Chain ...) follow only bivalue/bilocal links of the position;
  **nets** also use every single that the branch's eliminations create.
- **Nested Forcing Net**: a dynamic net in which, whenever propagation stalls, each undecided
  candidate of the branch is tried in a nested net; those that break become eliminations of the
  branch. It finds a contradiction for an assumption (an elimination), one level deep first,
  two levels if needed.

Every conclusion is proved by the branches shown in ``step.chains`` (engine in
:mod:`sudoku_logic.strategies.implications`); each step records the number of facts its proof
needs (``facts["size"]``): the shortest of equally good steps comes first.

Speed within a solve (none of it changes what a step proves; every step shown is computed
on its own position): branches of the previous position that provably derive the same facts
are taken over (:meth:`Analysis._reuse`), and the assumptions that broke in the last full
scan of the same solve are tried first. So the order of equally valid steps can depend on
the positions seen before in that solve (kept in its :class:`SolveContext`, never across
solves); a cold position (a single hint) always gets the full scan.
"""
from __future__ import annotations

from typing import Iterator

from sudoku_logic.core.context import SolveContext, bounded_put
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import MASK_DIGITS, cell_name, house_name

from sudoku_logic.strategies.implications import (
    ALL81, CELL_HOUSE_BITS, DYNAMIC, STATIC, Branch, Position, fact_name, propagate, split,
)
from sudoku_logic.strategies.registry import technique
from sudoku_logic.core.step import LazyStep, Step

ZERO = 0
_MAX_CACHED = 4
NESTED_MAX_DEPTH = 2
#: after a nested hit, how many more assumptions to try before yielding the simplest found
NESTED_LOOKAHEAD = 4
#: contradictions whose exact size is compared before the first one is yielded
CONTRADICTION_LOOKAHEAD = 6


class Analysis:
    """Branches of one position, computed on demand and kept (one per assumption and mode).

    Branches of a position that follows ``prev`` in a solve are taken over from ``prev`` when
    nothing can have changed them (see :meth:`_reuse`): such a branch derives exactly the same
    facts here, restricted to the candidates left. Steps are always shown with branches
    computed on the position itself (:meth:`fresh`)."""

    def __init__(self, grid: Grid, prev: "Analysis | None" = None) -> None:
        self.P = Position(grid)
        self.branches: dict[tuple[int, bool, int, int], Branch] = {}
        self.fresh_branches: dict[tuple[int, bool, int, int], Branch] = {}
        self.stale = self._link(prev) if prev is not None else None

    def _link(self, prev: "Analysis"):
        P, Q = self.P, prev.P
        if P.all & ~Q.all:
            return None  # not a later position of the same solve
        new_links = bool(P.bivalue & ~Q.bivalue)
        checks = []
        removed = Q.all & ~P.all
        for d in range(1, 10):
            if P.bilocal_bits[d] & ~Q.bilocal_bits[d]:
                new_links = True
            rd = (removed >> (81 * (d - 1))) & ALL81
            hs = 0
            while rd:
                low = rd & -rd
                hs |= CELL_HOUSE_BITS[low.bit_length() - 1]
                rd ^= low
            hs &= P.house_bits[d]
            if hs:
                checks.append((81 * (d - 1), [P.hmask[d][h] for h in range(27) if hs >> h & 1]))
        return prev, removed, checks, new_links

    def _reuse(self, key) -> Branch | None:
        """The previous position's branch for ``key`` if it derives exactly the same facts
        here: it broke nothing there, none of its on facts lost its candidate, and restricted
        to this position it is still a fixpoint that breaks nothing (no cell or house left
        empty; for nets, no new single: a cell or house with one candidate left holds an on
        fact). For chains, there must be no new bivalue cell or bilocal house at all."""
        prev, removed, checks, new_links = self.stale
        mode = key[0]
        if mode == STATIC and new_links:
            return None
        b = prev.branches.get(key)
        if b is None or b.contradiction is not None or b.on & removed:
            return None
        P = self.P
        rem = P.all & ~b.off
        o = t = 0
        r = rem
        for _ in range(9):
            x = r & ALL81
            t |= o & x
            o |= x
            r >>= 81
        if P.empty & ~o:
            return None
        dyn = mode == DYNAMIC
        if dyn:
            oncells = 0
            r = b.on
            while r:
                oncells |= r & ALL81
                r >>= 81
            if o & ~t & ~oncells:
                return None
        for shift, hms in checks:
            r = rem >> shift
            bon = b.on >> shift
            for hm in hms:
                x = r & hm
                if not x:
                    return None
                if dyn and not (x & (x - 1)) and not bon & x:
                    return None
        return b

    def branch(self, mode: int, is_on: bool, cell: int, d: int) -> Branch:
        """What follows from ``(cell, d)`` on (``is_on``) or off, in ``mode`` (possibly a
        branch of an earlier position that derives the same facts here)."""
        key = (mode, is_on, cell, d)
        b = self.branches.get(key)
        if b is None:
            if self.stale is not None:
                b = self._reuse(key)
            if b is None:
                b = self.fresh(mode, is_on, cell, d)
            self.branches[key] = b
        return b

    def fresh(self, mode: int, is_on: bool, cell: int, d: int) -> Branch:
        """The branch computed on this very position (for showing its chains)."""
        key = (mode, is_on, cell, d)
        b = self.fresh_branches.get(key)
        if b is None:
            a = ((cell, d),)
            b = propagate(self.P, ZERO, ZERO, mode, 0, a if is_on else (), () if is_on else a)
            self.fresh_branches[key] = b
        return b


def analysis(grid: Grid, ctx: SolveContext | None = None) -> Analysis:
    """The analysis of this exact position, kept in the solve's cache; a new position of
    the same solve takes over what it can from the last one analysed (``forcing_last``)."""
    if ctx is None:
        return Analysis(grid)
    analyses = ctx.cache("forcing_analyses")
    key = grid.key()
    a = analyses.get(key)
    if a is None:
        last = ctx.cache("forcing_last")
        pk = _puzzle_key(grid)
        a = Analysis(grid, last.get(pk))
        last.clear()
        last[pk] = a
        bounded_put(analyses, key, a, _MAX_CACHED)
    return a


def _ordered_candidates(P: Position) -> list[tuple[int, int]]:
    """Candidates of cells with few candidates first (cheap, short branches first)."""
    out = P.candidates()
    out.sort(key=lambda cd: (bin(P.cands[cd[0]]).count("1"), cd[0], cd[1]))
    return out


# ------------------------------------------------------------------ contradiction
def _contradiction_steps(grid: Grid, name: str, mode: int, ctx: SolveContext | None) -> Iterator[Step]:
    """Contradictions of ``mode``, simplest first.

    A full scan tries every candidate on and off. Within one puzzle's solve, the assumptions
    that broke in the last full scan are tried again first (on the current position, from
    scratch): most still break, and a solve path then needs one full scan per batch of
    contradictions instead of one per step."""
    an = analysis(grid, ctx)
    P = an.P
    done = set()
    pending = ctx.cache("forcing_pending") if ctx is not None else {}
    memo = pending.get(mode)
    if memo is not None and memo[0] == _puzzle_key(grid):
        quick = []
        for is_on, c, d in memo[1]:
            if P.cands[c] >> (d - 1) & 1:
                b = an.branch(mode, is_on, c, d)
                if b.contradiction is not None:
                    quick.append((len(b.contradiction_facts_ancestors()), is_on, c, d, b))
        quick.sort(key=lambda x: (x[0], not x[1], x[2], x[3]))
        for size, is_on, c, d, b in quick:
            done.add((is_on, c, d))
            yield _contradiction_step(name, size, is_on, c, d, b)
    found = []
    for c, d in _ordered_candidates(P):
        for is_on in (True, False):
            b = an.branch(mode, is_on, c, d)
            if b.contradiction is not None:
                found.append((len(b.waves), is_on, c, d, b))
    pending[mode] = (_puzzle_key(grid), [x[1:4] for x in found])
    found = [x for x in found if x[1:4] not in done]
    # rounds to the contradiction is a cheap proxy; the exact size (facts the proof needs)
    # orders the few best by proxy, then the rest follow by proxy
    found.sort(key=lambda x: (x[0], not x[1], x[2], x[3]))
    k = CONTRADICTION_LOOKAHEAD
    head = [(len(x[4].contradiction_facts_ancestors()),) + x[1:] for x in found[:k]]
    head.sort(key=lambda x: (x[0], not x[1], x[2], x[3]))
    for size, is_on, c, d, b in head:
        yield _contradiction_step(name, size, is_on, c, d, b)
    for _, is_on, c, d, b in found[k:]:
        yield _contradiction_step(name, len(b.contradiction_facts_ancestors()), is_on, c, d, b)


def _puzzle_key(grid: Grid) -> tuple:
    """The givens: positions of one puzzle's solve share it."""
    return tuple(v if grid.givens >> c & 1 else 0 for c, v in enumerate(grid.values))


def _contradiction_step(name: str, size: int, is_on: bool, c: int, d: int,
                        b: Branch, nested: bool = False, depth: int = 0) -> Step:
    """The step; its text (chains, highlights, explanation) is built when first read: a
    search collects many of which the solver takes one."""
    result = dict(eliminations=[(c, d)]) if is_on else dict(placements=[(c, d)])

    def fill() -> dict:
        premise = fact_name((is_on, c, d))
        facts = b.contradiction_facts()
        chains = [b.render(f) for f in facts]
        if nested:
            chains += _nested_proofs(b, facts)
        ct = b.contradiction
        where = cell_name(ct.cell) if ct.kind != "house" else house_name(ct.house)
        if is_on:
            concl = f"so {cell_name(c)} cannot be {d}"
            suppose = f"If {cell_name(c)} were {d}"
        else:
            concl = f"so {cell_name(c)} must be {d}"
            suppose = f"If {cell_name(c)} were not {d}"
        how = "nested forcing nets" if nested else ("forcing chains" if b.mode == STATIC else "a forcing net")
        expl = (f"{suppose}, {how} would lead to a contradiction: {ct.describe()} "
                f"({'; '.join(_summary(f, b) for f in facts)}); {concl}.")
        return dict(candidates=_highlights((is_on, c, d), b, facts),
                    detail=f"{premise} leads to a contradiction in {where}",
                    explanation=expl, chains=chains)

    facts = {"size": size, "depth": depth} if nested else {"size": size}
    return LazyStep(name, fill, cells=[c], facts=facts, **result)


def _summary(fact, b: Branch) -> str:
    """``r1c2=4 gives r4c4<>1 in 5 steps``."""
    path = b.path_to(fact)
    if len(path) == 1:
        why = b.causes(*fact)[1]
        if why == "nested":
            return f"{fact_name(fact)} by a nested net"
        if why == "known":
            return f"{fact_name(fact)} already"
    if b.wave_of(*path[0]) != 0:
        premise = " & ".join(fact_name(a) for a in b.assumptions())
        return f"{premise} gives {fact_name(fact)} through nested eliminations"
    return f"{fact_name(path[0])} gives {fact_name(fact)} in {len(path) - 1} step{'s' if len(path) != 2 else ''}"


def _highlights(premise, b: Branch, facts) -> list[tuple[int, int, str]]:
    out = [(premise[1], premise[2], "pattern")]
    seen = {(premise[1], premise[2])}
    for f in facts:
        for is_on, cell, d in b.path_to(f)[1:]:
            if (cell, d) not in seen:
                seen.add((cell, d))
                out.append((cell, d, "on" if is_on else "off"))
    return out


def _nested_proofs(b: Branch, facts, limit: int = 12) -> list[str]:
    """One line per nested elimination the proof relies on: why that candidate is false."""
    out = []
    needed = b.nested_facts(facts)
    for f in needed[:limit]:
        sub = b.nested[(f[1], f[2])]
        out.append(f"{fact_name(f)} since {sub.render_contradiction()}")
    if len(needed) > limit:
        out.append(f"... and {len(needed) - limit} more nested eliminations of the same kind")
    return out


@technique("Forcing Chain Contradiction")
def forcing_chain_contradiction(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A candidate whose assumption (on or off) breaks the grid through bivalue/bilocal links."""
    yield from _contradiction_steps(grid, "Forcing Chain Contradiction", STATIC, ctx)


@technique("Forcing Net Contradiction")
def forcing_net_contradiction(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A candidate whose assumption (on or off) breaks the grid through a net of singles."""
    yield from _contradiction_steps(grid, "Forcing Net Contradiction", DYNAMIC, ctx)


# ------------------------------------------------------------------ verity
def _choices(P: Position):
    """Every choice whose branches cover all cases: ``(kind, label, [(is_on, cell, d)])``."""
    for c in sorted(range(81), key=lambda c: bin(P.cands[c]).count("1")):
        if P.empty >> c & 1:
            ds = MASK_DIGITS[P.cands[c]]
            if len(ds) >= 2:
                yield "cell", f"in {cell_name(c)}", [(True, c, d) for d in ds]
    for d in range(1, 10):
        for h, m in P.houses[d]:
            if m & (m - 1):
                cells = [x for x in range(81) if m >> x & 1]
                yield "house", f"{d} in {house_name(h)}", [(True, x, d) for x in cells]
    for c, d in P.candidates():
        yield "binary", f"{cell_name(c)}={d} on/off", [(True, c, d), (False, c, d)]


def _verity_steps(grid: Grid, name: str, mode: int, ctx: SolveContext | None) -> Iterator[Step]:
    an = analysis(grid, ctx)
    P = an.P
    found: dict = {}
    for kind, label, premises in _choices(P):
        brs = [an.branch(mode, *p) for p in premises]
        live = [b for b in brs if b.contradiction is None]
        if len(live) < 2:
            continue  # a contradiction step (or a plain single) covers it
        on = P.all
        off = P.all
        for b in live:
            on &= b.on
            off &= b.off
        for is_on, bits in ((True, on), (False, off)):
            while bits:
                low = bits & -bits
                cell, d = split(low.bit_length() - 1)
                bits ^= low
                fact = (is_on, cell, d)
                proxy = sum(b.wave_of(*fact) for b in live) + sum(len(b.waves) for b in brs if b not in live)
                if fact not in found or proxy < found[fact][0]:
                    found[fact] = (proxy, kind, label, premises, brs)
    items = sorted(found.items(), key=lambda kv: (kv[1][0], not kv[0][0], kv[0][1], kv[0][2]))
    k = CONTRADICTION_LOOKAHEAD
    head = [(_verity_size(fact, v[4]), fact, v) for fact, v in items[:k]]
    head.sort(key=lambda x: x[0])
    for size, fact, (_, kind, label, premises, brs) in head:
        brs = [an.fresh(mode, *p) for p in premises]
        yield _verity_step(name, _verity_size(fact, brs), fact, kind, label, premises, brs)
    for fact, (_, kind, label, premises, brs) in items[k:]:
        brs = [an.fresh(mode, *p) for p in premises]
        yield _verity_step(name, _verity_size(fact, brs), fact, kind, label, premises, brs)


def _verity_size(fact, brs) -> int:
    """Facts the proof needs: each live branch's chain to ``fact``, each broken branch's
    contradiction."""
    out: set = set()
    for i, b in enumerate(brs):
        facts = b.ancestors([fact]) if b.contradiction is None else b.contradiction_facts_ancestors()
        out |= {(i,) + f for f in facts}
    return len(out)


def _verity_step(name, size, fact, kind, label, premises, brs) -> Step:
    """The step; its text is built when first read (see :func:`_contradiction_step`)."""
    is_on, cell, d = fact
    return LazyStep(
        name, lambda: _verity_text(fact, kind, label, premises, brs),
        placements=[(cell, d)] if is_on else [], eliminations=[] if is_on else [(cell, d)],
        cells=sorted({p[1] for p in premises}), detail=label,
        facts={"size": size},
    )


def _verity_text(fact, kind, label, premises, brs) -> dict:
    is_on, cell, d = fact
    chains = [b.render(fact) if b.contradiction is None else b.render_contradiction() for b in brs]
    if kind == "cell":
        intro = f"{cell_name(premises[0][1])} must hold one of {', '.join(str(p[2]) for p in premises)}"
    elif kind == "house":
        dd, _, h = label.partition(" in ")
        intro = f"{dd} must go in one of {', '.join(cell_name(p[1]) for p in premises)} ({h})"
    else:
        p = premises[0]
        intro = f"{cell_name(p[1])} either is {p[2]} or is not"
    branches = "; ".join(_summary(fact, b) if b.contradiction is None
                         else f"{fact_name(p)} is impossible ({b.contradiction.describe()})"
                         for p, b in zip(premises, brs))
    concl = f"{cell_name(cell)} must be {d}" if is_on else f"{cell_name(cell)} cannot be {d}"
    highlights = []
    seen = set()
    for p in premises:
        if (p[1], p[2]) not in seen:
            seen.add((p[1], p[2]))
            highlights.append((p[1], p[2], "pattern"))
    for b in brs:
        if b.contradiction is None:
            for f in b.path_to(fact)[1:]:
                if (f[1], f[2]) not in seen:
                    seen.add((f[1], f[2]))
                    highlights.append((f[1], f[2], "on" if f[0] else "off"))
    return dict(
        candidates=highlights,
        explanation=f"{intro}; every case leads to {fact_name(fact)} ({branches}); so {concl}.",
        chains=chains,
    )


@technique("Forcing Chain Verity")
def forcing_chain_verity(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Every candidate of a cell (or place of a digit in a house, or a candidate on and off)
    leads through bivalue/bilocal links to the same fact."""
    yield from _verity_steps(grid, "Forcing Chain Verity", STATIC, ctx)


@technique("Forcing Net Verity")
def forcing_net_verity(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Every case of a choice leads through a net of singles to the same fact."""
    yield from _verity_steps(grid, "Forcing Net Verity", DYNAMIC, ctx)


# ------------------------------------------------------------------ nested
@technique("Nested Forcing Net")
def nested_forcing_net(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A candidate whose assumption breaks the grid through a net that itself uses nested
    forcing nets (each elimination inside the branch proved by its own contradiction).

    Tries nesting one level deep first, then two. Within a level, after the first hit it
    looks at a few more candidates and yields the simplest of those first."""
    an = analysis(grid, ctx)
    P = an.P
    cands = _ordered_candidates(P)
    # assumptions with the widest plain net first: they break soonest
    cands.sort(key=lambda cd: -an.branch(DYNAMIC, True, *cd).off.bit_count())
    done = set()
    pk = _puzzle_key(grid)
    pending = ctx.cache("forcing_pending") if ctx is not None else {}
    memo = pending.get("nested")
    if memo is not None and memo[0] == pk:
        # the other hits of the last scan of this puzzle, tried again on this position
        pool = []
        for c, d in memo[1]:
            if P.cands[c] >> (d - 1) & 1:
                b = propagate(P, ZERO, ZERO, DYNAMIC, 1, assumed_on=((c, d),))
                if b.contradiction is not None:
                    done.add((c, d))
                    pool.append((len(b.contradiction_facts_ancestors()), c, d, b))
        pending["nested"] = (pk, [(c, d) for _, c, d, _ in pool])
        yield from _flush_nested(pool, 1)
    for depth in range(1, NESTED_MAX_DEPTH + 1):
        pool: list = []
        left = None
        for c, d in cands:
            if (c, d) in done:
                continue
            b = propagate(P, ZERO, ZERO, DYNAMIC, depth, assumed_on=((c, d),))
            if left is not None:
                left -= 1
            if b.contradiction is not None:
                done.add((c, d))
                pool.append((len(b.contradiction_facts_ancestors()), c, d, b))
                if left is None:
                    left = NESTED_LOOKAHEAD
            if left == 0 and pool:
                if depth == 1:
                    pending["nested"] = (pk, [(c2, d2) for _, c2, d2, _ in pool])
                yield from _flush_nested(pool, depth)
                pool = []
                left = None
        yield from _flush_nested(pool, depth)


def _flush_nested(pool: list, depth: int) -> Iterator[Step]:
    pool.sort(key=lambda x: x[0])
    for size, c, d, b in pool:
        yield _contradiction_step("Nested Forcing Net", size, True, c, d, b, nested=True, depth=depth)
