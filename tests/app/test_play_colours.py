"""`sudoku play`: HoDoKu's colouring of candidates for your own chains (issue 40, what users of
HoDoKu expect): p and a digit colours a candidate, P chooses among two pairs of colours, C
takes every colour off; the colours show on the board, are undone and redone as moves are,
and are kept by a save and the autosave."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers import ROOT
from play_pilot import message, play, settle
from sudoku_logic.api.position import load_position
from sudoku_logic.app.cli.play import resumable
from sudoku_logic.app.terminal.play import PlayApp
from sudoku_logic.app.terminal.play_board import PAINT
from sudoku_logic.app.terminal.play_keys import HelpScreen
from sudoku_logic.app.terminal.play_state import Game

P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"
A, A2, B, B2 = range(4)  # the colours a, A, b, B


@pytest.fixture(autouse=True)
def state_home(tmp_path, monkeypatch):
    """The autosaves go to a folder of the test, never the user's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state" / "sudoku-logic"


def new_app() -> PlayApp:
    return PlayApp(Game.from_position(load_position(P), clock=lambda: 0.0))


def painted(app: PlayApp) -> dict[tuple[int, int], str]:
    """Where the board shows a colour: (line, column) of the grid's text -> the colour's style."""
    text = app.grid_view.render()
    lines = str(text).split("\n")
    starts = [sum(len(ln) + 1 for ln in lines[:i]) for i in range(len(lines))]
    out = {}
    for span in text.spans:
        if str(span.style) in PAINT:
            line = max(i for i, s in enumerate(starts) if s <= span.start)
            out[line, span.start - starts[line]] = str(span.style)
    return out


def test_p_colours_a_candidate_and_the_board_shows_it():
    app = new_app()

    async def script(pilot) -> None:
        await pilot.press("p", "5")  # r1c1's 5 (a cell you have not marked: the digits allow it)
        assert app.game.board.colours == ((0, 5, A),) and message(app) == "r1c1: 5 in a."
        assert painted(app) == {(1, 5): PAINT[A]}  # r1c1's first line, where 5 stands
        assert "colouring in a" in str(app.query_one("#status").render())
        await pilot.press("P", "p", "3")  # colour A, the other side of pair a
        assert app.game.board.colours == ((0, 3, A2), (0, 5, A)) and message(app) == "r1c1: 3 in A."
        await pilot.press("P", "right", "p", "1", "P", "right", "p", "2")  # b in r1c2, B in r1c3
        assert app.game.board.colours == ((0, 3, A2), (0, 5, A), (1, 1, B), (2, 2, B2))
        assert set(painted(app).values()) == set(PAINT) and "colouring in B" in str(app.query_one("#status").render())
        await pilot.press("p", "2")  # the same colour again: off
        assert app.game.board.colours == ((0, 3, A2), (0, 5, A), (1, 1, B))
        assert message(app) == "r1c3: 2 colour off."
        await pilot.press("P")
        assert message(app).startswith("Colour a (pair a A)") and app.colour == A

    play(app, script)


def test_colours_are_undone_and_redone_and_c_takes_them_all_off():
    app = new_app()

    async def script(pilot) -> None:
        await pilot.press("p", "5", "right", "p", "6")
        both = app.game.board.colours
        assert both == ((0, 5, A), (1, 6, A))
        await pilot.press("u")
        assert app.game.board.colours == ((0, 5, A),) and len(painted(app)) == 1
        await pilot.press("U", "C")
        assert app.game.board.colours == () and not painted(app)
        assert message(app) == "Every colour is off (u brings them back)."
        await pilot.press("C")
        assert message(app) == "No candidate has a colour."
        await pilot.press("u")
        assert app.game.board.colours == both
        await pilot.press("6")  # r1c2=6: its colours go, and r1c1 loses nothing of 5
        assert app.game.board.colours == ((0, 5, A),)
        await pilot.press("left", "right", "right", "p", "0")  # r1c3 has none
        assert message(app) == "r1c3 has no colour."
        await pilot.press("left", "left", "p", "0")
        assert app.game.board.colours == () and message(app) == "r1c1: colours off."
        await pilot.press("u", "u")  # back before the 6: r1c2's colour with it
        assert app.game.board.colours == both and app.game.board.values[1] == 0

    play(app, script)


def test_only_a_candidate_takes_a_colour():
    app = new_app()

    async def script(pilot) -> None:
        await pilot.press("p", "9")  # r1c6 holds 9: not a candidate of r1c1
        assert message(app) == "r1c1 has no candidate 9: only a candidate takes a colour."
        await pilot.press(*["right"] * 5, "p", "9")
        assert message(app) == "r1c6 holds a digit: only a candidate takes a colour."
        await pilot.press("m", "left", "1", "m", "p", "5")  # r1c5 marked 1 only
        assert message(app).startswith("r1c5 has no candidate 5") and app.game.board.colours == ()
        await pilot.press("p", "x")  # another key ends p: x does what it does
        assert not app.paint_next and message(app).startswith("No mark is ruled out")
        await pilot.press("6")
        assert app.game.board.values[4] == 6  # a digit again, not a colour

    play(app, script)


def test_colouring_keeps_the_hint_asked():
    app = new_app()

    async def script(pilot) -> None:
        await pilot.press("question_mark")
        await settle(pilot)
        hint = app.hint
        assert hint is not None and app.hint_level == 1
        await pilot.press("p", "5", "question_mark")  # a colour is no move: the hint goes on
        assert app.hint is hint and app.hint_level == 2 and not app.busy

    play(app, script)


def test_the_help_lists_the_colour_keys():
    app = new_app()

    async def script(pilot) -> None:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        shown = str(app.screen.query_one("#help").render())
        assert "\np then 1-9" in shown and "\nP C" in shown and "C: all off" in shown

    play(app, script)


def test_colours_are_saved_autosaved_and_offered_back(state_home, tmp_path):
    app = new_app()
    app.save_to = str(tmp_path / "game.txt")

    async def script(pilot) -> None:
        await pilot.press("p", "5", "P", "P", "down", "p", "1")  # r1c1's 5 in a, r2c1's 1 in b
        await pilot.press("ctrl+s", "q")

    play(app, script)
    saved = (tmp_path / "game.txt").read_text()
    assert "# colours: r1c1:5a r2c1:1b" in saved.splitlines()
    autosaved = (state_home / (P + ".txt")).read_text()
    assert "# colours: r1c1:5a r2c1:1b" in autosaved.splitlines()
    r = subprocess.run(  # the CLI reads the line as a comment
        [sys.executable, "-m", "sudoku_logic", "hint", str(tmp_path / "game.txt"), "--level", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0 and r.stderr == ""
    resume = resumable(load_position(P))
    assert resume is not None and resume[0].board.colours == ((0, 5, A), (9, 1, B))
    again = PlayApp(Game.from_position(load_position(P), clock=lambda: 0.0), resume=resume)

    async def answer(pilot) -> None:
        await pilot.press("y")
        assert again.game.board.colours == ((0, 5, A), (9, 1, B)) and len(painted(again)) == 2

    play(again, answer)


def test_a_saved_line_of_colours_is_read_with_care():
    text = "# colours: r1c1:5a r1c1:5B r9c9:1a r1c6:9b nonsense r1c2:0a\n" + P + "\n" + P + "\n"
    game = Game.from_saved(load_position(P), text)
    assert game.board.colours == ((0, 5, B2),)  # the last word for a candidate; none on a digit or out of range
