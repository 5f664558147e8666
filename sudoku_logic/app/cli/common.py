"""What every ``sudoku`` command shares: its exit codes, the Reporter of results and problems,
and the one-line failure."""

from __future__ import annotations

import os
import sys
from typing import NoReturn, Optional, overload

import typer

from sudoku_logic.app.io.console import LazyConsole

EXIT_BAD_INPUT = 2
#: The answer is no: the position contradicts the puzzle's solution, the puzzle has no or
#: several solutions (check), no step was found (hint), the path is stuck (step).
EXIT_NO = 1


class Reporter:
    """Prints results on stdout and one-line problems on stderr; remembers if any occurred."""

    def __init__(self, no_color: bool = False) -> None:
        self.out = LazyConsole(no_color=no_color, highlight=False, soft_wrap=True)
        self.err = LazyConsole(stderr=True, no_color=no_color, highlight=False, soft_wrap=True)
        self.failed = False
        self.wrong = False
        self.nothing = False  # a question answered "no": no step found, the path is stuck

    @property
    def plain(self) -> bool:
        """Whether grids are drawn without colour (asked for, or stdout is not a terminal)."""
        return self.out.no_color or not self.out.is_terminal

    def problem(self, message: str) -> None:
        self.failed = True
        self.err.print(f"error: {message}", markup=False)

    def exit(self) -> None:
        raise typer.Exit(EXIT_BAD_INPUT if self.failed else EXIT_NO if self.wrong or self.nothing else 0)


def fail(message: str) -> NoReturn:
    """One line on stderr, exit 2."""
    LazyConsole(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", markup=False)
    raise typer.Exit(EXIT_BAD_INPUT)


def stdout_failed() -> None:
    """After a failed write to stdout, point it at /dev/null so that the interpreter's own
    flush at exit does not print a second, uglier error."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError):
        pass


@overload
def split_names(text: str) -> list[str]: ...
@overload
def split_names(text: None) -> None: ...
@overload
def split_names(text: Optional[str]) -> Optional[list[str]]: ...
def split_names(text: Optional[str]) -> Optional[list[str]]:
    """The names of a comma-separated option, blanks dropped; None when the option is not given."""
    return None if text is None else [n.strip() for n in text.split(",") if n.strip()]


def indent(text: str) -> str:
    """``text`` with each line indented three spaces (the explanation under a step)."""
    return "\n".join("   " + ln for ln in text.splitlines())
