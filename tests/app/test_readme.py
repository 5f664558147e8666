"""The README is true: every command of its "real output" examples prints what it shows, its
quick start and settings example run, each message it quotes is what the program prints,
and its Python API example gives the values its comments say."""

from __future__ import annotations

import os
import subprocess
import sys

from bad_inputs import GOOD
from helpers import ROOT

README = ROOT / "README.md"


def _shell(command: str, **env: str) -> subprocess.CompletedProcess:
    """``command`` run by bash from the checkout, ``sudoku`` being this Python's package."""
    prelude = f'sudoku() {{ "{sys.executable}" -m sudoku_logic "$@"; }}; '
    return subprocess.run(
        ["bash", "-c", prelude + command],
        cwd=README.parent,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **env},
    )


def _without_ms(lines: list[str]) -> list[str]:
    """Rows of ``sudoku rate``/``generate`` csv without their last column, ``ms`` (a timing)."""
    if lines and lines[0].startswith("puzzle,") and lines[0].endswith(",ms"):
        return [line.rsplit(",", 1)[0] for line in lines]
    return lines


def test_readme_examples_are_real_output():
    """Every command of the README's "real output" examples (rate and generate too)
    prints what the README shows, all but the ``ms`` column; an annotation after four
    spaces, in parentheses, is the README's own."""
    import re

    block = README.read_text().split("### Examples (real output)", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    setup = re.search(r"^\$ (P=\S+)$", block, re.M).group(1)
    runs = re.findall(r"^\$ (.*)\n((?:(?!\$ ).*\n)*?)(?=\n|\Z)", block, re.M)
    checked = 0
    for cmd, expected in runs:
        if cmd.startswith("P="):
            continue
        out = _shell(f"{setup}; {cmd} 2>&1").stdout
        want = [re.sub(r"\s{4,}\(.*\)$", "", ln) for ln in expected.splitlines()]
        assert _without_ms(out.splitlines()) == _without_ms(want), cmd
        checked += 1
    assert checked == block.count("\n$ ") - 1 >= 15


def test_readme_quick_start_settings_and_quoted_messages_are_real():
    """The quick start's commands run, the settings example is a settings file the
    commands take, and each message the README quotes is what the program prints."""
    text = README.read_text()
    quick = text.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [ln.strip() for ln in quick.splitlines() if ln.startswith("sudoku ")]
    assert len(commands) == 2
    step = _shell(commands[0])
    assert step.returncode == 0 and "Rating (Sudoku Explainer): ER " in step.stdout, step.stderr
    version = _shell(commands[1])
    assert version.returncode == 0 and "engine: compiled (C)" in version.stdout
    toml = text.split("```toml", 1)[1].split("```", 1)[0]
    settings = README.parent / ".pytest_readme_settings.toml"
    try:
        settings.write_text(toml)
        r = _shell(f"sudoku hint {GOOD} --settings {settings} --level 2")
        assert r.returncode == 0 and r.stderr == "", r.stderr
        r = _shell("sudoku --version", SUDOKU_LOGIC_SETTINGS=str(settings))
        assert "settings (from $SUDOKU_LOGIC_SETTINGS): als_nodes=false" in r.stdout
    finally:
        settings.unlink(missing_ok=True)
    flat = " ".join(text.split())
    row3 = "." * 19 + "7" + "." * 5 + "7" + "." * 55
    quoted = {  # message in the README -> the command that prints it
        "error: row 3 has two 7s: r3c2, r3c8": f"sudoku check {row3}",
        "r1c1: you placed 6, but the solution has 5 there": f"sudoku hint '{GOOD} 6{'.' * 80}'",
        "Rating (Sudoku Explainer): ER 5.6, EP 1.2, ED 1.2; hardest": f"sudoku step {GOOD}",
        "engine: compiled (C)": "sudoku --version",
    }
    for message, command in quoted.items():
        assert message in flat, message
        r = _shell(command + " 2>&1")
        assert message in r.stdout, (command, r.stdout[-500:])
    piped = _shell(f"sudoku step {GOOD} --until 37 | sudoku hint -")
    assert "sudoku step P --until 37 \\| sudoku hint -" in text and piped.returncode == 0 and not piped.stderr
    assert len(text.splitlines()) < 250


def test_readme_api_example_runs_as_written():
    """The README's API example is real code whose commented values are the results."""

    from readme_example import check

    assert check((ROOT / "README.md").read_text()) >= 6
