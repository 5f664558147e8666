"""Rating throughput on shipped collections, against hodoku-py (HoDoKu's pure-Python port).

    python benchmarks/bench_rate.py [N] [--jobs N] [--collections a.txt,b.txt] [--no-hodoku-py]

For the first N puzzles (default 100) of each collection (qqwing_expert, top1465, sudoku17)
prints puzzles per second for:

- ``ours hodoku``: our HoDoKu-scale path alone (what hodoku-py computes), one process;
- ``ours se``: our Sudoku Explainer path alone (what serate computes: ER/EP/ED), one process;
- ``ours both``: a full row (SE path and HoDoKu path), one process;
- ``ours both xJ``: the same through ``sudoku_logic.app.bulk`` with J worker processes (all cores);
- ``hodoku-py``: ``hodoku.Solver().rate(puzzle)``, one process (install with
  ``pip install -e .[bench]``);

and the ratio of our single-process HoDoKu-scale rate to hodoku-py's, plus how many puzzles
each solved without giving up. The two are timed puzzle by puzzle in turn, so that a drift
in the machine's speed affects both alike.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_logic.grading.rater import Rater  # noqa: E402
from sudoku_logic.core.formats import parse  # noqa: E402

COLLECTIONS = ["qqwing_expert.txt", "top1465.txt", "sudoku17.txt"]


def puzzles(name: str, n: int) -> list[str]:
    out = []
    with open(ROOT / "puzzles" / name) as fh:
        for line in fh:
            s = line.strip()
            if s and not s.startswith("#"):
                out.append(s.split()[0])
                if len(out) == n:
                    break
    return out


def bench_ours(ps: list[str], se: bool, hodoku: bool) -> tuple[float, int]:
    rater = Rater(se=se, hodoku=hodoku)
    rater.rate(parse(ps[0]))  # warm up (imports, tables)
    t0 = time.perf_counter()
    solved = sum(rater.rate(parse(p)).solved for p in ps)
    return len(ps) / (time.perf_counter() - t0), solved


def bench_bulk(ps: list[str], jobs: int) -> float:
    from rich.console import Console

    from sudoku_logic.app.bulk import Options, rate_files
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "in.txt"
        src.write_text("\n".join(ps) + "\n")
        quiet = Console(file=open(os.devnull, "w"))
        t0 = time.perf_counter()
        rate_files([str(src)], Options(jobs=jobs), fmt="csv", output=str(Path(d) / "out.csv"), progress=False,
                   err=quiet, summary=False)
        return len(ps) / (time.perf_counter() - t0)


def bench_interleaved(ps: list[str]) -> tuple[float, int, float, int] | None:
    """Our HoDoKu-scale path and hodoku-py on the same puzzles, alternating puzzle by puzzle
    so that both see the same machine (a shared machine's speed drifts by 10-30 % within
    minutes): (our rate, solved, hodoku-py's rate, solved), or None without hodoku-py."""
    try:
        from hodoku import Solver
    except ImportError:
        return None
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("n", nargs="?", type=int, default=100, help="puzzles per collection")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes for the parallel run")
    ap.add_argument("--collections", default=",".join(COLLECTIONS))
    ap.add_argument("--no-hodoku-py", action="store_true", help="skip hodoku-py")
    args = ap.parse_args(argv)
    print(f"{'collection':<20} {'ours hodoku':>12} {'ours se':>10} {'ours both':>10} {f'both x{args.jobs}':>10} "
          f"{'hodoku-py':>10} {'ratio':>7}   solved ours/hodoku-py")
    for name in args.collections.split(","):
        ps = puzzles(name, args.n)
        pair = None if args.no_hodoku_py else bench_interleaved(ps)
        if pair is not None:
            ho, ho_solved, ref_rate, ref_solved = pair
            ref = (ref_rate, ref_solved)
        else:
            (ho, ho_solved), ref = bench_ours(ps, se=False, hodoku=True), None
        se, _ = bench_ours(ps, se=True, hodoku=False)
        both, _ = bench_ours(ps, se=True, hodoku=True)
        par = bench_bulk(ps, args.jobs)
        ref_s = f"{ref[0]:10.2f}" if ref else f"{'-':>10}"
        ratio = f"{ho / ref[0]:6.1f}x" if ref else f"{'-':>7}"
        solved = f"{ho_solved}/{ref[1]}" if ref else f"{ho_solved}/-"
        print(f"{name:<20} {ho:12.2f} {se:10.2f} {both:10.2f} {par:10.2f} {ref_s} {ratio}   {solved} of {len(ps)}", flush=True)
    print("(puzzles per second; ratio = ours hodoku / hodoku-py, both single-process)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
