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
:class:`LocalPool` (worker processes fed batches of tasks over pipes, so that a task past
the timeout can be stopped by killing its process; a fresh one takes its place) and
:class:`sudoku_logic.app.bulk.dask_pool.DaskPool` (a Dask cluster; each of its tasks rates a chunk
in a one-process :class:`LocalPool`). Worker processes are forks of this process while it runs
no other thread, else start from a fork server that has imported the job's modules once
(either way a new process takes milliseconds); they ignore Ctrl-C (the parent decides) and
stop when their parent dies.
"""

from __future__ import annotations

import importlib
import os
import queue
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sudoku_logic.app.bulk.gc_tuning import tune_gc

if TYPE_CHECKING:  # multiprocessing is imported where worker processes are made (not by a -j 1 run)
    from multiprocessing.connection import Connection

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

    def import_all(self) -> None:
        """Import every module a task may need, so that a timer never interrupts an import
        (a half-done import fails again each time it is retried)."""
        for name in self.preload:
            importlib.import_module(name)

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
    alone: bool = False  # run in a batch of its own (its batch's process died)


class _Alarm(BaseException):
    """The serial pool's timer went off (raised by its SIGALRM handler)."""


def _from_alarm(e: BaseException) -> bool:
    """Whether ``e`` was caused by the timer (Python wraps some exceptions in others, e.g.
    one raised in ``__set_name__`` while a class is made)."""
    seen: set[int] = set()
    cur: BaseException | None = e
    while cur is not None and id(cur) not in seen:
        if isinstance(cur, _Alarm):
            return True
        seen.add(id(cur))
        cur = cur.__cause__ or cur.__context__
    return False


def guarded(job: Job, payload) -> tuple[str, object]:
    """``job.run(payload)``, with MemoryError as ``("memory", message)`` and any other
    exception (a bug must not stop a run of millions) as ``("error", message)``; an
    exception the timer caused is the timer's."""
    try:
        return job.run(payload)
    except MemoryError:
        return "memory", "ran out of memory (see --memory)"
    except Exception as e:
        if _from_alarm(e):
            raise _Alarm() from e
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

#: A batch takes about this many seconds of work at the pace the finished batches show (so
#: that a message, its pickling and the parent's wake-up weigh little on puzzles rated in
#: microseconds), is at most :data:`MAX_BATCH` tasks, and a worker holds :data:`IN_FLIGHT`
#: batches (it starts the next while the parent takes the last one's results).
BATCH_SECONDS = 0.05
MAX_BATCH = 256
IN_FLIGHT = 2
#: Payload characters above which a worker is sent a batch only when it holds none (two
#: such batches, and their results, could fill the pipe both ways at once).
SMALL_BATCH = 32_000


def wait_any(sources: list, timeout: float | None) -> list:
    """The connections and descriptors of ``sources`` ready to read (``multiprocessing``'s wait)."""
    from multiprocessing.connection import wait

    return wait(sources, timeout=timeout)


def _context(job: Job):
    """The multiprocessing context of a new worker process: a fork of this process where
    that is safe (Linux, no thread but this one: a new process is ready in milliseconds with
    every module this process has imported, the job's imported here first); else a fork server with the job's modules
    imported (POSIX), else spawn. Forking a process that runs threads is avoided."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if sys.platform == "linux" and "fork" in methods and threading.active_count() == 1:
        for name in job.preload:  # once here, not in each process
            importlib.import_module(name)
        for stream in (sys.stdout, sys.stderr):  # a child flushes its copies as it ends: empty them first
            try:
                stream.flush()
            except (AttributeError, OSError, ValueError):
                pass
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        own = type(job).__module__  # unpickling the job imports it: do that once, in the server
        ctx.set_forkserver_preload([__name__, *job.preload, *([own] if own != "__main__" else [])])
        return ctx
    return multiprocessing.get_context("spawn")


def _child(conn: Connection, job: Job, memory_mb: int | None, marker) -> None:
    """A worker process: import the job's modules, set up, say ready (or why not), then run
    batches until told to stop or until the parent is gone (its pipe closes; a parent killed
    with SIGKILL tells no one else, and a fork server's children are reparented when it exits
    with its parent). A batch is ``(seqs, payloads, one_by_one)``: one at a time (each
    task's seq and start in ``marker``, which the parent reads for timeouts and to know which
    task a dead process was running), or all through :meth:`Job.run_batch`; the results go
    back in one message with the seconds they took."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    tune_gc()
    try:
        for name in job.preload:  # a forked process has not imported them yet
            importlib.import_module(name)
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
            seqs, payloads, one_by_one = msg
            t0 = time.monotonic()
            if one_by_one:
                out = []
                for seq, payload in zip(seqs, payloads):
                    marker[1] = time.monotonic()  # the start first: a seq is never seen with an older start
                    marker[0] = seq
                    out.append(guarded(job, payload))
            else:
                marker[1], marker[0] = t0, seqs[0]
                out = guarded_batch(job, payloads)
            conn.send((out, time.monotonic() - t0))
    except (EOFError, OSError):
        return  # the parent closed the pipe or died


def _marker(ctx) -> Any:
    """Two doubles a new worker process started by ``ctx`` shares with this one: anonymous
    shared memory for a fork (inherited), else multiprocessing's RawArray, which the other
    start methods can pass (it loads ctypes: 8 ms of every ``-j N`` start)."""
    if ctx.get_start_method() == "fork":
        import mmap

        return memoryview(mmap.mmap(-1, 16)).cast("d")
    import multiprocessing.sharedctypes

    return multiprocessing.sharedctypes.RawArray("d", 2)


@contextmanager
def _children_allowed():
    """Let a daemonic process (a Dask worker under its nanny) start worker processes.

    multiprocessing refuses children to a daemonic process because it would not wait for
    them at exit; ours need no waiting: each stops on its own when its parent's pipe closes
    or its parent is gone."""
    import multiprocessing

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


@dataclass
class Batch:
    """Tasks sent to one worker in one message, in order; ``one_by_one``: run one at a time."""

    tasks: list[Task]
    one_by_one: bool
    chars: int = 0  # the payloads' characters (a rough size of the message)


class Slot:
    """One worker process and the batches it holds (sent, their results not yet back)."""

    def __init__(self, job: Job, memory_mb: int | None, start: bool = True) -> None:
        self.job, self.memory_mb = job, memory_mb
        self.marker: Any = None  # (seq, start) of the task running, shared with the process (spawn)
        self.batches: deque[Batch] = deque()
        if start:
            self.start()

    def start(self) -> None:
        """Start a fresh process and wait until it is ready (a process killed while starting
        is replaced, :data:`ATTEMPTS` times); PoolError if it cannot be."""
        for _ in range(ATTEMPTS):
            if self.spawn() and self.ready():
                return
        raise PoolError(f"a worker process died while starting, {ATTEMPTS} times")

    def spawn(self) -> bool:
        """Start a fresh process (not waiting for it); False if that failed."""
        self.batches.clear()
        ctx = _context(self.job)
        self.marker = _marker(ctx)
        self.marker[0] = -1
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_child, args=(child, self.job, self.memory_mb, self.marker), daemon=True)
        try:
            with _children_allowed():
                self.proc.start()
        except (EOFError, OSError):  # the fork server was killed: the next start makes a new one
            child.close()
            self.conn.close()
            return False
        child.close()
        return True

    def ready(self) -> bool:
        """Wait for the process started by :meth:`spawn` to say it is ready: True; False if
        it died first; PoolError with its reason if it cannot run the job."""
        try:
            if not self.conn.poll(120):
                raise EOFError
            kind, problem = self.conn.recv()
        except (EOFError, OSError):
            self.kill()
            return False
        if kind == "fatal":
            self.kill()
            raise PoolError(problem)
        return True

    @property
    def load(self) -> int:
        """Tasks sent and not yet back."""
        return sum(len(b.tasks) for b in self.batches)

    def send(self, batch: Batch) -> None:
        """Send a batch (to a process that has died, it is held until its end is read)."""
        self.batches.append(batch)
        try:
            self.conn.send(([t.seq for t in batch.tasks], [t.payload for t in batch.tasks], batch.one_by_one))
        except OSError:
            pass

    def running(self) -> tuple[Task | None, float]:
        """The task of the first batch this process is running one by one, and when it
        started (None: it is between tasks, or runs its batch at once)."""
        seq, since = int(self.marker[0]), self.marker[1]
        if self.batches and self.batches[0].one_by_one:
            for t in self.batches[0].tasks:
                if t.seq == seq:
                    return t, since
        return None, 0.0

    def take(self) -> list[Task]:
        """Every task this process holds, in order, and none held any more."""
        tasks = [t for b in self.batches for t in b.tasks]
        self.batches.clear()
        return tasks

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
        if self.batches:
            self.kill()
        else:
            self.stop()


class ReadAhead:
    """Reads tasks in a thread (a slow stdin never holds up finished results) into a bounded
    queue (read-ahead, hence memory, stays constant), ``chunk`` tasks to an item (more than
    one only for input that never keeps the reader waiting: a chunk goes out when full).
    Each put is signalled on ``wake_fd`` if one is given. After :meth:`close` nothing more is
    put or signalled; it waits for the thread unless that is blocked reading its input (a
    stdin that sends nothing): then the pipe is left open rather than let a late write reach
    a descriptor the next run reuses. A put is signalled only while the consumer listens
    (:meth:`listen`): one system call and one wake-up of the consumer a task was most of what
    reading cost the parent of ``-j 2``; a queue's locks for each task, most of the rest."""

    END = object()

    def __init__(self, tasks: Iterator[Task], size: int, wake: bool = False, chunk: int = 1) -> None:
        self.chunk = max(1, chunk)
        self.queue: queue.Queue = queue.Queue(maxsize=max(1, size // self.chunk))
        self.wake_r: int | None
        self.wake_w: int | None
        self.wake_r, self.wake_w = os.pipe() if wake else (None, None)
        self.stop = threading.Event()
        self.finished = False  # the input has ended: what is left is in the queue
        self.listening = False  # the consumer waits on wake_r: the next put must signal it
        self.taken: deque = deque()  # the rest of the chunk the consumer took last
        self.thread = threading.Thread(target=self._read, args=(tasks,), daemon=True, name=READER_THREAD)
        self.thread.start()

    def _put(self, x) -> bool:
        while not self.stop.is_set():
            try:
                self.queue.put(x, timeout=0.2)
            except queue.Full:
                continue
            if self.wake_w is not None and self.listening and not self.stop.is_set():
                os.write(self.wake_w, b"x")
            return True
        return False

    def _read(self, tasks: Iterator[Task]) -> None:
        chunk: list = []
        try:
            for task in tasks:
                chunk.append(task)
                if len(chunk) >= self.chunk:
                    if not self._put(chunk):
                        return
                    chunk = []
        except BaseException as e:
            if chunk and not self._put(chunk):
                return
            self._put([e])
            chunk = []
        if chunk and not self._put(chunk):
            return
        self.finished = self._put([self.END])

    def left(self) -> int:
        """About how many tasks are read and not yet taken (exact with chunks of one)."""
        return len(self.taken) + self.queue.qsize() * self.chunk

    def listen(self) -> bool:
        """Before waiting on ``wake_r``: True if the queue is empty (the next put signals);
        False if something is queued already (read it instead of waiting)."""
        self.listening = True  # set before the look: a put after it signals, one before it is seen
        if self.taken or self.queue.qsize():
            self.listening = False
            return False
        return True

    def get(self, timeout: float | None = None):
        """The next task, :attr:`END`, or None if nothing came within ``timeout`` (0: do not
        wait). An exception raised while reading is raised here."""
        if not self.taken:
            try:
                self.taken.extend(self.queue.get(timeout=timeout) if timeout else self.queue.get_nowait())
            except queue.Empty:
                return None
        x = self.taken.popleft()
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
        if self.timeout:
            self.job.import_all()

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
    """``jobs`` worker processes on this machine, each sent batches of tasks (:class:`Batch`:
    1, 2, 4, ... tasks at first, so that the first rows come at once, then as many as take
    about :data:`BATCH_SECONDS` at the pace the finished batches show; the last ones split
    what is left among the workers); at most ``window`` tasks between reading and yielding
    (default :data:`IN_FLIGHT` full batches for each process, twice over); ``timeout``
    seconds per task (a worker then runs its batch one task at a time and the parent reads
    which task runs since when); ``memory_mb``: each process's address-space limit (None:
    none). A process that dies running a batch at once has each of its tasks run again
    alone, so that only the task that kills its process is counted against its tries.
    ``read_chunk``: tasks read at a time (:class:`ReadAhead`; 1 for input that may come
    slowly)."""

    job: Job
    jobs: int
    timeout: float | None = None
    memory_mb: int | None = None
    window: int = 0
    read_chunk: int = 1

    def __post_init__(self) -> None:
        self.slots: list[Slot] = []
        self.reader: ReadAhead | None = None

    def start(self) -> None:
        slots = [Slot(self.job, self.memory_mb, start=False) for _ in range(self.jobs)]
        self.slots = slots
        started = [s.spawn() for s in slots]  # every process starts at once
        for s, ok in zip(slots, started):
            if not (ok and s.ready()):
                s.start()

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
            self.reader = None
        for s in self.slots:
            s.close()
        self.slots = []

    def run(self, tasks: Iterator[Task]) -> Iterator[tuple[Task, str, object]]:
        window = self.window or 2 * IN_FLIGHT * self.jobs * MAX_BATCH
        if not self.slots:
            self.start()
        if self.reader is not None:  # a previous run's
            self.reader.close()
        self.reader = reader = ReadAhead(tasks, window, wake=True, chunk=self.read_chunk)
        assert reader.wake_r is not None  # wake=True
        slots = self.slots
        done: dict[int, tuple[Task, str, object]] = {}
        waiting: deque[Task] = deque()  # read, not yet sent, in order (tasks sent again first)
        sizes = _Sizes(self.jobs, window, bool(self.timeout))
        next_out = None
        exhausted = False
        while True:
            in_flight = sum(s.load for s in slots)
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
            left = len(waiting) + (reader.left() if not exhausted else 0)
            for depth in range(IN_FLIGHT):  # one batch to each process before a second to any
                for s in slots:
                    if waiting and len(s.batches) == depth and (depth == 0 or _small(s, waiting[0])):
                        s.send(sizes.take(waiting, left if exhausted or reader.finished else None))
            if next_out is not None and next_out in done:
                while next_out in done:
                    yield done.pop(next_out)
                    next_out += 1
                continue  # there is room again: read before waiting (the reader's wake-ups were used)
            busy = [s for s in slots if s.batches]
            if exhausted and not busy and not waiting and not done:
                return
            limit = self._limit(busy)
            room = len(waiting) + len(done) + sum(s.load for s in busy) < window
            listen = room and not exhausted
            if listen and not reader.listen():
                continue  # tasks are queued: read them first
            sources = [s.conn for s in busy] + ([reader.wake_r] if listen else [])
            if not sources:  # the window is full of results waiting on one slow task
                sources = [s.conn for s in busy]
            ready_ones = wait_any(sources, timeout=limit)
            reader.listening = False
            for ready in ready_ones:
                if ready == reader.wake_r:
                    os.read(reader.wake_r, 4096)
                    continue
                s = next(x for x in busy if x.conn is ready)
                try:
                    results, seconds = s.conn.recv()
                except (EOFError, OSError):  # the process died (killed, out of memory)
                    self._died(s, waiting, done)
                    continue
                batch = s.batches.popleft()
                for t, (kind, payload) in zip(batch.tasks, results):
                    done[t.seq] = (t, kind, payload)
                sizes.finished(len(batch.tasks), seconds)
            if self.timeout:
                self._timeouts(busy, waiting, done)

    def _limit(self, busy: list[Slot]) -> float | None:
        """Seconds to wait at most before a task of ``busy`` is past the timeout."""
        if not self.timeout or not busy:
            return None
        now = time.monotonic()
        left = [since + self.timeout - now if task else self.timeout for task, since in (s.running() for s in busy)]
        return max(0.0, min(left))

    def _timeouts(self, busy: list[Slot], waiting: deque[Task], done: dict) -> None:
        """Give each task past the timeout its result, and its process's other tasks again."""
        assert self.timeout  # only called with one
        now = time.monotonic()
        for s in busy:
            task, since = s.running()
            if task is None or now - since <= self.timeout or s.conn.poll(0):
                continue
            done[task.seq] = (task, "timeout", now - since)
            waiting.extendleft(reversed([t for t in s.take() if t is not task]))
            s.restart()

    def _died(self, s: Slot, waiting: deque[Task], done: dict) -> None:
        """After the process of ``s`` died: the task it was running counts a try (``failed``
        after :data:`ATTEMPTS`); where that is not known (a batch run at once), each task of
        that batch is run again alone; every other task it held is sent again."""
        running, _ = s.running()
        first = s.batches[0]
        culprit = running or (first.tasks[0] if len(first.tasks) == 1 else None)
        tasks = s.take()
        s.restart()
        if culprit is None:  # which task it was running is not known
            for t in first.tasks:
                t.alone = True
        else:
            culprit.attempts += 1
            if culprit.attempts >= ATTEMPTS:
                done[culprit.seq] = (culprit, "failed", f"its worker process died {culprit.attempts} times")
                tasks.remove(culprit)
        waiting.extendleft(reversed(tasks))


def _chars(task: Task) -> int:
    """A task's payload in characters (a rough size of its part of a message)."""
    return len(task.payload) if isinstance(task.payload, str) else 16


def _small(slot: Slot, task: Task) -> bool:
    """Whether ``slot`` may be sent a second batch starting with ``task``: its batches and
    that one fit in the pipe while its process works."""
    return all(b.chars <= SMALL_BATCH for b in slot.batches) and _chars(task) <= SMALL_BATCH


class _Sizes:
    """How many tasks the next batch of a :class:`LocalPool` takes (see its docstring)."""

    def __init__(self, jobs: int, window: int, one_by_one: bool) -> None:
        self.jobs, self.one_by_one = jobs, one_by_one
        self.most = max(1, min(MAX_BATCH, window // (2 * IN_FLIGHT * jobs)))
        self.size = 1
        self.pace: float | None = None  # seconds per task (a moving average)

    def take(self, waiting: deque[Task], left: int | None) -> Batch:
        """The next batch from the front of ``waiting``; ``left``: the tasks left in all,
        once the input has ended (the last batches share them among the processes)."""
        size = self.size if self.pace is None else round(BATCH_SECONDS / self.pace) if self.pace else self.most
        size = max(1, min(size, self.most))
        if left is not None:
            size = min(size, max(1, -(-left // self.jobs)))
        if waiting[0].alone:
            alone = waiting.popleft()
            return Batch([alone], True, _chars(alone))
        tasks = [waiting.popleft()]
        chars = _chars(tasks[0])
        while waiting and len(tasks) < size and not waiting[0].alone and chars + _chars(waiting[0]) <= SMALL_BATCH:
            chars += _chars(waiting[0])
            tasks.append(waiting.popleft())
        if self.pace is None:
            self.size = min(2 * self.size, self.most)
        return Batch(tasks, self.one_by_one or len(tasks) == 1, chars)

    def finished(self, tasks: int, seconds: float) -> None:
        """A batch of ``tasks`` took its worker ``seconds``."""
        if tasks:
            now = seconds / tasks
            self.pace = now if self.pace is None else 0.7 * self.pace + 0.3 * now


def run_chunk(
    job: Job, payloads: list, timeout: float | None, memory_mb: int | None
) -> tuple[list[tuple[str, object]], float]:
    """Run payloads in order in one worker process of this machine (a one-process
    :class:`LocalPool`), with the pool's timeout, memory limit and retries: ``(kind,
    payload)`` for each, and the seconds it all took. This is what a Dask task does with its
    chunk (the process is started from a fork server with the job's modules imported, so a
    chunk pays milliseconds for it)."""
    t0 = time.monotonic()
    pool = LocalPool(job, 1, timeout, memory_mb)
    with pool:
        out = [(kind, payload) for _, kind, payload in pool.run(Task(i, p) for i, p in enumerate(payloads))]
    return out, time.monotonic() - t0


def package_modules(package: str) -> tuple[str, ...]:
    """The modules of a package and its subpackages by name (for a job's ``preload``)."""
    import importlib
    import pkgutil

    pkg = importlib.import_module(package)
    return tuple(m.name for m in pkgutil.walk_packages(pkg.__path__, f"{package}."))
