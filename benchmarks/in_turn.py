"""Two commands timed in turn, as whole processes: A, B, A, B, ... and the ratio pair by pair.

    python benchmarks/in_turn.py --a "CMD A" --b "CMD B" [--runs 5] [--warmup 1]

Each command is split as a shell splits words and run without a shell, its output thrown
away; its CPU time is what the operating system counts for the finished process (user +
system, children included). Prints each command's CPU seconds per run and their median, and
the ratio A/B of each pair with its median: when the machine's speed drifts during the run,
the pairs drift together and the ratio holds.

Used to hold our SE path against the code of the day an issue was filed, for example (the
SE path's columns only, so that HoDoKu's path is not computed):

    git worktree add /tmp/base 28ca72e && python -m venv /tmp/base-venv \\
        && /tmp/base-venv/bin/pip install -e /tmp/base
    python benchmarks/in_turn.py --runs 5 \\
        --a "sudoku rate top100.txt --jobs 1 --no-progress --no-summary --columns puzzle,rating,ep,ed" \\
        --b "/tmp/base-venv/bin/sudoku rate top100.txt --jobs 1 -f csv --no-progress --no-summary \\
             --columns puzzle,rating,ep,ed"
"""
from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess


def cpu_seconds(argv: list[str]) -> float:
    """Run ``argv`` to its end (output discarded) and return the CPU seconds it used."""
    before = os.times()
    res = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    after = os.times()
    if res.returncode != 0:
        raise SystemExit(f"{argv[0]} exited {res.returncode}: {res.stderr.strip()[-400:]}")
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="the first command")
    ap.add_argument("--b", required=True, help="the second command")
    ap.add_argument("--runs", type=int, default=5, help="counted runs of each (default 5)")
    ap.add_argument("--warmup", type=int, default=1, help="runs of each not counted, first (default 1)")
    args = ap.parse_args()
    a, b = shlex.split(args.a), shlex.split(args.b)
    for _ in range(args.warmup):
        cpu_seconds(a)
        cpu_seconds(b)
    ta: list[float] = []
    tb: list[float] = []
    for i in range(args.runs):
        ta.append(cpu_seconds(a))
        tb.append(cpu_seconds(b))
        print(f"run {i + 1}: A {ta[-1]:8.3f} s   B {tb[-1]:8.3f} s   A/B {ta[-1] / tb[-1]:.3f}", flush=True)
    ratios = [x / y for x, y in zip(ta, tb)]
    print(f"median CPU s: A {statistics.median(ta):.3f}  B {statistics.median(tb):.3f}  "
          f"A/B {statistics.median(ratios):.3f} (pairs {min(ratios):.3f}-{max(ratios):.3f})")


if __name__ == "__main__":
    main()
