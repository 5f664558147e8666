"""``sudoku play``: solve in the terminal, with hints on the grid as it stands."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import typer

from sudoku_logic.api.position import Position

if TYPE_CHECKING:
    from sudoku_logic.app.terminal.play_state import Game
from sudoku_logic.app.cli import options as shared
from sudoku_logic.app.cli.common import fail
from sudoku_logic.app.io.reader import read
from sudoku_logic.core import dlx
from sudoku_logic.core.errors import SudokuError


@dataclass(frozen=True, kw_only=True)
class PlayOptions:
    """The parameters of `sudoku play`, checked as they are built: the order, then that
    PUZZLE's first entry is a position with one solution, then that stdin and stdout are a
    terminal; the first that fails exits 2 with one line."""

    puzzle: str
    save: str
    order: str
    #: the position PUZZLE's first entry holds
    position: Position = field(init=False)

    def __post_init__(self) -> None:
        shared.check_order(self.order)
        entry = next(iter(read(self.puzzle)), None)
        if entry is None or entry.error is not None:
            fail((entry.where + str(entry.error)) if entry is not None else f"{self.puzzle} has no puzzle")
        position = entry.position
        assert position is not None  # read() parses: an entry without an error has its position
        try:
            if position.givens is None:
                position.solution()  # a pencilmark grid alone: its own givens, checked for one solution
            else:
                dlx.unique_solution(position.puzzle())
        except SudokuError as e:
            fail(entry.where + f"not valid: {e}")
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            fail("sudoku play needs a terminal (stdin and stdout)")
        object.__setattr__(self, "position", position)


def play(
    ctx: typer.Context,
    puzzle: str = typer.Argument(
        ..., metavar="PUZZLE", help="puzzle or position (any format), a file (its first), or a game `play` saved"
    ),
    save: str = typer.Option(
        "sudoku-play.txt",
        "--save",
        help="the file Ctrl-S writes the game to (`sudoku play FILE` and `sudoku hint FILE` read it back)",
    ),
    order: str = typer.Option(
        "se", "--order", help="hints in Sudoku Explainer's order (se) or HoDoKu's (hodoku); o switches"
    ),
) -> None:
    """Solve in the terminal, with hints on the grid as it stands.

    Keys: arrows or hjkl (or the mouse) move; 1-9 place a digit, or toggle a pencilmark after
    m; 0 or Delete erases; f marks every candidate, x removes the marks placed digits rule
    out; u undo, U redo (without limit); ? a hint (again: more, up to the whole step, its
    pattern on the grid), a applies it; c checks your digits and marks (again: more); s the
    step list from here (the grid follows; a applies up to the step); o switches the order;
    d then a digit shows every cell where it can still go (HoDoKu's filter); F1 or H: every key;
    Ctrl-S saves; Esc cancels a search or closes the list; q quits (asking first when moves
    are not saved). The game in progress is autosaved in $XDG_STATE_HOME/sudoku-logic/ (else
    ~/.local/state/sudoku-logic/), one file per puzzle, and offered back when you play it again.
    """
    run_play(PlayOptions(**ctx.params))  # every parameter above, by name


def run_play(opts: PlayOptions) -> None:
    """Play the position, resumed where a saved game left it; an autosaved game of the same
    puzzle is offered back on start."""
    from sudoku_logic.app.terminal.play import PlayApp
    from sudoku_logic.app.terminal.play_state import Game

    text = ""
    if os.path.isfile(opts.puzzle):
        with open(opts.puzzle, encoding="utf-8", errors="replace") as fh:
            text = fh.read(1 << 16)
    position = opts.position
    game = Game.from_saved(position, text) if "# sudoku play:" in text else Game.from_position(position)
    PlayApp(game, save_to=opts.save, order=opts.order, resume=resumable(position)).run()


def resumable(position: Position) -> tuple[Game, str] | None:
    """The game of ``position``'s puzzle autosaved in the state folder and its order, None
    when there is none (or it cannot be read: the game then starts afresh)."""
    from sudoku_logic.app.terminal.play_state import Game, autosave_path, saved_order

    givens = position.givens if position.givens is not None else position.values
    path = autosave_path(givens)
    try:
        text = path.read_text(encoding="utf-8")
        entry = next(iter(read(str(path))), None)
        if entry is None or entry.position is None or entry.error is not None:
            return None
        return Game.from_saved(entry.position, text), saved_order(text) or "se"
    except (OSError, UnicodeDecodeError, SudokuError):
        return None
