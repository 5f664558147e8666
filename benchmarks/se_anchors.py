"""Our Sudoku Explainer (SE) rating path against serate and skfr, whole processes timed in turn.

    python benchmarks/se_anchors.py [--rounds 2] [--samples simple3000 qqwing_expert ...]
                                    [--limit N] [--timeout 1800] [--anchors DIR]

For each sample (a file written to a temporary directory from the project's ``puzzles/``:
``simple3000`` = the first 1000 of qqwing_simple, qqwing_easy and qqwing_intermediate;
``qqwing_expert`` = qqwing_expert[:500]; ``top1465`` = top1465[:300]; ``sudoku17`` =
sudoku17[:5000]; ``--limit N`` cuts each to N puzzles) runs, one after the other, ``--rounds``
times:

- ours: ``sudoku rate FILE --jobs 1 --no-progress --no-summary --columns puzzle,rating,ep,ed
  --format csv --output ours.csv`` (the ``sudoku`` script beside this interpreter);
- serate: ``java -Xrs -Xmx500m -cp serate.jar:json-simple.jar diuf.sudoku.test.serate
  --format=%g,%r,%p,%d --input=FILE`` (Sudoku Explainer's batch rater), in a scratch directory;
- skfr: ``./skfr -iNAME`` on ``NAME.txt``, in a scratch directory it was copied into.

serate and skfr come from ``--anchors`` (default ``../shared/anchors`` beside the repository,
see its README); they are skipped with a message when Java, a jar or skfr is missing or skfr
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
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"
SAMPLES: dict[str, list[tuple[str, int]]] = {
    "simple3000": [("qqwing_simple.txt", 1000), ("qqwing_easy.txt", 1000), ("qqwing_intermediate.txt", 1000)],
    "qqwing_expert": [("qqwing_expert.txt", 500)],
    "top1465": [("top1465.txt", 300)],
    "sudoku17": [("sudoku17.txt", 5000)],
}
PROGRAMS = ("ours", "serate", "skfr")
OUR_COLUMNS = "puzzle,rating,ep,ed"


@dataclass
class Run:
    """One timed process: wall and CPU seconds, and how it ended."""
    wall: float
    cpu: float
    status: str = "ok"  # ok, timeout, or "exit N" / an error message


@dataclass
class Result:
    """All rounds of one program on one sample."""
    runs: list[Run] = field(default_factory=list)

    def best(self) -> Run | None:
        """The completed run with the least wall time, or None when none completed."""
        ok = [r for r in self.runs if r.status == "ok"]
        return min(ok, key=lambda r: r.wall) if ok else None

    def failure(self) -> str:
        """What went wrong when no run completed (timeout, exit code...)."""
        return self.runs[-1].status if self.runs else "not run"


def norm(puzzle: str) -> str:
    """A puzzle as 81 characters with '.' for an empty cell."""
    return puzzle.replace("0", ".")


def is_puzzle(token: str) -> bool:
    """True when ``token`` is an 81-character puzzle (digits, '0' or '.' for empty)."""
    return len(token) == 81 and all(ch in "0123456789." for ch in token)


def read_puzzles(name: str, n: int) -> list[str]:
    """The first ``n`` puzzles of ``puzzles/NAME`` (comment, blank and other lines skipped)."""
    out: list[str] = []
    with open(PUZZLES / name) as fh:
        for line in fh:
            s = line.strip()
            if not s or s[0] in "#;":
                continue
            token = s.replace(",", " ").split()[0]
            if is_puzzle(token):
                out.append(token)
                if len(out) == n:
                    break
    return out


def sample_puzzles(name: str, limit: int | None) -> list[str]:
    """The puzzles of sample ``name``, cut to ``limit`` when given."""
    ps = [p for fname, n in SAMPLES[name] for p in read_puzzles(fname, n)]
    return ps[:limit] if limit else ps


def timed(argv: list[str], cwd: Path, timeout: float, env: dict[str, str] | None = None,
          stdout_path: Path | None = None) -> Run:
    """Run ``argv`` in ``cwd`` to its end (stdout to ``stdout_path`` or discarded) and time it.

    Killed (its whole process group) after ``timeout`` seconds."""
    out = open(stdout_path, "w") if stdout_path else subprocess.DEVNULL
    try:
        before = os.times()
        t0 = time.perf_counter()
        try:
            proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.PIPE,
                                    text=True, start_new_session=True)
        except OSError as exc:
            return Run(0.0, 0.0, f"cannot run: {exc}")
        try:
            _, err = proc.communicate(timeout=timeout)
            status = "ok" if proc.returncode == 0 else f"exit {proc.returncode}: {err.strip()[-300:]}"
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.communicate()
            status = "timeout"
        wall = time.perf_counter() - t0
        after = os.times()
    finally:
        if stdout_path:
            out.close()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return Run(wall, cpu, status)


def our_env(cache: Path) -> dict[str, str]:
    """Our environment with bytecode cached in ``cache`` (outside the repository)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def our_command(inp: str, out: str) -> list[str]:
    """Our SE path on ``inp``, rows (CSV) to ``out``."""
    script = Path(sys.executable).parent / "sudoku"
    return [str(script), "rate", inp, "--jobs", "1", "--no-progress", "--no-summary",
            "--columns", OUR_COLUMNS, "--format", "csv", "--output", out]


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
    return [java, "-Xrs", "-Xmx500m", "-cp", ":".join(map(str, jars)), "diuf.sudoku.test.serate",
            "--format=%g,%r,%p,%d", f"--input={inp}"]


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
    run = timed(["./skfr", "-iprobe"], scratch, 120)
    rated = scratch / "probe_rat.txt"
    if run.status != "ok" or not rated.is_file() or not rated.read_text().strip():
        print(f"note: skfr skipped: it cannot run here ({run.status if run.status != 'ok' else 'no rating'})",
              file=sys.stderr)
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


def fmt_rate(n: int, res: Result | None, timeout: float) -> str:
    """Puzzles per second of the best round, or why there is none."""
    if res is None:
        return "skipped"
    best = res.best()
    if best:
        return f"{n / best.wall:.1f}"
    status = res.failure()
    return f"timeout (>{timeout:g} s)" if status == "timeout" else "failed"


def fmt_ratio(a: Result | None, b: Result | None) -> str:
    """Our puzzles/s over theirs (best rounds), or '-'."""
    ba, bb = (a.best() if a else None), (b.best() if b else None)
    return f"{bb.wall / ba.wall:.2f}" if ba and bb else "-"


def main(argv: list[str] | None = None) -> int:
    """Parse the options, time every sample and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--samples", nargs="+", choices=list(SAMPLES), default=list(SAMPLES),
                    help="samples to run (default: all)")
    ap.add_argument("--limit", type=int, default=None, help="cut every sample to N puzzles")
    ap.add_argument("--rounds", type=int, default=2, help="rounds of each program (default 2)")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per process (default 1800)")
    ap.add_argument("--anchors", default=str(ROOT.parent / "shared" / "anchors"),
                    help="folder with serate.jar, json-simple.jar and skfr (default ../shared/anchors "
                         "beside the repository)")
    args = ap.parse_args(argv)
    anchors = Path(args.anchors).resolve()
    if not (Path(sys.executable).parent / "sudoku").is_file():
        print(f"error: no sudoku script beside {sys.executable}: install the project in this environment",
              file=sys.stderr)
        return 2

    samples = {name: sample_puzzles(name, args.limit) for name in args.samples}
    results: dict[str, dict[str, Result | None]] = {}
    agree: list[str] = []
    with tempfile.TemporaryDirectory(prefix="se_anchors_") as tmp:
        base = Path(tmp)
        cache = base / "pycache"
        env = our_env(cache)
        first = next(p for ps in samples.values() for p in ps)
        # one untimed run fills the bytecode cache, as an installed copy has its code compiled
        (base / "warm.txt").write_text(first + "\n")
        warm = timed(our_command("warm.txt", "warm.csv"), base, args.timeout, env)
        if warm.status != "ok":
            print(f"error: ours failed on one puzzle: {warm.status}", file=sys.stderr)
            return 1
        serate = serate_command(anchors, "sample.txt")
        skfr = prepare_skfr(anchors, base / "skfr", first)

        print(f"machine: {machine()}; {platform.platform()}; Python {platform.python_version()}")
        print(f"date: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}; "
              f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print(f"rounds: {args.rounds}; timeout: {args.timeout:g} s per process; anchors: {anchors}", flush=True)

        for name, ps in samples.items():
            n = len(ps)
            text = "\n".join(ps) + "\n"
            work = base / name
            work.mkdir()
            (work / "sample.txt").write_text(text)
            if skfr:
                (skfr.parent / f"{name}.txt").write_text(text)
            res: dict[str, Result | None] = {"ours": Result(), "serate": Result() if serate else None,
                                             "skfr": Result() if skfr else None}
            for rnd in range(1, args.rounds + 1):
                for prog in PROGRAMS:  # in turn, so that a drift of the machine's speed hits all alike
                    r = res[prog]
                    if r is None or (r.runs and r.runs[-1].status != "ok"):
                        continue  # skipped, or timed out / failed in an earlier round
                    if prog == "ours":
                        run = timed(our_command("sample.txt", "ours.csv"), work, args.timeout, env)
                    elif prog == "serate":
                        run = timed(serate, work, args.timeout, stdout_path=work / "serate.csv")
                    else:
                        for f in (f"{name}_rat.txt", f"{name}_N_rat.txt"):
                            (skfr.parent / f).unlink(missing_ok=True)
                        run = timed(["./skfr", f"-i{name}"], skfr.parent, args.timeout)
                    r.runs.append(run)
                    print(f"  {name} ({n}) round {rnd} {prog}: {run.wall:.2f} s wall, {run.cpu:.2f} s CPU"
                          + ("" if run.status == "ok" else f"  [{run.status}]"), file=sys.stderr, flush=True)
            results[name] = res

            ours = our_ers(work / "ours.csv")
            keys = [norm(p) for p in ps]
            line = f"{name}: ours rated {sum(k in ours for k in keys)} of {n}"
            if res["serate"] is not None:
                se = serate_ers(work / "serate.csv")
                line += f"; ER equal to serate's on {sum(same_er(ours.get(k), se.get(k)) for k in keys)} of {n}"
                if len(se) < len(set(keys)):
                    line += f" (serate rated {sum(k in se for k in keys)})"
            if res["skfr"] is not None:
                sk = skfr_ers(skfr.parent / f"{name}_rat.txt")
                line += f"; ER equal to skfr's on {sum(same_er(ours.get(k), sk.get(k)) for k in keys)} of {n}"
                if len(sk) < len(set(keys)):
                    line += f" (skfr rated {sum(k in sk for k in keys)})"
            agree.append(line)

    print()
    print(f"Puzzles per second (best of {args.rounds} round(s), whole processes; ratio > 1: ours faster)")
    print()
    print("| sample | puzzles | ours p/s | serate p/s | skfr p/s | ours/serate | ours/skfr |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, res in results.items():
        n = len(samples[name])
        print(f"| {name} | {n} | " + " | ".join(fmt_rate(n, res[p], args.timeout) for p in PROGRAMS)
              + f" | {fmt_ratio(res['ours'], res['serate'])} | {fmt_ratio(res['ours'], res['skfr'])} |")
    print()
    print("Seconds of the best round (wall / CPU of the child), and every round's wall time")
    print()
    print("| sample | program | wall s | CPU s | rounds (wall s) |")
    print("|---|---|---:|---:|---|")
    for name, res in results.items():
        for prog in PROGRAMS:
            r = res[prog]
            if r is None:
                print(f"| {name} | {prog} | skipped | | |")
                continue
            best = r.best()
            rounds = ", ".join(f"{x.wall:.2f}" + ("" if x.status == "ok" else f" ({x.status.split(':')[0]})")
                               for x in r.runs)
            if best:
                print(f"| {name} | {prog} | {best.wall:.2f} | {best.cpu:.2f} | {rounds} |")
            else:
                print(f"| {name} | {prog} | {r.failure().split(':')[0]} | | {rounds} |")
    print()
    for line in agree:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
