"""Agreement of our ratings with Sudoku Explainer's and HoDoKu's own.

    python -m benchmarks.agreement [--limit N] [--jobs N] [--source NAME] [--show K]

Reads ``se_dev.csv`` (SE's ER/EP/ED) and ``hodoku_dev.csv`` (HoDoKu's level, score, hardest
technique) in ``$SUDOKU_RATINGS``, else in ``shared/ratings`` beside the checkout, rates the
same puzzles with ``grading.rater`` and prints:
SE: share of puzzles with the same ER / EP / ED, Spearman rank correlation of ER, per source;
HoDoKu: share with the same level, same score, same hardest technique, per source; then the
commonest disagreements.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from collections import Counter, defaultdict
from multiprocessing import Pool

from benchmarks.common import RATINGS


def ranks(values: list[float]) -> list[float]:
    """Ranks 1..n, ties sharing their average rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        avg = (i + j) / 2 + 1
        for k in range(i, j + 1):
            out[order[k]] = avg
        i = j + 1
    return out


def spearman(x: list[float], y: list[float]) -> float:
    """Spearman's rank correlation (Pearson correlation of the average ranks)."""
    rx, ry = ranks(x), ranks(y)
    n = len(x)
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else float("nan")


_RATER = None


def _init(scale: str) -> None:
    """Make this process's rater, for the ``scale`` asked for (``se`` or ``hodoku``)."""
    global _RATER
    from grading.rater import Rater

    _RATER = Rater(se=scale == "se", hodoku=scale == "hodoku")


def _rate(puzzle: str) -> tuple:
    """One puzzle's figures: ER, EP, ED, SE's hardest, level, score, HoDoKu's hardest, solved, ms."""
    from sudoku_logic.core.formats import parse

    r = _RATER.rate(parse(puzzle), puzzle)
    return (r.er, r.ep, r.ed, r.se_hardest, r.level, r.score, r.hodoku_hardest, r.solved, r.ms)


def load(name: str, limit: int | None, source: str | None) -> list[dict]:
    """The rows of the ratings file ``name`` (of ``source`` alone when given); with ``limit``,
    about that many, an even share of every source."""
    with open(RATINGS / name, newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if source is None or r["source"] == source]
    if limit:
        # an even share of every source, so that a quick run still covers them all
        by_src = defaultdict(list)
        for r in rows:
            by_src[r["source"]].append(r)
        rows = [r for rs in by_src.values() for r in rs[: max(1, limit // len(by_src))]]
    return rows


def run(rows: list[dict], scale: str, jobs: int) -> list[tuple]:
    """Our figures (as :func:`_rate` gives them) for every row's puzzle on ``scale``, with ``jobs`` processes."""
    puzzles = [r["puzzle"] for r in rows]
    if jobs == 1:
        _init(scale)
        return [_rate(p) for p in puzzles]
    with Pool(jobs, initializer=_init, initargs=(scale,)) as pool:
        return pool.map(_rate, puzzles, chunksize=4)


def pct(a: int, b: int) -> str:
    """``a`` of ``b`` as a percentage and the counts."""
    return f"{100 * a / b:5.1f}% ({a}/{b})" if b else "-"


def se_report(rows: list[dict], got: list[tuple], show: int) -> dict:
    """Print the SE agreement per source and the ``show`` commonest ER differences; the totals."""
    by_src: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    xs, ys = [], []
    diffs: Counter = Counter()
    for row, g in zip(rows, got):
        er, ep, ed = float(row["ER"]), float(row["EP"]), float(row["ED"])
        s = by_src[row["source"]]
        s[0] += 1
        s[1] += round(g[0], 1) == er
        s[2] += round(g[1], 1) == ep
        s[3] += round(g[2], 1) == ed
        xs.append(er)
        ys.append(g[0] if g[7] else 20.0)
        if round(g[0], 1) != er:
            diffs[(er, round(g[0], 1), g[3])] += 1
    total = [sum(v[i] for v in by_src.values()) for i in range(4)]
    print("SE (se_dev.csv): same ER / EP / ED")
    for src, v in sorted(by_src.items()):
        print(f"  {src:<20} ER {pct(v[1], v[0])}  EP {pct(v[2], v[0])}  ED {pct(v[3], v[0])}")
    rho = spearman(xs, ys)
    print(f"  {'all':<20} ER {pct(total[1], total[0])}  EP {pct(total[2], total[0])}  ED {pct(total[3], total[0])}")
    print(f"  Spearman rank correlation of ER (unsolved counted as 20.0): {rho:.4f}")
    print("  commonest ER differences (SE's ER, ours, our hardest step):")
    for (er, ours, tech), n in diffs.most_common(show):
        print(f"    {n:4}  SE {er:4.1f}  ours {ours:4.1f}  {tech}")
    return {"er": total[1] / total[0], "spearman": rho}


def hodoku_report(rows: list[dict], got: list[tuple], show: int) -> dict:
    """Print the HoDoKu agreement per source and the ``show`` commonest level differences; the totals."""
    by_src: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    diffs: Counter = Counter()
    for row, g in zip(rows, got):
        s = by_src[row["source"]]
        s[0] += 1
        s[1] += g[4] == row["level"]
        s[2] += g[5] == int(row["score"])
        s[3] += g[6] == row["hardest"]
        if g[4] != row["level"]:
            diffs[(row["level"], g[4], row["hardest"], g[6])] += 1
    total = [sum(v[i] for v in by_src.values()) for i in range(4)]
    print("HoDoKu (hodoku_dev.csv): same level / score / hardest technique")
    for src, v in sorted(by_src.items()):
        print(f"  {src:<20} level {pct(v[1], v[0])}  score {pct(v[2], v[0])}  hardest {pct(v[3], v[0])}")
    print(
        f"  {'all':<20} level {pct(total[1], total[0])}  score {pct(total[2], total[0])}  hardest {pct(total[3], total[0])}"
    )
    print("  commonest level differences (HoDoKu's level, ours, HoDoKu's hardest, ours):")
    for (lv, ours, h, oh), n in diffs.most_common(show):
        print(f"    {n:4}  {lv:<8} ours {ours:<8} {h} / {oh}")
    return {"level": total[1] / total[0]}


def main(argv: list[str] | None = None) -> int:
    """Parse the options, rate the puzzles of each scale asked for and print the reports."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=None, help="about this many puzzles per file, spread over sources")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--source", default=None, help="only this source (qqwing_expert, sudoku17, ...)")
    ap.add_argument("--scale", choices=("se", "hodoku", "both"), default="both")
    ap.add_argument("--show", type=int, default=12, help="how many kinds of disagreement to list")
    args = ap.parse_args(argv)
    if args.scale in ("se", "both"):
        rows = load("se_dev.csv", args.limit, args.source)
        t0 = time.perf_counter()
        got = run(rows, "se", args.jobs)
        se_report(rows, got, args.show)
        print(f"  ({len(rows)} puzzles in {time.perf_counter() - t0:.1f} s)\n")
    if args.scale in ("hodoku", "both"):
        rows = load("hodoku_dev.csv", args.limit, args.source)
        t0 = time.perf_counter()
        got = run(rows, "hodoku", args.jobs)
        hodoku_report(rows, got, args.show)
        print(f"  ({len(rows)} puzzles in {time.perf_counter() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
