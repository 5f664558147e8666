"""The options several ``sudoku`` commands share: their declarations, the checks of settings,
technique names and orders, and the solver choice of step and hint (techniques, order,
settings), checked when it is built."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

import typer

from sudoku_logic.app.cli.common import EXIT_BAD_INPUT, fail, split_names

if TYPE_CHECKING:
    from sudoku_logic.api.position import Position
    from sudoku_logic.api.solver import Solver
    from sudoku_logic.core.context import Settings

SETTINGS_HELP = (
    "a TOML file of HoDoKu's technique options (als_nodes, [als] allow_overlap, ...; "
    "default: the file named by $SUDOKU_LOGIC_SETTINGS)"
)
SET_HELP = (
    "set one option, KEY=VALUE, after the settings file (repeatable): als_nodes=true, "
    "als.allow_overlap=true, ... (`sudoku --version` lists them)"
)

# Declared once for every command that takes them (typer copies a declaration for each use).
SETTINGS_FILE = typer.Option(None, "--settings", help=SETTINGS_HELP)
SETS = typer.Option([], "--set", help=SET_HELP)
NO_COLOR = typer.Option(False, "--no-color", help="plain text output")
AS_JSON = typer.Option(False, "--json", help="one JSON object per position")
WITHOUT = typer.Option(None, "--without", help="comma-separated techniques or families to leave out")
ORDER = typer.Option(None, "--order", help="se (Sudoku Explainer ratings, default) or hodoku (HoDoKu's search order)")
NO_UNIQUENESS = typer.Option(False, "--no-uniqueness", help="never use techniques that assume a unique solution")
OUTPUT = typer.Option(None, "--output", "-o", help="write rows to this file")
NO_PROGRESS = typer.Option(False, "--no-progress", help="no progress bar")


def check_order(value: str, what: str = "order") -> None:
    """Exit 2 with one line unless ``value`` names a program, se or hodoku; ``what`` is the
    option the message names (order, scale)."""
    if value not in ("se", "hodoku"):
        fail(f"unknown {what} {value!r}: use se or hodoku")


def check_numbers(**options: Optional[float]) -> None:
    """Exit 2 with one line for an option given a value that is not a finite number
    (``--min-rating nan``): each keyword is an option's name with ``_`` for ``-``."""
    import math

    for name, value in options.items():
        if value is not None and not math.isfinite(value):
            fail(f"--{name.replace('_', '-')} {value}: give a number (such as 7.2)")


def techniques_of(names: list[str]) -> list[str]:
    """The techniques ``names`` stand for; an unknown name exits 2 with one line naming it."""
    from grading.names import unknown_message
    from grading.scales import resolve

    try:
        return resolve(names)
    except KeyError as e:
        fail(unknown_message(e.args[0]))


def file_settings(path: Optional[str], sets: tuple[str, ...]) -> Settings:
    """The settings of the file (or $SUDOKU_LOGIC_SETTINGS), --set not applied; exits 2 with
    one line if the file or a --set is wrong."""
    from sudoku_logic.app.io.settings import SettingsError, apply_sets, resolve_settings

    try:
        base = resolve_settings(path)
        apply_sets(base, sets)  # a wrong --set is reported before anything runs
    except SettingsError as e:
        fail(str(e))
    return base


def file_choices(path: Optional[str], sets: tuple[str, ...]) -> dict[str, str]:
    """The technique choices of the settings file and --set (techniques, without, order)."""
    from sudoku_logic.app.io.settings import SettingsError, read_choices

    try:
        return read_choices(path, sets)
    except SettingsError as e:
        fail(str(e))


@dataclass(frozen=True, kw_only=True)
class SolverChoice:
    """The options that choose the solver of step and hint. Building it reads the settings
    file and checks every --set (exit 2 with one line); the technique names and the order
    are checked by :meth:`solver`, at the first position, as they always were."""

    techniques: Optional[str]
    without: Optional[str]
    order: Optional[str]
    no_uniqueness: bool
    settings_file: Optional[str]
    sets: tuple[str, ...]
    #: the settings of the file (or $SUDOKU_LOGIC_SETTINGS), before --set
    settings: Settings = field(init=False)
    #: techniques, without and order: each option, or the settings' choice where it is not given
    chosen: dict[str, Optional[str]] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "settings", file_settings(self.settings_file, self.sets))
        choices = file_choices(self.settings_file, self.sets)
        given = {"techniques": self.techniques, "without": self.without, "order": self.order}
        object.__setattr__(self, "chosen", {k: v if v is not None else choices.get(k) for k, v in given.items()})

    def settings_for(self, pos: Position) -> Settings:
        """The settings of one position: a regression-library line gets the options HoDoKu's
        regression tester sets for its variant; --set comes last."""
        from sudoku_logic.app.io.settings import apply_sets, for_reglib

        base = self.settings
        text = pos.text.lstrip()
        if text.startswith(":"):
            base = for_reglib(text.split(":")[1], base)
        return apply_sets(base, self.sets)

    def solver(self, pos: Position) -> Solver:
        """The solver for one position; an unknown technique or order exits 2 with one line."""
        settings = self.settings_for(pos)
        chosen = self.chosen
        return _solver(chosen["techniques"], chosen["without"], chosen["order"], not self.no_uniqueness, settings)


def _solver(
    techniques: Optional[str], without: Optional[str], order: Optional[str], uniqueness: bool, settings: Settings
) -> Solver:
    """A Solver from the command-line options; unknown names exit 2 with one line.

    Without ``--order`` the solver takes Sudoku Explainer's steps (SE's rules, the path of
    the ER), restricted to ``--techniques`` when those are all SE's; a ``--techniques`` list
    with techniques SE lacks is tried in the order given (HoDoKu's finders).
    """
    from grading.names import unknown_message
    from grading.scales import all_names, fits, resolve
    from sudoku_logic.api.solver import Solver

    names = split_names(techniques)
    try:
        use_order = order
        if names is not None:
            resolve(names)  # an unknown name is reported before anything else
        if order is None:
            use_order = "se"
            if names is not None and not fits(names, "se"):
                use_order = None
        if without:
            drop = set(resolve(split_names(without)))
            pool = (
                (resolve(names) if use_order is None else _kept(names, use_order))
                if names is not None
                else all_names(use_order or "se")
            )
            names = [n for n in pool if n not in drop]
        return Solver(names, order=use_order, uniqueness=uniqueness, unique=True, settings=settings)
    except KeyError as e:
        message = unknown_message(e.args[0])
    except ValueError as e:
        message = str(e)
    # not fail(): this line has always been printed with rich's highlighting (seen on a terminal)
    from rich.console import Console

    Console(stderr=True, soft_wrap=True).print(f"error: {message}", markup=False)
    raise typer.Exit(EXIT_BAD_INPUT)


def _kept(names: list[str], order: str) -> list[str]:
    """The techniques ``names`` stand for that ``order``'s program has."""
    from grading.scales import all_names, expand
    from grading.tables import RATINGS

    have = set(all_names("se")) if order == "se" else {n for n in RATINGS if RATINGS[n].order is not None}
    return expand(names, have.__contains__, "{} is not a technique of " + order)
