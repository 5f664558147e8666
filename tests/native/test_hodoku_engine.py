"""The compiled HoDoKu engine (``sudoku_logic/native/hodoku``) against the Python engine.

``hodoku_policy(compiled=False)`` is the Python finders alone, the reference; the default
policy takes HoDoKu's leading techniques from the C engine. Each compiled technique's first
step is held to its Python finder's on random reachable positions (hypothesis) and on the
positions of HoDoKu's paths; whole paths are held together step by step, words included,
and so are the ratings.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from grading import hodoku_batch
from grading.rater import Rater
from grading.scales import hodoku_policy
from grading.tables import RATINGS
from grading.whole import rate_lines
from helpers import PUZZLES, collection, reglib_cases, wrong_given
from reachable_positions import POOL, positions, reachable
from strategies.hodoku import hodoku_compiled
from strategies.hodoku.singles_queue import QUEUED
from strategies.registry import REGISTRY, load_all
from strategies.se.se_compiled import pack
from sudoku_logic import api, native
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.step import Step, hodoku_rank
from sudoku_logic.solve.loop import solve
from sudoku_logic.solve.memo import step_changes

FIELDS = tuple(Step.__dataclass_fields__)

compiled = pytest.mark.skipif(not hodoku_compiled.AVAILABLE, reason=f"compiled engine not in use: {native.REASON}")

#: the compiled techniques a finder searches the position for (the singles come from queues),
#: each alone in its slot: a slot of several is held to the Python slot in test_hodoku_tabling
_SHARED = {t.name for s in hodoku_policy(compiled=False).slots if len(s) > 1 for t in s}
#: the Franken fish, whose Python finder takes tens of milliseconds a position, are held to it
#: on fewer positions in test_hodoku_franken
_FRANKEN = {"Franken X-Wing", "Franken Swordfish", "Finned Franken X-Wing", "Finned Franken Swordfish"}
SEARCHED = sorted(
    (n for n in hodoku_compiled.COMPILED if n not in QUEUED and n not in _SHARED | _FRANKEN),
    key=lambda n: hodoku_compiled.CODE[n],
)


load_all()


def compiled_first(grid: Grid, name: str) -> tuple | None:
    """The compiled engine's first step of ``name`` on ``grid``: (placements, eliminations)."""
    why, steps, *_ = native.hodoku_run(*pack(grid), b"", b"", hodoku_compiled.codes([name]), 1, False, grid.givens)
    if not steps:
        return None
    return steps[0][2], steps[0][3]


def python_first(grid: Grid, name: str) -> tuple | None:
    """The Python finder's first step of ``name`` on ``grid`` that changes it (of a ranked
    technique the best by :func:`hodoku_rank`, ties to the first, as HoDoKu's policy takes it)."""
    found = (s for s in REGISTRY[name].find(grid) if step_changes(grid, s))
    if REGISTRY[name].ranked:
        found = iter(sorted(found, key=hodoku_rank))
    step = next(found, None)
    return None if step is None else (step.placements, step.eliminations)


def agree(grid: Grid, where: str, found: dict[str, int], names: list[str]) -> None:
    """Each of ``names``' first step on ``grid`` is its finder's; ``found`` counts them."""
    for name in names:
        want = python_first(grid, name)
        assert compiled_first(grid, name) == want, f"{name} at {where}"
        found[name] += want is not None


def agree_on_thinned(names: list[str], stride: int) -> dict[str, int]:
    """:func:`agree` at positions of every ``stride``-th pool puzzle with 80, 160 and 240 true
    eliminations and few placements (fins, clusters and Franken shapes come often); how many
    first steps each of ``names`` had."""
    found = dict.fromkeys(names, 0)
    for i in range(0, len(POOL), stride):
        for elims in (80, 160, 240):
            grid, _ = reachable(i, 1000 * i + elims, elims, 5)
            agree(grid, f"POOL[{i}] seed {1000 * i + elims}", found, names)
    return found


def assert_techniques_agree(grid: Grid, where: str) -> int:
    """Each compiled technique's first step on ``grid`` is its finder's; how many found one."""
    found = 0
    for name in SEARCHED:
        want = python_first(grid, name)
        assert compiled_first(grid, name) == want, f"{name} at {where}"
        found += want is not None
    return found


@compiled
def test_the_compiled_engine_takes_hodoku_s_leading_techniques():
    """Where the engine is built, HoDoKu's path starts with its techniques: the singles, the
    locked candidates and sets, the subsets and the basic fish at least."""
    lead = hodoku_policy()._compiled
    names = [native.HODOKU_TECHNIQUES[c] for c in lead]
    assert names[:3] == list(QUEUED)
    assert {"Locked Pair", "Naked Quadruple", "Hidden Quadruple", "Jellyfish"} <= set(names)
    assert not hodoku_policy(compiled=False)._compiled


@compiled
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_techniques_equal_on_random_reachable_positions(position):
    """A puzzle with random true placements and eliminations: every compiled technique's
    first step is the Python finder's."""
    grid, _ = position
    assert_techniques_agree(grid, grid.values_string())


@compiled
def test_techniques_equal_on_the_regression_library():
    """Every line of HoDoKu's regression library whose technique the engine has: each
    compiled technique's first step on the line's position is its finder's."""
    codes = {RATINGS[n].code: n for n in SEARCHED}
    cases = reglib_cases(*codes)
    for case in cases:
        assert_techniques_agree(case.grid, case.line)
    assert len({c.base_code for c in cases}) >= 10


def path_positions(puzzles: list[str], every: int) -> list[tuple[str, Grid]]:
    """Every ``every``-th position of HoDoKu's (Python) path of each puzzle."""
    out = []
    reference = hodoku_policy(compiled=False)
    for p in puzzles:
        grid = parse(p)
        work = grid.copy()
        for i, step in enumerate(solve(grid, reference).steps):
            if i % every == 0:
                out.append((f"{p} #{i}", work.copy()))
            work.apply(step)
    return out


@compiled
def test_techniques_equal_along_hodoku_paths():
    """Every third position of HoDoKu's paths through expert and hardest puzzles."""
    puzzles = collection("qqwing_expert.txt", 8) + collection("top1465.txt", 6)
    found = 0
    places = path_positions(puzzles, 3)
    for where, grid in places:
        found += assert_techniques_agree(grid, where)
    assert len(places) > 300 and found > len(places)


@compiled
def test_next_step_without_queues_equal():
    """A hint's step (a position without a history: no queues) is the same on both engines,
    words included, at positions along HoDoKu's paths."""
    fast, slow = hodoku_policy(), hodoku_policy(compiled=False)
    places = path_positions(collection("qqwing_expert.txt", 4) + collection("top1465.txt", 2), 5)
    for where, grid in places:
        a = fast.next_step(grid, fast.context(unique=True))
        b = slow.next_step(grid, slow.context(unique=True))
        assert (a is None) == (b is None), where
        if a is not None:
            for f in FIELDS:
                assert getattr(a, f) == getattr(b, f), f"{where}: {f}"
    assert len(places) > 50


def assert_paths_equal(puzzle: str, words: bool = True) -> int:
    """The compiled and the Python engine take the same path on ``puzzle``, field by field
    (``words``: the text of each step too); its length."""
    grid = parse(puzzle)
    fast = solve(grid, hodoku_policy())
    slow = solve(grid, hodoku_policy(compiled=False))
    assert (fast.solved, fast.error, len(fast.steps)) == (slow.solved, slow.error, len(slow.steps)), puzzle
    fields = FIELDS if words else ("technique", "placements", "eliminations", "facts", "score")
    for i, (a, b) in enumerate(zip(fast.steps, slow.steps)):
        for f in fields:
            assert getattr(a, f) == getattr(b, f), f"{puzzle} step {i}: {f}"
    assert fast.grid.values == slow.grid.values and fast.grid.cands == slow.grid.cands
    return len(fast.steps)


@compiled
@pytest.mark.parametrize(
    "name,limit,every",
    [
        ("qqwing_simple.txt", 10, 1),
        ("qqwing_intermediate.txt", 10, 1),
        ("qqwing_expert.txt", 12, 1),
        ("top1465.txt", 8, 25),
        ("sudoku17.txt", 10, 100),
    ],
)
def test_whole_paths_equal(name, limit, every):
    """Whole HoDoKu paths, words included: the steps the engine takes, the queues' singles
    among them, and where the Python finders take over."""
    for puzzle in collection(name, limit, every=every):
        assert assert_paths_equal(puzzle) > 10


@compiled
def test_paths_equal_on_the_hardest_list():
    """The 2011 hardest list, where the engine hands most positions to the Python finders."""
    lines = [line.split(",")[0] for line in (PUZZLES / "hardest_2011_dev.csv").read_text().splitlines()]
    puzzles = [p for p in lines if len(p) == 81 and p[0] in "0123456789."]
    for puzzle in puzzles[::40]:
        assert_paths_equal(puzzle, words=False)


@compiled
def test_ratings_equal_on_both_engines():
    """The level, score and hardest technique of HoDoKu's scale, each engine's."""
    fast, slow = Rater(se=False), Rater(se=False)
    slow.hodoku = hodoku_policy(compiled=False)
    for puzzle in collection("qqwing_expert.txt", 20) + collection("sudoku17.txt", 10, every=200):
        grid = parse(puzzle)
        a, b = fast.rate(grid), slow.rate(grid)
        assert (a.level, a.score, a.hodoku_hardest) == (b.level, b.score, b.hodoku_hardest), puzzle


@compiled
def test_broken_positions_stop_alike():
    """A puzzle with a wrong given breaks the grid on the way: both engines stop at the same
    step with the same contradiction."""
    for puzzle in collection("qqwing_easy.txt", 3):
        grid = wrong_given(puzzle)
        fast = solve(grid, hodoku_policy())
        slow = solve(grid, hodoku_policy(compiled=False))
        assert [s.placements for s in fast.steps] == [s.placements for s in slow.steps]
        assert fast.error == slow.error and fast.error is not None and not fast.solved


@compiled
def test_the_engine_refuses_what_it_cannot_read():
    """A technique it has no finder for, and queue entries that are not cells and digits,
    are a ValueError, not a crash."""
    grid = parse(collection("qqwing_easy.txt", 1)[0])
    values, masks = pack(grid)
    missing = next(i for i, n in enumerate(native.HODOKU_TECHNIQUES) if n not in hodoku_compiled.COMPILED)
    for naked, hidden, techs in (
        (b"", b"", bytes([missing])),
        (b"", b"", bytes([250])),
        (bytes([81, 1]), b"", hodoku_compiled.codes(["Naked Single"])),
        (b"", bytes([3, 0]), hodoku_compiled.codes(["Hidden Single"])),
        (bytes([3]), b"", hodoku_compiled.codes(["Naked Single"])),
        (bytes(2000), b"", hodoku_compiled.codes(["Naked Single"])),
    ):
        with pytest.raises(ValueError):
            native.hodoku_run(values, masks, naked, hidden, techs, 10, False)


# ---------------------------------------------------------------- whole ratings in C


def _values(puzzle: str) -> bytes:
    return bytes(0 if ch in ".0" else int(ch) for ch in puzzle)


@compiled
def test_batch_ratings_equal_the_rater():
    """Each puzzle the engine rates whole gets the Rater's level, score, hardest technique
    and steps; the others are left to it (a technique the engine has no finder for yet:
    with the tabling slots compiled, none of these)."""
    puzzles = (
        collection("qqwing_simple.txt", 30)
        + collection("qqwing_expert.txt", 40)
        + collection("sudoku17.txt", 40, every=100)
        + collection("top1465.txt", 30, every=40)
    )
    rated = hodoku_batch.rate_values([_values(p) for p in puzzles])
    rater = Rater(se=False)
    whole = 0
    for puzzle, got in zip(puzzles, rated):
        if got is None:
            continue
        want = rater.rate(parse(puzzle))
        assert got[:4] == (want.level, want.score, want.hodoku_hardest, want.hodoku_steps), puzzle
        assert got[5] == want.hodoku_solved
        whole += 1
    assert 40 < whole <= len(puzzles)


@compiled
@pytest.mark.parametrize("left", ["Uniqueness Test 1", "Avoidable Rectangle Type 1", "X-Wing"])
def test_batch_without_a_technique_equals_the_rater_without_it(left):
    """A path the engine takes with a technique left out of its search is the Rater's with
    the same techniques (the class walk tells a path that takes it by rating both ways)."""
    puzzles = [
        "..74....5.3....8...46..8....2....5..7.19..3......16.8..65..1.........934.....2...",
        *collection("qqwing_expert.txt", 6),
    ]
    rater = Rater([n for n in native.HODOKU_DEFAULT if n != left], se=False)
    full = hodoku_batch.rate_values([_values(p) for p in puzzles])
    rated = hodoku_batch.rate_values([_values(p) for p in puzzles], leave_out=(left,))
    takes = 0
    for puzzle, got, whole in zip(puzzles, rated, full):
        want = rater.rate(parse(puzzle))
        assert got is not None and got[:4] == (want.level, want.score, want.hodoku_hardest, want.hodoku_steps)
        path = {s.technique for s in api.solve_path(puzzle, order="hodoku").steps}
        assert (left in path) == (got[:4] != whole[:4]), puzzle
        takes += left in path
    assert takes


@compiled
def test_batch_leaves_what_is_not_a_puzzle_to_python():
    """Clashing givens, no solution, several solutions: left to the Rater, which says why."""
    good = collection("qqwing_easy.txt", 1)[0]
    clash = "11" + good[2:]
    several = "." * 81
    rated = hodoku_batch.rate_values([_values(p) for p in (clash, several, good)])
    assert rated[0] is None and rated[1] is None and rated[2] is not None
    with pytest.raises(ValueError):
        native.hodoku_rate_batch(b"\0" * 80, b"", bytearray(24), 10)
    with pytest.raises(ValueError):
        native.hodoku_rate_batch(b"\0" * 81, bytes([250]), bytearray(24), 10)


@compiled
def test_whole_lines_equal_the_rater_on_both_scales():
    """``rate_lines`` (the default row's path) gives each puzzle the Rater's rating on both
    scales, whichever scale the engine rated whole."""
    puzzles = collection("qqwing_intermediate.txt", 10) + collection("top1465.txt", 10, every=100)
    lines = [(_values(p), p) for p in puzzles]
    rater = Rater()
    for puzzle, got in zip(puzzles, rate_lines(lines)):
        want = rater.rate(parse(puzzle))
        assert got is not None
        for field in (
            "er",
            "ep",
            "ed",
            "se_hardest",
            "se_steps",
            "level",
            "score",
            "hodoku_hardest",
            "hodoku_steps",
            "hodoku_solved",
        ):
            assert getattr(got, field) == getattr(want, field), (puzzle, field)


@compiled
def test_a_search_beyond_the_engine_s_bounds_goes_to_python(monkeypatch):
    """Where the engine says a search went beyond its bounds (OverflowError), a path goes on
    with the Python finders and a hint is the Python finder's: the same steps."""
    puzzle = collection("qqwing_expert.txt", 3)[2]
    want = solve(parse(puzzle), hodoku_policy(compiled=False))
    grid = parse(puzzle)

    def beyond(*args):
        raise OverflowError("a search beyond the compiled engine's bounds")

    monkeypatch.setattr(native, "hodoku_run", beyond)
    got = solve(grid, hodoku_policy())
    assert [(s.technique, s.eliminations) for s in got.steps] == [(s.technique, s.eliminations) for s in want.steps]
    work = grid.copy()  # the position before the path's first step that is not a single
    for s in want.steps:
        if s.technique not in QUEUED:
            break
        work.apply(s)
    policy = hodoku_policy(compiled=False)
    step = hodoku_policy().next_step(work, policy.context(unique=True))
    assert step is not None and step.notation == s.notation


@compiled
def test_whole_lines_where_each_scale_leaves_a_different_puzzle(monkeypatch):
    """In one batch the SE engine leaves one puzzle and the HoDoKu engine another: each gets
    the Rater's rating of the scale left, not the other scale's."""
    from grading import se_batch

    puzzles = collection("qqwing_expert.txt", 3)
    se_values, ho_values = se_batch.rate_values, hodoku_batch.rate_values
    monkeypatch.setattr(se_batch, "rate_values", lambda v: [None, *se_values(v)[1:]])
    monkeypatch.setattr(hodoku_batch, "rate_values", lambda v: [*ho_values(v)[:1], None, *ho_values(v)[2:]])
    got = rate_lines([(_values(p), p) for p in puzzles])
    rater = Rater()
    for puzzle, rating in zip(puzzles, got):
        want = rater.rate(parse(puzzle))
        assert rating is not None
        for field in ("er", "ep", "ed", "se_hardest", "level", "score", "hodoku_hardest", "hodoku_solved"):
            assert getattr(rating, field) == getattr(want, field), (puzzle, field)
