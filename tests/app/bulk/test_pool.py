"""The worker pools under ``sudoku rate`` held to their promises with small jobs of their own: a
slow task does not stall the others, results come in order, a timeout, a memory limit and a
process that dies each give their row's result."""

from __future__ import annotations

import os
import signal
import time

import pytest

from sudoku_logic.app.bulk.pool import ATTEMPTS, Job, LocalPool, SerialPool, Task, limit_memory


class Sleepy(Job):
    """Sleeps ``payload`` seconds; returns its payload."""

    def run(self, payload):
        time.sleep(payload)
        return "ok", payload


class Hog(Job):
    """Allocates ``payload`` MiB."""

    def run(self, payload):
        block = bytearray(payload << 20)
        return "ok", len(block) >> 20


class Dies(Job):
    """Kills its own process on a payload of -1."""

    def run(self, payload):
        if payload == -1:
            os.kill(os.getpid(), signal.SIGKILL)
        return "ok", payload


def results(pool, payloads):
    with pool:
        return [(t.seq, kind, p) for t, kind, p in pool.run(Task(i, x) for i, x in enumerate(payloads))]


def test_one_slow_task_holding_the_window_does_not_stall_the_pool():
    payloads = [0.6] + [0.0] * 40
    got = results(LocalPool(Sleepy(), 2, window=4), payloads)
    assert got == [(i, "ok", x) for i, x in enumerate(payloads)]


def test_tasks_given_done_pass_through_in_order():
    tasks = [Task(0, 0.0), Task(1, done=("bad", "line 2 is bad")), Task(2, 0.1), Task(3, done=("bad", "x"))]
    for pool in (SerialPool(Sleepy()), LocalPool(Sleepy(), 2)):
        with pool:
            got = [(t.seq, kind) for t, kind, _ in pool.run(iter(tasks))]
        assert got == [(0, "ok"), (1, "bad"), (2, "ok"), (3, "bad")]


def test_timeout_per_task_in_every_engine():
    for pool in (SerialPool(Sleepy(), timeout=0.3), LocalPool(Sleepy(), 2, timeout=0.3)):
        got = results(pool, [0.0, 5.0, 0.0])
        assert [k for _, k, _ in got] == ["ok", "timeout", "ok"]


def test_memory_limit_gives_a_memory_result_not_a_dead_worker():
    from sudoku_logic.app.bulk.pool import _address_space_mib

    used = _address_space_mib()
    if used is None:
        pytest.skip("needs /proc to read the address space")
    got = results(LocalPool(Hog(), 1, memory_mb=used + 200), [1, 2000, 1])
    assert [(k, p) for _, k, p in got] == [("ok", 1), ("memory", "ran out of memory (see --memory)"), ("ok", 1)]


def test_a_process_that_dies_is_retried_then_failed():
    got = results(LocalPool(Dies(), 2), [1, -1, 2, 3])
    assert got[0] == (0, "ok", 1) and got[2:] == [(2, "ok", 2), (3, "ok", 3)]
    assert got[1][:2] == (1, "failed") and str(ATTEMPTS) in got[1][2]


def test_memory_limit_below_what_a_process_needs_is_refused():
    assert "too little" in limit_memory(1)


class SlowImport(Job):
    """Imports a module whose import takes 0.3 s and makes a dataclass (an exception raised
    while a class is made comes out wrapped in RuntimeError)."""

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def preload(self):  # type: ignore[override]
        return (self.name,)

    def run(self, payload):
        module = __import__(self.name)
        return "ok", module.Made(payload).value


def test_a_timer_never_interrupts_an_import(tmp_path, monkeypatch):
    (tmp_path / "slow_import_mod.py").write_text(
        "import time\nfrom dataclasses import dataclass, field\n"
        "t = time.monotonic()\nwhile time.monotonic() - t < 0.3: pass\n"
        "@dataclass\nclass Made:\n    value: int\n    more: list = field(default_factory=list)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    got = results(SerialPool(SlowImport("slow_import_mod"), timeout=0.05), [1, 2, 3])
    assert got == [(0, "ok", 1), (1, "ok", 2), (2, "ok", 3)]


class WrapsTheTimer(Job):
    """Busy until the timer goes off inside a descriptor's __set_name__, which Python wraps."""

    def run(self, payload):
        class Slow:
            def __set_name__(self, owner, name):
                while True:
                    pass

        type("Made", (), {"slow": Slow()})
        return "ok", payload


def test_an_exception_the_timer_caused_is_a_timeout():
    got = results(SerialPool(WrapsTheTimer(), timeout=0.05), [1, 2])
    assert [kind for _, kind, _ in got] == ["timeout", "timeout"]


def _pending_wakes(fd: int) -> int:
    os.set_blocking(fd, False)
    try:
        return len(os.read(fd, 1 << 16))
    except BlockingIOError:
        return 0


def test_the_read_ahead_wakes_the_parent_only_when_it_listens():
    from sudoku_logic.app.bulk.pool import ReadAhead

    reader = ReadAhead(iter([Task(i, i) for i in range(500)]), size=1000, wake=True)
    reader.thread.join(timeout=10)
    assert reader.finished and _pending_wakes(reader.wake_r) == 0  # nobody listened: no signal
    assert not reader.listen()  # tasks are queued: read them, do not wait
    got = []
    while (x := reader.get()) is not ReadAhead.END:
        got.append(x.payload)
    assert got == list(range(500))
    reader.close()

    def slow():
        time.sleep(0.3)
        yield Task(0, "late")

    reader = ReadAhead(slow(), size=10, wake=True)
    assert reader.listen()  # nothing yet: a put will signal
    os.set_blocking(reader.wake_r, True)
    assert os.read(reader.wake_r, 1) == b"x"  # blocks until the late task is put
    assert reader.get().payload == "late"
    reader.close()


def test_the_read_ahead_hands_over_chunks_in_order_and_a_read_error_after_them():
    from sudoku_logic.app.bulk.pool import ReadAhead

    def tasks():
        yield from (Task(i, i) for i in range(150))
        raise OSError("the disk went away")

    reader = ReadAhead(tasks(), size=1000, wake=True, chunk=64)
    reader.thread.join(timeout=10)
    assert reader.queue.qsize() == 5  # 64 + 64 + 22 tasks, the error, the end
    assert reader.left() >= 150
    got = [reader.get().payload for _ in range(100)]
    assert not reader.listen()  # the rest of a chunk is ready: no waiting
    got += [reader.get().payload for _ in range(50)]
    assert got == list(range(150))
    with pytest.raises(OSError, match="disk went away"):
        reader.get()
    assert reader.get() is ReadAhead.END
    reader.close()
