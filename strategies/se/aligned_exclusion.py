"""Aligned Pair Exclusion and Aligned Triplet Exclusion, found as Sudoku Explainer finds them.

Two or three cells (the aligned cells) that all see the same small cells (the excluders: two
candidates for the pair, two or three for the triplet) cannot take digits that would use up
every candidate of one excluder, nor the same digit twice where two of them share a house.
A candidate of an aligned cell that every combination holding it breaks is eliminated.

The search is SE's ``AlignedPairExclusion`` and ``AlignedExclusion(3)`` and yields their
hints in the order SE adds them (SE's solver takes the first), a hint equal to an earlier
one (same cells, same eliminations) left out as SE's accumulators leave it out:

- base cells: every cell with two or more candidates that sees at least one excluder and
  no cell with a single candidate, row by row;
- pairs of base cells by their later cell, then their earlier one;
- for the triplet, the third cell is a base cell among the excluders of the pair's first
  cell (in SE's house order: its box, its row, its column), then among those of the second;
- a set of aligned cells needs at least two excluders seeing all of them.

SE tries every combination of the cells' candidates for every such set. Here the pairs
and sets that cannot have two common excluders are never formed (a cell must see two of the
excluders already shared), the surviving digits come from bit sets (:func:`pair_exclusions`;
for a triplet, all the combinations of two of its cells are one 81-bit set), and the triplet
rule first finds the eliminating sets in any order (:func:`triplet_removals`), walking SE's
order only when there are some. None of this changes what is yielded or its order.

Twin of ``sudoku_logic/native/se/aligned_exclusion.c``.
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import se_rule
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    BOX_OF,
    CELL_BIT,
    COL_OF,
    DIGIT_BIT,
    HOUSE_CELLS,
    HOUSE_MASK,
    MASK_DIGITS,
    PEERS,
    ROW_OF,
    cell_list,
    cell_name,
    cells_name,
    house_name,
)
from sudoku_logic.core.step import LazyStep, Step

PAIR = "Aligned Pair Exclusion"
TRIPLET = "Aligned Triplet Exclusion"


def _se_house_order(cell: int) -> tuple[int, ...]:
    """The cells sharing a house with ``cell`` in the order SE lists them (``getHouseCells``:
    the box row by row, then the rest of the row, then the rest of the column)."""
    out: list[int] = []
    for h in (18 + BOX_OF[cell], ROW_OF[cell], 9 + COL_OF[cell]):
        out.extend(x for x in HOUSE_CELLS[h] if x != cell and x not in out)
    return tuple(out)


#: SE_RANK[cell][other]: where ``other`` comes in SE's list of the cells sharing a house
#: with ``cell`` (81 for a cell that shares none).
SE_RANK: tuple[tuple[int, ...], ...] = tuple(
    tuple(order.index(x) if x in order else 81 for x in range(81)) for order in map(_se_house_order, range(81))
)


def _seen_twice(cells: int) -> int:
    """81-bit set of the cells that see at least two cells of ``cells``."""
    ones = twos = 0
    while cells:
        low = cells & -cells
        s = PEERS[low.bit_length() - 1]
        twos |= ones & s
        ones |= s
        cells ^= low
    return twos


def _bases(grid: Grid, degree: int) -> tuple[list[int], int, list[int]]:
    """SE's base cells for aligned sets of ``degree`` cells: ``(cells ascending, their 81-bit
    set, excluders)`` where ``excluders[cell]`` is the 81-bit set of the cells sharing a house
    with ``cell`` that have two to ``degree`` candidates."""
    at1 = at2 = at3 = at4 = 0  # cells with at least k candidates
    for p in grid.pos[1:]:
        at4 |= at3 & p
        at3 |= at2 & p
        at2 |= at1 & p
        at1 |= p
    small = at2 & ~at3 if degree == 2 else at2 & ~at4
    singles = at1 & ~at2
    blocked = 0
    while singles:  # SE skips a cell that sees a naked single
        low = singles & -singles
        blocked |= PEERS[low.bit_length() - 1]
        singles ^= low
    excluders = [0] * 81
    bases = []
    rest = at2 & ~blocked
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        rest ^= low
        ex = PEERS[c] & small
        if ex:
            excluders[c] = ex
            bases.append(c)
    baseset = 0
    for c in bases:
        baseset |= CELL_BIT[c]
    return bases, baseset, excluders


def pair_exclusions(cands: list[int], a: int, b: int, common: int) -> int:
    """The candidates of the aligned pair ``a``, ``b`` that no allowed combination keeps, as
    ``(mask of a) | (mask of b) << 9``, given the 81-bit set ``common`` of their bivalue
    excluders. A combination is barred when the two digits are equal and the cells share a
    house, or when they are the two candidates of an excluder."""
    ma, mb = cands[a], cands[b]
    links = []  # excluders whose two digits a and b can take between them
    while common:
        low = common & -common
        common ^= low
        m = cands[low.bit_length() - 1]
        lo = m & -m
        hi = m ^ lo
        if (lo & ma and hi & mb or hi & ma and lo & mb) and m not in links:
            links.append(m)
    same = PEERS[a] >> b & 1
    # a digit leaves a (or b) only if each candidate of the other cell is barred with it: by
    # being equal to it, or by one excluder each
    if len(links) + same < 2:
        return 0
    other = [0] * 9  # digit index -> digits it makes an excluder with
    for m in links:
        lo = m & -m
        hi = m ^ lo
        other[lo.bit_length() - 1] |= hi
        other[hi.bit_length() - 1] |= lo
    out = 0
    bits = ma
    while bits:
        p = bits & -bits
        bits ^= p
        if not mb & ~(other[p.bit_length() - 1] | (p if same else 0)):
            out |= p
    bits = mb
    while bits:
        q = bits & -bits
        bits ^= q
        if not ma & ~(other[q.bit_length() - 1] | (q if same else 0)):
            out |= q << 9
    return out


# Combinations of the digits of two cells as 81-bit sets: bit ``9 * (q - 1) + (r - 1)`` stands
# for the first cell holding q and the second r.
_REP = sum(1 << 9 * i for i in range(9))  # bit 0 of every row
#: ROWS[m]: the combinations whose first digit is in the 9-bit mask m
ROWS: tuple[int, ...] = tuple(sum(0x1FF << 9 * i for i in range(9) if m >> i & 1) for m in range(512))
#: COLS[m]: the combinations whose second digit is in m
COLS: tuple[int, ...] = tuple(m * _REP for m in range(512))
_SAME = sum(1 << 10 * i for i in range(9))  # both digits equal
_ROW = tuple(0x1FF << 9 * i for i in range(9))  # first digit is i + 1
_COL = tuple(_REP << i for i in range(9))  # second digit is i + 1


def _both_ways(s: int, t: int) -> int:
    return 1 << 9 * s + t | 1 << 9 * t + s


def _barred_with(p: int, m: int) -> int:
    """The combinations (q, r) of two cells that, with digit index ``p`` in a third cell, take
    every candidate of a cell whose candidates are the mask ``m`` (two or three digits)."""
    rest = [i for i in range(9) if m >> i & 1 and i != p]
    if len(rest) == 1:  # m is {p, s}: q or r is s
        return _ROW[rest[0]] | _COL[rest[0]]
    if len(rest) == 2:  # {q, r} is the rest of m
        return _both_ways(*rest)
    return 0  # three digits besides p: two cells cannot cover them


#: BARRED[p][m]: see :func:`_barred_with` (0 for masks of other sizes)
BARRED: tuple[tuple[int, ...], ...] = tuple(
    tuple(_barred_with(p, m) if 2 <= m.bit_count() <= 3 else 0 for m in range(512)) for p in range(9)
)
#: ALIKE[2 * xy + xz][i]: the combinations (q, r) barred with digit index i in a third cell x
#: when x shares a house with the first cell (xy) or the second (xz)
ALIKE: tuple[tuple[int, ...], ...] = tuple(
    tuple((_ROW[i] if xy else 0) | (_COL[i] if xz else 0) for i in range(9)) for xy in (0, 1) for xz in (0, 1)
)
_GATHER = sum(1 << 72 - 8 * i for i in range(9))  # times bit 9i lands on bit 72 + i alone


# ----------------------------------------------------------------------------- finders


@se_rule(PAIR, (PAIR,))
def aligned_pair_exclusion(grid: Grid) -> Iterator[Step]:
    """SE's Aligned Pair Exclusion hints in SE's order: two base cells seeing at least two
    common bivalue cells lose the candidates that every choice for the other cell rules out
    (equal digits in one house, or both digits of a common bivalue cell)."""
    cands = grid.cands
    bases, baseset, excluders = _bases(grid, 2)
    for a, b in _se_pairs(bases, baseset, excluders):
        common = excluders[a] & excluders[b]
        out = pair_exclusions(cands, a, b, common)
        if out:
            yield aligned_step(PAIR, grid, (a, b), common, (out & 0x1FF, out >> 9))


def _se_pairs(bases: list[int], baseset: int, excluders: list[int]) -> Iterator[tuple[int, int]]:
    """SE's walk over pairs of base cells: for each base cell, the earlier ones sharing two
    excluders with it, earliest first, as (earlier, later)."""
    for b in bases:
        # earlier base cells sharing two excluders with b
        partners = _seen_twice(excluders[b]) & baseset & (CELL_BIT[b] - 1)
        while partners:
            low = partners & -partners
            partners ^= low
            yield low.bit_length() - 1, b


def triplet_removals(grid: Grid) -> dict[int, tuple[tuple[int, int, int], tuple[int, int, int]]]:
    """Every set of three cells SE's Aligned Triplet Exclusion looks at that eliminates
    something: ``{cells as an 81-bit set: (cells ascending, digit masks they lose)}``.

    The sets are met once each (ascending), not in SE's order: a set is one SE reaches when it
    has two excluders seeing all three cells and one of its cells is an excluder of another
    (SE takes the third cell from the excluders of a pair)."""
    cands = grid.cands
    bases, baseset, excluders = _bases(grid, 3)
    found = {}
    rows, cols, barred_by, peers = ROWS, COLS, BARRED, PEERS
    for a in bases:
        ea = excluders[a]
        # later base cells sharing two excluders with a
        partners = _seen_twice(ea) & baseset & ~((CELL_BIT[a] << 1) - 1)
        while partners:
            low = partners & -partners
            partners ^= low
            b = low.bit_length() - 1
            eb = excluders[b]
            common_ab = ea & eb
            # later base cells seeing two of the pair's common excluders
            thirds = _seen_twice(common_ab) & baseset & ~((low << 1) - 1)
            ab = CELL_BIT[a] | low
            if not (ea | eb) & ab:
                # SE only reaches a set if one of its cells is an excluder of another
                # (two or three candidates, seeing it): here c must be one of a or b, or
                # see one of them that is one
                reach = ea | eb
                if cands[a].bit_count() <= 3:
                    reach |= peers[a]
                if cands[b].bit_count() <= 3:
                    reach |= peers[b]
                thirds &= reach
            while thirds:
                low_c = thirds & -thirds
                thirds ^= low_c
                c = low_c.bit_length() - 1
                trio = ab | low_c
                common = common_ab & excluders[c]
                ma, mb, mc = cands[a], cands[b], cands[c]
                # an excluder with a digit none of the three has can never be emptied
                union = ma | mb | mc
                masks = []
                while common:
                    e = common & -common
                    common ^= e
                    m = cands[e.bit_length() - 1]
                    if not m & ~union:
                        masks.append(m)
                if not masks and not (peers[a] >> b & 1 and peers[a] >> c & 1 and peers[b] >> c & 1):
                    # only equal digits in a shared house are barred: a candidate goes only
                    # if the other two cells see it and each other and hold just it and one
                    # same other digit
                    continue
                # the cell with the fewest candidates is x: its digits p are tried one by
                # one against all the combinations (q, r) of y and z at once
                na, nb, nc = ma.bit_count(), mb.bit_count(), mc.bit_count()
                if na <= nb and na <= nc:
                    k, x, y, z, mx, my, mz = 0, a, b, c, ma, mb, mc
                elif nb <= nc:
                    k, x, y, z, mx, my, mz = 1, b, a, c, mb, ma, mc
                else:
                    k, x, y, z, mx, my, mz = 2, c, a, b, mc, ma, mb
                combos = rows[my] & cols[mz]
                same = _SAME if peers[y] >> z & 1 else 0
                px = peers[x]
                alike = ALIKE[(px >> y & 1) << 1 | px >> z & 1]
                keep_x = kept = 0
                bits = mx
                while bits:
                    d = bits & -bits
                    bits ^= d
                    i = d.bit_length() - 1
                    barred = same | alike[i]
                    bp = barred_by[i]
                    for m in masks:
                        barred |= bp[m]
                    allowed = combos & ~barred
                    if allowed:
                        keep_x |= d
                        kept |= allowed
                # the digits of y and z that some allowed combination uses: the rows of
                # kept (each row's bits gathered on its first bit, those moved together)
                t = kept | kept >> 1
                t |= t >> 2
                t |= t >> 4
                used_y = ((t | kept >> 8) & _REP) * _GATHER >> 72 & 0x1FF
                # and its columns (its nine rows or-ed together)
                t = kept | kept >> 45
                t = (t | t >> 27) & 0x7FFFFFF
                used_z = (t | t >> 9 | t >> 18) & 0x1FF
                if keep_x == mx and used_y == my and used_z == mz:
                    continue
                out_x, out_y, out_z = mx & ~keep_x, my & ~used_y, mz & ~used_z
                if k == 0:
                    out = (out_x, out_y, out_z)
                elif k == 1:
                    out = (out_y, out_x, out_z)
                else:
                    out = (out_y, out_z, out_x)
                found[trio] = ((a, b, c), out)
    return found


@se_rule(TRIPLET, (TRIPLET,))
def aligned_triplet_exclusion(grid: Grid) -> Iterator[Step]:
    """SE's Aligned Triplet Exclusion hints in SE's order: three base cells (a pair, and a
    third cell among the pair's excluders) seeing at least two common cells of two or three
    candidates lose the candidates that no allowed combination of the three keeps.

    The sets that eliminate something are found first (:func:`triplet_removals`); only when
    there are some is SE's walk over pairs and third cells made, to yield them in its order."""
    found = triplet_removals(grid)
    if not found:
        return
    bases, baseset, excluders = _bases(grid, 3)
    for c0, c1 in _se_pairs(bases, baseset, excluders):
        e0, e1 = excluders[c0], excluders[c1]
        pair = CELL_BIT[c0] | CELL_BIT[c1]
        # SE's "twin area": base cells among the excluders of c0, then of c1
        tails = _seen_twice(e0 & e1) & (e0 | e1) & baseset & ~pair
        order = sorted(cell_list(tails & e0), key=SE_RANK[c0].__getitem__)
        order += sorted(cell_list(tails & ~e0), key=SE_RANK[c1].__getitem__)
        for t in order:
            key = pair | CELL_BIT[t]
            if key in found:  # a set met again would give an equal hint: SE keeps one
                cells, removed = found.pop(key)
                by_cell = dict(zip(cells, removed))
                yield aligned_step(
                    TRIPLET, grid, (c0, c1, t), e0 & e1 & excluders[t], (by_cell[c0], by_cell[c1], by_cell[t])
                )
                if not found:
                    return


# ----------------------------------------------------------------------------- text


def aligned_step(technique: str, grid: Grid, cells: tuple[int, ...], common: int, removed: tuple[int, ...]) -> Step:
    """The step eliminating ``removed[k]`` (a digit mask) from ``cells[k]``; its text is
    built when first read, from the candidates the cells have now."""
    excluders = sorted(cell_list(common), key=SE_RANK[cells[0]].__getitem__)  # SE's order
    snap = {c: grid.cands[c] for c in (*cells, *excluders)}
    eliminations = sorted((c, d) for c, m in zip(cells, removed) for d in MASK_DIGITS[m])
    return LazyStep(
        technique,
        lambda: _text(cells, excluders, snap, eliminations),
        eliminations=eliminations,
        facts={"cells": len(cells)},
    )


def _shared_house(a: int, b: int) -> int | None:
    """The first house (row, column, box) holding both cells, or None."""
    for h in (ROW_OF[a], 9 + COL_OF[a], 18 + BOX_OF[a]):
        if HOUSE_MASK[h] >> b & 1:
            return h
    return None


def _why_barred(cells, combo, excluders, snap) -> tuple | None:
    """Why the digits ``combo`` cannot fill ``cells``: ``("twice", digit, house)`` or
    ``("empty", excluder)``; None if they can."""
    n = len(cells)
    for i in range(n):
        for j in range(i + 1, n):
            if combo[i] == combo[j]:
                h = _shared_house(cells[i], cells[j])
                if h is not None:
                    return ("twice", combo[i], h)
    used = 0
    for d in combo:
        used |= DIGIT_BIT[d]
    for e in excluders:
        if not snap[e] & ~used:
            return ("empty", e)
    return None


def _or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _text(cells, excluders, snap, eliminations) -> dict:
    """The step's presentation: aligned cells and the excluders the proof uses, the reasons
    every combination holding an eliminated candidate fails."""
    n = len(cells)
    parts = []
    used: list[int] = []
    twice_houses: set[int] = set()
    for cell, d in eliminations:
        k = cells.index(cell)
        others = [c for c in cells if c != cell]
        groups: dict[tuple, list[str]] = {}
        combos: list[tuple[int, ...]] = [()]
        for c in others:
            combos = [t + (e,) for t in combos for e in MASK_DIGITS[snap[c]]]
        for rest in combos:
            combo = rest[:k] + (d,) + rest[k:]
            why = _why_barred(cells, combo, excluders, snap)
            # a combination holding an eliminated candidate is always barred: why is not None
            groups.setdefault(why, []).append("/".join(map(str, rest)))  # type: ignore[arg-type]
        reasons = []
        for why, alts in groups.items():
            if why[0] == "twice":
                twice_houses.add(why[2])
                who = "both" if n == 2 else "two cells"
                text = f"{who} would be {why[1]} in {house_name(why[2], False)}"
            else:
                if why[1] not in used:
                    used.append(why[1])
                text = f"{cell_name(why[1])} would have no candidate left"
            reasons.append(f"with {_or_list(alts)} {text}")
        whom = "/".join(cell_name(c) for c in others)
        parts.append(
            f"{cell_name(cell)}={d} fails whatever {whom} hold{'s' if len(others) == 1 else ''}: "
            + "; ".join(reasons)
            + "."
        )
    used.sort(key=excluders.index)
    names = _and_list([cell_name(c) for c in cells])
    if used:
        seen = _and_list([f"{cell_name(e)} ({'/'.join(map(str, MASK_DIGITS[snap[e]]))})" for e in used])
        head = (
            f"{names} {'both' if n == 2 else 'all'} see {seen}: their digits cannot take every "
            f"candidate of one of those cells, nor repeat a digit in a house they share. "
        )
    else:
        head = f"{names} cannot repeat a digit in a house they share. "
    result = ", ".join(f"{cell_name(c)}<>{d}" for c, d in eliminations)
    pattern = list(cells) + used
    houses = sorted(
        twice_houses
        | {
            h
            for h in range(27)
            if any(HOUSE_MASK[h] >> c & 1 for c in cells) and sum(HOUSE_MASK[h] >> c & 1 for c in pattern) >= 2
        }
    )
    return dict(
        cells=pattern,
        candidates=[(c, d, "pattern") for c in cells for d in MASK_DIGITS[snap[c]]]
        + [(e, d, "pincer") for e in used for d in MASK_DIGITS[snap[e]]],
        houses=houses,
        detail=cells_name(cells),
        explanation=head + " ".join(parts) + f" So {result}.",
    )
