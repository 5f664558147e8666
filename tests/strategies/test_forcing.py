"""Forcing chains and nets: the propagation engine's soundness, the finders' steps, HoDoKu's
exemplars, and coverage: every hard puzzle is solved to the end with every step true."""

import pytest

from helpers import assert_step_true, check_path, collection, exemplar_sections
from strategies.hodoku import forcing
from strategies.hodoku.implications import DYNAMIC, STATIC, Position, propagate
from strategies.registry import lookup
from sudoku_logic.api.solver import Solver
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse

BASIC = ["singles", "intersections", "subsets"]
FORCING = [
    "Forcing Chain Contradiction",
    "Forcing Chain Verity",
    "Forcing Net Contradiction",
    "Forcing Net Verity",
    "Nested Forcing Net",
]


def stuck(puzzle: str):
    """The position where the basic techniques are stuck, and the puzzle's solution."""
    grid = parse(puzzle)
    return Solver(BASIC).solve(grid).grid, dlx.unique_solution(grid)


def solution_set(sol) -> int:
    return sum(1 << ((sol[c] - 1) * 81 + c) for c in range(81))


# ------------------------------------------------------------------ engine
@pytest.mark.parametrize("puzzle", collection("top1465.txt", 6, every=97))
def test_propagation_sound(puzzle):
    """A branch from a true assumption never derives a false fact; a branch that breaks comes
    from a false assumption; every fact of a contradiction's proof has a cause."""
    grid, sol = stuck(puzzle)
    truth = solution_set(sol)
    P = Position(grid)
    for mode in (STATIC, DYNAMIC):
        for c, d in P.candidates():
            for is_on in (True, False):
                a = ((c, d),)
                b = propagate(P, 0, 0, mode, 0, a if is_on else (), () if is_on else a)
                true_premise = (sol[c] == d) == is_on
                if b.contradiction is not None:
                    assert not true_premise
                    for f in b.contradiction_facts_ancestors():
                        assert b.causes(*f)[1] != "?"
                elif true_premise:
                    assert b.on & ~truth == 0 and b.off & truth == 0


def test_static_chains_use_single_links():
    """In a forcing *chain* every on fact has exactly one cause (a bivalue cell or bilocal
    house); nets may need several."""
    grid, sol = stuck(collection("top1465.txt", 1)[0])
    P = Position(grid)
    seen = 0
    for c, d in P.candidates():
        b = propagate(P, 0, 0, STATIC, 0, ((c, d),))
        on = b.on
        while on:
            low = on & -on
            i = low.bit_length() - 1
            on ^= low
            cell, digit = divmod(i, 81)[1], divmod(i, 81)[0] + 1
            causes, why = b.causes(True, cell, digit)
            if why:
                seen += 1
                assert len(causes) == 1, (why, causes)
    assert seen


# ------------------------------------------------------------------ steps
def _first_steps(puzzle, name, n=3):
    grid, sol = stuck(puzzle)
    steps = []
    for s in lookup([name])[0].finder(grid):
        steps.append(s)
        if len(steps) >= n:
            break
    return grid, sol, steps


@pytest.mark.parametrize("name", FORCING[:4])
def test_steps_are_true_and_explained(name):
    found = 0
    for puzzle in collection("top1465.txt", 4, every=211):
        grid, sol, steps = _first_steps(puzzle, name)
        for s in steps:
            found += 1
            assert_step_true(sol, s)
            assert s.technique == name
            assert len(s.placements) + len(s.eliminations) == 1
            assert s.chains and all(" -> " in ch or "=" in ch for ch in s.chains)
            assert s.difficulty is None and s.facts["size"] >= 2  # HoDoKu's: no SE number
            assert s.explanation.endswith(".")
            assert s.notation.startswith(name + ": ")
    assert found


def test_contradiction_chains_end_in_the_contradiction():
    grid, sol, steps = _first_steps(collection("top1465.txt", 1)[0], "Forcing Chain Contradiction", 1)
    s = steps[0]
    ((c, d),) = s.eliminations or s.placements
    premise = f"r{c // 9 + 1}c{c % 9 + 1}{'=' if s.eliminations else '<>'}{d}"
    assert all(ch.startswith(premise) for ch in s.chains)
    assert "contradiction" in s.explanation


def test_verity_branches_cover_the_choice():
    """Each verity chain starts at one case of the choice and ends at the common conclusion."""
    puzzle = exemplar_sections()["Forcing Chain Verity"][0]
    grid, sol, steps = _first_steps(puzzle, "Forcing Chain Verity", 5)
    assert steps
    for s in steps:
        assert_step_true(sol, s)
        res = s.result
        assert len(s.chains) >= 2
        ends = [ch.split(" -> ")[-1].split(" (")[0] for ch in s.chains]
        # a case either leads to the conclusion or is impossible (its chains end in "[...]")
        assert sum(e == res for e in ends) >= 2
        assert all(e == res or ch.endswith("]") for e, ch in zip(ends, s.chains))


def test_nested_net_on_a_hardest_position():
    """Where no plain net works, the nested net proves a true elimination by itself."""
    puzzle = collection("hardest_2011_dev.csv", 1)[0]
    grid = parse(puzzle)
    sol = dlx.unique_solution(grid)
    solver = Solver(BASIC + FORCING[:4], order="hodoku")
    grid = solver.solve(grid).grid
    assert grid.empty  # plain forcing nets get stuck here
    s = next(forcing.nested_forcing_net(grid))
    assert_step_true(sol, s)
    assert s.technique == "Nested Forcing Net" and s.facts["depth"] >= 1
    assert any("since" in ch or "(as " in ch for ch in s.chains)


def test_branches_taken_over_are_exact():
    """Along solve paths, every branch the engine takes over from an earlier position (as
    the nested net's scans do) derives exactly what a branch computed on the position itself
    derives."""
    solver = Solver(order="hodoku")
    reused = 0
    for puzzle, n in (
        (collection("top1465.txt", 1, every=301)[0], 60),
        (collection("hardest_2011_dev.csv", 1, every=77)[0], 25),
    ):
        grid = parse(puzzle)
        ctx = solver.context()  # one solve: its positions share the analyses
        for _ in range(n):
            step = solver.next_step(grid, ctx=ctx)
            if step is None:
                break
            if step.technique not in ("Full House", "Naked Single", "Hidden Single"):
                an = forcing.analysis(grid, ctx)
                for c, d in an.P.candidates():
                    for mode in (STATIC, DYNAMIC):
                        b = an.branch(mode, True, c, d)
                        f = an.fresh(mode, True, c, d)
                        if b is not f:
                            reused += 1
                            assert f.contradiction is None
                            assert b.on & an.P.all == f.on & an.P.all
                            assert b.off & an.P.all == f.off & an.P.all
            grid.apply(step)
    assert reused


def test_finders_do_not_mutate_the_grid():
    grid, _ = stuck(collection("top1465.txt", 1)[0])
    key = grid.key()
    for name in FORCING[:4]:
        list(lookup([name])[0].finder(grid))
    assert grid.key() == key


def test_hint_on_hard_positions_from_a_cold_start():
    """A HoDoKu hint on a hard position, with a fresh context (no earlier scan to reuse),
    is found and true (benchmarks/bench_forcing.py measures how fast)."""
    solver = Solver(order="hodoku")
    tried = 0
    for puzzle in collection("top1465.txt", 6, every=101) + collection("hardest_2011_dev.csv", 1, every=50):
        grid, sol = stuck(puzzle)
        if not grid.empty:
            continue
        tried += 1
        step = solver.next_step(grid)
        assert step is not None
        assert_step_true(sol, step)
    assert tried >= 3


# ------------------------------------------------------------------ kraken
#: hobiwan's Kraken Fish Type 1 example (enjoysudoku forum): r4c2<>9 through the fins of a
#: finned 9-fish, one fin seeing r4c2, the other reaching it by a chain.
KRAKEN_PM = """4 159 2 6 159 3 159 7 8  8 159 19 12459 7 1249 3 6 145  6 3 7 1459 8 149 2 49 145
37 19 6 13459 13459 149 1579 8 2  37 2 8 1359 1359 6 1579 49 145  5 4 19 8 2 7 19 3 6
9 6 45 1234 134 124 8 15 7  1 8 3 7 6 5 4 2 9  2 7 45 149 149 8 6 15 3"""


def _kraken_grid():
    from sudoku_logic.core.grid import Grid
    from sudoku_logic.core.houses import digit_mask

    return Grid.from_candidates([digit_mask(int(ch) for ch in tok) for tok in KRAKEN_PM.split()])


def test_kraken_type1_example():
    grid = _kraken_grid()
    sol = dlx.unique_solution(grid)
    steps = list(lookup(["Kraken Fish Type 1"])[0].finder(grid))
    for s in steps:
        assert_step_true(sol, s)
        assert s.detail.startswith("Finned ") and " f" in s.detail
        # one chain per fin, each ending at the elimination
        target = s.result
        assert all(ch.split(" -> ")[-1] == target for ch in s.chains)
    assert "r4c2<>9" in [s.result for s in steps]


def test_kraken_steps_true_on_hard_positions():
    names = ["Kraken Fish Type 1", "Kraken Fish Type 2"]
    found = 0
    for puzzle in collection("top1465.txt", 5, every=97):
        grid, sol = stuck(puzzle)
        for name in names:
            for s in lookup([name])[0].finder(grid):
                assert_step_true(sol, s)
                found += 1
    grid = _kraken_grid()
    sol = dlx.unique_solution(grid)
    for s in lookup(["Kraken Fish Type 2"])[0].finder(grid):
        assert_step_true(sol, s)
        found += 1
    assert found


# ------------------------------------------------------------------ exemplars
EXEMPLARS = [(t, p) for t, ps in exemplar_sections().items() if t.startswith("Forcing") for p in ps]


@pytest.mark.parametrize("title,puzzle", EXEMPLARS, ids=[f"{t}-{i}" for i, (t, _) in enumerate(EXEMPLARS)])
def test_exemplar(title, puzzle):
    """HoDoKu's exemplars: solved with the basics and forcing chains only, every step true;
    the technique they are filed under finds a step where the basics are stuck."""
    result = check_path(puzzle, Solver(BASIC + ["Forcing Chain Contradiction", "Forcing Chain Verity"], order="hodoku"))
    assert result.solved
    tech = title.strip()
    grid, sol = stuck(puzzle)
    step = next(lookup([tech])[0].finder(grid))
    assert_step_true(sol, step)


# ------------------------------------------------------------------ coverage
def _solve_all(puzzles):
    solver = Solver(order="hodoku")
    unsolved = []
    for p in puzzles:
        r = check_path(p, solver)
        if not r.solved:
            unsolved.append(p)
    return unsolved


def test_coverage_sample():
    """A spread sample of top1465 and of the hardest list: solved to the end, every step
    checked against DLX."""
    sample = collection("top1465.txt", 30, every=48) + collection("hardest_2011_dev.csv", 6, every=31)
    assert len(sample) == 36
    assert _solve_all(sample) == []


@pytest.mark.sweep
@pytest.mark.parametrize("name", ["top1465.txt", "hardest_2011_dev.csv"])
def test_coverage_sweep(name):
    """Every puzzle of the collection is solved to the end with every step true (on all
    cores, through the project's sweep runner)."""
    import os

    from benchmarks.sweep import sweep

    r = sweep(name, os.cpu_count() or 1)
    assert r["wrong"] == [], r["wrong"][:5]
    assert r["solved"] == r["puzzles"]


def test_forcing_chains_through_als_nodes_are_hodokus():
    """With HoDoKu's option "allow ALS in tabling chains" on, forcing chains run through ALS
    nodes too: step 35 of this puzzle's path is the contradiction HoDoKu 2.2.0 shows there,
    with its four chains (three through ALS nodes)."""
    from sudoku_logic.core.context import Settings
    from sudoku_logic.core.houses import parse_cell

    puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    solver = Solver(order="hodoku", settings=Settings(als_nodes=True))
    s = solver.solve(parse(puzzle), max_steps=35).steps[34]
    assert s.technique == "Forcing Chain Contradiction"
    assert s.eliminations == [(parse_cell("r2c1"), 3)]
    for chain in (
        "r2c1=3 -> r456c1<>3 -> r4c2=3 -> ALS:r14c7<>3 -> r1c4<>5",
        "r2c1=3 -> r456c1<>3 -> r4c2=3 -> ALS:r48c4<>3 -> r1c4<>7",
        "r2c1=3 -> r456c1<>3 -> r4c2=3 -> ALS:r48c4<>3 -> r1c4<>8",
        "r2c1=3 -> ALS:r2c2689<>3 -> ALS:r1c2789<>7 -> r1c4<>9",
    ):
        assert chain in s.explanation
