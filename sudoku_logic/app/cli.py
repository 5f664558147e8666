"""The ``sudoku`` command: solve, step, hint, check, rate, techniques.

Every command takes PUZZLE as a literal in any input format, a file path, or ``-`` for
stdin. Bad input prints one line naming the problem and exits 2; in a file, a bad line is
reported with its line number and the rest goes on.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, NoReturn, Optional, overload

import typer
from rich.console import Console

from sudoku_logic.app.gc_tuning import tune_gc
from sudoku_logic.app.reader import is_source, read
from sudoku_logic.app.render import candidate_grid, legend, value_grid
from sudoku_logic.app.words import counted
from sudoku_logic.app.writer import OutputError, print_json
from sudoku_logic.core import dlx
from sudoku_logic.core.errors import SudokuError
from sudoku_logic.core.formats import to_line
from sudoku_logic.core.grid import Grid

if TYPE_CHECKING:
    from typer._click.exceptions import ClickException, UsageError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_show_locals=False,
    help="Solve sudoku the way a person does, one explained step at a time, and rate puzzles.",
)

EXIT_BAD_INPUT = 2
#: The answer is no: the position contradicts the puzzle's solution, the puzzle has no or
#: several solutions (check), no step was found (hint), the path is stuck (step).
EXIT_NO = 1
EXIT_WRONG_POSITION = EXIT_NO


def _version(value: bool) -> None:
    if not value:
        return
    import platform

    from sudoku_logic import __version__
    from sudoku_logic.app.settings import ENV, all_values, resolve_settings

    out = Console(highlight=False, soft_wrap=True)
    from sudoku_logic.native import describe

    out.print(f"sudoku-logic {__version__} (Python {platform.python_version()}; {describe()})", markup=False)
    out.print(
        "ratings: Sudoku Explainer's ER/EP/ED (its rules as in 1to9only/SudokuExplainer b1f9ed4); "
        "HoDoKu's level and score (HoDoKu 2.2)",
        markup=False,
    )
    try:
        settings = resolve_settings()
        source = f" (from ${ENV})" if os.environ.get(ENV) else ""
        out.print(f"settings{source}: " + ", ".join(all_values(settings)), markup=False)
    except ValueError as e:
        out.print(f"settings: {e}", markup=False)
    raise typer.Exit(0)


@app.callback()
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


class Reporter:
    """Prints results on stdout and one-line problems on stderr; remembers if any occurred."""

    def __init__(self, no_color: bool = False) -> None:
        self.out = Console(no_color=no_color, highlight=False, soft_wrap=True)
        self.err = Console(stderr=True, no_color=no_color, highlight=False, soft_wrap=True)
        self.failed = False
        self.wrong = False
        self.nothing = False  # a question answered "no": no step found, the path is stuck

    def problem(self, message: str) -> None:
        self.failed = True
        self.err.print(f"error: {message}", markup=False)

    def exit(self) -> None:
        raise typer.Exit(EXIT_BAD_INPUT if self.failed else EXIT_NO if self.wrong or self.nothing else 0)


@overload
def _names(text: str) -> list[str]: ...
@overload
def _names(text: None) -> None: ...
@overload
def _names(text: Optional[str]) -> Optional[list[str]]: ...
def _names(text: Optional[str]) -> Optional[list[str]]:
    return None if text is None else [n.strip() for n in text.split(",") if n.strip()]


def _solver(
    techniques: Optional[str],
    uniqueness: bool = True,
    unique: Optional[bool] = None,
    without: Optional[str] = None,
    order: Optional[str] = None,
    settings=None,
):
    """A Solver from the command-line options; unknown names exit 2 with one line.

    Without ``--order`` the solver takes Sudoku Explainer's steps (SE's rules, the path of
    the ER), restricted to ``--techniques`` when those are all SE's; a ``--techniques`` list
    with techniques SE lacks is tried in the order given (HoDoKu's finders).
    """
    from sudoku_logic.app.solver import Solver
    from sudoku_logic.grading.names import unknown_message
    from sudoku_logic.grading.scales import all_names, fits, resolve

    names = _names(techniques)
    try:
        use_order = order
        if names is not None:
            resolve(names)  # an unknown name is reported before anything else
        if order is None:
            use_order = "se"
            if names is not None and not fits(names, "se"):
                use_order = None
        if without:
            drop = set(resolve(_names(without)))
            pool = (
                (resolve(names) if use_order is None else _kept(names, use_order))
                if names is not None
                else all_names(use_order or "se")
            )
            names = [n for n in pool if n not in drop]
        return Solver(names, order=use_order, uniqueness=uniqueness, unique=unique, settings=settings)
    except KeyError as e:
        message = unknown_message(e.args[0])
    except ValueError as e:
        message = str(e)
    Console(stderr=True, soft_wrap=True).print(f"error: {message}", markup=False)
    raise typer.Exit(EXIT_BAD_INPUT)


SETTINGS_HELP = (
    "a TOML file of HoDoKu's technique options (als_nodes, [als] allow_overlap, ...; "
    "default: the file named by $SUDOKU_LOGIC_SETTINGS)"
)
SET_HELP = (
    "set one option, KEY=VALUE, after the settings file (repeatable): als_nodes=true, "
    "als.allow_overlap=true, ... (`sudoku --version` lists them)"
)


def _file_settings(path: Optional[str], sets: list[str]):
    """The settings of the file (or $SUDOKU_LOGIC_SETTINGS); exits 2 with one line if the
    file or a --set is wrong."""
    from sudoku_logic.app.settings import SettingsError, apply_sets, resolve_settings

    try:
        base = resolve_settings(path)
        apply_sets(base, sets)  # a wrong --set is reported before anything runs
    except SettingsError as e:
        _fail(str(e))
    return base


def _choices(path: Optional[str], sets: list[str]) -> dict:
    """The technique choices of the settings file and --set (techniques, without, order)."""
    from sudoku_logic.app.settings import SettingsError, read_choices

    try:
        return read_choices(path, sets)
    except SettingsError as e:
        _fail(str(e))


def _settings_for(pos, base, sets: list[str]):
    """The settings of one position: a regression-library line gets the options HoDoKu's
    regression tester sets for its variant; --set comes last."""
    from sudoku_logic.app.settings import apply_sets, for_reglib

    text = pos.text.lstrip()
    if text.startswith(":"):
        base = for_reglib(text.split(":")[1], base)
    return apply_sets(base, sets)


def _kept(names: list[str], order: str) -> list[str]:
    """The techniques ``names`` stand for that ``order``'s program has."""
    from sudoku_logic.grading.scales import all_names, expand
    from sudoku_logic.grading.tables import RATINGS

    have = set(all_names("se")) if order == "se" else {n for n in RATINGS if RATINGS[n].order is not None}
    return expand(names, have.__contains__, "{} is not a technique of " + order)


def _puzzles(arg: str, rep: Reporter):
    """Yield (entry, puzzle grid, solution) for each entry of ``arg`` whose puzzle has one
    solution; report the others."""
    for entry in read(arg):
        if entry.error is not None:
            rep.problem(entry.where + str(entry.error))
            continue
        assert entry.position is not None  # read() parses: an entry without an error has its position
        try:
            puzzle = entry.position.puzzle()
            solution = dlx.unique_solution(puzzle)
        except SudokuError as e:
            rep.problem(entry.where + str(e))
            continue
        yield entry, puzzle, solution


@app.command()
def solve(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help="puzzle (any format), file, or - for stdin"),
    line: bool = typer.Option(False, "--line", help="print the solution as an 81-character line"),
    no_color: bool = typer.Option(False, "--no-color", help="plain text output"),
) -> None:
    """Print the solution (the puzzle must have exactly one)."""
    rep = Reporter(no_color)
    for _entry, grid, solution in _puzzles(puzzle, rep):
        g = Grid.from_values(solution, givens=grid.givens)
        if line:
            rep.out.print(to_line(g), markup=False)
        else:
            rep.out.print(value_grid(g))
            rep.out.print()
    rep.exit()


POSITION_HELP = """\
POSITION is where you are in a puzzle: a literal, a file, or - for stdin. Besides every
puzzle format (81-character line, 9-line grid, pencilmark grid, 729-character string), it
may say which digits are yours:

\b
  GIVENS FILLED  two 81-character lines, on one line (a space between) or on
                 two: the givens, then the grid as it is now (givens
                 included) or only your own digits (in a file of several
                 puzzles, write each such pair on one line)
  4+35..         HoDoKu's line: '+' before each digit you placed
  GIVENS MARKS   the givens line, then your pencilmarks: a pencilmark grid
                 (81 groups, next lines) or a 729-character string; a cell
                 with one candidate counts as placed

The position is first checked against the solution of the givens: each wrong digit or
removed candidate that the solution needs is named ("r5c6: you placed 3, but the solution
has 8 there") and the command exits 1 without a hint. A pencilmark grid without givens
must have exactly one solution. Unreadable input exits 2.

\b
Examples:
  sudoku hint PUZZLE --level 1
  sudoku hint "GIVENS FILLED" --level 2
  sudoku hint stuck.txt --skip 1
"""


def _positions(arg: str, rep: Reporter, as_json: bool = False, level: int = 3):
    """Yield (prefix, position, grid) for each sound position of ``arg``.

    Unreadable or unsolvable input is reported as a problem (exit 2); a position that
    contradicts its solution is reported (exit 1), as much as hint ``level`` tells, and skipped.
    """
    from sudoku_logic.app.hints import mistake_lines

    for entry in read(arg):
        if entry.error is not None:
            rep.problem(entry.where + str(entry.error))
            continue
        pos = entry.position
        assert pos is not None  # read() parses: an entry without an error has its position
        try:
            problems = pos.problems()
            grid = pos.grid() if not problems else None
        except SudokuError as e:
            rep.problem(entry.where + str(e))
            continue
        if problems:
            rep.wrong = True
            told = mistake_lines(pos.values, pos.given_mask, problems, level)
            if as_json:
                print_json(rep.out, {"puzzle": "".join(str(v) if v else "." for v in pos.values), "problems": told})
            else:
                for line in told:
                    rep.err.print(entry.where + line, markup=False)
            continue
        yield entry.where, pos, grid


def _indent(text: str) -> str:
    return "\n".join("   " + ln for ln in text.splitlines())


def _plain(rep: Reporter) -> bool:
    return rep.out.no_color or not rep.out.is_terminal


def _print_steps(rep: Reporter, grid: Grid, steps, grids: bool, explain: bool = True) -> None:
    g = grid.copy()
    plain = _plain(rep)
    from sudoku_logic.app.hints import hint_text

    for i, step in enumerate(steps, 1):
        first, _, rest = hint_text(step, 3).partition("\n")
        rep.out.print(f"{i}. {first}", markup=False)
        if explain and rest:
            rep.out.print(_indent(rest), markup=False, style="dim")
        if grids:
            rep.out.print(candidate_grid(g, step, plain=plain))
            rep.out.print(legend(step, plain=plain))
        g.apply(step)


@app.command()
def step(
    puzzle: str = typer.Argument(
        ..., metavar="PUZZLE", help="puzzle or position (any format, see `sudoku hint --help`), file, or - for stdin"
    ),
    techniques: Optional[str] = typer.Option(
        None, "--techniques", "--technique", "-t", help="comma-separated technique or family names to use, in order"
    ),
    without: Optional[str] = typer.Option(
        None, "--without", help="comma-separated techniques or families to leave out"
    ),
    order: Optional[str] = typer.Option(
        None, "--order", help="se (Sudoku Explainer ratings, default) or hodoku (HoDoKu's search order)"
    ),
    grids: bool = typer.Option(False, "--grids", help="show the candidate grid with each step highlighted"),
    interactive: bool = typer.Option(
        False, "--interactive", "-i", help="one step at a time: Enter next, b back, h hint level, q quit"
    ),
    html: Optional[str] = typer.Option(
        None,
        "--html",
        help="write a self-contained page to step through the path: one grid, the step list, Prev/Next and arrow keys",
    ),
    as_json: bool = typer.Option(False, "--json", help="one JSON object per position"),
    no_uniqueness: bool = typer.Option(
        False, "--no-uniqueness", help="never use techniques that assume a unique solution"
    ),
    until: Optional[int] = typer.Option(
        None,
        "--until",
        min=1,
        help="stop before step N and print the position there (givens and pencilmarks, to paste into `sudoku hint`); with -i, start at step N",
    ),
    until_technique: Optional[str] = typer.Option(
        None,
        "--until-technique",
        help="stop before the first step of this technique (or family, or short name) and print the position there; with -i, start at that step",
    ),
    settings_file: Optional[str] = typer.Option(None, "--settings", help=SETTINGS_HELP),
    sets: list[str] = typer.Option([], "--set", help=SET_HELP),
    no_color: bool = typer.Option(False, "--no-color", help="plain text output"),
) -> None:
    """Solve step by step, explaining every deduction.

    --interactive shows one step at a time on the candidate grid (Enter: next step, b: back,
    s: skip to the next step that is not a single, h: hint level 1/2/3, q: quit; on a
    terminal of 24 lines the grid is the 13-line pencilmark grid); --html FILE writes a
    self-contained page that steps through the path on one grid (Prev/Next, arrow keys;
    FILE#N opens step N). --until N and
    --until-technique NAME stop the path there and print the position as a givens line and
    a pencilmark grid, which `sudoku hint` reads back.
    """
    rep = Reporter(no_color)
    done = False
    base = _file_settings(settings_file, sets)
    chosen = _choices(settings_file, sets)
    techniques = techniques if techniques is not None else chosen.get("techniques")
    without = without if without is not None else chosen.get("without")
    order = order if order is not None else chosen.get("order")
    if interactive and html:
        _fail("--interactive and --html each show the path their own way: give one of them")
    if interactive and as_json:
        _fail("--interactive and --json each show the path their own way: give one of them")
    if until is not None and until_technique is not None:
        _fail("give --until or --until-technique, not both")
    wanted = None
    if until_technique is not None:
        from sudoku_logic.grading.names import unknown_message
        from sudoku_logic.grading.scales import resolve

        try:
            wanted = set(resolve([until_technique]))
        except KeyError:
            _fail(unknown_message(until_technique))
    for where, pos, grid in _positions(puzzle, rep, as_json):
        if done and (interactive or html):
            rep.err.print("note: only the first position is shown with --interactive or --html", markup=False)
            break
        solver = _solver(
            techniques,
            not no_uniqueness,
            unique=True,
            without=without,
            order=order,
            settings=_settings_for(pos, base, sets),
        )
        result = solver.solve(grid)
        start = 0
        if until is not None or wanted is not None:
            stop = _stop_index(result.steps, until, wanted)
            if stop is None:
                what = f"step {until}" if until is not None else f"no {until_technique} step"
                rep.problem(
                    f"{where}the path has {len(result.steps)} steps"
                    + (f", so no {what}" if until is not None else f" and {what}")
                )
                continue
            start = stop
        if interactive:
            from sudoku_logic.app.interactive import run_stepper

            run_stepper(grid, result, console=rep.out, plain=_plain(rep), start=start)
            done = True
            continue
        if until is not None or wanted is not None:
            _print_until(rep, grid, pos, result.steps, start, as_json)
            continue
        if html:
            from sudoku_logic.app.html import write_html

            try:
                write_html(html, grid, result)
            except OSError as e:
                rep.problem(f"cannot write {html}: {e.strerror or e}")
                break
            rep.out.print(f"Wrote {len(result.steps)} steps to {html}", markup=False)
            done = True
            continue
        if as_json:
            from sudoku_logic.grading.rater import path_doc

            print_json(rep.out, path_doc(grid.values_string(), result))
            continue
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
    rep.exit()


def _path_summary(grid: Grid, result) -> list[str]:
    """What SE's Analyse gives beside a path: its rating on its scale (SE: ER, EP, ED and the
    hardest step; HoDoKu: level, score and the hardest step; a path of listed techniques, each
    scale that rates all its steps) and its steps counted by technique, in the order they
    first come. A path that got stuck has no rating, only its counts."""
    from collections import Counter

    from sudoku_logic.grading.rater import rate_path

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


def _stop_index(steps, until: Optional[int], wanted: Optional[set]) -> Optional[int]:
    """The 0-based index of the step to stop before: step ``until`` (1-based; one past the
    last step means the end), or the first step of a technique in ``wanted``; None if the
    path has no such step."""
    if until is not None:
        return until - 1 if until - 1 <= len(steps) else None
    assert wanted is not None  # asked for one of the two
    return next((i for i, s in enumerate(steps) if s.technique in wanted), None)


def _print_until(rep: Reporter, grid: Grid, pos, steps, stop: int, as_json: bool) -> None:
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


@app.command(
    help="The next (easiest) step for a position, as a nudge (level 1), the technique "
    "(level 2) or the whole step (level 3).\n\n" + POSITION_HELP
)
def hint(
    position: str = typer.Argument(..., metavar="POSITION", help="where you are (see above), file, or - for stdin"),
    level: int = typer.Option(
        3,
        "--level",
        "-l",
        min=1,
        max=3,
        help="1: where to look; 2: the technique and where; 3: the whole step with its grid",
    ),
    skip: int = typer.Option(0, "--skip", min=0, help="skip the N easiest deductions and hint the next one"),
    all_steps: bool = typer.Option(False, "--all", help="every step available now, easiest first"),
    technique: Optional[str] = typer.Option(
        None, "--technique", "--techniques", "-t", help="only these techniques (comma-separated, case-insensitive)"
    ),
    without: Optional[str] = typer.Option(
        None, "--without", help="comma-separated techniques or families to leave out"
    ),
    order: Optional[str] = typer.Option(
        None, "--order", help="se (Sudoku Explainer ratings, default) or hodoku (HoDoKu's search order)"
    ),
    grids: Optional[bool] = typer.Option(
        None, "--grids/--no-grids", help="show the candidate grid (default: at level 3 for one step)"
    ),
    as_json: bool = typer.Option(False, "--json", help="one JSON object per position"),
    no_uniqueness: bool = typer.Option(
        False, "--no-uniqueness", help="never use techniques that assume a unique solution"
    ),
    settings_file: Optional[str] = typer.Option(None, "--settings", help=SETTINGS_HELP),
    sets: list[str] = typer.Option([], "--set", help=SET_HELP),
    no_color: bool = typer.Option(False, "--no-color", help="plain text output"),
) -> None:
    from sudoku_logic.app.hints import distinct_steps, hint_text, pick_step

    rep = Reporter(no_color)
    plain = _plain(rep)
    base = _file_settings(settings_file, sets)
    chosen = _choices(settings_file, sets)
    technique = technique if technique is not None else chosen.get("techniques")
    without = without if without is not None else chosen.get("without")
    order = order if order is not None else chosen.get("order")
    for label, pos, grid in _positions(position, rep, as_json, level):
        solver = _solver(
            technique,
            not no_uniqueness,
            unique=True,
            without=without,
            order=order,
            settings=_settings_for(pos, base, sets),
        )
        if all_steps:
            found = list(distinct_steps(solver, grid))[skip:]
        else:
            s = pick_step(solver, grid, skip)
            found = [s] if s else []
        if not found and not grid.is_solved():
            rep.nothing = True
        if as_json:
            doc = {
                "puzzle": grid.values_string(),
                "solved": grid.is_solved(),
                "level": level,
                "hints": [hint_text(s, level) for s in found],
            }
            if level == 3:
                doc["steps"] = [s.to_dict() for s in found]
            print_json(rep.out, doc)
            continue
        if grid.is_solved():
            rep.out.print(f"{label}The grid is already solved.", markup=False)
        elif not found:
            more = f" after skipping {skip}" if skip else ""
            rep.out.print(f"{label}No step found with the enabled techniques{more}.", markup=False)
        else:
            show = grids if grids is not None else (level == 3 and not all_steps)
            if label:
                rep.out.print(label.rstrip(": "), markup=False, style="bold")
            for i, s in enumerate(found, 1):
                prefix = f"{i + skip}. " if all_steps else ""
                text = hint_text(s, level)
                first, _, rest = text.partition("\n")
                rep.out.print(f"{prefix}{first}", markup=False)
                if rest:
                    rep.out.print(_indent(rest), markup=False, style="dim")
                if show:
                    rep.out.print(candidate_grid(grid, s if level == 3 else None, plain=plain))
                    if level == 3:
                        rep.out.print(legend(s, plain=plain))
    rep.exit()


@app.command()
def check(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help="puzzle (any format), file, or - for stdin"),
) -> None:
    """Say whether a puzzle is valid: one solution ("valid", exit 0), or none or several
    ("not valid", naming two cells where two solutions differ; exit 1).

    A position (see `sudoku hint --help`) is also checked against the solution of its givens:
    each wrong digit or removed candidate is named and the command exits 1.
    """
    from sudoku_logic.core.errors import NoSolution

    rep = Reporter()
    for entry in read(puzzle):
        prefix = entry.where
        error = entry.error
        g = None
        if error is None:
            assert entry.position is not None  # read() parses: an entry without an error has its position
            try:
                g = entry.position.puzzle()
            except SudokuError as e:
                error = e
        if isinstance(error, NoSolution):  # well formed, no solution (found at once): the answer is no
            rep.nothing = True
            rep.out.print(f"{prefix}not valid: {error}", markup=False)
            continue
        if error is not None:
            rep.problem(prefix + str(error))
            continue
        pos = entry.position
        assert pos is not None and g is not None  # no error: the position and its puzzle were read
        n = dlx.count_solutions(g, 2)
        givens = g.givens.bit_count()
        if n == 1:
            mine = pos.givens is not None and (pos.values != pos.givens or pos.marks is not None)
            problems = pos.problems() if mine else []
            for p in problems:
                rep.wrong = True
                rep.err.print(prefix + p.message, markup=False)
            if not problems:
                agrees = "; the position agrees with the solution" if mine else ""
                rep.out.print(f"{prefix}valid: one solution, {givens} givens{agrees}", markup=False)
            continue
        try:
            dlx.unique_solution(g)
        except SudokuError as e:
            rep.nothing = True
            rep.out.print(f"{prefix}not valid: {e}", markup=False)
    rep.exit()


def _stdout_failed() -> None:
    """After a failed write to stdout, point it at /dev/null so that the interpreter's own
    flush at exit does not print a second, uglier error."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, ValueError):
        pass


def _fail(message: str) -> NoReturn:
    """One line on stderr, exit 2."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", markup=False)
    raise typer.Exit(EXIT_BAD_INPUT)


@app.command()
def rate(
    files: list[str] = typer.Argument(
        ..., metavar="FILES...", help="puzzle files (or a literal puzzle, or - for stdin)"
    ),
    fmt: Optional[str] = typer.Option(
        None,
        "--format",
        "-f",
        help="csv, jsonl or table (default: by the suffix of --output, .csv or .jsonl; else a table on a terminal, csv elsewhere)",
    ),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="write rows to this file"),
    techniques: Optional[str] = typer.Option(
        None, "--techniques", "-t", help="comma-separated technique or family names to use"
    ),
    scale: str = typer.Option(
        "se",
        "--scale",
        help="se (hardest, solved and steps from Sudoku Explainer's path, default) or hodoku (from HoDoKu's path); rating is always SE's ER, level/score HoDoKu's",
    ),
    columns: Optional[str] = typer.Option(
        None,
        "--columns",
        help="comma-separated columns (default puzzle,rating,level,score,hardest,solved,steps,ms; '+label,line' adds to those). Also: ep, ed, se_hardest, hodoku_hardest, se_steps, hodoku_steps, se_solved, hodoku_solved, label (the text after the puzzle), file, line, index. A scale whose columns are not asked for is not computed",
    ),
    template: Optional[str] = typer.Option(
        None,
        "--template",
        help="one line per row in the style of serate --format: %g puzzle, %r rating, %p ep, %d ed, %n index, %e seconds, %l level, %s score, %h hardest, %t steps, %v solved, %b label, %% a percent sign; e.g. '%g,%r,%p,%d'",
    ),
    jobs: int = typer.Option(
        0,
        "--jobs",
        "-j",
        help="worker processes (default 0: every core; 1: rate in this process); with --scheduler local, Dask workers",
    ),
    scheduler: Optional[str] = typer.Option(
        None,
        "--scheduler",
        help='rate on a Dask cluster: its scheduler\'s address (tcp://HOST:8786), or local for a local cluster of --jobs workers (pip install "sudoku-logic[dask]")',
    ),
    chunk: int = typer.Option(
        0, "--chunk", help="with --scheduler: puzzles per Dask task (default 0: as many as take about half a second)"
    ),
    timeout: Optional[float] = typer.Option(
        None, "--timeout", help="seconds per puzzle; a slower puzzle gets a row with solved=false, hardest timeout"
    ),
    memory: int = typer.Option(
        2048,
        "--memory",
        help="MiB of address space each rating process may use (with --jobs > 1 or --scheduler); a puzzle past it gets a row with hardest memory and the run goes on; 0 for no limit",
    ),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="continue an interrupted run into the same --output file (its progress record, OUTPUT.progress, must be for the same inputs and options)",
    ),
    min_rating: Optional[float] = typer.Option(
        None, "--min-rating", help="keep only rows with rating (ER) at least this"
    ),
    max_rating: Optional[float] = typer.Option(
        None, "--max-rating", help="keep only rows with rating (ER) at most this"
    ),
    level: Optional[str] = typer.Option(
        None, "--level", help="keep only rows of these HoDoKu levels (comma-separated, e.g. hard,unfair)"
    ),
    no_progress: bool = typer.Option(False, "--no-progress", help="no progress bar"),
    summary: Optional[bool] = typer.Option(
        None,
        "--summary/--no-summary",
        help="a summary on stderr at the end (levels, rating histogram, hardest techniques, errors, puzzles per second, settings that differ from the defaults): when stderr is a terminal and an input is a file or stdin (not for literal puzzles alone); --summary always, --no-summary never",
    ),
    settings_file: Optional[str] = typer.Option(None, "--settings", help=SETTINGS_HELP),
    sets: list[str] = typer.Option([], "--set", help=SET_HELP),
) -> None:
    """Rate puzzles: one row per puzzle (puzzle,rating,level,score,hardest,solved,steps,ms).

    rating is Sudoku Explainer's ER; level and score are HoDoKu's; hardest, solved and steps
    come from the path of --scale. Rows come in input order, each written as soon as it is
    rated; a bad line is reported with its line number and skipped. A summary (levels, rating
    histogram, hardest techniques, errors, puzzles per second) goes to stderr at the end
    when stderr is a terminal and an input is a file or stdin (--summary: always,
    --no-summary: never).
    """
    from sudoku_logic.app.bulk import Options, rate_files
    from sudoku_logic.app.pool import PoolError
    from sudoku_logic.app.progress import ResumeError
    from sudoku_logic.app.writer import Template, choose_format
    from sudoku_logic.grading.rows import parse_columns
    from sudoku_logic.grading.tables import LEVELS

    out = Console(highlight=False)
    if template is not None and (fmt is not None or columns is not None):
        _fail("--template chooses its own columns and format: leave out --format and --columns")
    try:
        fmt = choose_format(fmt, output, out.is_terminal) if template is None else "csv"
        cols = parse_columns(columns) if template is None else Template(template).columns
    except ValueError as e:
        _fail(str(e))
    if scale not in ("se", "hodoku"):
        _fail(f"unknown scale {scale!r}: use se or hodoku")
    levels = None
    if level is not None:
        levels = {lv.lower() for lv in _names(level)}
        wrong = sorted(levels - {lv.lower() for lv in LEVELS})
        if wrong:
            _fail(f"unknown level {wrong[0]!r}: use {', '.join(LEVELS)}")
    if min_rating is not None and max_rating is not None and min_rating > max_rating:
        _fail(f"--min-rating {min_rating:g} is above --max-rating {max_rating:g}: no rating fits")
    if resume and not output:
        _fail("--resume needs --output")
    if timeout is not None and timeout <= 0:
        _fail("--timeout must be positive")
    if jobs < 0:
        _fail("--jobs must be 0 (every core) or a number of processes")
    if chunk < 0:
        _fail("--chunk must be 0 (automatic) or a number of puzzles")
    chosen = _choices(settings_file, sets)
    if techniques is None and "techniques" in chosen:
        techniques = chosen["techniques"]
    names = _names(techniques)
    if names is not None:
        from sudoku_logic.grading.names import unknown_message
        from sudoku_logic.grading.scales import resolve

        try:
            resolve(names)
        except KeyError as e:
            _fail(unknown_message(e.args[0]))
    if memory < 0:
        _fail("--memory must be 0 (no limit) or a number of MiB")
    from sudoku_logic.app.settings import apply_sets

    settings = apply_sets(_file_settings(settings_file, sets), sets)
    opts = Options(
        columns=cols,
        scale=scale,
        techniques=names,
        jobs=jobs,
        timeout=timeout,
        memory_mb=memory or None,
        min_rating=min_rating,
        max_rating=max_rating,
        levels=levels,
        scheduler=scheduler,
        chunk=chunk,
        template=template,
        settings=settings,
    )
    rep = Reporter()
    if summary is None:
        summary = rep.err.is_terminal and any(is_source(f) for f in files)
    try:
        ok = rate_files(
            files, opts, fmt=fmt, output=output, err=rep.err, progress=not no_progress, resume=resume, summary=summary
        )
    except OutputError as e:
        if not output:
            _stdout_failed()
        _fail(str(e))
    except (ResumeError, PoolError) as e:
        _fail(str(e))
    except KeyboardInterrupt:
        raise typer.Exit(130) from None  # rate_files said how far it got and how to go on
    rep.failed = not ok
    rep.exit()


@app.command()
def play(
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
    Ctrl-S saves; Esc cancels a search or closes the list; q quits.
    """
    if order not in ("se", "hodoku"):
        _fail(f"unknown order {order!r}: use se or hodoku")
    entry = next(iter(read(puzzle)), None)
    if entry is None or entry.error is not None:
        _fail((entry.where + str(entry.error)) if entry is not None else f"{puzzle} has no puzzle")
    position = entry.position
    assert position is not None  # read() parses: an entry without an error has its position
    try:
        if position.givens is None:
            position.solution()  # a pencilmark grid alone: its own givens, checked for one solution
        else:
            dlx.unique_solution(position.puzzle())
    except SudokuError as e:
        _fail(entry.where + f"not valid: {e}")
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        _fail("sudoku play needs a terminal (stdin and stdout)")
    from sudoku_logic.app.play import PlayApp
    from sudoku_logic.app.play_state import Game

    text = ""
    if os.path.isfile(puzzle):
        with open(puzzle, encoding="utf-8", errors="replace") as fh:
            text = fh.read(1 << 16)
    game = Game.from_saved(position, text) if "# sudoku play:" in text else Game.from_position(position)
    PlayApp(game, save_to=save, order=order).run()


@app.command("techniques")
def list_techniques() -> None:
    """List the techniques with their family and ratings on both scales: Sudoku Explainer's
    in SE's order, then those only HoDoKu has, in HoDoKu's order; then the other names
    accepted by -t and --until-technique (short names, SE's rule names, groups)."""
    from sudoku_logic.grading.names import ABBREVIATIONS, GROUPS
    from sudoku_logic.grading.scales import all_names
    from sudoku_logic.grading.tables import RATINGS
    from sudoku_logic.strategies.registry import REGISTRY, RULES

    out = Console(highlight=False, soft_wrap=True)
    se_names = all_names("se")
    names = se_names + [n for n in all_names("hodoku") if n not in se_names]
    unique = {t for r in RULES.values() if r.needs_unique for t in r.techniques}
    width = max(len(n) for n in names)  # the columns line up, SE's nested forcing chains included
    fam = max(len(RATINGS[n].family) for n in names)
    out.print(f"{'technique':<{width}}  {'family':<{fam}} {'SE':>4}  {'HoDoKu':<8} {'score':>5}  notes", markup=False)
    for name in names:
        r = RATINGS[name]
        t = REGISTRY.get(name)
        off = t is not None and not t.default and name not in se_names
        needs = name in unique or (t is not None and t.needs_unique)
        flags = "; ".join(f for f, on in (("off by default", off), ("assumes uniqueness", needs)) if on)
        se = f"{r.se:.1f}" if r.se is not None else "-"
        level = r.level or "-"
        score = str(r.score) if r.score is not None else "-"
        out.print(f"{name:<{width}}  {r.family:<{fam}} {se:>4}  {level:<8} {score:>5}  {flags}".rstrip(), markup=False)
    out.print()
    out.print(
        "Also accepted (case, spaces and hyphens do not matter; a family name stands for its techniques):", markup=False
    )
    for group, members in GROUPS.items():
        out.print(f"  {group}: {', '.join(m for m in members if m in RATINGS)}", markup=False)
    for short, target in ABBREVIATIONS.items():
        out.print(f"  {short}: {target}", markup=False)


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
    from sudoku_logic.app.streams import EXIT_PIPE, PipeClosed, guard_standard_streams

    usage_error, click_error = _click_errors()
    guard_standard_streams()
    try:
        code = app(args=_puzzle_arguments_last(sys.argv[1:]), prog_name="sudoku", standalone_mode=False)
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
        _stdout_failed()
        sys.exit(EXIT_PIPE)
    except OutputError as e:
        _stdout_failed()
        sys.stderr.write(f"error: {e}\n")
        sys.exit(EXIT_BAD_INPUT)
    except OSError as e:  # a write to stdout that failed outside the row writers (a full disk)
        _stdout_failed()
        sys.stderr.write(f"error: cannot write stdout: {e.strerror or e}\n")
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(code if isinstance(code, int) else 0)


@app.command()
def generate(
    count: int = typer.Option(1, "--count", "-n", help="how many puzzles"),
    level: Optional[str] = typer.Option(None, "--level", help="easy, medium, hard, unfair or extreme (HoDoKu scale)"),
    min_rating: Optional[float] = typer.Option(None, "--min-rating", help="lowest Sudoku Explainer rating"),
    max_rating: Optional[float] = typer.Option(None, "--max-rating", help="highest Sudoku Explainer rating"),
    technique: Optional[str] = typer.Option(
        None, "--technique", help="the path of --order must use this technique (or one of this family)"
    ),
    order: str = typer.Option(
        "se",
        "--order",
        help="the path --technique is looked for on, and whose hardest, solved and steps the rows show: se (the path `sudoku step` shows) or hodoku",
    ),
    symmetry: str = typer.Option("none", "--symmetry", help="none, rotational, diagonal or mirror"),
    minimal: bool = typer.Option(False, "--minimal", help="no given can be removed without losing uniqueness"),
    max_givens: int = typer.Option(
        30,
        "--max-givens",
        help="without --minimal: remove givens down to this count, then more only while the puzzle is easier than --level/--min-rating ask",
    ),
    seed: Optional[int] = typer.Option(None, "--seed", help="random seed: the same seed gives the same puzzles"),
    jobs: int = typer.Option(0, "--jobs", "-j", help="processes (0 = all cores); with --scheduler local, Dask workers"),
    scheduler: Optional[str] = typer.Option(
        None,
        "--scheduler",
        help='generate on a Dask cluster: its scheduler\'s address (tcp://HOST:8786), or local (pip install "sudoku-logic[dask]")',
    ),
    max_tries: Optional[int] = typer.Option(
        None,
        "--max-tries",
        help="give up after this many candidates (default: 1000 for each puzzle asked); rare targets need more",
    ),
    fmt: Optional[str] = typer.Option(
        None,
        "--format",
        "-f",
        help="csv, jsonl or table (default: by the suffix of --output; else a table on a terminal, csv elsewhere)",
    ),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="write rows to this file"),
    no_progress: bool = typer.Option(False, "--no-progress", help="no progress bar"),
) -> None:
    """Generate puzzles with one solution, of a chosen difficulty: rows as `sudoku rate` writes them."""
    import random
    from collections import Counter

    from sudoku_logic.app.generator import ORDERS, SYMMETRIES, Wanted, impossible
    from sudoku_logic.app.generator import generate as run
    from sudoku_logic.app.pool import PoolError
    from sudoku_logic.app.writer import LiveBar, RowWriter, choose_format, open_output
    from sudoku_logic.grading.rows import DEFAULT_COLUMNS
    from sudoku_logic.grading.scales import resolve

    err = Console(stderr=True, highlight=False, soft_wrap=True)
    levels = ("easy", "medium", "hard", "unfair", "extreme")
    if level is not None and level.lower() not in levels:
        _fail(f"unknown level {level!r}: use one of {', '.join(levels)}")
    if symmetry not in SYMMETRIES:
        _fail(f"unknown symmetry {symmetry!r}: use one of {', '.join(SYMMETRIES)}")
    try:
        fmt = choose_format(fmt, output, sys.stdout.isatty())
    except ValueError as e:
        _fail(str(e))
    if count < 1:
        _fail("--count must be at least 1")
    if not minimal and not 17 <= max_givens <= 80:
        _fail(f"--max-givens {max_givens}: a puzzle has 17 to 80 givens")
    if max_tries is not None and max_tries < 1:
        _fail("--max-tries must be at least 1")
    if max_tries is None:
        max_tries = 1000 * count
    if jobs < 0:
        _fail("--jobs must be 0 (every core) or a number of processes")
    if order not in ORDERS:
        _fail(f"unknown order {order!r}: use se or hodoku")
    names: tuple[str, ...] = ()
    if technique:
        try:
            names = tuple(resolve([technique]))
        except KeyError:
            from sudoku_logic.grading.names import unknown_message

            _fail(unknown_message(technique))
    wanted = Wanted(level, min_rating, max_rating, names or None, order)
    reason = impossible(wanted)
    if reason:
        _fail(reason)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
        err.print(f"seed {seed}", markup=False)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(
        TextColumn("generating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[tries]} tried"),
        console=err,
        disable=no_progress or not err.is_terminal,
    )
    live = LiveBar(bar)  # rows on the same terminal scroll above the bar
    made = 0
    misses: Counter = Counter()
    fh = None
    try:
        fh = open_output(output) if output else sys.stdout
        writer = RowWriter(live.rows(fh), fmt, DEFAULT_COLUMNS, name=output or "stdout")
        with live:
            task = bar.add_task("gen", total=count, tries=0)
            tries = 0

            def seen(cand, _ok) -> None:
                nonlocal tries
                tries += 1
                if cand.why:
                    misses[cand.why] += 1
                bar.update(task, tries=tries)

            for cand in run(
                count, wanted, seed, symmetry, minimal, max_givens, jobs or None, max_tries, seen, scheduler=scheduler
            ):
                assert cand.row is not None  # generate() yields rated candidates only
                writer.write(cand.row)
                made += 1
                bar.advance(task)
    except OutputError as e:
        if not output:
            _stdout_failed()
        _fail(str(e))
    except PoolError as e:
        _fail(str(e))
    finally:
        if output and fh is not None:
            try:
                fh.close()
            except OSError:  # what failed to be written was reported when it failed
                pass
    if made < count:
        top = "; ".join(f"{n} {why}" for why, n in misses.most_common(3))
        err.print(
            f"error: only {made} of {counted(count, 'puzzle')} fit after {counted(max_tries, 'try', 'tries')}"
            f"{' (' + top + ')' if top else ''}: the target is rare or unreachable with these options "
            "(--max-tries N tries longer)",
            markup=False,
        )
        raise typer.Exit(1)
