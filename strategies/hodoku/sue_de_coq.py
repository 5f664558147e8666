"""Sue de Coq (two-sector disjoint subsets), following HoDoKu's MiscellaneousSolver.

Take 2 or 3 unsolved cells C where a line and a box cross, holding digits V with
|V| >= |C| + 2. Add cells CL from the rest of the line and CB from the rest of the box
(neither may reuse C) with digits VL and VB such that no digit of V is in both VL and VB,
and (|CL| - extra digits of CL) + (|CB| - extra digits of CB) = |V| - |C|, where "extra"
means outside V. Then C, CL and CB between them hold every digit of V once and all the
extra digits: the digits of V not in VB are placed in the line part (C + CL) and leave the
rest of the line, those not in VL are placed in the box part (C + CB) and leave the rest of
the box; an extra digit in both VL and VB leaves both.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from strategies.registry import technique
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    HOUSE_MASK,
    MASK_DIGITS,
    MASK_SIZE,
    cell_list,
    cells_name,
    house_name,
)
from sudoku_logic.core.step import Step


def _preorder(n: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """The non-empty subsets of ``n`` items in depth-first lexicographic order, each as
    (index of the subset without its last item, or -1; last item; size; size plus the
    items after the last; index just past the subsets extending it)."""
    out: list[list[int]] = []

    def rec(start: int, parent: int, size: int) -> None:
        for i in range(start, n):
            k = len(out)
            entry = [parent, i, size + 1, size + 1 + n - i - 1, 0]
            out.append(entry)
            rec(i + 1, k, size + 1)
            entry[4] = len(out)

    rec(0, -1, 0)
    return tuple(tuple(e) for e in out)  # type: ignore[misc]  # each entry has five items


#: :func:`_preorder` for every number of cells a line or box can offer
_PREORDER = [_preorder(n) for n in range(10)]


def _subsets(cells: Sequence[int], cands: list[int], im: int, need: int) -> list[tuple[int, int, int]]:
    """Non-empty subsets of ``cells`` as (81-bit cells, digit mask, size), in HoDoKu's
    depth-first lexicographic order ({0}, {0,1}, {0,1,2}, ..., {0,2}, ...), leaving out
    those that cannot have ``need`` more cells than digits outside ``im``, nor can any of
    their extensions (a cell added adds one cell and never removes a digit)."""
    out: list[tuple[int, int, int]] = []
    outside = ~im
    plan = _PREORDER[len(cells)]
    total = len(plan)
    cell_bits = [1 << c for c in cells]
    cell_masks = [cands[c] for c in cells]
    bits = [0] * (total + 1)  # (index -1, the empty subset's, reads the last slot: 0)
    masks = [0] * (total + 1)
    k = 0
    while k < total:
        parent, i, size, room, end = plan[k]
        nm = masks[parent] | cell_masks[i]
        if room - MASK_SIZE[nm & outside] < need:
            k = end  # nor any subset extending it
            continue
        nb = bits[parent] | cell_bits[i]
        bits[k] = nb
        masks[k] = nm
        out.append((nb, nm, size))
        k += 1
    return out


#: For each line, the three boxes it crosses, ascending.
_CROSSING_BOXES = [tuple(b for b in range(18, 27) if HOUSE_MASK[b] & HOUSE_MASK[line]) for line in range(18)]


def _sdc_steps(grid: Grid, line_range, houses: int | None = None) -> Iterator[Step]:
    cands = grid.cands
    empty = grid.empty
    for line in line_range:
        line_set = HOUSE_MASK[line] & empty
        for box in _CROSSING_BOXES[line]:
            if houses is not None and not (houses >> line | houses >> box) & 1:
                continue
            box_set = HOUSE_MASK[box] & empty
            inter = cell_list(line_set & box_set)
            if len(inter) < 2:
                continue
            for combo in _intersection_combos(inter, cands):
                ic, im = combo
                n_plus = MASK_SIZE[im] - ic.bit_count()
                yield from _check(grid, line, box, line_set, box_set, ic, im, n_plus)


def _intersection_combos(inter: list[int], cands: list[int]):
    """HoDoKu's order: pairs (i1, i2), each followed by the triples extending it."""
    n = len(inter)
    for a in range(n - 1):
        ca = inter[a]
        for b in range(a + 1, n):
            cb = inter[b]
            m2 = cands[ca] | cands[cb]
            if MASK_SIZE[m2] - 2 >= 2:
                yield (1 << ca) | (1 << cb), m2
            for c in range(b + 1, n):
                cc = inter[c]
                m3 = m2 | cands[cc]
                if MASK_SIZE[m3] - 3 >= 2:
                    yield (1 << ca) | (1 << cb) | (1 << cc), m3


def _check(
    grid: Grid, line: int, box: int, line_set: int, box_set: int, ic: int, im: int, n_plus: int
) -> Iterator[Step]:
    cands = grid.cands
    line_src = cell_list(line_set & ~ic)
    if not line_src:
        return
    # the box part's source cells and subsets: many line parts share them
    sources: dict[tuple, tuple] = {}
    memo: dict[tuple, list] = {}
    box_rest = cell_list(box_set & ~ic)
    for lc, lm, lk in _subsets(line_src, cands, im, 1):
        contained = MASK_SIZE[lm & im]
        extra_mask = lm & ~im
        extra = MASK_SIZE[extra_mask]
        if not (contained > 0 and lk > extra and lk - extra < n_plus):
            continue
        rest = n_plus - (lk - extra)
        forbidden = lm & ~extra_mask  # digits of V used by the line part
        skey = (forbidden, lc & box_set)
        box_src = sources.get(skey)
        if box_src is None:
            box_src = sources[skey] = tuple(c for c in box_rest if not lc >> c & 1 and not cands[c] & forbidden)
        if not box_src:
            continue
        box_subsets = memo.get((box_src, rest))
        if box_subsets is None:
            box_subsets = memo[(box_src, rest)] = _subsets(box_src, cands, im, rest)
        for bc, bm, bk in box_subsets:
            if not bm & im:
                continue
            if bk - MASK_SIZE[bm & ~im] != rest:
                continue
            shared = bm & lm
            elims: dict = {}
            box_digits = ((im | bm) & ~lm) | shared
            for c in cell_list(box_set & ~bc & ~ic):
                for d in MASK_DIGITS[cands[c] & box_digits]:
                    elims[(c, d)] = None
            line_digits = ((im | lm) & ~bm) | shared
            for c in cell_list(line_set & ~lc & ~ic):
                for d in MASK_DIGITS[cands[c] & line_digits]:
                    elims[(c, d)] = None
            if elims:
                yield _step(grid, line, box, ic, im, lc, lm, bc, bm, list(elims))


def _step(
    grid: Grid, line: int, box: int, ic: int, im: int, lc: int, lm: int, bc: int, bm: int, elims: list[tuple[int, int]]
) -> Step:
    cands = grid.cands

    def ds(m: int) -> str:
        return "".join(map(str, MASK_DIGITS[m]))

    detail = f"{cells_name(ic)} - {{{ds(im)}}} ({cells_name(lc)} - {{{ds(lm)}}}, {cells_name(bc)} - {{{ds(bm)}}})"
    roles = []
    for bits, role in ((ic, "als1"), (lc, "als2"), (bc, "als3")):
        for c in cell_list(bits):
            for d in MASK_DIGITS[cands[c]]:
                roles.append((c, d, role))
    ncells = ic.bit_count() + lc.bit_count() + bc.bit_count()
    why = (
        f"The {ic.bit_count()} cells {cells_name(ic)} where {house_name(line, False)} meets "
        f"{house_name(box, False)} hold {{{ds(im)}}}. With {cells_name(lc)} ({{{ds(lm)}}}) in the "
        f"{house_name(line, False).split()[0]} and {cells_name(bc)} ({{{ds(bm)}}}) in the box, which share no "
        f"digit of the intersection, these {ncells} cells hold exactly {ncells} digits: the "
        f"{house_name(line, False).split()[0]} digits stay in the {house_name(line, False).split()[0]} "
        f"cells and the box digits in the box cells, so they leave the rest of "
        f"{house_name(line, False)} and of {house_name(box, False)}."
    )
    return Step(
        "Sue de Coq",
        eliminations=sorted(elims),
        cells=cell_list(ic | lc | bc),
        candidates=roles,
        houses=[line, box],
        detail=detail,
        explanation=why,
    )


@technique("Sue de Coq", local="house")
def sue_de_coq(grid: Grid, houses: int | None = None) -> Iterator[Step]:
    """Sue de Coq steps, rows (with each box) first, then columns, as HoDoKu searches. A
    pattern and its eliminations lie in one line and one box: only those where the line or
    the box is in ``houses`` (a 27-bit set) when given."""
    yield from _sdc_steps(grid, range(0, 9), houses)
    yield from _sdc_steps(grid, range(9, 18), houses)
