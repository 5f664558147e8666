"""Standard streams as a shell hands them over: closed, full, a reader that goes away, a
FIFO, process substitution. Every command, run as a real process under bash: a clear line
and a non-zero exit, never a traceback; ``| head`` ends it quietly with SIGPIPE's status."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from helpers import ROOT, collection

P = collection("qqwing_expert.txt", 1)[0]
BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None or os.name == "nt", reason="needs bash and POSIX streams")

#: every command that writes to stdout, with arguments that make it write several lines
WRITERS = {
    "check": ["check", P],
    "step": ["step", P],
    "hint": ["hint", P],
    "solve": ["solve", P],
    "rate": ["rate", "{many}", "--jobs", "1"],
    "generate": ["generate", "-n", "20", "--seed", "1"],
    "techniques": ["techniques"],
    "version": ["--version"],
    "help": ["step", "--help"],
}
#: the commands that read a puzzle argument
READERS = ("check", "step", "hint", "solve", "rate")


def _cmd(args: list[str]) -> str:
    sudoku = f"{shlex.quote(sys.executable)} -m sudoku_logic"
    return sudoku + " " + " ".join(a if a.startswith(("<(", "{")) else shlex.quote(a) for a in args)


def _bash(script: str, tmp_path: Path, **kw) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [BASH, "-c", script], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120, **kw
    )


@pytest.fixture
def many(tmp_path: Path) -> str:
    path = tmp_path / "many.txt"
    path.write_text("\n".join(collection("qqwing_simple.txt", 300)) + "\n")
    return str(path)


def _args(name: str, many: str) -> list[str]:
    return [a.replace("{many}", many) for a in WRITERS[name]]


@pytest.mark.parametrize(
    "redirect,why", [(">&-", "stdout is closed"), ("> /dev/full", "No space left on device")], ids=["closed", "full"]
)
@pytest.mark.parametrize("name", WRITERS)
def test_stdout_that_cannot_be_written_is_one_line_error(name, redirect, why, tmp_path, many):
    if redirect == "> /dev/full" and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    r = _bash(_cmd(_args(name, many)) + " " + redirect, tmp_path)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip().splitlines()[-1] == f"error: cannot write stdout: {why}", r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("name", WRITERS)
def test_reader_gone_ends_quietly_as_sigpipe(name, tmp_path, many):
    # the reader closes its end at once (as `head -1` does once it has its line), before the
    # command, which takes a tenth of a second to start, writes anything
    r = _bash(_cmd(_args(name, many)) + " | (exec 0<&-; sleep 1); exit ${PIPESTATUS[0]}", tmp_path)
    assert r.returncode == 141 and r.stderr == "", (r.returncode, r.stderr)
    head = _bash(_cmd(_args(name, many)) + " | head -1; exit ${PIPESTATUS[0]}", tmp_path)
    assert head.returncode in (0, 141) and head.stderr == "" and head.stdout.count("\n") == 1, head


@pytest.mark.parametrize("name", READERS)
def test_closed_stdin_is_one_line_error(name, tmp_path, many):
    r = _bash(_cmd([name, "-"]) + " <&-", tmp_path)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip() == "error: cannot read stdin: it is closed", r.stderr


@pytest.mark.parametrize("name", READERS)
def test_process_substitution_and_dev_stdin(name, tmp_path):
    alone = _bash(_cmd([name, P]), tmp_path)
    assert alone.returncode == 0, alone.stderr
    subst = _bash(_cmd([name, f"<(echo {P})"]), tmp_path)
    piped = _bash(f"echo {P} | " + _cmd([name, "/dev/stdin"]), tmp_path)
    for r in (subst, piped):
        assert r.returncode == 0, r.stderr
        if name == "rate":  # the ms column differs
            assert r.stdout.splitlines()[1].split(",")[:-1] == alone.stdout.splitlines()[1].split(",")[:-1]
        elif name == "check":  # check names where the puzzle came from
            assert r.stdout.split(": ", 1)[1] == alone.stdout
        else:  # a file's entry may be introduced by where it was read
            out = r.stdout.split("\n", 1)[1] if r.stdout.startswith("/dev/") else r.stdout
            assert out == alone.stdout


@pytest.mark.parametrize("name", READERS)
def test_fifo_is_read_once(name, tmp_path):
    fifo = tmp_path / "ff"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w") as fh:  # blocks until the command opens it
            fh.write(P + "\n")

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    r = _bash(_cmd([name, str(fifo)]), tmp_path)
    writer.join(5)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip()


def test_symlink_loop_says_so(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    r = _bash(_cmd(["check", str(tmp_path / "a")]), tmp_path)
    assert r.returncode == 2
    assert r.stderr.strip() == f"error: cannot read {tmp_path / 'a'}: Too many levels of symbolic links", r.stderr
