"""Uniqueness techniques: Unique Rectangles (Uniqueness Test 1-6, Hidden Rectangle), Avoidable
Rectangles (Type 1 and 2) and Bivalue Universal Grave + 1.

All of them rest on one fact: a puzzle with exactly one solution never allows a *deadly
pattern*. Four unsolved cells in two rows, two columns and two boxes that could only hold the
digits a and b (a/b on one diagonal, b/a on the other) could swap them and leave every house
valid, giving a second solution. The same holds for a rectangle of placed but not given cells
(an avoidable rectangle) and for a grid where every unsolved cell has two candidates and every
digit appears twice per house (a bivalue universal grave). They are registered with
``needs_unique=True``: the solver uses them only on puzzles known to have one solution.

The search follows HoDoKu's UniquenessSolver: rectangles are enumerated from bivalue cells
(a partner cell in the same box and line, then the opposite pair along the perpendicular
lines in another box), corners may miss a rectangle digit as long as no placed peer excludes
it ("missing candidates", HoDoKu's default), and avoidable rectangles start from a pair of
placed, non-given cells in one box.
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import technique
from sudoku_logic.core import dlx
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    BOX_OF,
    CELL_BIT,
    CELL_HOUSE_MASKS,
    CELL_HOUSES,
    COL_OF,
    DIGIT_BIT,
    HOUSE_CELLS,
    HOUSE_MASK,
    MASK_DIGITS,
    MASK_SIZE,
    PEERS,
    ROW_OF,
    cell_list,
    cell_name,
    cells_name,
    digits_name,
    house_name,
    union_peers,
)
from sudoku_logic.core.step import Step

# ---------------------------------------------------------------- geometry


def _partners() -> list[list[tuple[int, list[tuple[int, int]]]]]:
    """For each cell (HoDoKu's ``index11``): the cells ``index12`` of its box in its row or
    column, each with the opposite pairs ``(index21, index22)`` that complete a rectangle in
    another box, in HoDoKu's search order."""
    out = []
    for i in range(81):
        lst = []
        for j in HOUSE_CELLS[18 + BOX_OF[i]]:
            if j == i or (ROW_OF[i] != ROW_OF[j] and COL_OF[i] != COL_OF[j]):
                continue
            same_row = ROW_OF[i] == ROW_OF[j]
            u11 = HOUSE_CELLS[9 + COL_OF[i]] if same_row else HOUSE_CELLS[ROW_OF[i]]
            u12 = HOUSE_CELLS[9 + COL_OF[j]] if same_row else HOUSE_CELLS[ROW_OF[j]]
            pairs = [(u11[k], u12[k]) for k in range(9) if BOX_OF[u11[k]] != BOX_OF[i]]
            lst.append((j, pairs))
        out.append(lst)
    return out


PARTNERS = _partners()


def _allowed(grid: Grid) -> list[int]:
    """Per digit, the empty cells where no placed peer rules the digit out (HoDoKu's
    "candidates allowed"): a corner may miss a rectangle digit only if it is allowed there."""
    placed = grid.placed
    empty = grid.empty
    return [0] + [empty & ~union_peers(placed[d], PEERS) for d in range(1, 10)]


# ---------------------------------------------------------------- unique rectangles


class _Rect:
    """A candidate unique rectangle: corners in HoDoKu's order (index11, index12, index21,
    index22), the digits a < b, and the corners split into those holding only a/b (``two``)
    and those with extra candidates (``extra``), each ascending."""

    __slots__ = ("corners", "a", "b", "ur", "mask", "two", "extra")

    def __init__(self, grid: Grid, corners: tuple[int, int, int, int], a: int, b: int) -> None:
        self.corners = corners
        self.a, self.b = a, b
        self.ur = DIGIT_BIT[a] | DIGIT_BIT[b]
        self.mask = CELL_BIT[corners[0]] | CELL_BIT[corners[1]] | CELL_BIT[corners[2]] | CELL_BIT[corners[3]]
        two: list[int] = []
        extra: list[int] = []
        for c in sorted(corners):
            (extra if grid.cands[c] & ~self.ur else two).append(c)
        self.two, self.extra = two, extra

    @property
    def name(self) -> str:
        return f"{self.a}/{self.b} in {cells_name(self.corners)}"

    def removal(
        self, grid: Grid, technique_name: str, cells: list[int], digits: tuple[int, ...], explanation: str
    ) -> tuple[Step, ...]:
        """The step removing ``digits`` from ``cells`` (where they are candidates), if any."""
        elims = [(x, d) for x in cells for d in digits if grid.cands[x] & DIGIT_BIT[d]]
        return (self.step(grid, technique_name, elims, explanation),) if elims else ()

    def step(self, grid: Grid, technique_name: str, elims, explanation: str, fins=(), houses=()) -> Step:
        """A step on this rectangle: a/b highlighted as the pattern, the corners' other
        candidates (and ``fins``) as extra candidates."""
        cands = grid.cands
        marks = []
        for c in self.corners:
            for d in MASK_DIGITS[cands[c]]:
                marks.append((c, d, "pattern" if DIGIT_BIT[d] & self.ur else "fin"))
        marked = {(c, d) for c, d, _ in marks}
        marks += [(c, d, "fin") for c, d in fins if (c, d) not in marked]
        return Step(
            technique_name,
            eliminations=sorted(elims),
            cells=sorted(self.corners),
            candidates=marks,
            houses=list(houses),
            detail=self.name,
            explanation=explanation,
        )


def _rectangles(grid: Grid, ctx: SolveContext | None) -> list[_Rect]:
    """Every candidate unique rectangle, in HoDoKu's order: from each bivalue cell {a,b}, a
    partner in its box and line, and the opposite pair in another box; all four cells empty
    and allowing a and b (not excluded by a placed peer). Kept for the last position seen in
    the solve (the uniqueness tests are asked one after the other on the same position)."""
    key = (tuple(grid.pos), tuple(grid.placed))
    last = ctx.unique_rectangles if ctx is not None else {}
    if last.get("key") == key:
        return last["rects"]
    cands = grid.cands
    allowed = _allowed(grid)
    out: list[_Rect] = []
    seen = set()
    for i in cell_list(grid.cells_by_size()[1]):  # the bivalue cells
        a, b = MASK_DIGITS[cands[i]]
        ok = allowed[a] & allowed[b]
        for j, pairs in PARTNERS[i]:
            if not ok >> j & 1:
                continue
            for c21, c22 in pairs:
                if not (ok >> c21 & 1 and ok >> c22 & 1):
                    continue
                k = (frozenset((i, j, c21, c22)), a, b)
                if k in seen:
                    continue
                seen.add(k)
                out.append(_Rect(grid, (i, j, c21, c22), a, b))
    last["key"], last["rects"] = key, out
    return out


def _deadly(r: _Rect) -> str:
    return (
        f"the rectangle {cells_name(r.corners)} would hold only {r.a} and {r.b}, a deadly "
        f"pattern: the two digits could be swapped to give a second solution"
    )


def _ur1(grid: Grid, r: _Rect) -> Iterator[Step]:
    if len(r.two) != 3:
        return
    x = r.extra[0]
    why = f"If {cell_name(x)} were {r.a} or {r.b}, {_deadly(r)}; so {cell_name(x)} is neither {r.a} nor {r.b}."
    yield from r.removal(grid, "Uniqueness Test 1", r.extra, (r.a, r.b), why)


def _ur25(grid: Grid, r: _Rect, want: str) -> Iterator[Step]:
    if len(r.two) not in (1, 2):
        return
    add = 0
    seen = -1
    for x in r.extra:
        add |= grid.cands[x] & ~r.ur
        seen &= PEERS[x]
    if MASK_SIZE[add] != 1:
        return
    c = MASK_DIGITS[add][0]
    targets = seen & grid.pos[c]
    if not targets:
        return
    x1, x2 = r.extra[0], r.extra[1]
    name = "Uniqueness Test 2"
    if len(r.extra) == 3 or (ROW_OF[x1] != ROW_OF[x2] and COL_OF[x1] != COL_OF[x2]):
        name = "Uniqueness Test 5"
    if name != want:
        return
    ex = ", ".join(cell_name(x) for x in r.extra)
    every = "both" if len(r.extra) == 2 else "all of them"
    yield r.step(
        grid,
        name,
        [(t, c) for t in cell_list(targets)],
        f"One of {ex} must be {c}: otherwise {_deadly(r)}. So every cell that sees {every} loses {c}.",
    )


def _ur3(grid: Grid, r: _Rect) -> Iterator[Step]:
    if len(r.two) != 2:
        return
    cands = grid.cands
    x1, x2 = r.extra
    u3 = (cands[x1] | cands[x2]) & ~r.ur
    houses = []
    if ROW_OF[x1] == ROW_OF[x2]:
        houses.append(ROW_OF[x1])
    if COL_OF[x1] == COL_OF[x2]:
        houses.append(9 + COL_OF[x1])
    if BOX_OF[x1] == BOX_OF[x2]:
        houses.append(18 + BOX_OF[x1])
    for h in houses:
        others = [c for c in HOUSE_CELLS[h] if cands[c] and not cands[c] & r.ur and not r.mask >> c & 1]
        if not others:
            continue
        yield from _ur3_subsets(grid, r, h, others, 0, u3, [x1, x2])


def _same_line(cells: list[int]) -> bool:
    return len({ROW_OF[c] for c in cells}) == 1 or len({COL_OF[c] for c in cells}) == 1


def _ur3_subsets(
    grid: Grid, r: _Rect, h: int, others: list[int], start: int, dmask: int, members: list[int]
) -> Iterator[Step]:
    """HoDoKu's recursive UR3 search: add cells of house ``h`` to the two extra corners until
    the digits of the set number one less than its cells (the corners act as one cell)."""
    cands = grid.cands
    for i in range(start, len(others)):
        akt = members + [others[i]]
        m = dmask | cands[others[i]]
        if (h < 18 or not _same_line(akt)) and MASK_SIZE[m] == len(akt) - 1:
            inside = 0
            for c in akt:
                inside |= CELL_BIT[c]
            elims: set[tuple[int, int]] = set()
            for c in HOUSE_CELLS[h]:
                if cands[c] and not inside >> c & 1:
                    elims.update((c, d) for d in MASK_DIGITS[cands[c] & m])
            if elims:
                extra_h = []
                if h < 18 and len({BOX_OF[c] for c in akt}) == 1:
                    # a locked subset: it also clears the rest of its box
                    b = 18 + BOX_OF[akt[0]]
                    extra_h = [b]
                    for c in HOUSE_CELLS[b]:
                        if cands[c] and not inside >> c & 1:
                            elims.update((c, d) for d in MASK_DIGITS[cands[c] & m])
                fins = [(c, d) for d in MASK_DIGITS[m] for c in akt if cands[c] & DIGIT_BIT[d]]
                ds = digits_name(m)
                sub = cells_name(akt[2:])
                x1, x2 = akt[0], akt[1]
                yield r.step(
                    grid,
                    "Uniqueness Test 3",
                    elims,
                    f"One of {cell_name(x1)}, {cell_name(x2)} must hold an extra candidate "
                    f"({digits_name(_extra_digits(grid, r))}), otherwise {_deadly(r)}. Together they act "
                    f"as one cell, and with {sub} they form a naked subset of {ds} in "
                    f"{house_name(h, False)}: those digits leave the house's other cells.",
                    fins=fins,
                    houses=[h] + extra_h,
                )
        yield from _ur3_subsets(grid, r, h, others, i + 1, m, akt)


def _extra_digits(grid: Grid, r: _Rect) -> int:
    """The non-rectangle candidates of a rectangle's extra corners."""
    m = 0
    for x in r.extra:
        m |= grid.cands[x] & ~r.ur
    return m


def _ur4(grid: Grid, r: _Rect) -> Iterator[Step]:
    if len(r.two) != 2:
        return
    x1, x2 = r.extra
    if ROW_OF[x1] != ROW_OF[x2] and COL_OF[x1] != COL_OF[x2]:
        return
    both = PEERS[x1] & PEERS[x2]
    if not both & grid.pos[r.a]:
        keep, dele = r.a, r.b
    elif not both & grid.pos[r.b]:
        keep, dele = r.b, r.a
    else:
        return
    why = (
        f"{keep} must go in {cell_name(x1)} or {cell_name(x2)} (no other cell that sees "
        f"both has it); if either were {dele}, the other would be {keep} and {_deadly(r)}. "
        f"So neither is {dele}."
    )
    yield from r.removal(grid, "Uniqueness Test 4", r.extra, (dele,), why)


def _ur6(grid: Grid, r: _Rect) -> Iterator[Step]:
    if len(r.two) != 2:
        return
    x1, x2 = r.extra
    if ROW_OF[x1] == ROW_OF[x2] or COL_OF[x1] == COL_OF[x2]:
        return
    (r1, c1, _), (r2, c2, _) = CELL_HOUSE_MASKS[x1], CELL_HOUSE_MASKS[x2]
    lines = (r1 | r2 | c1 | c2) & ~r.mask
    if not lines & grid.pos[r.a]:
        d = r.a
    elif not lines & grid.pos[r.b]:
        d = r.b
    else:
        return
    other = r.b if d == r.a else r.a
    why = (
        f"In the rectangle's two rows and two columns, {d} appears only in its corners, "
        f"so it sits on one diagonal. On {cell_name(x1)}, {cell_name(x2)} it would leave "
        f"{other} for the other diagonal, and {_deadly(r)}. So {cell_name(x1)} and "
        f"{cell_name(x2)} are not {d}."
    )
    yield from r.removal(grid, "Uniqueness Test 6", r.extra, (d,), why)


def _hidden_rectangle(grid: Grid, r: _Rect) -> Iterator[Step]:
    if len(r.two) not in (1, 2):
        return
    if len(r.two) == 2:
        t1, t2 = r.two
        if ROW_OF[t1] == ROW_OF[t2] or COL_OF[t1] == COL_OF[t2]:
            return
    for corner in r.two:
        x1, x2 = r.extra[0], r.extra[1]
        line = ROW_OF[x1] if ROW_OF[x1] != ROW_OF[corner] else ROW_OF[x2]
        col = COL_OF[x1] if COL_OF[x1] != COL_OF[corner] else COL_OF[x2]
        target = line * 9 + col
        for x, y in ((r.a, r.b), (r.b, r.a)):
            p = grid.pos[x] & ~r.mask
            if p & HOUSE_MASK[line] or p & HOUSE_MASK[9 + col]:
                continue
            if not grid.cands[target] & DIGIT_BIT[y]:
                continue
            yield r.step(
                grid,
                "Hidden Rectangle",
                [(target, y)],
                f"In row {line + 1} and column {col + 1}, {x} can only go in the rectangle's corners. "
                f"If {cell_name(target)} were {y}, {x} would fill the two corners beside it, leaving "
                f"{y} for {cell_name(corner)}, and {_deadly(r)}. So {cell_name(target)} is not {y}.",
            )


def _ur_finder(grid: Grid, ctx: SolveContext | None, check, *args) -> Iterator[Step]:
    seen = set()
    for r in _rectangles(grid, ctx):
        for step in check(grid, r, *args):
            key = frozenset(step.eliminations)
            if key not in seen:
                seen.add(key)
                yield step


@technique("Uniqueness Test 1", needs_unique=True)
def uniqueness_1(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Three corners hold only a/b: the fourth corner loses a and b."""
    return _ur_finder(grid, ctx, _ur1)


@technique("Uniqueness Test 2", needs_unique=True)
def uniqueness_2(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Two corners in a line have the same single extra candidate c: one of them is c, so
    cells seeing both lose c."""
    return _ur_finder(grid, ctx, _ur25, "Uniqueness Test 2")


@technique("Uniqueness Test 3", needs_unique=True)
def uniqueness_3(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """The extra candidates of two corners act as one cell in a naked subset of their house."""
    return _ur_finder(grid, ctx, _ur3)


@technique("Uniqueness Test 4", needs_unique=True)
def uniqueness_4(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Two corners in a line with extras; one UR digit is confined to them: they lose the other."""
    return _ur_finder(grid, ctx, _ur4)


@technique("Uniqueness Test 5", needs_unique=True)
def uniqueness_5(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Like Test 2 with the extra candidate in three corners or two diagonal corners."""
    return _ur_finder(grid, ctx, _ur25, "Uniqueness Test 5")


@technique("Uniqueness Test 6", needs_unique=True)
def uniqueness_6(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Extras on one diagonal, a UR digit confined to the corners in both rows and columns:
    the diagonal with extras loses that digit."""
    return _ur_finder(grid, ctx, _ur6)


@technique("Hidden Rectangle", needs_unique=True)
def hidden_rectangle(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A bivalue corner; a UR digit forms strong links along the row and column of the
    opposite corner: the opposite corner loses the other UR digit."""
    return _ur_finder(grid, ctx, _hidden_rectangle)


# ---------------------------------------------------------------- avoidable rectangles


def _givens_unique(givens: tuple[int, ...], ctx: SolveContext | None) -> bool:
    """Whether the givens alone have exactly one solution (HoDoKu's ``getStatusGivens``),
    worked out once per solve."""
    known = ctx.givens_unique if ctx is not None else {}
    if givens not in known:
        known[givens] = dlx.count_solutions(Grid.from_values(givens), 2) == 1
    return known[givens]


def _avoidable(grid: Grid, want: str, ctx: SolveContext | None) -> Iterator[Step]:
    values, cands, givens = grid.values, grid.cands, grid.givens
    solved = grid.filled() & ~givens
    if not solved:
        return
    checked = False
    seen = set()
    done = set()
    s = solved
    while s:
        low = s & -s
        i = low.bit_length() - 1
        s ^= low
        d1 = values[i]
        for j, pairs in PARTNERS[i]:
            if not solved >> j & 1:
                continue
            d2 = values[j]
            b1, b2 = DIGIT_BIT[d1], DIGIT_BIT[d2]
            for c21, c22 in pairs:
                v21, v22 = values[c21], values[c22]
                e21 = not v21 and cands[c21] & b2 and MASK_SIZE[cands[c21]] == 2
                e22 = not v22 and cands[c22] & b1 and MASK_SIZE[cands[c22]] == 2
                if not (
                    (v21 == d2 and not givens >> c21 & 1 and e22)
                    or (v22 == d1 and not givens >> c22 & 1 and e21)
                    or (e21 and e22)
                ):
                    continue
                rect = frozenset((i, j, c21, c22))
                if rect in done:
                    continue
                done.add(rect)
                corners = (i, j, c21, c22)
                if v21 or v22:
                    name = "Avoidable Rectangle Type 1"
                    cell, d = (c22, d1) if v21 else (c21, d2)
                    if name != want or not cands[cell] & DIGIT_BIT[d]:
                        continue
                    elims = [(cell, d)]
                    fins = []
                    why = (
                        f"The other three corners hold {d1} and {d2}, placed, not given. If "
                        f"{cell_name(cell)} were {d}, the rectangle {cells_name(corners)} would "
                        f"hold {d1}/{d2} twice in non-given cells, which could be swapped to give a "
                        f"second solution; so {cell_name(cell)} is not {d}."
                    )
                else:
                    name = "Avoidable Rectangle Type 2"
                    x = MASK_DIGITS[cands[c21] & ~b2][0]
                    if name != want or not cands[c22] & DIGIT_BIT[x]:
                        continue
                    targets = PEERS[c21] & PEERS[c22] & grid.pos[x]
                    if not targets:
                        continue
                    elims = [(t, x) for t in cell_list(targets)]
                    fins = [(c21, x, "endofin"), (c22, x, "endofin")]
                    why = (
                        f"{cell_name(i)} and {cell_name(j)} hold {d1} and {d2}, placed, not given. If "
                        f"neither {cell_name(c21)} nor {cell_name(c22)} were {x}, they would be {d2} "
                        f"and {d1}, and the four non-given cells could swap {d1} and {d2} to give a "
                        f"second solution. One of them is {x}, so every cell seeing both loses {x}."
                    )
                if not checked:
                    if not _givens_unique(tuple(v if givens >> c & 1 else 0 for c, v in enumerate(values)), ctx):
                        return
                    checked = True
                key = frozenset(elims)
                if key in seen:
                    continue
                seen.add(key)
                marks = []
                for c in corners:
                    if values[c]:
                        continue
                    for dd in MASK_DIGITS[cands[c]]:
                        if dd in (d1, d2):
                            marks.append((c, dd, "pattern"))
                        elif not fins:
                            marks.append((c, dd, "fin"))
                marks += fins
                yield Step(
                    name,
                    eliminations=elims,
                    cells=sorted(corners),
                    candidates=marks,
                    detail=f"{d1}/{d2} in {cells_name(corners)}",
                    explanation=why,
                )


@technique("Avoidable Rectangle Type 1", needs_unique=True)
def avoidable_rectangle_1(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Three corners placed (not given) with a/b: the fourth corner cannot complete the pattern."""
    return _avoidable(grid, "Avoidable Rectangle Type 1", ctx)


@technique("Avoidable Rectangle Type 2", needs_unique=True)
def avoidable_rectangle_2(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Two corners placed (not given), the other two bivalue with the same extra digit x:
    one of them is x, so cells seeing both lose x."""
    return _avoidable(grid, "Avoidable Rectangle Type 2", ctx)


# ---------------------------------------------------------------- BUG + 1


@technique("Bivalue Universal Grave + 1", needs_unique=True)
def bug_plus_1(grid: Grid) -> Iterator[Step]:
    """Every unsolved cell has two candidates except one with three, and every digit appears
    twice in each house except the extra digit of that cell, three times in its houses: the
    cell must be that digit (it loses its other candidates)."""
    cands = grid.cands
    index3 = -1
    e = grid.empty
    if not e:
        return
    while e:
        low = e & -e
        c = low.bit_length() - 1
        e ^= low
        n = MASK_SIZE[cands[c]]
        if n == 2:
            continue
        if n != 3 or index3 >= 0:
            return
        index3 = c
    if index3 < 0:
        return
    extra = 0
    houses = [-1, -1, -1]
    for d in range(1, 10):
        p = grid.pos[d]
        if not p:
            continue
        for h in range(27):
            n = (p & HOUSE_MASK[h]).bit_count()
            if n == 0 or n == 2:
                continue
            if n != 3 or (extra and extra != d) or houses[h // 9] >= 0:
                return
            extra = d
            houses[h // 9] = h
    if not extra or tuple(houses) != CELL_HOUSES[index3] or not cands[index3] & DIGIT_BIT[extra]:
        return
    others = [d for d in MASK_DIGITS[cands[index3]] if d != extra]
    name = cell_name(index3)
    marks = [(c, d, "pattern") for c in cell_list(grid.empty) if c != index3 for d in MASK_DIGITS[cands[c]]]
    marks += [(index3, d, "pattern") for d in others] + [(index3, extra, "fin")]
    yield Step(
        "Bivalue Universal Grave + 1",
        eliminations=[(index3, d) for d in others],
        cells=[index3],
        candidates=marks,
        houses=list(houses),
        detail=name,
        explanation=f"Every unsolved cell but {name} has two candidates, and every digit appears "
        f"twice in each house except {extra}, three times in the houses of {name}. "
        f"Without {extra} in {name} the grid would be a bivalue universal grave, which has "
        f"no solution or more than one; so {name} is {extra} and loses "
        f"{digits_name(sum(DIGIT_BIT[d] for d in others), ' and ')}.",
    )
