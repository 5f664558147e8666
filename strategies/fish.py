"""Fish: X-Wing, Swordfish and Jellyfish; their Finned and Sashimi forms; Franken and Mutant
fish up to size 4 (finned too, with endo fins and cannibalism); HoDoKu's Siamese fish.

A fish for digit d: ``n`` base houses that share no candidate of d each need their own d, and
all of those candidates lie in ``n`` cover houses, which hold at most ``n`` d's; so the d's
of the cover houses are exactly those of the base houses, and d goes from the rest of the
cover houses. With fins (base candidates outside the cover houses) either a fin is d or the
fish stands, so only cells that see every fin lose d.

Basic fish (rows against columns) have a fast path on 9-bit line masks; Franken and Mutant
fish use the general search of :mod:`strategies.fish_search`. Sudoku Explainer's basic fish
(:mod:`strategies.se.fish`) make their steps with :func:`fish_step`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import combinations

from strategies._pattern_tools import digit_list
from strategies.fish_search import BASIC, FRANKEN, MAX_FINS, MUTANT, Fish, search, shape
from strategies.registry import technique
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_MASK, cell_list, cell_name, cells_name
from sudoku_logic.core.step import Step

SIZE_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_COUNT = {2: "two", 3: "three", 4: "four"}

ROWS = tuple(range(9))
COLS = tuple(range(9, 18))
BOXES = tuple(range(18, 27))
ALL_HOUSES = tuple(range(27))

#: 81-bit set of the columns in a 9-bit column mask / rows in a 9-bit row mask.
_COLS81 = [0] * 512
_ROWS81 = [0] * 512
for _m in range(1, 512):
    _low = (_m & -_m).bit_length() - 1
    _COLS81[_m] = _COLS81[_m & (_m - 1)] | HOUSE_MASK[9 + _low]
    _ROWS81[_m] = _ROWS81[_m & (_m - 1)] | HOUSE_MASK[_low]
_BITS9 = [tuple(i for i in range(9) if m >> i & 1) for m in range(512)]
#: 9-bit masks of the three stacks (or bands).
_STACKS = (0b000000111, 0b000111000, 0b111000000)
_POPCOUNT = [m.bit_count() for m in range(512)]
#: For a 9-bit line mask, the fewest of its lines outside one stack (band).
_OUTSIDE_STACK = [min((m & ~s).bit_count() for s in _STACKS) for m in range(512)]
_BOX_OF_CELL = [18 + (c // 27) * 3 + (c % 9) // 3 for c in range(81)]


#: For a 9-bit mask of columns, bit ``9 * c`` set for each column ``c`` (a row spread out
#: as a column of the transposed grid).
_SPREAD = [sum(1 << (9 * c) for c in range(9) if m >> c & 1) for m in range(512)]


def _line_masks(p: int) -> tuple[list[int], list[int]]:
    """Per row the 9-bit mask of its columns holding the candidate, and per column of rows."""
    rows = [
        p & 0x1FF,
        p >> 9 & 0x1FF,
        p >> 18 & 0x1FF,
        p >> 27 & 0x1FF,
        p >> 36 & 0x1FF,
        p >> 45 & 0x1FF,
        p >> 54 & 0x1FF,
        p >> 63 & 0x1FF,
        p >> 72 & 0x1FF,
    ]
    spread = _SPREAD
    t = 0  # the transposed set: bit 9 * c + r for the candidate in row r, column c
    r = 0
    for m in rows:
        if m:
            t |= spread[m] << r
        r += 1
    cols = [
        t & 0x1FF,
        t >> 9 & 0x1FF,
        t >> 18 & 0x1FF,
        t >> 27 & 0x1FF,
        t >> 36 & 0x1FF,
        t >> 45 & 0x1FF,
        t >> 54 & 0x1FF,
        t >> 63 & 0x1FF,
        t >> 72 & 0x1FF,
    ]
    return rows, cols


# ---------------------------------------------------------------- basic fish (fast path)


def basic_fish(grid: Grid, size: int, digits=range(1, 10)) -> Iterator[Fish]:
    """Basic fish without fins: ``size`` rows whose candidates lie in ``size`` columns (or
    the other way round). HoDoKu's order: digit, rows first, lexicographic combinations."""
    for d, p, masks, base_off, cover_off, lines81, covers81 in _orientations(grid, digits):
        units = [(i, m) for i, m in enumerate(masks) if m and m.bit_count() <= size]
        if len(units) < size:
            continue
        for bmask, umask in _combos(units, size, _POPCOUNT):
            if _POPCOUNT[umask] != size:
                continue
            base81 = lines81[bmask] & p
            elims = p & covers81[umask] & ~base81
            if elims:
                yield Fish(
                    d,
                    tuple(base_off + i for i in _BITS9[bmask]),
                    tuple(cover_off + i for i in _BITS9[umask]),
                    base81,
                    0,
                    0,
                    0,
                    elims,
                )


def _orientations(grid: Grid, digits) -> Iterator[tuple[int, int, list[int], int, int, list[int], list[int]]]:
    """For each digit of ``digits`` with candidates, rows as base lines then columns:
    ``(digit, its candidates, each base line's 9-bit mask of cover lines, the base and cover
    houses' first index, the 81-bit sets of base lines and of cover lines by 9-bit mask)``."""
    for d in digits:
        p = grid.pos[d]
        if not p:
            continue
        rows, cols = _line_masks(p)
        yield d, p, rows, 0, 9, _ROWS81, _COLS81
        yield d, p, cols, 9, 0, _COLS81, _ROWS81


def _combos(units, size: int, measure: list[int]) -> list[tuple[int, int]]:
    """Combinations of ``size`` line units (index, 9-bit mask), in lexicographic order, whose
    union ``u`` keeps ``measure[u] <= size``: (9-bit set of the lines, union) each. (``measure``
    grows with the union: a combination's parts need no check of their own.)"""
    out = []
    for combo in combinations(units, size):
        union = lines = 0
        for i, m in combo:
            union |= m
            lines |= 1 << i
        if measure[union] <= size:
            out.append((lines, union))
    return out


def finned_basic_fish(grid: Grid, size: int, sashimi: bool | None, digits=range(1, 10)) -> Iterator[Fish]:
    """Finned (``sashimi`` False) or Sashimi (True) basic fish, or both (None): ``size`` rows
    whose candidates lie in ``size`` columns except for fins, all in one box; the cover
    columns lose the digit in that box outside the base rows. Sashimi: some base row keeps at
    most one candidate once the fins are taken away (HoDoKu's definition)."""
    for d, p, masks, base_off, cover_off, lines81, covers81 in _orientations(grid, digits):
        units = [(i, m) for i, m in enumerate(masks) if m]
        if len(units) < size:
            continue
        # fins sit in one box: all lines outside one stack are cover lines
        for bmask, umask in _combos(units, size, _OUTSIDE_STACK):
            if _POPCOUNT[umask] <= size:
                continue
            choices = _COVER_CHOICES[size][umask]
            if not choices:
                continue
            base81 = lines81[bmask] & p
            for cover, finmask in choices:
                fins = base81 & covers81[finmask]
                if fins.bit_count() > MAX_FINS:
                    continue
                low = fins & -fins
                box = HOUSE_MASK[_BOX_OF_CELL[low.bit_length() - 1]]
                if fins & ~box:
                    continue
                elims = p & covers81[cover] & box & ~base81
                if not elims:
                    continue
                if sashimi is not None and sashimi != any(_POPCOUNT[masks[i] & cover] <= 1 for i in _BITS9[bmask]):
                    continue
                yield Fish(
                    d,
                    tuple(base_off + i for i in _BITS9[bmask]),
                    tuple(cover_off + i for i in _BITS9[cover]),
                    base81,
                    fins,
                    0,
                    0,
                    elims,
                )


def _cover_choices(size: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each 9-bit union of base candidates' lines (the index), every (cover, fin lines)
    split with ``size`` cover lines and fin lines (at least one) inside a single stack, in
    the order of the cover lines' combinations (lowest lines first)."""
    out = []
    for umask in range(512):
        covers = set()
        for st in _STACKS:
            inside = umask & st
            fins = inside
            while fins:  # every nonempty set of the union's lines within this stack
                cover = umask & ~fins
                if _POPCOUNT[cover] == size:
                    covers.add(cover)
                fins = (fins - 1) & inside
        out.append(tuple((c, umask & ~c) for c in sorted(covers, key=_BITS9.__getitem__)))
    return tuple(out)


#: Per fish size and 9-bit union of the base candidates' lines: :func:`_cover_choices`.
_COVER_CHOICES = {size: _cover_choices(size) for size in (2, 3, 4)}


class _Replay:
    """A generator shared by several consumers: items already produced are replayed, the
    rest are produced on demand (so the first consumer stays lazy)."""

    __slots__ = ("items", "source", "done")

    def __init__(self, source: Iterator[Fish]) -> None:
        self.items: list[Fish] = []
        self.source = source
        self.done = False

    def __iter__(self) -> Iterator[Fish]:
        i = 0
        while True:
            if i < len(self.items):
                yield self.items[i]
                i += 1
            elif self.done:
                return
            else:
                nxt = next(self.source, None)
                if nxt is None:
                    self.done = True
                    return
                self.items.append(nxt)


def shared_finned_basic_fish(
    grid: Grid, size: int, sashimi: bool, digits=range(1, 10), ctx: SolveContext | None = None
) -> Iterator[Fish]:
    """:func:`finned_basic_fish` for ``digits``, its search shared between the Finned and
    the Sashimi finder of one size on one position (the solver asks both, one after the
    other; the shared search is the last position's, kept in the solve's context)."""
    key = (tuple(grid.pos), tuple(digits))
    shared = ctx.finned_fish if ctx is not None else {}
    hit = shared.get(size)
    if hit is None or hit[0] != key:
        # the search reads only candidates: give it a snapshot, not the (mutable) grid
        snapshot = Grid.__new__(Grid)
        snapshot.pos = list(key[0])
        hit = shared[size] = (key, _Replay(finned_basic_fish(snapshot, size, None, key[1])))
    for fish in hit[1]:
        if is_sashimi(fish) == sashimi:
            yield fish


# ---------------------------------------------------------------- Franken and Mutant fish


def general_fish(grid: Grid, size: int, kind: int, finned: bool, digits=range(1, 10)) -> Iterator[Fish]:
    """Franken (``kind`` FRANKEN: lines and boxes against the other lines and boxes) or Mutant
    (MUTANT: any houses) fish of ``size``, with or without fins; only fish of that kind."""
    setups: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    if kind == FRANKEN:
        setups = ((ROWS + BOXES, COLS + BOXES), (COLS + BOXES, ROWS + BOXES))
    else:
        setups = ((ALL_HOUSES, ALL_HOUSES),)
    for d in digits:
        p = grid.pos[d]
        if not p:
            continue
        for base_houses, cover_houses in setups:
            for fish in search(d, p, size, base_houses, cover_houses, finned, kind == FRANKEN):
                if shape(fish.base, fish.cover) == kind:
                    yield fish


# ---------------------------------------------------------------- steps


def houses_short(houses) -> str:
    """HoDoKu's compact house list: ``r36c15``, ``r348b1``."""
    out = []
    last = None
    for h in houses:
        kind, n = divmod(h, 9)
        if kind != last:
            out.append("rcb"[kind])
            last = kind
        out.append(str(n + 1))
    return "".join(out)


def houses_long(houses) -> str:
    """``rows 2 and 8``, ``rows 3 and 4, box 1``: the houses grouped by kind, in words."""
    groups = []
    for kind, word in enumerate(("row", "column", "box")):
        nums = [str(h - 9 * kind + 1) for h in houses if h // 9 == kind]
        if not nums:
            continue
        if len(nums) == 1:
            groups.append(f"{word} {nums[0]}")
        else:
            groups.append(f"{'boxes' if word == 'box' else word + 's'} {', '.join(nums[:-1])} and {nums[-1]}")
    if len(groups) > 1:
        return ", ".join(groups[:-1]) + " and " + groups[-1]
    return groups[0] if groups else ""


def fish_name(fish: Fish) -> str:
    """The HoDoKu name of a fish: size, shape, fins (Sashimi for basic fish per HoDoKu)."""
    size = len(fish.base)
    kind = shape(fish.base, fish.cover)
    base = SIZE_NAMES[size]
    if kind == BASIC:
        if not fish.fins:
            return base
        return ("Sashimi " if is_sashimi(fish) else "Finned ") + base
    prefix = "Franken " if kind == FRANKEN else "Mutant "
    return ("Finned " if fish.fins else "") + prefix + base


def is_sashimi(fish: Fish) -> bool:
    """HoDoKu: a finned basic fish is Sashimi if some base house keeps at most one candidate
    once the fins are removed."""
    return any((fish.base_cells & HOUSE_MASK[h] & ~fish.fins).bit_count() <= 1 for h in fish.base)


def fins_detail(fins: int, endo: int) -> str:
    """`` fr8c8 fr9c9 efr1c9``: exo fins then endo fins, as HoDoKu prints them."""
    parts = [f"f{cell_name(c)}" for c in cell_list(fins & ~endo)]
    parts += [f"ef{cell_name(c)}" for c in cell_list(endo)]
    return "".join(" " + s for s in parts)


def fish_step(fish: Fish, name: str | None = None) -> Step:
    """The step for one fish, with HoDoKu's notation and a sentence a person can check."""
    name = name or fish_name(fish)
    detail = f"{fish.digit} {houses_short(fish.base)} {houses_short(fish.cover)}{fins_detail(fish.fins, fish.endo)}"
    explanation = _explain(fish)
    return _make_step(name, fish, detail, explanation)


def _make_step(name: str, fish: Fish, detail: str, explanation: str) -> Step:
    """A Step: base candidates as the cells, highlighted by role, base then cover houses."""
    d = fish.digit
    cells = cell_list(fish.base_cells)
    candidates = []
    for c in cells:
        bit = 1 << c
        if fish.endo & bit:
            role = "endofin"
        elif fish.fins & bit:
            role = "fin"
        elif fish.cannibal & bit:
            role = "cannibal"
        else:
            role = "pattern"
        candidates.append((c, d, role))
    return Step(
        name,
        eliminations=[(c, d) for c in cell_list(fish.elims)],
        cells=cells,
        candidates=candidates,
        houses=list(fish.base) + [h for h in fish.cover if h not in fish.base],
        detail=detail,
        explanation=explanation,
    )


def _explain(fish: Fish) -> str:
    d = fish.digit
    n = len(fish.base)
    base, cover = houses_long(fish.base), houses_long(fish.cover)
    plain = fish.base_cells & ~fish.fins
    text = (
        f"The {_COUNT[n]} base houses {base} need {_COUNT[n]} different {d}s, and their "
        f"candidates {cells_name(plain)} all lie in the {_COUNT[n]} cover houses {cover}, "
        f"which can hold only {_COUNT[n]} {d}s"
    )
    if fish.fins:
        exo = fish.fins & ~fish.endo
        parts = []
        if exo:
            parts.append(f"{cells_name(exo)} outside the cover houses")
        if fish.endo:
            parts.append(f"{cells_name(fish.endo)} in two base houses")
        text += (
            f", except for the fin{'s' if fish.fins.bit_count() > 1 else ''} "
            f"({'; '.join(parts)}). Either a fin is {d}, or the cover houses' {d}s all lie "
            f"in the base houses; {cells_name(fish.elims)} "
            f"{'sees' if fish.elims.bit_count() == 1 else 'see'} every fin and "
            f"{'lies' if fish.elims.bit_count() == 1 else 'lie'} in a cover house, so "
            f"{'it' if fish.elims.bit_count() == 1 else 'they'} cannot be {d} either way."
        )
    else:
        text += (
            f"; so the cover houses' {d}s are exactly the base houses' {d}s, and {d} goes "
            f"from the rest of the cover houses: {cells_name(fish.elims & ~fish.cannibal) or 'none'}."
        )
    if fish.cannibal:
        text += (
            f" {cells_name(fish.cannibal)} {'lies' if fish.cannibal.bit_count() == 1 else 'lie'} "
            f"in two cover houses: a {d} there would fill two cover houses at once and leave "
            f"too few for the other base houses, so it goes too."
        )
    return text


# ---------------------------------------------------------------- Siamese fish


def siamese(fishes: Iterable[Fish]) -> Iterator[tuple[Fish, Fish]]:
    """HoDoKu's Siamese pairs: two fish of one digit with the same base houses whose first
    eliminations differ, the first found first. The finders yield all fish of one base set
    together, so pairs are formed within each run of equal (digit, base), lazily."""
    group: list[Fish] = []
    for fish in fishes:
        if group and (group[0].digit, group[0].base) != (fish.digit, fish.base):
            group = []
        for a in group:
            if (a.elims & -a.elims) != (fish.elims & -fish.elims):
                yield a, fish
        group.append(fish)


def siamese_step(name: str, a: Fish, b: Fish) -> Step:
    """One step for a Siamese pair: both cover sets, both fin sets, all eliminations."""
    fins = a.fins | b.fins
    endo = a.endo | b.endo
    merged = Fish(a.digit, a.base, a.cover, a.base_cells, fins, endo, a.cannibal | b.cannibal, a.elims | b.elims)
    fin_parts = [f"f{cell_name(c)}" for c in cell_list(a.fins & ~a.endo)]
    fin_parts += [f"f{cell_name(c)}" for c in cell_list(b.fins & ~b.endo & ~a.fins)]
    fin_parts += [f"ef{cell_name(c)}" for c in cell_list(endo)]
    detail = f"{a.digit} {houses_short(a.base)} {houses_short(a.cover)}/{houses_short(b.cover)}" + "".join(
        " " + s for s in fin_parts
    )
    explanation = f"Two fish share the base houses {houses_long(a.base)}. First: {_explain(a)} Second: {_explain(b)}"
    return _make_step(name, merged, detail, explanation)


# ---------------------------------------------------------------- registration


def _register(name: str, finder: Callable[..., Iterator[Fish]], default: bool = True) -> None:
    def steps(grid: Grid, digits: int | None = None, ctx: SolveContext | None = None) -> Iterator[Step]:
        for fish in finder(grid, digit_list(digits), ctx):
            yield fish_step(fish, name)

    steps.__name__ = name.lower().replace(" ", "_").replace("-", "_")
    steps.__doc__ = (
        f"{name}: every instance, in HoDoKu's search order (only the digits of ``digits``, a 9-bit set, when given)."
    )
    technique(name, default=default, local="digit")(steps)


def _register_siamese(name: str, finder: Callable[[Grid, range, SolveContext | None], Iterator[Fish]]) -> None:
    """Siamese pairs among all fish ``finder`` yields; HoDoKu names the pair after its first
    fish, so only pairs whose first fish is a ``name[8:]`` are this technique's."""
    own = name[len("Siamese ") :]

    def steps(grid: Grid) -> Iterator[Step]:
        for a, b in siamese(finder(grid, range(1, 10), None)):
            if fish_name(a) == own:
                yield siamese_step(name, a, b)

    steps.__name__ = name.lower().replace(" ", "_").replace("-", "_")
    steps.__doc__ = f"{name}: two fish with the same base houses, eliminations combined."
    technique(name, default=False)(steps)


def _bind(fn, *args):
    return lambda grid, digits=range(1, 10), ctx=None: fn(grid, *args, digits=digits)


#: The Franken fish HoDoKu's default configuration enables (X-Wing and Swordfish, finned or
#: not) are on the default path; the compiled engine has them (``hodoku/franken_fish.c``).
#: Franken Jellyfish and Mutant fish stay off (HoDoKu's default has them off), by name only.
FRANKEN_DEFAULT = frozenset(
    ("Franken X-Wing", "Franken Swordfish", "Finned Franken X-Wing", "Finned Franken Swordfish")
)

for _size, _fish in SIZE_NAMES.items():
    _register(_fish, _bind(basic_fish, _size))
    _register(
        f"Finned {_fish}",
        lambda grid, digits, ctx, size=_size: shared_finned_basic_fish(grid, size, False, digits, ctx),
    )
    _register(
        f"Sashimi {_fish}",
        lambda grid, digits, ctx, size=_size: shared_finned_basic_fish(grid, size, True, digits, ctx),
    )
    _register(f"Franken {_fish}", _bind(general_fish, _size, FRANKEN, False), f"Franken {_fish}" in FRANKEN_DEFAULT)
    _register(
        f"Finned Franken {_fish}",
        _bind(general_fish, _size, FRANKEN, True),
        f"Finned Franken {_fish}" in FRANKEN_DEFAULT,
    )
    _register(f"Mutant {_fish}", _bind(general_fish, _size, MUTANT, False), False)
    _register(f"Finned Mutant {_fish}", _bind(general_fish, _size, MUTANT, True), False)

_register_siamese("Siamese Finned Swordfish", _bind(finned_basic_fish, 3, None))
_register_siamese("Siamese Finned Jellyfish", _bind(finned_basic_fish, 4, None))
_register_siamese("Siamese Sashimi Swordfish", _bind(finned_basic_fish, 3, None))
_register_siamese("Siamese Sashimi Jellyfish", _bind(finned_basic_fish, 4, None))
_register_siamese("Siamese Finned Franken Swordfish", _bind(general_fish, 3, FRANKEN, True))
_register_siamese("Siamese Finned Franken Jellyfish", _bind(general_fish, 4, FRANKEN, True))
_register_siamese("Siamese Finned Mutant Jellyfish", _bind(general_fish, 4, MUTANT, True))
