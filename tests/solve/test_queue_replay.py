"""HoDoKu's singles queues (:mod:`strategies.hodoku.singles_queue`) queue what a plain
replay queues: loading a position replayed value by value, each house of a cell that loses
a candidate looked at. Loading is worked out without a replay when it can be; after it,
and step after step of whole paths, the entries of empty cells and the singles the three
searches give are those of the replay."""

import copy
import random
from collections import deque

import pytest

from helpers import collection
from strategies.hodoku import singles_queue
from strategies.hodoku.singles_queue import QUEUED, SinglesQueue
from strategies.singles import full_house_step, hidden_single_step, naked_single_step
from sudoku_logic import Solver
from sudoku_logic.core import bitsolve
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_HOUSES, HOUSE_MASK, MASK_DIGITS, PEERS


def _same(a, b) -> bool:
    return (
        a.values == b.values and a.cands == b.cands and a.pos == b.pos and a.empty == b.empty and a.placed == b.placed
    )


class _Replay:
    """HoDoKu's queues kept the plain way: loading replayed value by value, each house of a
    cell that loses a candidate looked at (what ``SinglesQueue`` does faster)."""

    def __init__(self, grid):
        self.naked, self.hidden = [], []
        self.grid = g = Grid()
        for c in range(81):
            if grid.values[c]:
                self.place(c, grid.values[c])
        for c in range(81):
            if not g.values[c]:
                for d in MASK_DIGITS[g.cands[c] & ~grid.cands[c]]:
                    self.eliminate(c, d)

    def _lost(self, cell, d, places):
        for h in CELL_HOUSES[cell]:
            rest = places & HOUSE_MASK[h]
            if rest and not rest & (rest - 1):
                self.hidden.append((rest.bit_length() - 1, d))

    def eliminate(self, cell, d):
        g = self.grid
        if g.eliminate(cell, d):
            self._lost(cell, d, g.pos[d])
            if bin(g.cands[cell]).count("1") == 1:
                self.naked.append((cell, g.cands[cell].bit_length()))

    def place(self, cell, d):
        g = self.grid
        if g.values[cell]:
            return
        for j in range(81):  # d leaves the peers in cell order
            if PEERS[cell] >> j & 1 and g.has(j, d):
                self.eliminate(j, d)
        for e in MASK_DIGITS[g.cands[cell]]:  # then the cell's other candidates
            if e != d:
                self._lost(cell, e, g.pos[e] & ~(1 << cell))
        g.place(cell, d)

    def live(self):
        """The entries of empty cells, in order (the others change nothing)."""
        v = self.grid.values
        return [e for e in self.naked if not v[e[0]]], [e for e in self.hidden if not v[e[0]]]


def _positions(seed):
    """Puzzles of several collections; positions along their HoDoKu paths, some with
    candidates taken away at random (pencilmarks, some of them broken); random grids with
    unchecked placements (a digit twice in a house, at times)."""
    rng = random.Random(seed)
    for name in ("qqwing_simple.txt", "qqwing_expert.txt", "top1465.txt", "sudoku17.txt"):
        for p in collection(name, 6, every=97):
            grid = parse(p)
            yield grid
            g = grid.copy()
            for step in Solver(order="hodoku").solve(grid).steps:
                g.apply(step)
                if rng.random() < 0.1:
                    h = g.copy()
                    for c in rng.sample(range(81), rng.randrange(0, 25)):
                        if h.cands[c]:
                            h.eliminate(c, rng.choice(MASK_DIGITS[h.cands[c]]))
                    yield h
    for _ in range(300):
        values = bitsolve.random_solution(rng)
        for c in rng.sample(range(81), rng.randrange(20, 81)):
            values[c] = 0
        values[rng.randrange(81)] = rng.randrange(10)
        g = Grid()
        for c in range(81):
            if values[c]:
                g.place(c, values[c])
        for _ in range(rng.randrange(0, 120)):
            g.eliminate(rng.randrange(81), rng.randrange(1, 10))
        yield g


def test_start_queues_the_entries_a_replay_queues():
    worked_out = 0
    for grid in _positions(5):
        want = _Replay(grid)
        queue, g = SinglesQueue.start(grid)
        assert _same(g, want.grid) and g.givens == grid.givens
        assert (list(queue.naked), list(queue.hidden)) == want.live()
        worked_out += singles_queue._loaded_queues(grid) is not None
    assert worked_out > 300  # most are worked out, not replayed


@pytest.mark.parametrize(
    "puzzle", collection("qqwing_easy.txt", 4, every=200) + collection("top1465.txt", 3, every=300)
)
def test_queues_give_the_singles_a_replay_gives(puzzle):
    """Along a whole path: the same entries as the plain replay, the same next singles."""
    grid = parse(puzzle)
    want = _Replay(grid)
    queue, g = SinglesQueue.start(grid)
    for step in Solver(order="hodoku").solve(grid).steps:
        for name in QUEUED:  # each search on copies: they consume entries
            a, b = copy.deepcopy((queue, g)), copy.deepcopy(want)
            got = a[0].next(name, a[1])
            b.naked, b.hidden = deque(b.naked), deque(b.hidden)
            ref = _reference_next(name, b)
            assert got == ref, (name, got, ref)
        queue.apply(g, step)
        for c, d in step.placements:
            want.place(c, d)
        for c, d in step.eliminations:
            want.eliminate(c, d)
        naked, hidden = want.live()
        # of naked entries only those of cells with that one candidate count (the queues
        # may drop the others)
        valid = [e for e in queue.naked if not g.values[e[0]] and g.cands[e[0]] == 1 << (e[1] - 1)]
        assert valid == [e for e in naked if g.cands[e[0]] == 1 << (e[1] - 1)]
        assert [e for e in queue.hidden if not g.values[e[0]]] == hidden


def _reference_next(name, r):
    """The next single of ``name`` from a replay's queues, the plain way."""
    g = r.grid
    if name == "Full House":
        for cell, d in r.naked:
            if not g.values[cell] and g.cands[cell] == 1 << (d - 1):
                for h in CELL_HOUSES[cell]:
                    if g.empty & HOUSE_MASK[h] == 1 << cell:
                        return full_house_step(cell, d, h)
        return None
    if name == "Naked Single":
        while r.naked:
            cell, d = r.naked.popleft()
            if not g.values[cell] and g.cands[cell] == 1 << (d - 1):
                return naked_single_step(cell, d)
        return None
    while r.hidden:
        cell, d = r.hidden.popleft()
        if g.values[cell]:
            continue
        if not g.has(cell, d):
            return None
        for h in CELL_HOUSES[cell]:
            if (g.pos[d] & HOUSE_MASK[h]).bit_count() == 1:
                return hidden_single_step(cell, d, h)
        return None
    return None
