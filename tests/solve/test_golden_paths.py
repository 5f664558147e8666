"""Whole solve paths, step by step, stay what they were when the golden file was written.

A fixed sample of every shipped collection (:data:`SAMPLE`: a few puzzles from each file in
``puzzles/``, HoDoKu's regression-library positions included) is solved with
``Solver(order="hodoku")`` and ``Solver(order="se")``; every step's technique, notation,
explanation, placements, eliminations, highlights (cells, candidates, houses), chains,
difficulty, score and facts must equal the recorded ones in ``tests/data/golden_paths.jsonl.gz``.
It guards refactorings that must not change any output (faster singles, a faster DLX, the
singles queue).

When a path changes ON PURPOSE (a technique's order, the SE path, a rating), first check
that the failures are the intended change (each failing test names the first step that
differs, order by order), then regenerate the file:

    python tests/solve/test_golden_paths.py      # rewrites tests/data/golden_paths.jsonl.gz
    python tests/solve/test_golden_paths.py se   # only the SE-order paths (keeps the others)

(run it from the repository root with the package installed, editable, from this checkout).
"""

from __future__ import annotations

import gzip
import json
import sys
from functools import lru_cache
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for its helpers

from helpers import DATA, PUZZLES, collection, reglib_lines
from sudoku_logic import Solver
from sudoku_logic.core.formats import parse

GOLDEN = DATA / "golden_paths.jsonl.gz"
ORDERS = ("hodoku", "se")
#: (collection, how many, spread): ``spread`` takes every n-th puzzle of the file.
SAMPLE = [
    ("qqwing_simple.txt", 3, 331),
    ("qqwing_easy.txt", 3, 331),
    ("qqwing_intermediate.txt", 3, 331),
    ("qqwing_expert.txt", 3, 331),
    ("top1465.txt", 3, 487),
    ("sudoku17.txt", 3, 16381),
    ("sudocue_almostdn.txt", 2, 199),
    ("sudocue_learningcurve.txt", 3, 829),
    ("sudocue_noponies.txt", 2, 124),
    ("sudocue_snow2005.txt", 2, 49),
    ("sudocue_superiors.txt", 2, 79),
    ("sudocue_top10000.txt", 3, 3331),
    ("hardest_2011_dev.csv", 2, 93),
    ("hodoku_exemplars.txt", 4, 160),
    ("hodoku_reglib_dev.txt", 4, 140),
]


def sample_puzzles() -> list[tuple[str, str]]:
    """(label, puzzle text) of the sample: ``qqwing_simple.txt#331`` is its 331st puzzle
    (counted from 0); a regression-library entry is its whole line (a position)."""
    out = []
    for name, n, every in SAMPLE:
        if name == "hodoku_reglib_dev.txt":
            lines = reglib_lines()
            picks = [(i, lines[i]) for i in range(0, len(lines), every)][:n]
        elif name == "hodoku_exemplars.txt":
            lines = [ln[:81] for ln in open(PUZZLES / name) if ln[:1] in ".0123456789"]
            picks = [(i, lines[i]) for i in range(0, len(lines), every)][:n]
        else:
            ps = collection(name)
            picks = [(i, ps[i]) for i in range(0, len(ps), every)][:n]
        out += [(f"{name}#{i}", p) for i, p in picks]
    return out


#: The SE order's path on the hardest list needs nested forcing chains (a minute and more a
#: puzzle): tests/se/test_se_chaining.py and the sweep hold those against SE's own paths.
def cases() -> list[tuple[str, str, str]]:
    """(label, puzzle, order) of every golden path."""
    return [
        (label, p, o)
        for label, p in sample_puzzles()
        for o in ORDERS
        if not (o == "se" and label.startswith("hardest_2011"))
    ]


def _plain(value):
    """JSON-ready: tuples as lists, sets sorted, dict keys as strings."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def step_record(step) -> dict:
    """Everything a step shows or rates with."""
    return {
        "technique": step.technique,
        "notation": step.notation,
        "explanation": step.explanation,
        "placements": _plain(step.placements),
        "eliminations": _plain(step.eliminations),
        "cells": _plain(step.cells),
        "candidates": _plain(step.candidates),
        "houses": _plain(step.houses),
        "chains": _plain(step.chains),
        "difficulty": step.difficulty,
        "score": step.score,
        "facts": _plain(step.facts),
    }


def path_record(label: str, puzzle: str, order: str) -> dict:
    """One solve of the sample: its steps and how it ended."""
    result = Solver(order=order).solve(parse(puzzle))
    return {
        "puzzle": label,
        "order": order,
        "solved": result.solved,
        "error": result.error,
        "steps": [step_record(s) for s in result.steps],
    }


def regenerate(orders: tuple[str, ...] = ORDERS) -> None:
    """Solve the sample in ``orders`` and write the golden file (records of other orders
    are kept as they are)."""
    kept = _golden() if set(orders) != set(ORDERS) else {}
    lines = []
    for label, p, order in cases():
        if order in orders:
            rec = path_record(label, p, order)
            print(label, order, file=sys.stderr)
        else:
            rec = kept[(label, order)]
        lines.append(json.dumps(rec, separators=(",", ":")) + "\n")
    with open(GOLDEN, "wb") as raw:  # mtime 0: the same paths give the same bytes
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as fh:
            fh.write("".join(lines).encode())


@lru_cache(maxsize=1)
def _golden() -> dict[tuple[str, str], dict]:
    with gzip.open(GOLDEN, "rt") as fh:
        recs = [json.loads(ln) for ln in fh]
    return {(r["puzzle"], r["order"]): r for r in recs}


def test_golden_file_covers_the_sample():
    assert set(_golden()) == {(label, o) for label, _, o in cases()}
    names = {label.split("#")[0] for label, _ in sample_puzzles()}
    shipped = {p.name for p in PUZZLES.iterdir() if p.suffix in (".txt", ".csv")}
    assert names == shipped  # every shipped collection is in the sample


@pytest.mark.parametrize("label,puzzle,order", cases(), ids=[f"{lb}-{o}" for lb, _, o in cases()])
def test_path_unchanged(label, puzzle, order):
    want = _golden()[(label, order)]
    got = path_record(label, puzzle, order)
    for i, (a, b) in enumerate(zip(got["steps"], want["steps"])):
        assert a == b, f"step {i + 1} of {label} ({order}) differs"
    assert got == want


if __name__ == "__main__":
    regenerate(tuple(sys.argv[1:]) or ORDERS)
