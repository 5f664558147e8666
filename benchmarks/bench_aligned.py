"""Speed of Sudoku Explainer's Aligned Pair / Triplet Exclusion rules (strategies/se/aligned_exclusion.py).

Positions: SE's own recorded paths (``tests/data/se_paths.jsonl.gz``), the positions where
SE's order runs each rule:

- APE runs wherever the basic rules find nothing: positions where SE took APE or a later
  producer (Forcing Chains & Cycles onward);
- ATE runs wherever Forcing Chains & Cycles finds nothing: positions where SE took ATE or a
  later producer (Nishio Forcing Chains onward); the "stuck" ones are those where SE used a
  Nishio, Multiple or Dynamic rule.

Each position is timed ``--repeat`` times (all the rule's steps drawn, CPU time of this
process) and its fastest time kept; the figures are the median and the worst of those over
the positions, in microseconds per call.

Usage: python -m benchmarks.bench_aligned [--source top1465] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Iterable

from benchmarks.common import tests_module
from strategies.se.aligned_exclusion import aligned_pair_exclusion, aligned_triplet_exclusion
from sudoku_logic.core.grid import Grid

#: SE's recorded paths, replayed (``tests/se_paths.py``)
SE_PATHS = tests_module("se_paths")

STUCK = ("Nishio Forcing Chains", "Multiple Forcing Chains", "Dynamic Forcing Chains", "Dynamic Forcing Chains (+)")
AFTER_ATE = STUCK + ("Aligned Triplet Exclusion",)
AFTER_APE = AFTER_ATE + ("Forcing Chains & Cycles", "Aligned Pair Exclusion")


def timed(finder: Callable[[Grid], Iterable], grid: Grid, repeat: int) -> float:
    """Fastest of ``repeat`` calls drawing all of ``finder``'s steps, in microseconds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time_ns()
        for _step in finder(grid):
            pass
        best = min(best, time.process_time_ns() - t)
    return best / 1000


def report(label: str, times: list[float]) -> None:
    """Print the median, worst and mean of ``times`` (microseconds), or that there were none."""
    if not times:
        print(f"{label}: no positions")
        return
    print(
        f"{label}: {len(times)} positions, median {statistics.median(times):.0f} us, "
        f"worst {max(times):.0f} us, mean {statistics.fmean(times):.0f} us"
    )


def main(argv: list[str] | None = None) -> None:
    """Time both rules at every position of SE's recorded paths where SE's order runs them."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", default="top1465", help="source of the recorded puzzles ('' for all)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    ape_all, ate_all, ape_stuck, ate_stuck = [], [], [], []
    for path in SE_PATHS.se_paths():
        if args.source and path.source != args.source:
            continue
        for grid, step in SE_PATHS.positions(path):
            if step.rule in AFTER_APE:
                t = timed(aligned_pair_exclusion, grid, args.repeat)
                ape_all.append(t)
                if step.rule in STUCK:
                    ape_stuck.append(t)
            if step.rule in AFTER_ATE:
                t = timed(aligned_triplet_exclusion, grid, args.repeat)
                ate_all.append(t)
                if step.rule in STUCK:
                    ate_stuck.append(t)
    src = args.source or "all sources"
    report(f"APE, {src}, where SE runs it", ape_all)
    report(f"APE, {src}, stuck (Nishio/Multiple/Dynamic)", ape_stuck)
    report(f"ATE, {src}, where SE runs it", ate_all)
    report(f"ATE, {src}, stuck (Nishio/Multiple/Dynamic)", ate_stuck)


if __name__ == "__main__":
    main()
