"""Every input format reads, every output format reads back, and bad input says where."""

import pytest

from helpers import collection, reglib_lines
from sudoku_logic.api.solver import Solver
from sudoku_logic.app.io.reader import read
from sudoku_logic.core.errors import FormatError, InvalidPuzzle
from sudoku_logic.core.formats import parse, parse_reglib, to_grid, to_line, to_pencilmarks, to_sukaku

P = collection("qqwing_expert.txt", 1)[0]


def test_line_formats_and_labels():
    g = parse(P)
    assert to_line(g) == P.replace("0", ".")
    assert parse(P.replace("0", "-")).values == g.values
    assert parse(P + " some label").values == g.values
    assert parse(P + ",ER 7.1").values == g.values
    assert g.givens.bit_count() == sum(ch != "0" for ch in P)


def test_nine_line_grid_with_decoration():
    g = parse(P)
    text = to_grid(g)
    assert parse(text).values == g.values
    boxed = "\n".join("║ " + ln.replace("|", "│") + " ║" for ln in text.splitlines())
    assert parse(boxed).values == g.values


def test_pencilmarks_round_trip_mid_solve():
    g = parse(P)
    r = Solver(
        ["Full House", "Hidden Single", "Naked Single", "Naked Pair", "Locked Candidates Type 1 (Pointing)"]
    ).solve(g)
    mid = r.grid if not r.solved else g
    back = parse(to_pencilmarks(mid))
    assert back.values == mid.values and back.cands == mid.cands
    assert parse(to_sukaku(mid)).cands == mid.cands


def test_pencilmark_one_candidate_counts_as_solved():
    g = parse(P)
    back = parse(to_pencilmarks(g))
    for c in range(81):
        if g.values[c]:
            assert back.values[c] == g.values[c]
        elif g.cands[c].bit_count() == 1:
            assert back.values[c] == g.cands[c].bit_length()
        else:
            assert back.values[c] == 0 and back.cands[c] & ~g.cands[c] == 0


def test_reglib_line():
    line = next(ln for ln in reglib_lines() if ln.startswith(":0603"))
    case = parse_reglib(line)
    assert case.code == "0603" or case.code.startswith("0603")
    assert case.eliminations and not case.placements
    assert case.grid.givens != case.grid.filled()  # '+' cells are placed, not given


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty input: expected a puzzle"),
        ("123", "expected 81 cells, got 3"),
        ("x" + "." * 80, "bad character 'x' at position 1: expected 1-9, or '.', '0', '-', '_' or '*' for empty"),
        ("." * 80, "expected 81 cells, got 80"),
        ("." * 82, "expected 81 cells, got 82"),
    ],
)
def test_format_errors(text, message):
    with pytest.raises(FormatError) as e:
        parse(text)
    assert str(e.value) == message


def test_invalid_pencilmarks():
    g = parse(P)
    toks = [str(g.values[c]) if g.values[c] else "123456789" for c in range(81)]
    toks[0] = "1"
    toks[1] = "1"
    with pytest.raises(InvalidPuzzle, match="row 1 has two 1s"):
        parse(" ".join(toks))


def test_file_entries(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("# comment\n\n" + P + "\nbad line\n" + P + " label\n")
    es = list(read(str(f)))
    assert [e.lineno for e in es] == [3, 4, 5]
    assert es[0].position and es[1].error and es[2].position
    assert [e.label for e in es] == ["", "line", "label"]


def test_file_with_one_grid(tmp_path):
    f = tmp_path / "grid.txt"
    f.write_text(to_pencilmarks(parse(P)) + "\n")
    es = list(read(str(f)))
    assert len(es) == 1 and es[0].position.grid().values == parse(to_pencilmarks(parse(P))).values
