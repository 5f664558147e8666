"""``sudoku generate``: puzzles with one solution, of a chosen difficulty, as rows `rate` writes."""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

import typer
from rich.console import Console

from sudoku_logic.app.cli import options as shared
from sudoku_logic.app.cli.common import fail, stdout_failed
from sudoku_logic.app.io.words import counted
from sudoku_logic.app.io.writer import OutputError, RowWriter

if TYPE_CHECKING:
    from sudoku_logic.app.bulk.generator import Wanted

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")


#: The help of each option and argument, as `sudoku generate --help` prints it.
HELP = {
    "count": "how many puzzles",
    "level": "easy, medium, hard, unfair or extreme (HoDoKu scale)",
    "min_rating": "lowest Sudoku Explainer rating",
    "max_rating": "highest Sudoku Explainer rating",
    "technique": "the path of --order must use this technique (or one of this family)",
    "practice": "with --technique: no step of the path of --order harder than the technique (a puzzle to practise it)",
    "with_path": "with --format jsonl: each row carries the path of --order as `path`, its steps as `sudoku step --json` gives them",
    "summary": "at the end, one line on stderr: candidates tried, puzzles found, seconds",
    "order": "the path --technique is looked for on, and whose hardest, solved and steps the rows show: se (the path `sudoku step` shows) or hodoku",
    "symmetry": "none, rotational, diagonal or mirror",
    "minimal": "no given can be removed without losing uniqueness",
    "max_givens": "without --minimal: remove givens down to this count, then more only while the puzzle is easier than --level/--min-rating ask",
    "seed": "random seed: the same seed gives the same puzzles",
    "jobs": "processes (0 = all cores; never more than the cores); with --scheduler local, Dask workers",
    "scheduler": 'generate on a Dask cluster: its scheduler\'s address (tcp://HOST:8786), or local (Dask: pip install ".[dask]" in a clone, "sudoku-logic[dask]" once published)',
    "max_tries": "give up after this many candidates (default: 1000 for each puzzle asked); rare targets need more",
    "fmt": "csv, jsonl or table (default: by the suffix of --output, .csv/.txt or .jsonl, another is an error; else a table on a terminal, csv elsewhere)",
}


@dataclass(frozen=True, kw_only=True)
class GenerateOptions:
    """The parameters of `sudoku generate`, checked as they are built, in the order the
    command has always checked them: the first that is wrong, or a target the tables show
    no puzzle can reach, exits 2 with one line."""

    count: int
    level: Optional[str]
    min_rating: Optional[float]
    max_rating: Optional[float]
    technique: Optional[str]
    practice: bool
    with_path: bool
    summary: bool
    order: str
    symmetry: str
    minimal: bool
    max_givens: int
    seed: Optional[int]
    jobs: int
    scheduler: Optional[str]
    max_tries: Optional[int]
    fmt: Optional[str]
    output: Optional[str]
    no_progress: bool
    #: the format of the rows: --format, else by the suffix of --output, else by the terminal
    row_format: str = field(init=False)
    #: --max-tries, or 1000 for each puzzle asked
    tries: int = field(init=False)
    #: what a puzzle must satisfy
    wanted: Wanted = field(init=False)

    def __post_init__(self) -> None:
        from sudoku_logic.app.bulk.generator import SYMMETRIES, Wanted, impossible
        from sudoku_logic.app.io.writer import choose_format

        if self.level is not None and self.level.lower() not in LEVELS:
            fail(f"unknown level {self.level!r}: use one of {', '.join(LEVELS)}")
        if self.symmetry not in SYMMETRIES:
            fail(f"unknown symmetry {self.symmetry!r}: use one of {', '.join(SYMMETRIES)}")
        try:
            object.__setattr__(self, "row_format", choose_format(self.fmt, self.output, sys.stdout.isatty()))
        except ValueError as e:
            fail(str(e))
        self._check_numbers()
        object.__setattr__(self, "tries", self.max_tries if self.max_tries is not None else 1000 * self.count)
        shared.check_order(self.order)
        if self.practice and not self.technique:
            fail("--practice needs --technique: the technique to practise")
        if self.with_path and self.row_format != "jsonl":
            fail(f"--with-path needs --format jsonl (the rows here are {self.row_format})")
        names = tuple(shared.techniques_of([self.technique])) if self.technique else ()
        wanted = Wanted(
            self.level,
            self.min_rating,
            self.max_rating,
            names or None,
            self.order,
            practice=self.practice,
            with_path=self.with_path,
        )
        reason = impossible(wanted)
        if reason:
            fail(reason)
        object.__setattr__(self, "wanted", wanted)

    def _check_numbers(self) -> None:
        """Exit 2 with one line on a count, a number of givens, of tries or of jobs out of range,
        or a rating that is not a number."""
        shared.check_numbers(min_rating=self.min_rating, max_rating=self.max_rating)
        if self.count < 1:
            fail("--count must be at least 1")
        if not self.minimal and not 17 <= self.max_givens <= 80:
            fail(f"--max-givens {self.max_givens}: a puzzle has 17 to 80 givens")
        if self.max_tries is not None and self.max_tries < 1:
            fail("--max-tries must be at least 1")
        if self.jobs < 0:
            fail("--jobs must be 0 (every core) or a number of processes")


def generate(
    ctx: typer.Context,
    count: int = typer.Option(1, "--count", "-n", help=HELP["count"]),
    level: Optional[str] = typer.Option(None, "--level", help=HELP["level"]),
    min_rating: Optional[float] = typer.Option(None, "--min-rating", help=HELP["min_rating"]),
    max_rating: Optional[float] = typer.Option(None, "--max-rating", help=HELP["max_rating"]),
    technique: Optional[str] = typer.Option(None, "--technique", help=HELP["technique"]),
    practice: bool = typer.Option(False, "--practice", help=HELP["practice"]),
    with_path: bool = typer.Option(False, "--with-path", help=HELP["with_path"]),
    summary: bool = typer.Option(False, "--summary", help=HELP["summary"]),
    order: str = typer.Option("se", "--order", help=HELP["order"]),
    symmetry: str = typer.Option("none", "--symmetry", help=HELP["symmetry"]),
    minimal: bool = typer.Option(False, "--minimal", help=HELP["minimal"]),
    max_givens: int = typer.Option(30, "--max-givens", help=HELP["max_givens"]),
    seed: Optional[int] = typer.Option(None, "--seed", help=HELP["seed"]),
    jobs: int = typer.Option(0, "--jobs", "-j", help=HELP["jobs"]),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", help=HELP["scheduler"]),
    max_tries: Optional[int] = typer.Option(None, "--max-tries", help=HELP["max_tries"]),
    fmt: Optional[str] = typer.Option(None, "--format", "-f", help=HELP["fmt"]),
    output: Optional[str] = shared.OUTPUT,
    no_progress: bool = shared.NO_PROGRESS,
) -> None:
    """Generate puzzles with one solution, of a chosen difficulty: rows as `sudoku rate` writes them."""
    run_generate(GenerateOptions(**ctx.params))  # every parameter above, by name


def run_generate(opts: GenerateOptions) -> None:
    """Generate and write the puzzles; exit 1, saying why, if fewer fit than were asked."""
    import random

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from grading.rows import DEFAULT_COLUMNS
    from sudoku_logic.app.bulk.generator import generate as run
    from sudoku_logic.app.bulk.generator import rare
    from sudoku_logic.app.bulk.pool import PoolError
    from sudoku_logic.app.io.writer import LiveBar, open_output

    err = Console(stderr=True, highlight=False, soft_wrap=True)
    jobs = opts.jobs
    if not opts.scheduler:
        from sudoku_logic.app.bulk.workers import worker_count

        jobs, note = worker_count(opts.jobs)
        if note:
            err.print(f"note: {note}", markup=False)
    expect = rare(opts.wanted)
    if expect:
        err.print(f"note: {expect}", markup=False)
    seed = opts.seed
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
        err.print(f"seed {seed}", markup=False)
    bar = Progress(
        TextColumn("generating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("found, {task.fields[tries]} candidates tried"),
        console=err,
        disable=opts.no_progress or not err.is_terminal,
    )
    live = LiveBar(bar)  # rows on the same terminal scroll above the bar
    output = opts.output
    made = tries = 0
    misses: Counter = Counter()
    t0 = time.perf_counter()
    fh = None
    try:
        fh = open_output(output) if output else sys.stdout
        kind = _PathRowWriter if opts.with_path else RowWriter
        writer = kind(live.rows(fh), opts.row_format, DEFAULT_COLUMNS, name=output or "stdout")
        with live:
            task = bar.add_task("gen", total=opts.count, tries=0)

            def seen(cand, _ok) -> None:
                nonlocal tries
                tries += 1
                if cand.why:
                    misses[cand.why] += 1
                bar.update(task, tries=tries)

            for cand in run(
                opts.count,
                opts.wanted,
                seed,
                opts.symmetry,
                opts.minimal,
                opts.max_givens,
                jobs,
                opts.tries,
                seen,
                scheduler=opts.scheduler,
            ):
                assert cand.row is not None  # generate() yields rated candidates only
                writer.write(cand.row)
                made += 1
                bar.advance(task)
    except OutputError as e:
        if not output:
            stdout_failed()
        fail(str(e))
    except PoolError as e:
        fail(str(e))
    finally:
        if output and fh is not None:
            try:
                fh.close()
            except OSError:  # what failed to be written was reported when it failed
                pass
    if opts.summary:
        err.print(f"{counted(tries, 'candidate')} tried, {made} found, {time.perf_counter() - t0:.1f} s", markup=False)
    if made < opts.count:
        err.print(f"error: {_shortfall(made, opts, misses)}", markup=False)
        raise typer.Exit(1)


class _PathRowWriter(RowWriter):
    """A jsonl row writer whose rows carry the path too (``--with-path``)."""

    def write(self, row: dict) -> None:
        """Write one row, its columns then ``path``, and flush."""
        self.finish()
        self._put(json.dumps({**{c: row.get(c) for c in self.columns}, "path": row.get("path")}) + "\n")


def _shortfall(made: int, opts: GenerateOptions, misses: Counter) -> str:
    """Why only ``made`` of the puzzles asked fit: the commonest misses (they say how close
    the candidates came: a technique of the family asked for, a harder step than the one to
    practise, a level or a rating beside the band), and how to go on (or what is known of a
    technique no puzzle has been seen to take)."""
    from sudoku_logic.app.bulk.generator import unseen

    top = "; ".join(f"{n} {why}" for why, n in misses.most_common(3))
    known = unseen(opts.wanted)
    return (
        f"only {made} of {counted(opts.count, 'puzzle')} fit after {counted(opts.tries, 'try', 'tries')}"
        f"{' (' + top + ')' if top else ''}: the target is rare or unreachable with these options "
        + (f"({known})" if known else "(--max-tries N tries longer)")
    )
