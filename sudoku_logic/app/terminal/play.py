"""``sudoku play``: solve in the terminal, with hints on the grid as it stands.

A Textual app over a :class:`~sudoku_logic.app.terminal.play_state.Game`: the grid (givens, your
digits, your pencilmarks) on the left, on the right the clock, the mode, the order hints
come in, and what the last hint, check or step list says. Searches run in a process of
their own (:mod:`sudoku_logic.app.terminal.play_worker`): the screen answers keys while one runs,
and Esc ends it. Fits a terminal of 80x24.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.worker import get_current_worker

from sudoku_logic.api.hints import hint_text, mistake_lines
from sudoku_logic.app.terminal.play_board import GRID_H, GRID_W, WRONG, cell_at, render_grid
from sudoku_logic.app.terminal.play_keys import BINDINGS as KEY_BINDINGS
from sudoku_logic.app.terminal.play_keys import BOUND, KEYS, HelpScreen
from sudoku_logic.app.terminal.play_state import COLOUR_NAMES, Game, autosave_path, clock_text
from sudoku_logic.app.terminal.play_worker import Request, Worker
from sudoku_logic.core.errors import SudokuError
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT, cell_name
from sudoku_logic.core.step import Step

__all__ = ["GRID_H", "GRID_W", "GridView", "PlayApp", "cell_at", "render_grid"]

NEEDS = (GRID_W + 25, GRID_H + 1)  # the grid, the side panel, the keys: 80x24
_SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class GridView(Widget, can_focus=True):
    """The board; the cursor moves with arrows, hjkl or the mouse."""

    cursor: reactive[int] = reactive(0)

    DEFAULT_CSS = f"GridView {{ width: {GRID_W}; height: {GRID_H}; }}"

    def render(self) -> Text:
        app: PlayApp = self.app  # type: ignore[assignment]
        return render_grid(app.game, self.cursor, app.shown_step(), app.shown_grid(), app.wrong, app.filter_cells())

    def on_click(self, event: events.Click) -> None:
        cell = cell_at(event.x, event.y)
        if cell is not None:
            self.cursor = cell


class Ticking(Static):
    """A line of the side panel that calls ``tick`` every ``every`` seconds while it is on
    the screen: its timer is its own, so it stops when the line goes, never after."""

    def __init__(self, every: float, tick: Callable[[], None], id: str) -> None:
        super().__init__(id=id)
        self._every, self._tick = every, tick

    def on_mount(self) -> None:
        self.set_interval(self._every, self._tick)

    def on_unmount(self) -> None:
        app: PlayApp = self.app  # type: ignore[assignment]
        app.stop_searching()  # the screen is going: no search outlives it


class PlayApp(App):
    """``sudoku play``: the board, hints in three levels, a check, the step list, save."""

    TITLE = "sudoku play"

    CSS = f"""
    Screen {{ layout: vertical; }}
    #main {{ height: {GRID_H}; }}
    #side {{ width: 1fr; padding: 0 0 0 1; }}
    #status {{ height: 3; }}
    #message {{ height: auto; max-height: {GRID_H - 2}; }}
    #steps {{ height: 1fr; display: none; border: none; padding: 0; }}
    #keys {{ height: 1; color: $text-muted; }}
    #small {{ display: none; height: auto; padding: 0 1; }}
    """
    BINDINGS = KEY_BINDINGS

    def __init__(
        self,
        game: Game,
        save_to: str = "sudoku-play.txt",
        order: str = "se",
        worker: Worker | None = None,
        resume: tuple[Game, str] | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.resume = resume  # an autosaved game of this puzzle and its order, offered on start
        self.asking: str | None = "resume" if resume is not None else None  # or "quit"
        self.saved_board = game.board  # what the save file (or the puzzle) holds
        self.autosaving = False  # once the game has moves, it is autosaved
        self.save_to = save_to
        self.order = order
        self.marks_mode = False
        self.worker = worker or Worker()
        self.wrong: frozenset[int] = frozenset()
        self.hint: Step | None = None  # the step the hint is about, for the board it was asked on
        self.hint_board = None
        self.hint_level = 0
        self.check_level = 0
        self.path: list[Step] = []  # the step list, from the board it was asked on
        self.path_grids: list[Grid] = []
        self.busy: str | None = None  # what is being looked for
        self.filter = 0  # HoDoKu's filter: the digit whose cells are shown (0: none)
        self.filter_next = False  # d was pressed: the next digit sets the filter
        self.colour = 0  # the colour p gives (an index of COLOUR_NAMES)
        self.colour_chosen = False  # P was pressed: the status names the colour
        self.paint_next = False  # p was pressed: the next digit is the candidate to colour
        self._spin = 0

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield GridView()
            with Vertical(id="side"):
                yield Ticking(1, self._status, id="status")
                yield Ticking(0.125, self._spinner, id="message")
                yield OptionList(id="steps")
        yield Static(KEYS, id="keys")
        yield Static(id="small")

    def on_mount(self) -> None:
        self.query_one(GridView).focus()
        self.worker.start()
        self._fit(self.size.width, self.size.height)
        self._status()
        if self.resume is not None:
            self.say(
                f"You left a game of this puzzle ({clock_text(self.resume[0].elapsed())} played).\n"
                "y: resume it, n: start over"
            )
            return
        self.say("Move with the arrows, type a digit. ? asks for a hint.")

    def on_unmount(self) -> None:
        self.stop_searching()

    def stop_searching(self) -> None:
        """Cancel a search under way and end its process (on quit, and when the screen goes)."""
        self.busy = None
        self.workers.cancel_group(self, "search")
        self.worker.close()

    async def action_quit(self) -> None:
        if self.asking != "quit" and self.game.board != self.saved_board and not self.game.won():
            self.asking = "quit"
            self.say(
                f"Quit? Moves not saved to {self.save_to}.\n"
                "q or y: quit (the game is autosaved: sudoku play offers it back); n or Esc: stay"
            )
            return
        self.stop_searching()
        self._autosave()
        self.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the start question waits, only its answers (and quit) do something."""
        return self.asking != "resume" or action in ("answer", "quit", "screenshot_svg")

    def on_key(self, event: events.Key) -> None:
        if self.asking == "quit" and event.key not in ("q", "y", "n", "escape"):
            self.asking = None  # another key: the question is dropped, the key does what it does
        if self.filter_next and not (event.key.isdigit() or event.key == "d"):
            self.filter_next = False
        if self.paint_next and not (event.key in ("p", "delete", "backspace", "full_stop") or event.key.isdigit()):
            self.paint_next = False
        if event.key not in BOUND and event.is_printable and self.asking is None and not self._steps_open():
            self.say(f"{event.character}: no such key (F1: every key).")

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """In a window smaller than the game needs, say so instead of a cut grid."""
        small = width < NEEDS[0] or height < NEEDS[1]
        for widget in self.query("#main, #keys"):
            widget.display = not small
        for line in self.query("#small").results(Static):
            line.display = small
            line.update(
                f"sudoku play needs a window of at least {NEEDS[0]}x{NEEDS[1]}; this one is {width}x{height}.\n"
                "Make it larger (q quits)."
            )

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_filter(self) -> None:
        self.filter_next = True
        self.say("d: now a digit, to show every cell where it can still go (0: off).")

    def filter_cells(self) -> frozenset[int]:
        """The empty cells where the filter's digit can still go (your marks, else what the
        digits allow); none without a filter."""
        if not self.filter:
            return frozenset()
        try:
            cands = self.game.grid().cands
        except SudokuError:
            return frozenset()
        bit = DIGIT_BIT[self.filter]
        return frozenset(c for c in range(81) if not self.game.board.values[c] and cands[c] & bit)

    def _set_filter(self, digit: int) -> None:
        self.filter_next = False
        self.filter = 0 if digit in (0, self.filter) else digit
        self._status()
        self.grid_view.refresh()
        if self.filter:
            where = self.filter_cells()
            self.say(f"{self.filter} can still go in {len(where)} cells (d {self.filter} again: off).")
        else:
            self.say("Filter off.")

    # ------------------------------------------------------------ colouring (HoDoKu's)
    def action_paint(self) -> None:
        self.filter_next = False
        self.paint_next = True
        self.say(
            f"p: now a digit, to colour that candidate of {cell_name(self.grid_view.cursor)} "
            f"in {COLOUR_NAMES[self.colour]} (0: the cell's colours off; P: another colour)."
        )

    def action_next_colour(self) -> None:
        self.colour = (self.colour + 1) % len(COLOUR_NAMES)
        self.colour_chosen = True
        self._status()
        pair = "ab"[self.colour // 2]
        self.say(
            f"Colour {COLOUR_NAMES[self.colour]} (pair {pair} {pair.upper()}): p then a digit colours a candidate."
        )

    def action_clear_colours(self) -> None:
        if self.game.unpaint():
            self._coloured()
            self.say("Every colour is off (u brings them back).")
        else:
            self.say("No candidate has a colour.")

    def _paint(self, digit: int) -> None:
        """Colour candidate ``digit`` of the cursor's cell (0: take its colours off)."""
        self.paint_next = False
        cell = self.grid_view.cursor
        name = cell_name(cell)
        if digit == 0:
            done = self.game.unpaint(cell)
            self.say(f"{name}: colours off." if done else f"{name} has no colour.")
        elif self.game.paint(cell, digit, self.colour):
            colour = self.game.board.colour_of(cell, digit)
            done = True
            self.say(
                f"{name}: {digit} in {COLOUR_NAMES[colour]}." if colour is not None else f"{name}: {digit} colour off."
            )
        else:
            done = False
            why = "holds a digit" if self.game.board.values[cell] else f"has no candidate {digit}"
            self.say(f"{name} {why}: only a candidate takes a colour.")
        if done:
            self._coloured()

    def _coloured(self) -> None:
        """After a change of colours: shown and autosaved; hints and checks stay."""
        self.grid_view.refresh()
        self.autosaving = True
        self._autosave()
        self._status()

    async def action_answer(self, yes: bool) -> None:
        asking, self.asking = self.asking, None
        if asking == "quit":
            if yes:
                self.asking = "quit"
                await self.action_quit()
            else:
                self.say("Go on.")
        elif asking == "resume":
            assert self.resume is not None
            if yes:
                self.game, self.order = self.resume
                self.game.started = self.game.clock()  # the clock goes on from now
                self.saved_board = self.game.board
                self.autosaving = True
                self._changed()
                self._status()
                self.say("Resumed where you left it.")
            else:
                autosave_path(self.game.givens).unlink(missing_ok=True)
                self.say("A new game. Move with the arrows, type a digit. ? asks for a hint.")
            self.resume = None

    def _autosave(self) -> None:
        """Keep the game in progress in the state folder (a solved one removes its file)."""
        if not self.autosaving:
            return
        path = autosave_path(self.game.givens)
        try:
            if self.game.won():
                path.unlink(missing_ok=True)
                return
            text = self.game.save_text(self.order)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except SudokuError:  # two equal digits in a house beside marks: the last autosave stays
            return
        except OSError as e:
            self.autosaving = False
            self.say(f"cannot autosave to {path}: {e.strerror or e}", WRONG)

    # ------------------------------------------------------------ what is shown
    @property
    def grid_view(self) -> GridView:
        return self.query_one(GridView)

    def shown_step(self) -> Step | None:
        """The step whose highlights the board shows: the list's, or a level-3 hint's."""
        steps = self.query_one("#steps", OptionList)
        if steps.display and self.path and steps.highlighted is not None and steps.highlighted < len(self.path):
            return self.path[steps.highlighted]
        return self.hint if self.hint_level == 3 and self._hint_current() else None

    def shown_grid(self) -> Grid | None:
        """The candidate grid the board shows instead of your marks: a step of the list's
        position, or your position's during a level-3 hint."""
        steps = self.query_one("#steps", OptionList)
        if steps.display and self.path_grids and steps.highlighted is not None:
            return self.path_grids[min(steps.highlighted, len(self.path_grids) - 1)]
        if self.hint_level == 3 and self._hint_current():
            try:
                return self.game.grid()
            except SudokuError:
                return None
        return None

    def _status(self) -> None:
        mode = "marks" if self.marks_mode else "digits"
        order = "Sudoku Explainer" if self.order == "se" else "HoDoKu"
        for line in self.query("#status").results(Static):  # none once the screen has gone
            shown = self._third_line()
            line.update(Text(f"{clock_text(self.game.elapsed())}  typing {mode}\nhints: {order}{shown}", no_wrap=True))

    def _third_line(self) -> str:
        """The status's last line: the digit filter's, the colour p gives (once chosen or used)."""
        colour = COLOUR_NAMES[self.colour] if self.colour_chosen or self.game.board.colours else ""
        if self.filter and colour:
            return f"\nwhere {self.filter} goes  colour {colour}"
        if self.filter:
            return f"\nshowing where {self.filter} can go"
        return f"\ncolouring in {colour}" if colour else ""

    def _spinner(self) -> None:
        if self.busy:
            self._spin += 1
            self.say(f"{_SPINNER[self._spin % len(_SPINNER)]} Looking for {self.busy}... (Esc cancels)", "italic")

    def say(self, text: str, style: str = "") -> None:
        for line in self.query("#message").results(Static):  # none once the screen has gone
            line.update(Text(text, style=style))

    def _changed(self) -> None:
        """After a change of the board: hints, checks and the list start again."""
        self.hint = None
        self.hint_level = self.check_level = 0
        self.wrong = frozenset()
        self._close_steps()
        self.grid_view.refresh()
        self.autosaving = True
        self._autosave()
        if self.game.solved():
            self.action_check()

    def _hint_current(self) -> bool:
        return self.hint is not None and self.game.board.same_position(self.hint_board)

    # ------------------------------------------------------------ the board
    def action_move(self, delta: int) -> None:
        if self._steps_open():
            return
        view = self.grid_view
        r, c = divmod(view.cursor, 9)
        if abs(delta) == 9:
            r = (r + delta // 9) % 9
        else:
            c = (c + delta) % 9
        view.cursor = r * 9 + c

    def action_digit(self, d: int) -> None:
        if self.filter_next:
            self._set_filter(d)
            return
        if self.paint_next:
            self._paint(d)
            return
        cell = self.grid_view.cursor
        name = cell_name(cell)
        if self.game.is_given(cell):
            self.say(f"{name} is a given.")
            return
        if self.marks_mode and self.game.board.values[cell]:
            self.say(f"{name} holds a digit: marks go in empty cells (0 erases it).")
            return
        done = self.game.toggle_mark(cell, d) if self.marks_mode else self.game.place(cell, d)
        if done:
            self._changed()
        else:
            self.say(f"{name} holds {d} already.")

    def action_erase(self) -> None:
        if self.filter_next:
            self._set_filter(0)
            return
        if self.paint_next:
            self._paint(0)
            return
        cell = self.grid_view.cursor
        if self.game.clear(cell):
            self._changed()
        else:
            what = "is a given" if self.game.is_given(cell) else "is empty already"
            self.say(f"r{cell // 9 + 1}c{cell % 9 + 1} {what}.")

    def action_marks(self) -> None:
        self.marks_mode = not self.marks_mode
        self._status()

    def action_fill(self) -> None:
        board = self.game.board
        yours = sum(1 for c in range(81) if not board.values[c] and board.marks[c])
        if not self.game.fill_candidates():
            self.say("Nothing to mark: every empty cell has your marks (or two equal digits share a house: c checks).")
            return
        self._changed()
        if not yours:
            self.say("Every candidate the digits allow is marked.")
        else:
            self.say(
                f"Every candidate the digits allow is marked in the cells you had not marked; the {yours} "
                "you had marked keep your marks (less what the digits rule out)."
            )

    def action_ruled_out(self) -> None:
        if self.game.remove_ruled_out():
            self._changed()
            self.say("Marks a placed digit rules out are removed.")
        else:
            self.say("No mark is ruled out by a placed digit.")

    def action_undo(self) -> None:
        if self.game.undo():
            self._changed()
        else:
            self.say("Nothing to undo.")

    def action_redo(self) -> None:
        if self.game.redo():
            self._changed()
        else:
            self.say("Nothing to redo.")

    def action_order(self) -> None:
        self.order = "hodoku" if self.order == "se" else "se"
        self._autosave()
        self.hint, self.hint_level = None, 0
        self._close_steps()
        self._status()
        self.grid_view.refresh()

    # ------------------------------------------------------------ check, hints, the list
    def _mistakes(self, level: int) -> list[str] | None:
        """What is wrong with the board, told at ``level`` (None when nothing is)."""
        position = self.game.position()
        try:
            problems = position.problems()
            if not problems:
                position.grid()
        except SudokuError as e:
            return [str(e)]
        if not problems:
            return None
        self.wrong = frozenset(p.cell for p in problems if p.kind == "placed") if level == 3 else frozenset()
        return mistake_lines(list(position.values), position.given_mask, problems, level)

    def action_check(self) -> None:
        self.check_level = min(self.check_level + 1, 3)
        told = self._mistakes(self.check_level)
        self.grid_view.refresh()
        if told is None:
            if self.game.solved():
                self.say(f"Solved in {clock_text(self.game.elapsed())}. Well done!", "bold green")
            else:
                self.say("No mistakes so far.", "green")
            return
        more = "\n(c again: more)" if self.check_level < 3 else ""
        self.say("\n".join(told) + more, WRONG)

    def action_hint(self) -> None:
        if self.busy:
            return
        if self._hint_current():
            self.hint_level = min(self.hint_level + 1, 3)
            self._show_hint()
            return
        told = self._mistakes(1)
        if told is not None:
            self.say("No hint on a position with a mistake:\n" + "\n".join(told) + "\n(c: check, u: undo)", WRONG)
            return
        self._search("next")

    def _show_hint(self) -> None:
        if self.hint is None:
            self.say("No step found from here: the techniques in this order are stuck.")
            return
        text = hint_text(self.hint, self.hint_level)
        more = "\n(? again: more)" if self.hint_level < 3 else "\n(a: apply this step)"
        self.say(text + more)
        self.grid_view.refresh()

    def action_apply(self) -> None:
        steps = self.query_one("#steps", OptionList)
        if steps.display and self.path:
            upto = steps.highlighted if steps.highlighted is not None else -1
            for step in self.path[: upto + 1]:
                self.game.apply(step)
            self._changed()
            self.say(f"{upto + 1} steps applied.")
            return
        if self.hint_level == 3 and self._hint_current():
            assert self.hint is not None  # _hint_current()
            step = self.hint
            self.game.apply(step)
            self._changed()
            self.say(f"Applied: {step.notation}")
            return
        self.say("Nothing to apply: ? three times shows a step, s lists them.")

    def action_steps(self) -> None:
        if self.busy:
            return
        if self._steps_open():
            self._close_steps()
            return
        told = self._mistakes(1)
        if told is not None:
            self.say("No step list for a position with a mistake:\n" + "\n".join(told), WRONG)
            return
        self._search("path")

    def _steps_open(self) -> bool:
        return bool(self.query_one("#steps", OptionList).display)

    def _open_steps(self, steps: list[Step], solved: bool) -> None:
        self.path = steps
        grids = [self.game.grid()]
        for step in steps:
            g = grids[-1].copy()
            g.apply(step)
            grids.append(g)
        self.path_grids = grids
        listing = self.query_one("#steps", OptionList)
        listing.clear_options()
        listing.add_options(
            [f"{i}. {s.notation}" for i, s in enumerate(steps, 1)] + ["Solved." if solved else "Stuck here."]
        )
        listing.display = True
        listing.highlighted = 0
        listing.focus()
        self.say(f"{len(steps)} steps from here. Up/down: the grid follows; a: apply up to it; Esc: back.")
        self.grid_view.refresh()

    def _close_steps(self) -> None:
        listing = self.query_one("#steps", OptionList)
        if listing.display:
            listing.display = False
            self.grid_view.focus()
            self.grid_view.refresh()

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self.grid_view.refresh()

    def action_escape(self) -> None:
        if self.asking == "quit":
            self.asking = None
            self.say("Go on.")
            return
        if self.busy:
            self.workers.cancel_group(self, "search")
            return
        self._close_steps()

    def action_save(self) -> None:
        try:
            text = self.game.save_text(self.order)
            with open(self.save_to, "w", encoding="utf-8") as fh:
                fh.write(text)
        except SudokuError as e:
            self.say(f"Not saved: {e} (c: check, u: undo)", WRONG)
            return
        except OSError as e:
            self.say(f"cannot write {self.save_to}: {e.strerror or e}", WRONG)
            return
        self.saved_board = self.game.board
        self.say(f"Saved to {self.save_to} (sudoku play or sudoku hint read it).")

    def action_screenshot_svg(self) -> None:
        path = self.save_screenshot()
        self.say(f"Screenshot: {path}")

    # ------------------------------------------------------------ searching
    def _search(self, kind: str) -> None:
        board = self.game.board
        position = self.game.position()
        request = Request(
            kind,
            tuple(self.game.givens),
            tuple(position.values),
            tuple(position.marks) if position.marks is not None else None,
            self.order,
        )
        self.busy = "a hint" if kind == "next" else "the steps"
        self._spinner()
        self._run(request, board)

    @work(thread=True, exclusive=True, group="search")
    def _run(self, request: Request, board) -> None:
        worker = get_current_worker()
        got = self.worker.ask(request, lambda: worker.is_cancelled)
        if worker.is_cancelled and got is None and self.busy is None:
            return  # stopped by stop_searching: the game is closing
        try:
            self.call_from_thread(self._answered, request, board, got)
        except RuntimeError:  # the app stopped meanwhile
            pass

    def _answered(self, request: Request, board, got) -> None:
        if not self.query("#steps"):  # the screen has gone
            return
        self.busy = None
        if got is None:
            self.say("Cancelled.")
            return
        if got.error:
            self.say(got.error, WRONG)
            return
        if not board.same_position(self.game.board):
            self.say("The board changed meanwhile: ask again.")
            return
        if request.kind == "next":
            self.hint = got.steps[0] if got.steps else None
            self.hint_board = board
            self.hint_level = 1
            self._show_hint()
        else:
            self._open_steps(list(got.steps), got.solved)
