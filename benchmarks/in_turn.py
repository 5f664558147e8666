"""Two commands timed in turn, as whole processes: A, B, A, B, ... and the ratio pair by pair.

    python -m benchmarks.in_turn --a "CMD A" --b "CMD B" [--runs 5] [--warmup 1]

Each command is split as a shell splits words and run without a shell, its output thrown
away; its CPU time is what the operating system counts for the finished process (user +
system, children included). Prints each command's CPU seconds per run and their median, and
the ratio A/B of each pair with its median: when the machine's speed drifts during the run,
the pairs drift together and the ratio holds.

Used to hold our SE path against the code of the day an issue was filed, for example (the
SE path's columns only, so that HoDoKu's path is not computed):

    git worktree add /tmp/base 28ca72e && python -m venv /tmp/base-venv \\
        && /tmp/base-venv/bin/pip install -e /tmp/base
    python -m benchmarks.in_turn --runs 5 \\
        --a "sudoku rate top100.txt --jobs 1 --no-progress --no-summary --columns puzzle,rating,ep,ed" \\
        --b "/tmp/base-venv/bin/sudoku rate top100.txt --jobs 1 -f csv --no-progress --no-summary \\
             --columns puzzle,rating,ep,ed"
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
from functools import partial

from benchmarks.common import Run, run_command, take_turns


def counted(run: Run, argv: list[str]) -> float:
    """The CPU seconds of ``run``, a run of ``argv``; stops the script if it failed."""
    if run.returncode is None:
        raise SystemExit(f"{argv[0]}: {run.status}")
    if not run.ok:
        raise SystemExit(f"{argv[0]} exited {run.returncode}: {run.stderr.strip()[-400:]}")
    return run.cpu


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run the warm-up and the counted pairs, print each pair and the medians."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="the first command")
    ap.add_argument("--b", required=True, help="the second command")
    ap.add_argument("--runs", type=int, default=5, help="counted runs of each (default 5)")
    ap.add_argument("--warmup", type=int, default=1, help="runs of each not counted, first (default 1)")
    args = ap.parse_args(argv)
    words = {"A": shlex.split(args.a), "B": shlex.split(args.b)}
    turns = {name: partial(run_command, cmd) for name, cmd in words.items()}
    for _rnd, name, run in take_turns(turns, args.warmup):
        counted(run, words[name])
    cpu: dict[str, list[float]] = {"A": [], "B": []}
    for rnd, name, run in take_turns(turns, args.runs):
        cpu[name].append(counted(run, words[name]))
        if name == "B":
            ta, tb = cpu["A"][-1], cpu["B"][-1]
            print(f"run {rnd}: A {ta:8.3f} s   B {tb:8.3f} s   A/B {ta / tb:.3f}", flush=True)
    ratios = [x / y for x, y in zip(cpu["A"], cpu["B"])]
    print(
        f"median CPU s: A {statistics.median(cpu['A']):.3f}  B {statistics.median(cpu['B']):.3f}  "
        f"A/B {statistics.median(ratios):.3f} (pairs {min(ratios):.3f}-{max(ratios):.3f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
