"""Whole ``sudoku rate`` rows stay what they were when the golden file was written.

A fixed sample of every shipped collection (:data:`SAMPLE`), a few pencilmark positions and
entries that are not puzzles with one solution (two solutions, none, a repeated digit, a
short line) are rated by ``sudoku rate --jobs 1`` in a fresh process with every column but
``ms`` and ``file``; the csv on stdout and the messages on stderr must equal
``tests/data/golden_rows.json``. It guards speed work that must not change any output (the
uniqueness check, parsing, singles, shared work between the two scales). The hardest-list
sample is rated on HoDoKu's columns only (its SE path takes a minute a puzzle).

When rows change ON PURPOSE, check the failure is the intended change, then regenerate:

    python tests/grading/test_golden_rows.py  # rewrites tests/data/golden_rows.json

(from the repository root, with the package installed editable from this checkout).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for its helpers

from helpers import DATA, ROOT, collection
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse, to_sukaku

GOLDEN = DATA / "golden_rows.json"
#: (collection, how many, spread): every ``spread``-th puzzle of the file, ``how many`` of them.
SAMPLE = [
    ("qqwing_simple.txt", 6, 163),
    ("qqwing_easy.txt", 6, 163),
    ("qqwing_intermediate.txt", 6, 163),
    ("qqwing_expert.txt", 8, 121),
    ("top1465.txt", 5, 290),
    ("sudoku17.txt", 8, 6143),
    ("sudocue_almostdn.txt", 3, 131),
    ("sudocue_learningcurve.txt", 4, 613),
    ("sudocue_noponies.txt", 3, 83),
    ("sudocue_snow2005.txt", 3, 33),
    ("sudocue_superiors.txt", 3, 53),
    ("sudocue_top10000.txt", 5, 1999),
]
HARDEST = ("hardest_2011_dev.csv", 3, 45)
COLUMNS = (
    "puzzle,rating,level,score,hardest,solved,steps,ep,ed,se_hardest,hodoku_hardest,"
    "se_steps,hodoku_steps,se_solved,hodoku_solved,label,line,index"
)
HODOKU_COLUMNS = "puzzle,level,score,hardest,solved,steps,hodoku_hardest,label,line,index"


def _odd_entries() -> list[str]:
    """Entries that are not plain one-solution puzzles, and pencilmark positions."""
    p17 = collection("sudoku17.txt", 1)[0]
    first_given = next(i for i, ch in enumerate(p17) if ch != "0")
    two_solutions = p17[:first_given] + "0" + p17[first_given + 1 :]
    grid = parse(collection("qqwing_expert.txt", 1)[0])
    marks = to_sukaku(grid)
    # the same position with some candidates already taken out by the setter (never a solution's)
    solution = dlx.unique_solution(grid)
    some_gone = "".join(
        "0" if (ch != "0" and i % 9 == 4 and int(ch) != solution[i // 9] and i % 4 == 0) else ch
        for i, ch in enumerate(marks)
    )
    return [
        two_solutions + " two solutions",
        "123456780" + "0" * 8 + "9" + "0" * 63 + " no solution",
        "11" + "0" * 79 + " repeated digit",
        "12345 short line",
        marks + " pencilmarks",
        some_gone + " pencilmarks, some removed",
    ]


def _entries() -> list[str]:
    out = []
    for name, n, every in SAMPLE:
        out += [f"{p} {name}#{i * every}" for i, p in enumerate(collection(name, n, every))]
    return out + _odd_entries()


def _rate(tmp: Path, lines: list[str], columns: str, *extra: str) -> dict:
    f = tmp / "sample.txt"
    f.write_text("\n".join(lines) + "\n")
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "sudoku_logic",
            "rate",
            str(f),
            "--jobs",
            "1",
            "--no-progress",
            "--format",
            "csv",
            "--columns",
            columns,
            *extra,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=1200,
    )
    err = [line.replace(str(f), "sample.txt") for line in res.stderr.splitlines()]
    return {"exit": res.returncode, "rows": res.stdout.splitlines(), "stderr": err}


def _hardest() -> list[str]:
    name, n, every = HARDEST
    return [f"{p} {name}#{i * every}" for i, p in enumerate(collection(name, n, every))]


def _compute(tmp: Path) -> dict:
    return {
        "main": _rate(tmp, _entries(), COLUMNS),
        "hardest": _rate(tmp, _hardest(), HODOKU_COLUMNS, "--scale", "hodoku"),
    }


@pytest.fixture(scope="module")
def golden() -> dict:
    return json.loads(GOLDEN.read_text())


@pytest.fixture(scope="module")
def computed(tmp_path_factory) -> dict:
    return _compute(tmp_path_factory.mktemp("golden_rows"))


@pytest.mark.parametrize("part", ["main", "hardest"])
def test_rows_unchanged(golden, computed, part):
    want, got = golden[part], computed[part]
    assert got["exit"] == want["exit"]
    assert len(got["rows"]) == len(want["rows"])
    for w, g in zip(want["rows"], got["rows"]):
        assert g == w, f"row changed:\n  was {w}\n  now {g}"
    assert got["stderr"] == want["stderr"]


def test_sample_has_every_kind_of_entry(golden):
    """The file covers what it claims: rows of every collection, error lines, pencilmarks."""
    rows = golden["main"]["rows"]
    for name, _, _ in SAMPLE:
        assert any(name in r for r in rows), name
    assert any("pencilmarks" in r for r in rows)
    assert sum("error:" in line for line in golden["main"]["stderr"]) >= 3


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        data = _compute(Path(d))
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {GOLDEN}: {len(data['main']['rows'])} + {len(data['hardest']['rows'])} rows")
