"""The compiled SE engine alone: one batch call rating the samples of ``se_anchors``, timed in this process.

    python -m benchmarks.se_engine [--samples qqwing_expert top1465 ...] [--repeats 5] [--limit N]

Each sample (``qqwing_expert`` = qqwing_expert[:500], ``top1465`` = top1465[:300], ``sudoku17`` =
sudoku17[:5000], ``simple3000`` = the first 1000 of qqwing_simple, qqwing_easy and
qqwing_intermediate) is packed once; then :func:`sudoku_logic.native.rate_batch` rates it whole,
``--repeats`` times. Prints the least and the median CPU seconds of this process per batch
(steadier than whole processes: no start-up, no Python per puzzle) and puzzles per second.
"""

from __future__ import annotations

import argparse
import statistics
import time

from benchmarks.common import Table, collection
from grading.se_batch import _RULES, RECORD
from sudoku_logic import native
from sudoku_logic.core.formats import line_values
from sudoku_logic.solve import MAX_STEPS

#: the samples of benchmarks.se_anchors: name -> (collection, first N) parts
SAMPLES = {
    "qqwing_expert": [("qqwing_expert.txt", 500)],
    "top1465": [("top1465.txt", 300)],
    "sudoku17": [("sudoku17.txt", 5000)],
    "simple3000": [(f"qqwing_{name}.txt", 1000) for name in ("simple", "easy", "intermediate")],
}


def packed(name: str, limit: int | None) -> bytes:
    """The puzzles of sample ``name`` (the first ``limit`` of them), 81 value bytes each, joined."""
    lines = [p for file, n in SAMPLES[name] for p in collection(file, n)]
    values = [line_values(p) for p in lines[:limit]]
    return b"".join(v for v in values if v is not None)


def batch_seconds(puzzles: bytes, repeats: int) -> list[float]:
    """CPU seconds of each of ``repeats`` calls rating ``puzzles`` in one batch."""
    out = bytearray(RECORD.size * (len(puzzles) // 81))
    times = []
    for _ in range(repeats):
        t = time.process_time()
        native.rate_batch(puzzles, _RULES, out, MAX_STEPS)
        times.append(time.process_time() - t)
    return times


def main() -> None:
    """Print, per sample, the engine's least and median seconds per batch and puzzles/s."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", nargs="+", default=["qqwing_expert"], choices=list(SAMPLES))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()
    if not native.AVAILABLE:
        raise SystemExit(f"no compiled engine: {native.REASON}")
    table = Table(("sample", "{:<16}"), ("puzzles", "{:>8}"), ("min s", "{:>8.3f}"), ("median s", "{:>9.3f}"))
    table.header(note="  puzzles/s (min)")
    for name in args.samples:
        puzzles = packed(name, args.limit)
        times = batch_seconds(puzzles, args.repeats)
        n = len(puzzles) // 81
        table.row(name, n, min(times), statistics.median(times), note=f"  {n / min(times):.0f}")


if __name__ == "__main__":
    main()
