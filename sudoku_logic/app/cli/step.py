"""``sudoku step``: the whole path of a puzzle, explained step by step, as text, JSON, an HTML
page or one step at a time; or the position the path reaches before a chosen step."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

import typer

from sudoku_logic.api.render import candidate_grid, legend
from sudoku_logic.app.cli import options as shared
from sudoku_logic.app.cli.common import Reporter, fail, indent
from sudoku_logic.app.cli.positions import position_entries
from sudoku_logic.app.io.words import counted
from sudoku_logic.app.io.writer import print_json
from sudoku_logic.core.formats import to_line
from sudoku_logic.core.grid import Grid

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sudoku_logic.api.position import Position
    from sudoku_logic.app.cli.step_html import HtmlPages
    from sudoku_logic.core.step import Step
    from sudoku_logic.solve.loop import SolveResult


#: The help of each option and argument, as `sudoku step --help` prints it.
HELP = {
    "puzzle": "puzzle or position (any format, see `sudoku hint --help`), file, or - for stdin",
    "techniques": "comma-separated technique or family names to use, in order",
    "grids": "show the candidate grid with each step highlighted",
    "interactive": "one step at a time: Enter next, b back, h hint level, q quit",
    "html": "write a self-contained page to step through the path: one grid, the step list, Prev/Next and arrow keys; "
    "several puzzles: one page with a section each, or a page each when FILE holds {n} (steps-{n}.html)",
    "until": "stop before step N and print the position there (givens and pencilmarks, to paste into `sudoku hint`); with -i, start at step N",
    "until_technique": "stop before the first step of this technique (or family, or short name) and print the position there; with -i, start at that step",
}


@dataclass(frozen=True, kw_only=True)
class StepOptions(shared.SolverChoice):
    """The parameters of `sudoku step`, checked as they are built: the settings first, then
    the options that exclude each other and --until-technique's name (exit 2 with one line)."""

    puzzle: str
    grids: bool
    interactive: bool
    html: Optional[str]
    as_json: bool
    until: Optional[int]
    until_technique: Optional[str]
    no_color: bool
    #: the techniques --until-technique stands for
    wanted: Optional[frozenset[str]] = field(init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.interactive and self.html:
            fail("--interactive and --html each show the path their own way: give one of them")
        if self.interactive and self.as_json:
            fail("--interactive and --json each show the path their own way: give one of them")
        if self.until is not None and self.until_technique is not None:
            fail("give --until or --until-technique, not both")
        wanted = None if self.until_technique is None else frozenset(shared.techniques_of([self.until_technique]))
        object.__setattr__(self, "wanted", wanted)

    @property
    def stops(self) -> bool:
        """Whether the path stops early (--until or --until-technique)."""
        return self.until is not None or self.wanted is not None


def step(
    ctx: typer.Context,
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help=HELP["puzzle"]),
    techniques: Optional[str] = typer.Option(None, "--techniques", "--technique", "-t", help=HELP["techniques"]),
    without: Optional[str] = shared.WITHOUT,
    order: Optional[str] = shared.ORDER,
    grids: bool = typer.Option(False, "--grids", help=HELP["grids"]),
    interactive: bool = typer.Option(False, "--interactive", "-i", help=HELP["interactive"]),
    html: Optional[str] = typer.Option(None, "--html", metavar="FILE", help=HELP["html"]),
    as_json: bool = shared.AS_JSON,
    no_uniqueness: bool = shared.NO_UNIQUENESS,
    until: Optional[int] = typer.Option(None, "--until", min=1, help=HELP["until"]),
    until_technique: Optional[str] = typer.Option(None, "--until-technique", help=HELP["until_technique"]),
    settings_file: Optional[str] = shared.SETTINGS_FILE,
    sets: list[str] = shared.SETS,
    no_color: bool = shared.NO_COLOR,
) -> None:
    """Solve step by step, explaining every deduction.

    --interactive shows one step at a time on the candidate grid (Enter: next step, b: back,
    s: skip to the next step that is not a single, h: hint level 1/2/3, q: quit; on a
    terminal of 24 lines the grid is the 13-line pencilmark grid); --html FILE writes a
    self-contained page that steps through the path on one grid (Prev/Next, arrow keys;
    FILE#N opens step N); a file of several puzzles gives one page with a section per
    puzzle (FILE#p3 opens puzzle 3, FILE#p3-N its step N; the arrow keys move the puzzle
    last used), or with {n} in FILE a page per puzzle, {n} its number in the input
    (--html 'steps-{n}.html' writes steps-1.html, steps-2.html, ...). --until N and
    --until-technique NAME stop the path there and print the position as a givens line and
    a pencilmark grid, which `sudoku hint` reads back.
    """
    run_step(StepOptions(**ctx.params))  # every parameter above, by name


def run_step(opts: StepOptions) -> None:
    """Solve each position of the PUZZLE argument and show its path as the options ask."""
    rep = Reporter(opts.no_color)
    pages = None
    if opts.html and not opts.stops:
        from sudoku_logic.app.cli.step_html import HtmlPages

        pages = HtmlPages(rep, opts.html)
    try:
        _each_path(opts, rep, pages)
        if pages is not None:
            pages.close()
    except BaseException:
        if pages is not None:
            pages.discard()
        raise
    rep.exit()


def _each_path(opts: StepOptions, rep: Reporter, pages: Optional[HtmlPages]) -> None:
    """Solve each position and show its path: a page of ``pages``, the stepper (the first
    position only), the position where the path stops, JSON or text."""
    shown = False  # the stepper has shown a position
    for entry, pos, grid in position_entries(opts.puzzle, rep, opts.as_json):
        if shown:
            rep.err.print("note: only the first position is shown with --interactive", markup=False)
            break
        where = entry.where
        result = opts.solver(pos).solve(grid)
        start = 0
        if opts.stops:
            stop = _stop_index(result.steps, opts.until, opts.wanted)
            if stop is None:
                rep.problem(where + _no_stop(opts, len(result.steps)))
                continue
            start = stop
        if opts.interactive:
            from sudoku_logic.app.terminal.interactive import run_stepper

            run_stepper(grid, result, console=rep.out.console, plain=rep.plain, start=start)
            shown = True
        elif opts.stops:
            _print_until(rep, grid, pos, result.steps, start, opts.as_json)
        elif pages is not None:
            if not pages.add(entry, grid, result):
                break
        elif opts.as_json:
            from grading.rater import path_doc

            print_json(rep.out, path_doc(grid.values_string(), result))
        else:
            _print_path(rep, grid, result, opts.grids)


def _no_stop(opts: StepOptions, length: int) -> str:
    """Why a path of ``length`` steps has no place to stop where --until or --until-technique asks."""
    if opts.until is not None:
        return f"the path has {length} steps, so no step {opts.until}"
    return f"the path has {length} steps and no {opts.until_technique} step"


def _print_path(rep: Reporter, grid: Grid, result: SolveResult, grids: bool) -> None:
    """The path as text: each step, how it ended, and its rating and counts."""
    rep.out.print(f"Puzzle {grid.values_string()}", markup=False, style="bold")
    _print_steps(rep, grid, result.steps, grids)
    if result.solved:
        rep.out.print(f"Solved in {counted(len(result.steps), 'step')}.", markup=False)
    else:
        rep.nothing = True
        rep.out.print(
            f"Stuck after {counted(len(result.steps), 'step')}; no enabled technique applies here:", markup=False
        )
        rep.out.print(to_line(result.grid), markup=False)
    for line in _path_summary(grid, result):
        rep.out.print(line, markup=False)
    rep.out.print()


def _print_steps(rep: Reporter, grid: Grid, steps: Sequence[Step], grids: bool) -> None:
    """Each step, numbered, with its explanation (and with ``grids`` its candidate grid)."""
    from sudoku_logic.api.hints import hint_text

    g = grid.copy()
    plain = rep.plain
    for i, step in enumerate(steps, 1):
        first, _, rest = hint_text(step, 3).partition("\n")
        rep.out.print(f"{i}. {first}", markup=False)
        if rest:
            rep.out.print(indent(rest), markup=False, style="dim")
        if grids:
            rep.out.print(candidate_grid(g, step, plain=plain))
            rep.out.print(legend(step, plain=plain))
        g.apply(step)


def _path_summary(grid: Grid, result: SolveResult) -> list[str]:
    """What SE's Analyse gives beside a path: its rating on its scale (SE: ER, EP, ED and the
    hardest step; HoDoKu: level, score and the hardest step; a path of listed techniques, each
    scale that rates all its steps) and its steps counted by technique, in the order they
    first come. A path that got stuck has no rating, only its counts."""
    from collections import Counter

    from grading.rater import rate_path

    lines = []
    if result.solved:
        r = rate_path(grid.values_string(), result)
        if r.se_solved is not None:
            lines.append(f"Rating (Sudoku Explainer): ER {r.er}, EP {r.ep}, ED {r.ed}; hardest {r.se_hardest}")
        if r.hodoku_solved is not None:
            lines.append(f"Rating (HoDoKu): {r.level}, score {r.score}; hardest {r.hodoku_hardest}")
    counts = Counter(s.technique for s in result.steps)
    if counts:
        lines.append("Steps: " + ", ".join(f"{name} {n}" for name, n in counts.items()))
    return lines


def _stop_index(steps: Sequence[Step], until: Optional[int], wanted: Optional[frozenset[str]]) -> Optional[int]:
    """The 0-based index of the step to stop before: step ``until`` (1-based; one past the
    last step means the end), or the first step of a technique in ``wanted``; None if the
    path has no such step."""
    if until is not None:
        return until - 1 if until - 1 <= len(steps) else None
    assert wanted is not None  # asked for one of the two
    return next((i for i, s in enumerate(steps) if s.technique in wanted), None)


def _print_until(rep: Reporter, grid: Grid, pos: Position, steps: Sequence[Step], stop: int, as_json: bool) -> None:
    """The steps before ``stop``, then the position there: the givens line and the
    pencilmark grid (together a position `sudoku hint` reads)."""
    from sudoku_logic.core.formats import to_pencilmarks, to_sukaku

    g = grid.copy()
    for s in steps[:stop]:
        g.apply(s)
    givens = "".join(str(v) if v else "." for v in (pos.givens if pos.givens is not None else pos.values))
    nxt = steps[stop] if stop < len(steps) else None
    if as_json:
        print_json(
            rep.out,
            {
                "puzzle": grid.values_string(),
                "stop": stop + 1,
                "steps": [s.to_dict() for s in steps[:stop]],
                "next": nxt.to_dict() if nxt else None,
                "givens": givens,
                "candidates": to_sukaku(g),
            },
        )
        return
    rep.out.print(f"Puzzle {grid.values_string()}", markup=False, style="bold")
    _print_steps(rep, grid, steps[:stop], False)
    after = f" ({nxt.technique} comes next)" if nxt else " (the end of the path)"
    rep.out.print(f"Position before step {stop + 1}{after}:", markup=False, style="bold")
    rep.out.print(givens, markup=False)
    rep.out.print(to_pencilmarks(g), markup=False)
