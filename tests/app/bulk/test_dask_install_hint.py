"""Without Dask, `--scheduler` says how to install it both from a clone (``pip install
".[dask]"``) and once the package is published (``pip install "sudoku-logic[dask]"``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from commands import ROOT, P

#: runs the command line with ``distributed`` unimportable, as on a machine without Dask
WITHOUT_DASK = (
    "import runpy, sys; sys.modules['distributed'] = None; sys.argv = ['sudoku', *sys.argv[1:]]; "
    "runpy.run_module('sudoku_logic', run_name='__main__')"
)
HINT = 'pip install ".[dask]" in a clone of sudoku-logic, pip install "sudoku-logic[dask]" once it is published'


@pytest.mark.parametrize("cmd", [["rate", P, "-f", "csv"], ["generate", "-n", "1", "--seed", "1"]])
def test_scheduler_without_dask_says_how_to_install_it_from_a_clone_and_once_published(cmd):
    r = subprocess.run(
        [sys.executable, "-c", WITHOUT_DASK, *cmd, "--scheduler", "local"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert r.returncode == 2, r.stderr
    assert r.stderr == f"error: --scheduler needs Dask: {HINT}\n"


@pytest.mark.parametrize("cmd", ["rate", "generate"])
def test_the_scheduler_help_says_both_installs(cmd):
    r = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", cmd, "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "400"},
        timeout=120,
    )
    assert '".[dask]"' in r.stdout and '"sudoku-logic[dask]"' in r.stdout, r.stdout
