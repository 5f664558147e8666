"""Our rater against the others: the Java programs setters use, and hodoku-py, HoDoKu's Python port.

    python -m benchmarks.vs_java [--samples qqwing_simple.txt:1000,...] [--rounds 2]
                                 [--anchors DIR] [--hodoku-py PYTHON] [--only NAMES]
    python -m benchmarks.vs_java --in-process [--samples qqwing_expert.txt:100,...] [--jobs J]
                                 [--only NAMES]

**Whole processes** (the default). For each sample (the first N puzzles of a shipped collection;
by default qqwing_simple 1000, qqwing_expert 200, top1465 100, sudoku17 500) times, as whole
processes (start-up included: what a user waits for), one after the other, ``--rounds`` times:

- ``row``: ``sudoku rate FILE --jobs 1`` (the default row: both scales);
- ``hodoku``: ``sudoku rate FILE --jobs 1 --columns puzzle,level,score`` (HoDoKu's path alone);
- ``se``: ``sudoku rate FILE --jobs 1 --columns puzzle,rating,ep,ed`` (SE's path alone);
- ``jar``: the HoDoKu 2.2 jar (``/bs``, rating only);
- ``serate``: Sudoku Explainer's batch rater (serate 2022.3.24);
- ``hodoku-py`` (with ``--hodoku-py``, the Python of a venv that has it): HoDoKu's Python port.

The Java programs come from ``--anchors`` (default ``$SUDOKU_ANCHORS``, else ``shared/anchors``
beside the checkout; see its README) and are skipped with a message when Java or the jars are
missing. Our sources are compiled to bytecode first, as an installed copy has them. Prints
puzzles per second (the best round of each) and the ratios the project tracks: row/jar,
hodoku/jar, se/serate, hodoku/hodoku-py. Quote runs made while nothing else runs on the machine:
under load the JVMs lose far more than a Python process.

**In this process** (``--in-process``; this was ``benchmarks/bench_rate.py``). For the first N
puzzles of each sample (by default 100 of qqwing_expert, top1465 and sudoku17) prints puzzles
per second for:

- ``ours hodoku``: our HoDoKu-scale path alone (what hodoku-py computes), one process;
- ``ours se``: our Sudoku Explainer path alone (what serate computes: ER/EP/ED), one process;
- ``ours both``: a full row (SE path and HoDoKu path), one process;
- ``both xJ``: the same through ``sudoku_logic.app.bulk.rating`` with J worker processes (``--jobs``,
  default all cores);
- ``hodoku-py``: ``hodoku.Solver().solve(puzzle)``, one process, when this interpreter has
  hodoku-py (``pip install -e .[bench]``);

and the ratio of our single-process HoDoKu-scale rate to hodoku-py's, plus how many puzzles
each solved without giving up. The two are timed puzzle by puzzle in turn, so that a drift in
the machine's speed affects both alike. ``--only`` names the columns to time there (``hodoku``,
``se``, ``row``, ``bulk``, ``hodoku-py``; the others print ``-``).

Which figure comes from which command:

- puzzles/s of our row, HoDoKu path and SE path as whole processes against HoDoKu's jar and
  serate, and row/jar, hodoku/jar, se/serate: ``python -m benchmarks.vs_java``;
- the same with hodoku-py as a whole process in its own venv, and hodoku/py: add
  ``--hodoku-py PYTHON``;
- puzzles/s of our HoDoKu path, SE path and both paths in one process, both paths in J
  processes, hodoku-py in the same process timed puzzle by puzzle with our HoDoKu path, their
  ratio and the puzzles each solved: ``python -m benchmarks.vs_java --in-process``
  (``bench_rate.py N --collections A,B --jobs J --no-hodoku-py`` is now ``--in-process
  --samples A:N,B:N --jobs J --only hodoku,se,row,bulk``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from benchmarks.common import (
    ANCHORS,
    SOURCES,
    Run,
    Table,
    best,
    collection,
    precompile,
    run_command,
    samples,
    take_turns,
)

#: the whole-process samples
DEFAULT_SAMPLES = "qqwing_simple.txt:1000,qqwing_expert.txt:200,top1465.txt:100,sudoku17.txt:500"
#: the in-process samples
IN_PROCESS_SAMPLES = "qqwing_expert.txt:100,top1465.txt:100,sudoku17.txt:100"
#: the in-process columns ``--only`` picks from
IN_PROCESS = ("hodoku", "se", "row", "bulk", "hodoku-py")
#: the ratios of the whole-process table: (title, numerator, denominator)
RATIOS = (
    ("row/jar", "row", "jar"),
    ("hodoku/jar", "hodoku", "jar"),
    ("se/serate", "se", "serate"),
    ("hodoku/py", "hodoku", "hodoku-py"),
)


# ---------------------------------------------------------------- whole processes


def commands(anchors: Path, hodoku_py: str | None) -> dict[str, list[str] | None]:
    """Each contender's command line (FILE stands for the puzzle file's name), or None when
    it cannot run here."""
    ours = [sys.executable, "-m", "sudoku_logic", "rate", "FILE", "--jobs", "1", "--no-progress"]
    java = shutil.which("java")
    jar = anchors / "hodoku.jar"
    se_jars = [anchors / "serate.jar", anchors / "json-simple.jar"]
    out: dict[str, list[str] | None] = {
        "row": ours + ["--format", "csv"],
        "hodoku": ours + ["--format", "csv", "--columns", "puzzle,level,score"],
        "se": ours + ["--format", "csv", "--columns", "puzzle,rating,ep,ed"],
        "jar": None,
        "serate": None,
        "hodoku-py": None,
    }
    if java and jar.exists():
        out["jar"] = [java, "-Xmx512m", "-Djava.util.logging.config.file=/dev/null", "-jar", str(jar)]
        out["jar"] += ["/o", "stdout", "/bs", "FILE"]
    if java and all(j.exists() for j in se_jars):
        out["serate"] = [java, "-Xrs", "-Xmx500m", "-cp", ":".join(map(str, se_jars)), "diuf.sudoku.test.serate"]
        out["serate"] += ["--format=%g,%r,%p,%d", "--input=FILE"]
    if hodoku_py and (anchors / "run_hodokupy.py").exists():
        out["hodoku-py"] = [hodoku_py, str(anchors / "run_hodokupy.py"), "FILE", "100000"]
    return out


def rate_file(cmd: list[str], workdir: Path, name: str, expect: int) -> Run:
    """One run of ``cmd`` on the puzzle file ``name`` in ``workdir``; raises if it failed or
    rated fewer than ``expect`` puzzles."""
    argv = [a.replace("FILE", name) if a in ("FILE", "--input=FILE") else a for a in cmd]
    run = run_command(argv, cwd=workdir, capture=True)
    lines = [ln for ln in run.stdout.splitlines() if ln[:1].isdigit() or ln[:1] == "."]
    if not run.ok or len(lines) < expect:
        raise RuntimeError(
            f"{argv[0]} ... exit {run.returncode}, {len(lines)} of {expect} rows: {run.stderr.strip()[-300:]}"
        )
    return run


def whole_processes(args: argparse.Namespace) -> int:
    """Time every contender that can run here on every sample and print the table."""
    cmds = commands(Path(args.anchors), args.hodoku_py)
    if args.only:
        keep = set(args.only.split(","))
        cmds = {k: (v if k in keep else None) for k, v in cmds.items()}
    for k in ("jar", "serate"):
        if cmds[k] is None and (not args.only or k in args.only):
            print(f"note: {k} skipped (no java, or no jar in {args.anchors})", file=sys.stderr)
    names = [k for k, v in cmds.items() if v is not None]
    precompile(*SOURCES)
    table = Table(
        ("sample", "{:<22}"),
        *((k, "{:>11.1f}") for k in names),
        ("row/jar", "  {:>9.2f}x"),
        *((title, " {:>9.2f}x") for title, _, _ in RATIOS[1:]),
    )
    table.header(note=f"   (puzzles/s, best of {args.rounds}, whole processes)")
    for name, n in samples(args.samples or DEFAULT_SAMPLES):
        ps = collection(name, n, zeros=True)
        with tempfile.TemporaryDirectory() as d:
            work = Path(d)
            (work / "in.txt").write_text("\n".join(ps) + "\n")
            turns = {k: partial(rate_file, cmds[k], work, "in.txt", len(ps)) for k in names}
            runs: dict[str, list[Run]] = {k: [] for k in names}
            for _rnd, k, run in take_turns(turns, args.rounds):
                runs[k].append(run)
        rate = {k: len(ps) / _wall(runs[k]) for k in names}
        ratios = [rate[a] / rate[b] if a in rate and b in rate else "-" for _, a, b in RATIOS]
        table.row(f"{name}[:{n}]", *(rate[k] for k in names), *ratios)
    return 0


def _wall(runs: list[Run]) -> float:
    """The wall-clock seconds of the best of ``runs`` (all of which ended well)."""
    fastest = best(runs)
    assert fastest is not None
    return fastest.wall


# ---------------------------------------------------------------- in this process


def rate_in_process(ps: list[str], se: bool, hodoku: bool) -> tuple[float, int]:
    """Puzzles per second of our rater (the scales asked for) in this process, and puzzles solved."""
    from grading.rater import Rater
    from sudoku_logic.core.formats import parse

    rater = Rater(se=se, hodoku=hodoku)
    rater.rate(parse(ps[0]))  # warm up (imports, tables)
    t0 = time.perf_counter()
    solved = sum(rater.rate(parse(p)).solved for p in ps)
    return len(ps) / (time.perf_counter() - t0), solved


def rate_in_bulk(ps: list[str], jobs: int) -> float:
    """Puzzles per second of full rows through ``sudoku_logic.app.bulk.rating`` with ``jobs`` processes."""
    from rich.console import Console

    from sudoku_logic.app.bulk.rating import Options, rate_files

    with tempfile.TemporaryDirectory() as d, open(os.devnull, "w") as devnull:
        src = Path(d) / "in.txt"
        src.write_text("\n".join(ps) + "\n")
        t0 = time.perf_counter()
        rate_files(
            [str(src)],
            Options(jobs=jobs),
            fmt="csv",
            output=str(Path(d) / "out.csv"),
            progress=False,
            err=Console(file=devnull),
            summary=False,
        )
        return len(ps) / (time.perf_counter() - t0)


def rate_in_turn_with_hodoku_py(ps: list[str]) -> tuple[float, int, float, int] | None:
    """Our HoDoKu-scale path and hodoku-py on the same puzzles, alternating puzzle by puzzle
    so that both see the same machine (a shared machine's speed drifts by 10-30 % within
    minutes): (our rate, solved, hodoku-py's rate, solved), or None without hodoku-py."""
    try:
        from hodoku import Solver
    except ImportError:
        return None
    from grading.rater import Rater
    from sudoku_logic.core.formats import parse

    rater = Rater(se=False, hodoku=True)
    ref = Solver()
    rater.rate(parse(ps[0]))
    ref.solve(ps[0])
    ours = theirs = 0.0
    solved = ref_solved = 0
    for p in ps:
        t0 = time.perf_counter()
        solved += rater.rate(parse(p)).solved
        t1 = time.perf_counter()
        ref_solved += bool(ref.solve(p).solved)
        theirs += time.perf_counter() - t1
        ours += t1 - t0
    return len(ps) / ours, solved, len(ps) / theirs, ref_solved


def in_process(args: argparse.Namespace) -> int:
    """Time our paths and hodoku-py in this process on every sample and print the table."""
    wanted = set(args.only.split(",")) if args.only else set(IN_PROCESS)
    table = Table(
        ("collection", "{:<20}"),
        ("ours hodoku", " {:>12.2f}"),
        ("ours se", " {:>10.2f}"),
        ("ours both", " {:>10.2f}"),
        (f"both x{args.jobs}", " {:>10.2f}"),
        ("hodoku-py", " {:>10.2f}"),
        ("ratio", " {:>6.1f}x"),
        ("solved ours/hodoku-py", "   {}"),
    )
    table.header()
    for name, n in samples(args.samples or IN_PROCESS_SAMPLES):
        ps = collection(name, n)
        fig: dict[str, float | str] = dict.fromkeys(IN_PROCESS, "-")
        solved: list[int | str] = ["-", "-"]
        pair = rate_in_turn_with_hodoku_py(ps) if "hodoku-py" in wanted else None
        if pair is not None:
            fig["hodoku"], solved[0], fig["hodoku-py"], solved[1] = pair
        elif "hodoku" in wanted:
            fig["hodoku"], solved[0] = rate_in_process(ps, se=False, hodoku=True)
        if "se" in wanted:
            fig["se"] = rate_in_process(ps, se=True, hodoku=False)[0]
        if "row" in wanted:
            fig["row"] = rate_in_process(ps, se=True, hodoku=True)[0]
        if "bulk" in wanted:
            fig["bulk"] = rate_in_bulk(ps, args.jobs)
        ratio = pair[0] / pair[2] if pair is not None else "-"
        table.row(name, *(fig[k] for k in IN_PROCESS), ratio, f"{solved[0]}/{solved[1]} of {len(ps)}")
    print("(puzzles per second; ratio = ours hodoku / hodoku-py, both single-process)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the whole-process or the in-process comparison."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--samples",
        help=f"NAME:N,... (default: {DEFAULT_SAMPLES}; with --in-process: {IN_PROCESS_SAMPLES})",
    )
    ap.add_argument("--rounds", type=int, default=2, help="rounds of whole processes (default 2)")
    ap.add_argument("--anchors", default=str(ANCHORS), help="folder of the Java programs (default: %(default)s)")
    ap.add_argument("--hodoku-py", help="the Python of a venv with hodoku-py installed")
    ap.add_argument(
        "--only",
        help="contenders to run, e.g. se,serate (default: all that can run); with --in-process: "
        "columns among hodoku,se,row,bulk,hodoku-py",
    )
    ap.add_argument(
        "--in-process", action="store_true", help="time our paths and hodoku-py in this process (was bench_rate.py)"
    )
    ap.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes for --in-process's parallel run"
    )
    args = ap.parse_args(argv)
    return in_process(args) if args.in_process else whole_processes(args)


if __name__ == "__main__":
    sys.exit(main())
