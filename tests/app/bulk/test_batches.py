"""The local pool sends each worker batches of tasks: what batching could break, held to the
pool's promises: rows in input order with bad lines between and across batches, the answer a
task gets alone, a timeout or a dying process inside a batch costing only its own task, a
run killed or interrupted in the middle of a batch and resumed."""

from __future__ import annotations

import os
import signal
import time

import pytest

from bulk_helpers import dotted, rows_of, run, start_and_stop, wait_gone, without_ms, write
from helpers import collection
from sudoku_logic.app.bulk.pool import ATTEMPTS, Job, LocalPool, Task

EASY = collection("qqwing_simple.txt", 60)
SE = ("--columns", "puzzle,rating,ep,ed,se_hardest")  # the compiled path: large batches


class Sizes(Job):
    """Returns how many payloads came with each one (1 where they come one at a time)."""

    def run(self, payload):
        return "ok", (payload, 1)

    def run_batch(self, payloads):
        return [("ok", (p, len(payloads))) for p in payloads]


class Sleepy(Job):
    """Sleeps ``payload`` seconds; returns its payload."""

    def run(self, payload):
        time.sleep(payload)
        return "ok", payload


class DiesOn(Job):
    """Kills its own process on a payload of -1 (in a batch or alone)."""

    def run(self, payload):
        if payload == -1:
            os.kill(os.getpid(), signal.SIGKILL)
        return "ok", payload


def results(pool, tasks):
    with pool:
        return [(t.seq, kind, p) for t, kind, p in pool.run(iter(tasks))]


def test_quick_tasks_go_to_each_worker_in_batches_and_come_back_in_order():
    """Each worker is sent many quick tasks at once (it used to be one task a message), and
    tasks given done pass through in their places, between batches and inside them."""
    tasks = [Task(i, done=("bad", f"line {i}")) if i % 37 in (0, 5) else Task(i, i) for i in range(3000)]
    got = results(LocalPool(Sizes(), 2), tasks)
    assert [seq for seq, _, _ in got] == list(range(3000))
    assert all((k, p) == ("bad", f"line {s}") for s, k, p in got if s % 37 in (0, 5))
    assert all(k == "ok" and p[0] == s for s, k, p in got if s % 37 not in (0, 5))
    assert max(p[1] for _, k, p in got if k == "ok") > 16


def test_a_timeout_inside_a_batch_costs_only_its_own_task():
    payloads = [0.0] * 30 + [30.0] + [0.0] * 30
    got = results(LocalPool(Sleepy(), 2, timeout=0.5), [Task(i, x) for i, x in enumerate(payloads)])
    assert [(s, k) for s, k, _ in got] == [(i, "timeout" if i == 30 else "ok") for i in range(61)]


@pytest.mark.parametrize("timeout", [None, 30.0])  # a batch run at once, and one task at a time
def test_a_task_that_kills_its_process_inside_a_batch_fails_alone(timeout):
    payloads = list(range(40)) + [-1] + list(range(41, 80))
    got = results(LocalPool(DiesOn(), 2, timeout=timeout), [Task(i, x) for i, x in enumerate(payloads)])
    assert [s for s, _, _ in got] == list(range(80))
    assert [(k, p) for s, k, p in got if s != 40] == [("ok", x) for x in payloads if x != -1]
    assert got[40][1] == "failed" and f"died {ATTEMPTS} times" in got[40][2]


def test_bad_lines_across_batch_borders_keep_their_places_and_line_numbers(tmp_path):
    lines = [p if i % 50 not in (7, 8, 49) else f"bad {i}" for i, p in enumerate((EASY * 12)[:700])]
    src = write(tmp_path, "in.txt", lines)
    one = run(str(src), "-f", "csv", "--jobs", "1", *SE)
    two = run(str(src), "-f", "csv", "--jobs", "2", *SE)
    assert one.returncode == two.returncode == 2
    assert two.stdout == one.stdout
    bad = [f"in.txt line {i + 1}: bad character 'b'" for i in range(700) if i % 50 in (7, 8, 49)]
    said = [line for line in two.stderr.splitlines() if line.startswith("error:")]
    assert len(said) == len(bad) and all(want in line for want, line in zip(bad, said))


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the workers")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_a_run_stopped_inside_a_batch_resumes_without_a_row_lost_or_twice(tmp_path, sig):
    puzzles = [p if i % 97 != 3 else "broken" for i, p in enumerate((EASY * 300)[:15000])]
    src = write(tmp_path, "in.txt", puzzles)
    want = [dotted(p) for p in puzzles if p != "broken"]
    out = tmp_path / "out.csv"
    proc, workers = start_and_stop([str(src), "-o", str(out), "--jobs", "2", *SE], out, 600, sig=sig)
    assert proc.running, f"the run ended before the signal ({proc.rows_before} rows)"
    assert workers and not wait_gone(workers)  # its workers are gone with it
    done = rows_of(out)
    assert 0 < len(done) < len(want)
    if sig == signal.SIGINT:  # a row is counted just before it is written: the count may say one more
        said = int(proc.err.split("interrupted after ")[1].split()[0])
        assert proc.returncode == 130 and said - len(done) in (0, 1), proc.err
    r = run(str(src), "-o", str(out), "--jobs", "2", "--resume", *SE)
    assert r.returncode == 2, r.stderr  # the broken lines after the stop are said again
    assert [row["puzzle"] for row in rows_of(out)] == want
    full = tmp_path / "full.csv"
    run(str(src), "-o", str(full), "--jobs", "1", *SE)
    assert without_ms(rows_of(out)) == without_ms(rows_of(full))
