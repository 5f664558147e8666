"""``sudoku hint``: the next step for a position, told as much as the level asks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

import typer

from sudoku_logic.api.render import candidate_grid, legend
from sudoku_logic.app.cli import options as shared
from sudoku_logic.app.cli.common import Reporter, indent
from sudoku_logic.app.cli.positions import POSITION_HELP, positions
from sudoku_logic.app.io.writer import print_json

if TYPE_CHECKING:
    from sudoku_logic.core.grid import Grid
    from sudoku_logic.core.step import Step

HINT_HELP = (
    "The next (easiest) step for a position, as a nudge (level 1), the technique "
    "(level 2) or the whole step (level 3).\n\n" + POSITION_HELP
)


#: The help of each option and argument, as `sudoku hint --help` prints it.
HELP = {
    "position": "where you are (see above), file, or - for stdin",
    "level": "1: where to look; 2: the technique and where; 3: the whole step with its grid",
    "skip": "hint step N+1 of --all's list (without it: the step the solve path takes)",
    "all_steps": "every step available now, easiest first (SE's order: by SE's rating, nested chains only where nothing easier applies)",
    "techniques": "only these techniques (comma-separated, case-insensitive)",
    "grids": "show the candidate grid (default: at level 3 for one step)",
}


@dataclass(frozen=True, kw_only=True)
class HintOptions(shared.SolverChoice):
    """The parameters of `sudoku hint`, checked as they are built: the settings file and every
    --set (exit 2 with one line); typer has checked the level and --skip."""

    position: str
    level: int
    skip: int
    all_steps: bool
    grids: Optional[bool]
    as_json: bool
    no_color: bool


def hint(
    ctx: typer.Context,
    position: str = typer.Argument(..., metavar="POSITION", help=HELP["position"]),
    level: int = typer.Option(3, "--level", "-l", min=1, max=3, help=HELP["level"]),
    skip: int = typer.Option(0, "--skip", min=0, help=HELP["skip"]),
    all_steps: bool = typer.Option(False, "--all", help=HELP["all_steps"]),
    techniques: Optional[str] = typer.Option(None, "--technique", "--techniques", "-t", help=HELP["techniques"]),
    without: Optional[str] = shared.WITHOUT,
    order: Optional[str] = shared.ORDER,
    grids: Optional[bool] = typer.Option(None, "--grids/--no-grids", help=HELP["grids"]),
    as_json: bool = shared.AS_JSON,
    no_uniqueness: bool = shared.NO_UNIQUENESS,
    settings_file: Optional[str] = shared.SETTINGS_FILE,
    sets: list[str] = shared.SETS,
    no_color: bool = shared.NO_COLOR,
) -> None:
    # the help is HINT_HELP, given where the command is registered (cli.py)
    run_hint(HintOptions(**ctx.params))  # every parameter above, by name


def run_hint(opts: HintOptions) -> None:
    """The hint (or with --all every step) for each position of the POSITION argument."""
    from sudoku_logic.api.hints import distinct_steps, pick_step

    rep = Reporter(opts.no_color)
    for label, pos, grid in positions(opts.position, rep, opts.as_json, opts.level):
        solver = opts.solver(pos)
        if opts.all_steps:
            found = list(distinct_steps(solver, grid))[opts.skip :]
        else:
            s = pick_step(solver, grid, opts.skip)
            found = [s] if s else []
        if not found and not grid.is_solved():
            rep.nothing = True
        if opts.as_json:
            print_json(rep.out, _hint_doc(grid, found, opts.level))
        elif grid.is_solved():
            rep.out.print(f"{label}The grid is already solved.", markup=False)
        elif not found:
            more = f" after skipping {opts.skip}" if opts.skip else ""
            rep.out.print(f"{label}No step found with the enabled techniques{more}.", markup=False)
        else:
            _print_hints(rep, label, grid, found, opts)
    rep.exit()


def _hint_doc(grid: Grid, found: list[Step], level: int) -> dict[str, Any]:
    """The JSON object of one position's hints (at level 3 with the steps themselves)."""
    from sudoku_logic.api.hints import hint_text

    doc: dict[str, Any] = {
        "puzzle": grid.values_string(),
        "solved": grid.is_solved(),
        "level": level,
        "hints": [hint_text(s, level) for s in found],
    }
    if level == 3:
        doc["steps"] = [s.to_dict() for s in found]
    return doc


def _print_hints(rep: Reporter, label: str, grid: Grid, found: list[Step], opts: HintOptions) -> None:
    """The hints as text, each with its candidate grid where --grids (or level 3 for one step) asks."""
    from sudoku_logic.api.hints import hint_text

    level = opts.level
    show = opts.grids if opts.grids is not None else (level == 3 and not opts.all_steps)
    if label:
        rep.out.print(label.rstrip(": "), markup=False, style="bold")
    for i, s in enumerate(found, 1):
        prefix = f"{i + opts.skip}. " if opts.all_steps else ""
        first, _, rest = hint_text(s, level).partition("\n")
        rep.out.print(f"{prefix}{first}", markup=False)
        if rest:
            rep.out.print(indent(rest), markup=False, style="dim")
        if show:
            rep.out.print(candidate_grid(grid, s if level == 3 else None, plain=rep.plain))
            if level == 3:
                rep.out.print(legend(s, plain=rep.plain))
