"""Franken X-Wing is never taken on HoDoKu's path (docs/generate.md, "A technique a path never
takes"): wherever it is there, a Hidden Single, a Locked Candidates or a Turbot Fish is too,
and HoDoKu searches those first. Checked at every hit of the Franken X-Wing finder on the
paths of seeds and on random one-digit patterns, case by case as the proof goes."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import cache, partial

from commands import invoke
from grading.scales import hodoku_policy
from grading.tables import RATINGS
from strategies.fish import general_fish
from strategies.fish_search import FRANKEN, Fish
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


def test_franken_x_wing_is_refused_at_once_with_the_reason():
    result = invoke("generate", "-n", "1", "--technique", "Franken X-Wing", "--order", "hodoku", "--no-progress")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "never taken on" in lines[0] and "Turbot Fish" in lines[0]
