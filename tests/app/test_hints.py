"""Hints as a person uses them: stuck positions, the check against the solution, levels, skip."""

import json

import pytest

from commands import README_P, invoke, sudoku
from helpers import collection
from sudoku_logic.api.hints import distinct_steps, hint_text, houses_phrase, pick_step, step_area
from sudoku_logic.api.position import load_position
from sudoku_logic.api.solver import Solver
from sudoku_logic.app.io.reader import cut_lines
from sudoku_logic.core import dlx
from sudoku_logic.core.errors import FormatError
from sudoku_logic.core.formats import parse, to_pencilmarks, to_sukaku
from sudoku_logic.core.step import Step


def split_positions(text):
    """The entries the reader cuts a file's text into: (line number, text) each."""
    return list(cut_lines(enumerate(text.splitlines(), 1)))


P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"
SOL = "".join(map(str, dlx.unique_solution(parse(P))))
EMPTY = [i for i in range(81) if P[i] == "0"]


def filled(cells, wrong=None):
    """A FILLED line with the solution's digits in ``cells`` (and ``wrong`` = (cell, d))."""
    out = ["."] * 81
    for c in cells:
        out[c] = SOL[c]
    if wrong:
        out[wrong[0]] = str(wrong[1])
    return "".join(out)


# ---------------------------------------------------------------- reading positions


def test_givens_filled_one_line_and_two_lines_agree():
    mine = filled(EMPTY[:10])
    a = load_position(f"{P} {mine}")
    b = load_position(f"{P}\n{mine}")
    assert a.values == b.values
    assert a.givens == [int(ch) for ch in P]
    assert all(a.values[c] == int(SOL[c]) for c in EMPTY[:10])
    g = a.grid()
    assert g.givens == sum(1 << i for i in range(81) if P[i] != "0")
    assert not a.problems()


def test_filled_line_may_repeat_the_givens():
    whole = "".join(SOL[i] if (P[i] != "0" or i in EMPTY[:5]) else "." for i in range(81))
    assert load_position(f"{P} {whole}").values == load_position(f"{P} {filled(EMPTY[:5])}").values


def test_filled_line_contradicting_a_given_is_a_format_error():
    given = next(i for i in range(81) if P[i] != "0")
    bad = filled([], wrong=(given, int(P[given]) % 9 + 1))
    with pytest.raises(FormatError, match=r"r\dc\d is given as \d but the second line has \d there"):
        load_position(f"{P} {bad}")


def test_hodoku_plus_line():
    line = "".join(("+" + SOL[i]) if i in EMPTY[:3] else P[i] for i in range(81))
    pos = load_position(line)
    assert pos.givens == [int(ch) for ch in P]
    assert [pos.values[c] for c in EMPTY[:3]] == [int(SOL[c]) for c in EMPTY[:3]]


def test_givens_then_pencilmarks_grid_and_sukaku():
    g = parse(P)
    g.place(EMPTY[0], int(SOL[EMPTY[0]]))
    marks = to_pencilmarks(g)
    pos = load_position(P + "\n" + marks)
    assert pos.givens == [int(ch) for ch in P] and pos.values[EMPTY[0]] == int(SOL[EMPTY[0]])
    # a cell left with one candidate counts as placed, as in any pencilmark grid
    assert pos.grid().cands == parse(marks).cands
    pos2 = load_position(P + " " + to_sukaku(g))
    assert pos2.grid().cands == parse(marks).cands and pos2.values == pos.values


def test_pencilmark_grid_alone_and_reglib_line():
    g = parse(P)
    pos = load_position(to_pencilmarks(g))
    assert pos.givens is None and not pos.problems()
    case = ":0100:5:+4.......9...2...8...7...3..2...5.8...4...9...1.............................2.19:::"
    with pytest.raises(FormatError):
        load_position(case).problems()  # a givens field of 79 cells, not 81


def test_split_positions_pairs_givens_with_filled_but_not_two_puzzles():
    other = collection("qqwing_simple.txt", 1)[0]
    mine = filled(EMPTY[:4])
    assert [n for n, _ in split_positions(f"{P}\n{other}\n")] == [1, 2]
    assert [n for n, _ in split_positions(f"# stuck\n{P}\n{mine}\n")] == [2]  # a two-line input pairs
    # in a file of several puzzles every line stands alone (pairs go on one line)
    assert [n for n, _ in split_positions(f"# stuck\n{P}\n{mine}\n{other}\n")] == [2, 3, 4]
    assert [n for n, _ in split_positions(f"{P} {mine}\n{other}\n")] == [1, 2]
    assert len(split_positions(P + "\n" + to_pencilmarks(parse(P)))) == 1


# ---------------------------------------------------------------- checking against the solution


def test_wrong_placement_named_plainly():
    cell = EMPTY[3]
    wrong = int(SOL[cell]) % 9 + 1
    pos = load_position(f"{P} {filled(EMPTY[:3], wrong=(cell, wrong))}")
    [problem] = pos.problems()
    r, c = divmod(cell, 9)
    assert problem.message == f"r{r + 1}c{c + 1}: you placed {wrong}, but the solution has {SOL[cell]} there"


def test_removed_candidate_named_plainly():
    g = parse(P)
    cell = EMPTY[7]
    g.eliminate(cell, int(SOL[cell]))
    pos = load_position(P + "\n" + to_pencilmarks(g))
    r, c = divmod(cell, 9)
    assert [p.message for p in pos.problems()] == [
        f"r{r + 1}c{c + 1}: you removed {SOL[cell]}, but the solution needs it there"
    ]


def test_cli_refuses_to_hint_from_a_broken_position():
    cell = EMPTY[0]
    wrong = int(SOL[cell]) % 9 + 1
    r = invoke("hint", f"{P} {filled([], wrong=(cell, wrong))}")
    assert r.exit_code == 1
    rr, cc = divmod(cell, 9)
    assert f"r{rr + 1}c{cc + 1}: you placed {wrong}, but the solution has {SOL[cell]} there" in r.output
    assert "Hidden Single" not in r.output and "Look at" not in r.output


def test_cli_pencilmarks_without_givens_must_have_one_solution():
    g = parse(P)
    cell = EMPTY[7]
    g.eliminate(cell, int(SOL[cell]))
    r = invoke("hint", to_pencilmarks(g))
    assert r.exit_code == 2 and "the position has no solution" in r.output


# ---------------------------------------------------------------- levels and choice


def test_levels_from_nudge_to_whole_step():
    one = invoke("hint", P, "--level", "1")
    two = invoke("hint", P, "--level", "2")
    three = invoke("hint", P, "--no-color")
    assert one.exit_code == two.exit_code == three.exit_code == 0
    assert one.output == "Look at box 5 for the digit 5: a digit can be placed.\n"
    assert two.output == "Hidden Single in box 5, on the digit 5: a digit can be placed.\n"
    lines = three.output.splitlines()
    assert lines[0] == "Hidden Single: r6c6=5" and "r6c6" in lines[1]
    assert "*5" in three.output and "legend: *n placed" in three.output


def test_hint_is_the_raters_choice_and_skip_moves_on():
    for puzzle in collection("top1465.txt", 3) + collection("qqwing_expert.txt", 3):
        grid = parse(puzzle)
        solver = Solver()
        assert (
            pick_step(solver, grid) is Solver().next_step(grid)
            or pick_step(solver, grid).notation == Solver().next_step(grid).notation
        )
    grid = parse(P)
    distinct = list(distinct_steps(Solver(), grid))
    assert len({(tuple(s.placements), tuple(s.eliminations)) for s in distinct}) == len(distinct)
    assert pick_step(Solver(), grid, 2).notation == distinct[2].notation
    r = invoke("hint", P, "--skip", "2", "--level", "3", "--no-grids")
    assert r.output.splitlines()[0] == distinct[2].notation


def test_technique_option_and_eliminations_in_plain_grid():
    puzzle = collection("top1465.txt", 1)[0]
    r = invoke("hint", puzzle, "--technique", "Locked Triple", "--no-color")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("Locked Triple: ")
    assert "-4" in r.output and "+6" in r.output and "legend: -n eliminated +n pattern" in r.output


def test_hint_text_areas():
    pair = Step("Naked Pair", eliminations=[(0, 4)], cells=[3, 7], candidates=[(3, 4, "pattern"), (3, 7, "pattern")])
    assert step_area(pair) == [0]
    assert hint_text(pair, 1) == "Look at row 1 for the digit 4: a candidate can be removed." or hint_text(
        pair, 1
    ).startswith("Look at row 1")
    assert houses_phrase([1, 7]) == "rows 2 and 8"
    assert houses_phrase([1, 13, 22]) == "row 2, column 5 and box 5"
    spread = Step("XY-Chain", eliminations=[(80, 1)], cells=[0, 40, 80, 8, 72])
    assert step_area(spread) == [] and hint_text(spread, 2).startswith("XY-Chain in the whole grid")
    with pytest.raises(ValueError):
        hint_text(pair, 4)


def test_json_hint_levels():
    import json

    doc = json.loads(invoke("hint", P, "--level", "1", "--json").output)
    assert doc["hints"] == ["Look at box 5 for the digit 5: a digit can be placed."] and "steps" not in doc
    doc = json.loads(invoke("hint", P, "--json").output)
    assert doc["steps"][0]["text"] == "Hidden Single: r6c6=5"


def test_file_of_positions_reports_a_bad_line_and_goes_on(tmp_path):
    other = collection("qqwing_simple.txt", 1)[0]
    f = tmp_path / "stuck.txt"
    f.write_text(f"puzzle,comment\n{P} {filled(EMPTY[:3])}\n{P[:70]}\n{other}\n")
    r = invoke("hint", str(f), "--level", "1")
    assert r.exit_code == 2
    assert f"{f} line 3: expected 81 cells, got 70" in r.output
    assert r.output.count("Look at ") == 2


def test_neighbouring_puzzles_in_a_file_are_never_paired():
    """Consecutive 17-clue puzzles often fit each other; a file of puzzles stays one per line."""
    from helpers import collection

    ps = collection("sudoku17.txt", 200)
    assert len(split_positions("\n".join(ps) + "\n")) == 200


# ---------------------------------------------------------------- a wrong position, a fish's base houses


def test_level_two_hint_names_a_fish_by_its_base_houses():
    from sudoku_logic.api.hints import hint_text
    from sudoku_logic.core.step import Step

    sword = Step(
        "Swordfish",
        eliminations=[(0, 3)],
        cells=[37, 52, 80],
        houses=[4, 5, 8, 9, 13, 17],
        candidates=[(37, 3, "pattern")],
    )
    assert hint_text(sword, 2).startswith("Swordfish in rows 5, 6 and 9, on the digit 3")
    jelly = Step(
        "Jellyfish",
        eliminations=[(0, 3)],
        cells=[0, 80],
        houses=[9, 10, 12, 17, 0, 1, 4, 8],
        candidates=[(0, 3, "pattern")],
    )
    assert hint_text(jelly, 2).startswith("Jellyfish in columns 1, 2, 4 and 9")


@pytest.mark.parametrize(
    "level,lines",
    [
        (
            1,
            [
                "r1c1: row 1 already has a 6 in r1c5",
                "box 1: a digit you placed is wrong",
                "box 9: a candidate you removed is needed",
            ],
        ),
        (
            2,
            [
                "r1c1: row 1 already has a 6 in r1c5",
                "r2c2: the 1 you placed there is wrong",
                "r7c8: you removed a candidate the solution needs there",
            ],
        ),
        (
            3,
            [
                "r1c1: you placed 6, but the solution has 5 there",
                "r2c2: you placed 1, but the solution has 6 there",
                "r7c8: you removed 2, but the solution needs it there",
            ],
        ),
    ],
)
def test_hint_on_a_wrong_position_teaches_before_it_spoils(level, lines):
    """Level 1 names a rule a digit breaks or the box of a mistake, level 2 the cell,
    and only level 3 the solution's digit."""
    placed = README_P + " " + "6...6...2" + ".1......." + "." * 63  # r1c1=6 twice in row 1; r2c2=1 (6)
    r = sudoku("hint", placed, "--level", str(level))
    assert (r.returncode, r.stdout, r.stderr.splitlines()) == (1, "", lines[:2])
    position = sudoku("step", README_P, "--until", "20").stdout.splitlines()[-14:]
    row7 = position[10]
    assert row7.startswith("| 16789") and " 129   3  |" in row7, row7
    position[10] = row7.replace(" 129   3  |", " 19    3  |")  # r7c8 loses the solution's 2
    r = sudoku("hint", "\n".join(position), "--level", str(level))
    assert (r.returncode, r.stdout, r.stderr.splitlines()) == (1, "", lines[2:])
    as_json = sudoku("hint", placed, "--level", str(level), "--json")
    assert json.loads(as_json.stdout)["problems"] == lines[:2]
