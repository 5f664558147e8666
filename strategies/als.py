"""Almost Locked Sets: ALS-XZ (singly and doubly linked), ALS-XY-Wing, ALS-XY-Chain and
Death Blossom, following HoDoKu's AlsSolver.

An *almost locked set* (ALS) is N unsolved cells of one house holding N+1 digits between
them: lose any one digit and the rest are locked in those cells. A *restricted common* (RC)
of two ALS is a digit both hold whose candidates in the two ALS all see each other, so at
most one of the two ALS can hold it.

The ALS of a position (every size up to 8 cells, single bivalue cells included, as in
HoDoKu) and their RCs are computed once per position and cached, so the four techniques
share the work. the solve's settings (:class:`sudoku_logic.core.context.AlsOptions`) hold HoDoKu's switches, with HoDoKu's defaults (no overlap
between linked ALS; ALS chains built from forward RCs only, at most 50 RCs long, one chain
kept per set of eliminations). HoDoKu's regression tester changes some of them; the tests do
the same.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass

from sudoku_logic.core.context import SolveContext, bounded_put, context
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    ALL_CELLS,
    DIGIT_BIT,
    HOUSE_CELLS,
    MASK_DIGITS,
    MASK_SIZE,
    cell_list,
    cell_name,
    cells_name,
    seen_by_all,
)
from sudoku_logic.core.step import Step
from sudoku_logic.strategies.registry import technique

#: HoDoKu's ALS search stops at 8 cells (a 9-cell ALS would need 10 digits).
MAX_ALS_CELLS = 8


class Als:
    """One almost locked set: ``cells`` (81-bit), ``cands`` (9-bit); per digit ``dcells[d]``
    (its cells holding d) and ``dbud[d]`` (cells outside it that hold d and see every one of
    ``dcells[d]``); ``buddies`` is the union of ``dbud``."""

    __slots__ = ("cells", "cands", "size", "dcells", "dbud", "buddies", "_name")

    def __init__(self, grid: Grid, cells: int, cands: int, seen: dict[int, int] | None = None) -> None:
        """``seen``: :func:`seen_by_all` of cell sets already worked out (one position's)."""
        self.cells = cells
        self.cands = cands
        self.size = cells.bit_count()
        self.dcells = dcells = [0] * 10
        self.dbud = dbud = [0] * 10
        buddies = 0
        self._name = ""
        pos = grid.pos
        sba: int | None
        for d in MASK_DIGITS[cands]:
            dc = cells & pos[d]
            dcells[d] = dc
            if seen is None:
                sba = seen_by_all(dc)
            else:
                sba = seen.get(dc)
                if sba is None:
                    sba = seen[dc] = seen_by_all(dc)
            bud = sba & pos[d] & ~cells
            dbud[d] = bud
            buddies |= bud
        self.buddies = buddies

    @property
    def name(self) -> str:
        """HoDoKu's form: ``r1c1,r2c3 {123}``."""
        if not self._name:
            self._name = f"{cells_name(self.cells)} {{{''.join(map(str, MASK_DIGITS[self.cands]))}}}"
        return self._name


def collect_alses(grid: Grid) -> list[Als]:
    """Every ALS of the position in HoDoKu's order: houses rows, columns, boxes; within a
    house, cell subsets in lexicographic depth-first order; an ALS found in an earlier house
    is not repeated."""
    cands = grid.cands
    found: dict[int, None] = {}
    out: list[Als] = []
    seen: dict[int, int] = {}
    for h in range(27):
        cells = [c for c in HOUSE_CELLS[h] if cands[c]]
        if cells:
            _dfs_house(grid, cells, found, out, seen)
    return out


def _dfs_house(grid: Grid, cells: list[int], found: dict, out: list, seen: dict | None = None) -> None:
    cands = grid.cands
    n = len(cells)

    def rec(start: int, bits: int, mask: int, k: int) -> None:
        nk = k + 1
        for i in range(start, n):
            c = cells[i]
            nb = bits | (1 << c)
            nm = mask | cands[c]
            excess = MASK_SIZE[nm] - nk - 1
            if excess == 0 and nb not in found:
                found[nb] = None
                out.append(Als(grid, nb, nm, seen))
            # adding a cell lowers (digits - cells) by at most one
            if nk < MAX_ALS_CELLS and excess < n - i:
                rec(i + 1, nb, nm, nk)

    rec(0, 0, 0, 0)


@dataclass
class AlsData:
    """The ALS of a position and their RCs: ``rcs`` holds ``(i, j, d1, d2)`` (indexes into
    ``alses``; ``d2`` is 0 unless the pair is doubly linked); ``rcs_from[i]`` lists the
    indexes into ``rcs`` of the RCs starting at ALS ``i``."""

    alses: list[Als]
    rcs: list[tuple[int, int, int, int]]
    rcs_from: list[list[int]]


def als_data(grid: Grid, ctx: SolveContext, forward_only: bool = True) -> AlsData:
    """ALS and RCs of ``grid`` under the solve's ALS settings, kept per position in the
    solve's cache."""
    key = grid.key()
    opts = ctx.settings.als
    alses_cache = ctx.cache("als")
    alses = alses_cache.get(key)
    if alses is None:
        alses = bounded_put(alses_cache, key, collect_alses(grid))
    rc_cache = ctx.cache("als_rcs")
    rkey = (key, opts.allow_overlap, forward_only)
    data = rc_cache.get(rkey)
    if data is None:
        data = bounded_put(rc_cache, rkey, _collect_rcs(alses, opts.allow_overlap, forward_only))
    return data


def _collect_rcs(alses: list[Als], overlap: bool, forward_only: bool) -> AlsData:
    """HoDoKu's RC search: for each pair, every common digit whose candidates in both ALS
    see each other (and, with overlap, lie outside the shared cells); at most two kept
    (a third would overwrite the second, as in HoDoKu; it cannot occur in a valid grid).

    Instead of trying every pair, the ALS are bucketed per digit by their lowest cell
    holding it: B's d-candidates can all see A's only if that cell is one of A's d-buddies.
    """
    n = len(alses)
    # per digit: lowest cell -> (ALS index, its cells with the digit, all its cells)
    buckets: list[dict[int, list[tuple[int, int, int]]]] = [dict() for _ in range(10)]
    for j, b in enumerate(alses):
        bcells = b.cells
        for d in MASK_DIGITS[b.cands]:
            dc = b.dcells[d]
            low = (dc & -dc).bit_length() - 1
            buckets[d].setdefault(low, []).append((j, dc, bcells))
    rcs: list[tuple[int, int, int, int]] = []
    rcs_from: list[list[int]] = []
    for i in range(n):
        a = alses[i]
        acells, adcells, adbud = a.cells, a.dcells, a.dbud
        links: dict[int, list[int]] = {}
        for d in MASK_DIGITS[a.cands]:
            bud = adbud[d]
            if not bud:
                continue
            bd = buckets[d]
            ad = adcells[d]
            outside = ~bud
            b_ = bud
            while b_:
                low = b_ & -b_
                b_ ^= low
                js = bd.get(low.bit_length() - 1)
                if not js:
                    continue
                for j, bdc, bcells in js:
                    if j <= i and (forward_only or j == i):
                        continue
                    if bdc & outside:
                        continue
                    if bcells & acells:
                        if not overlap or ad & bcells:
                            continue
                    got = links.get(j)
                    if got is None:
                        links[j] = [d]
                    else:
                        got.append(d)
        mine: list[int] = []
        rcs_from.append(mine)
        for j in sorted(links):
            ds = links[j]
            mine.append(len(rcs))
            rcs.append((i, j, ds[0], ds[-1] if len(ds) > 1 else 0))
    return AlsData(alses, rcs, rcs_from)


# ---------------------------------------------------------------- step building helpers


def _digits(mask: int, sep: str = ",") -> str:
    return sep.join(map(str, MASK_DIGITS[mask]))


def _common_elims(a: Als, b: Als, exclude: int, elims: dict, zs: list) -> None:
    """Common digits of ``a`` and ``b`` (minus ``exclude``): cells outside both that see all
    of a digit's candidates in both lose it. Records the digits used in ``zs``."""
    common = a.cands & b.cands & ~exclude
    if not common or not a.buddies & b.buddies:
        return
    for d in MASK_DIGITS[common]:
        hit = a.dbud[d] & b.dbud[d]
        if hit:
            for c in cell_list(hit):
                elims[(c, d)] = None
            if d not in zs:
                zs.append(d)


def _locked_elims(a: Als, b: Als, rc_mask: int, elims: dict) -> bool:
    """Doubly linked: ``a`` without its two RCs is locked; its other digits leave every cell
    (outside ``b``) that sees all of their candidates in ``a``."""
    rest = a.cands & ~rc_mask
    hit_any = False
    for d in MASK_DIGITS[rest]:
        hit = a.dbud[d] & ~b.cells
        if hit:
            hit_any = True
            for c in cell_list(hit):
                elims[(c, d)] = None
    return hit_any


def _als_candidates(grid: Grid, alses: list[Als]) -> list[tuple[int, int, str]]:
    out = []
    for k, a in enumerate(alses, 1):
        role = f"als{k}"
        for c in cell_list(a.cells):
            for d in MASK_DIGITS[grid.cands[c]]:
                out.append((c, d, role))
    return out


def _mark(grid: Grid, cells: int, digits: int, role: str) -> list[tuple[int, int, str]]:
    out = []
    for c in cell_list(cells):
        for d in MASK_DIGITS[grid.cands[c] & digits]:
            out.append((c, d, role))
    return out


def _index_sum(elims: list[tuple[int, int]]) -> int:
    """HoDoKu's tie-break for ALS steps: weighted sum of the eliminations in list order."""
    s, off = 0, 1
    for c, d in elims:
        s += c * off + d
        off += 80
    return s


# ---------------------------------------------------------------- ALS-XZ


@technique("Almost Locked Set XZ-Rule")
def als_xz(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Two ALS A and B with a restricted common X: at most one holds X, so the other is
    locked; every other common digit Z is then in A or B and leaves cells seeing all its
    candidates in both. Doubly linked (two RCs): both ALS are locked, every non-RC digit
    of each leaves the cells seeing all of its candidates there."""
    ctx = context(ctx)
    data = als_data(grid, ctx, ctx.settings.als.chain_forward_only)
    alses = data.alses
    for i, j, d1, d2 in data.rcs:
        if i > j:
            continue
        a, b = alses[i], alses[j]
        elims: dict = {}
        zs: list[int] = []
        rc_mask = DIGIT_BIT[d1] | (DIGIT_BIT[d2] if d2 else 0)
        _common_elims(a, b, DIGIT_BIT[d1], elims, zs)
        doubly = False
        if d2:
            _common_elims(a, b, DIGIT_BIT[d2], elims, zs)
            l1 = _locked_elims(a, b, rc_mask, elims)
            l2 = _locked_elims(b, a, rc_mask, elims)
            if l1 or l2:
                doubly = True
                zs = []
        if not elims:
            continue
        yield _xz_step(grid, a, b, d1, d2, zs, list(elims), doubly)


def _xz_step(
    grid: Grid, a: Als, b: Als, d1: int, d2: int, zs: list[int], elims: list[tuple[int, int]], doubly: bool
) -> Step:
    rc_mask = DIGIT_BIT[d1] | (DIGIT_BIT[d2] if d2 else 0)
    z_mask = sum(DIGIT_BIT[z] for z in zs)
    detail = f"A={a.name}, B={b.name}, X={_digits(rc_mask)}"
    if zs:
        detail += f", Z={_digits(z_mask)}"
    both = a.cells | b.cells
    cands = _als_candidates(grid, [a, b]) + _mark(grid, both, rc_mask, "endofin") + _mark(grid, both, z_mask, "fin")
    if d2 and doubly:
        why = (
            f"A={a.name} and B={b.name} are almost locked sets linked by two restricted commons "
            f"{d1} and {d2} (all their candidates in A see all of them in B), so each of A and B "
            f"loses one of them and the rest of each set is locked: its other digits leave every "
            f"cell that sees all their candidates in that set, and {d1} and {d2} leave cells "
            f"seeing all their candidates in both sets."
        )
    else:
        x = _digits(rc_mask, " and ")
        zt = _digits(z_mask, ", ") or "the common digits"
        why = (
            f"A={a.name} and B={b.name} are almost locked sets; {x} is a restricted common "
            f"(its candidates in A all see those in B), so at most one of them holds it and the "
            f"other is locked. Hence {zt} must be in A or B, and a cell that sees every such "
            f"candidate in both cannot hold it."
        )
    return Step(
        "Almost Locked Set XZ-Rule",
        eliminations=sorted(elims),
        cells=cell_list(both),
        candidates=cands,
        detail=detail,
        explanation=why,
    )


# ---------------------------------------------------------------- ALS-XY-Wing


@technique("Almost Locked Set XY-Wing")
def als_xy_wing(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Three ALS: A and B each linked to C by a restricted common (X to A, Y to B, X != Y).
    C cannot lose both X and Y, so A or B is locked with its digit Z: cells seeing every Z of
    A and B lose Z (cells of C included)."""
    ctx = context(ctx)
    data = als_data(grid, ctx, ctx.settings.als.chain_forward_only)
    alses, rcs = data.alses, data.rcs
    overlap = ctx.settings.als.allow_overlap
    # RCs touching each ALS, to pair only RCs that share an ALS (HoDoKu pairs rc1 < rc2).
    touch: list[list[int]] = [[] for _ in alses]
    for k, (i, j, _, _) in enumerate(rcs):
        touch[i].append(k)
        touch[j].append(k)
    for k1, (i1, j1, a1, b1) in enumerate(rcs):
        partners = sorted({k for k in touch[i1] if k > k1} | {k for k in touch[j1] if k > k1})
        m1 = DIGIT_BIT[a1] | (DIGIT_BIT[b1] if b1 else 0)
        for k2 in partners:
            i2, j2, a2, b2 = rcs[k2]
            if not b1 and not b2 and a1 == a2:
                continue
            if i1 == i2 and j1 != j2:
                c, a, b = i1, j1, j2
            elif i1 == j2 and j1 != i2:
                c, a, b = i1, j1, i2
            elif j1 == i2 and i1 != j2:
                c, a, b = j1, i1, j2
            elif j1 == j2 and i1 != i2:
                c, a, b = j1, i1, i2
            else:
                continue
            A, B, C = alses[a], alses[b], alses[c]
            if not overlap and A.cells & B.cells:
                continue
            u = A.cells | B.cells
            if u == A.cells or u == B.cells:
                continue
            m2 = DIGIT_BIT[a2] | (DIGIT_BIT[b2] if b2 else 0)
            elims: dict = {}
            zs: list[int] = []
            _common_elims(A, B, m1 | m2, elims, zs)
            if not elims:
                continue
            yield _xy_step(grid, A, B, C, m1, m2, zs, list(elims))


def _xy_step(grid: Grid, A: Als, B: Als, C: Als, m1: int, m2: int, zs: list[int], elims: list[tuple[int, int]]) -> Step:
    z_mask = sum(DIGIT_BIT[z] for z in zs)
    rc = m1 | m2
    detail = f"A={A.name}, B={B.name}, C={C.name}, X,Y={_digits(rc)}, Z={_digits(z_mask)}"
    allc = A.cells | B.cells | C.cells
    cands = (
        _als_candidates(grid, [A, B, C])
        + _mark(grid, allc, rc, "endofin")
        + _mark(grid, A.cells | B.cells, z_mask, "fin")
    )
    zt = _digits(z_mask, "/")
    why = (
        f"A={A.name} and C={C.name} share the restricted common {_digits(m1, '/')}, B={B.name} and C "
        f"share {_digits(m2, '/')}. If neither A nor B held {zt}, both would be locked, hold their "
        f"restricted commons and take them from C, leaving C too few digits. So {zt} is in A or B, "
        f"and a cell that sees every {zt} of A and B cannot hold it."
    )
    return Step(
        "Almost Locked Set XY-Wing",
        eliminations=sorted(elims),
        cells=cell_list(allc),
        candidates=cands,
        detail=detail,
        explanation=why,
    )


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
        entry = [(-len(elims), _index_sum(elims), len(path) + 1, ncells), s, path, elims]
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
            budget[0] -= len(out)
            if budget[0] < 0:
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
            budget[0] -= len(out)
            if budget[0] < 0:
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
    cands = _als_candidates(grid, chain_alses)
    prev = chain_alses[0]
    for (_k, m), a in zip(chain, chain_alses[1:]):
        cands += _mark(grid, prev.cells | a.cells, m, "endofin")
        prev = a
    zmask = sum(DIGIT_BIT[int(ch)] for ch in elim_digits)
    cands += _mark(grid, chain_alses[0].cells | chain_alses[-1].cells, zmask, "fin")
    rc_text = ", ".join(_digits(m, "/") for _, m in chain)
    zt = "/".join(elim_digits)
    why = (
        f"A chain of {len(ids)} almost locked sets linked by restricted commons {rc_text}. If the "
        f"first ALS {chain_alses[0].name} lacked {zt}, it would be locked and hold its restricted "
        f"common, which locks the next ALS, and so on along the chain, so the last ALS "
        f"{chain_alses[-1].name} would hold {zt}. So {zt} is in the first or the last ALS, and a "
        f"cell seeing all its candidates in both cannot hold it."
    )
    return Step(
        "Almost Locked Set XY-Chain",
        eliminations=sorted(elims),
        cells=cell_list(allc),
        candidates=cands,
        detail="".join(parts),
        explanation=why,
    )


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
    cands = _als_candidates(grid, petals)
    for d, a in zip(digits, petals):
        cands += _mark(grid, a.cells | (1 << stem), DIGIT_BIT[d], "endofin")
    cands += [(stem, d, "pivot") for d in digits]
    zt = _digits(zmask, "/")
    why = (
        f"Whichever digit the stem cell {cell_name(stem)} takes, the ALS attached to that digit "
        f"({', '.join(f'{d}: {a.name}' for d, a in zip(digits, petals))}) loses it and becomes "
        f"locked, so {zt} is in one of these ALS; cells seeing all their {zt} candidates cannot "
        f"hold it."
    )
    return Step(
        "Death Blossom",
        eliminations=sorted(elims),
        cells=cell_list(allc),
        candidates=cands,
        detail="".join(parts),
        explanation=why,
    )
