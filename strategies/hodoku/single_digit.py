"""Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle and the
dual forms of the kite and the rectangle.

All of them chain two strong links (a house where the digit has exactly two places) through
one weak link; the search follows HoDoKu's (SingleDigitPatternSolver, ChainSolver for the
Turbot Fish) so that the first step found and its notation match HoDoKu's.
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies._pattern_tools import conjugate_pairs, digit_list
from strategies.registry import technique
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    BOX_OF,
    CELL_BIT,
    COL_OF,
    COLS,
    HOUSE_MASK,
    PEERS,
    ROW_OF,
    ROWS,
    cell_list,
    cell_name,
    cells_name,
    house_name,
)
from sudoku_logic.core.step import Step

# ----------------------------------------------------------------------------- Skyscraper


def _skyscrapers(grid: Grid, digits: int | None = None) -> Iterator[Step]:
    """Two rows (then two columns) with a digit in exactly two cells each, one end of each in
    the same column (row): the other two ends see each other's victims.

    Like HoDoKu, the pair's first cells or their second cells must be aligned (so a 'crossed'
    skyscraper is left to Turbot Fish) and a pattern whose free ends are aligned (an X-Wing)
    is skipped.
    """
    for lines in (True, False):
        houses = ROWS if lines else COLS
        key = COL_OF if lines else ROW_OF
        for d in digit_list(digits):
            p = grid.pos[d]
            pairs = conjugate_pairs(p, houses)
            n = len(pairs)
            for i in range(n):
                h1, a1, b1 = pairs[i]
                for j in range(i + 1, n):
                    h2, a2, b2 = pairs[j]
                    if key[a1] == key[a2]:
                        f1, f2, c1, c2 = b1, b2, a1, a2
                    elif key[b1] == key[b2]:
                        f1, f2, c1, c2 = a1, a2, b1, b2
                    else:
                        continue
                    if key[f1] == key[f2]:
                        continue  # an X-Wing, not a skyscraper
                    elim = p & PEERS[f1] & PEERS[f2]
                    if not elim:
                        continue
                    link = (9 + key[c1]) if lines else key[c1]
                    why = (
                        f"In {house_name(h1, False)} and {house_name(h2, False)} the {d} has only two "
                        f"places each; {cell_name(c1)} and {cell_name(c2)} share {house_name(link, False)}, "
                        f"so they are not both {d}: {cell_name(f1)} or {cell_name(f2)} is {d}, and a cell "
                        f"that sees both cannot be {d}."
                    )
                    yield _two_links_step("Skyscraper", d, (f1, f2), (c1, c2), [h1, h2, link], elim, "pattern", why)


def _two_links_step(
    name: str, d: int, ends: tuple[int, int], joined: tuple[int, int], houses: list[int], elim: int, role: str, why: str
) -> Step:
    """Two strong links on ``d`` whose ends ``joined`` see each other (marked ``role``), so one
    of the other two ``ends`` is ``d``: the cells ``elim`` (an 81-bit set) lose it."""
    return Step(
        name,
        eliminations=[(c, d) for c in cell_list(elim)],
        cells=[*ends, *joined],
        houses=houses,
        candidates=[(ends[0], d, "pattern"), (ends[1], d, "pattern"), (joined[0], d, role), (joined[1], d, role)],
        detail=f"{d} in {cells_name(ends)} (connected by {cells_name(joined)})",
        explanation=why,
    )


@technique("Skyscraper", local="digit")
def skyscraper(grid: Grid, digits: int | None = None) -> Iterator[Step]:
    """Two parallel strong links whose ends on one side share a line (only the digits of
    ``digits``, a 9-bit set, when given)."""
    return _skyscrapers(grid, digits)


# ----------------------------------------------------------------------------- 2-String Kite


def _kites_for_digit(grid: Grid, d: int) -> Iterator[tuple]:
    """``(row_end, col_end, row_box, col_box, row_house, col_house, cross)`` for each kite of
    digit ``d``: a row and a column strong link joined in a box, the free ends' crossing cell
    holding ``d``. In HoDoKu's order (rows outer, columns inner)."""
    p = grid.pos[d]
    rows = conjugate_pairs(p, ROWS)
    if not rows:
        return
    cols = conjugate_pairs(p, COLS)
    for hr, ra, rb in rows:
        for hc, ca, cb in cols:
            r0, r1, c0, c1 = ra, rb, ca, cb
            if BOX_OF[r0] == BOX_OF[c0]:
                pass
            elif BOX_OF[r0] == BOX_OF[c1]:
                c0, c1 = c1, c0
            elif BOX_OF[r1] == BOX_OF[c0]:
                r0, r1 = r1, r0
            elif BOX_OF[r1] == BOX_OF[c1]:
                r0, r1, c0, c1 = r1, r0, c1, c0
            else:
                continue
            if r0 == c0 or r0 == c1 or r1 == c0 or r1 == c1:
                continue  # the links share a cell
            cross = ROW_OF[c1] * 9 + COL_OF[r1]
            if p >> cross & 1:
                yield (r1, c1, r0, c0, hr, hc, cross)


def _kite_step(d: int, kite: tuple) -> Step:
    r1, c1, r0, c0, hr, hc, cross = kite
    box = 18 + BOX_OF[r0]
    why = (
        f"{house_name(hr, False).capitalize()} has {d} only in {cell_name(r0)} and {cell_name(r1)}, "
        f"{house_name(hc, False)} only in {cell_name(c0)} and {cell_name(c1)}; {cell_name(r0)} and "
        f"{cell_name(c0)} share {house_name(box, False)}, so they are not both {d}: {cell_name(r1)} or "
        f"{cell_name(c1)} is {d}, and {cell_name(cross)} sees both."
    )
    return _two_links_step("2-String Kite", d, (r1, c1), (r0, c0), [hr, hc, box], 1 << cross, "fin", why)


@technique("2-String Kite", local="digit")
def two_string_kite(grid: Grid, digits: int | None = None) -> Iterator[Step]:
    """A row and a column strong link whose ends meet in one box (only ``digits`` when given)."""
    for d in digit_list(digits):
        for kite in _kites_for_digit(grid, d):
            yield _kite_step(d, kite)


@technique("Dual 2-String Kite")
def dual_two_string_kite(grid: Grid) -> Iterator[Step]:
    """Two 2-String Kites on the same two box cells with different eliminations, shown as one
    step (HoDoKu: kites whose connecting cells are the same)."""
    for d in range(1, 10):
        kites = list(_kites_for_digit(grid, d))
        for i in range(len(kites) - 1):
            k1 = kites[i]
            for k2 in kites[i + 1 :]:
                if {k1[2], k1[3]} != {k2[2], k2[3]} or k1[6] == k2[6]:
                    continue
                r1, c1, r0, c0, hr, hc, cross = k1
                s1, e1, _, _, hr2, hc2, cross2 = k2
                box = 18 + BOX_OF[r0]
                cells = [r1, c1, r0, c0, s1, e1]
                yield Step(
                    "Dual 2-String Kite",
                    eliminations=[(cross, d), (cross2, d)],
                    cells=cells,
                    houses=[hr, hc, hr2, hc2, box],
                    candidates=[(c, d, "pattern") for c in (r1, c1, s1, e1)] + [(r0, d, "fin"), (c0, d, "fin")],
                    detail=(
                        f"{d} in {cells_name([r1, c1])}/in {cells_name([s1, e1])} (connected by {cells_name([r0, c0])})"
                    ),
                    explanation=(
                        f"{cell_name(r0)} and {cell_name(c0)} in {house_name(box, False)} are not both {d}. "
                        f"Each is the end of a row and of a column strong link for {d}, so two kites meet "
                        f"there: {cell_name(r1)} or {cell_name(c1)} is {d}, which clears {cell_name(cross)}, "
                        f"and {cell_name(s1)} or {cell_name(e1)} is {d}, which clears {cell_name(cross2)}."
                    ),
                )


# ----------------------------------------------------------------------------- Turbot Fish


def _turbot_step(d: int, a: int, b: int, c: int, e: int, elim: int, hab: int, hce: int) -> Step:
    chain = [a, b, c, e]
    return Step(
        "Turbot Fish",
        eliminations=[(x, d) for x in cell_list(elim)],
        cells=chain,
        houses=[hab, hce],
        candidates=[(a, d, "off"), (b, d, "on"), (c, d, "off"), (e, d, "on")],
        detail=f"{d} {cell_name(a)} ={d}= {cell_name(b)} -{d}- {cell_name(c)} ={d}= {cell_name(e)}",
        chains=[f"({d}){cell_name(a)}={cell_name(b)}-{cell_name(c)}={cell_name(e)}"],
        explanation=(
            f"{cell_name(a)} and {cell_name(b)} are the only places for {d} in {house_name(hab, False)}, "
            f"{cell_name(c)} and {cell_name(e)} in {house_name(hce, False)}; {cell_name(b)} sees "
            f"{cell_name(c)}, so if {cell_name(a)} is not {d} then {cell_name(b)} is, {cell_name(c)} is not "
            f"and {cell_name(e)} is: {cell_name(a)} or {cell_name(e)} is {d}, and a cell seeing both "
            f"cannot be {d}."
        ),
    )


@technique("Turbot Fish", local="digit")
def turbot_fish(grid: Grid, digits: int | None = None) -> Iterator[Step]:
    """X-Chains of exactly three links (strong - weak - strong) for one digit, strong links
    in any house (HoDoKu finds them with its chain search limited to three links). As in
    HoDoKu, all are collected (one chain per digit and set of eliminations) and come most
    eliminations first, then by the cells they eliminate from (only ``digits`` when given)."""
    found: dict[tuple[int, int], tuple] = {}
    for d in digit_list(digits):
        p = grid.pos[d]
        partners: dict[int, list[tuple[int, int]]] = {}
        seen_pairs = set()
        for h, a, b in conjugate_pairs(p):
            if (a, b) in seen_pairs:
                continue  # the same two cells strongly linked in a line and a box
            seen_pairs.add((a, b))
            partners.setdefault(a, []).append((b, h))
            partners.setdefault(b, []).append((a, h))
        if len(seen_pairs) < 2:
            continue
        linked = 0
        for cell in partners:
            linked |= CELL_BIT[cell]
        for a in sorted(partners):
            for b, hab in partners[a]:
                for c in cell_list(PEERS[b] & linked & ~CELL_BIT[a]):
                    for e, hce in partners[c]:
                        if e == a or e == b:
                            continue
                        elim = p & PEERS[a] & PEERS[e]
                        if elim and (d, elim) not in found:
                            found[(d, elim)] = (a, b, c, e, hab, hce)
    order = sorted(found, key=lambda k: (-k[1].bit_count(), sum(cell_list(k[1])), k[0]))
    for d, elim in order:
        a, b, c, e, hab, hce = found[(d, elim)]
        yield _turbot_step(d, a, b, c, e, elim, hab, hce)


# ----------------------------------------------------------------------------- Empty Rectangle


def _er_configs() -> list[list[tuple[int, int, int]]]:
    """For each box: ``(empty_cells, er_row, er_col)`` for its nine empty rectangles, in
    HoDoKu's order. The ER row and column cross in the box; the four cells outside both must
    not hold the digit."""
    out = []
    for b in range(9):
        r0, c0 = b // 3 * 3, b % 3 * 3
        configs = []
        for ro in (2, 1, 0):
            for co in (2, 1, 0):
                empty = 0
                for i in range(3):
                    for j in range(3):
                        if i != ro and j != co:
                            empty |= CELL_BIT[(r0 + i) * 9 + c0 + j]
                configs.append((empty, r0 + ro, c0 + co))
        out.append(configs)
    return out


ER_CONFIGS = _er_configs()


def _er_raw(grid: Grid, d: int, two_only: bool) -> Iterator[tuple]:
    """``(box, conj_cell, conj_end, elim_cell, box_cands)`` for each empty rectangle of ``d``.
    ``two_only``: yield only the rectangles whose row and column part hold one candidate each
    (HoDoKu's optional 'ERs with only two candidates'); otherwise only the others."""
    p = grid.pos[d]
    for b in range(9):
        bm = HOUSE_MASK[18 + b]
        bc = p & bm
        n = bc.bit_count()
        if n < 2 or n > 5:
            continue
        for empty, er_row, er_col in ER_CONFIGS[b]:
            if bc & empty:
                continue
            rowm = HOUSE_MASK[er_row]
            colm = HOUSE_MASK[9 + er_col]
            in_row = bc & rowm
            in_col = bc & colm
            if not in_row & ~colm or not in_col & ~rowm:
                continue
            few = in_row.bit_count() < 2 and in_col.bit_count() < 2
            if few != two_only:
                continue
            # conjugate pair in a column, one end in the ER row
            for x in cell_list(p & rowm & ~bm):
                pair = p & HOUSE_MASK[9 + COL_OF[x]]
                if pair.bit_count() != 2:
                    continue
                y = (pair ^ CELL_BIT[x]).bit_length() - 1
                target = ROW_OF[y] * 9 + er_col
                if p >> target & 1 and not bm >> target & 1:
                    yield (b, x, y, target, bc)
            # conjugate pair in a row, one end in the ER column
            for x in cell_list(p & colm & ~bm):
                pair = p & HOUSE_MASK[ROW_OF[x]]
                if pair.bit_count() != 2:
                    continue
                y = (pair ^ CELL_BIT[x]).bit_length() - 1
                target = er_row * 9 + COL_OF[y]
                if p >> target & 1 and not bm >> target & 1:
                    yield (b, x, y, target, bc)


def _ers_for_digit(grid: Grid, d: int) -> list[tuple]:
    """All distinct empty rectangles of ``d``: the ordinary ones, then the two-candidate ones."""
    out = []
    seen = set()
    for two_only in (False, True):
        for er in _er_raw(grid, d, two_only):
            if er[:4] not in seen:
                seen.add(er[:4])
                out.append(er)
    return out


def _line_through_box(cell: int, b: int) -> int:
    """The row or column of ``cell`` that crosses box ``b`` (house index)."""
    return ROW_OF[cell] if HOUSE_MASK[ROW_OF[cell]] & HOUSE_MASK[18 + b] else 9 + COL_OF[cell]


def _er_explanation(d: int, b: int, bc: int, x: int, y: int, target: int) -> str:
    lx = _line_through_box(x, b)
    lt = _line_through_box(target, b)
    link = "column" if COL_OF[x] == COL_OF[y] else "row"
    return (
        f"In {house_name(18 + b, False)} the {d} lies only in {cells_name(bc)}, within "
        f"{house_name(lx, False)} and {house_name(lt, False)}. {cell_name(x)} and {cell_name(y)} are the "
        f"only places for {d} in their {link}: if {cell_name(target)} were {d}, {cell_name(y)} would not be, "
        f"so {cell_name(x)} would be; {cell_name(x)} sees the box's part of {house_name(lx, False)} and "
        f"{cell_name(target)} its part of {house_name(lt, False)}, leaving the box no place for {d}."
    )


@technique("Empty Rectangle", local="digit")
def empty_rectangle(grid: Grid, digits: int | None = None) -> Iterator[Step]:
    """A box whose candidates for a digit lie in one row plus one column of the box, and a
    strong link with one end in that row (column): the cell where the link's other end meets
    the box's column (row) loses the digit. Rectangles with a single candidate in each part
    (HoDoKu's optional variant, reglib 0402-1) come after all the others. Only ``digits``
    when given."""
    seen = set()
    for two_only in (False, True):
        for d in digit_list(digits):
            for b, x, y, target, bc in _er_raw(grid, d, two_only):
                if (d, b, x, y, target) not in seen:
                    seen.add((d, b, x, y, target))
                    yield _er_step(d, b, x, y, target, bc)


def _er_step(d: int, b: int, x: int, y: int, target: int, bc: int) -> Step:
    box = cell_list(bc)
    return Step(
        "Empty Rectangle",
        eliminations=[(target, d)],
        cells=box + [x, y],
        houses=[18 + b],
        candidates=[(c, d, "fin") for c in box] + [(x, d, "pattern"), (y, d, "pattern")],
        detail=f"{d} in b{b + 1} ({cells_name([x, y])})",
        explanation=_er_explanation(d, b, bc, x, y, target),
    )


@technique("Dual Empty Rectangle")
def dual_empty_rectangle(grid: Grid) -> Iterator[Step]:
    """Two empty rectangles in the same box for the same digit with different eliminations,
    shown as one step."""
    for d in range(1, 10):
        ers = _ers_for_digit(grid, d)
        for i in range(len(ers) - 1):
            b, x, y, t1, bc = ers[i]
            for b2, x2, y2, t2, _ in ers[i + 1 :]:
                if b2 != b or t2 == t1:
                    continue
                box = cell_list(bc)
                yield Step(
                    "Dual Empty Rectangle",
                    eliminations=[(t1, d), (t2, d)],
                    cells=box + [x, y, x2, y2],
                    houses=[18 + b],
                    candidates=[(c, d, "fin") for c in box] + [(c, d, "pattern") for c in (x, y, x2, y2)],
                    detail=f"{d} in b{b + 1} ({cells_name([x, y])}/{cells_name([x2, y2])})",
                    explanation=_er_explanation(d, b, bc, x, y, t1) + " Likewise with "
                    f"{cell_name(x2)} and {cell_name(y2)} for {cell_name(t2)}.",
                )
