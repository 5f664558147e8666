"""Wings: XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing.

A pivot cell and pincer cells whose candidates force one digit (z) into at least one of the
pincers (and the pivot, for XYZ/WXYZ); every cell that sees all the cells holding z loses z.
XY/XYZ/W-Wing follow HoDoKu's WingSolver; WXYZ-Wing is not in HoDoKu (see its docstring).
Sudoku Explainer's XY- and XYZ-Wings (:mod:`strategies.se.wings`) make their steps with
:func:`wing_step`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from strategies._pattern_tools import conjugate_pairs
from strategies.registry import technique
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    CELL_BIT,
    DIGIT_BIT,
    MASK_DIGITS,
    MASK_SIZE,
    PEERS,
    cell_list,
    cell_name,
    cells_name,
    house_name,
)
from sudoku_logic.core.step import Step


def _cells_with(grid: Grid, sizes: tuple[int, ...]) -> int:
    """81-bit set of the empty cells whose number of candidates is in ``sizes`` (1 to 4)."""
    by_size = grid.cells_by_size()
    m = 0
    for n in sizes:
        m |= by_size[n - 1]
    return m


def wing_step(name: str, grid: Grid, pivot: int, pincers: list[int], z: int, elim: int, values: str, why: str) -> Step:
    """The wing ``name`` of ``pivot`` and ``pincers`` forcing ``z``: the cells ``elim`` (an
    81-bit set) lose it; ``values`` names the digits, ``why`` explains."""
    cands = grid.cands
    cells = [pivot] + pincers
    return Step(
        name,
        eliminations=[(c, z) for c in cell_list(elim)],
        cells=cells,
        candidates=[(pivot, d, "pivot") for d in MASK_DIGITS[cands[pivot]]]
        + [(p, d, "pincer") for p in pincers for d in MASK_DIGITS[cands[p]]],
        detail=f"{values} in {cells_name(cells)}",
        explanation=why,
    )


# ----------------------------------------------------------------------------- XY-Wing


@technique("XY-Wing")
def xy_wing(grid: Grid) -> Iterator[Step]:
    """Pivot xy seeing pincers xz and yz (all bivalue): z leaves every cell seeing both
    pincers. In HoDoKu's order: by the three cells (ascending), then the pivot's place among
    them."""
    cands = grid.cands
    bimask = _cells_with(grid, (2,))
    bival = cell_list(bimask)
    found = []
    for pivot in bival:
        pm = cands[pivot]
        x, y = MASK_DIGITS[pm]
        # pincers: bivalue peers sharing exactly one digit with the pivot
        with_x: list[int] = []
        with_y: list[int] = []
        for q in cell_list(PEERS[pivot] & bimask):
            qm = cands[q]
            common = qm & pm
            if MASK_SIZE[common] != 1:
                continue
            (with_x if common == DIGIT_BIT[x] else with_y).append(q)
        for a in with_x:
            zm = cands[a] & ~pm
            for b in with_y:
                if cands[b] & ~pm != zm:
                    continue
                z = MASK_DIGITS[zm][0]
                elim = grid.pos[z] & PEERS[a] & PEERS[b]
                if elim:
                    trio = sorted((pivot, a, b))
                    found.append((trio, trio.index(pivot), pivot, a, b, x, y, z, elim))
    found.sort(key=lambda f: (f[0], f[1]))
    for _, _, pivot, a, b, x, y, z, elim in found:
        yield wing_step(
            "XY-Wing",
            grid,
            pivot,
            [a, b],
            z,
            elim,
            f"{x}/{y}/{z}",
            f"{cell_name(pivot)} is {x} or {y}. If {x}, {cell_name(a)} ({x}/{z}) is {z}; if {y}, "
            f"{cell_name(b)} ({y}/{z}) is {z}. Either way one of them is {z}, so a cell that sees "
            f"both cannot be {z}.",
        )


# ----------------------------------------------------------------------------- XYZ-Wing


@technique("XYZ-Wing")
def xyz_wing(grid: Grid) -> Iterator[Step]:
    """Pivot xyz seeing pincers xz and yz: z leaves every cell seeing all three."""
    cands = grid.cands
    bimask = _cells_with(grid, (2,))
    for pivot in cell_list(_cells_with(grid, (3,))):
        pm = cands[pivot]
        subs = [q for q in cell_list(PEERS[pivot] & bimask) if cands[q] & ~pm == 0]
        for a, b in combinations(subs, 2):
            am, bm = cands[a], cands[b]
            if am == bm:
                continue
            zm = am & bm
            z = MASK_DIGITS[zm][0]
            elim = grid.pos[z] & PEERS[pivot] & PEERS[a] & PEERS[b]
            if not elim:
                continue
            x = MASK_DIGITS[am & ~zm][0]
            y = MASK_DIGITS[bm & ~zm][0]
            d1, d2, d3 = MASK_DIGITS[pm]
            yield wing_step(
                "XYZ-Wing",
                grid,
                pivot,
                [a, b],
                z,
                elim,
                f"{d1}/{d2}/{d3}",
                f"{cell_name(pivot)} is {x}, {y} or {z}. If {x}, {cell_name(a)} is {z}; if {y}, "
                f"{cell_name(b)} is {z}; otherwise {cell_name(pivot)} itself is {z}. A cell that sees "
                f"all three cannot be {z}.",
            )


# ----------------------------------------------------------------------------- W-Wing


@technique("W-Wing")
def w_wing(grid: Grid) -> Iterator[Step]:
    """Two bivalue cells with the same digits x/y and a strong link on y whose ends see one
    bivalue cell each: one of the two cells is x, so x leaves every cell seeing both."""
    cands = grid.cands
    bival = cell_list(_cells_with(grid, (2,)))
    pos = grid.pos
    pairs: dict[int, list[tuple[int, int, int]]] = {}  # each digit's strong links, found once
    for i, c1 in enumerate(bival):
        m = cands[c1]
        d1, d2 = MASK_DIGITS[m]
        for c2 in bival[i + 1 :]:
            if cands[c2] != m:
                continue
            both = PEERS[c1] & PEERS[c2]
            for x, y in ((d1, d2), (d2, d1)):
                elim = pos[x] & both
                if not elim:
                    continue
                if y not in pairs:
                    pairs[y] = conjugate_pairs(pos[y])
                link = _w_link(pairs[y], c1, c2)
                if link is None:
                    continue
                h, l1, l2 = link
                yield Step(
                    "W-Wing",
                    eliminations=[(c, x) for c in cell_list(elim)],
                    cells=[c1, c2, l1, l2],
                    houses=[h],
                    candidates=[
                        (c1, x, "pincer"),
                        (c1, y, "pincer"),
                        (c2, x, "pincer"),
                        (c2, y, "pincer"),
                        (l1, y, "pattern"),
                        (l2, y, "pattern"),
                    ],
                    detail=f"{x}/{y} in {cells_name([c1, c2])} connected by {y} in {cells_name([l1, l2])}",
                    explanation=(
                        f"{cell_name(c1)} and {cell_name(c2)} both hold only {x} and {y}. In "
                        f"{house_name(h, False)} the {y} must go in {cell_name(l1)} or {cell_name(l2)}, which "
                        f"see {cell_name(c1)} and {cell_name(c2)}: so they are not both {y}, one of them is "
                        f"{x}, and a cell seeing both cannot be {x}."
                    ),
                )


def _w_link(pairs: list[tuple[int, int, int]], c1: int, c2: int) -> tuple[int, int, int] | None:
    """First of a digit's conjugate ``pairs`` (rows, columns, boxes) whose two cells are
    neither ``c1`` nor ``c2``, one seeing ``c1`` and the other ``c2``: ``(house, l1, l2)``
    with ``l1`` seeing ``c1``."""
    ends = CELL_BIT[c1] | CELL_BIT[c2]
    for h, a, b in pairs:
        if (CELL_BIT[a] | CELL_BIT[b]) & ends:
            continue
        if PEERS[a] >> c1 & 1 and PEERS[b] >> c2 & 1:
            return h, a, b
        if PEERS[b] >> c1 & 1 and PEERS[a] >> c2 & 1:
            return h, b, a
    return None


# ----------------------------------------------------------------------------- WXYZ-Wing


@technique("WXYZ-Wing")
def wxyz_wing(grid: Grid) -> Iterator[Step]:
    """A pivot and three pincers that each see the pivot, holding four digits between them,
    where every digit but one (z) is restricted (all the pattern's cells holding it see each
    other). Three restricted digits can fill at most three of the four cells, so z is in one
    of the cells holding it, and a cell seeing all of those loses z.

    HoDoKu has no WXYZ-Wing; this is the common 'hinge with three wings' form (the pivot may
    hold 2 to 4 digits). Each set of four cells is reported once.
    """
    cands = grid.cands
    small = _cells_with(grid, (2, 3, 4))
    pos = grid.pos
    seen = set()
    for pivot in cell_list(small):
        pm = cands[pivot]
        wings = [(q, cands[q]) for q in cell_list(PEERS[pivot] & small) if MASK_SIZE[cands[q] | pm] <= 4]
        n = len(wings)
        if n < 3:
            continue
        for i in range(n - 2):
            qa, ma = wings[i]
            ua = pm | ma
            pa = PEERS[qa]
            for j in range(i + 1, n - 1):
                qb, mb = wings[j]
                ub = ua | mb
                if MASK_SIZE[ub] > 4:
                    continue
                # the pivot sees every pincer, so a digit is unrestricted exactly when two
                # pincers that do not see each other both hold it
                free_ab = 0 if pa >> qb & 1 else ma & mb
                pb = PEERS[qb]
                for k in range(j + 1, n):
                    qc, mc = wings[k]
                    union = ub | mc
                    if MASK_SIZE[union] != 4:
                        continue
                    free = free_ab
                    if not pa >> qc & 1:
                        free |= ma & mc
                    if not pb >> qc & 1:
                        free |= mb & mc
                    if MASK_SIZE[free] != 1:
                        continue
                    key = CELL_BIT[pivot] | CELL_BIT[qa] | CELL_BIT[qb] | CELL_BIT[qc]
                    if key in seen:
                        continue
                    cells = (pivot, qa, qb, qc)
                    z = MASK_DIGITS[free][0]
                    seen.add(key)
                    zb = DIGIT_BIT[z]
                    zcells = [c for c in cells if cands[c] & zb]
                    elim = pos[z] & ~key
                    for c in zcells:
                        elim &= PEERS[c]
                    if not elim:
                        continue
                    others = [d for d in MASK_DIGITS[union] if d != z]
                    yield wing_step(
                        "WXYZ-Wing",
                        grid,
                        pivot,
                        [qa, qb, qc],
                        z,
                        elim,
                        "/".join(map(str, others + [z])),
                        f"The four cells {cells_name(cells)} hold only {', '.join(map(str, others))} and {z}. "
                        f"Each of {', '.join(map(str, others))} can fill at most one of them (its cells see each "
                        f"other), so at least one of {cells_name(zcells)} is {z}, and a cell that sees all of "
                        f"those cannot be {z}.",
                    )
