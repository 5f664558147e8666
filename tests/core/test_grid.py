"""The candidate grid keeps its two maps in sync and reports contradictions."""

import random

import pytest

from helpers import collection
from sudoku_logic.core import dlx
from sudoku_logic.core.errors import InvalidPuzzle
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid, check_duplicates
from sudoku_logic.core.houses import (
    BOX_OF,
    CELL_HOUSES,
    HOUSE_MASK,
    PEERS,
    cell_name,
    cells_name,
    house_name,
    parse_cell,
)


def consistent(g: Grid) -> None:
    for d in range(1, 10):
        for c in range(81):
            assert bool(g.pos[d] >> c & 1) == bool(g.cands[c] >> (d - 1) & 1)
            assert bool(g.placed[d] >> c & 1) == (g.values[c] == d)
    for c in range(81):
        assert bool(g.empty >> c & 1) == (g.values[c] == 0)
        if g.values[c]:
            assert g.cands[c] == 0


def test_geometry():
    assert len(HOUSE_MASK) == 27 and all(m.bit_count() == 9 for m in HOUSE_MASK)
    assert all(p.bit_count() == 20 for p in PEERS)
    assert BOX_OF[80] == 8 and CELL_HOUSES[40] == (4, 13, 22)
    assert cell_name(0) == "r1c1" and parse_cell("r9c9") == 80
    assert house_name(20, False) == "box 3" and house_name(10) == "c2"
    assert cells_name([37, 43]) == "r5c28" and cells_name([10, 64]) == "r28c2"
    assert cells_name([0, 1, 9, 10]) == "r1c12,r2c12"  # as HoDoKu writes it
    assert cells_name([10, 11, 19]) == "r2c23,r3c2"


def test_place_and_eliminate_keep_maps_in_sync():
    rng = random.Random(1)
    for p in collection("qqwing_expert.txt", 20):
        g = parse(p)
        consistent(g)
        for _ in range(30):
            c = rng.randrange(81)
            if g.cands[c]:
                ds = [d for d in range(1, 10) if g.cands[c] >> (d - 1) & 1]
                if len(ds) > 1:
                    assert g.eliminate(c, ds[0])
                    assert not g.eliminate(c, ds[0])
        consistent(g)
        c = next(i for i in range(81) if g.cands[i])
        d = g.cands[c].bit_length()
        g.place(c, d)
        consistent(g)
        assert not g.pos[d] & PEERS[c]


def test_copy_is_independent():
    g = parse(collection("top1465.txt", 1)[0])
    h = g.copy()
    c = next(i for i in range(81) if h.cands[i])
    h.place(c, h.cands[c].bit_length())
    assert g.values[c] == 0 and h.values[c] != 0


def test_contradictions_are_named():
    g = parse(collection("top1465.txt", 1)[0])
    c = next(i for i in range(81) if g.cands[i])
    for d in range(1, 10):
        g.eliminate(c, d)
    assert g.contradiction() == f"{cell_name(c)} has no candidate left"
    g = parse("." * 81)
    for c in range(9):
        g.eliminate(c, 5)
    assert g.contradiction() == "digit 5 has no place left in row 1"


def test_duplicate_givens():
    with pytest.raises(InvalidPuzzle, match=r"^row 3 has two 7s: r3c2, r3c8$"):
        parse("." * 18 + ".7.....7." + "." * 54)


def test_cells_by_size_counts_each_cells_candidates():
    rng = random.Random(3)
    for puzzle in collection("top1465.txt", 20):
        g = parse(puzzle)
        for _ in range(60):
            c, d = rng.randrange(81), rng.randint(1, 9)
            g.eliminate(c, d)
        want = [
            sum(1 << c for c in range(81) if not g.values[c] and bin(g.cands[c]).count("1") == n) for n in (1, 2, 3, 4)
        ]
        assert list(g.cells_by_size()) == want
        assert g.one_candidate_cells() == want[0]


def test_placing_a_whole_solution_keeps_maps_in_sync():
    # from the empty grid (a digit leaves many peers at once) to the last cells (few)
    rng = random.Random(2)
    for p in collection("sudoku17.txt", 3):
        solution = dlx.solve(parse(p))
        empty = Grid()
        cells = list(range(81))
        rng.shuffle(cells)
        for c in cells:
            empty.place(c, solution[c])
            consistent(empty)
            assert not empty.pos[solution[c]] & PEERS[c]
        assert empty.is_solved() and empty.values == solution


def _placed_one_by_one(values) -> Grid:
    g = Grid()
    for cell, d in enumerate(values):
        if d:
            g.place(cell, d)
    g.givens = g.filled()
    return g


def _state(g: Grid) -> tuple:
    return g.values, g.cands, g.pos, g.placed, g.givens, g.empty


@pytest.mark.parametrize("name", ["qqwing_simple.txt", "top1465.txt", "sudoku17.txt"])
def test_from_values_is_placing_the_values_one_by_one(name):
    rnd = random.Random(name)
    for puzzle in collection(name, 40, every=7):
        values = [int(ch) if ch.isdigit() else 0 for ch in puzzle]
        assert _state(Grid.from_values(values)) == _state(_placed_one_by_one(values))
        # and positions further on: some of the solution's other digits filled in too
        solution = dlx.solve(Grid.from_values(values))
        more = [v or (solution[c] if rnd.random() < 0.4 else 0) for c, v in enumerate(values)]
        assert _state(Grid.from_values(more)) == _state(_placed_one_by_one(more))


def test_from_values_names_the_first_duplicate_house():
    rnd = random.Random(5)
    for _ in range(300):
        values = [rnd.randrange(1, 10) if rnd.random() < 0.15 else 0 for _ in range(81)]
        try:
            got = Grid.from_values(values)
        except InvalidPuzzle as e:
            with pytest.raises(InvalidPuzzle) as want:
                check_duplicates(values)
            assert str(e) == str(want.value)
        else:
            assert _state(got) == _state(_placed_one_by_one(values))
