"""The compiled engine under AddressSanitizer and UBSan (``tests/native/sanitize_native.py``): the
rule-by-rule and short whole-path comparisons with the Python engine, with no sanitizer
report. Behind the ``sanitize`` marker (``python -m pytest -m sanitize``), which the default
run leaves out to keep the suite within its time: run it, or the full differential run
``python tests/native/sanitize_native.py``, after any change to the C engine."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent / "sanitize_native.py"
SUBSET = "random_reachable or cut_short or broken or batch or (whole_paths_equal and (simple or expert))"


def _has_runtime(cc: str) -> bool:
    out = subprocess.run([cc, "-print-file-name=libasan.so"], capture_output=True, text=True)
    return out.returncode == 0 and os.path.isabs(out.stdout.strip())


@pytest.mark.sanitize
def test_compiled_engine_clean_under_sanitizers():
    cc = os.environ.get("CC", "gcc")
    if shutil.which(cc) is None or not _has_runtime(cc):
        pytest.skip(f"{cc} with AddressSanitizer's runtime is not on this machine")
    res = subprocess.run([sys.executable, str(SCRIPT), "-k", SUBSET, "-x"], capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, (res.stdout + res.stderr)[-4000:]
    assert " passed" in res.stdout and "runtime error" not in res.stdout + res.stderr
