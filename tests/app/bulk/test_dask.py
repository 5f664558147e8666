"""`sudoku rate --scheduler` on a real Dask cluster: a `dask scheduler` and two `dask worker`
processes started here on 127.0.0.1, each a separate process as on a real cluster.

Skipped (with a message) only when Dask cannot be imported; the `test` extra installs it.
"""

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason='Dask is not installed (pip install ".[dask]")')

from distributed import Client

from bulk_helpers import ROOT, dotted, rows_of, run, start_and_stop, without_ms, write
from helpers import collection

EASY = collection("qqwing_simple.txt", 10)
EXPERT = collection("qqwing_expert.txt", 200)
TESTS = Path(__file__).resolve().parent


class Cluster:
    """A scheduler and its workers, each a process started here."""

    def __init__(self, where: Path, workers: int = 2) -> None:
        self.where = where
        where.mkdir(parents=True, exist_ok=True)
        self.file = where / "scheduler.json"
        self.env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(TESTS), str(ROOT)]))
        self.log = open(where / "cluster.log", "w")
        self.scheduler = self._start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard")
        deadline = time.time() + 120
        while time.time() < deadline and not self._address():
            assert self.scheduler.poll() is None, self.logs()
            time.sleep(0.2)
        self.address = self._address()
        assert self.address, self.logs()
        self.workers = [
            self._start("worker", "--nthreads", "1", "--no-dashboard", "--name", f"w{i}", "--death-timeout", "60")
            for i in range(1, workers + 1)
        ]
        self.wait_for_workers(workers)

    def _start(self, kind: str, *args: str) -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-m", "dask", kind, "--scheduler-file", str(self.file), *args],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            cwd=self.where,
            env=self.env,
        )

    def _address(self) -> str | None:
        try:
            return json.loads(self.file.read_text())["address"]
        except (OSError, ValueError, KeyError):
            return None

    def logs(self) -> str:
        self.log.flush()
        return (self.where / "cluster.log").read_text()[-3000:]

    def client(self) -> Client:
        return Client(self.address, timeout=30, set_as_default=False)

    def wait_for_workers(self, n: int) -> None:
        with self.client() as c:
            c.wait_for_workers(n, timeout=120)

    def worker_pids(self) -> list[int]:
        """The pids of the worker processes (under their nannies)."""
        with self.client() as c:
            return sorted(c.run(os.getpid).values())

    def stop(self) -> None:
        for p in self.workers + [self.scheduler]:
            p.terminate()
        for p in self.workers + [self.scheduler]:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        self.log.close()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    c = Cluster(tmp_path_factory.mktemp("dask"))
    yield c
    c.stop()


def errors(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("error:")]


def test_rows_on_dask_are_the_rows_of_one_process(cluster, tmp_path):
    lines = (
        EXPERT[:5]
        + ["broken line"]
        + EASY[:6]
        + ["." * 81]
        + EXPERT[5:8]
        + [EASY[6] + " a label"]
        + ["12345"]
        + EASY[7:9]
    )
    src = write(tmp_path, "in.txt", lines)
    cols = ["--columns", "+label,line,se_solved,hodoku_solved"]
    ref, out = tmp_path / "ref.csv", tmp_path / "dask.csv"
    one = run(str(src), "-o", str(ref), "--jobs", "1", *cols)
    r = run(str(src), "-o", str(out), "--scheduler", cluster.address, "--chunk", "3", *cols)
    assert r.returncode == one.returncode == 2, r.stderr
    assert errors(r.stderr) == errors(one.stderr) and len(errors(r.stderr)) == 3
    assert without_ms(rows_of(out)) == without_ms(rows_of(ref))
    assert len(rows_of(out)) == len(lines) - 3
    assert not os.path.exists(str(out) + ".progress")


@pytest.fixture(scope="module")
def long_run(cluster, tmp_path_factory):
    """An input that takes the cluster some seconds, and its rows from the local pool."""
    d = tmp_path_factory.mktemp("long")
    src = write(d, "in.txt", EXPERT[:160])
    ref = d / "ref.csv"
    assert run(str(src), "-o", str(ref), "--jobs", "2").returncode == 0
    return src, without_ms(rows_of(ref))


def rate_until(src: Path, out: Path, address: str, lines: int) -> subprocess.Popen:
    """A ``rate`` run on the cluster at ``address`` in chunks of 4, returned once ``out``
    holds ``lines`` lines (or after two minutes)."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sudoku_logic",
            "rate",
            str(src),
            "-o",
            str(out),
            "--scheduler",
            address,
            "--chunk",
            "4",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    deadline = time.time() + 120
    while time.time() < deadline and (not out.exists() or out.read_text().count("\n") < lines):
        time.sleep(0.05)
    return proc


def test_a_worker_killed_mid_run_costs_no_row(cluster, long_run, tmp_path):
    src, want = long_run
    out = tmp_path / "out.csv"
    proc = rate_until(src, out, cluster.address, 9)
    victim = cluster.worker_pids()[0]
    os.kill(victim, signal.SIGKILL)
    done_when_killed = out.read_text().count("\n") - 1
    _, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    assert 8 <= done_when_killed < len(want), "the worker should have died mid-run"
    rows = without_ms(rows_of(out))
    assert [r["puzzle"] for r in rows] == [dotted(p) for p in EXPERT[:160]]  # each once, in order
    assert rows == want
    cluster.wait_for_workers(2)  # its nanny starts it again


def test_a_client_killed_mid_run_is_resumed_exactly(cluster, long_run, tmp_path):
    src, want = long_run
    out = tmp_path / "out.csv"
    args = [str(src), "-o", str(out), "--scheduler", cluster.address, "--chunk", "4"]
    start_and_stop(args, out, 10)
    partial = rows_of(out)
    assert 0 < len(partial) < len(want), "the client should have been killed mid-run"
    assert os.path.exists(str(out) + ".progress")
    r = run(*args, "--resume")
    assert r.returncode == 0, r.stderr
    assert without_ms(rows_of(out)) == want
    assert out.read_text().count("puzzle,rating") == 1 and not os.path.exists(str(out) + ".progress")


def test_timeout_on_dask(cluster, tmp_path):
    src = write(tmp_path, "in.txt", EXPERT[:4] + EASY[:1])
    r = run(str(src), "-f", "csv", "--scheduler", cluster.address, "--timeout", "0.002", "--chunk", "2")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [row["puzzle"] for row in rows] == [dotted(p) for p in EXPERT[:4] + EASY[:1]]
    assert [row for row in rows if row["hardest"] == "timeout"], "a 2 ms limit must stop an expert puzzle"


def test_generate_on_dask_makes_the_same_puzzles(cluster):
    args = [sys.executable, "-m", "sudoku_logic", "generate", "-n", "3", "--level", "easy", "--seed", "7", "-f", "csv"]
    here = subprocess.run(args + ["-j", "1"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    there = subprocess.run(
        args + ["--scheduler", cluster.address], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert here.returncode == there.returncode == 0, there.stderr
    assert [line.split(",")[:7] for line in there.stdout.splitlines()] == [
        line.split(",")[:7] for line in here.stdout.splitlines()
    ]


def test_a_local_cluster(tmp_path):
    src = write(tmp_path, "in.txt", EASY[:4] + ["nonsense"] + EASY[4:6])
    r = run(str(src), "-f", "csv", "--scheduler", "local", "--jobs", "2")
    assert r.returncode == 2 and errors(r.stderr) == [
        f"error: {src} line 5: bad character 'n' at position 1: expected 1-9, or '.', '0', '-', '_' or '*' for empty"
    ]
    assert [row["puzzle"] for row in csv.DictReader(io.StringIO(r.stdout))] == [dotted(p) for p in EASY[:6]]


def test_an_unreachable_scheduler_is_one_line():
    r = run(EASY[0], "--scheduler", "tcp://127.0.0.1:1")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [
        "error: cannot reach the Dask scheduler at tcp://127.0.0.1:1 (Connection refused)"
    ]


def test_a_lost_scheduler_is_one_line_and_resume_goes_on(cluster, long_run, tmp_path):
    """Dask cannot recover a lost scheduler: the run stops with one line saying how to go on,
    and --resume (here on another cluster) finishes it exactly."""
    src, want = long_run
    doomed = Cluster(tmp_path / "doomed", workers=1)
    out = tmp_path / "out.csv"
    try:
        proc = rate_until(src, out, doomed.address, 5)
        doomed.scheduler.kill()
        _, err = proc.communicate(timeout=300)
    finally:
        doomed.stop()
    assert proc.returncode == 2 and "Traceback" not in err
    assert err.strip().splitlines() == [
        f"error: lost the Dask scheduler at {doomed.address}; run the same command with --resume to continue"
    ]
    r = run(str(src), "-o", str(out), "--scheduler", cluster.address, "--chunk", "4", "--resume")
    assert r.returncode == 0, r.stderr
    assert without_ms(rows_of(out)) == want


def test_a_run_leaves_its_workers_as_it_found_them(cluster, tmp_path):
    """Issue 40 item 11: a worker that ran our tasks must still stop on one SIGTERM. Our
    tasks replace no signal handler in the worker, leave no thread that would keep it from
    exiting and no pool process running."""
    from dask_jobs import worker_state

    with cluster.client() as c:
        before = c.run(worker_state)
        src = write(tmp_path, "in.txt", EXPERT[:12] + EASY[:8])
        assert run(str(src), "-f", "csv", "--scheduler", cluster.address, "--chunk", "3").returncode == 0
        after = c.run(worker_state)
    assert after == before and all(state["children"] == 0 for state in after.values())


def test_workers_stop_on_the_first_sigterm_after_their_scheduler(tmp_path):
    """Issue 40 item 11 as reported: a scheduler and two workers, a --scheduler run, the
    scheduler stopped first, then each worker sent SIGTERM once: each stops (its nanny, the
    worker process under it and our fork server with its children). The bound is against a
    hang, not a timing."""
    from bulk_helpers import descendants, wait_gone

    small = Cluster(tmp_path / "small", workers=2)
    try:
        src = write(tmp_path, "in.txt", EXPERT[:30])
        proc = subprocess.Popen(
            [sys.executable, "-m", "sudoku_logic", "rate", str(src), "--scheduler", small.address, "--chunk", "2"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
        )
        time.sleep(3)  # tasks running in both workers
        below = [p for w in small.workers for p in descendants(w.pid)]
        small.scheduler.terminate()
        small.scheduler.wait(timeout=60)
        proc.wait(timeout=120)
        for w in small.workers:
            w.terminate()
        for w in small.workers:
            w.wait(timeout=120)  # raises if a worker ignored its SIGTERM
        assert not wait_gone(below, 30)
    finally:
        for p in small.workers + [small.scheduler]:
            if p.poll() is None:
                p.kill()
                p.wait()
        small.log.close()


def test_a_task_that_kills_its_workers_gives_failed_rows(cluster):
    """Dask gives up on a task that killed three workers (KilledWorker): its puzzles come
    back failed and the run ends, without hanging. Run last: it kills workers."""
    from dask_jobs import KillsItsWorker
    from sudoku_logic.app.bulk.dask_pool import DaskPool
    from sudoku_logic.app.bulk.pool import Task

    with DaskPool(KillsItsWorker(), cluster.address, chunk=8) as pool:
        got = [(t.seq, kind) for t, kind, _ in pool.run(Task(i, i) for i in range(3))]
    assert got == [(0, "failed"), (1, "failed"), (2, "failed")]
    cluster.wait_for_workers(2)


class _Future:
    """What ``_results`` reads of a future: its state now (a real one's, as named)."""

    def __init__(self, status: str) -> None:
        self.status = status

    def cancelled(self) -> bool:
        return self.status == "cancelled"


def test_rows_fetched_before_their_worker_died_are_kept():
    """A chunk's rows fetched by ``as_completed`` are its rows even when the worker that held
    them dies before they are taken (its future then reads ``lost``, or ``pending`` while the
    scheduler computes it again): only a cancelled future (a lost scheduler) stops the run."""
    from concurrent.futures import CancelledError

    from sudoku_logic.app.bulk.dask_pool import DaskPool, Lost, _Chunk
    from sudoku_logic.app.bulk.pool import Job, PoolError, Task

    pool = DaskPool(Job(), "tcp://127.0.0.1:1")
    tasks = [Task(0, "a"), Task(1, done=("bad", "not a puzzle")), Task(2, "b")]
    fetched = ([("ok", "row a"), ("ok", "row b")], 0.5)
    for status in ("finished", "lost", "pending"):
        rows, seconds = pool._results(_Chunk(0, tasks), _Future(status), fetched)
        assert [(t.seq, kind, payload) for t, kind, payload in rows] == [
            (0, "ok", "row a"),
            (1, "bad", "not a puzzle"),
            (2, "ok", "row b"),
        ]
        assert seconds == 0.5
    with pytest.raises(Lost):
        pool._results(_Chunk(0, tasks), _Future("cancelled"), CancelledError())
    with pytest.raises(Lost):
        pool._results(_Chunk(0, tasks), _Future("lost"), CancelledError())
    with pytest.raises(PoolError, match="a Dask task failed: ValueError"):
        pool._results(_Chunk(0, tasks), _Future("error"), (ValueError, ValueError("boom"), None))
