"""The keys of ``sudoku play``: one table gives the bindings, the footer's reminder and the help
screen (F1 or H), so that the help never misses a key."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

#: (Textual's key names, action, the keys as the help shows them, what they do)
KEYMAP: tuple[tuple[str, str, str, str], ...] = (
    ("up,k", "move(-9)", "arrows, hjkl, mouse", "move the cursor"),
    ("down,j", "move(9)", "", ""),
    ("left,h", "move(-1)", "", ""),
    ("right,l", "move(1)", "", ""),
    *((str(d), f"digit({d})", "1-9" if d == 1 else "", "place the digit (a pencilmark after m)") for d in range(1, 10)),
    (
        "0,delete,backspace,full_stop",
        "erase",
        "0 Del Backspace .",
        "erase your digit (its marks come back), else your marks",
    ),
    ("m", "marks", "m", "type digits or pencilmarks"),
    ("f", "fill", "f", "mark every candidate the digits allow"),
    ("x", "ruled_out", "x", "remove the marks placed digits rule out"),
    ("d", "filter", "d then 1-9", "show where the digit can still go (again, or d 0: off)"),
    ("p", "paint", "p then 1-9", "colour that candidate (again: off; p 0: the cell's)"),
    ("P", "next_colour", "P C", "next colour: a A b B (HoDoKu's pairs); C: all off"),
    ("C", "clear_colours", "", ""),
    ("u,ctrl+z", "undo", "u Ctrl-Z", "undo (without limit)"),
    ("U,ctrl+y", "redo", "U Ctrl-Y", "redo"),
    ("question_mark", "hint", "?", "a hint (again: more, up to the step on the grid)"),
    ("a", "apply", "a", "apply the hint's step, or the list up to the step shown"),
    ("c", "check", "c", "check your digits and marks (again: more)"),
    ("s", "steps", "s", "the step list from here (the grid follows)"),
    ("o", "order", "o", "hints in Sudoku Explainer's or HoDoKu's order"),
    ("ctrl+s", "save", "Ctrl-S", "save to the --save file"),
    ("escape", "escape", "Esc", "cancel a search, close the list"),
    ("q", "quit", "q", "quit (asks first when moves are not saved)"),
    ("y", "answer(True)", "y n", "answer a question"),
    ("n", "answer(False)", "", ""),
    ("f1,H", "help", "F1 H", "this help"),
    ("f12", "screenshot_svg", "F12", "a screenshot (SVG)"),
)
BINDINGS: list[BindingType] = [Binding(keys, action, show=False) for keys, action, _, _ in KEYMAP]
#: every key a binding takes, as Textual names it
BOUND = frozenset(key for keys, _, _, _ in KEYMAP for key in keys.split(","))
#: the reminder under the grid (80 columns)
KEYS = "1-9 digit  m marks  ? hint  a apply  c check  s steps  u undo  F1 keys  q quit"


def help_text() -> Text:
    """Every key of the game and what it does, one line each."""
    out = Text("sudoku play: the keys (any key closes this help)\n\n", style="bold", no_wrap=True)
    for _, _, shown, what in KEYMAP:
        if shown:
            out.append(f"{shown:<21}", style="bold")
            out.append(f"{what}\n")
    out.rstrip()
    return out


class HelpScreen(ModalScreen[None]):
    """The help over the game; any key closes it."""

    DEFAULT_CSS = "HelpScreen { align: center middle; } HelpScreen > Static { width: auto; padding: 0 1; }"

    def compose(self) -> ComposeResult:
        yield Static(help_text(), id="help")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss()
