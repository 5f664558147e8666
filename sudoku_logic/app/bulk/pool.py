"""One worker pool for ``sudoku rate`` and ``sudoku generate``: tasks in, results out in order.

A :class:`Job` says what a worker does with one task's payload; :class:`Task` carries the
payload and the caller's item. Every engine takes an iterator of tasks numbered 0, 1, 2, ...
(or from any start: a resumed run) and yields ``(task, kind, payload)`` in task order, each
as soon as it and every task before it are done, with a bounded number of tasks between
reading and yielding (memory stays constant however long the input). ``kind`` is

- ``ok``: the job's result;
- ``error``: the job's message for a payload it cannot use (a bad puzzle), or an internal error;
- ``timeout``: the task ran past the timeout (``payload``: the seconds it ran);
- ``memory``: the task raised MemoryError (its process was past the memory limit);
- ``failed``: the process running it died on each of :data:`ATTEMPTS` tries;
- whatever a task given already done says (the caller's bad lines pass through in order).

Engines (:class:`Pool`): :class:`SerialPool` (this process; the timeout is a ``SIGALRM`` timer),
:class:`LocalPool` (worker processes fed over pipes, so that a task past the timeout can be
stopped by killing its process; a fresh one takes its place) and
:class:`sudoku_logic.app.bulk.dask_pool.DaskPool` (a Dask cluster; each of its tasks rates a chunk
in one :class:`Slot`). Worker processes start from a fork server that has imported the job's
modules once (a new process takes milliseconds), ignore Ctrl-C (the parent decides) and stop
when their parent dies.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait

from sudoku_logic.app.bulk.gc_tuning import tune_gc

#: Tries a task gets when the process rating it dies (killed, out of memory): then ``failed``.
ATTEMPTS = 3
#: Name of the input-reading thread of a parallel run.
READER_THREAD = "sudoku-pool-reader"


class PoolError(Exception):
    """A problem that stops the whole run (its message is one line for the user)."""


class Job:
    """Work for the pool, built by the caller and copied to every worker process.

    ``preload``: modules a fresh worker process should find imported. :meth:`setup` runs once
    in each worker process before its first task; :meth:`run` handles one payload and returns
    ``("ok", result)`` or ``("error", message)``.
    """

    preload: tuple[str, ...] = ()

    def setup(self) -> None:
        """Prepare this process for :meth:`run` (build what every task reuses)."""

    def run(self, payload) -> tuple[str, object]:
        raise NotImplementedError

    def run_batch(self, payloads: list) -> list[tuple[str, object]]:
        """:meth:`run` on each payload in turn (a job that does better at once overrides it)."""
        return [guarded(self, p) for p in payloads]


@dataclass
class Task:
    """One unit of work: ``seq`` its place in the output, ``payload`` what the worker gets,
    ``item`` the caller's own (never sent). A task with ``done`` set is not run: it is
    yielded in its place as ``(task, *done)``."""

    seq: int
    payload: object = None
    item: object = None
    done: tuple[str, object] | None = None
    attempts: int = 0


def guarded(job: Job, payload) -> tuple[str, object]:
    """``job.run(payload)``, with MemoryError as ``("memory", message)`` and any other
    exception (a bug must not stop a run of millions) as ``("error", message)``."""
    try:
        return job.run(payload)
    except MemoryError:
        return "memory", "ran out of memory (see --memory)"
    except Exception as e:
        return "error", f"internal error: {type(e).__name__}: {e}"


def guarded_batch(job: Job, payloads: list) -> list[tuple[str, object]]:
    """``job.run_batch(payloads)``; where it raises, each payload again on its own
    (:func:`guarded`), so that one bad payload costs only its own result. KeyboardInterrupt
    passes through."""
    try:
        out = job.run_batch(payloads)
        if len(out) == len(payloads):
            return out
    except Exception:
        pass
    return [guarded(job, p) for p in payloads]


# ---------------------------------------------------------------- memory limit


def _address_space_mib() -> int | None:
    """This process's address space (VmSize) in MiB, where /proc tells it."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError):
        pass
    return None


def limit_memory(mb: int | None) -> str | None:
    """Cap this process's address space at ``mb`` MiB, so that a task whose search runs away
    raises MemoryError instead of exhausting the machine. Returns a one-line problem instead
    of setting a limit below what the process already uses (then it could do nothing at all);
    leaves a lower existing limit alone; does nothing where rlimits are missing."""
    if not mb:
        return None
    try:
        import resource
    except ImportError:
        return None
    used = _address_space_mib()
    if used is not None and mb < used + 64:
        return (
            f"--memory {mb} is too little: a rating process uses {used} MiB of address space "
            f"before it rates anything; give at least {used + 64} (MiB), or 0 for no limit"
        )
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    want = mb << 20
    if soft == resource.RLIM_INFINITY or soft > want:
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        resource.setrlimit(resource.RLIMIT_AS, (want, hard))
    return None


# ---------------------------------------------------------------- worker processes


def _context(job: Job):
    """The multiprocessing context: a fork server with the job's modules imported (POSIX),
    else spawn. Forking the caller itself is avoided: it runs threads."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        own = type(job).__module__  # unpickling the job imports it: do that once, in the server
        ctx.set_forkserver_preload([__name__, *job.preload, *([own] if own != "__main__" else [])])
        return ctx
    return multiprocessing.get_context("spawn")


def _child(conn: Connection, job: Job, memory_mb: int | None) -> None:
    """A worker process: set up, say ready (or why not), then run payloads until told to stop
    or until the parent is gone (its pipe closes; a parent killed with SIGKILL tells no one
    else, and a fork server's children are reparented when it exits with its parent)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    tune_gc()
    try:
        job.setup()
        problem = limit_memory(memory_mb)
    except Exception as e:
        problem = f"a worker process could not start: {type(e).__name__}: {e}"
    try:
        conn.send(("fatal", problem) if problem else ("ready", None))
        if problem:
            return
        while True:
            while not conn.poll(1.0):
                if os.getppid() != parent:
                    return
            msg = conn.recv()
            if msg is None:
                return
            seq, payload = msg
            conn.send((seq, guarded(job, payload)))
    except (EOFError, OSError):
        return  # the parent closed the pipe or died


@contextmanager
def _children_allowed():
    """Let a daemonic process (a Dask worker under its nanny) start worker processes.

    multiprocessing refuses children to a daemonic process because it would not wait for
    them at exit; ours need no waiting: each stops on its own when its parent's pipe closes
    or its parent is gone."""
    me = multiprocessing.current_process()
    with _START_LOCK:  # the threads of one Dask worker start processes at the same time
        daemonic = me._config.get("daemon")
        if daemonic:
            me._config["daemon"] = False
        try:
            yield
        finally:
            if daemonic:
                me._config["daemon"] = True


_START_LOCK = threading.Lock()


class Slot:
    """One worker process and the task it is running."""

    def __init__(self, job: Job, memory_mb: int | None, ctx=None) -> None:
        self.job, self.memory_mb = job, memory_mb
        self.ctx = ctx or _context(job)
        self.task: Task | None = None
        self.since = 0.0
        self.start()

    def start(self) -> None:
        """Start a fresh process and wait until it is ready (a process killed while starting
        is replaced, :data:`ATTEMPTS` times); PoolError if it cannot be."""
        self.task = None
        for _ in range(ATTEMPTS):
            self.conn, child = self.ctx.Pipe()
            self.proc = self.ctx.Process(target=_child, args=(child, self.job, self.memory_mb), daemon=True)
            try:
                with _children_allowed():
                    self.proc.start()
            except (EOFError, OSError):  # the fork server was killed: the next start makes a new one
                child.close()
                self.conn.close()
                continue
            child.close()
            try:
                if not self.conn.poll(120):
                    raise EOFError
                kind, problem = self.conn.recv()
            except (EOFError, OSError):
                self.kill()
                continue
            if kind == "fatal":
                self.kill()
                raise PoolError(problem)
            return
        raise PoolError(f"a worker process died while starting, {ATTEMPTS} times")

    def send(self, task: Task) -> None:
        self.task, self.since = task, time.monotonic()
        self.conn.send((task.seq, task.payload))

    def kill(self) -> None:
        """Stop the process at once (a task past its time, a broken process)."""
        self.proc.kill()
        self.proc.join()
        self.conn.close()

    def restart(self) -> None:
        self.kill()
        self.start()

    def stop(self) -> None:
        """Ask the process to finish; kill it if it does not within 2 s."""
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.proc.join(timeout=2)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()

    def close(self) -> None:
        if self.task is not None:
            self.kill()
        else:
            self.stop()


class ReadAhead:
    """Reads tasks in a thread (a slow stdin never holds up finished results) into a bounded
    queue (read-ahead, hence memory, stays constant). Each put is signalled on ``wake_fd`` if
    one is given. After :meth:`close` nothing more is put or signalled; it waits for the
    thread unless that is blocked reading its input (a stdin that sends nothing): then the
    pipe is left open rather than let a late write reach a descriptor the next run reuses."""

    END = object()

    def __init__(self, tasks: Iterator[Task], size: int, wake: bool = False) -> None:
        self.queue: queue.Queue = queue.Queue(maxsize=size)
        self.wake_r: int | None
        self.wake_w: int | None
        self.wake_r, self.wake_w = os.pipe() if wake else (None, None)
        self.stop = threading.Event()
        self.finished = False  # the input has ended: what is left is in the queue
        self.thread = threading.Thread(target=self._read, args=(tasks,), daemon=True, name=READER_THREAD)
        self.thread.start()

    def _put(self, x) -> bool:
        while not self.stop.is_set():
            try:
                self.queue.put(x, timeout=0.2)
            except queue.Full:
                continue
            if self.wake_w is not None and not self.stop.is_set():
                os.write(self.wake_w, b"x")
            return True
        return False

    def _read(self, tasks: Iterator[Task]) -> None:
        try:
            for task in tasks:
                if not self._put(task):
                    return
        except BaseException as e:
            self._put(e)
        self.finished = self._put(self.END)

    def get(self, timeout: float | None = None):
        """The next task, :attr:`END`, or None if nothing came within ``timeout`` (0: do not
        wait). An exception raised while reading is raised here."""
        try:
            x = self.queue.get(timeout=timeout) if timeout else self.queue.get_nowait()
        except queue.Empty:
            return None
        if isinstance(x, BaseException):
            raise x
        return x

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=2.0)
        if self.wake_r is not None and self.wake_w is not None and not self.thread.is_alive():
            os.close(self.wake_r)
            os.close(self.wake_w)


# ---------------------------------------------------------------- engines


class Pool:
    """An engine: :meth:`start` (start workers, connect; PoolError if it cannot), then
    :meth:`run` once, then :meth:`close` (also as a context manager)."""

    def start(self) -> None:
        pass

    def run(self, tasks: Iterator[Task]) -> Iterator[tuple[Task, str, object]]:
        """``(task, kind, payload)`` in task order (see the module docstring)."""
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self) -> Pool:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _Alarm(BaseException):
    pass


@dataclass
class SerialPool(Pool):
    """Every task in this process, in order; the timeout is a ``SIGALRM`` timer (only in the
    main thread of a POSIX process: elsewhere there is no timeout); no memory limit.
    ``batch``: without a timeout, up to this many tasks go to :meth:`Job.run_batch` at once
    (their results come out together)."""

    job: Job
    timeout: float | None = None
    batch: int = 1

    def start(self) -> None:
        tune_gc()
        self.job.setup()

    def run(self, tasks: Iterator[Task]) -> Iterator[tuple[Task, str, object]]:
        timeout = self.timeout or 0.0
        use_alarm = (
            bool(timeout) and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        )

        def on_alarm(signum, frame):
            raise _Alarm()

        if self.batch > 1 and not use_alarm:
            yield from self._batches(tasks)
            return
        old = signal.signal(signal.SIGALRM, on_alarm) if use_alarm else None
        try:
            for task in tasks:
                if task.done is not None:
                    yield (task, *task.done)
                    continue
                t0 = time.monotonic()
                try:
                    if use_alarm:
                        signal.setitimer(signal.ITIMER_REAL, timeout)
                    kind, payload = guarded(self.job, task.payload)
                except _Alarm:
                    kind, payload = "timeout", time.monotonic() - t0
                finally:
                    if use_alarm:
                        signal.setitimer(signal.ITIMER_REAL, 0)
                yield task, kind, payload
        finally:
            if use_alarm:
                signal.signal(signal.SIGALRM, old)

    def _batches(self, tasks: Iterator[Task]) -> Iterator[tuple[Task, str, object]]:
        """The tasks run :attr:`batch` at a time, yielded in order."""
        pending: list[Task] = []
        for task in tasks:
            if task.done is not None and not pending:
                yield (task, *task.done)
                continue
            pending.append(task)
            if len(pending) >= self.batch:
                yield from self._flush(pending)
                pending = []
        yield from self._flush(pending)

    def _flush(self, pending: list[Task]) -> Iterator[tuple[Task, str, object]]:
        work = [t for t in pending if t.done is None]
        results = iter(guarded_batch(self.job, [t.payload for t in work]))
        for task in pending:
            yield (task, *task.done) if task.done is not None else (task, *next(results))


@dataclass
class LocalPool(Pool):
    """``jobs`` worker processes on this machine; at most ``window`` tasks between reading
    and yielding (default 16 per process); ``timeout`` seconds per task; ``memory_mb``: each
    process's address-space limit (None: none)."""

    job: Job
    jobs: int
    timeout: float | None = None
    memory_mb: int | None = None
    window: int = 0

    def __post_init__(self) -> None:
        self.slots: list[Slot] = []
        self.reader: ReadAhead | None = None

    def start(self) -> None:
        ctx = _context(self.job)
        for _ in range(self.jobs):
            self.slots.append(Slot(self.job, self.memory_mb, ctx))

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
            self.reader = None
        for s in self.slots:
            s.close()
        self.slots = []

    def run(self, tasks: Iterator[Task]) -> Iterator[tuple[Task, str, object]]:
        window = self.window or self.jobs * 16
        if not self.slots:
            self.start()
        if self.reader is not None:  # a previous run's
            self.reader.close()
        self.reader = reader = ReadAhead(tasks, window, wake=True)
        assert reader.wake_r is not None  # wake=True
        slots = self.slots
        done: dict[int, tuple[Task, str, object]] = {}
        waiting: list[Task] = []  # read, not yet sent, in order (a retried task first)
        next_out = None
        exhausted = False
        while True:
            in_flight = sum(s.task is not None for s in slots)
            while not exhausted and len(waiting) + len(done) + in_flight < window:
                task = reader.get()
                if task is None:
                    break
                if task is ReadAhead.END:
                    exhausted = True
                    break
                if next_out is None:
                    next_out = task.seq
                if task.done is not None:
                    done[task.seq] = (task, *task.done)
                else:
                    waiting.append(task)
            for s in slots:
                if s.task is None and waiting:
                    s.send(waiting.pop(0))
            if next_out is not None and next_out in done:
                while next_out in done:
                    yield done.pop(next_out)
                    next_out += 1
                continue  # there is room again: read before waiting (the reader's wake-ups were used)
            busy = [s for s in slots if s.task is not None]
            if exhausted and not busy and not waiting and not done:
                return
            limit = None
            if self.timeout and busy:
                limit = max(0.0, min(s.since for s in busy) + self.timeout - time.monotonic())
            room = len(waiting) + len(done) + len(busy) < window
            sources = [s.conn for s in busy] + ([reader.wake_r] if room and not exhausted else [])
            if not sources:  # the window is full of results waiting on one slow task
                sources = [s.conn for s in busy]
            for ready in wait(sources, timeout=limit):
                if ready == reader.wake_r:
                    os.read(reader.wake_r, 4096)
                    continue
                s = next(x for x in busy if x.conn is ready)
                task = s.task
                assert task is not None  # s is busy
                try:
                    seq, (kind, payload) = s.conn.recv()
                except (EOFError, OSError):  # the process died (killed, out of memory)
                    task.attempts += 1
                    s.restart()
                    if task.attempts >= ATTEMPTS:
                        done[task.seq] = (task, "failed", f"its worker process died {task.attempts} times")
                    else:
                        waiting.insert(0, task)
                    continue
                done[seq] = (task, kind, payload)
                s.task = None
            if self.timeout:
                now = time.monotonic()
                for s in busy:
                    if s.task is not None and now - s.since > self.timeout:
                        done[s.task.seq] = (s.task, "timeout", now - s.since)
                        s.restart()


def run_chunk(
    job: Job, payloads: list, timeout: float | None, memory_mb: int | None
) -> tuple[list[tuple[str, object]], float]:
    """Run payloads in order in one worker process of this machine (a :class:`Slot`), with the
    pool's timeout, memory limit and retries: ``(kind, payload)`` for each, and the seconds it
    all took. This is what a Dask task does with its chunk (the process is started from a
    fork server with the job's modules imported, so a chunk pays milliseconds for it)."""
    t0 = time.monotonic()
    out: list[tuple[str, object]] = []
    slot = Slot(job, memory_mb)
    try:
        for i, payload in enumerate(payloads):
            attempts = 0
            while True:
                slot.send(Task(i, payload))
                if not slot.conn.poll(timeout):
                    out.append(("timeout", time.monotonic() - slot.since))
                    slot.restart()
                    break
                try:
                    _, result = slot.conn.recv()
                except (EOFError, OSError):
                    attempts += 1
                    slot.restart()
                    if attempts >= ATTEMPTS:
                        out.append(("failed", f"its worker process died {attempts} times"))
                        break
                    continue
                slot.task = None
                out.append(result)
                break
    finally:
        slot.close()
    return out, time.monotonic() - t0


def package_modules(package: str) -> tuple[str, ...]:
    """The modules of a package and its subpackages by name (for a job's ``preload``)."""
    import importlib
    import pkgutil

    pkg = importlib.import_module(package)
    return tuple(m.name for m in pkgutil.walk_packages(pkg.__path__, f"{package}."))
