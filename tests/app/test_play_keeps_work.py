"""`sudoku play` keeps your work (issue 40, item 9): an erase gives back what its digit took,
q asks before unsaved moves go, and the game in progress is autosaved and offered back."""

from __future__ import annotations

import asyncio

import pytest

from sudoku_logic.api.position import load_position
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


def play(app: PlayApp, script, size=(80, 24)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(main())


def message(app: PlayApp) -> str:
    return str(app.query_one("#message").render())


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
