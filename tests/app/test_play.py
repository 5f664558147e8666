"""`sudoku play`: the game, and the app driven headless by Textual's pilot at 80x24."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers import DATA, ROOT, collection
from play_pilot import message, play, settle
from sudoku_logic.api.hints import hint_text
from sudoku_logic.api.position import Position, load_position
from sudoku_logic.api.solver import Solver
from sudoku_logic.app.terminal.play import GRID_H, GRID_W, PlayApp, cell_at
from sudoku_logic.app.terminal.play_state import Game
from sudoku_logic.core.formats import parse
from sudoku_logic.core.houses import DIGIT_BIT, PEERS, cells_of

SNAPSHOTS = DATA / "play"
P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"
XY_WING = ("004000300090270540060000002910605007000004030300190050600040000000000093070050000", 40)
FORCING = (collection("top1465.txt", 2)[1], 9)  # SE's step 9: Region Forcing Chains
#: a position of the 2011 hardest list whose next SE step is a nested Dynamic Forcing Chain
NESTED = SNAPSHOTS / "nested.txt"


@pytest.fixture(autouse=True)
def state_home(tmp_path, monkeypatch):
    """The game's autosaves go to a folder of the test, never the user's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


def position_before(puzzle: str, n: int, order: str = "se") -> tuple[Position, object]:
    """The position before step ``n`` of the puzzle's path (every candidate marked), and that
    step (each the step `sudoku hint` gives there, as the path takes it)."""
    solver = Solver(order=order)
    grid = parse(puzzle)
    for _ in range(n - 1):
        grid.apply(solver.next_step(grid))
    givens = parse(puzzle).values[:]
    marks = [0 if grid.values[c] else grid.cands[c] for c in range(81)]
    return Position(givens, list(grid.values), marks), solver.next_step(grid)


def game_of(position: Position) -> Game:
    return Game.from_position(position, clock=lambda: 0.0)  # a frozen clock: screens repeat


# ---------------------------------------------------------------- the game alone


def test_place_marks_undo_redo_without_limit():
    game = game_of(load_position(P))
    assert not game.place(5, 3)  # r1c6 is a given
    game.fill_candidates()
    seeing = [c for c in cells_of(PEERS[0]) if game.board.marks[c] & DIGIT_BIT[5]]
    assert len(seeing) > 3
    game.place(0, 5)  # r1c1=5 removes 5 from the marks of the cells it sees
    assert game.board.values[0] == 5 and not any(game.board.marks[c] & DIGIT_BIT[5] for c in seeing)
    game.toggle_mark(1, 9)
    game.toggle_mark(1, 9)
    moves = len(game.undos)
    while game.undo():
        pass
    assert game.board.values == tuple(int(ch) for ch in P) and not any(game.board.marks)
    for _ in range(moves):
        assert game.redo()
    assert game.board.values[0] == 5 and not game.redo()


def test_saved_game_reads_back_exactly_and_the_cli_reads_it(tmp_path):
    game = game_of(load_position(P))
    game.place(0, 5)
    game.toggle_mark(1, 1)  # one mark, no digit: the CLI reads it as placed, play keeps it a mark
    game.toggle_mark(2, 3)
    game.toggle_mark(2, 4)
    game.played = 754
    saved = tmp_path / "game.txt"
    saved.write_text(game.save_text())
    again = Game.from_saved(load_position(saved.read_text().split("\n", 3)[-1]), saved.read_text())
    assert again.board == game.board and again.played == 754
    for cmd in (
        ["hint", str(saved), "--level", "2"],
        ["rate", str(saved), "-j", "1", "-f", "csv"],
        ["check", str(saved)],
    ):
        r = subprocess.run(
            [sys.executable, "-m", "sudoku_logic", *cmd],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert r.returncode == 0 and r.stderr == "", (cmd, r.stderr)


def test_apply_a_step_and_remove_what_placements_rule_out():
    position, step = position_before(*XY_WING)
    game = game_of(position)
    assert game.apply(step)
    grid = position.grid()
    grid.apply(step)
    assert all(game.board.marks[c] == (0 if grid.values[c] else grid.cands[c]) for c in range(81))
    game = game_of(load_position(P))
    game.toggle_mark(0, 9)  # r1c1 marked 9, which r1c6's given rules out
    assert game.remove_ruled_out() and game.board.marks[0] == 0


# ---------------------------------------------------------------- the app, headless


def test_keys_place_mark_erase_undo_and_the_mouse_moves():
    app = PlayApp(game_of(load_position(P)))

    async def script(pilot) -> None:
        await pilot.press("5")  # r1c1=5
        await pilot.press("right", "m", "1", "6", "m")  # r1c2 marks 1 and 6
        await pilot.press("l", "l", "l", "4")  # hjkl move: r1c5=4 (a wrong digit)
        await pilot.press("delete")
        assert app.game.board.values[:5] == (5, 0, 0, 0, 0) and app.game.board.marks[1] == 0b100001
        await pilot.press("u")  # the erase undone
        assert app.game.board.values[4] == 4
        await pilot.press("u", "u", "u")  # the 4, then the two marks
        assert app.game.board.values[4] == 0 and app.game.board.marks[1] == 0
        await pilot.press("U", "U", "U", "U")  # all four again
        assert app.game.board.values[:5] == (5, 0, 0, 0, 0) and app.game.board.marks[1] == 0b100001
        await pilot.click("GridView", offset=(1 + 6 * 8 + 2, 1 + 2 * 4 + 1 + 1))  # r5c9: its second line
        assert app.grid_view.cursor == 4 * 9 + 8

    play(app, script)
    assert cell_at(1, 1) == 0 and cell_at(GRID_W - 2, GRID_H - 2) == 80 and cell_at(0, 0) is None


@pytest.mark.parametrize("case", [XY_WING, FORCING], ids=["xy-wing", "forcing-chain"])
def test_hint_at_each_level_then_apply(case):
    position, step = position_before(*case)
    app = PlayApp(game_of(position))

    async def script(pilot) -> None:
        await pilot.press("question_mark")
        await settle(pilot)
        assert message(app).startswith(hint_text(step, 1))
        await pilot.press("question_mark")
        assert message(app).startswith(hint_text(step, 2))
        await pilot.press("question_mark")
        assert message(app).startswith(step.notation) and app.shown_step() is not None
        assert app.shown_step().notation == step.notation
        await pilot.press("a")
        grid = position.grid()
        grid.apply(step)
        assert list(app.game.board.values) == grid.values
        assert message(app) == f"Applied: {step.notation}"

    play(app, script)


def test_check_teaches_before_it_spoils():
    app = PlayApp(game_of(load_position(P)))

    async def script(pilot) -> None:
        await pilot.press("right", "1")  # r1c2=1: right
        await pilot.press("down", "1")  # r2c2=1: a second 1 in column 2
        await pilot.press("c")
        assert message(app).startswith("r2c2: column 2 already has a 1 in r1c2")
        await pilot.press("u", "down", "6", "c")  # r3c2=6: wrong (the solution has 9)
        assert message(app).startswith("box 1: a digit you placed is wrong")
        await pilot.press("c")
        assert message(app).startswith("r3c2: the 6 you placed there is wrong")
        await pilot.press("c")
        assert message(app).startswith("r3c2: you placed 6, but the solution has 9 there")
        await pilot.press("question_mark")
        assert message(app).startswith("No hint on a position with a mistake")

    play(app, script)


def test_step_list_follows_and_applies():
    app = PlayApp(game_of(load_position(P)))

    async def script(pilot) -> None:
        await pilot.press("s")
        await settle(pilot)
        assert app._steps_open() and len(app.path) == 58
        await pilot.press("down", "down")
        assert app.shown_step() is app.path[2] and app.shown_grid() is app.path_grids[2]
        await pilot.press("a")
        assert not app._steps_open() and app.game.board.values[50] == 5  # steps 1-3 applied
        await pilot.press("s")
        await settle(pilot)
        await pilot.press("escape")
        assert not app._steps_open()

    play(app, script)


def test_save_then_play_the_file(tmp_path):
    saved = tmp_path / "game.txt"
    app = PlayApp(game_of(load_position(P)), save_to=str(saved))

    async def script(pilot) -> None:
        await pilot.press("5", "right", "m", "1", "2", "ctrl+s")
        assert message(app).startswith(f"Saved to {saved}")

    play(app, script)
    text = saved.read_text()
    again = Game.from_saved(load_position(text.split("\n", 2)[-1]), text)
    assert again.board == app.game.board


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_fits_the_terminal(size):
    app = PlayApp(game_of(load_position(P)))

    async def script(pilot) -> None:
        await pilot.resize_terminal(*size)
        await pilot.pause()
        for widget in app.query("*"):
            if widget.display and widget.region.area:
                r = widget.region
                assert r.right <= size[0] and r.bottom <= size[1], (widget, r)
        assert app.grid_view.region.size == (GRID_W, GRID_H)
        assert app.query_one("#keys").region.y == GRID_H

    play(app, script)


def test_a_slow_hint_never_freezes_the_screen_and_can_be_cancelled(monkeypatch):
    """A nested forcing chain of the 2011 hardest list, searched by the Python engine (tens of
    seconds): keys are handled while it runs, and Esc ends the search's process."""
    position = load_position(NESTED.read_text())
    app = PlayApp(game_of(position))
    monkeypatch.setenv("SUDOKU_ENGINE", "python")  # the worker process starts with it

    async def script(pilot) -> None:
        await pilot.press("question_mark")
        await pilot.pause(1.0)
        assert app.busy
        process = app.worker._process
        await pilot.press("right", "right", "down", "m")
        assert app.grid_view.cursor == 11 and app.marks_mode and app.busy
        await pilot.press("escape")
        await settle(pilot, 10)
        assert message(app) == "Cancelled." and process.poll() is not None
        await pilot.press("m", "question_mark")  # a new search on a new process
        assert app.busy
        await pilot.press("escape")
        await settle(pilot, 10)

    play(app, script)


@pytest.mark.parametrize("quit_with", ["q", None], ids=["q", "screen-closed"])
def test_quitting_while_a_search_runs_stops_every_timer_and_the_search_first(monkeypatch, quit_with):
    """Item 13 of issue 40: q during a long search, or the screen closed under it (as the
    test harness does). When the screens start to go, no timer of the app still runs (a tick
    would look for a widget no longer there); the search's process is ended with them."""
    app = PlayApp(game_of(load_position(NESTED.read_text())))
    monkeypatch.setenv("SUDOKU_ENGINE", "python")  # a search of tens of seconds
    seen: dict[str, object] = {}
    close_all = app._close_all

    async def closing() -> None:  # the screens are about to go
        seen["timers"] = [t for t in app._timers if t._task is not None]
        await close_all()
        seen["process"] = app.worker._process

    monkeypatch.setattr(app, "_close_all", closing)

    async def script(pilot) -> None:
        await pilot.press("question_mark")
        await pilot.pause(0.5)
        assert app.busy
        seen["search"] = app.worker._process
        if quit_with:
            await pilot.press(quit_with)
            await pilot.pause(0.3)
        else:
            await pilot.pause(1.1)  # a tick of the clock due while the screen goes

    play(app, script)
    assert seen["timers"] == [] and seen["process"] is None and seen["search"].poll() is not None


# ---------------------------------------------------------------- snapshots


def _screen(name: str) -> str:
    """The SVG of screen ``name`` at 80x24, exported by the app itself."""
    shots: dict[str, str] = {}
    if name == "hint":
        position, _ = position_before(*XY_WING)
        app = PlayApp(game_of(position))
        keys = ["question_mark"]
    else:
        app = PlayApp(game_of(load_position(P)))
        keys = ["5", "right", "m", "1", "6", "m", "s"] if name == "steps" else ["5", "right", "m", "1", "6", "m"]

    async def script(pilot) -> None:
        await pilot.press(*keys)
        await settle(pilot)
        if name == "hint":
            await pilot.press("question_mark", "question_mark")
        if name == "steps":
            await pilot.press("down", "down", "down")
        await pilot.pause()
        shots[name] = app.export_screenshot()

    play(app, script)
    return shots[name]


@pytest.mark.parametrize("name", ["start", "hint", "steps"])
def test_screens_match_their_snapshots(name):
    """The screens as SVG, against tests/data/play/NAME.svg (SUDOKU_UPDATE_SNAPSHOTS=1 writes
    them); the README's picture is the hint screen's."""
    svg = _screen(name)
    path = SNAPSHOTS / f"{name}.svg"
    if os.environ.get("SUDOKU_UPDATE_SNAPSHOTS") == "1":
        path.write_text(svg)
        if name == "hint":
            (ROOT / "docs" / "play.svg").write_text(svg)
    assert svg == path.read_text(), f"{name} screen changed: look at it, then SUDOKU_UPDATE_SNAPSHOTS=1"
    if name == "hint":
        assert (ROOT / "docs" / "play.svg").read_text() == svg


# ---------------------------------------------------------------- the command


def test_rating_and_the_api_never_load_textual():
    code = (
        f"import sys, sudoku_logic as sl; sl.rate(sl.load({P!r})); "
        "from typer.testing import CliRunner; from sudoku_logic.app.cli.main import app; "
        f"r = CliRunner().invoke(app, ['rate', {P!r}, '-j', '1']); assert r.exit_code == 0, r.output; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stderr


@pytest.mark.parametrize(
    "args,message",
    [
        (["play", "12345"], "expected 81 cells, got 5"),
        (["play", "0" * 81], "not valid: the puzzle has more than one solution"),
        (["play", P, "--order", "sudoku"], "unknown order 'sudoku': use se or hodoku"),
        (["play", P], "sudoku play needs a terminal (stdin and stdout)"),
    ],
)
def test_play_refuses_what_it_cannot_play_in_one_line(args, message):
    r = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
    )
    assert r.returncode == 2 and r.stdout == "" and r.stderr.startswith("error: ") and message in r.stderr, r.stderr
    assert len(r.stderr.splitlines()) == 1
