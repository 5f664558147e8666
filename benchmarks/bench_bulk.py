"""Bulk rating: how --jobs scales, the local pool against a local Dask cluster, and the client's memory.

    python -m benchmarks.bench_bulk jobs [--samples a.txt+b.txt,c.txt:N] [--columns default,se] [--jobs J] [--runs R]
    python -m benchmarks.bench_bulk speed [--sizes a.txt:N,b.txt:M] [--jobs J] [--chunk C] [--repeats R]
    python -m benchmarks.bench_bulk memory [--rows 10000,100000] [--jobs J] [--columns COLS] [--engines local,dask]
    python -m benchmarks.bench_bulk cost [--sizes a.txt:N,...]

``jobs``: ``sudoku rate FILE -j 1 -o /dev/null`` and the same with ``-j J`` (default 2), as
whole processes (start-up included) timed in turn R times (default 5) after one warm-up each,
on each sample (collections joined by ``+``, their first N puzzles with ``:N``; by default
the easy 3000, qqwing_simple+easy+intermediate, and sudoku17's first 5000) and each set of
columns (``default``: the default row, both scales; ``se``: SE's columns alone, the compiled
path, where the engine is fast and the pool's own costs show). Prints each command's median
wall seconds and puzzles per second and the median of the pairs' speed-ups (``-j 1`` wall
over ``-j J`` wall, pair by pair: a drift in the machine's speed hits both of a pair alike).
Issue 42 asks 1.7x for the default row on both samples with ``-j 2``. The scheduler gives
each session (each command run in its own session, as here) an equal share of the machine:
while another session keeps a core busy, ``-j 2`` cannot have two, and the speed-up says
nothing about the pool. Measure on an idle machine; else compare a change at equal ``-j``.

Figures of 28 Nov 2026, 2 cores, after main's compiled HoDoKu path (other sessions less
busy, load about 2): ``-j 2`` over ``-j 1``, 3 runs each, medians: sudoku17[:5000] 1.68x for
the default row (3.70 s, 1353 p/s against 2.20 s, 2272 p/s; pairs 1.60-1.78) and 1.31x for
SE's columns (1.08 s against 0.77 s); the easy 3000 1.23x for both (0.53 s against 0.47 s,
0.43 s against 0.36 s): that run is mostly the command's start (0.2 s, with one worker or
two) and the parent writing 3000 rows, the rating itself 0.3 s of CPU. Starting the pool
costs milliseconds (one puzzle: 0.18-0.21 s with ``-j 1``, 0.20 s with ``-j 2``). Under a
load of 4-7 (other sessions busy) ``-j 2`` was 0.8-1.1x ``-j 1``; at equal ``-j 2`` this pool
rated sudoku17[:5000]'s SE columns 1.92x as fast as the pool that sent one puzzle a message
(2.34 s against 4.01 s, 5 pairs in turn, pairs 0.45-0.60).

``speed``: the first N puzzles of each collection (default 300 of qqwing_expert and 1500 of
sudoku17: some ten seconds each, so that starting and finishing weigh little), rated in full (both scales, the default row) by the local pool of J worker processes (default: all
cores) and by a local Dask cluster of J single-thread workers (``--scheduler local --jobs J``),
the same job and the same memory limit; the pools are started before the clock starts, and
the two are timed in turn R times (default 2) so that a drift in the machine's speed affects
both alike. Prints puzzles per second of each run, the best of each, and Dask's overhead
(how much longer the best Dask run took than the best local one). Needs Dask
(``pip install -e ".[dask]"``).

``memory``: writes a 1,000,000-line file (sudoku17 repeated), runs ``sudoku rate FILE -o
OUT --jobs J`` as a separate process, then the same with ``--scheduler ADDRESS`` (a ``dask
scheduler`` and J ``dask worker`` processes started for it) and with ``--scheduler local``,
and prints that process's resident memory (VmRSS) and its peak so far (VmHWM) when the output
holds 1,000, 10,000 and 100,000 rows (``--rows``), then stops it (Ctrl-C): a flat peak shows
that memory does not grow with the input. By default the rows are ``puzzle,level,score`` (HoDoKu's
path alone, a real rating at about twice the speed of the full row) to keep the run to
minutes; ``--columns`` picks others. With ``--scheduler local`` the Dask scheduler runs in
that process too, so its memory is counted there; with an address, the scheduler's own is
printed beside the client's.

``cost``: what a puzzle of each collection costs to rate in full on one core (the first N of
each, in this process, one after another): mean, median, 90th percentile and slowest
milliseconds, and puzzles per core-hour, to size a cluster (a million puzzles at P puzzles
per core-hour take 1e6 / P core-hours).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from benchmarks.common import ROOT, Table, collection, samples

SIZES = "qqwing_expert.txt:300,sudoku17.txt:1500"


# ---------------------------------------------------------------- jobs

JOBS_SAMPLES = "qqwing_simple.txt+qqwing_easy.txt+qqwing_intermediate.txt,sudoku17.txt:5000"
COLUMNS = {"default": [], "se": ["--columns", "puzzle,rating,ep,ed"]}


def _sample(spec: str) -> tuple[str, list[str]]:
    """A sample ``a.txt+b.txt:N``: its name and its puzzles (the collections joined, the first N)."""
    names, _, n = spec.partition(":")
    ps = [p for name in names.split("+") for p in collection(name)]
    return spec, ps[: int(n)] if n else ps


def jobs(args: argparse.Namespace) -> None:
    """Print puzzles/s of ``sudoku rate`` with one job and with J, timed in turn, and the speed-up."""
    import statistics

    from benchmarks.common import our_env, run_command, take_turns

    print(f"sudoku rate FILE -o /dev/null, -j 1 against -j {args.jobs}; whole processes, {args.runs} runs each in turn")
    table = Table(
        ("sample", "{:<62}"),
        ("N", " {:>5}"),
        ("columns", " {:<8}"),
        ("-j 1 s", " {:>7.2f}"),
        ("-j 1 p/s", " {:>9.0f}"),
        (f"-j {args.jobs} s", " {:>7.2f}"),
        (f"-j {args.jobs} p/s", " {:>9.0f}"),
        ("speed-up", " {:>8.2f}x"),
        ("pairs", " {:>13}"),
    )
    table.header()
    with tempfile.TemporaryDirectory() as d:
        for spec in args.samples.split(","):
            name, ps = _sample(spec)
            src = Path(d) / "in.txt"
            src.write_text("\n".join(ps) + "\n")
            for cols in args.columns.split(","):
                base = [sys.executable, "-m", "sudoku_logic", "rate", str(src), "-o", os.devnull]
                base += ["--no-progress", "--no-summary", *COLUMNS[cols]]
                env = our_env(Path(d) / "pycache")
                turns = {j: partial(run_command, [*base, "-j", str(j)], cwd=ROOT, env=env) for j in (1, args.jobs)}
                for _ in take_turns(turns, 1):  # warm-up: the page cache, the bytecode (cached in d)
                    pass
                walls: dict[int, list[float]] = {1: [], args.jobs: []}
                for _rnd, j, run in take_turns(turns, args.runs):
                    if not run.ok:
                        raise SystemExit(f"-j {j} {run.status}: {run.stderr[-400:]}")
                    walls[j].append(run.wall)
                ups = [a / b for a, b in zip(walls[1], walls[args.jobs])]
                one, many = statistics.median(walls[1]), statistics.median(walls[args.jobs])
                pairs = f"{min(ups):.2f}-{max(ups):.2f}"
                table.row(name, len(ps), cols, one, len(ps) / one, many, len(ps) / many, statistics.median(ups), pairs)


# ---------------------------------------------------------------- speed


def _time(pool, ps: list[str]) -> float:
    """Seconds ``pool`` takes to rate every puzzle of ``ps`` (each must be rated)."""
    from sudoku_logic.app.bulk.pool import Task

    t0 = time.perf_counter()
    n = 0
    for _task, kind, _row in pool.run(Task(i, p) for i, p in enumerate(ps)):
        assert kind == "ok", kind
        n += 1
    assert n == len(ps)
    return time.perf_counter() - t0


def speed(args: argparse.Namespace) -> None:
    """Print puzzles/s of the local pool and of a local Dask cluster, timed in turn, on each collection."""
    from sudoku_logic.app.bulk.dask_pool import DaskPool
    from sudoku_logic.app.bulk.pool import LocalPool
    from sudoku_logic.app.bulk.rating import RateJob
    from sudoku_logic.app.bulk.workers import cpu_count

    jobs = args.jobs or cpu_count()
    job = RateJob()  # the default row: both scales
    local = LocalPool(job, jobs, memory_mb=2048)
    dask = DaskPool(job, "local", jobs=jobs, memory_mb=2048, chunk=args.chunk)
    local.start()
    dask.start()
    chunks = f"chunks of {args.chunk} puzzles" if args.chunk else "automatic chunks"
    print(
        f"{jobs} worker processes / a local Dask cluster of {jobs} single-thread workers, {chunks}; puzzles per second"
    )
    table = Table(
        ("collection", "{:<20}"),
        ("N", " {:>5}"),
        ("local pool", " {:>24}"),
        ("Dask", " {:>24}"),
        ("Dask overhead", " {:>13.1f}%"),
    )
    table.header()
    try:
        for name, n in samples(args.sizes, default=300):
            ps = collection(name, n)
            _time(local, ps[:8])  # warm both up (fork server, workers' imports)
            _time(dask, ps[:8])
            times: dict[str, list[float]] = {"local": [], "dask": []}
            for _ in range(args.repeats):
                times["local"].append(_time(local, ps))
                times["dask"].append(_time(dask, ps))
            rates = {k: " ".join(f"{len(ps) / t:6.1f}" for t in ts) for k, ts in times.items()}
            overhead = (min(times["dask"]) / min(times["local"]) - 1) * 100
            table.row(name, len(ps), rates["local"], rates["dask"], overhead)
    finally:
        local.close()
        dask.close()


# ---------------------------------------------------------------- memory


def _status(pid: int) -> dict[str, int]:
    """The resident memory (``VmRSS``) and its peak (``VmHWM``) of process ``pid``, in MiB."""
    out = {}
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith(("VmRSS:", "VmHWM:")):
                key, value, _unit = line.split()
                out[key.rstrip(":")] = int(value) // 1024
    return out


class _Cluster:
    """A ``dask scheduler`` and ``jobs`` single-thread ``dask worker`` processes on 127.0.0.1."""

    def __init__(self, where: Path, jobs: int) -> None:
        import json

        where.mkdir(parents=True, exist_ok=True)
        file = where / "scheduler.json"
        self.log = open(where / "log", "w")
        base = [sys.executable, "-m", "dask"]
        self.scheduler = subprocess.Popen(
            base + ["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(file)],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.time() + 120
        self.address = None
        while time.time() < deadline and self.address is None:
            time.sleep(0.2)
            try:
                self.address = json.loads(file.read_text())["address"]
            except (OSError, ValueError, KeyError):
                pass
        self.workers = [
            subprocess.Popen(
                base + ["worker", "--scheduler-file", str(file), "--nthreads", "1", "--no-dashboard"],
                stdout=self.log,
                stderr=subprocess.STDOUT,
            )
            for _ in range(jobs)
        ]
        from distributed import Client

        with Client(self.address, timeout=60) as c:
            c.wait_for_workers(jobs, timeout=120)

    def stop(self) -> None:
        """Stop the workers and the scheduler, and wait for them."""
        for p in self.workers + [self.scheduler]:
            p.terminate()
        for p in self.workers + [self.scheduler]:
            p.wait()
        self.log.close()


def memory(args: argparse.Namespace) -> None:
    """Print the resident memory of ``sudoku rate`` on a big file, with each engine, as its output grows."""
    marks = sorted(int(x) for x in args.rows.split(","))
    jobs = str(args.jobs or (os.cpu_count() or 1))
    with tempfile.TemporaryDirectory() as d:
        big = Path(d) / "big.txt"
        ps = collection("sudoku17.txt")
        with open(big, "w") as fh:
            for i in range(args.lines):
                fh.write(ps[i % len(ps)] + "\n")
        print(
            f"{big.name}: {args.lines:,} lines ({big.stat().st_size / 1e6:.0f} MB), sudoku17 repeated; "
            f"rows {args.columns}; --jobs {jobs}"
        )
        table = Table(
            ("engine", "{:<10}"),
            ("rows", " {:>8,}"),
            ("seconds", " {:>8.0f}"),
            ("rows/s", " {:>7.0f}"),
            ("RSS MiB", " {:>8}"),
            ("peak MiB", " {:>9}"),
        )
        table.header(note="   (dask: scheduler RSS, peak MiB)")
        for engine in args.engines.split(","):
            out = Path(d) / f"{engine}.csv"
            cmd = [sys.executable, "-m", "sudoku_logic", "rate", str(big), "-o", str(out), "--jobs", jobs]
            cmd += ["--columns", args.columns, "--no-progress", "--no-summary"]
            cluster = None
            if engine == "dask":
                cluster = _Cluster(Path(d) / "cluster", int(jobs))
                cmd += ["--scheduler", cluster.address]
            elif engine == "dask-local":
                cmd += ["--scheduler", "local"]
            proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            try:
                todo = _watch(proc, out, marks, engine, table, cluster)
            finally:
                if cluster is not None:
                    cluster.stop()
                _interrupt(proc)
            if todo:
                print(f"{engine}: stopped before {todo[0]:,} rows: {proc.stderr.read().decode()[-500:]}")


def _watch(
    proc: subprocess.Popen, out: Path, marks: list[int], engine: str, table: Table, cluster: _Cluster | None
) -> list[int]:
    """Print a row of ``table`` each time the output file ``out`` of ``proc`` passes one of
    ``marks`` rows; the marks it did not reach (``proc`` ended first)."""
    t0 = time.perf_counter()
    rows, offset, todo = -1, 0, list(marks)  # the header is not a row
    while todo and proc.poll() is None:
        time.sleep(0.2)
        try:
            with open(out, "rb") as fh:
                fh.seek(offset)
                data = fh.read()
        except OSError:
            continue
        offset += len(data)
        rows += data.count(b"\n")
        while todo and rows >= todo[0]:
            st = _status(proc.pid)
            secs = time.perf_counter() - t0
            sched = ""
            if cluster is not None:
                ss = _status(cluster.scheduler.pid)
                sched = f" {ss['VmRSS']:>13} {ss['VmHWM']:>10}"
            table.row(engine, todo.pop(0), secs, rows / secs, st["VmRSS"], st["VmHWM"], note=sched)
    return todo


def _interrupt(proc: subprocess.Popen) -> None:
    """Stop ``proc`` as Ctrl-C does, and kill it if it has not ended a minute later."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# ---------------------------------------------------------------- cost per puzzle

COST_SIZES = (
    "qqwing_simple.txt:100,qqwing_intermediate.txt:100,qqwing_expert.txt:100,sudoku17.txt:100,"
    "sudocue_top10000.txt:100,top1465.txt:40,hardest_2011_dev.csv:20"
)


def cost(args: argparse.Namespace) -> None:
    """Print what a puzzle of each collection costs to rate in full on one core."""
    import statistics

    from sudoku_logic.app.bulk.pool import SerialPool, Task
    from sudoku_logic.app.bulk.rating import RateJob

    pool = SerialPool(RateJob())
    pool.start()
    print("milliseconds per puzzle, full row (both scales), one core")
    table = Table(
        ("collection", "{:<26}"),
        ("N", " {:>4}"),
        ("mean", " {:>7.0f}"),
        ("median", " {:>7.0f}"),
        ("p90", " {:>7.0f}"),
        ("max", " {:>7.0f}"),
        ("per core-hour", " {:>14,.0f}"),
    )
    table.header()
    for name, n in samples(args.sizes):
        ps = collection(name, n)
        ms = []
        for i, p in enumerate(ps):
            t0 = time.perf_counter()
            _task, kind, _row = next(pool.run(iter([Task(i, p)])))
            ms.append((time.perf_counter() - t0) * 1000)
        ms.sort()
        mean = statistics.fmean(ms)
        table.row(name, len(ms), mean, statistics.median(ms), ms[int(0.9 * (len(ms) - 1))], ms[-1], 3.6e6 / mean)


def main(argv: list[str] | None = None) -> int:
    """Parse the options and run the mode asked for."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    jp = sub.add_parser("jobs", help="sudoku rate with -j 1 against -j J, whole processes in turn, puzzles per second")
    jp.add_argument("--samples", default=JOBS_SAMPLES, help="collections joined by +, and how many of their first")
    jp.add_argument("--columns", default="default,se", help="default (both scales), se (SE's columns alone)")
    jp.add_argument("--jobs", type=int, default=2)
    jp.add_argument("--runs", type=int, default=5)
    sp = sub.add_parser("speed", help="local pool against a local Dask cluster, puzzles per second")
    sp.add_argument("--sizes", default=SIZES, help="collections and how many of their first puzzles")
    sp.add_argument("--jobs", type=int, default=0, help="worker processes / Dask workers (default: all cores)")
    sp.add_argument("--chunk", type=int, default=0, help="puzzles per Dask task (as --chunk; 0: automatic)")
    sp.add_argument("--repeats", type=int, default=2)
    mp = sub.add_parser("memory", help="the client's resident memory at 1k, 10k, 100k rows of a million-line file")
    mp.add_argument("--rows", default="1000,10000,100000")
    mp.add_argument("--lines", type=int, default=1_000_000)
    mp.add_argument("--jobs", type=int, default=0)
    mp.add_argument("--columns", default="puzzle,level,score")
    mp.add_argument(
        "--engines",
        default="local,dask,dask-local",
        help="local (--jobs), dask (a scheduler and workers started for it), dask-local (--scheduler local)",
    )
    cp = sub.add_parser("cost", help="milliseconds per puzzle per collection, one core")
    cp.add_argument("--sizes", default=COST_SIZES)
    args = ap.parse_args(argv)
    {"jobs": jobs, "speed": speed, "memory": memory, "cost": cost}[args.mode](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
