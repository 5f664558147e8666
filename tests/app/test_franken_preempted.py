"""Franken X-Wing and Finned Franken X-Wing are never taken on HoDoKu's path (docs/generate.md,
"Techniques a path never takes"). Franken X-Wing: wherever it is there, a Hidden Single, a
Locked Candidates or a Turbot Fish is too, and HoDoKu searches those first; checked at every
hit of its finder on the paths of seeds and on random one-digit patterns, case by case as the
proof goes. Finned Franken X-Wing: every pattern of its two base houses, checked."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache, partial
from itertools import combinations_with_replacement, permutations

import pytest

from commands import invoke
from grading.scales import hodoku_policy
from grading.tables import RATINGS
from strategies.fish import general_fish
from strategies.fish_search import FRANKEN, Fish
from strategies.hodoku import hodoku_compiled
from strategies.registry import REGISTRY, load_all
from sudoku_logic import api
from sudoku_logic.app.bulk import seeds
from sudoku_logic.core import bitsolve
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_MASK, cell_list

LOCKED = ("Locked Candidates Type 1 (Pointing)", "Locked Candidates Type 2 (Claiming)")


def _path_positions(puzzle: str) -> Iterator[Grid]:
    """Every position of HoDoKu's path of ``puzzle``."""
    grid = Grid.from_values([int(ch) for ch in puzzle])
    for step in api.solve_path(puzzle, order="hodoku").steps:
        yield grid.copy()
        grid.apply(step)


def _digit_patterns(rng: random.Random, n: int) -> Iterator[Grid]:
    """Grids where digit 1 has the places of a random solution and random others, and every
    other digit is a candidate of every cell: only digit 1 can give a step."""
    for _ in range(n):
        sol = bitsolve.random_solution(rng)
        q = rng.choice((0.1, 0.2, 0.3, 0.4))
        ones = {c for c in range(81) if sol[c] == 1 or rng.random() < q}
        yield Grid.from_candidates([0x1FF if c in ones else 0x1FE for c in range(81)])


def _finds(name: str, *, grid: Grid) -> list:
    return list(REGISTRY[name].find(grid))


def _case(fish: Fish, grid: Grid, finds) -> str:
    """The proof's case of a finless two-base fish, checked: a base with one place (a hidden
    single), a base inside one cover house (a locked candidate), else every elimination
    falls to a Turbot Fish (a =base1= b -cover2- c =base2= d, a and d in the cover house)."""
    places = [fish.base_cells & HOUSE_MASK[b] for b in fish.base]
    if any(p.bit_count() == 1 for p in places):
        assert finds("Hidden Single")
        return "hidden single"
    assert all(p.bit_count() == 2 for p in places)  # a finless X-Wing's base holds two at most
    if any(not p & ~HOUSE_MASK[c] for p in places for c in fish.cover):
        assert any(finds(n) for n in LOCKED)
        return "locked"
    turbot = 0
    for step in finds("Turbot Fish"):
        turbot |= sum(1 << c for c, d in step.eliminations if d == fish.digit)
    assert not fish.elims & ~turbot, cell_list(fish.elims & ~turbot)
    return "turbot"


def test_wherever_a_franken_x_wing_is_an_earlier_step_is():
    """At each position where the Franken X-Wing finder fires (HoDoKu's paths of seeds and
    random one-digit patterns), HoDoKu's path takes an earlier technique, and each finless
    two-base fish there falls in one of the proof's cases."""
    load_all()
    policy = hodoku_policy()
    order = RATINGS["Franken X-Wing"].order
    index = seeds.load()
    puzzles = [index[("hodoku", "hardest", n)][0].puzzle for n in ("Finned Franken Swordfish", "X-Chain")]
    grids = [(g, True) for p in puzzles for g in _path_positions(p)]
    grids += [(g, False) for g in _digit_patterns(random.Random(41), 600)]
    cases: Counter[str] = Counter()
    hits = 0
    for grid, unique in grids:
        if not _finds("Franken X-Wing", grid=grid):
            continue
        hits += 1
        taken = policy.next_step(grid, policy.context(unique=unique))
        assert taken is not None and RATINGS[taken.technique].order < order, taken
        finds = cache(partial(_finds, grid=grid))
        for fish in general_fish(grid, 2, FRANKEN, False):
            cases[_case(fish, grid, finds)] += 1
    assert hits >= 50 and set(cases) == {"hidden single", "locked", "turbot"}, (hits, cases)


@pytest.mark.parametrize("name,why", [("Franken X-Wing", "Turbot Fish"), ("Finned Franken X-Wing", "Empty Rectangle")])
def test_it_is_refused_at_once_with_the_reason(name, why):
    result = invoke("generate", "-n", "1", "--technique", name, "--order", "hodoku", "--no-progress")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "never taken on" in lines[0] and why in lines[0]


# ---------------------------------------------------------------- Finned Franken X-Wing

#: The earlier techniques whose steps the check of Finned Franken X-Wing takes (HoDoKu's order
#: 1200 to 4200): one-digit patterns that two base houses can hold.
EARLIER = (*LOCKED, "X-Wing", "Skyscraper", "2-String Kite", "Turbot Fish", "Empty Rectangle")
EARLIER += ("Finned X-Wing", "Sashimi X-Wing")


def _canonical(cells: frozenset[int], rows: tuple[int, ...]) -> tuple[int, ...]:
    """The least form of ``cells`` (all in the first stack) under the permutations of its
    columns and of ``rows``."""
    forms = []
    for cols in permutations(range(3)):
        for order in permutations(rows):
            where = dict(zip(rows, order))
            forms.append(tuple(sorted(where.get(c // 9, c // 9) * 9 + cols[c % 9] for c in cells)))
    return min(forms)


def _base_patterns() -> Iterator[tuple[str, int, frozenset[int]]]:
    """Every set of places of two base houses, row 1 and another row or box, up to the
    symmetries that keep both houses: (what the second is, its house, the places)."""
    for kind, r2 in (("row in its band", 1), ("row of another band", 3)):
        # a column holds a place in row 1 (1), in the other row (2), both or none
        for stacks in combinations_with_replacement(list(combinations_with_replacement(range(4), 3)), 3):
            places = set()
            for s, triple in enumerate(stacks):
                for i, t in enumerate(triple):
                    places |= {3 * s + i} if t & 1 else set()
                    places |= {r2 * 9 + 3 * s + i} if t & 2 else set()
            yield kind, r2, frozenset(places)
    for kind, box in (("box on it", 18), ("box off it", 21)):
        rows = tuple(r for r in range(9) if HOUSE_MASK[box] >> (r * 9) & 7 and r)
        inner = [c for c in range(27 * (box - 18) // 3, 81) if HOUSE_MASK[box] >> c & 1 and c // 9] + [0, 1, 2]
        seen = set()
        for m in range(1 << len(inner)):
            cells = frozenset(inner[i] for i in range(len(inner)) if m >> i & 1)
            key = _canonical(cells, rows)
            if key in seen:
                continue
            seen.add(key)
            # row 1's places in the other stacks: how many in each, up to the stacks' order
            for k1 in range(4):
                for k2 in range(k1, 4):
                    yield kind, box, cells | set(range(3, 3 + k1)) | set(range(6, 6 + k2))


def _preempted(base2: int, places: frozenset[int]) -> str | None:
    """How HoDoKu's path goes before a Finned Franken X-Wing of these two bases (row 1 and
    ``base2``) with these places, whatever the places of the other cells: None if one
    is there that nothing earlier robustly removes (see docs/generate.md)."""
    counts = [sum(1 for c in places if HOUSE_MASK[h] >> c & 1) for h in (0, base2)]
    if 1 in counts or 0 in counts:
        return "hidden single" if 1 in counts else "no fish"
    bases = HOUSE_MASK[0] | HOUSE_MASK[base2]
    grid = Grid.from_candidates([0x1FF if c in places or not bases >> c & 1 else 0x1FE for c in range(81)])
    if hodoku_compiled.first(grid, hodoku_compiled.codes(["Finned Franken X-Wing"])) is None:
        return "no fish"  # the compiled search, for speed: the Python one below says what it removes
    removed = 0
    for fish in general_fish(grid, 2, FRANKEN, True, digits=[1]):
        removed |= fish.elims
    if not removed:
        return "no fish"
    known = sum(1 << c for c in places)
    covered = 0
    for name in EARLIER:
        for step in REGISTRY[name].find(grid):
            if sum(1 << c for c in step.cells) & ~known and name not in LOCKED:
                continue  # its pattern uses places of the other cells
            gone = sum(1 << c for c, d in step.eliminations if d == 1)
            if gone & known:
                return name
            covered |= gone
            if not removed & ~covered:
                return name
    return None


def test_every_finned_franken_x_wing_is_preempted():
    """Every pattern of two base houses' places (up to symmetry), the other cells all places:
    where a Finned Franken X-Wing removes something, a hidden single of a base, or steps of
    earlier techniques whose patterns lie in the bases (a locked candidate's anywhere)
    remove a base place or every place it removes."""
    load_all()
    ways: Counter[tuple[str, str | None]] = Counter()
    for kind, base2, places in _base_patterns():
        way = _preempted(base2, places)
        assert way is not None, (kind, sorted(places))
        ways[kind, way] += 1
    fish = {kind for (kind, way), n in ways.items() if way not in ("no fish", "hidden single")}
    assert len(fish) == 4 and sum(n for (_, way), n in ways.items() if way == "Turbot Fish") > 0, ways
