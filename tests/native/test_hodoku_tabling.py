"""The compiled engine's tabling slots (``sudoku_logic/native/hodoku/tabling*.c``) against the
Python finders: the nice loops and AICs, searched together (one slot for the three, one for
their grouped variants), the forcing chains (Contradiction and Verity, one slot) and the
forcing nets (one slot). The step the engine takes from a slot is the first of
``policies._slot_steps``; whole paths through the slots are the Python engine's, words
included, and so are their ratings.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from grading.hodoku import path_rating
from grading.hodoku_batch import RECORD
from grading.scales import hodoku_policy
from grading.tables import LEVELS, RATINGS
from helpers import PUZZLES, collection, reglib_cases
from reachable_positions import positions, reachable
from strategies.hodoku import hodoku_compiled
from strategies.se.se_compiled import pack
from sudoku_logic import native
from sudoku_logic.core.context import Settings
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid
from sudoku_logic.solve.loop import solve
from sudoku_logic.solve.policies import _slot_steps
from test_hodoku_engine import assert_paths_equal, path_positions

compiled = pytest.mark.skipif(not hodoku_compiled.AVAILABLE, reason=f"compiled engine not in use: {native.REASON}")

LOOPS = ("Continuous Nice Loop", "Discontinuous Nice Loop", "AIC")
GROUPED = tuple("Grouped " + n for n in LOOPS)
CHAINS = ("Forcing Chain Contradiction", "Forcing Chain Verity")
NETS = ("Forcing Net Contradiction", "Forcing Net Verity")
TABLING = LOOPS + GROUPED + CHAINS + NETS
#: the slots of several techniques the engine has
SLOTS = [s for s in hodoku_policy(compiled=False).slots if len(s) > 1 and s[0].name in hodoku_compiled.TABLING]


def _through_slots() -> list[str]:
    """HoDoKu's default techniques without those the engine lacks before the tabling slots
    (none once the whole path is compiled): a path whose compiled lead reaches the slots
    (where the policy leaves out the uniqueness techniques, which wait for a uniqueness
    check)."""
    last = max(hodoku_compiled.CODE[t.name] for slot in SLOTS for t in slot)
    names = [t.name for t in hodoku_policy().techniques]
    return [n for n in names if n in hodoku_compiled.COMPILED or hodoku_compiled.CODE[n] > last]


def slot_record(grid: Grid, slot) -> tuple | None:
    """The engine's record of its step from ``slot`` (one search of the slot): technique and
    scored-as names, placements, eliminations, house, cells, size (a colouring step's rank)."""
    codes = hodoku_compiled.codes([t.name for t in slot])
    _, steps, *_ = native.hodoku_run(*pack(grid), b"", b"", codes, 1, False, grid.givens)
    if not steps:
        return None
    tech, scored, *rest = steps[0]
    return native.HODOKU_TECHNIQUES[tech], native.HODOKU_TECHNIQUES[scored], *rest


def slot_first_c(grid: Grid, slot) -> tuple | None:
    """The engine's step from ``slot``: technique, scored as, placements, eliminations, size."""
    record = slot_record(grid, slot)
    if record is None:
        return None
    name, scored, places, elims, _, _, size = record
    return name, scored, places, elims, size


def slot_first_py(grid: Grid, slot) -> tuple | None:
    """The first step of ``policies._slot_steps`` on ``grid``, read as :func:`slot_first_c`."""
    step = next(_slot_steps(slot, grid, hodoku_policy(compiled=False).context()), None)
    if step is None:
        return None
    facts = step.facts or {}
    return step.technique, facts.get("found_by", step.technique), step.placements, step.eliminations, facts["size"]


def assert_slots_agree(grid: Grid, where: str) -> int:
    """Each compiled slot's step on ``grid`` is the Python slot's (unless the engine leaves
    the slot to Python: a tie its rules cannot order, as Python's sort does); how many found
    one."""
    found = 0
    for slot in SLOTS:
        want = slot_first_py(grid, slot)
        try:
            got = slot_first_c(grid, slot)
        except OverflowError:
            continue
        assert got == want, f"{slot[0].name} at {where}"
        found += want is not None
    return found


@compiled
def test_a_tie_python_s_sort_decides_is_left_to_python():
    """Two grouped AICs and two plain ones with the same eliminations, interleaved (the
    comparator calls chains of other kinds equal, of one kind the shorter first): Python's
    sort leaves the first found, a longer chain, first; the engine hands the slot to Python,
    and a path and a hint take Python's step."""
    grid, _ = reachable(6112, 170, 65, 13)
    with pytest.raises(OverflowError):
        slot_first_c(grid, SLOTS[1])
    want = slot_first_py(grid, SLOTS[1])
    assert want is not None and want[4] == 8
    step = hodoku_policy().next_step(grid)
    slow = hodoku_policy(compiled=False).next_step(grid)
    assert step is not None and slow is not None
    assert (step.technique, step.eliminations, step.facts) == (slow.technique, slow.eliminations, slow.facts)


@compiled
def test_the_tabling_slots_are_compiled_as_slots():
    """The tabling slots are the engine's, each whole; the lead takes each as one slot where
    every technique before it is compiled, and leaves those through ALS nodes to Python
    with HoDoKu's "allow ALS in tabling chains"."""
    assert [tuple(t.name for t in s) for s in SLOTS] == [LOOPS, GROUPED, CHAINS, NETS]
    policy = hodoku_policy(_through_slots(), uniqueness=False)
    lead = [native.HODOKU_TECHNIQUES[c] for c in policy._compiled]
    assert set(TABLING) <= set(lead)
    colours = [s for s in policy.slots if s[0].name in hodoku_compiled.COLOURING]  # one pass, two types each
    assert [len(s) for s in colours] == [2, 2]
    assert policy._compiled_slots == len(lead) - sum(len(s) - 1 for s in SLOTS + colours)
    als = hodoku_policy(_through_slots(), uniqueness=False, settings=Settings(als_nodes=True))
    assert [native.HODOKU_TECHNIQUES[c] for c in als._compiled] == lead[: lead.index(GROUPED[0])]


@compiled
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_slot_steps_equal_on_random_reachable_positions(position):
    """A puzzle with random true placements and eliminations (large tables, some at HoDoKu's
    limit of entries): each slot's step is the Python slot's first."""
    grid, _ = position
    assert_slots_agree(grid, grid.values_string())


@compiled
def test_slot_steps_equal_on_the_regression_library():
    """Every nice loop, AIC and forcing chain or net line of HoDoKu's regression library."""
    cases = reglib_cases(*(RATINGS[n].code for n in TABLING))
    found = sum(assert_slots_agree(case.grid, case.line) for case in cases)
    assert len(cases) > 50 and found > len(cases)


def _hard_puzzles() -> list[str]:
    lines = [line.split(",")[0] for line in (PUZZLES / "hardest_2011_dev.csv").read_text().splitlines()]
    return [p for p in lines if len(p) == 81 and p[0] in "0123456789."]


@compiled
@pytest.mark.parametrize("source", ["top1465", "hardest_2011"])
def test_whole_paths_equal_through_the_slots(source):
    """HoDoKu's paths (less the techniques the engine lacks before the tabling slots, so
    that its lead reaches them) are the Python engine's step by step, words included."""
    names = _through_slots()
    puzzles = collection("top1465.txt", 6, every=150) if source == "top1465" else _hard_puzzles()[5::60][:4]
    loops = 0
    for puzzle in puzzles:
        grid = parse(puzzle)
        fast = solve(grid, hodoku_policy(names, uniqueness=False))
        slow = solve(grid, hodoku_policy(names, uniqueness=False, compiled=False))
        assert len(fast.steps) == len(slow.steps) and fast.solved == slow.solved, puzzle
        for i, (a, b) in enumerate(zip(fast.steps, slow.steps)):
            for f in ("technique", "placements", "eliminations", "facts", "score", "detail", "explanation"):
                assert getattr(a, f) == getattr(b, f), f"{puzzle} step {i}: {f}"
        loops += sum(s.technique in TABLING for s in slow.steps)
    assert loops > 3


@compiled
def test_default_paths_still_equal():
    """HoDoKu's default path (its lead stops before the loops today) is unchanged."""
    for puzzle in collection("top1465.txt", 3, every=300):
        assert assert_paths_equal(puzzle) > 10


@compiled
def test_ratings_through_the_slots_equal_python():
    """The C rating (hd_rate, one search per slot) of paths through the slots: the level,
    score, hardest technique and steps of the Python path (a step found by the grouped
    search scored as grouped)."""
    names = _through_slots()
    puzzles = collection("top1465.txt", 60, every=20)
    out = bytearray(RECORD.size * len(puzzles))
    values = b"".join(bytes(0 if ch in ".0" else int(ch) for ch in p) for p in puzzles)
    native.hodoku_rate_batch(values, hodoku_compiled.codes(names), out, 2000)
    rated = 0
    for puzzle, (_, score, steps, hardest, level, solved, _) in zip(puzzles, RECORD.iter_unpack(out)):
        if not solved:
            continue  # beyond the engine: a technique it lacks
        slow = solve(parse(puzzle), hodoku_policy(names, compiled=False))
        want = path_rating(slow.steps, slow.solved)
        assert (LEVELS[level], score, native.HODOKU_TECHNIQUES[hardest], steps) == (*want, len(slow.steps)), puzzle
        rated += 1
    assert rated >= 5


@compiled
def test_hints_take_the_tabling_slots_from_c():
    """A hint (no solve's queues) at positions of hard paths: HoDoKu's next step, words
    included, whether the engine or the finders find it, and tabling steps among them."""
    fast, slow = hodoku_policy(), hodoku_policy(compiled=False)
    tabling = 0
    for where, grid in path_positions(collection("top1465.txt", 3, every=211), 3):
        a, b = fast.next_step(grid), slow.next_step(grid)
        assert (a is None) == (b is None), where
        if a is None or b is None:
            continue
        for f in ("technique", "placements", "eliminations", "facts", "explanation"):
            assert getattr(a, f) == getattr(b, f), f"{where}: {f}"
        tabling += a.technique in TABLING
    assert tabling >= 3
