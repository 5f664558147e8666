"""``sudoku rate``: one row per puzzle, with Sudoku Explainer's and HoDoKu's ratings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

import typer

from sudoku_logic.app.cli import options as shared
from sudoku_logic.app.cli.common import Reporter, fail, split_names, stdout_failed
from sudoku_logic.app.io.console import LazyConsole
from sudoku_logic.app.io.reader import is_source
from sudoku_logic.app.io.writer import OutputError

if TYPE_CHECKING:
    from sudoku_logic.app.bulk.rating import Options


#: The help of each option and argument, as `sudoku rate --help` prints it.
HELP = {
    "files": "puzzle files (or a literal puzzle, or - for stdin)",
    "fmt": "csv, jsonl or table (default: by the suffix of --output, .csv/.txt or .jsonl, another is an error; else a table on a terminal, csv elsewhere)",
    "techniques": "comma-separated technique or family names to use",
    "scale": "se (hardest, solved and steps from Sudoku Explainer's path, default) or hodoku (from HoDoKu's path); rating is always SE's ER, level/score HoDoKu's",
    "columns": "comma-separated columns (default puzzle,rating,level,score,hardest,solved,steps,ms; '+label,line' adds to those). Also: ep, ed, se_hardest, hodoku_hardest, se_steps, hodoku_steps, se_solved, hodoku_solved, label (the text after the puzzle), file, line, index. A scale whose columns are not asked for is not computed",
    "template": "one line per row in the style of serate --format: %g puzzle, %r rating, %p ep, %d ed, %n index, %e seconds, %l level, %s score, %h hardest, %t steps, %v solved, %b label, %% a percent sign; e.g. '%g,%r,%p,%d'",
    "jobs": "worker processes (default 0: every core; 1: rate in this process; never more than the cores or the puzzles); with --scheduler local, Dask workers",
    "scheduler": 'rate on a Dask cluster: its scheduler\'s address (tcp://HOST:8786), or local for a local cluster of --jobs workers (Dask: pip install ".[dask]" in a clone, "sudoku-logic[dask]" once published)',
    "chunk": "with --scheduler: puzzles per Dask task (default 0: as many as take about half a second)",
    "timeout": "seconds per puzzle; a slower puzzle gets a row with solved=false, hardest timeout",
    "memory": "MiB of address space each rating process may use (with --jobs > 1 or --scheduler); a puzzle past it gets a row with hardest memory and the run goes on; 0 for no limit",
    "resume": "continue an interrupted run into the same --output file (its progress record, OUTPUT.progress, must be for the same inputs and options)",
    "min_rating": "keep only rows with rating (ER) at least this",
    "max_rating": "keep only rows with rating (ER) at most this",
    "level": "keep only rows of these HoDoKu levels (comma-separated, e.g. hard,unfair)",
    "summary": "a summary on stderr at the end (levels, rating histogram, hardest techniques, errors, puzzles per second, settings that differ from the defaults): when stderr is a terminal and an input is a file or stdin (not for literal puzzles alone); --summary always, --no-summary never",
}


@dataclass(frozen=True, kw_only=True)
class RateOptions:
    """The parameters of `sudoku rate`, checked as they are built, in the order the command
    has always checked them: the first that is wrong exits 2 with one line."""

    files: tuple[str, ...]
    fmt: Optional[str]
    output: Optional[str]
    techniques: Optional[str]
    scale: str
    columns: Optional[str]
    template: Optional[str]
    jobs: int
    scheduler: Optional[str]
    chunk: int
    timeout: Optional[float]
    memory: int
    resume: bool
    min_rating: Optional[float]
    max_rating: Optional[float]
    level: Optional[str]
    no_progress: bool
    summary: Optional[bool]
    settings_file: Optional[str]
    sets: tuple[str, ...]
    #: the format of the rows: --format, else by the suffix of --output, else by the terminal
    row_format: str = field(init=False)
    #: what to compute, how, and which rows to keep
    rating: Options = field(init=False)

    def __post_init__(self) -> None:
        from sudoku_logic.app.bulk.rating import Options
        from sudoku_logic.app.io.settings import apply_sets

        fmt, cols = self._rows()
        shared.check_order(self.scale, "scale")
        levels = self._levels()
        self._check_numbers()
        chosen = shared.file_choices(self.settings_file, self.sets)
        names = split_names(self.techniques if self.techniques is not None else chosen.get("techniques"))
        if names is not None:
            shared.techniques_of(names)  # an unknown name exits here; the rows name the techniques as given
        if self.memory < 0:
            fail("--memory must be 0 (no limit) or a number of MiB")
        settings = apply_sets(shared.file_settings(self.settings_file, self.sets), self.sets)
        object.__setattr__(self, "row_format", fmt)
        rating = Options(
            columns=cols,
            scale=self.scale,
            techniques=names,
            jobs=self.jobs,
            timeout=self.timeout,
            memory_mb=self.memory or None,
            min_rating=self.min_rating,
            max_rating=self.max_rating,
            levels=levels,
            scheduler=self.scheduler,
            chunk=self.chunk,
            template=self.template,
            settings=settings,
        )
        object.__setattr__(self, "rating", rating)

    def _rows(self) -> tuple[str, list[str]]:
        """The format and the columns of the rows; --template with --format or --columns, an
        unknown format, column or template field exits 2 with one line."""
        from grading.rows import parse_columns
        from sudoku_logic.app.io.writer import Template, choose_format

        template = self.template
        if template is not None and (self.fmt is not None or self.columns is not None):
            fail("--template chooses its own columns and format: leave out --format and --columns")
        try:
            if template is not None:
                return "csv", Template(template).columns
            return choose_format(self.fmt, self.output, LazyConsole(highlight=False).is_terminal), parse_columns(
                self.columns
            )
        except ValueError as e:
            fail(str(e))

    def _levels(self) -> Optional[set[str]]:
        """The HoDoKu levels --level keeps (lower case), None for all; an unknown one exits 2."""
        from grading.tables import LEVELS

        if self.level is None:
            return None
        levels = {lv.lower() for lv in split_names(self.level)}
        wrong = sorted(levels - {lv.lower() for lv in LEVELS})
        if wrong:
            fail(f"unknown level {wrong[0]!r}: use {', '.join(LEVELS)}")
        return levels

    def _check_numbers(self) -> None:
        """Exit 2 with one line on a rating range no rating fits, --resume without --output, or
        a timeout, a number of jobs or a chunk size out of range."""
        low, high = self.min_rating, self.max_rating
        shared.check_numbers(min_rating=low, max_rating=high, timeout=self.timeout)
        if low is not None and high is not None and low > high:
            fail(f"--min-rating {low:g} is above --max-rating {high:g}: no rating fits")
        if self.resume and not self.output:
            fail("--resume needs --output")
        if self.timeout is not None and self.timeout <= 0:
            fail("--timeout must be positive")
        if self.jobs < 0:
            fail("--jobs must be 0 (every core) or a number of processes")
        if self.chunk < 0:
            fail("--chunk must be 0 (automatic) or a number of puzzles")


def rate(
    ctx: typer.Context,
    files: list[str] = typer.Argument(..., metavar="FILES...", help=HELP["files"]),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help=HELP["fmt"]),
    output: Optional[str] = shared.OUTPUT,
    techniques: Optional[str] = typer.Option(None, "--techniques", "-t", help=HELP["techniques"]),
    scale: str = typer.Option("se", "--scale", help=HELP["scale"]),
    columns: Optional[str] = typer.Option(None, "--columns", help=HELP["columns"]),
    template: Optional[str] = typer.Option(None, "--template", help=HELP["template"]),
    jobs: int = typer.Option(0, "--jobs", "-j", help=HELP["jobs"]),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help=HELP["scheduler"]),
    chunk: int = typer.Option(0, "--chunk", help=HELP["chunk"]),
    timeout: Optional[float] = typer.Option(None, "--timeout", help=HELP["timeout"]),
    memory: int = typer.Option(2048, "--memory", help=HELP["memory"]),
    resume: bool = typer.Option(False, "--resume", help=HELP["resume"]),
    min_rating: Optional[float] = typer.Option(None, "--min-rating", help=HELP["min_rating"]),
    max_rating: Optional[float] = typer.Option(None, "--max-rating", help=HELP["max_rating"]),
    level: Optional[str] = typer.Option(None, "--level", help=HELP["level"]),
    no_progress: bool = shared.NO_PROGRESS,
    summary: Optional[bool] = typer.Option(None, "--summary/--no-summary", help=HELP["summary"]),
    settings_file: Optional[str] = shared.SETTINGS_FILE,
    sets: list[str] = shared.SETS,
) -> None:
    """Rate puzzles: one row per puzzle (puzzle,rating,level,score,hardest,solved,steps,ms).

    rating is Sudoku Explainer's ER; level and score are HoDoKu's; hardest, solved and steps
    come from the path of --scale. Rows come in input order, each written as soon as it is
    rated; a bad line is reported with its line number and skipped. A summary (levels, rating
    histogram, hardest techniques, errors, puzzles per second) goes to stderr at the end
    when stderr is a terminal and an input is a file or stdin (--summary: always,
    --no-summary: never).
    """
    run_rate(RateOptions(**ctx.params))  # every parameter above, by name


def run_rate(opts: RateOptions) -> None:
    """Rate every puzzle of the FILES arguments and write the rows; exit 2 if an entry was bad."""
    from sudoku_logic.app.bulk.pool import PoolError
    from sudoku_logic.app.bulk.progress import ResumeError
    from sudoku_logic.app.bulk.rating import rate_files

    rep = Reporter()
    files, output = list(opts.files), opts.output
    summary = opts.summary
    if summary is None:
        summary = rep.err.is_terminal and any(is_source(f) for f in files)
    try:
        ok = rate_files(
            files,
            opts.rating,
            fmt=opts.row_format,
            output=output,
            err=rep.err,
            progress=not opts.no_progress,
            resume=opts.resume,
            summary=summary,
        )
    except OutputError as e:
        if not output:
            stdout_failed()
        fail(str(e))
    except (ResumeError, PoolError) as e:
        fail(str(e))
    except KeyboardInterrupt:
        raise typer.Exit(130) from None  # rate_files said how far it got and how to go on
    rep.failed = not ok
    rep.exit()
