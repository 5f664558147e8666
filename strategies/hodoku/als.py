"""Almost Locked Sets: the sets and their restricted commons, ALS-XZ (singly and doubly
linked) and ALS-XY-Wing, following HoDoKu's AlsSolver (ALS-XY-Chain and Death Blossom, the
family's other two, are in :mod:`strategies.hodoku.als_chains`).

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

from collections.abc import Iterator
from dataclasses import dataclass

from strategies.registry import technique
from sudoku_logic.core.context import SolveContext, bounded_put, context
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    DIGIT_BIT,
    HOUSE_CELLS,
    MASK_DIGITS,
    MASK_SIZE,
    cell_list,
    cells_name,
    seen_by_all,
)
from sudoku_logic.core.step import Step

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


def position_alses(grid: Grid, ctx: SolveContext) -> list[Als]:
    """The ALS of ``grid`` (:func:`collect_alses`), kept per position in the solve's cache."""
    key = grid.key()
    alses = ctx.als.get(key)
    if alses is None:
        alses = bounded_put(ctx.als, key, collect_alses(grid))
    return alses


def als_data(grid: Grid, ctx: SolveContext, forward_only: bool = True) -> AlsData:
    """ALS and RCs of ``grid`` under the solve's ALS settings, kept per position in the
    solve's cache."""
    key = grid.key()
    opts = ctx.settings.als
    alses = position_alses(grid, ctx)
    rc_cache = ctx.als_rcs
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


def digits_text(mask: int, sep: str = ",") -> str:
    return sep.join(map(str, MASK_DIGITS[mask]))


def common_elims(a: Als, b: Als, exclude: int, elims: dict, zs: list) -> None:
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


def locked_elims(a: Als, b: Als, rc_mask: int, elims: dict) -> bool:
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


def als_candidates(grid: Grid, alses: list[Als]) -> list[tuple[int, int, str]]:
    out = []
    for k, a in enumerate(alses, 1):
        role = f"als{k}"
        for c in cell_list(a.cells):
            for d in MASK_DIGITS[grid.cands[c]]:
                out.append((c, d, role))
    return out


def mark(grid: Grid, cells: int, digits: int, role: str) -> list[tuple[int, int, str]]:
    out = []
    for c in cell_list(cells):
        for d in MASK_DIGITS[grid.cands[c] & digits]:
            out.append((c, d, role))
    return out


def als_step(name: str, elims, cells: int, cands: list, detail: str, why: str) -> Step:
    """An ALS technique's step: its eliminations (sorted), the cells of its sets, the marked
    candidates and its text."""
    return Step(
        name, eliminations=sorted(elims), cells=cell_list(cells), candidates=cands, detail=detail, explanation=why
    )


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
        common_elims(a, b, DIGIT_BIT[d1], elims, zs)
        doubly = False
        if d2:
            common_elims(a, b, DIGIT_BIT[d2], elims, zs)
            l1 = locked_elims(a, b, rc_mask, elims)
            l2 = locked_elims(b, a, rc_mask, elims)
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
    detail = f"A={a.name}, B={b.name}, X={digits_text(rc_mask)}"
    if zs:
        detail += f", Z={digits_text(z_mask)}"
    if d2 and doubly:
        why = (
            f"A={a.name} and B={b.name} are almost locked sets linked by two restricted commons "
            f"{d1} and {d2} (all their candidates in A see all of them in B), so each of A and B "
            f"loses one of them and the rest of each set is locked: its other digits leave every "
            f"cell that sees all their candidates in that set, and {d1} and {d2} leave cells "
            f"seeing all their candidates in both sets."
        )
    else:
        x = digits_text(rc_mask, " and ")
        zt = digits_text(z_mask, ", ") or "the common digits"
        why = (
            f"A={a.name} and B={b.name} are almost locked sets; {x} is a restricted common "
            f"(its candidates in A all see those in B), so at most one of them holds it and the "
            f"other is locked. Hence {zt} must be in A or B, and a cell that sees every such "
            f"candidate in both cannot hold it."
        )
    return _restricted_step(
        "Almost Locked Set XZ-Rule", grid, [a, b], rc_mask, a.cells | b.cells, zs, elims, detail, why
    )


def _restricted_step(
    name: str, grid: Grid, alses: list[Als], rc_mask: int, z_cells: int, zs: list[int], elims, detail: str, why: str
) -> Step:
    """The step of ALS linked by the restricted commons ``rc_mask`` whose digits ``zs`` leave the
    cells that see all of them in ``z_cells``: the sets' candidates marked, the commons and
    the Z digits among them too."""
    cells = 0
    for a in alses:
        cells |= a.cells
    z_mask = sum(DIGIT_BIT[z] for z in zs)
    cands = als_candidates(grid, alses) + mark(grid, cells, rc_mask, "endofin") + mark(grid, z_cells, z_mask, "fin")
    return als_step(name, elims, cells, cands, detail, why)


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
            common_elims(A, B, m1 | m2, elims, zs)
            if not elims:
                continue
            yield _xy_step(grid, A, B, C, m1, m2, zs, list(elims))


def _xy_step(grid: Grid, A: Als, B: Als, C: Als, m1: int, m2: int, zs: list[int], elims: list[tuple[int, int]]) -> Step:
    z_mask = sum(DIGIT_BIT[z] for z in zs)
    rc = m1 | m2
    detail = f"A={A.name}, B={B.name}, C={C.name}, X,Y={digits_text(rc)}, Z={digits_text(z_mask)}"
    zt = digits_text(z_mask, "/")
    why = (
        f"A={A.name} and C={C.name} share the restricted common {digits_text(m1, '/')}, B={B.name} and C "
        f"share {digits_text(m2, '/')}. If neither A nor B held {zt}, both would be locked, hold their "
        f"restricted commons and take them from C, leaving C too few digits. So {zt} is in A or B, "
        f"and a cell that sees every {zt} of A and B cannot hold it."
    )
    return _restricted_step("Almost Locked Set XY-Wing", grid, [A, B, C], rc, A.cells | B.cells, zs, elims, detail, why)
