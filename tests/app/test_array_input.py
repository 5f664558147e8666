"""Puzzles given as numbers (numpy arrays, lists of numpy integers or floats): one rule for
``rate_array`` and ``load``: integers 0-9, or floats that are whole and finite; anything else
a ValueError naming the row and the cell, never a different puzzle than the one given."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import sudoku_logic as sl
from grading.se_batch import rate_array
from sudoku_logic.core.errors import FormatError
from sudoku_logic.core.formats import cell_digit

P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"
ROW = [int(ch) for ch in P]


def _three(dtype: object = np.int64) -> np.ndarray:
    return np.array([ROW] * 3, dtype=dtype)


@pytest.mark.parametrize(
    "value, digit", [(4, 4), (np.int64(0), 0), (np.uint8(9), 9), (4.0, 4), (np.float32(7.0), 7), (np.float64(0.0), 0)]
)
def test_integers_and_whole_floats_are_digits(value, digit):
    assert cell_digit(value) == digit


@pytest.mark.parametrize(
    "value, words",
    [
        (4.9, "holds 4.9, not a whole number"),
        (0.5, "holds 0.5, not a whole number"),
        (float("nan"), "holds nan, not a whole number"),
        (float("inf"), "holds inf, not a whole number"),
        (10, "holds 10, not a digit 0-9"),
        (-1, "holds -1, not a digit 0-9"),
        (True, "(bool), not a number"),
        (np.bool_(True), "(bool), not a number"),
        (3 + 0j, "(complex), not a number"),
        (np.timedelta64(3), "(timedelta64), not a number"),
        ("4", "(str), not a number"),
        (None, "(NoneType), not a number"),
    ],
)
def test_anything_else_says_what_it_is(value, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        cell_digit(value)


@pytest.mark.parametrize(
    "cell, value, words",
    [(5, 4.9, "r1c6 holds 4.9, not a whole number"), (0, 0.5, "r1c1 holds 0.5"), (3, np.nan, "r1c4 holds nan")],
)
def test_rate_array_refuses_a_float_that_is_not_a_digit(cell, value, words):
    arr = _three(float)
    arr[1, cell] = value
    with pytest.raises(ValueError, match=f"row 1: {words}"):
        rate_array(arr)


@pytest.mark.parametrize("dtype", [complex, "m8[s]", str, bool])
def test_rate_array_refuses_arrays_of_what_are_not_numbers(dtype):
    with pytest.raises(ValueError, match=r"row 0: r1c1 holds .*not a number"):
        rate_array(_three().astype(dtype))


def test_whole_floats_rate_as_the_integers_they_are():
    ints = rate_array(_three())
    floats = rate_array(_three(float))
    assert (
        ints[["er", "ep", "ed", "hardest", "steps", "solved"]].tolist()
        == floats[["er", "ep", "ed", "hardest", "steps", "solved"]].tolist()
    )


@pytest.mark.parametrize("value", [10, -1])
def test_skip_rates_the_other_rows_and_warns_which(value):
    arr = _three()
    arr[1, 3] = value
    with pytest.raises(ValueError, match=f"row 1: r1c4 holds {value}"):
        rate_array(arr)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = rate_array(arr, errors="skip")
    assert out["solved"].tolist() == [True, False, True] and np.isnan(out["er"][1]) and out["er"][0] == 5.6
    assert [str(w.message) for w in caught] == [
        f"rate_array skipped 1 row(s): row 1: r1c4 holds {value}, not a digit 0-9 (0 for empty)"
    ]


def test_load_takes_numpy_integers_and_whole_floats_and_refuses_the_rest():
    assert sl.load([np.int64(v) for v in ROW]).values == ROW
    assert sl.load(np.array(ROW, dtype=float)).values == ROW
    assert sl.load([float(v) for v in ROW]).values == ROW
    bad = [float(v) for v in ROW]
    bad[5] = 4.9
    with pytest.raises(FormatError, match="r1c6 holds 4.9, not a whole number"):
        sl.load(bad)


def test_numpy_is_installed_with_the_package_and_loaded_only_where_used():
    import subprocess
    import sys
    from pathlib import Path

    import tomllib

    root = Path(__file__).resolve().parent.parent
    while not (root / "pyproject.toml").is_file():
        root = root.parent
    deps = tomllib.loads((root / "pyproject.toml").read_text())["project"]["dependencies"]
    assert any(d.startswith("numpy") for d in deps), "rate_array needs numpy: a plain pip install must bring it"
    code = (
        f"import sys, sudoku_logic as sl; sl.rate(sl.load({P!r})); sl.hint(sl.load({P!r})); "
        "assert 'numpy' not in sys.modules, 'numpy loaded by the API'; "
        "from grading.se_batch import rate_array; assert 'numpy' not in sys.modules; "
        f"rate_array([[int(c) for c in {P!r}]]); assert 'numpy' in sys.modules"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
