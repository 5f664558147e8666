"""Share of a collection solved to the end (never stuck) by a technique set.

Usage: python benchmarks/solved_share.py COLLECTION [N] [--techniques FAMILIES]
Prints solved/total for the basic techniques (singles, intersections, subsets) and for the
default solve path, with puzzles per second.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_logic.core.formats import parse  # noqa: E402
from sudoku_logic.app.solver import Solver  # noqa: E402


def main(name: str, n: int | None = None) -> None:
    ps = [ln[:81] for ln in open(ROOT / "puzzles" / name) if ln[:1] in ".0123456789"][:n]
    for label, solver in (("basic (singles, intersections, subsets)", Solver(["singles", "intersections", "subsets"], order="se")),
                          ("default solve path", Solver())):
        t = time.perf_counter()
        solved = sum(solver.solve(parse(p)).solved for p in ps)
        dt = time.perf_counter() - t
        print(f"{name}: {label:<42} solved {solved}/{len(ps)} ({100 * solved / len(ps):.1f}%)  {len(ps) / dt:.1f} puzzles/s")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)
