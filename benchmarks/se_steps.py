"""Our SE path against Sudoku Explainer's own path, step for step.

For every puzzle of SE's recorded paths (``se_paths_dev.jsonl.gz`` in ``$SUDOKU_RATINGS``, else
in ``shared/ratings`` beside the checkout, when it is there; else the copy without SE's text in ``tests/data/se_paths.jsonl.gz``), solve the
puzzle on our SE scale's path and compare step by step: the same technique (SE's name
mapped to ours), the same eliminations and placement, the same difficulty. Prints the share
of SE's steps we take identically, the ER/EP/ED agreement, and the first divergence of each
puzzle that differs.

Usage: python -m benchmarks.se_steps [--source NAME] [--limit N] [--every K] [--jobs J] [--quiet]
                                     [--file PATHS.jsonl.gz]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from benchmarks.common import RATINGS, ROOT, Table
from grading.rater import Rating, se_rate
from grading.se import se_difficulty
from sudoku_logic.core.formats import parse
from sudoku_logic.core.houses import cell_name

SHARED = RATINGS / "se_paths_dev.jsonl.gz"
SHIPPED = ROOT / "tests" / "data" / "se_paths.jsonl.gz"

#: SE's hint names that are spelt differently here (the rest are the same words).
NAMES = {
    "pointing": "locked candidates type 1 (pointing)",
    "claiming": "locked candidates type 2 (claiming)",
    "naked triplet": "naked triple",
    "hidden triplet": "hidden triple",
    "naked quad": "naked quadruple",
    "hidden quad": "hidden quadruple",
    "bug type 1": "bivalue universal grave + 1",
    "bug type 2": "bivalue universal grave type 2",
    "bug type 3": "bivalue universal grave type 3",
    "bug type 4": "bivalue universal grave type 4",
    "turbot fish": "forcing x-chain",
    "generalized x-wing": "bidirectional x-cycle",
}


def se_name(name: str, d: float) -> str:
    """SE's hint name as ours (lower case): ``Unique Rectangle type 3 (w/Hidden Pair)`` ->
    ``unique rectangle type 3``; a Hidden Single of difficulty 1.0 is our Full House."""
    n = re.sub(r"\s*\(w/[^)]*\)", "", name).lower()
    n = re.sub(r"^unique loop \d+ ", "unique loop ", n)
    if n == "hidden single" and d == 1.0:
        return "full house"
    return NAMES.get(n, n)


def _pairs(items: list[str], sep: str) -> frozenset[tuple[int, int]]:
    """SE's ``r1c2<>3`` (or ``r1c2=3``, with ``sep`` "=") as (cell, digit) pairs."""
    out = set()
    for text in items:
        cell, d = text.split(sep)
        r, c = int(cell[1]), int(cell[3])
        out.add(((r - 1) * 9 + c - 1, int(d)))
    return frozenset(out)


def load(path: Path) -> list[dict]:
    """SE's recorded paths in ``path``: puzzle, source, ER/EP/ED, and the steps as (difficulty,
    our name for SE's hint, eliminations, placements)."""
    out = []
    with gzip.open(path, "rt") as f:
        for line in f:
            o = json.loads(line)
            steps = []
            for s in o["steps"]:
                if isinstance(s, dict):
                    d, name, elim, place = s["d"], s["name"], s["elim"], s["place"]
                else:
                    d, _rule, name, elim, place = s
                steps.append((d, se_name(name, d), _pairs(elim, "<>"), _pairs([place] if place else [], "=")))
            out.append(
                {
                    "puzzle": o["puzzle"],
                    "source": o["source"],
                    "er": o["er"],
                    "ep": o["ep"],
                    "ed": o["ed"],
                    "steps": steps,
                }
            )
    return out


def compare(rec: dict) -> dict:
    """Our SE path of one puzzle against SE's: matches, first divergence, ER/EP/ED."""
    t0 = time.process_time()
    out = Rating(rec["puzzle"])
    se_rate(parse(rec["puzzle"]), out)
    seconds = time.process_time() - t0
    ours = out.se_path
    same = 0
    first = None
    for i, (d, name, elim, place) in enumerate(rec["steps"]):
        if i >= len(ours):
            first = first if first is not None else (i, "our path ended", "")
            continue
        s = ours[i]
        mine = (s.technique.lower(), frozenset(s.eliminations), frozenset(s.placements), se_difficulty(s))
        if mine == (name, elim, place, d):
            same += 1
        elif first is None:
            theirs = f"{name} d={d} {_fmt(elim, place)}"
            first = (
                i,
                theirs,
                f"{s.technique.lower()} d={se_difficulty(s)} {_fmt(frozenset(s.eliminations), frozenset(s.placements))}",
            )
    return {
        "puzzle": rec["puzzle"],
        "source": rec["source"],
        "steps": len(rec["steps"]),
        "same": same,
        "first": first,
        "er": (out.er, rec["er"]),
        "ep": (out.ep, rec["ep"]),
        "ed": (out.ed, rec["ed"]),
        "seconds": seconds,
    }


def _fmt(elim: frozenset, place: frozenset) -> str:
    """A step's placements and eliminations as ``r1c2=3, r4c5<>6``, at most six of them."""
    parts = [f"{cell_name(c)}={d}" for c, d in sorted(place)] + [f"{cell_name(c)}<>{d}" for c, d in sorted(elim)]
    return ", ".join(parts[:6]) + (" ..." if len(parts) > 6 else "")


def select(recs: list[dict], source: str | None, every: int, limit: int | None) -> list[dict]:
    """The records of ``source`` (all when None), every ``every``-th, at most ``limit`` of each source."""
    if source:
        recs = [r for r in recs if r["source"] == source]
    recs = recs[::every]
    if limit:
        per: Counter = Counter()
        keep = []
        for r in recs:
            if per[r["source"]] < limit:
                per[r["source"]] += 1
                keep.append(r)
        recs = keep
    return recs


def counts(results: list[dict]) -> Counter:
    """The puzzles, SE's steps, those we take identically, the same ER/EP/ED and the same paths."""
    out: Counter = Counter()
    for r in results:
        out["n"] += 1
        out["steps"] += r["steps"]
        out["same"] += r["same"]
        for k in ("er", "ep", "ed"):
            out[k] += r[k][0] == r[k][1]
        out["paths"] += r["first"] is None
    return out


def print_table(results: list[dict]) -> None:
    """The agreement per source and over all, as shares."""
    table = Table(
        ("source", "{:<22}"),
        ("puzzles", "{:>8}"),
        ("steps same", "{:>12.1%}"),
        ("ER same", "{:>9.1%}"),
        ("EP", "{:>8.1%}"),
        ("ED", "{:>8.1%}"),
        ("paths same", "{:>12.1%}"),
        ("s/puzzle", "{:>10.2f}"),
    )
    table.header()
    by: dict[str, list] = {}
    for r in results:
        by.setdefault(r["source"], []).append(r)
    for src in sorted(by):
        c = counts(by[src])
        seconds = sum(r["seconds"] for r in by[src]) / c["n"]
        table.row(src, c["n"], c["same"] / c["steps"], *(c[k] / c["n"] for k in ("er", "ep", "ed", "paths")), seconds)
    c = counts(results)
    table.row("all", c["n"], c["same"] / c["steps"], *(c[k] / c["n"] for k in ("er", "ep", "ed", "paths")))


def main(argv: list[str] | None = None) -> None:
    """Compare our SE path with SE's on the records asked for; print the table and the divergences."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", help="only this source (top1465, qqwing_expert, ...)")
    ap.add_argument("--limit", type=int, help="at most this many puzzles (per source)")
    ap.add_argument("--every", type=int, default=1, help="every K-th puzzle")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--quiet", action="store_true", help="no per-puzzle divergences")
    ap.add_argument(
        "--file",
        type=Path,
        help="another file of SE's paths (the 8 hardest: se_paths_hardest_dev.jsonl.gz beside se_paths_dev.jsonl.gz)",
    )
    args = ap.parse_args(argv)
    path = args.file or (SHARED if SHARED.exists() else SHIPPED)
    recs = select(load(path), args.source, args.every, args.limit)
    t0 = time.time()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(compare, recs, chunksize=4))
    else:
        results = [compare(r) for r in recs]
    print(f"{path.name}: {len(results)} puzzles in {time.time() - t0:.0f} s wall")
    print_table(results)
    if not args.quiet:
        print("\nfirst divergence of each puzzle whose path differs (step number, SE's step | ours):")
        for r in results:
            if r["first"] is not None:
                i, theirs, mine = r["first"]
                print(
                    f"  {r['source']} {r['puzzle']} step {i + 1}: SE {theirs} | ours {mine}"
                    f"  (ER {r['er'][0]} vs {r['er'][1]})"
                )


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
