"""Kraken Fish Type 1 and 2: a finned (basic) fish whose fins are tied to the target by
forcing chains.

For digit d, ``n`` base lines (rows, or columns) hold all their d's in ``n`` cover lines
plus a few fins. Either some fin is d, or the fish stands: then every cover line takes its d
from the base lines.

- **Type 1**: a d in a cover line outside the base lines is false if the fish stands; if each
  fin being d also rules it out (by a forcing chain), it is false in every case.
- **Type 2**: if the fish stands, one cover line's d is one of its base cells; if each of those
  cells and each fin, being d, rules out the same candidate (by forcing chains), that
  candidate is false.

Fins that the target sees directly are ordinary finned fish (left to the fish finders); a
Kraken needs at least one fin reached only through a chain. Chains are the bivalue/bilocal
forcing chains of :mod:`strategies.hodoku.forcing` (static branches, shared with those finders).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from strategies.chain_core import ALL81, bits
from strategies.hodoku.forcing import analysis
from strategies.hodoku.implications import STATIC
from strategies.registry import technique
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_MASK, PEERS, cell_name, cells_name
from sudoku_logic.core.step import Step

MAX_FINS = 2
SIZE_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _line_sets(pos: int, rows: bool) -> list[tuple[int, int]]:
    """``(house, 9-bit mask of the crossing lines holding d)`` for base lines with 2+ d's."""
    out = []
    for i in range(9):
        h = i if rows else 9 + i
        cells = pos & HOUSE_MASK[h]
        if cells.bit_count() >= 2:
            m = 0
            for c in bits(cells):
                m |= 1 << (c % 9 if rows else c // 9)
            out.append((h, m))
    return out


def finned_fish(grid: Grid, d: int) -> Iterator[tuple[tuple, tuple, int, int]]:
    """Basic finned fish for ``d``: ``(base houses, cover houses, base cells, fins)`` with
    1..MAX_FINS fins, sizes 2..4, rows then columns as base."""
    pos = grid.pos[d]
    for rows in (True, False):
        lines = _line_sets(pos, rows)
        for n in (2, 3, 4):
            for combo in combinations(lines, n):
                union = 0
                for _, m in combo:
                    union |= m
                k = union.bit_count()
                if k <= n or k > n + MAX_FINS:
                    continue
                base = tuple(h for h, _ in combo)
                bcells = 0
                for h in base:
                    bcells |= pos & HOUSE_MASK[h]
                cross = [i for i in range(9) if union >> i & 1]
                for cover_idx in combinations(cross, n):
                    cover = tuple((9 + i) if rows else i for i in cover_idx)
                    cmask = 0
                    for h in cover:
                        cmask |= HOUSE_MASK[h]
                    fins = bcells & ~cmask
                    if 0 < fins.bit_count() <= MAX_FINS:
                        # every base line needs a d inside the covers, or the "fish" is void
                        if all(pos & HOUSE_MASK[h] & cmask for h in base):
                            yield base, cover, bcells, fins


def _fish_name(n: int, d: int, base, cover, fins: int) -> str:
    def hs(hh):
        kind = "r" if hh[0] < 9 else "c"
        return kind + "".join(str(h % 9 + 1) for h in hh)

    fin_txt = " ".join("f" + cell_name(c) for c in bits(fins))
    return f"Finned {SIZE_NAMES[n]}: {d} {hs(base)} {hs(cover)} {fin_txt}"


def _kraken(grid: Grid, kind: int, ctx: SolveContext | None) -> Iterator[Step]:
    an = analysis(grid, ctx)
    cached = getattr(an, "kraken", None)
    if cached is None:
        cached = an.kraken = _search(grid, an)
    name = f"Kraken Fish Type {kind}"
    items = sorted(cached[kind].items(), key=lambda kv: (kv[1][0], kv[0][1], kv[0][2]))
    for fact, (size, info) in items:
        yield _step(name, kind, fact, size, info, an)


def _search(grid: Grid, an) -> dict:
    """Both types' eliminations of this position: ``{kind: {fact: (size, info)}}``."""
    P = an.P
    out: dict = {1: {}, 2: {}}
    for d in range(1, 10):
        pos = grid.pos[d]
        shift = 81 * (d - 1)
        for base, cover, bcells, fins in finned_fish(grid, d):
            fin_brs = [an.branch(STATIC, True, f, d) for f in bits(fins)]
            if any(b.contradiction is not None for b in fin_brs):
                continue  # a fin that breaks: a contradiction step says more
            fin_offs = P.all
            for b in fin_brs:
                fin_offs &= b.off
            if not fin_offs:
                continue
            cmask = 0
            for h in cover:
                cmask |= HOUSE_MASK[h]
            buddies = ALL81
            for f in bits(fins):
                buddies &= PEERS[f]
            # Type 1
            targets = pos & cmask & ~bcells & ~buddies
            hits = (fin_offs >> shift) & targets
            for x in bits(hits):
                premises = [(True, f, d) for f in bits(fins)]
                _keep(out[1], (False, x, d), (base, cover, bcells, fins, d, None, premises, fin_brs))
            # Type 2
            rest = fin_offs & ~(cmask << shift)
            if not rest:
                continue
            for h in cover:
                inside = pos & HOUSE_MASK[h] & bcells & ~fins
                if not inside:
                    continue
                offs = rest
                in_brs = []
                for c in bits(inside):
                    b = an.branch(STATIC, True, c, d)
                    if b.contradiction is not None:
                        offs = 0
                        break
                    in_brs.append(b)
                    offs &= b.off
                    if not offs:
                        break
                for i in bits(offs):
                    e, x = divmod(i, 81)
                    premises = [(True, c, d) for c in bits(inside)] + [(True, f, d) for f in bits(fins)]
                    _keep(out[2], (False, x, e + 1), (base, cover, bcells, fins, d, h, premises, in_brs + fin_brs))
    return out


def _keep(found: dict, fact, info) -> None:
    brs = info[7]
    size = sum(len(b.path_to(fact)) for b in brs)
    if fact not in found or size < found[fact][0]:
        found[fact] = (size, info)


def _step(name: str, kind: int, fact, size: int, info, an) -> Step:
    base, cover, bcells, fins, d, house, premises, _ = info
    brs = [an.fresh(STATIC, *p) for p in premises]
    _, x, e = fact
    fish = _fish_name(len(base), d, base, cover, fins)
    chains = [b.render(fact) for b in brs]
    fin_list = ", ".join(cell_name(f) for f in bits(fins))
    if kind == 1:
        why = (
            f"if none of the fins ({fin_list}) is {d}, the fish puts the {d}s of its cover lines "
            f"in its base lines, so {cell_name(x)} is not {d}; if a fin is {d}, its chain rules "
            f"out {cell_name(x)}={d} as well"
        )
    else:
        inside = [p[1] for p in premises if not fins >> p[1] & 1]
        where = f"one of {cells_name(inside)}" if len(inside) > 1 else cell_name(inside[0])
        why = (
            f"if none of the fins ({fin_list}) is {d}, the {d} of {_house(house)} is {where}; "
            f"each of those cells and each fin, as {d}, rules out {cell_name(x)}={e}"
        )
    ids = {(p[1], p[2]) for p in premises}
    cands = [(c, d, "pattern") for c in bits(bcells & ~fins)] + [(f, d, "fin") for f in bits(fins)]
    for b in brs:
        for f in b.path_to(fact)[1:]:
            if (f[1], f[2]) not in ids:
                ids.add((f[1], f[2]))
                cands.append((f[1], f[2], "on" if f[0] else "off"))
    total = len(set().union(*(b.ancestors([fact]) for b in brs)))
    return Step(
        name,
        eliminations=[(x, e)],
        cells=sorted(bits(bcells)),
        candidates=cands,
        houses=list(base) + list(cover),
        detail=fish,
        explanation=f"{fish}: {why}. So {cell_name(x)} cannot be {e}.",
        facts={"size": total},
        chains=chains,
    )


def _house(h: int) -> str:
    return ("row", "column", "box")[h // 9] + f" {h % 9 + 1}"


@technique("Kraken Fish Type 1")
def kraken_type1(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Finned fish whose fins each reach, by a forcing chain, a fish-digit candidate of a cover
    line outside the base lines: that candidate goes."""
    yield from _kraken(grid, 1, ctx)


@technique("Kraken Fish Type 2")
def kraken_type2(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Finned fish where one cover line's base cells and every fin, each as the fish digit,
    rule out the same candidate by forcing chains: that candidate goes."""
    yield from _kraken(grid, 2, ctx)
