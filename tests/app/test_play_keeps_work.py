"""`sudoku play` keeps your work (issue 40, item 9): an erase gives back what its digit took,
q asks before unsaved moves go, and the game in progress is autosaved and offered back."""

from __future__ import annotations

import pytest

from helpers import ROOT
from play_pilot import message, play
from pty_run import Pty, PyteScreen, environ, sudoku_argv
from sudoku_logic.api.position import load_position
from sudoku_logic.app.cli.play import resumable
from sudoku_logic.app.terminal.play import PlayApp
from sudoku_logic.app.terminal.play_state import Game

P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"


@pytest.fixture(autouse=True)
def state_home(tmp_path, monkeypatch):
    """The autosaves go to a folder of the test, never the user's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state" / "sudoku-logic"


def game_of(puzzle: str = P) -> Game:
    return Game.from_position(load_position(puzzle), clock=lambda: 0.0)


def test_erasing_a_digit_gives_back_the_marks_its_placement_removed():
    app = PlayApp(game_of())

    async def script(pilot) -> None:
        await pilot.press("f")
        marked = app.game.board.marks
        await pilot.press("down", "8")  # r2c1=8: wrong
        assert app.game.board.values[9] == 8 and not app.game.board.marks[13] & (1 << 7)
        await pilot.press("0")  # erased: the 8s it took from r2c5 and others come back
        assert app.game.board.values[9] == 0 and app.game.board.marks == marked
        await pilot.press("c")
        assert message(app) == "No mistakes so far."

    play(app, script)


def test_erasing_gives_back_only_the_marks_you_had():
    game = game_of()
    game.fill_candidates()
    game.toggle_mark(13, 8)  # r2c5: you remove 8 yourself
    game.toggle_mark(10, 8)  # r2c2: and here
    mine = game.board.marks
    assert mine[9] & (1 << 7)
    game.place(9, 8)
    game.place(17, 5)  # r2c9=5, a move after the 8
    game.clear(9)
    assert not (game.board.marks[13] | game.board.marks[10]) & mine[9] & (1 << 7)  # the 8s you took stay out
    only_the_5 = game_of()
    only_the_5.fill_candidates()
    only_the_5.toggle_mark(13, 8)
    only_the_5.toggle_mark(10, 8)
    only_the_5.place(17, 5)
    assert game.board == only_the_5.board  # as if the 8 had never been placed


def test_q_asks_before_unsaved_moves_go(tmp_path):
    for answer, quits in (("q", True), ("y", True), ("n", False), ("escape", False), ("right", False)):
        app = PlayApp(game_of(), save_to=str(tmp_path / "game.txt"))

        async def script(pilot, answer=answer) -> None:
            await pilot.press("5", "q")
            assert pilot.app.is_running and message(pilot.app).startswith("Quit? Moves not saved")
            await pilot.press(answer)
            await pilot.pause()
            if answer == "right":  # the question dropped: the next q asks again
                await pilot.press("q")
                assert pilot.app.is_running and message(pilot.app).startswith("Quit? Moves not saved")

        play(app, script)
        assert (app.return_code is not None) == quits, answer
    app = PlayApp(game_of(), save_to=str(tmp_path / "game.txt"))

    async def saved(pilot) -> None:
        await pilot.press("5", "ctrl+s", "q")  # saved: q quits at once
        await pilot.pause()

    play(app, saved)
    assert app.return_code is not None


def test_the_game_is_autosaved_and_offered_back_in_its_order(state_home):
    app = PlayApp(game_of())

    async def script(pilot) -> None:
        await pilot.press("5", "right", "m", "1", "6", "m", "o", "q", "y")
        await pilot.pause()

    play(app, script)
    saved = state_home / (P + ".txt")
    assert saved.is_file() and "# order: hodoku" in saved.read_text()
    board = app.game.board
    for answer in ("y", "n"):
        resume = resumable(load_position(P))
        assert resume is not None and resume[1] == "hodoku"
        again = PlayApp(game_of(), resume=resume)

        async def script(pilot, answer=answer) -> None:
            again = pilot.app
            assert message(again).startswith("You left a game of this puzzle")
            await pilot.press("1")  # nothing until answered
            assert again.game.board.values[0] == 0
            await pilot.press(answer)
            assert (again.game.board == board) == (answer == "y") and (again.order == "hodoku") == (answer == "y")

        play(again, script)
    assert not saved.exists() and resumable(load_position(P)) is None  # n: started over


def test_a_solved_game_removes_its_autosave(state_home):
    solution = load_position(P).solution()
    last = next(c for c in range(81) if not int(P[c]))
    almost = "".join(str(solution[c]) if c != last else "0" for c in range(81))
    app = PlayApp(Game.from_position(load_position(P), clock=lambda: 0.0))
    app.game.board = type(app.game.board)(tuple(int(ch) for ch in almost), (0,) * 81)
    app.game.givens = tuple(int(ch) for ch in P)

    async def script(pilot) -> None:
        other = next(c for c in range(81) if not int(P[c]) and c != last)
        app.grid_view.cursor = other
        await pilot.press(str(solution[other] % 9 + 1))  # a move: autosaved
        assert (state_home / (P + ".txt")).is_file()
        app.grid_view.cursor = last
        await pilot.press(str(solution[last] % 9 + 1))  # every cell filled, one wrong: kept
        assert (state_home / (P + ".txt")).is_file()
        await pilot.press("u", "u")
        await pilot.press(str(solution[last]))
        assert message(app).startswith("Solved in")

    play(app, script)
    assert not (state_home / (P + ".txt")).exists()


def test_sudoku_play_offers_the_autosaved_game_back(state_home):
    """The real command on a terminal: a move, q, y; then `sudoku play` of the same puzzle
    asks whether to resume, and y brings the move back."""
    env = environ(XDG_STATE_HOME=str(state_home.parent), PYTHONPATH=str(ROOT))
    with Pty(sudoku_argv("play", P), rows=24, cols=80, env=env, screen=PyteScreen(80, 24)) as term:
        term.expect_screen(r"type a digit", quiet=0.3)
        term.send(b"5")
        term.send(b"q")
        term.expect_screen(r"Quit\? Moves not", quiet=0.2)
        term.send(b"y")
        assert term.finish(timeout=60) == 0
    saved = (state_home / (P + ".txt")).read_text()
    assert saved.splitlines()[-1].startswith("5")
    with Pty(sudoku_argv("play", P), rows=24, cols=80, env=env, screen=PyteScreen(80, 24)) as term:
        term.expect_screen(r"You left a game", quiet=0.3)
        term.send(b"y")
        lines = term.expect_screen(r"Resumed where", quiet=0.3)
        assert "  5  " in lines[1]  # r1c1's 5, back
        term.send(b"q")  # nothing new since: q quits at once
        assert term.finish(timeout=60) == 0
