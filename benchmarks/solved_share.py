"""Share of a collection solved to the end (never stuck) by a technique set.

Usage: python -m benchmarks.solved_share COLLECTION [N]
Prints solved/total for the basic techniques (singles, intersections, subsets) and for the
default solve path, with puzzles per second.
"""

from __future__ import annotations

import sys
import time

from benchmarks.common import collection
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse


def main(name: str, n: int | None = None) -> None:
    """Print the share of the first ``n`` puzzles of ``name`` (all when None) each solver solves."""
    ps = collection(name, n)
    for label, solver in (
        ("basic (singles, intersections, subsets)", Solver(["singles", "intersections", "subsets"], order="se")),
        ("default solve path", Solver()),
    ):
        t = time.perf_counter()
        solved = sum(solver.solve(parse(p)).solved for p in ps)
        dt = time.perf_counter() - t
        print(
            f"{name}: {label:<42} solved {solved}/{len(ps)} ({100 * solved / len(ps):.1f}%)  {len(ps) / dt:.1f} puzzles/s"
        )


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None)
