"""A pool job and a probe for the Dask tests, importable by the test cluster's workers (this folder is on
their PYTHONPATH)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading

from sudoku_logic.app.bulk.pool import Job


def in_dask_worker() -> bool:
    try:
        from distributed import get_worker

        get_worker()
    except (ImportError, ValueError):
        return False
    return True


class KillsItsWorker(Job):
    """Kills the Dask worker that runs it (before any puzzle: as its worker starts a pool
    process), as a puzzle that exhausts a worker's memory would."""

    @property
    def preload(self) -> tuple[str, ...]:  # read by the worker when it starts a process
        if in_dask_worker():
            os.kill(os.getpid(), signal.SIGKILL)
        return ()

    def run(self, payload):
        return "ok", payload


def worker_state() -> dict:
    """What our tasks must leave as they found it in a Dask worker: its signal handlers,
    its threads that keep a process alive at exit, its multiprocessing children."""
    return {
        "handlers": {s.name: repr(signal.getsignal(s)) for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)},
        "non-daemon threads": sorted(t.name for t in threading.enumerate() if not t.daemon),
        "children": len(multiprocessing.active_children()),
    }
