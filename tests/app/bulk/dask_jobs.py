"""A pool job for the Dask tests, importable by the test cluster's workers (this folder is on
their PYTHONPATH)."""

from __future__ import annotations

import os
import signal

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
