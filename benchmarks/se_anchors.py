"""Our rating paths against the anchors: our SE path against serate and skfr, our HoDoKu path
and default row against HoDoKu's jar, whole processes timed in turn.

    python -m benchmarks.se_anchors [--rounds 2] [--samples simple3000 qqwing_expert ...]
                                    [--limit N] [--timeout 1800] [--anchors DIR]
                                    [--programs ours hodoku row serate skfr jar]

For each sample (a file written to a temporary directory from the project's ``puzzles/``:
``simple3000`` = the first 1000 of qqwing_simple, qqwing_easy and qqwing_intermediate;
``qqwing_expert`` = qqwing_expert[:500]; ``top1465`` = top1465[:300]; ``sudoku17`` =
sudoku17[:5000]; ``--limit N`` cuts each to N puzzles) runs, one after the other, ``--rounds``
times:

- ours: ``sudoku rate FILE --jobs 1 --no-progress --no-summary --columns puzzle,rating,ep,ed
  --format csv --output ours.csv`` (the ``sudoku`` script beside this interpreter);
- hodoku: the same with ``--columns puzzle,level,score`` (our HoDoKu path alone);
- row: the same with the default columns (both scales);
- jar: ``java -Xmx512m -Djava.util.logging.config.file=/dev/null -jar hodoku.jar /o stdout /bs
  FILE`` (HoDoKu's level and score), in a scratch directory;
- serate: ``java -Xrs -Xmx500m -cp serate.jar:json-simple.jar diuf.sudoku.test.serate
  --format=%g,%r,%p,%d --input=FILE`` (Sudoku Explainer's batch rater), in a scratch directory;
- skfr: ``./skfr -iNAME`` on ``NAME.txt``, in a scratch directory it was copied into.

serate and skfr come from ``--anchors`` (default ``$SUDOKU_ANCHORS``, else ``shared/anchors``
beside the checkout; see its README); they are skipped with a message when Java, a jar or skfr is missing or skfr
cannot run. Each run is timed as a whole process (start-up included): wall-clock seconds, and
the child's CPU seconds (user + system from ``os.times()``; a JVM's CPU exceeds its wall time,
it uses several threads). The best round (least wall time) of each program counts; puzzles/s =
puzzles / best wall seconds. A run past ``--timeout`` seconds is killed and reported as timed
out (and not run again in later rounds of that sample).

Prints the machine and date, a Markdown table of puzzles/s and ratios (ours/serate > 1: ours is
faster), a table of the wall and CPU seconds, and how often our ER equals serate's and skfr's.

Our bytecode goes to a scratch cache (``PYTHONPYCACHEPREFIX``, filled by one untimed run on one
puzzle), as an installed copy has it compiled, without writing into the repository. Figures are
indicative on a shared machine: the JVMs lose more than a Python process when it is loaded.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shutil
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from benchmarks.common import (
    ANCHORS,
    Run,
    best,
    collection,
    is_puzzle,
    our_env,
    print_markdown,
    run_command,
    take_turns,
)

SAMPLES: dict[str, list[tuple[str, int]]] = {
    "simple3000": [("qqwing_simple.txt", 1000), ("qqwing_easy.txt", 1000), ("qqwing_intermediate.txt", 1000)],
    "qqwing_expert": [("qqwing_expert.txt", 500)],
    "top1465": [("top1465.txt", 300)],
    "sudoku17": [("sudoku17.txt", 5000)],
}
PROGRAMS = ("ours", "hodoku", "row", "serate", "skfr", "jar")
#: our programs' columns (None: the default row)
OUR_COLUMNS = {"ours": "puzzle,rating,ep,ed", "hodoku": "puzzle,level,score", "row": None}


def failure(runs: list[Run]) -> str:
    """What went wrong when no run completed (timeout, exit code...)."""
    return runs[-1].status if runs else "not run"


def norm(puzzle: str) -> str:
    """A puzzle as 81 characters with '.' for an empty cell."""
    return puzzle.replace("0", ".")


def sample_puzzles(name: str, limit: int | None) -> list[str]:
    """The puzzles of sample ``name``, cut to ``limit`` when given."""
    ps = [p for fname, n in SAMPLES[name] for p in collection(fname, n)]
    return ps[:limit] if limit else ps


def our_command(inp: str, out: str, program: str = "ours") -> list[str]:
    """Our ``program`` (SE path, HoDoKu path or default row) on ``inp``, rows (CSV) to ``out``."""
    script = Path(sys.executable).parent / "sudoku"
    argv = [str(script), "rate", inp, "--jobs", "1", "--no-progress", "--no-summary"]
    columns = OUR_COLUMNS[program]
    return argv + (["--columns", columns] if columns else []) + ["--format", "csv", "--output", out]


def jar_command(anchors: Path, inp: str) -> list[str] | None:
    """HoDoKu's jar rating ``inp`` (a relative path), or None when it cannot run."""
    java = shutil.which("java")
    jar = anchors / "hodoku.jar"
    if not java or not jar.is_file():
        print(f"note: jar skipped: {'no java on PATH' if not java else f'no hodoku.jar in {anchors}'}", file=sys.stderr)
        return None
    return [java, "-Xmx512m", "-Djava.util.logging.config.file=/dev/null", "-jar", str(jar), "/o", "stdout", "/bs", inp]


def serate_command(anchors: Path, inp: str) -> list[str] | None:
    """serate's command on ``inp`` (run in a scratch directory), or None when it cannot run."""
    java = shutil.which("java")
    jars = [anchors / "serate.jar", anchors / "json-simple.jar"]
    if not java:
        print("note: serate skipped: java is not on PATH", file=sys.stderr)
        return None
    if not all(j.is_file() for j in jars):
        print(f"note: serate skipped: serate.jar or json-simple.jar missing in {anchors}", file=sys.stderr)
        return None
    argv = [java, "-Xrs", "-Xmx500m", "-cp", ":".join(map(str, jars)), "diuf.sudoku.test.serate"]
    return argv + ["--format=%g,%r,%p,%d", f"--input={inp}"]


def prepare_skfr(anchors: Path, scratch: Path, probe: str) -> Path | None:
    """skfr copied into ``scratch`` and tried on one puzzle; its path, or None (with a message)."""
    src = anchors / "skfr"
    if not src.is_file():
        print(f"note: skfr skipped: no skfr in {anchors}", file=sys.stderr)
        return None
    scratch.mkdir(parents=True, exist_ok=True)
    exe = scratch / "skfr"
    shutil.copy(src, exe)
    exe.chmod(0o755)
    (scratch / "probe.txt").write_text(probe + "\n")
    run = run_command(["./skfr", "-iprobe"], cwd=scratch, timeout=120)
    rated = scratch / "probe_rat.txt"
    if run.status != "ok" or not rated.is_file() or not rated.read_text().strip():
        print(
            f"note: skfr skipped: it cannot run here ({run.status if run.status != 'ok' else 'no rating'})",
            file=sys.stderr,
        )
        return None
    return exe


def our_ers(path: Path) -> dict[str, str]:
    """Puzzle -> ER from our CSV (header ``puzzle,rating,ep,ed``)."""
    out: dict[str, str] = {}
    if path.is_file():
        for line in path.read_text().splitlines()[1:]:
            parts = line.split(",")
            if len(parts) >= 2 and is_puzzle(parts[0]):
                out[norm(parts[0])] = parts[1]
    return out


def serate_ers(path: Path) -> dict[str, str]:
    """Puzzle -> ER from serate's ``%g,%r,%p,%d`` lines."""
    out: dict[str, str] = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            parts = line.strip().split(",")
            if len(parts) >= 2 and is_puzzle(parts[0]):
                out[norm(parts[0])] = parts[1]
    return out


def skfr_ers(path: Path) -> dict[str, str]:
    """Puzzle -> ER from skfr's ``<puzzle> ED=ER/EP/ED`` lines (in its own order)."""
    out: dict[str, str] = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) >= 2 and is_puzzle(parts[0]) and parts[1].startswith("ED="):
                out[norm(parts[0])] = parts[1][3:].split("/")[0]
    return out


def same_er(a: str | None, b: str | None) -> bool:
    """True when both ratings are present and equal to one decimal."""
    try:
        return a is not None and b is not None and round(float(a), 1) == round(float(b), 1)
    except ValueError:
        return False


def machine() -> str:
    """The processor's name and the number of cores."""
    name = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                name = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{name or platform.processor() or platform.machine()}, {os.cpu_count()} cores"


def fmt_rate(n: int, runs: list[Run] | None, timeout: float) -> str:
    """Puzzles per second of the best round, or why there is none."""
    if runs is None:
        return "skipped"
    fastest = best(runs)
    if fastest:
        return f"{n / fastest.wall:.1f}"
    return f"timeout (>{timeout:g} s)" if failure(runs) == "timeout" else "failed"


def fmt_ratio(a: list[Run] | None, b: list[Run] | None) -> str:
    """Our puzzles/s over theirs (best rounds), or '-'."""
    ba, bb = best(a or []), best(b or [])
    return f"{bb.wall / ba.wall:.2f}" if ba and bb else "-"


def skfr_run(skfr: Path, name: str, timeout: float) -> Run:
    """One run of skfr on ``NAME.txt`` beside it, its earlier ratings of that file removed first."""
    for f in (f"{name}_rat.txt", f"{name}_N_rat.txt"):
        (skfr.parent / f).unlink(missing_ok=True)
    return run_command(["./skfr", f"-i{name}"], cwd=skfr.parent, timeout=timeout)


def time_sample(
    name: str, ps: list[str], work: Path, contenders: dict[str, Callable[[], Run] | None], rounds: int
) -> dict[str, list[Run] | None]:
    """Every contender's runs on sample ``name`` (None: skipped), in turn, each run reported on
    the error output as it ends."""
    turns = {p: command for p, command in contenders.items() if command is not None}
    runs: dict[str, list[Run]] = {p: [] for p in turns}
    for rnd, prog, run in take_turns(turns, rounds):
        runs[prog].append(run)
        print(
            f"  {name} ({len(ps)}) round {rnd} {prog}: {run.wall:.2f} s wall, {run.cpu:.2f} s CPU"
            + ("" if run.ok else f"  [{run.status}]"),
            file=sys.stderr,
            flush=True,
        )
    return {p: runs.get(p) for p in PROGRAMS}  # a program not run: None


def agreement(name: str, ps: list[str], work: Path, skfr: Path | None, serate: bool) -> str:
    """How many puzzles of sample ``name`` we rated, and on how many our ER equals serate's and skfr's."""
    n = len(ps)
    ours = our_ers(work / "ours.csv")
    keys = [norm(p) for p in ps]
    line = f"{name}: ours rated {sum(k in ours for k in keys)} of {n}"
    if serate:
        se = serate_ers(work / "serate.csv")
        line += f"; ER equal to serate's on {sum(same_er(ours.get(k), se.get(k)) for k in keys)} of {n}"
        if len(se) < len(set(keys)):
            line += f" (serate rated {sum(k in se for k in keys)})"
    if skfr is not None:
        sk = skfr_ers(skfr.parent / f"{name}_rat.txt")
        line += f"; ER equal to skfr's on {sum(same_er(ours.get(k), sk.get(k)) for k in keys)} of {n}"
        if len(sk) < len(set(keys)):
            line += f" (skfr rated {sum(k in sk for k in keys)})"
    return line


def print_tables(
    results: dict[str, dict[str, list[Run] | None]], sizes: dict[str, int], rounds: int, timeout: float
) -> None:
    """The table of puzzles/s and ratios, and the table of seconds of every program on every sample."""
    print()
    print(f"Puzzles per second (best of {rounds} round(s), whole processes; ratio > 1: ours faster)")
    print()
    titles = (
        "sample",
        "puzzles",
        *(f"{'SE' if p == 'ours' else p} p/s" for p in PROGRAMS),
        "SE/serate",
        "SE/skfr",
        "hodoku/jar",
        "row/jar",
    )
    rows = [
        [name, sizes[name], *(fmt_rate(sizes[name], res[p], timeout) for p in PROGRAMS)]
        + [fmt_ratio(res["ours"], res["serate"]), fmt_ratio(res["ours"], res["skfr"])]
        + [fmt_ratio(res["hodoku"], res["jar"]), fmt_ratio(res["row"], res["jar"])]
        for name, res in results.items()
    ]
    print_markdown(titles, rows, "lr" + "r" * (len(titles) - 2))
    print()
    print("Seconds of the best round (wall / CPU of the child), and every round's wall time")
    print()
    rows = [seconds_row(name, prog, res[prog]) for name, res in results.items() for prog in PROGRAMS]
    print_markdown(("sample", "program", "wall s", "CPU s", "rounds (wall s)"), rows, "llrrl")


def seconds_row(name: str, prog: str, runs: list[Run] | None) -> list[str]:
    """One row of the table of seconds: the best round's wall and CPU seconds, and every round's wall."""
    if runs is None:
        return [name, prog, "skipped", "", ""]
    fastest = best(runs)
    rounds = ", ".join(f"{x.wall:.2f}" + ("" if x.ok else f" ({x.status.split(':')[0]})") for x in runs)
    if fastest:
        return [name, prog, f"{fastest.wall:.2f}", f"{fastest.cpu:.2f}", rounds]
    return [name, prog, failure(runs).split(":")[0], "", rounds]


def main(argv: list[str] | None = None) -> int:
    """Parse the options, time every sample and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--samples", nargs="+", choices=list(SAMPLES), default=list(SAMPLES), help="samples to run (default: all)"
    )
    ap.add_argument("--limit", type=int, default=None, help="cut every sample to N puzzles")
    ap.add_argument(
        "--programs", nargs="+", choices=PROGRAMS, default=list(PROGRAMS), help="programs to time (default: all)"
    )
    ap.add_argument("--rounds", type=int, default=2, help="rounds of each program (default 2)")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per process (default 1800)")
    ap.add_argument(
        "--anchors",
        default=str(ANCHORS),
        help="folder with serate.jar, json-simple.jar and skfr (default $SUDOKU_ANCHORS, else shared/anchors "
        "beside the checkout)",
    )
    args = ap.parse_args(argv)
    anchors = Path(args.anchors).resolve()
    if not (Path(sys.executable).parent / "sudoku").is_file():
        print(
            f"error: no sudoku script beside {sys.executable}: install the project in this environment", file=sys.stderr
        )
        return 2

    samples = {name: sample_puzzles(name, args.limit) for name in args.samples}
    results: dict[str, dict[str, list[Run] | None]] = {}
    agree: list[str] = []
    with tempfile.TemporaryDirectory(prefix="se_anchors_") as tmp:
        base = Path(tmp)
        env = our_env(base / "pycache")
        first = next(p for ps in samples.values() for p in ps)
        # one untimed run fills the bytecode cache, as an installed copy has its code compiled
        (base / "warm.txt").write_text(first + "\n")
        warm = run_command(our_command("warm.txt", "warm.csv"), cwd=base, timeout=args.timeout, env=env)
        if not warm.ok:
            print(f"error: ours failed on one puzzle: {warm.status}", file=sys.stderr)
            return 1
        wanted = set(args.programs)
        serate = serate_command(anchors, "sample.txt") if "serate" in wanted else None
        skfr = prepare_skfr(anchors, base / "skfr", first) if "skfr" in wanted else None
        jar = jar_command(anchors, "sample.txt") if "jar" in wanted else None

        print(f"machine: {machine()}; {platform.platform()}; Python {platform.python_version()}")
        print(
            f"date: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}; "
            f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
        print(f"rounds: {args.rounds}; timeout: {args.timeout:g} s per process; anchors: {anchors}", flush=True)

        for name, ps in samples.items():
            text = "\n".join(ps) + "\n"
            work = base / name
            work.mkdir()
            (work / "sample.txt").write_text(text)
            if skfr:
                (skfr.parent / f"{name}.txt").write_text(text)
            ours = {p: our_command("sample.txt", f"{p}.csv", p) for p in OUR_COLUMNS if p in wanted}
            contenders = {
                **{p: partial(run_command, cmd, cwd=work, timeout=args.timeout, env=env) for p, cmd in ours.items()},
                "jar": None
                if jar is None
                else partial(run_command, jar, cwd=work, timeout=args.timeout, stdout_path=work / "jar.txt"),
                "serate": None
                if serate is None
                else partial(run_command, serate, cwd=work, timeout=args.timeout, stdout_path=work / "serate.csv"),
                "skfr": None if skfr is None else partial(skfr_run, skfr, name, args.timeout),
            }
            results[name] = time_sample(name, ps, work, contenders, args.rounds)
            if "ours" in wanted:
                agree.append(agreement(name, ps, work, skfr, serate is not None))

    print_tables(results, {name: len(ps) for name, ps in samples.items()}, args.rounds, args.timeout)
    print()
    for line in agree:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
