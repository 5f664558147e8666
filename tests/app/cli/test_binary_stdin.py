"""Binary data on stdin is one line, as a binary file is: piped or redirected from a file."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from commands import ROOT

#: bytes as a binary file holds them (an ELF header, then every byte value, line ends and
#: NUL bytes among them, most of them not UTF-8)
DATA = b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 80


def _run(cmd: str, stdin) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_logic", cmd, "-"],
        stdin=stdin,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )


@pytest.mark.parametrize("cmd", ["check", "hint", "rate"])
def test_binary_stdin_is_one_line_as_a_binary_file_is(tmp_path, cmd):
    f = tmp_path / "data.bin"
    f.write_bytes(DATA)
    with open(f, "rb") as fh:
        redirected = _run(cmd, fh)
    r, w = os.pipe()
    with open(w, "wb") as out:
        out.write(DATA[:8192])  # what a pipe holds at once; the rest is never needed
    with open(r, "rb") as fh:
        piped = _run(cmd, fh)
    for got in (redirected, piped):
        assert got.returncode == 2
        assert got.stderr.decode() == "error: stdin is not a text file of puzzles (it holds binary data)\n"
        assert got.stdout == b""
