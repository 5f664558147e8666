"""Forcing chains and nets: Contradiction and Verity, chains and nets, as HoDoKu finds them,
and the last resort, Nested Forcing Net.

- **Contradiction**: assuming a candidate on (or off) leads, by implications, to a
  contradiction; so it is off (eliminated) or on (placed).
- **Verity**: every case of a choice leads to the same fact, so the fact holds. Choices: the
  candidates of a cell, the places of a digit in a house, or a candidate on and off.
- **Chains** (HoDoKu's Forcing Chain ...) follow the bivalue/bilocal links of the position
  and HoDoKu's group nodes; **nets** also use the singles a premise leaves, four rounds
  deep, as HoDoKu's tables hold them.

The four Forcing Chain/Net techniques are HoDoKu's tabling search
(:mod:`strategies.hodoku.tabling`): the conclusions HoDoKu's tables prove, one step per
conclusion and kind, in HoDoKu's order (``facts["rank"]``; ``facts["size"]``: the length of
HoDoKu's chains). A chain step shows HoDoKu's chains; a net step shows the proof our
propagation engine (:mod:`strategies.hodoku.implications`) gives from the same
premises where it reaches the same conclusion.

- **Nested Forcing Net** (off in HoDoKu's default configuration): a dynamic net in which,
  whenever propagation stalls, each undecided candidate of the branch is tried in a nested
  net; those that break become eliminations of the branch. It finds a contradiction for an
  assumption (an elimination), one level deep first, two levels if needed.

Speed within a solve for the nested search (none of it changes what a step proves; every
step shown is computed on its own position): branches of the previous position that provably
derive the same facts are taken over (:meth:`Analysis._reuse`), and the assumptions that
broke in the last scan of the same solve are tried first (kept in its :class:`SolveContext`,
never across solves).
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.chain_core import ALL81, last_candidates, literal
from strategies.hodoku import tabling, tabling_forcing
from strategies.hodoku.als import position_alses
from strategies.hodoku.chain_text import arrows
from strategies.hodoku.implications import (
    DYNAMIC,
    STATIC,
    Branch,
    Contradiction,
    Position,
    fact_name,
    propagate,
)
from strategies.registry import technique
from sudoku_logic.core.context import SolveContext, bounded_put
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_HOUSE_BITS, CELL_HOUSES, cell_name, cells_name, house_name
from sudoku_logic.core.step import LazyStep, Step

ZERO = 0
_MAX_CACHED = 4
NESTED_MAX_DEPTH = 2
#: after a nested hit, how many more assumptions to try before yielding the simplest found
NESTED_LOOKAHEAD = 4


class Analysis:
    """Branches of one position, computed on demand and kept (one per assumption and mode).

    Branches of a position that follows ``prev`` in a solve are taken over from ``prev`` when
    nothing can have changed them (see :meth:`_reuse`): such a branch derives exactly the same
    facts here, restricted to the candidates left. Steps are always shown with branches
    computed on the position itself (:meth:`fresh`)."""

    #: Kraken Fish's eliminations of the position (:mod:`strategies.hodoku.kraken`),
    #: set there on first need
    kraken: dict

    def __init__(self, grid: Grid, prev: Analysis | None = None) -> None:
        self.P = Position(grid)
        self.branches: dict[tuple[int, bool, int, int], Branch] = {}
        self.fresh_branches: dict[tuple[int, bool, int, int], Branch] = {}
        self.stale = self._link(prev) if prev is not None else None

    def _link(self, prev: Analysis):
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
        prev, removed, checks, new_links = self.stale  # type: ignore[misc]  # called only with stale set
        mode = key[0]
        if mode == STATIC and new_links:
            return None
        b = prev.branches.get(key)
        if b is None or b.contradiction is not None or b.on & removed:
            return None
        P = self.P
        rem = P.all & ~b.off
        dyn = mode == DYNAMIC
        # a cell left with no candidate, or (nets) with one not set: the branch differs here
        oncells = 0
        if dyn:
            r = b.on
            while r:
                oncells |= r & ALL81
                r >>= 81
        dead, single = last_candidates(rem, P.empty, ALL81 & ~oncells if dyn else 0)
        if dead or single:
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
    analyses = ctx.forcing_analyses
    key = grid.key()
    a = analyses.get(key)
    if a is None:
        last = ctx.forcing_last
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
def _puzzle_key(grid: Grid) -> tuple:
    """The givens: positions of one puzzle's solve share it."""
    return tuple(v if grid.givens >> c & 1 else 0 for c, v in enumerate(grid.values))


def _contradiction_step(
    name: str, size: int, is_on: bool, c: int, d: int, b: Branch, nested: bool = False, depth: int = 0
) -> Step:
    """The step; its text (chains, highlights, explanation) is built when first read: a
    search collects many of which the solver takes one."""
    result = dict(eliminations=[(c, d)]) if is_on else dict(placements=[(c, d)])

    def fill() -> dict:
        return _contradiction_text(is_on, c, d, b, nested)

    facts = {"size": size, "depth": depth} if nested else {"size": size}
    return LazyStep(name, fill, cells=[c], facts=facts, **result)


def _contradiction_text(is_on: bool, c: int, d: int, b: Branch, nested: bool = False) -> dict:
    """Chains, highlights and explanation of the contradiction branch ``b`` of ``(c, d)``
    assumed on (``is_on``) or off."""
    premise = fact_name((is_on, c, d))
    facts = b.contradiction_facts()
    chains = [b.render(f) for f in facts]
    if nested:
        chains += _nested_proofs(b, facts)
    ct: Contradiction = b.contradiction  # type: ignore[assignment]  # b is a branch that broke
    where = cell_name(ct.cell) if ct.kind != "house" else house_name(ct.house)
    if is_on:
        concl = f"so {cell_name(c)} cannot be {d}"
        suppose = f"If {cell_name(c)} were {d}"
    else:
        concl = f"so {cell_name(c)} must be {d}"
        suppose = f"If {cell_name(c)} were not {d}"
    how = "nested forcing nets" if nested else ("forcing chains" if b.mode == STATIC else "a forcing net")
    expl = (
        f"{suppose}, {how} would lead to a contradiction: {ct.describe()} "
        f"({'; '.join(_summary(f, b) for f in facts)}); {concl}."
    )
    return dict(
        candidates=_highlights((is_on, c, d), b, facts),
        detail=f"{premise} leads to a contradiction in {where}",
        explanation=expl,
        chains=chains,
    )


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


def _marks(premises, facts) -> list[tuple[int, int, str]]:
    """The candidates to highlight: the premises' (pattern), then those of ``facts`` (on or
    off), each candidate once."""
    out = []
    seen = set()
    for _, cell, d in premises:
        if (cell, d) not in seen:
            seen.add((cell, d))
            out.append((cell, d, "pattern"))
    for is_on, cell, d in facts:
        if (cell, d) not in seen:
            seen.add((cell, d))
            out.append((cell, d, "on" if is_on else "off"))
    return out


def _highlights(premise, b: Branch, facts) -> list[tuple[int, int, str]]:
    """The premise, then the candidates of its branch's chains to ``facts``."""
    return _marks([premise], (g for f in facts for g in b.path_to(f)[1:]))


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
    """A candidate whose assumption (on or off) breaks the grid through HoDoKu's forcing
    chains (bivalue/bilocal links and group nodes), as HoDoKu's tabling search finds them."""
    yield from _hodoku_steps(grid, False, tabling_forcing.CONTRADICTION, ctx)


@technique("Forcing Net Contradiction")
def forcing_net_contradiction(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A candidate whose assumption (on or off) breaks the grid through HoDoKu's forcing
    nets (its tables of singles), as HoDoKu's tabling search finds them."""
    yield from _hodoku_steps(grid, True, tabling_forcing.CONTRADICTION, ctx)


# ------------------------------------------------------------------ verity
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
    branches = "; ".join(
        _summary(fact, b) if b.contradiction is None else f"{fact_name(p)} is impossible ({b.contradiction.describe()})"
        for p, b in zip(premises, brs)
    )
    concl = f"{cell_name(cell)} must be {d}" if is_on else f"{cell_name(cell)} cannot be {d}"
    return dict(
        candidates=_marks(premises, (f for b in brs if b.contradiction is None for f in b.path_to(fact)[1:])),
        explanation=f"{intro}; every case leads to {fact_name(fact)} ({branches}); so {concl}.",
        chains=chains,
    )


@technique("Forcing Chain Verity")
def forcing_chain_verity(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Every candidate of a cell (or place of a digit in a house, or a candidate on and off)
    leads through HoDoKu's forcing chains to the same fact (HoDoKu's tabling search)."""
    yield from _hodoku_steps(grid, False, tabling_forcing.VERITY, ctx)


@technique("Forcing Net Verity")
def forcing_net_verity(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Every case of a choice leads through HoDoKu's forcing nets to the same fact (HoDoKu's
    tabling search)."""
    yield from _hodoku_steps(grid, True, tabling_forcing.VERITY, ctx)


# ------------------------------------------------------------------ HoDoKu's tabling search
_NAMES = {
    (False, tabling_forcing.CONTRADICTION): "Forcing Chain Contradiction",
    (False, tabling_forcing.VERITY): "Forcing Chain Verity",
    (True, tabling_forcing.CONTRADICTION): "Forcing Net Contradiction",
    (True, tabling_forcing.VERITY): "Forcing Net Verity",
}


class _Found:
    """The steps of one search in HoDoKu's order, worked out as far as they are read (the
    contradiction and verity finders of a slot read the same list)."""

    __slots__ = ("P", "_steps", "_more")

    def __init__(self, search) -> None:
        self.P = search.P
        self._steps: list = []
        self._more = search.steps()

    def get(self, i: int):
        """The ``i``-th step, None past the last."""
        steps = self._steps
        while len(steps) <= i and self._more is not None:
            nxt = next(self._more, None)
            if nxt is None:
                self._more = None
            else:
                steps.append(nxt)
        return steps[i] if i < len(steps) else None


def _hodoku_found(grid: Grid, net: bool, ctx: SolveContext | None) -> _Found:
    """HoDoKu's forcing chain (or net) search on ``grid`` and its steps in HoDoKu's order
    (:meth:`strategies.hodoku.tabling_forcing.ChainSearch.steps`: placements first, lowest
    cell first, then eliminations, lowest cell then digit). Kept per position in the solve's
    cache: the contradiction and verity finders of one slot share one search."""
    als = ctx is not None and ctx.settings.als_nodes
    cache = ctx.tabling_forcing if ctx is not None else {}
    key = (grid.key(), net, als)
    hit = cache.get(key)
    if hit is None:
        alses = position_alses(grid, ctx) if ctx is not None and als else None
        hit = _Found(
            tabling_forcing.NetSearch(grid, alses)
            if net
            else tabling_forcing.ChainSearch(grid, ctx.tabling_graph if ctx is not None else None, alses)
        )
        bounded_put(cache, key, hit, _MAX_CACHED)
    return hit


def _hodoku_steps(grid: Grid, net: bool, kind: str, ctx: SolveContext | None) -> Iterator[Step]:
    """The steps of one kind of HoDoKu's forcing chain (``net``: net) search, in HoDoKu's
    order, each with its place in it (``facts["rank"]``) and its chains' length
    (``facts["size"]``)."""
    name = _NAMES[(net, kind)]
    frozen = None
    found = _hodoku_found(grid, net, ctx)
    rank = 0
    while True:
        f = found.get(rank)
        if f is None:
            return
        if f.kind == kind:
            if frozen is None:
                frozen = grid.copy()
            yield _hodoku_step(frozen, found.P, name, net, f, rank)
        rank += 1


def _node_fact(n: int) -> tuple[bool, int, int]:
    return tabling.N_ON[n], tabling.N_CELL[n], tabling.N_DIGIT[n]


def _node_name(P, n: int) -> str:
    """A node of HoDoKu's tables: ``r1c2=3`` / ``r1c2<>3``, a group node ``r1c23=3``, an ALS
    node ``ALS:r1c23<>3`` (3 is not in the ALS), as HoDoKu prints them."""
    name = cells_name(P.node_cells(n))
    if P.node_als(n) is not None:
        name = "ALS:" + name
    return literal(name, P.node_digit(n), P.node_on(n))


def _path_text(P, path: list[int]) -> str:
    return arrows(_node_name(P, n) for n in path)


def _contradiction_kind(targets: list[int], premise: int) -> str:
    """What the facts a contradiction's chains end in break (HoDoKu's ``checkOneChain``)."""
    facts = [_node_fact(n) for n in targets]
    if len(facts) == 1:
        return f"it leads to {fact_name(facts[0])}, its own opposite"
    ons = [f for f in facts if f[0]]
    offs = [f for f in facts if not f[0]]
    if len(ons) == 1 and len(offs) == 1:
        return f"{cell_name(ons[0][1])} would be {ons[0][2]} and not {ons[0][2]}"
    if ons and not offs:
        if len({f[1] for f in ons}) == 1:
            return f"{cell_name(ons[0][1])} would hold two digits, {ons[0][2]} and {ons[1][2]}"
        return f"{ons[0][2]} would go twice into {cells_name([f[1] for f in ons])}, cells of one house"
    if len({f[1] for f in offs}) == 1:
        return f"{cell_name(offs[0][1])} would be left without candidates"
    return f"{offs[0][2]} would have no place left in {cells_name([f[1] for f in offs])}, its places in a house"


def _hodoku_step(grid: Grid, P, name: str, net: bool, f, rank: int) -> Step:
    """The step of HoDoKu's proof ``f`` (:class:`strategies.hodoku.tabling_forcing.Forcing`),
    its text built when read. A forcing chain shows HoDoKu's chains (every link an
    implication of the position, group nodes included). A net shows the proof our
    propagation engine gives from the same premises where it reaches the same conclusion
    (it works out every single the premises leave), else HoDoKu's tables' shortest routes."""
    is_on = f.fact >= tabling.ON
    cell, d = tabling.N_CELL[f.fact], tabling.N_DIGIT[f.fact]
    fact = (is_on, cell, d)
    result: dict[str, object] = dict(placements=[(cell, d)]) if is_on else dict(eliminations=[(cell, d)])
    premises = [_node_fact(p) for p, _ in f.chains]
    concl = f"{cell_name(cell)} must be {d}" if is_on else f"{cell_name(cell)} cannot be {d}"
    if f.kind == tabling_forcing.CONTRADICTION:
        premise = premises[0]
        targets = [t for _, t in f.chains]
        cells = [premise[1]]
        label = f"{fact_name(premise)} leads to a contradiction"

        def fill() -> dict:
            if net:
                b = Analysis(grid).fresh(DYNAMIC, *premise)
                if b.contradiction is not None:
                    return _contradiction_text(*premise, b)
            chains = [_path_text(P, path) for path in f.paths]
            why = _contradiction_kind(targets, f.chains[0][0])
            how = "a forcing net" if net else "forcing chains"
            return dict(
                candidates=_path_highlights(premises, f.paths),
                detail=label,
                explanation=f"If {fact_name(premise)}, {how} lead to a contradiction: {why} "
                f"({'; '.join(chains)}); so {concl}.",
                chains=chains,
            )
    else:
        if len(premises) == 2 and premises[0][1:] == premises[1][1:]:
            kind, label = "binary", f"{cell_name(premises[0][1])}={premises[0][2]} on/off"
            intro = f"{cell_name(premises[0][1])} either is {premises[0][2]} or is not"
        elif len({p[1] for p in premises}) == 1:
            kind, label = "cell", f"in {cell_name(premises[0][1])}"
            intro = f"{cell_name(premises[0][1])} must hold one of {', '.join(str(p[2]) for p in premises)}"
        else:
            houses = set.intersection(*({h for h in CELL_HOUSES[p[1]]} for p in premises))
            kind, label = "house", f"{premises[0][2]} in {house_name(min(houses))}"
            intro = (
                f"{premises[0][2]} must go in one of {', '.join(cell_name(p[1]) for p in premises)} "
                f"({house_name(min(houses))})"
            )
        cells = sorted({p[1] for p in premises})
        result["detail"] = label

        def fill() -> dict:
            if net:
                an = Analysis(grid)
                brs = [an.fresh(DYNAMIC, *p) for p in premises]
                if all(b.contradiction is None and b.has(*fact) for b in brs):
                    return _verity_text(fact, kind, label, premises, brs)
            chains = [_path_text(P, path) for path in f.paths]
            how = "a forcing net" if net else "a forcing chain"
            return dict(
                candidates=_path_highlights(premises, f.paths),
                explanation=f"{intro}; each case leads by {how} to {fact_name(fact)} "
                f"({'; '.join(chains)}); so {concl}.",
                chains=chains,
            )

    return LazyStep(name, fill, cells=cells, facts={"size": f.length, "rank": rank}, **result)


def _path_highlights(premises, paths) -> list[tuple[int, int, str]]:
    """The premises, then the candidates of the chains' other (normal) nodes."""
    return _marks(premises, (_node_fact(n) for path in paths for n in path[1:] if n < tabling.NORMAL))


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
    pending = ctx.forcing_pending if ctx is not None else {}
    memo = pending.get("nested")
    if memo is not None and memo[0] == pk:
        # the other hits of the last scan of this puzzle, tried again on this position
        pool: list[tuple[int, int, int, Branch]] = []
        for c, d in memo[1]:
            if P.cands[c] >> (d - 1) & 1:
                b = propagate(P, ZERO, ZERO, DYNAMIC, 1, assumed_on=((c, d),))
                if b.contradiction is not None:
                    done.add((c, d))
                    pool.append((len(b.contradiction_facts_ancestors()), c, d, b))
        pending["nested"] = (pk, [(c, d) for _, c, d, _ in pool])
        yield from _flush_nested(pool, 1)
    for depth in range(1, NESTED_MAX_DEPTH + 1):
        pool = []
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
