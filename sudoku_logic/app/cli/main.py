"""The ``sudoku`` command: solve, step, hint, check, rate, play, techniques, generate.

Every command takes PUZZLE as a literal in any input format, a file path, or ``-`` for
stdin. Bad input prints one line naming the problem and exits 2; in a file, a bad line is
reported with its line number and the rest goes on.

This module holds the ``app`` and the entry point; each command lives in its own module of
this room (``solve``, ``step``, ``hint``, ``rate``, ``play``, ``techniques``, ``generate``),
where an options object built from its parameters checks them. A run of one command imports
that command's module alone (:func:`build_app`): ``sudoku rate`` does not pay for ``play``.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING

import typer

from sudoku_logic.app.bulk.gc_tuning import tune_gc
from sudoku_logic.app.cli.common import EXIT_BAD_INPUT, stdout_failed
from sudoku_logic.app.io.writer import OutputError

if TYPE_CHECKING:
    from typer._click.exceptions import ClickException, UsageError


def _version(value: bool) -> None:
    if not value:
        return
    import platform

    from rich.console import Console

    from sudoku_logic import __version__
    from sudoku_logic.app.io.settings import ENV, all_values, resolve_settings
    from sudoku_logic.native import describe

    out = Console(highlight=False, soft_wrap=True)

    out.print(f"sudoku-logic {__version__} (Python {platform.python_version()}; {describe()})", markup=False)
    out.print(
        "ratings: Sudoku Explainer's ER/EP/ED (its rules as in 1to9only/SudokuExplainer b1f9ed4); "
        "HoDoKu's level and score (HoDoKu 2.2)",
        markup=False,
    )
    from sudoku_logic.core.context import DEFAULT_SETTINGS
    from sudoku_logic.native import describe_hodoku

    try:
        settings = resolve_settings()
        source = f" (from ${ENV})" if os.environ.get(ENV) else ""
        out.print(f"settings{source}: " + ", ".join(all_values(settings)), markup=False)
        out.print(describe_hodoku(settings == DEFAULT_SETTINGS), markup=False)
    except ValueError as e:
        out.print(f"settings: {e}", markup=False)
    raise typer.Exit(0)


def _root(
    version: bool = typer.Option(
        False,
        "--version",
        is_eager=True,
        callback=_version,
        help="print the version, the rating programs and the settings that shape ratings",
    ),
) -> None:
    """Solve sudoku the way a person does, one explained step at a time, and rate puzzles."""
    tune_gc()


#: The commands, in the order `sudoku --help` lists them: name, module of this room, function.
COMMANDS = (
    ("solve", "solve", "solve"),
    ("step", "step", "step"),
    ("hint", "hint", "hint"),
    ("check", "solve", "check"),
    ("rate", "rate", "rate"),
    ("play", "play", "play"),
    ("techniques", "techniques", "list_techniques"),
    ("generate", "generate", "generate"),
)


def build_app(only: str | None = None) -> typer.Typer:
    """The ``sudoku`` app with every command, or with command ``only`` alone (its module is
    the only one imported: what a run of that command needs)."""
    made = typer.Typer(
        add_completion=False,
        no_args_is_help=True,
        rich_markup_mode=None,
        pretty_exceptions_show_locals=False,
        help="Solve sudoku the way a person does, one explained step at a time, and rate puzzles.",
    )
    made.callback()(_root)
    for name, module_name, function in COMMANDS:
        if only is not None and name != only:
            continue
        module = importlib.import_module(f"sudoku_logic.app.cli.{module_name}")
        extra = {"help": module.HINT_HELP} if name == "hint" else {}
        made.command(name, **extra)(getattr(module, function))
    return made


def __getattr__(name: str) -> typer.Typer:
    """``app``: the app with every command, made when first asked for (tests, benchmarks)."""
    if name == "app":
        made = build_app()
        globals()["app"] = made
        return made
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _puzzle_arguments_last(argv: list[str]) -> list[str]:
    """``argv`` with a puzzle that starts with ``-`` (``-----1234...``, a printed grid's
    border) moved after ``--``, so that it is not taken for an option."""
    if "--" in argv:
        return argv
    from sudoku_logic.core.formats import LINE_CHARS

    moved = [
        a
        for a in argv[1:]
        if a.startswith("-") and len(a) >= 17 and a != "-" and (set(a) <= LINE_CHARS | {"+"} or "\n" in a)
    ]
    if not moved:
        return argv
    return [a for a in argv if a not in moved] + ["--"] + moved


def _click_errors() -> tuple[type[UsageError], type[ClickException]]:
    """The usage error and the base error of the click that typer runs on (its own copy in
    recent versions, click itself before)."""
    try:
        from typer._click import exceptions
    except ImportError:
        from click import exceptions  # type: ignore[no-redef]
    return exceptions.UsageError, exceptions.ClickException


def main() -> None:
    """Console-script entry point."""
    from sudoku_logic.app.io.streams import EXIT_PIPE, PipeClosed, guard_standard_streams

    usage_error, click_error = _click_errors()
    guard_standard_streams()
    args = _puzzle_arguments_last(sys.argv[1:])
    named = args[0] if args and args[0] in {c[0] for c in COMMANDS} else None
    try:
        code = build_app(named)(args=args, prog_name="sudoku", standalone_mode=False)
    except usage_error as e:  # a bad option or argument: one line, as for bad input
        if type(e).__name__ == "NoArgsIsHelpError":  # `sudoku` alone: the help
            e.show()
            sys.exit(e.exit_code)
        ctx = e.ctx
        where = "sudoku --help" if ctx is None or ctx.parent is None else f"sudoku {ctx.info_name} --help"
        sys.stderr.write(f"error: {e.format_message().rstrip('.')} (see '{where}')\n")
        sys.exit(EXIT_BAD_INPUT)
    except click_error as e:
        sys.stderr.write(f"error: {e.format_message()}\n")
        sys.exit(e.exit_code)
    except (KeyboardInterrupt, typer.Abort):
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    except (PipeClosed, BrokenPipeError):  # the reader of our output went away (`| head`): stop quietly
        stdout_failed()
        sys.exit(EXIT_PIPE)
    except OutputError as e:
        stdout_failed()
        sys.stderr.write(f"error: {e}\n")
        sys.exit(EXIT_BAD_INPUT)
    except OSError as e:  # a write to stdout that failed outside the row writers (a full disk)
        stdout_failed()
        sys.stderr.write(f"error: cannot write stdout: {e.strerror or e}\n")
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(code if isinstance(code, int) else 0)
