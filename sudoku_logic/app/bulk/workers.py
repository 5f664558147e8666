"""How many worker processes a run starts: the cores this process may use, the puzzles it
has to rate, and what was asked (``--jobs``)."""

from __future__ import annotations

import os


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def worker_count(asked: int, puzzles: int | None = None) -> tuple[int, str]:
    """The worker processes a run starts for ``asked`` (0: every core) and at most ``puzzles``
    entries (None: not known): never more than the cores this process may use, nor than the
    puzzles, nor fewer than two where more than one was asked or is the default (workers, not
    this process, keep each puzzle's memory limit and a crash apart). Returns the count and, where an asked count
    was lowered, why (one line for the user)."""
    cores = cpu_count()
    jobs = asked or cores
    why = []
    if jobs > cores:
        jobs = cores
        why.append(f"{cores} core{'s' if cores != 1 else ''} here")
    if puzzles is not None and jobs > max(puzzles, 1):
        jobs = max(puzzles, 1)
        why.append(f"{puzzles} puzzle{'s' if puzzles != 1 else ''} to rate")
    if (asked or cores) > 1:
        jobs = max(jobs, 2)
    note = f"--jobs {asked} lowered to {jobs}: {' and '.join(why)}" if asked and jobs < asked else ""
    return jobs, note
