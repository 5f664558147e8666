"""Time to one puzzle that takes each technique: ``sudoku generate -n 1 --technique T``.

Usage: python -m benchmarks.generate_techniques [--order hodoku|se|both] [--practice]
[--only NAME[,NAME...]] [--limit N] [--seed S] [--timeout SECONDS]

``--compare`` weighs the designs instead, in this process: for each technique, the candidates
and CPU seconds to a first puzzle by random digging (today's route, what ``--symmetry`` still
takes) and from the technique seeds (isomorph and walk), up to ``--limit-tries`` each.

Otherwise it runs the real command as a subprocess, one technique after another, with ``-j 1`` and the
default ``--max-tries``, and prints per technique its CPU seconds, the candidates tried and
whether a puzzle was found (``never``: refused at once as never taken on the path, the
index's ``seeds.PREEMPTED``), then the medians of the others. The techniques: every one of HoDoKu's default
path but Brute Force (``--order hodoku``), every SE rule up to 8.5 (Dynamic Forcing Chains,
``--order se``); with ``--practice``, HoDoKu's techniques of level Hard and Unfair, each with
no step of the path harder. The issue's goal: each within 60 s CPU (120 s with ``--practice``),
the median at most 5 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from benchmarks.common import Table, run_command

#: SE's rules up to Dynamic Forcing Chains (8.5): the goal's upper end
SE_TOP = 8.5


def techniques(order: str, practice: bool) -> list[str]:
    """The techniques the goal covers on the path of ``order``."""
    from grading.scales import hodoku_techniques
    from grading.tables import RATINGS

    if order == "se":
        return [n for n, r in RATINGS.items() if r.se is not None and r.se <= SE_TOP]
    names = [t.name for t in hodoku_techniques() if t.name != "Brute Force"]
    if practice:
        names = [n for n in names if RATINGS[n].level in ("Hard", "Unfair")]
    return names


def run_one(name: str, order: str, practice: bool, seed: int, timeout: float) -> tuple[float, int | None, bool, str]:
    """One ``sudoku generate`` run: CPU seconds, candidates tried (``--summary``), found, and
    when not, how it ended (its last line on stderr: why the candidates missed)."""
    argv = [sys.executable, "-m", "sudoku_logic", "generate", "-n", "1", "--technique", name, "--order", order]
    argv += ["--seed", str(seed), "-j", "1", "-f", "jsonl", "--no-progress", "--summary"]
    run = run_command(argv + (["--practice"] if practice else []), capture=True, timeout=timeout)
    found = run.ok and bool(run.stdout.strip())
    tries = None
    for line in run.stderr.splitlines():
        if " tried, " in line:  # --summary: "N candidates tried, K found, S s"
            tries = int(line.split()[0])
    lines = run.stderr.strip().splitlines()
    status = "" if found else (lines[-1] if run.returncode is not None and lines else run.status)
    return run.cpu, tries, found, status


def first_find(route: str, name: str, order: str, practice: bool, seed: int, cap: int) -> tuple[float, int, bool]:
    """CPU seconds and candidates to a first puzzle taking ``name`` by ``route`` (``random``
    or ``seeds``), at most ``cap`` candidates."""
    import time

    from sudoku_logic.app.bulk import aimed
    from sudoku_logic.app.bulk.generator import Wanted, candidate, seed_aim, seeded_candidate

    wanted = Wanted(technique=name, order=order, practice=practice)
    if route == "seeds" and not aimed.pool(seed_aim(wanted), 30):
        return 0.0, 0, False
    t0 = time.process_time()
    for i in range(cap):
        if route == "seeds":
            cand = seeded_candidate(seed, i, wanted, 30)
        else:
            cand = candidate(seed, i, "none", False, 30, wanted)
        if cand.row is not None and cand.why is None:
            return time.process_time() - t0, i + 1, True
    return time.process_time() - t0, cap, False


def compare(names: list[str], order: str, practice: bool, seed: int, cap: int) -> None:
    """Print, per technique, each route's CPU seconds and candidates to a first puzzle."""
    table = Table(
        ("order", "{:<7}"),
        ("technique", "{:<40}"),
        ("random s", "{:>9.1f}"),
        ("tried", "{:>6}"),
        ("seeds s", "{:>8.2f}"),
        ("tried", "{:>6}"),
    )
    table.header(note=f"   (at most {cap} candidates each; '-' none found)")
    for name in names:
        cells: list[object] = []
        for route in ("random", "seeds"):
            cpu, tried, found = first_find(route, name, order, practice, seed, cap)
            cells += [cpu, tried if found else "-"]
        table.row(order, name, *cells)


def main(argv: list[str] | None = None) -> None:
    """Run the sweep (see the module's docstring) and print the table and the medians."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.generate_techniques")
    p.add_argument("--order", choices=["hodoku", "se", "both"], default="both")
    p.add_argument("--practice", action="store_true")
    p.add_argument("--only", default="", help="comma-separated technique names")
    p.add_argument("--limit", type=int, default=0, help="the first N techniques of each order")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--timeout", type=float, default=300.0)
    p.add_argument("--compare", action="store_true", help="weigh random digging against the seeds, in process")
    p.add_argument("--limit-tries", type=int, default=1000, help="--compare: candidates per route")
    a = p.parse_args(argv)
    goal = 120.0 if a.practice else 60.0
    table = Table(
        ("order", "{:<7}"),
        ("technique", "{:<40}"),
        ("cpu s", "{:>8.1f}"),
        ("tried", "{:>7}"),
        ("found", "{:>6}"),
        ("status", "  {}"),
    )
    if not a.compare:
        table.header()
    for order in ("hodoku", "se") if a.order == "both" else (a.order,):
        names = techniques(order, a.practice or False)
        if a.only:
            wanted = {n.strip().lower() for n in a.only.split(",")}
            names = [n for n in names if n.lower() in wanted]
        if a.limit:
            names = names[: a.limit]
        if a.compare:
            compare(names, order, a.practice, a.seed, a.limit_tries)
            continue
        times = []
        missed = []
        never = []
        for name in names:
            cpu, tries, found, status = run_one(name, order, a.practice, a.seed, a.timeout)
            refused = not found and "never taken on" in status  # seeds.PREEMPTED: proved unreachable
            table.row(
                order,
                name,
                cpu,
                tries if tries is not None else "-",
                "yes" if found else "never" if refused else "no",
                "" if found else status,
            )
            if refused:
                never.append(name)
                continue
            times.append(cpu)
            if not found or cpu > goal:
                missed.append(name)
        if times:
            print(
                f"{order}: {len(names)} techniques, median {statistics.median(times):.1f} s CPU "
                f"(of the {len(times)} not refused), max {max(times):.1f} s; over {goal:g} s or not found: "
                f"{', '.join(missed) or 'none'}; never taken (refused at once): {', '.join(never) or 'none'}",
                flush=True,
            )


if __name__ == "__main__":
    main()
