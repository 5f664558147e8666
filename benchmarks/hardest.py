"""Sudoku Explainer's ER on the 2011 hardest list: our SE path against the list's own ER.

    python -m benchmarks.hardest [--limit N] [--every K] [--timeout S] [--target S] [--jobs N]
                                 [--file CSV]

Reads ``puzzles/hardest_2011_dev.csv`` (shipped; its ``ER`` column is the list's database
value, computed by Sudoku Explainer), keeps the rows that have an ER, and rates each with our
SE path alone, one puzzle at a time on one core (``--jobs N``: N processes, a puzzle each;
each puzzle's CPU seconds are still its own, a little higher when the cores share a cache).
Prints one line per puzzle (ours, the list's, seconds of CPU) and then: share with the same
ER, Spearman rank correlation, median and largest seconds per puzzle, how many were rated
within ``--target`` seconds (the issue's 30) and which were not. A puzzle still running after ``--timeout`` seconds is
counted as a disagreement and reported as ``timeout``.
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import signal
import time

from benchmarks.agreement import spearman
from benchmarks.common import PUZZLES


class _Timeout(Exception):
    """A puzzle still rating when its time ran out."""


def _alarm(signum: int, frame: object) -> None:
    """SIGALRM's handler: stop the puzzle being rated."""
    raise _Timeout


def _start_worker() -> None:
    """A rating process: its garbage collector tuned as `sudoku rate` tunes it, SIGALRM armed."""
    from sudoku_logic.app.bulk.gc_tuning import tune_gc

    tune_gc()
    signal.signal(signal.SIGALRM, _alarm)


def _rate(task: tuple[str, float]) -> tuple[float | None, str, float]:
    """(our ER or None past the timeout, our hardest step, CPU seconds) for one puzzle."""
    from grading.rater import Rating, se_rate
    from sudoku_logic.core.formats import parse

    puzzle, timeout = task
    out = Rating(puzzle)
    t0 = time.process_time()
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        se_rate(parse(puzzle), out)
        got = out.er
    except _Timeout:
        got = None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return got, out.se_hardest or "", time.process_time() - t0


def main(argv: list[str] | None = None) -> None:
    """Rate every row with an ER (or the rows asked for) and print each, then the summary."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default=str(PUZZLES / "hardest_2011_dev.csv"))
    ap.add_argument("--limit", type=int, default=0, help="rate at most N rows (after --every)")
    ap.add_argument("--every", type=int, default=1, help="take every K-th row with an ER")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per puzzle before giving up")
    ap.add_argument(
        "--target",
        type=float,
        default=30.0,
        help="seconds per puzzle the issue asks for: the summary counts the puzzles within it",
    )
    ap.add_argument(
        "--jobs", type=int, default=1, help="rating processes, a puzzle each (CPU seconds are still each puzzle's own)"
    )
    args = ap.parse_args(argv)

    with open(args.file, newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r.get("ER")][:: args.every]
    if args.limit:
        rows = rows[: args.limit]
    same = 0
    ours: list[float] = []
    theirs: list[float] = []
    seconds: list[float] = []
    tasks = [(row["puzzle"], args.timeout) for row in rows]
    if args.jobs > 1:
        pool = multiprocessing.get_context("fork").Pool(args.jobs, initializer=_start_worker)
        results = pool.imap(_rate, tasks)
    else:
        pool = None
        _start_worker()
        results = map(_rate, tasks)
    for i, (row, (got, hardest, dt)) in enumerate(zip(rows, results), 1):
        want = float(row["ER"])
        seconds.append(dt)
        ok = got is not None and abs(got - want) < 1e-9
        same += ok
        if got is not None:
            ours.append(got)
            theirs.append(want)
        shown = "timeout" if got is None else f"{got:.1f}"
        print(
            f"{i:4} {row['label'][:28]:28} ours {shown:>7}  list {want:4.1f}  {'same' if ok else 'DIFF'}"
            f"  {hardest[:48]:48} {dt:7.1f} s",
            flush=True,
        )
    if pool is not None:
        pool.close()
        pool.join()
    n = len(rows)
    over = [(dt, row["label"]) for dt, row in zip(seconds, rows) if dt > args.target]
    seconds.sort()
    print(
        f"\n{n} puzzles with an ER: same ER {same}/{n} = {100 * same / n:.1f} %, "
        f"Spearman {spearman(ours, theirs):.3f} (over {len(ours)} rated), "
        f"seconds per puzzle median {seconds[n // 2]:.1f}, max {seconds[-1]:.1f}, "
        f"within {args.target:g} s {n - len(over)}/{n}"
    )
    for dt, label in sorted(over, reverse=True):
        print(f"  over {args.target:g} s: {label} {dt:.1f} s")


if __name__ == "__main__":
    main()
