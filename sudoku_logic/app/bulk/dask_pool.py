"""The pool on a Dask cluster: ``--scheduler tcp://HOST:8786`` (a cluster you run) or
``--scheduler local`` (a local cluster of ``--jobs`` workers started for the run).

Needs ``dask.distributed`` on this machine and on every worker (:data:`DASK_INSTALL`); the
workers need nothing else, not even the input files.

It keeps every promise of the local pool (:mod:`sudoku_logic.app.bulk.pool`), shaped by Dask's own
guidance:

- A Dask task costs the scheduler about a millisecond, and starting the process that rates
  it some more, so a task rates a *chunk* of puzzles: the first chunks are 1, 2, 4, ...
  puzzles, so that the first rows come quickly; then, with ``chunk=0`` (the default), as many
  as take about :data:`TASK_SECONDS` to rate at the pace the finished chunks show (at most
  :data:`MAX_CHUNK`; at the end of the input, what is left is split among the threads), else
  ``chunk``. In the worker the chunk is rated by one process of this
  package's pool (:func:`sudoku_logic.app.bulk.pool.run_chunk`), which gives each puzzle the
  ``--timeout`` and the ``--memory`` limit; a worker with several threads rates that many
  chunks at once.
- A bounded window of futures, consumed with ``as_completed`` (one added as each finishes),
  keeps the client's memory constant on a file of millions of lines; a reorder buffer keyed
  by chunk number gives the results back in input order, each chunk as soon as it and every
  chunk before it are done.
- Dask runs the tasks of a worker that dies (killed, out of memory) again on another, so a
  lost worker costs no row and none is written twice (the client writes each chunk once). A
  task that has killed three workers becomes ``KilledWorker``: its puzzles come back
  ``failed``, and the run goes on.
- A lost scheduler cannot be recovered by Dask: the run stops with one line, and
  ``--resume`` continues it. An unreachable scheduler, a cluster without workers, workers
  without this package are each one line, exit 2.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sudoku_logic.app.bulk.pool import Job, Pool, PoolError, ReadAhead, Task, run_chunk
from sudoku_logic.app.bulk.workers import cpu_count

if TYPE_CHECKING:
    from distributed import Client, Future, LocalCluster

#: How to install Dask with the package: from a clone (the package is not published yet), and once published.
DASK_INSTALL = 'pip install ".[dask]" in a clone of sudoku-logic, pip install "sudoku-logic[dask]" once it is published'
#: Seconds to wait for the scheduler to answer, and for a first worker to join.
CONNECT_TIMEOUT = 10
WORKER_TIMEOUT = 60
#: Automatic chunks: about this many seconds of rating per task, at most this many puzzles.
TASK_SECONDS = 0.5
MAX_CHUNK = 256


def _quiet() -> None:
    """Dask's own log lines (a worker lost, a connection retried), and those of the event
    loops its client runs on (tornado's, asyncio's: a callback that failed when the
    scheduler went away), are not for the user of one command: what matters reaches them as
    one line from this module."""
    roots = ("distributed", "dask", "tornado", "asyncio")
    names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] in roots]
    for name in (*roots, *names):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


#: Dask keeps the last messages of each connection for debugging (1000 by default): for us,
#: each is a chunk of puzzles, kilobytes that would make the client grow for thousands of
#: chunks before it levels off.
_SHORT_LOGS = {"distributed.admin.low-level-log-length": 16, "distributed.admin.log-length": 100}


def connect(scheduler: str, jobs: int):
    """(client, cluster or None) for ``scheduler``: an address, or ``local`` for a new local
    cluster of ``jobs`` workers (one thread each). Raises PoolError (one line) if Dask is
    missing, the scheduler cannot be reached or has no workers."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise PoolError(f"--scheduler needs Dask: {DASK_INSTALL}") from None
    _quiet()
    if scheduler == "local":
        # the worker processes start pool processes of their own (see pool._children_allowed)
        with dask.config.set({"distributed.worker.daemon": False, **_SHORT_LOGS}):
            cluster = LocalCluster(
                n_workers=jobs or cpu_count(),
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=None,
                silence_logs=logging.CRITICAL,
            )
            return Client(cluster, set_as_default=False), cluster
    _reachable(scheduler)
    try:
        # the timeout also bounds the client's attempts to reconnect to a scheduler it lost
        with dask.config.set({"distributed.comm.timeouts.connect": f"{CONNECT_TIMEOUT}s", **_SHORT_LOGS}):
            client = Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as e:
        reason = "no answer" if "Timed out" in str(e) or isinstance(e, TimeoutError) else str(e)
        raise PoolError(
            f"cannot reach the Dask scheduler at {scheduler} ({reason} within {CONNECT_TIMEOUT} s)"
        ) from None
    except (ValueError, TypeError) as e:
        raise PoolError(f"bad Dask scheduler address {scheduler!r}: {e}") from None
    try:
        client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
    except (OSError, TimeoutError):
        client.close()
        raise PoolError(f"the Dask scheduler at {scheduler} has no workers (waited {WORKER_TIMEOUT} s)") from None
    return client, None


def _reachable(scheduler: str) -> None:
    """Fail at once (not after Dask's connect timeout) when nothing listens at a tcp address."""
    import socket
    from urllib.parse import urlsplit

    if not scheduler.startswith("tcp://"):
        return
    try:
        parts = urlsplit(scheduler)
        host, port = parts.hostname, parts.port
    except ValueError:
        host = port = None
    if not host or not port:
        raise PoolError(f"bad Dask scheduler address {scheduler!r}: expected tcp://HOST:PORT")
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except OSError as e:
        reason = "no answer" if isinstance(e, TimeoutError) else e.strerror or str(e)
        raise PoolError(f"cannot reach the Dask scheduler at {scheduler} ({reason})") from None


class Lost(PoolError):
    """The scheduler was lost mid-run: ``--resume`` continues."""

    resumable = True


@dataclass
class _Chunk:
    number: int
    tasks: list[Task]
    future: Future | None = None


@dataclass
class DaskPool(Pool):
    """Runs a :class:`~sudoku_logic.app.bulk.pool.Job` on a Dask cluster; ``run`` is like
    :meth:`sudoku_logic.app.bulk.pool.LocalPool.run`. ``chunk``: puzzles per task (0: sized to
    take about :data:`TASK_SECONDS`); ``window``: chunks between reading and yielding
    (default twice the cluster's threads, at least 4)."""

    job: Job
    scheduler: str
    jobs: int = 0
    timeout: float | None = None
    memory_mb: int | None = None
    chunk: int = 0
    window: int = 0

    def __post_init__(self) -> None:
        self.client: Client | None = None
        self.cluster: LocalCluster | None = None
        self.reader: ReadAhead | None = None
        self.pending: dict = {}

    def start(self) -> None:
        if self.client is None:
            self.client, self.cluster = connect(self.scheduler, self.jobs)

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
            self.reader = None
        if self.client is None:
            return
        futures = [c.future for c in self.pending.values()]
        try:
            if futures:
                self.client.cancel(futures)
            self.client.close()
            if self.cluster is not None:
                self.cluster.close()
        except Exception:
            pass
        self.client = self.cluster = None
        self.pending = {}

    def run(self, tasks: Iterator[Task]) -> Iterator[tuple[Task, str, object]]:
        self.start()
        assert self.client is not None  # start() connected, or raised
        threads = sum(self.client.nthreads().values()) or 1
        window = self.window or max(4, 2 * threads)
        if self.reader is not None:  # a previous run's
            self.reader.close()
        self.reader = ReadAhead(tasks, 4 * (self.chunk or MAX_CHUNK))
        return self._loop(self.client, self.reader, window, threads, self.pending)

    def _loop(
        self, client, reader: ReadAhead, window: int, threads: int, pending: dict
    ) -> Iterator[tuple[Task, str, object]]:
        from distributed import as_completed

        token = uuid.uuid4().hex[:12]  # keys of this run only: a resumed run never meets old ones
        ac = as_completed(loop=client.loop, with_results=True, raise_errors=False)
        done: dict[int, list[tuple[Task, str, object]]] = {}  # the reorder buffer, by chunk number
        current: list[Task] = []
        carry = None  # a task read while waiting
        size, number, next_out = 1, 0, 0
        pace = None  # seconds per puzzle of the finished chunks (a moving average)
        exhausted = False

        def submit() -> None:
            nonlocal current, size, number
            chunk = _Chunk(number, current)
            work = [t.payload for t in current if t.done is None]
            if work:
                chunk.future = client.submit(
                    run_chunk, self.job, work, self.timeout, self.memory_mb, key=f"sudoku-{token}-{number}", pure=False
                )
                pending[chunk.future.key] = chunk
                ac.add(chunk.future)
            else:
                done[number] = [(t, *t.done) for t in current if t.done is not None]  # all of them: none is left to run
            number += 1
            if self.chunk:
                size = min(size * 2, self.chunk)
            elif pace is None:
                size = min(size * 2, 16)
            else:
                size = max(1, min(MAX_CHUNK, round(TASK_SECONDS / pace)))
                if reader.finished:  # the last chunks: split what is left among the threads
                    size = max(1, min(size, -(-reader.left() // threads)))
            current = []

        def take(future, result) -> None:
            nonlocal pace
            chunk = pending.pop(future.key)
            done[chunk.number], seconds = self._results(chunk, future, result)
            work = sum(t.done is None for t in chunk.tasks)
            if seconds is not None and work:
                pace = seconds / work if pace is None else 0.7 * pace + 0.3 * seconds / work
            future.release()

        while True:
            while ac.has_ready():
                take(*next(ac))
            while not exhausted and len(pending) + len(done) < window:
                task, carry = (carry, None) if carry is not None else (reader.get(0.05 if current else 0), None)
                if task is None:
                    if current:
                        submit()  # the input is slow: do not hold back what was read
                    break
                if task is ReadAhead.END:
                    exhausted = True
                    if current:
                        submit()
                    break
                current.append(task)
                if len(current) >= size:
                    submit()
            while next_out in done:
                yield from done.pop(next_out)
                next_out += 1
            if exhausted and not pending and not done:
                return
            if pending and (exhausted or len(pending) + len(done) >= window):
                take(*next(ac))
            elif not exhausted and carry is None:
                carry = reader.get(0.05)

    def _results(self, chunk: _Chunk, future, result) -> tuple[list[tuple[Task, str, object]], float | None]:
        """The chunk's ``(task, kind, payload)`` from its finished future and the ``result``
        ``as_completed`` fetched for it, and the seconds its worker took (None if it failed).

        What was fetched decides, not the future's state now: a worker that held a finished
        chunk's data may die after it was fetched, and its future then reads ``lost`` or
        ``pending`` (the scheduler computes it again) though its rows are here. A lost
        scheduler cancels every future: then ``result`` is a CancelledError."""
        from concurrent.futures import CancelledError  # distributed's cancellations derive from it

        from distributed import KilledWorker

        work = [t for t in chunk.tasks if t.done is None]
        seconds = None
        if future.status == "error":
            exc = result[1] if isinstance(result, tuple) and len(result) == 3 else result
            if isinstance(exc, KilledWorker):
                why = "the Dask workers running it died 3 times (KilledWorker)"
                outs = iter([("failed", why)] * len(work))
            else:
                raise PoolError(
                    f"a Dask task failed: {type(exc).__name__}: {exc} (is sudoku-logic installed on every worker?)"
                )
        elif isinstance(result, CancelledError) or future.cancelled():
            raise Lost(f"lost the Dask scheduler at {self.scheduler}")
        else:
            outcomes, seconds = result
            outs = iter(outcomes)
        return [(t, *t.done) if t.done is not None else (t, *next(outs)) for t in chunk.tasks], seconds
