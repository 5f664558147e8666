"""Bad input gets one clear line and exit code 2, never a traceback, for every command."""

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from bad_inputs import CASES, GOOD
from helpers import wrong_given
from sudoku_logic.app.cli.main import app
from sudoku_logic.app.io.reader import MAX_LINE

COMMANDS = ["solve", "step", "hint", "check", "rate"]
RUNNER = CliRunner()
#: Puzzles with no or several solutions: an error for every command but check.
NOT_VALID = {"empty-grid", "all-zeros", "one-given-removed", "no-solution", "cell-without-candidate"}


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Each file case written to disk; the huge line is 100 MB of digits."""
    d = tmp_path_factory.mktemp("bad")
    out = {}
    for cid, how, content, _ in CASES:
        if how != "file":
            continue
        path = d / cid
        if cid == "huge-line":
            with open(path, "w") as fh:
                chunk = "1234567890" * 100_000
                for _ in range(100):
                    fh.write(chunk)
                fh.write("\n" + GOOD + "\n")
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
        out[cid] = str(path)
    return out


def _invoke(cmd, how, cid, content, files):
    if how == "literal":
        if content is None:  # computed: a puzzle with no solution
            content = wrong_given(GOOD).values_string()
        return RUNNER.invoke(app, [cmd, "--", content])
    if how == "stdin":
        return RUNNER.invoke(app, [cmd, "-"], input=content)
    return RUNNER.invoke(app, [cmd, files[cid]])


def test_corpus_is_large_enough():
    assert len(CASES) >= 40
    assert len({c[0] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("cmd", COMMANDS)
@pytest.mark.parametrize("cid,how,content,message", CASES, ids=[c[0] for c in CASES])
def test_bad_input(cmd, cid, how, content, message, files):
    r = _invoke(cmd, how, cid, content, files)
    if cmd == "check" and cid in NOT_VALID:  # check answers the question: not valid, exit 1
        assert r.exit_code == 1, (r.exit_code, r.stderr)
        assert r.stdout.splitlines() == ["not valid: " + message] and not r.stderr
        return
    expected = "error: " + message.format(f=files.get(cid, ""))
    lines = r.stderr.splitlines()
    assert r.exit_code == 2, (r.exit_code, r.stderr, r.exception)
    if cid == "huge-line" and cmd in ("solve", "step", "hint", "check", "rate"):
        # the long line is reported and the good puzzle after it still handled
        assert lines == [expected]
        assert r.stdout.strip()
        return
    assert lines == [expected], r.stderr
    assert r.exception is None or isinstance(r.exception, SystemExit)


@pytest.mark.parametrize("cmd", COMMANDS)
def test_real_process_has_no_traceback(cmd, files):
    r = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", cmd, files["binary-junk"]], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1


def test_bulk_goes_on_after_bad_lines(tmp_path):
    f = tmp_path / "mixed.txt"
    f.write_text(GOOD + "\nxyz\n" + "." * 81 + "\n" + GOOD + "\n")
    r = RUNNER.invoke(app, ["rate", str(f), "--format", "csv", "--no-progress"])
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        f"error: {f} line 2: bad character 'x' at position 1: expected 1-9, or '.', '0', '-', '_' or '*' for empty",
        f"error: {f} line 3: the puzzle has more than one solution (r2c2 can be 9 or 7, r2c3 can be 8 or 9)",
    ]
    rows = r.stdout.strip().splitlines()
    assert len(rows) == 3 and all(row.startswith(GOOD.replace("0", ".")) for row in rows[1:])
    assert MAX_LINE == 1 << 20
