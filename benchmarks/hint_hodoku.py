"""How long `sudoku hint --order hodoku` takes at every position of HoDoKu's path through the
puzzles of the 2011 hardest list (``puzzles/hardest_2011_dev.csv``, 188 puzzles).

    python -m benchmarks.hint_hodoku [--limit N] [--every K] [--level 1|2|3] [--jobs J]

Takes HoDoKu's path on each puzzle and, at each position of it, times what ``sudoku hint
--order hodoku POSITION`` does after start-up: the solver's next step in HoDoKu's order (the
compiled engine where it is built; a position has no history, so no singles queues) and its
words at ``--level`` (3: the whole step). Prints, per puzzle, the positions, the median and
the slowest; then the median and the slowest of all, and where. ``--jobs`` spreads the
puzzles over processes (each position is still timed alone, in one process). Start-up comes
on top; measure it with ``time sudoku hint P --order hodoku`` on a trivial position.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

from benchmarks.common import Table, collection
from benchmarks.hint_hardest import time_hint
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse
from sudoku_logic.native import ENGINE


def time_puzzle(job: tuple[str, int, int]) -> tuple[str, list[float], tuple[float, int, str]]:
    """The seconds of the hint at every ``every``-th position of one puzzle's HoDoKu path, and
    the slowest (seconds, position, technique); a position without a hint is reported on the
    error output."""
    puzzle, every, level = job
    grid = parse(puzzle)
    path = Solver(order="hodoku", unique=True).solve(grid)
    work = grid.copy()
    times: list[float] = []
    slow = (0.0, -1, "")
    for i, step in enumerate(path.steps):
        if i % every == 0:
            dt, found, text = time_hint(Solver(order="hodoku", unique=True), work, level)
            times.append(dt)
            if dt > slow[0]:
                slow = (dt, i, found.technique if found else "-")
            if found is None or not text:
                print(f"  {puzzle[:20]} #{i}: no hint", file=sys.stderr)
        work.apply(step)
    return puzzle, times, slow


def main(argv: list[str] | None = None) -> None:
    """Time the hint at every position of each puzzle's HoDoKu path; print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="at most N puzzles")
    ap.add_argument("--every", type=int, default=1, help="every K-th position of each path")
    ap.add_argument("--level", type=int, default=3, choices=(1, 2, 3))
    ap.add_argument("--jobs", type=int, default=1, help="processes (puzzles spread over them)")
    args = ap.parse_args(argv)
    puzzles = collection("hardest_2011_dev.csv", args.limit or None)
    print(f"engine: {ENGINE}; {len(puzzles)} puzzles; hint level {args.level}")
    table = Table(
        ("puzzle", "{:<24}"),
        ("positions", " {:>9}"),
        ("median s", " {:>9.3f}"),
        ("slowest s", " {:>9.3f}"),
        ("slowest at", "  {}"),
    )
    table.header()
    worst = (0.0, "", -1, "")
    every: list[float] = []
    jobs = [(p, args.every, args.level) for p in puzzles]
    with ProcessPoolExecutor(args.jobs) as pool:
        for puzzle, times, slow in pool.map(time_puzzle, jobs):
            every += times
            table.row(puzzle[:22] + "..", len(times), statistics.median(times), slow[0], f"#{slow[1]} {slow[2]}")
            if slow[0] > worst[0]:
                worst = (slow[0], puzzle, slow[1], slow[2])
    print(
        f"all: {len(every)} positions, median {statistics.median(every):.3f} s, slowest {worst[0]:.3f} s "
        f"({worst[1][:22]}.. #{worst[2]}, {worst[3]})"
    )


if __name__ == "__main__":
    main()
