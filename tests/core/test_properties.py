"""Property tests (hypothesis): formats round-trip, DLX agrees with an independent solver, and
every finder's steps are true on random reachable positions."""

from __future__ import annotations

import random
from itertools import islice

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from grading.scales import all_techniques, se_policy, se_rules
from helpers import assert_step_true
from reachable_positions import POOL, positions
from sudoku_logic.api.solver import Solver
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse, to_grid, to_line, to_pencilmarks, to_sukaku
from sudoku_logic.core.grid import Grid

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def settle_naked_singles(g: Grid) -> None:
    """Place every naked single (a pencilmark grid reads a one-candidate cell as solved)."""
    while True:
        singles = [c for c in range(81) if g.cands[c] and g.cands[c] & (g.cands[c] - 1) == 0]
        if not singles:
            return
        c = singles[0]
        g.place(c, g.cands[c].bit_length())


@SETTINGS
@given(positions)
def test_formats_round_trip(pos):
    g, _ = pos
    assert parse(to_line(g)).values == g.values
    assert parse(to_grid(g)).values == g.values
    settle_naked_singles(g)
    for text in (to_pencilmarks(g), to_sukaku(g)):
        back = parse(text)
        assert back.values == g.values
        assert back.cands == g.cands


# ---------------------------------------------------------------- independent solver


class TooLong(Exception):
    """The plain solver gave up: more than its budget of nodes."""


def backtrack(values: list[int], limit: int = 2, budget: int = 200_000) -> list[list[int]]:
    """A plain backtracking solver (row/column/box masks, fewest options first); raises
    :class:`TooLong` past ``budget`` nodes (a hard puzzle with a wrong given can take it
    hours to refute)."""
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, v in enumerate(values):
        if v:
            b = 1 << v
            r, c, x = i // 9, i % 9, (i // 27) * 3 + (i % 9) // 3
            if (rows[r] | cols[c] | boxes[x]) & b:
                return []
            rows[r] |= b
            cols[c] |= b
            boxes[x] |= b
    vals = values[:]
    out: list[list[int]] = []
    nodes = [0]

    def rec() -> None:
        nodes[0] += 1
        if nodes[0] > budget:
            raise TooLong
        best, best_opts = -1, None
        for i in range(81):
            if not vals[i]:
                r, c, x = i // 9, i % 9, (i // 27) * 3 + (i % 9) // 3
                used = rows[r] | cols[c] | boxes[x]
                opts = [d for d in range(1, 10) if not used >> d & 1]
                if best_opts is None or len(opts) < len(best_opts):
                    best, best_opts = i, opts
                    if len(opts) <= 1:
                        break
        if best < 0:
            out.append(vals[:])
            return
        r, c, x = best // 9, best % 9, (best // 27) * 3 + (best % 9) // 3
        for d in best_opts:
            b = 1 << d
            vals[best] = d
            rows[r] |= b
            cols[c] |= b
            boxes[x] |= b
            rec()
            rows[r] ^= b
            cols[c] ^= b
            boxes[x] ^= b
            vals[best] = 0
            if len(out) >= limit:
                return

    rec()
    return out


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 2**32), st.integers(0, 12))
def test_dlx_agrees_with_backtracking(index, seed, remove):
    """On puzzles with givens removed (often several solutions) or a wrong given added (often
    none), DLX and the backtracking solver agree on the count (up to 2) and the solutions."""
    p = POOL[index % len(POOL)]
    rng = random.Random(seed)
    vals = [0 if ch in ".0" else int(ch) for ch in p]
    filled = [c for c in range(81) if vals[c]]
    for c in rng.sample(filled, min(remove, len(filled))):
        vals[c] = 0
    if seed % 3 == 0:
        c = rng.choice([c for c in range(81) if not vals[c]])
        vals[c] = rng.randint(1, 9)
    try:
        ref = backtrack(vals, 2)
    except TooLong:
        assume(False)  # the reference cannot judge this one in reasonable time
    try:
        g = Grid.from_values(vals)
    except Exception:
        assert ref == []
        return
    got = dlx.solutions(g, 2)
    assert len(got) == len(ref)
    if len(ref) < 2:
        assert got == ref
    else:  # both stopped at two of many: each must be a distinct valid completion
        assert got[0] != got[1]
        for sol in got:
            assert all(sol[c] == vals[c] for c in range(81) if vals[c])
            assert backtrack(sol, 2) == [sol]


# ---------------------------------------------------------------- finders

TECHNIQUES = all_techniques("hodoku")
#: SE's rules, but the nested chaining levels (seconds each on positions with many
#: candidates: the sweep covers them on real paths)
SE_RULES = [r for r in se_rules() if "(+" not in r.name]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions)
def test_every_finder_is_true_on_reachable_positions(pos):
    """Every registered technique, default or not, and every SE rule finds only true steps
    (first 5 each) and leaves the grid as it was."""
    g, sol = pos
    before = g.key()
    for t in TECHNIQUES:
        for step in islice(t.finder(g), 5):
            assert_step_true(sol, step)
        assert g.key() == before, f"{t.name} changed the grid"
    ctx = se_policy().context(unique=True)
    for r in SE_RULES:
        for step in islice(r.find(g, ctx), 5):
            assert_step_true(sol, step)
        assert g.key() == before, f"{r.name} changed the grid"


@SETTINGS
@given(positions)
def test_solver_paths_from_reachable_positions_are_true(pos):
    g, sol = pos
    result = Solver(unique=True).solve(g)
    for step in result.steps:
        assert_step_true(sol, step)
