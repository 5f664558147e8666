"""Almost Locked Sets chained: ALS-XY-Chain and Death Blossom, following HoDoKu's AlsSolver,
on the sets and restricted commons of :mod:`strategies.hodoku.als`.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

from strategies.hodoku.als import Als, als_candidates, als_data, als_step, digits_text, mark
from strategies.registry import technique
from sudoku_logic.core.context import SolveContext, context
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    ALL_CELLS,
    DIGIT_BIT,
    MASK_DIGITS,
    cell_list,
    cell_name,
)
from sudoku_logic.core.step import Step, index_sum

#: the family these techniques share with ALS-XZ and ALS-XY-Wing
FAMILY = "als"


# ---------------------------------------------------------------- ALS-XY-Chain


def _actual(prev: int, d1: int, d2: int) -> int:
    """HoDoKu's RC propagation (``RestrictedCommon.checkRC``): the RCs of this link minus the
    actual RCs of the previous one, as a 9-bit mask. ``prev`` is the previous link's actual
    RCs as ``(c1, c2)`` packed ``c1 * 16 + c2``; like HoDoKu, a doubly actual previous link
    only excludes its first digit."""
    c11 = prev >> 4
    if d2 == 0:
        return 0 if c11 == d1 else DIGIT_BIT[d1]
    if c11 == d2:
        return DIGIT_BIT[d1]
    if c11 == d1:
        return DIGIT_BIT[d2]
    return DIGIT_BIT[d1] | DIGIT_BIT[d2]


def _chains(grid: Grid, ctx: SolveContext) -> list[Step]:
    """The ALS chains (at least 4 ALS, 3 RCs) HoDoKu's search finds, sorted as HoDoKu sorts
    them (most eliminations first, then HoDoKu's index sum, fewer ALS, fewer cells).

    A chain's eliminations depend only on its first ALS, the actual RC of its first link, its
    last ALS and the actual RC of its last link, and the RC allowed on the next link depends
    only on the actual RC of the link before. So instead of HoDoKu's depth-first enumeration
    of every chain (millions in Python) this searches the states (ALS, actual RC of the
    incoming link, links so far capped at 3) from each start, keeping the chain with the
    fewest ALS cells per state, as HoDoKu keeps the one with the fewest cells per set of
    eliminations.

    Forward-only RCs (HoDoKu's solving mode) make the ALS graph acyclic, so every path is a
    chain without a repeated ALS, as in HoDoKu (its 50-RC cap is not applied: no shortest
    chain comes near it).
    Without forward-only (HoDoKu's find-all mode, the regression tester) walks of at most
    ``chain_max_rcs`` links are searched; a walk that revisits an ALS is still a sound chain
    (each link's implication holds on its own), so this finds every elimination set HoDoKu
    finds and possibly a few more, all true; a walk ending on its own start is skipped.

    The search is bounded by ``chain_budget`` (ALS settings) RC steps per position.
    """
    opts = ctx.settings.als
    forward = opts.chain_forward_only
    data = als_data(grid, ctx, forward)
    alses, rcs, rcs_from = data.alses, data.rcs, data.rcs_from
    max_rcs = opts.chain_max_rcs
    n = len(alses)
    sizes = [a.size for a in alses]
    found: list[list] = []
    by_elims: dict = {}
    elim_cache: dict = {}

    def elims_of(s: int, e: int, excl: int) -> list:
        key = (s, e, excl)
        got = elim_cache.get(key)
        if got is None:
            start, end = alses[s], alses[e]
            got = []
            common = start.cands & end.cands & ~excl
            if common and start.buddies & end.buddies:
                for d in MASK_DIGITS[common]:
                    for c in cell_list(start.dbud[d] & end.dbud[d]):
                        got.append((c, d))
            elim_cache[key] = got
        return got

    def record(s: int, e: int, first_mask: int, path: tuple, ncells: int) -> None:
        elims = elims_of(s, e, first_mask | path[-1][1])
        if not elims:
            return
        key = tuple(sorted(elims))
        old = by_elims.get(key)
        entry = [(-len(elims), index_sum(elims), len(path) + 1, ncells), s, path, elims]
        if old is not None:
            if found[old][0][3] > ncells:
                found[old] = entry
            return
        by_elims[key] = len(found)
        found.append(entry)

    # A chain from s can only eliminate if, for some digit, a cell seeing all of s's
    # candidates of it also sees all of another ALS's: cells covered twice per digit.
    once = [0] * 10
    twice = [0] * 10
    for a in alses:
        for d in MASK_DIGITS[a.cands]:
            bd = a.dbud[d]
            twice[d] |= once[d] & bd
            once[d] |= bd
    useful = _UsefulEnds(alses)
    budget = [opts.chain_budget]
    for s in range(n):
        if budget[0] <= 0:
            break
        sa = alses[s]
        if not any(sa.dbud[d] & twice[d] for d in MASK_DIGITS[sa.cands]):
            continue
        useful.start = sa
        for k0 in rcs_from[s]:
            _, j0, d1, d2 = rcs[k0]
            for m0 in (DIGIT_BIT[d1], DIGIT_BIT[d2]) if d2 else (DIGIT_BIT[d1],):
                first = ((k0, m0),)
                if forward:
                    _forward_states(s, j0, m0, first, rcs, rcs_from, sizes, useful, record, budget)
                else:
                    _walk_states(s, j0, m0, first, rcs, rcs_from, sizes, useful, record, max_rcs, budget)
    found.sort(key=lambda e: e[0])
    out = []
    for _, s, path, elims in found:
        ids = [s] + [rcs[k][1] for k, _ in path]
        out.append(_chain_step(grid, alses, rcs, ids, list(path), elims))
    return out


#: lowest digit of a 9-bit mask (HoDoKu's ``cand1`` of an actual RC)
_LOW = [MASK_DIGITS[m][0] if m else 0 for m in range(512)]
#: (d1, d2, lowest digit of the previous actual RC) -> actual RC mask of this link
_NEXT = {(d1, d2, c): _actual(c * 16, d1, d2) for d1 in range(1, 10) for d2 in range(0, 10) for c in range(1, 10)}


class _UsefulEnds:
    """``useful[e]``: the current start and ALS ``e`` share a digit with a common buddy."""

    __slots__ = ("alses", "start")

    def __init__(self, alses: list[Als]) -> None:
        self.alses = alses
        self.start: Als | None = None

    def __getitem__(self, e: int) -> bool:
        s, b = self.start, self.alses[e]
        return bool(s.buddies & b.buddies and s.cands & b.cands)  # type: ignore[union-attr]  # start set before reads


def _next_mask(m: int, d1: int, d2: int) -> int:
    return _NEXT[(d1, d2, _LOW[m])]


def _spent(budget: list[int], out: list) -> bool:
    """Charge the RCs ``out`` about to be followed to ``budget``; whether it is spent."""
    budget[0] -= len(out)
    return budget[0] < 0


def _forward_states(s, j0, m0, first, rcs, rcs_from, sizes, useful, record, budget) -> None:
    """Acyclic search (forward RCs): states processed in ALS order, fewest cells kept."""

    best: dict = {(j0, m0, 1): (sizes[s] + sizes[j0], first)}
    heap = [j0]
    pending: dict = {j0: [(j0, m0, 1)]}
    while heap:
        j = heapq.heappop(heap)
        keys = pending.pop(j, ())
        for key in keys:
            ncells, path = best[key]
            _, m, dc = key
            if dc >= 3 and useful[j]:
                record(s, j, m0, path, ncells)
            ndc = dc + 1 if dc < 3 else 3
            out = rcs_from[j]
            if _spent(budget, out):
                return
            for k in out:
                _, nj, d1, d2 = rcs[k]
                nm = _next_mask(m, d1, d2)
                if not nm:
                    continue
                nkey = (nj, nm, ndc)
                nc = ncells + sizes[nj]
                old = best.get(nkey)
                if old is None:
                    best[nkey] = (nc, path + ((k, nm),))
                    lst = pending.get(nj)
                    if lst is None:
                        pending[nj] = [nkey]
                        heapq.heappush(heap, nj)
                    else:
                        lst.append(nkey)
                elif nc < old[0]:
                    best[nkey] = (nc, path + ((k, nm),))


def _walk_states(s, j0, m0, first, rcs, rcs_from, sizes, useful, record, max_rcs, budget) -> None:
    """Breadth-first over walks of at most ``max_rcs`` links; states (ALS, actual RC, links
    so far capped at 3) are expanded once, at their shortest distance, which keeps every
    state reachable within the limit. Ends equal to the start are skipped."""
    nxt_table = _NEXT
    low = _LOW
    seen = {(j0, m0, 1)}
    layer = [(j0, m0, sizes[s] + sizes[j0], first)]
    depth = 1
    while layer:
        if depth >= 3:
            for j, _m, ncells, path in layer:
                if j != s and useful[j]:
                    record(s, j, m0, path, ncells)
        if depth == max_rcs:
            break
        ndc = depth + 1 if depth < 3 else 3
        nxt = []
        for j, m, ncells, path in layer:
            c = low[m]
            out = rcs_from[j]
            if _spent(budget, out):
                return
            for k in out:
                _, nj, d1, d2 = rcs[k]
                nm = nxt_table[(d1, d2, c)]
                if not nm:
                    continue
                key = (nj, nm, ndc)
                if key in seen:
                    continue
                seen.add(key)
                nxt.append((nj, nm, ncells + sizes[nj], path + ((k, nm),)))
        layer = nxt
        depth += 1


def _chain_step(grid: Grid, alses: list[Als], rcs, ids: list[int], chain, elims) -> Step:
    elim_digits = "".join(sorted({str(d) for _, d in elims}))
    parts = [f"{elim_digits}- "]
    for pos, i in enumerate(ids):
        parts.append(alses[i].name)
        if pos < len(chain):
            parts.append(f" -{''.join(map(str, MASK_DIGITS[chain[pos][1]]))}- ")
    parts.append(f" -{elim_digits}")
    chain_alses = [alses[i] for i in ids]
    allc = 0
    for a in chain_alses:
        allc |= a.cells
    cands = als_candidates(grid, chain_alses)
    prev = chain_alses[0]
    for (_k, m), a in zip(chain, chain_alses[1:]):
        cands += mark(grid, prev.cells | a.cells, m, "endofin")
        prev = a
    zmask = sum(DIGIT_BIT[int(ch)] for ch in elim_digits)
    cands += mark(grid, chain_alses[0].cells | chain_alses[-1].cells, zmask, "fin")
    rc_text = ", ".join(digits_text(m, "/") for _, m in chain)
    zt = "/".join(elim_digits)
    why = (
        f"A chain of {len(ids)} almost locked sets linked by restricted commons {rc_text}. If the "
        f"first ALS {chain_alses[0].name} lacked {zt}, it would be locked and hold its restricted "
        f"common, which locks the next ALS, and so on along the chain, so the last ALS "
        f"{chain_alses[-1].name} would hold {zt}. So {zt} is in the first or the last ALS, and a "
        f"cell seeing all its candidates in both cannot hold it."
    )
    return als_step("Almost Locked Set XY-Chain", elims, allc, cands, "".join(parts), why)


@technique("Almost Locked Set XY-Chain")
def als_xy_chain(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A chain of ALS, each linked to the next by a restricted common different from the one
    before: the first and last ALS behave like the two ALS of an XZ rule, so a digit Z common
    to both leaves cells that see all its candidates in both."""
    yield from _chains(grid, context(ctx))


# ---------------------------------------------------------------- Death Blossom


@technique("Death Blossom")
def death_blossom(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A stem cell and, for each of its candidates d, an ALS whose d-candidates the stem sees
    all of: whichever d the stem takes, that ALS loses d and is locked. A digit Z common to
    all these ALS (not in the stem) is then in one of them, and cells seeing all their
    Z-candidates lose Z."""
    ctx = context(ctx)
    opts = ctx.settings.als
    data = als_data(grid, ctx, opts.chain_forward_only)
    alses = data.alses
    cap = opts.db_max_als_per_digit
    overlap = opts.allow_overlap
    pos = grid.pos
    cands = grid.cands
    # for every cell and digit: the ALS whose d-candidates that cell sees (HoDoKu's rcdb)
    per_cell: dict[int, list[list[int]]] = {}
    masks = [0] * 81
    for ai, a in enumerate(alses):
        for d in MASK_DIGITS[a.cands]:
            for c in cell_list(a.dbud[d]):
                lists = per_cell.get(c)
                if lists is None:
                    lists = per_cell[c] = [[] for _ in range(10)]
                if len(lists[d]) < cap:
                    lists[d].append(ai)
                    masks[c] |= DIGIT_BIT[d]
    seen_elims: dict = {}
    for stem in range(81):
        if not cands[stem] or stem not in per_cell or masks[stem] != cands[stem]:
            continue
        lists = per_cell[stem]
        stem_mask = cands[stem]
        digits = MASK_DIGITS[stem_mask]
        chosen: list[int] = []
        zinit = tuple((z, ALL_CELLS) for z in MASK_DIGITS[0x1FF & ~stem_mask])
        for zs, used in _db_combos(alses, lists, digits, overlap, 0, 0, zinit, 1 << stem, chosen):
            elims: list[tuple[int, int]] = []
            zmask = 0
            for z, acc in zs:
                hit = acc & ~used & ~(1 << stem) & pos[z]
                if hit:
                    zmask |= DIGIT_BIT[z]
                    for c in cell_list(hit):
                        elims.append((c, z))
            if not elims:
                continue
            if opts.only_one_per_elimination:
                key = tuple(sorted(elims))
                if key in seen_elims:
                    continue
                seen_elims[key] = None
            yield _db_step(grid, stem, digits, [alses[ai] for ai in chosen], zmask, elims)


def _db_combos(alses, lists, digits, overlap, k, used, zs, stem_bit, chosen):
    """Depth-first over one ALS per stem digit in HoDoKu's order (digits ascending, ALS in
    list order); yields (live Z digits with the cells seeing all their candidates so far,
    cells used) for each full choice, with ``chosen`` holding the ALS indexes.

    A Z digit must be in every chosen ALS and its eliminations can only shrink as ALS are
    added, so a branch is cut as soon as no Z digit can still eliminate something: this
    skips only choices that would find nothing (HoDoKu tries them all)."""
    if k == len(digits):
        yield zs, used
        return
    d = digits[k]
    for ai in lists[d]:
        a = alses[ai]
        acells = a.cells
        if not overlap and acells & used:
            continue
        nused = used | acells
        keep = ~nused & ~stem_bit
        acands, adbud = a.cands, a.dbud
        nzs = []
        for z, acc in zs:
            if acands & DIGIT_BIT[z]:
                nacc = acc & adbud[z]
                if nacc & keep:
                    nzs.append((z, nacc))
        if not nzs:
            continue
        chosen.append(ai)
        yield from _db_combos(alses, lists, digits, overlap, k + 1, nused, nzs, stem_bit, chosen)
        chosen.pop()


def _db_step(grid: Grid, stem: int, digits, petals: list[Als], zmask: int, elims) -> Step:
    parts = [f"[{cell_name(stem)}]"]
    for d, a in zip(digits, petals):
        parts.append(f",  -{d}- {a.name}")
    allc = 1 << stem
    for a in petals:
        allc |= a.cells
    cands = als_candidates(grid, petals)
    for d, a in zip(digits, petals):
        cands += mark(grid, a.cells | (1 << stem), DIGIT_BIT[d], "endofin")
    cands += [(stem, d, "pivot") for d in digits]
    zt = digits_text(zmask, "/")
    why = (
        f"Whichever digit the stem cell {cell_name(stem)} takes, the ALS attached to that digit "
        f"({', '.join(f'{d}: {a.name}' for d, a in zip(digits, petals))}) loses it and becomes "
        f"locked, so {zt} is in one of these ALS; cells seeing all their {zt} candidates cannot "
        f"hold it."
    )
    return als_step("Death Blossom", elims, allc, cands, "".join(parts), why)
