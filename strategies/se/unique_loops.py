"""Sudoku Explainer's Unique Rectangles and Unique Loops (types 1 to 4), found as SE finds them.

A *unique loop* is a closed path of empty cells that all hold two digits a and b, each
cell sharing a house with the next one (a row, column or box other than the one the path
came in by), such that every house the loop touches holds exactly two of its cells, one at
an even and one at an odd position. Were a and b the only candidates of all those cells,
they could be swapped along the loop and every house would stay valid: a puzzle with one
solution cannot end that way (a deadly pattern), so at least one cell of the loop must take
another digit. A rectangle is the four-cell case. The loop's cells with more candidates than
a and b are its *extra cells*:

- Type 1: one extra cell; it cannot be a or b.
- Type 2: two or more extra cells whose only other digit is the same x; one of them is x, so
  x leaves every cell that sees all of them.
- Type 3: two extra cells in one house with other digits besides a/b; one of them takes one
  of those digits, so together they act as one cell holding them, which can complete a naked
  set in that house; or, seen from a and b, the two cells hold at most one of a/b between
  them, which can complete a hidden set.
- Type 4: two extra cells in one house where a (or b) has no other place: one of them is a,
  so neither can be b.

The search copies SE's ``UniqueLoops`` producer: from every bivalue cell in row order it
follows every path through cells holding both digits, houses visited block, row, column and
cells in house order, allowing at most two extra cells unless every extra cell so far has
the same single extra digit; a path that comes back to its start after at least four cells
is a candidate loop, kept when it passes the even/odd house test (paths that already fail
it are not followed further, which changes nothing but the time taken). Hints equal for SE (same
type, same cells, for type 3 the same house and set) are kept once, then sorted by SE's
difficulty and type (stable), which is the order SE's solver sees them. Even SE's quirk of
gathering, within one step of the search, the extra digits of every cell it tried (so that a
third extra cell is sometimes refused) is kept, since it decides which loops SE finds first.

Twin of ``sudoku_logic/native/se/unique_loops.c``.
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import se_rule
from strategies.se.order import (
    INDEX_IN,
    SE_CELL_HOUSES,
    common_tuple,
    common_tuple_light,
    subsets,
)
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    CELL_BIT,
    CELL_HOUSE_BITS,
    DIGIT_BIT,
    HOUSE_CELLS,
    MASK_DIGITS,
    MASK_SIZE,
    PEERS,
    cell_list,
    cell_name,
    cells_name,
    digits_name,
    house_name,
)
from sudoku_logic.core.step import LazyStep, Step

TECHNIQUES = tuple(f"Unique {shape} Type {n}" for shape in ("Rectangle", "Loop") for n in range(1, 5))

#: Names of naked and hidden sets by size (SE writes Triplet, Quintuplet, ...).
SET_NAMES = {2: "Pair", 3: "Triple", 4: "Quad", 5: "Quintuple", 6: "Sextuple", 7: "Septuple"}


class LoopHint:
    """One of SE's unique loop hints: its type, the loop (cells in path order), the loop
    digits, what it removes, SE's equality key, and what the text needs. ``technique`` and
    :attr:`facts` are what the SE scale rates it by (SE sorts its hints by that number)."""

    __slots__ = (
        "type",
        "loop",
        "a",
        "b",
        "elims",
        "key",
        "extra_cells",
        "value",
        "subset",
        "hidden",
        "set_digits",
        "set_cells",
        "house",
        "lock",
        "rem",
    )

    def __init__(
        self, type_: int, loop: tuple[int, ...], a: int, b: int, elims: list, key: tuple, extra_cells: list[int]
    ) -> None:
        self.type, self.loop, self.a, self.b = type_, loop, a, b
        self.elims, self.key, self.extra_cells = elims, key, extra_cells
        self.value = self.subset = self.set_digits = self.house = self.lock = self.rem = 0
        self.hidden = False
        self.set_cells: list[int] = []


# ---------------------------------------------------------------- the loop search


def _house_places(cands: list[int], pair: int) -> list[tuple[int, ...]]:
    """Per house, its cells holding both digits of ``pair``, in house order."""
    return [tuple(c for c in cells if cands[c] & pair == pair) for cells in HOUSE_CELLS]


def _paths(cands: list[int], start: int, pair: int, places: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The closed paths SE's ``checkForLoops`` finds from ``start``, in its order, less those
    that cannot pass :func:`_valid` (a house met twice at the same parity of position): a path
    is not followed past such a cell, which changes nothing else (SE's gathering of extra
    digits happens before it decides to follow a cell)."""
    results: list[tuple[int, ...]] = []
    loop = [start]

    def walk(cell: int, inside: int, allowed: int, ex: int, came_by: int, even: int, odd: int) -> None:
        # ``ex`` gathers the extra digits of every candidate next cell tried from here, as
        # SE's search does (its set is copied once per call, then grows over the siblings)
        for t, h in enumerate(SE_CELL_HOUSES[cell]):
            if t == came_by:
                continue
            for nxt in places[h]:
                if nxt == start and len(loop) >= 4:
                    results.append(tuple(loop))
                elif not inside >> nxt & 1:
                    m = cands[nxt]
                    ex |= m & ~pair
                    big = MASK_SIZE[m] > 2
                    if not big or MASK_SIZE[ex] == 1 or allowed > 0:
                        houses = CELL_HOUSE_BITS[nxt]
                        if len(loop) & 1:  # nxt goes to an odd position
                            if odd & houses:
                                continue
                            loop.append(nxt)
                            walk(nxt, inside | CELL_BIT[nxt], allowed - big, ex, t, even, odd | houses)
                        else:
                            if even & houses:
                                continue
                            loop.append(nxt)
                            walk(nxt, inside | CELL_BIT[nxt], allowed - big, ex, t, even | houses, odd)
                        loop.pop()

    walk(start, CELL_BIT[start], 2, 0, -1, CELL_HOUSE_BITS[start], 0)
    return results


def _valid(loop: tuple[int, ...]) -> bool:
    """SE's ``isValidLoop``: no house holds two cells of the same parity of position, and the
    houses of even and of odd positions are the same."""
    seen = [0, 0]
    for i, c in enumerate(loop):
        p = i & 1
        for h in SE_CELL_HOUSES[c]:
            if seen[p] >> h & 1:
                return False
            seen[p] |= 1 << h
    return seen[0] == seen[1]


# ---------------------------------------------------------------- the four types


def _type1(loop, a, b, x) -> LoopHint:
    return LoopHint(1, loop, a, b, [(x, a), (x, b)], (1, frozenset(loop)), [x])


def _type2(grid: Grid, loop, a, b, extra_cells: list[int]) -> LoopHint:
    pair = DIGIT_BIT[a] | DIGIT_BIT[b]
    value = MASK_DIGITS[grid.cands[extra_cells[0]] & ~pair][0]
    seen = grid.pos[value]
    for x in extra_cells:
        seen &= PEERS[x]
    h = LoopHint(2, loop, a, b, [(c, value) for c in cell_list(seen)], (2, frozenset(loop)), extra_cells)
    h.value = value
    return h


def _type3(grid: Grid, loop, a, b, c1: int, c2: int) -> list[LoopHint]:
    """SE's ``createType3Hints``: naked then hidden sets in the houses shared by ``c1`` and
    ``c2``, by growing degree, houses block, row, column."""
    cands, values = grid.cands, grid.values
    pair = DIGIT_BIT[a] | DIGIT_BIT[b]
    extra = (cands[c1] | cands[c2]) & ~pair
    both_extra = extra & cands[c1] & cands[c2]
    rest = [d for d in range(1, 10) if d != a and d != b and not extra & DIGIT_BIT[d]]
    out = []
    # the houses c1 and c2 share, with what SE's search needs of each: its empty cells and
    # the cells that can join a naked set with c1 (two candidates or more; not c1 or c2)
    shared = []
    for t in range(3):
        h = SE_CELL_HOUSES[c1][t]
        if h == SE_CELL_HOUSES[c2][t]:
            cells = HOUSE_CELLS[h]
            mates = [c for c in cells if c != c1 and c != c2 and MASK_SIZE[cands[c]] >= 2]
            shared.append((h, cells, sum(1 for c in cells if not values[c]), mates))
    for degree in range(MASK_SIZE[extra], 8):
        for h, cells, empty, mates in shared:
            i1, i2 = INDEX_IN[h][c1], INDEX_IN[h][c2]
            if degree * 2 <= empty and MASK_SIZE[extra] >= 2 and degree - 1 <= len(mates):
                # SE tries every ``degree`` cells of the house with c1 and without c2, in its
                # order; a set with a cell of fewer than two candidates fails its test, and
                # SE's order lists the sets of the others in the same order
                for pick in subsets(degree - 1, len(mates)):
                    others = [mates[i] for i in pick]
                    naked = both_extra
                    masks = [extra]
                    for c in others:
                        m = cands[c]
                        masks.append(m)
                        naked |= m
                    if MASK_SIZE[naked] != degree:
                        continue
                    digits = common_tuple(masks, degree)
                    if not digits:
                        continue
                    skip = set(others) | {c1, c2}
                    elims = [(c, d) for c in cells if c not in skip for d in MASK_DIGITS[cands[c] & digits]]
                    hint = LoopHint(
                        3, loop, a, b, elims, (3, frozenset(loop), "naked", h, digits, tuple(others)), [c1, c2]
                    )
                    hint.subset, hint.set_digits, hint.set_cells, hint.house = degree, digits, others, h
                    if elims:
                        out.append(hint)
            if degree * 2 < empty and degree - 2 <= len(rest):
                for pick in subsets(degree - 2, len(rest)):
                    set_digits = [rest[i] for i in pick] + [a, b]
                    places = []
                    for d in set_digits:
                        p = 0
                        for i, c in enumerate(cells):
                            if cands[c] & DIGIT_BIT[d] and i != i2:
                                p |= 1 << i
                        places.append(p)
                    where = common_tuple_light(places, degree)
                    if not where:
                        continue
                    dmask = sum(DIGIT_BIT[d] for d in set_digits)
                    idx = [i for i in range(9) if where >> i & 1 and i != i1 and i != i2]
                    others = [cells[i] for i in idx]
                    elims = [(c, d) for c in others for d in MASK_DIGITS[cands[c] & ~dmask]]
                    hint = LoopHint(
                        3, loop, a, b, elims, (3, frozenset(loop), "hidden", h, dmask, tuple(idx)), [c1, c2]
                    )
                    hint.subset, hint.hidden, hint.set_digits, hint.set_cells, hint.house = (
                        degree,
                        True,
                        dmask,
                        others,
                        h,
                    )
                    if elims:
                        out.append(hint)
    return out


def _type4(grid: Grid, loop, a, b, c1: int, c2: int) -> LoopHint | None:
    """SE's ``createType4Hint``: a or b with no other place in a house of ``c1`` and ``c2``
    (a first; the last such house by type block, row, column)."""
    cands = grid.cands
    lock_a = lock_b = -1
    for t in range(3):
        h = SE_CELL_HOUSES[c1][t]
        if h != SE_CELL_HOUSES[c2][t]:
            continue
        others = [c for c in HOUSE_CELLS[h] if c != c1 and c != c2]
        if not any(cands[c] & DIGIT_BIT[a] for c in others):
            lock_a = h
        if not any(cands[c] & DIGIT_BIT[b] for c in others):
            lock_b = h
    if lock_a >= 0:
        house, lock, rem = lock_a, a, b
    elif lock_b >= 0:
        house, lock, rem = lock_b, b, a
    else:
        return None
    hint = LoopHint(4, loop, a, b, [(c1, rem), (c2, rem)], (4, frozenset(loop)), [c1, c2])
    hint.house, hint.lock, hint.rem = house, lock, rem
    return hint


def _loop_hints(grid: Grid, difficulty) -> list[LoopHint]:
    """Every hint of SE's ``UniqueLoops`` producer in the order its solver takes them."""
    cands = grid.cands
    found: list[LoopHint] = []
    keys: set = set()
    by_pair: dict[int, list[tuple[int, ...]]] = {}

    def add(hint: LoopHint | None) -> None:
        if hint is not None and hint.key not in keys and hint.elims:
            keys.add(hint.key)
            found.append(hint)

    for start in cell_list(grid.cells_by_size()[1]):  # the bivalue cells
        pair = cands[start]
        a, b = MASK_DIGITS[pair]
        if pair not in by_pair:
            by_pair[pair] = _house_places(cands, pair)
        for loop in _paths(cands, start, pair, by_pair[pair]):
            if not _valid(loop):
                continue
            extra_cells = [c for c in loop if MASK_SIZE[cands[c]] > 2]
            if len(extra_cells) == 1:
                add(_type1(loop, a, b, extra_cells[0]))
            elif len(extra_cells) > 2:
                add(_type2(grid, loop, a, b, extra_cells))
            elif len(extra_cells) == 2:
                c1, c2 = extra_cells
                n_extra = MASK_SIZE[(cands[c1] | cands[c2]) & ~pair]
                if n_extra == 1:
                    add(_type2(grid, loop, a, b, extra_cells))
                else:
                    for hint in _type3(grid, loop, a, b, c1, c2):
                        add(hint)
                add(_type4(grid, loop, a, b, c1, c2))
    found.sort(key=lambda h: (difficulty(h), h.type))
    return found


# ---------------------------------------------------------------- steps


def _shape(h: LoopHint) -> str:
    cells = cells_name(h.loop)
    if len(h.loop) == 4:
        return f"the rectangle {cells}"
    return f"the loop {cells} (each of its houses holding two of its cells)"


def _deadly(h: LoopHint) -> str:
    return (
        f"{_shape(h)} would hold only {h.a} and {h.b}, which could then swap places all along "
        f"it and leave a second solution"
    )


def _names(cells, last: str = "or") -> str:
    names = [cell_name(c) for c in cells]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


def _and(mask: int) -> str:
    """``4``, ``4 and 8``, ``1, 4 and 5``: the digits of a mask in a sentence."""
    ds = [str(d) for d in MASK_DIGITS[mask]]
    return ds[0] if len(ds) == 1 else f"{', '.join(ds[:-1])} and {ds[-1]}"


def _text(h: LoopHint, cands: dict[int, int]) -> dict:
    """The step's presentation, from the candidates the cells had when it was found."""
    pair = DIGIT_BIT[h.a] | DIGIT_BIT[h.b]
    marks = []
    for c in h.loop:
        for d in MASK_DIGITS[cands[c]]:
            marks.append((c, d, "pattern" if pair & DIGIT_BIT[d] else "fin"))
    for c in h.set_cells:
        for d in MASK_DIGITS[cands[c] & h.set_digits]:
            marks.append((c, d, "fin"))
    detail = f"{h.a}/{h.b} in {cells_name(h.loop)}"
    houses = [h.house] if h.type in (3, 4) else []
    if h.type == 1:
        x = h.extra_cells[0]
        why = (
            f"Every cell of {cells_name(h.loop)} but {cell_name(x)} holds only {h.a} and {h.b}. "
            f"If {cell_name(x)} were {h.a} or {h.b}, {_deadly(h)}; so it is neither."
        )
    elif h.type == 2:
        xs = sorted(h.extra_cells)
        why = (
            f"One of {_names(xs, 'and')} must be {h.value}, their only digit besides {h.a} and {h.b}: "
            f"otherwise {_deadly(h)}. So {h.value} leaves every cell that sees "
            f"{'both' if len(xs) == 2 else 'all of them'}."
        )
    elif h.type == 3:
        c1, c2 = sorted(h.extra_cells)
        kind = "Hidden" if h.hidden else "Naked"
        set_name = f"{kind} {SET_NAMES.get(h.subset, str(h.subset))}"
        detail += (
            f" + {set_name} {digits_name(h.set_digits)} in {cell_name(c1)}/{cell_name(c2)},{cells_name(h.set_cells)}"
        )
        where = house_name(h.house, False)
        extra = (cands[c1] | cands[c2]) & ~pair
        if h.hidden:
            why = (
                f"At most one of {cell_name(c1)} and {cell_name(c2)} can hold {h.a} or {h.b}: if "
                f"both did, {_deadly(h)}. So in {where} they offer one place between them for "
                f"those digits, and {_and(h.set_digits)} fit only there and in "
                f"{_names(h.set_cells, 'and')}: a hidden "
                f"{SET_NAMES.get(h.subset, str(h.subset)).lower()}, so "
                f"{_names(h.set_cells, 'and')} {'keeps' if len(h.set_cells) == 1 else 'keep'} only "
                f"those digits."
            )
        else:
            why = (
                f"One of {cell_name(c1)} and {cell_name(c2)} must take {digits_name(extra, ' or ')}: "
                f"otherwise {_deadly(h)}. Together they act as one cell holding "
                f"{_and(extra)}, which with {_names(h.set_cells, 'and')} makes a naked "
                f"{SET_NAMES.get(h.subset, str(h.subset)).lower()} of "
                f"{_and(h.set_digits)} in {where}: those digits leave its other cells."
            )
    else:
        c1, c2 = sorted(h.extra_cells)
        where = house_name(h.house, False)
        why = (
            f"In {where}, {h.lock} can only go in {cell_name(c1)} or {cell_name(c2)}, so one of "
            f"them is {h.lock}. Were the other {h.rem}, {_deadly(h)}. So neither is {h.rem}."
        )
    return dict(cells=sorted(h.loop), candidates=marks, houses=houses, detail=detail, explanation=why)


def _name(h: LoopHint) -> str:
    return f"Unique {'Rectangle' if len(h.loop) == 4 else 'Loop'} Type {h.type}"


def _facts(h: LoopHint) -> dict:
    facts: dict = {"loop": len(h.loop)}
    if h.type == 3:
        facts["subset"] = h.subset
        if h.hidden:
            facts["hidden"] = True
    return facts


class _Rated:
    """A hint as the SE scale reads it: technique and facts."""

    __slots__ = ("technique", "facts")

    def __init__(self, h: LoopHint) -> None:
        self.technique, self.facts = _name(h), _facts(h)


def unique_loop_step(h: LoopHint, grid: Grid) -> Step:
    """The step of a unique loop hint on ``grid`` (its words written when first read)."""
    facts = _facts(h)
    seen = {c: grid.cands[c] for c in h.loop + tuple(h.set_cells)}
    return LazyStep(_name(h), lambda: _text(h, seen), eliminations=sorted(h.elims), facts=facts)


@se_rule("Unique Loops", TECHNIQUES, needs_unique=True)
def unique_loops(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """SE's unique rectangles and loops (types 1-4) on ``grid``, in the order SE's solver
    takes them (by SE's difficulty, which the SE scale puts in ``ctx``, then type, then the
    order its search found them). Steps carry ``facts``: ``loop`` (cells in the loop), and
    on type 3 ``subset`` (size of the naked or hidden set) and ``hidden`` (True for a hidden
    set)."""
    if ctx is None or ctx.difficulty is None:
        raise ValueError(
            "SE's unique loops are ordered by the SE scale's difficulty: "
            "run them in a solve of the SE scale (grading.scales)"
        )
    rate = ctx.difficulty
    for h in _loop_hints(grid, lambda h: rate(_Rated(h))):
        yield unique_loop_step(h, grid)
