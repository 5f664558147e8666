"""What the benchmarks share: reading a puzzle sample, timing whole commands in turn, printing a table.

- Puzzles: :func:`collection` (the first N of a collection shipped in ``puzzles/``),
  :func:`read_puzzles` (any puzzle file, or a CSV with a ``puzzle`` column) and :func:`samples`
  (an option such as ``--samples top1465.txt:100,sudoku17.txt:500``).
- Timing: :func:`run_command` runs one command as a whole process and times it (a :class:`Run`);
  :func:`take_turns` runs several one after the other, round after round, so that a drift in the
  machine's speed hits all of them alike; :func:`best` picks a command's fastest run, and
  :func:`precompile` compiles our sources to bytecode first, as an installed copy has them.
- Tables: :class:`Table` prints a fixed-width table a row at a time, :func:`print_markdown` a
  Markdown one.
- :func:`tests_module` loads a helper module of ``tests/`` (which is not a package), for the
  scripts that replay Sudoku Explainer's recorded paths.
"""

from __future__ import annotations

import compileall
import csv
import importlib.util
import os
import re
import signal
import string
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: the root of the checkout
ROOT = Path(__file__).resolve().parent.parent
#: the shipped puzzle collections
PUZZLES = ROOT / "puzzles"
#: our sources, as the repository lays them out
SOURCES = tuple(ROOT / folder for folder in ("sudoku_logic", "strategies", "grading"))
#: the reference raters (HoDoKu's jar, serate, skfr, run_hodokupy.py): ``$SUDOKU_ANCHORS``, else
#: ``shared/anchors`` beside the checkout (its README tells how each is run)
ANCHORS = Path(os.environ.get("SUDOKU_ANCHORS", str(ROOT.parent / "shared" / "anchors")))
#: SE's and HoDoKu's own ratings and SE's recorded paths: ``$SUDOKU_RATINGS``, else
#: ``shared/ratings`` beside the checkout
RATINGS = Path(os.environ.get("SUDOKU_RATINGS", str(ROOT.parent / "shared" / "ratings")))


# ---------------------------------------------------------------- puzzles


def is_puzzle(token: str) -> bool:
    """True when ``token`` is a puzzle: 81 characters, each a digit or '.' ('0' or '.': an empty cell)."""
    return len(token) == 81 and all(ch in "0123456789." for ch in token)


def read_puzzles(
    path: Path | str, limit: int | None = None, *, source: str | None = None, zeros: bool = False
) -> list[str]:
    """The first ``limit`` puzzles of a file (all of them when ``limit`` is None or 0), in its order.

    A CSV whose header starts with ``puzzle,`` gives its ``puzzle`` column (with ``source``, only
    the rows whose ``source`` column says so). Any other file gives the first word (up to a space
    or a comma) of each line where that word is a puzzle; other lines (comments, blank lines,
    headers) are skipped. ``zeros``: every empty cell as '0', however the file writes it."""
    out: list[str] = []
    with open(path, newline="") as fh:
        header = fh.readline()
        fh.seek(0)
        if header.startswith("puzzle,"):
            words: Iterable[str] = (
                row["puzzle"] for row in csv.DictReader(fh) if source is None or row.get("source") == source
            )
        else:
            words = (line.replace(",", " ").split()[0] for line in fh if line.strip())
        for word in words:
            if is_puzzle(word):
                out.append(word.replace(".", "0") if zeros else word)
                if len(out) == limit:
                    break
    return out


def collection(name: str, limit: int | None = None, *, zeros: bool = False) -> list[str]:
    """The first ``limit`` puzzles (all when None or 0) of the shipped collection ``puzzles/NAME``."""
    return read_puzzles(PUZZLES / name, limit, zeros=zeros)


def samples(spec: str, default: int = 0) -> list[tuple[str, int]]:
    """An option ``NAME:N,NAME:N,...`` as (collection name, N) pairs; a ``NAME`` without ``:N``
    gets ``default`` (0: the whole collection)."""
    out = []
    for item in spec.split(","):
        name, _, n = item.partition(":")
        out.append((name, int(n) if n else default))
    return out


# ---------------------------------------------------------------- timing whole commands


@dataclass
class Run:
    """One command run as a whole process: wall-clock and CPU seconds, how it ended, what it printed."""

    wall: float
    cpu: float
    #: its exit status; None when it timed out or could not start
    returncode: int | None = 0
    #: its output, when captured
    stdout: str = ""
    #: its error output (why it could not start, when it could not)
    stderr: str = ""
    timed_out: bool = False

    @property
    def ok(self) -> bool:
        """True when the process ran to its end and exited 0."""
        return self.returncode == 0 and not self.timed_out

    @property
    def status(self) -> str:
        """``ok``, ``timeout``, ``cannot run: WHY``, or ``exit N: `` and the end of its error output."""
        if self.timed_out:
            return "timeout"
        if self.returncode is None:
            return f"cannot run: {self.stderr}"
        if self.returncode:
            return f"exit {self.returncode}: {self.stderr.strip()[-300:]}"
        return "ok"


def run_command(
    argv: Sequence[str],
    *,
    cwd: Path | str | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
    capture: bool = False,
    stdout_path: Path | None = None,
) -> Run:
    """Run ``argv`` (no shell) to its end and time it as a whole process, start-up included.

    Gives the wall-clock seconds and the CPU seconds the operating system counts for the process
    (user + system, its own children included). Its output goes to ``Run.stdout`` with
    ``capture``, into the file ``stdout_path`` when that is given, else nowhere; its error output
    to ``Run.stderr``. Past ``timeout`` seconds, or when this process is interrupted, its whole
    process group is killed. A command that fails does not raise: ``Run.status`` says how it ended."""
    out_file = open(stdout_path, "w") if stdout_path else None
    stdout = subprocess.PIPE if capture else (out_file or subprocess.DEVNULL)
    try:
        before = os.times()
        t0 = time.perf_counter()
        try:
            proc = subprocess.Popen(
                list(argv), cwd=cwd, env=env, stdout=stdout, stderr=subprocess.PIPE, text=True, start_new_session=True
            )
        except OSError as exc:
            return Run(0.0, 0.0, None, stderr=str(exc))
        timed_out = False
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            out, err = proc.communicate()
            timed_out = True
        except BaseException:
            _kill_group(proc)
            proc.wait()
            raise
        wall = time.perf_counter() - t0
        after = os.times()
    finally:
        if out_file:
            out_file.close()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return Run(wall, cpu, None if timed_out else proc.returncode, out or "", err or "", timed_out)


def _kill_group(proc: subprocess.Popen) -> None:
    """Kill the process group ``proc`` leads (the command and whatever it started)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def take_turns(commands: Mapping[str, Callable[[], Run]], rounds: int) -> Iterator[tuple[int, str, Run]]:
    """Run every command once a round, in the mapping's order, for ``rounds`` rounds, and yield
    (the round, counted from 1; the command's name; its run) as each run ends.

    Taking turns, the commands see the same machine: a drift in its speed (other work starting
    or stopping) hits all of them alike. A command whose run did not end well is not run again."""
    failed: set[str] = set()
    for rnd in range(1, rounds + 1):
        for name, command in commands.items():
            if name in failed:
                continue
            run = command()
            if not run.ok:
                failed.add(name)
            yield rnd, name, run


def best(runs: Iterable[Run]) -> Run | None:
    """The run that ended well in the least wall-clock time, or None when none did."""
    done = [r for r in runs if r.ok]
    return min(done, key=lambda r: r.wall) if done else None


def our_env(cache: Path) -> dict[str, str]:
    """Our environment with bytecode cached in ``cache`` (outside the repository), as an
    installed copy has its bytecode: the first run fills it, the timed runs read it."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def precompile(*folders: Path) -> None:
    """Compile the Python sources in ``folders`` to bytecode, as an installed copy has them (pip
    compiles them at install time): with ``PYTHONDONTWRITEBYTECODE`` set, each timed process
    would otherwise compile the whole package again (0.14 s a start)."""
    for folder in folders:
        compileall.compile_dir(str(folder), quiet=1)


# ---------------------------------------------------------------- tables


#: a format spec's alignment (with its fill) and width
_SPEC = re.compile(r"(?P<align>.?[<>=^])?[-+ ]?z?#?0?(?P<width>\d*)")


class Table:
    """A fixed-width text table, printed a row at a time (flushed, so that a long run shows progress).

    Each column is a title and a template with one replacement field, such as
    ``("seconds", "{:>9.1f}")`` or ``("speed-up", " {:>8.2f}x")``: a number is formatted by the
    field, the text around it printed as it is. The title, and a value given as text (``-``,
    ``skipped``), takes the field's alignment and the column's whole width instead."""

    def __init__(self, *columns: tuple[str, str]) -> None:
        self.columns = [(title, *_split(template)) for title, template in columns]

    def header(self, note: str = "") -> None:
        """Print the titles, and ``note`` after them."""
        self.row(*(title for title, *_ in self.columns), note=note)

    def row(self, *values: object, note: str = "") -> None:
        """Print one row: a value for each column, and ``note`` after them."""
        cells = []
        for value, (_title, before, spec, after) in zip(values, self.columns):
            if isinstance(value, str):
                cells.append(before + _as_text(value, spec, after))
            else:
                cells.append(before + format(value, spec) + after)
        print("".join(cells) + note, flush=True)


def _split(template: str) -> tuple[str, str, str]:
    """A column's template as the text before its field, the field's format and the text after."""
    parts = list(string.Formatter().parse(template))
    before, _field, spec, _conversion = parts[0]
    return before, spec or "", "".join(literal for literal, *_ in parts[1:])


def _as_text(text: str, spec: str, after: str) -> str:
    """``text`` set to the alignment of the format ``spec`` (a number's when it has none and formats
    numbers) over its width and that of ``after``."""
    m = _SPEC.match(spec)
    if m is None or not m["width"]:
        return text + after
    align = m["align"] or (">" if spec[-1:] in "bdeEfFgGnoxX%" else "<")  # as a number, or as text
    return format(text, f"{align}{int(m['width']) + len(after)}")


def print_markdown(titles: Sequence[str], rows: Iterable[Sequence[object]], align: str) -> None:
    """A Markdown table: ``align`` has a letter for each column, ``l`` (left) or ``r`` (right)."""
    print(_markdown_line(titles))
    print("|" + "|".join("---:" if a == "r" else "---" for a in align) + "|")
    for row in rows:
        print(_markdown_line(row))


def _markdown_line(cells: Sequence[object]) -> str:
    """One line of a Markdown table; an empty cell stays a single space."""
    return "|" + "|".join(f" {c} " if str(c) else " " for c in cells) + "|"


# ---------------------------------------------------------------- helpers of the tests


def tests_module(name: str) -> ModuleType:
    """The helper module ``tests/NAME.py``, loaded once under the name pytest gives it (``NAME``):
    ``tests/`` is not a package, and the benchmarks do not edit ``sys.path``."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / f"{name}.py")
    assert spec is not None and spec.loader is not None, name
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
