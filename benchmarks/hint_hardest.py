"""How long `sudoku hint` takes in SE's order at every position of SE's recorded paths of
8 puzzles of the 2011 hardest list (``tests/data/se_paths_hardest.jsonl.gz``).

    python -m benchmarks.hint_hardest [--limit N] [--every K] [--level 1|2|3]

Replays each path and, at each position SE stood in, times what ``sudoku hint POSITION``
does after start-up: the solver's next step in SE's order (the compiled engine where it is
built) and its words at ``--level`` (3: the whole step). Prints, per puzzle, the positions,
the median and the slowest; then the slowest of all and where. Start-up (about 0.3 s on a
fresh process) comes on top; measure it with ``time sudoku hint P`` on a trivial position.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from benchmarks.common import Table, tests_module
from sudoku_logic.api.hints import hint_text, pick_step
from sudoku_logic.api.solver import Solver
from sudoku_logic.native import ENGINE

#: SE's recorded paths, replayed (``tests/se_paths.py``)
SE_PATHS = tests_module("se_paths")


def time_hint(solver: Solver, grid: Any, level: int) -> tuple[float, Any, str]:
    """What ``sudoku hint`` does after start-up at ``grid``: the solver's next step and its words
    at ``level``; the seconds it took, the step (None) and the words ("" when none)."""
    t = time.perf_counter()
    found = pick_step(solver, grid)
    text = hint_text(found, level) if found is not None else ""
    return time.perf_counter() - t, found, text


def time_path(path: Any, every: int, level: int) -> tuple[list[float], tuple[float, int, str]]:
    """The seconds of the hint at every ``every``-th position of one recorded path (an ``SEPath``
    of ``tests/se_paths.py``) and the slowest (seconds, position, technique); a position without
    a hint is reported on the error output."""
    times = []
    slow = (0.0, -1, "")
    for i, (grid, _step) in enumerate(SE_PATHS.positions(path)):
        if i % every:
            continue
        dt, found, text = time_hint(Solver(order="se", unique=True), grid, level)
        times.append(dt)
        if dt > slow[0]:
            slow = (dt, i, found.technique if found else "-")
        if found is None or not text:
            print(f"  {path.puzzle[:20]} #{i}: no hint", file=sys.stderr)
    return times, slow


def main(argv: list[str] | None = None) -> None:
    """Time the hint at every position of each recorded path; print each path's figures and the slowest."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="at most N puzzles")
    ap.add_argument("--every", type=int, default=1, help="every K-th position of each path")
    ap.add_argument("--level", type=int, default=3, choices=(1, 2, 3))
    args = ap.parse_args(argv)
    paths = SE_PATHS.se_paths(SE_PATHS.HARDEST)[: args.limit or None]
    print(f"engine: {ENGINE}; {len(paths)} puzzles; hint level {args.level}")
    table = Table(
        ("puzzle", "{:<24}"),
        ("ER", " {:>5}"),
        ("positions", " {:>9}"),
        ("median s", " {:>9.3f}"),
        ("slowest s", " {:>9.3f}"),
        ("slowest at", "  {}"),
    )
    table.header()
    worst = (0.0, "", -1, "")
    every: list[float] = []
    for path in paths:
        times, slow = time_path(path, args.every, args.level)
        every += times
        table.row(
            path.puzzle[:22] + "..", path.er, len(times), statistics.median(times), slow[0], f"#{slow[1]} {slow[2]}"
        )
        if slow[0] > worst[0]:
            worst = (slow[0], path.puzzle, slow[1], slow[2])
    print(
        f"all: {len(every)} positions, median {statistics.median(every):.3f} s, slowest {worst[0]:.3f} s "
        f"({worst[1][:22]}.. #{worst[2]}, {worst[3]})"
    )


if __name__ == "__main__":
    main()
