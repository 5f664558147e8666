"""Practice seeds dug inside a technique's class (`class_dig`), and re-runs of mining and
digging that keep the index's earlier seeds."""

from __future__ import annotations

import random

import pytest

from helpers import assert_practises
from sudoku_logic import api
from sudoku_logic.app.bulk import class_dig, seeds
from sudoku_logic.core import bitsolve, dlx
from sudoku_logic.core.formats import parse

HEADER = [f"# header line {i}" for i in range(4)]
#: a shipped puzzle whose HoDoKu path has Uniqueness Test 6 as its hardest step (a mined seed)
EARLIER = seeds.load()[("hodoku", "hardest", "Uniqueness Test 6")][0]


def _index(tmp_path, *lines: str):
    out = tmp_path / "index.txt"
    out.write_text("\n".join(HEADER + list(lines)) + "\n", encoding="utf-8")
    return out


def _line(kind: str, name: str, seed: seeds.Seed, source: str) -> str:
    return f"hodoku\t{kind}\t{name}\t{seed.puzzle}\t{seed.measure:g}\t{source}"


def test_a_shorter_mine_keeps_the_earlier_mined_seeds_it_does_not_find_again(tmp_path):
    """`seeds mine` over a small index, with no time to find anything, keeps its mined line
    (it used to drop every mined line and mine again), and its earlier notes."""
    mined = _line("hardest", "Uniqueness Test 6", EARLIER, "mined:random 41:7")
    out = _index(tmp_path, "# mined: an earlier run", mined)
    seeds.main(["mine", "--budget", "0", "--out", str(out)])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines.count(mined) == 1
    assert "# mined: an earlier run" in lines
    assert seeds.parse(lines)[("hodoku", "hardest", "Uniqueness Test 6")][0].puzzle == EARLIER.puzzle


def test_keep_earlier_adds_only_puzzles_not_found_again():
    found = {("hodoku", "hardest", "X"): [(1.0, "p1", "mined:random 41:1")]}
    earlier = {("hodoku", "hardest", "X"): [(1.0, "p1", "mined:random 41:9"), (2.0, "p2", "mined:random 41:2")]}
    kept = seeds.keep_earlier(found, earlier)
    assert kept[("hodoku", "hardest", "X")] == [(1.0, "p1", "mined:random 41:1"), (2.0, "p2", "mined:random 41:2")]


def test_class_dig_keeps_earlier_seeds_and_notes_each_target(tmp_path):
    """A class dig with no time keeps the index's earlier dug and mined seeds and notes
    what it dug for each target."""
    dug = _line("hardest", "Uniqueness Test 6", EARLIER, "mined:class-dig 41:3")
    out = _index(tmp_path, dug)
    class_dig.main(["--budget", "0", "--out", str(out)])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines.count(dug) == 1
    notes = [x for x in lines if x.startswith("# class-dig")]
    assert len(notes) == len(class_dig.TARGETS) and all("digs" in n for n in notes)


def test_the_rectangles_chosen_can_be_left_out_of_a_unique_puzzle():
    """Each rectangle's corners hold a b / b x with x not a, in two boxes: with none of them
    given the deadly pattern is broken, so most grids stay unique without them."""
    solution = bitsolve.random_solution(random.Random(5))
    rects = class_dig.rectangles(solution)
    assert rects
    for p, q, r, x in rects:
        assert solution[q] == solution[r] != solution[p] != solution[x]
        assert len({c // 27 * 3 + c % 9 // 3 for c in (p, q, r, x)}) == 2
    values = list(solution)
    for c in class_dig.never_given(solution, rects[0]):
        values[c] = 0
    assert bitsolve.count_solutions(values) == 1


def test_a_class_dig_gives_a_unique_puzzle_whose_hardest_step_is_the_technique():
    """From a fixed stream, a dig in XY-Wing's class (nothing harder on HoDoKu's path) gives a
    puzzle whose hardest step `sudoku rate` names is XY-Wing, with one solution (DLX); the same
    stream gives the same puzzle, another stream another."""
    got = class_dig.dig("XY-Wing", random.Random(0), moves=0)
    assert got.puzzle is not None, got.why
    text = "".join(map(str, got.puzzle))
    assert api.rate(text).hodoku_hardest == "XY-Wing"
    assert dlx.dlx_count_solutions(parse(text), 2) == 1
    assert sum(map(bool, got.puzzle)) <= class_dig.MAX_GIVENS
    assert class_dig.dig("XY-Wing", random.Random(0), moves=0).puzzle == got.puzzle
    assert class_dig.dig("XY-Wing", random.Random(1), moves=0).puzzle != got.puzzle


def test_a_dig_moves_givens_while_the_puzzle_stays_in_the_class():
    """The moves after the dig keep the puzzle unique and inside the class: every puzzle the
    dig keeps has nothing harder than the technique."""
    got = class_dig.dig("Skyscraper", random.Random(3), moves=20)
    assert got.puzzle is not None, got.why
    rating = api.rate("".join(map(str, got.puzzle)))
    assert rating.hodoku_hardest == "Skyscraper" and rating.hodoku_solved


def test_class_dig_refuses_a_target_it_does_not_dig_in_one_line(tmp_path, capsys):
    out = _index(tmp_path)
    with pytest.raises(SystemExit) as ended:
        class_dig.main(["--only", "X-Wing", "--budget", "0", "--out", str(out)])
    assert ended.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "'X-Wing' is not one of Uniqueness Test 5" in err[0]
    assert out.read_text(encoding="utf-8").splitlines() == HEADER  # not written


def test_mining_looks_for_no_technique_a_path_never_takes():
    """A mine run spends no budget on what the path never takes (seeds.PREEMPTED)."""
    wanted = seeds.targets()
    assert ("hodoku", "path", "Franken Swordfish") in wanted
    for order, name in seeds.PREEMPTED:
        assert not [key for key in wanted if key[0] == order and key[2] == name], name


def test_a_class_walk_meets_a_puzzle_that_practises_the_technique():
    """A walk in Uniqueness Test 1's class (neighbours rated in C) meets a puzzle whose HoDoKu
    path takes it with nothing harder, dug to at most MAX_GIVENS givens, one solution (DLX);
    the same stream gives the same puzzle, and a walk too short to meet it says so."""
    got = class_dig.walk("Uniqueness Test 1", random.Random(0), moves=30)
    assert got.puzzle is not None, got.why
    text = "".join(map(str, got.puzzle))
    assert_practises(text, "Uniqueness Test 1")
    assert sum(map(bool, got.puzzle)) <= class_dig.MAX_GIVENS and got.rated > 0
    assert class_dig.walk("Uniqueness Test 1", random.Random(0), moves=30).puzzle == got.puzzle
    short = class_dig.walk("Uniqueness Test 1", random.Random(0), moves=0)
    assert short.puzzle is None and "never met in 0 moves" in short.why


def test_class_walk_keeps_earlier_seeds_and_notes_each_target(tmp_path):
    """`class_dig --walk` with no time keeps the index's earlier walked and dug seeds and notes
    each target's walks apart from the digs'."""
    walked = _line("hardest", "Uniqueness Test 6", EARLIER, "mined:class-walk 41:3")
    dug = _line("hardest", "Uniqueness Test 6", EARLIER, "mined:class-dig 41:3")
    out = _index(tmp_path, "# class-dig: an earlier dig", walked, dug)
    class_dig.main(["--walk", "--budget", "0", "--out", str(out)])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert "# class-dig: an earlier dig" in lines
    notes = [x for x in lines if x.startswith("# class-walk")]
    assert len(notes) == len(class_dig.TARGETS) and all("walks of up to" in n for n in notes)
    assert lines.count(walked) == 1 and lines.count(dug) == 1


def test_a_path_walk_meets_a_puzzle_whose_path_takes_the_technique():
    """`--walk --path`: from the index's puzzles with a step at least as hard, a walk meets a
    puzzle whose HoDoKu path takes XY-Chain, solved by logic, one solution (DLX), at most
    MAX_GIVENS givens; the same stream, the same puzzle."""
    got = class_dig.walk("XY-Chain", random.Random(0), moves=5, practice=False)
    assert got.puzzle is not None, got.why
    text = "".join(map(str, got.puzzle))
    path = api.solve_path(text, order="hodoku")
    assert path.solved and "XY-Chain" in {s.technique for s in path.steps}
    assert dlx.dlx_count_solutions(parse(text), 2) == 1 and sum(map(bool, got.puzzle)) <= class_dig.MAX_GIVENS
    assert class_dig.walk("XY-Chain", random.Random(0), moves=5, practice=False).puzzle == got.puzzle
    assert class_dig.hard_starts(class_dig.technique_key("Franken Swordfish"))  # its walks have starts


def test_path_walks_note_path_targets_and_refuse_others_in_one_line(tmp_path, capsys):
    out = _index(tmp_path)
    class_dig.main(["--walk", "--path", "--only", "X-Wing", "--budget", "0", "--out", str(out)])
    notes = [x for x in out.read_text(encoding="utf-8").splitlines() if x.startswith("# class-walk")]
    assert len(notes) == 1 and "--walk --path" in notes[0] and "hodoku path X-Wing: 0" in notes[0]
    capsys.readouterr()
    for args in (["--path", "--only", "X-Wing"], ["--walk", "--path", "--only", "Death Blossom"]):
        with pytest.raises(SystemExit) as ended:
            class_dig.main([*args, "--budget", "0", "--out", str(out)])
        assert ended.value.code == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
