"""The rating path's shortcuts change nothing a user sees.

- House-local finders restricted to some houses yield the full search's steps that lie in
  those houses; digit-local finders restricted to some digits exactly the full search's steps
  for those digits, in the same order.
- ``SearchMemo`` (search again only where candidates changed since a technique last found
  nothing) gives the same steps, in the same order, as searching from scratch, position
  after position along whole solve paths in both programs' orders.
- ``LazyStep`` (text built on first read) reads, compares and pickles like a plain Step.
"""

from __future__ import annotations

import pickle
import random

import pytest

from grading.rater import Rater
from grading.rows import rating_row
from grading.scales import all_techniques, hodoku_techniques, se_policy
from helpers import collection
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse
from sudoku_logic.core.houses import CELL_HOUSES
from sudoku_logic.core.step import LazyStep, Step
from sudoku_logic.solve.memo import SearchMemo, changed_houses, snapshot, step_changes

#: Franken and Mutant fish left out: their Python search is slow (tens of ms a position); the memo
#: treats every digit-local technique alike, and the compiled twin is held to the Python one
LOCAL = [t for t in all_techniques("hodoku") if t.local is not None and t.default and "Franken" not in t.name]
HOUSE_LOCAL = [t for t in LOCAL if t.local == "house"]
DIGIT_LOCAL = [t for t in LOCAL if t.local == "digit"]
PUZZLES = (
    collection("qqwing_expert.txt", 12, every=80)
    + collection("top1465.txt", 3, every=400)
    + collection("sudoku17.txt", 4, every=9000)
)


def _positions(puzzle: str, limit: int = 60):
    """Positions along the HoDoKu path of ``puzzle``."""
    solver = Solver([t.name for t in hodoku_techniques()], order="hodoku", unique=True)
    grid = parse(puzzle)
    out = [grid.copy()]
    while grid.empty and len(out) < limit:
        step = solver.next_step(grid)
        if step is None:
            break
        grid.apply(step)
        out.append(grid.copy())
    return out


def _effect(step: Step) -> tuple:
    return step.technique, tuple(step.placements), tuple(sorted(step.eliminations))


def test_local_techniques():
    houses = {t.name for t in HOUSE_LOCAL}
    digits = {t.name for t in DIGIT_LOCAL}
    assert {
        "Full House",
        "Naked Single",
        "Hidden Single",
        "Naked Pair",
        "Hidden Quadruple",
        "Locked Pair",
        "Locked Candidates Type 1 (Pointing)",
        "Sue de Coq",
    } <= houses
    assert {
        "X-Wing",
        "Finned Jellyfish",
        "Skyscraper",
        "Turbot Fish",
        "Empty Rectangle",
        "Simple Colors Trap",
        "Multi Colors 2",
        "X-Chain",
    } <= digits
    assert not (houses | digits) & {"XY-Wing", "XY-Chain", "AIC", "Uniqueness Test 1"}


@pytest.mark.parametrize("puzzle", PUZZLES[:6])
def test_digit_restricted_search_is_the_full_search_filtered(puzzle):
    for grid in _positions(puzzle)[::6]:
        for t in DIGIT_LOCAL:
            if not t.default:
                continue
            full = [_effect(s) for s in t.finder(grid)]
            for digits in (0b101010101, 0b010101010, 1 << 4):
                want = [e for e in full if all(digits >> (d - 1) & 1 for _, d in e[1] + e[2])]
                assert [_effect(s) for s in t.finder(grid, digits)] == want, (t.name, grid.values_string())
            assert [_effect(s) for s in t.finder(grid, 0x1FF)] == full


@pytest.mark.parametrize("puzzle", PUZZLES[:6])
def test_house_restricted_search_is_the_full_search_filtered(puzzle):
    rng = random.Random(puzzle)
    for grid in _positions(puzzle)[::5]:
        for t in HOUSE_LOCAL:
            full = list(t.finder(grid))
            for _ in range(3):
                houses = rng.getrandbits(27)
                part = [_effect(s) for s in t.finder(grid, houses)]
                # (the order can differ from the full search's only for a pattern also found
                # in a house left out, never the case for houses left clean: see the memo tests)
                assert set(part) <= {_effect(s) for s in full}, (t.name, grid.values_string())
                for s in full:  # a pattern wholly inside the chosen houses is found
                    inside = (
                        all(houses >> h & 1 for h in s.houses)
                        if s.houses
                        else any(houses >> h & 1 for h in CELL_HOUSES[s.placements[0][0]])
                    )
                    if inside:
                        assert _effect(s) in part, (t.name, s.notation, grid.values_string())
            assert [s.notation for s in t.finder(grid, (1 << 27) - 1)] == [s.notation for s in full]


def test_changed_houses():
    grid = parse(PUZZLES[0])
    before = snapshot(grid)
    assert changed_houses(before, before) == 0
    cell = next(c for c in range(81) if grid.cands[c] and bin(grid.cands[c]).count("1") > 1)
    d = grid.cands[cell].bit_length()
    grid.eliminate(cell, d)
    row, col, box = CELL_HOUSES[cell]
    assert changed_houses(before, snapshot(grid)) == (1 << row) | (1 << col) | (1 << box)


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_memo_search_is_the_full_search_along_a_path(puzzle):
    """At every position of a path, each house-local technique's steps through the memo are
    the full search's, in order (the memo being updated as the solver would)."""
    memo = SearchMemo()
    for grid in _positions(puzzle):
        snap = snapshot(grid)
        for t in LOCAL:
            got = [s.notation for s in memo.search(t, grid, snap)]
            want = [s.notation for s in t.finder(grid) if step_changes(grid, s)]
            assert got == want, (t.name, grid.values_string())


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_solve_paths_with_and_without_memo(puzzle):
    names = [t.name for t in hodoku_techniques()]
    paths = []
    for use_memo in (True, False):
        solver = Solver(names, order="hodoku", unique=True)
        solver.policy.memo = use_memo
        paths.append([s.notation for s in solver.solve(parse(puzzle)).steps])
    assert paths[0] == paths[1]


@pytest.mark.parametrize("puzzle", PUZZLES[:8])
def test_se_path_steps_do_not_depend_on_the_solves_caches(puzzle):
    """Along SE's path, the step taken with the solve's context (its caches filled by the
    positions before) is the step a fresh context gives at that position."""
    policy = se_policy()
    ctx = policy.context(unique=True)
    grid = parse(puzzle)
    while grid.empty:
        step = policy.next_step(grid, ctx)
        plain = policy.next_step(grid, policy.context(unique=True))
        assert (step and step.notation) == (plain and plain.notation), grid.values_string()
        if step is None:
            break
        grid.apply(step)


def test_memo_search_after_an_unrelated_grid():
    """A memo that saw one puzzle is not fooled by another."""
    t = next(t for t in LOCAL if t.name == "Hidden Single")
    memo = SearchMemo()
    a, b = parse(PUZZLES[0]), parse(PUZZLES[1])
    list(memo.search(t, a, snapshot(a)))
    got = [s.notation for s in memo.search(t, b, snapshot(b))]
    assert got == [s.notation for s in t.finder(b) if step_changes(b, s)]


def test_lazy_step_fills_once_and_behaves_like_a_step():
    calls = []

    def fill():
        calls.append(1)
        return {"detail": "4 r1c1=r1c5", "explanation": "why", "cells": [0, 4], "chains": ["x"]}

    lazy = LazyStep("X-Chain", fill, eliminations=[(2, 4)], difficulty=6.6)
    assert lazy.eliminations == [(2, 4)] and lazy.difficulty == 6.6 and not calls
    assert lazy.notation == "X-Chain: 4 r1c1=r1c5 => r1c3<>4"
    assert lazy.cells == [0, 4] and lazy.chains == ["x"] and len(calls) == 1
    plain = Step(
        "X-Chain",
        eliminations=[(2, 4)],
        cells=[0, 4],
        detail="4 r1c1=r1c5",
        explanation="why",
        difficulty=6.6,
        chains=["x"],
    )
    assert lazy == plain and plain == lazy
    back = pickle.loads(pickle.dumps(LazyStep("X-Chain", fill, eliminations=[(2, 4)], difficulty=6.6)))
    assert type(back) is Step and back == plain
    assert lazy.to_dict() == plain.to_dict()


def test_rater_rows_do_not_depend_on_the_memo():
    rater = Rater()
    for p in PUZZLES[:5]:
        row = rating_row(rater.rate(parse(p)))
        again = rating_row(Rater().rate(parse(p)))
        row.pop("ms"), again.pop("ms")
        assert row == again


@pytest.mark.parametrize("puzzle", PUZZLES[::3])
def test_xy_chain_links_are_the_bivalue_cells_links(puzzle):
    """XY-Chains' links at every position of a path: weak between the same digit of two
    bivalue cells that see each other, strong between the two digits of a bivalue cell."""
    from strategies.hodoku.simple_chains import _bivalue_links
    from sudoku_logic.core.houses import PEERS

    for grid in _positions(puzzle):
        weak, strong = [0] * 729, [0] * 729
        bivalue = [c for c in range(81) if bin(grid.cands[c]).count("1") == 2]
        for c in bivalue:
            a, b = [d for d in range(1, 10) if grid.cands[c] >> (d - 1) & 1]
            for d, e in ((a, b), (b, a)):
                n = (d - 1) * 81 + c
                strong[n] = 1 << ((e - 1) * 81 + c)
                for x in bivalue:
                    if PEERS[c] >> x & 1 and grid.cands[x] >> (d - 1) & 1:
                        weak[n] |= 1 << ((d - 1) * 81 + x)
        assert _bivalue_links(grid) == (weak, strong)


def _path_positions_thinned(puzzle: str, rnd: random.Random, most: int):
    """Each position of :func:`_positions`, then a copy of it with up to ``most - 1`` random
    candidates removed (a cell may be left with none)."""
    for grid in _positions(puzzle):
        yield grid
        g = grid.copy()
        for _ in range(rnd.randrange(1, most)):
            c = rnd.randrange(81)
            if g.cands[c]:
                g.eliminate(c, rnd.choice([d for d in range(1, 10) if g.cands[c] >> (d - 1) & 1]))
        yield g


def _se_singles_reference(grid):
    """SE's Hidden Singles as a plain scan: the last empty cell of each house (SE's order of
    houses), then each digit with one place in a house with other empty cells."""
    from strategies.se.order import SE_HOUSES
    from sudoku_logic.core.houses import HOUSE_MASK

    out = []
    for h in SE_HOUSES:
        e = grid.empty & HOUSE_MASK[h]
        if e and not e & (e - 1):
            out += [("Full House", e.bit_length() - 1, d) for d in range(1, 10) if grid.pos[d] & e]
    for h in SE_HOUSES:
        e = grid.empty & HOUSE_MASK[h]
        if e & (e - 1):
            for d in range(1, 10):
                m = grid.pos[d] & HOUSE_MASK[h]
                if m and not m & (m - 1):
                    out.append(("Hidden Single", m.bit_length() - 1, d))
    return out


@pytest.mark.parametrize("puzzle", PUZZLES[:8])
def test_se_hidden_singles_is_the_plain_scan(puzzle):
    from strategies.se.singles import se_hidden_singles

    rnd = random.Random(puzzle)
    for g in _path_positions_thinned(puzzle, rnd, 25):
        got = [(s.technique, *s.placements[0]) for s in se_hidden_singles(g)]
        assert got == _se_singles_reference(g)


def _direct_locking_reference(grid):
    """SE's direct pointing and claiming as a plain scan: each (first, second) house pair in
    SE's order, digits 1-9, each crossing house left with one place."""
    from strategies.se.direct import _DIRECT_LOCKING
    from sudoku_logic.core.houses import HOUSE_MASK

    out = []
    for h1, h2, kind, name in _DIRECT_LOCKING:
        m1, m2 = HOUSE_MASK[h1], HOUSE_MASK[h2]
        for d in range(1, 10):
            p1 = grid.pos[d] & m1
            if p1.bit_count() < 2 or p1 & ~m2 or not grid.pos[d] & m2 & ~m1:
                continue
            for h3 in kind:
                if h3 == h1 or not HOUSE_MASK[h3] & m2:
                    continue
                p3 = grid.pos[d] & HOUSE_MASK[h3]
                rest = p3 & ~m2
                if p3.bit_count() >= 2 and rest.bit_count() == 1:
                    out.append((name, rest.bit_length() - 1, d, (h1, h2, h3)))
    return out


@pytest.mark.parametrize("puzzle", PUZZLES[:8] + collection("qqwing_simple.txt", 4, every=100))
def test_se_direct_intersections_are_the_plain_scan(puzzle):
    from strategies.se.direct import se_direct_intersections

    rnd = random.Random(puzzle)
    for g in _path_positions_thinned(puzzle, rnd, 40):
        got = [(s.technique, *s.placements[0], tuple(s.houses)) for s in se_direct_intersections(g)]
        assert got == _direct_locking_reference(g)
