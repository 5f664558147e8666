"""`sudoku play`: the help screen with every key, a word when a key does nothing, HoDoKu's
digit filter (issue 40, what users of HoDoKu and Sudoku Explainer expect)."""

from __future__ import annotations

import pytest

from play_pilot import message, play
from sudoku_logic.api.position import load_position
from sudoku_logic.app.terminal.play import PlayApp
from sudoku_logic.app.terminal.play_keys import KEYMAP, HelpScreen
from sudoku_logic.app.terminal.play_state import Game
from sudoku_logic.core.houses import DIGIT_BIT

P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"


@pytest.fixture(autouse=True)
def state_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


def new_app() -> PlayApp:
    return PlayApp(Game.from_position(load_position(P), clock=lambda: 0.0))


@pytest.mark.parametrize("key", ["f1", "H"])
def test_the_help_lists_every_key_and_any_key_closes_it(key):
    app = new_app()

    async def script(pilot) -> None:
        await pilot.press(key)
        assert isinstance(app.screen, HelpScreen)
        shown = str(app.screen.query_one("#help").render())
        for words in ("f ", "x ", "U Ctrl-Y", "0 Del", "o ", "d then 1-9", "Ctrl-S", "F1 H", "q "):
            assert "\n" + words in shown, words
        for _, action, keys, what in KEYMAP:  # every binding is told, with what it does
            assert not keys or f"{keys:<21}{what}" in shown, action
        help_region = app.screen.query_one("#help").region
        assert help_region.right <= 80 and help_region.bottom <= 24
        await pilot.press("q")  # closes the help, does not quit
        assert not isinstance(app.screen, HelpScreen) and app.is_running and app.game.board.values[0] == 0

    play(app, script)


def test_a_key_that_does_nothing_says_why():
    app = new_app()

    async def script(pilot) -> None:
        for keys, said in (
            (["right"] * 5 + ["3"], "r1c6 is a given."),
            (["0"], "r1c6 is a given."),
            (["left", "0"], "r1c5 is empty already."),
            (["u"], "Nothing to undo."),
            (["U"], "Nothing to redo."),
            (["a"], "Nothing to apply"),
            (["4", "4"], "r1c5 holds 4 already."),
            (["m", "2"], "r1c5 holds a digit"),
            (["m", "z"], "z: no such key (F1: every key)."),
        ):
            await pilot.press(*keys)
            assert message(app).startswith(said), (keys, message(app))

    play(app, script)


def test_the_digit_filter_shows_where_a_digit_can_go():
    app = new_app()

    async def script(pilot) -> None:
        await pilot.press("d", "5")
        grid = app.game.grid()
        where = {c for c in range(81) if not grid.values[c] and grid.cands[c] & DIGIT_BIT[5]}
        assert app.filter == 5 and app.filter_cells() == where and app.game.board.values[0] == 0
        assert message(app) == f"5 can still go in {len(where)} cells (d 5 again: off)."
        assert "showing where 5 can go" in str(app.query_one("#status").render())
        await pilot.press("right", "5")  # r1c2=5: a digit again, the filter follows
        assert 1 not in app.filter_cells() and app.filter_cells() < where and app.game.board.values[1] == 5
        await pilot.press("d", "5")
        assert app.filter == 0 and not app.filter_cells()
        await pilot.press("d", "7", "d", "0")
        assert app.filter == 0 and message(app) == "Filter off."

    play(app, script)


def test_a_window_too_small_says_what_size_the_game_needs():
    app = new_app()

    async def script(pilot) -> None:
        small = app.query_one("#small")
        assert small.display and not app.query_one("#main").display
        assert str(small.render()).startswith("sudoku play needs a window of at least 80x23; this one is 70x20.")
        assert small.region.right <= 70
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not small.display and app.query_one("#main").display and app.grid_view.region.height == 22
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert small.display and "this one is 79x30" in str(small.render())

    play(app, script, size=(70, 20))


def test_f_says_what_it_did_when_you_had_marks():
    app = new_app()

    async def script(pilot) -> None:
        await pilot.press("f")
        assert message(app) == "Every candidate the digits allow is marked."
        await pilot.press("u", "m", "1", "right", "2")  # r1c1 and r1c2 marked by you
        await pilot.press("f")
        assert message(app).startswith(
            "Every candidate the digits allow is marked in the cells you had not marked; the 2 you had marked keep"
        )
        assert app.game.board.marks[0] == DIGIT_BIT[1] and app.game.board.marks[2] != 0
        await pilot.press("f")
        assert message(app).startswith("Nothing to mark")

    play(app, script)
