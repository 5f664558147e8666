"""Where our HoDoKu path and HoDoKu's part: the first step that differs, per puzzle.

    python -m benchmarks.hodoku_step_diff [PUZZLES] [--source NAME] [--limit N]
        [--hodoku-python PATH] [--all] [--jobs N]

PUZZLES: a file of puzzles (one 81-character puzzle first on each line; a CSV with a
``puzzle`` column works too), default ``hodoku_dev.csv`` in ``$SUDOKU_RATINGS``, else in
``shared/ratings`` beside the checkout (``--source`` keeps the rows of one source). For each puzzle our HoDoKu path (``sudoku step --order
hodoku``, the path ``sudoku rate`` scores) is compared step by step with the path of
hodoku-py, the pure-Python port of HoDoKu, which runs **in a separate process** under the
interpreter ``--hodoku-python`` (default ``$HODOKU_PYTHON``, else
``.hodokupy-venv/bin/python`` in the checkout: a virtual environment of its own with
``pip install hodoku-py``; hodoku-py is never a dependency of this package).

Two steps are the same when they carry the same technique and make the same placements
and eliminations. Printed per puzzle that differs (``--all``: every puzzle): both scores, the
step number, the position before it (values, then candidates as a pencilmark grid line) and
both steps. The summary counts puzzles with the same path, and those that part, by the
pair of techniques where they part.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from multiprocessing import Pool

from benchmarks.common import RATINGS, ROOT, read_puzzles

DEFAULT_FILE = RATINGS / "hodoku_dev.csv"

#: The child: reads puzzles on stdin, writes one JSON line per puzzle with hodoku-py's path.
CHILD = r"""
import json, sys
from hodoku.solver.solver import SudokuSolver
solver = SudokuSolver()
for line in sys.stdin:
    p = line.strip()
    if not p:
        continue
    try:
        r = solver.solve(p)
        steps = [[s.type.value, sorted(zip(s.indices, s.values)) if s.type.value in PLACING else [],
                  sorted((c.index, c.value) for c in s.candidates_to_delete)] for s in r.steps]
        out = {"puzzle": p, "level": r.level.name.title(), "score": r.score, "solved": r.solved, "steps": steps}
    except Exception as e:  # keep going
        out = {"puzzle": p, "error": f"{type(e).__name__}: {e}"}
    print(json.dumps(out), flush=True)
"""
#: hodoku-py's names that differ from ours (and HoDoKu's)
RENAME = {"Multi-Colors 1": "Multi Colors 1", "Multi-Colors 2": "Multi Colors 2"}
PLACING = (
    "Full House",
    "Naked Single",
    "Hidden Single",
    "Brute Force",
    "Forcing Chain Contradiction",
    "Forcing Chain Verity",
    "Forcing Net Contradiction",
    "Forcing Net Verity",
)


def reference_paths(puzzles: list[str], python: str) -> dict[str, dict]:
    """hodoku-py's path for each puzzle, computed by ``python`` in a child process."""
    code = f"PLACING = {PLACING!r}\n" + CHILD
    proc = subprocess.run(
        [python, "-c", code], input="\n".join(puzzles) + "\n", capture_output=True, text=True, check=False
    )
    if proc.returncode != 0 and not proc.stdout:
        raise SystemExit(f"hodoku-py failed under {python}: {proc.stderr.strip().splitlines()[-1:]}")
    out = {}
    for line in proc.stdout.splitlines():
        d = json.loads(line)
        out[d["puzzle"]] = d
    return out


def our_path(puzzle: str) -> dict:
    """Our HoDoKu path: steps as ``[technique, placements, eliminations]``, the positions
    before each step (values and candidates), level and score."""
    from grading.rater import Rating, fill_hodoku
    from grading.scales import hodoku_policy
    from sudoku_logic.core.formats import parse
    from sudoku_logic.solve.loop import solve

    policy = hodoku_policy()
    grid = parse(puzzle)
    result = solve(grid, policy, policy.context(unique=True))
    rating = Rating(puzzle)
    fill_hodoku(rating, result)
    # replay to record the positions (the loop does not keep them)
    work, state = policy.start(grid, policy.context(unique=True))
    steps, positions, notes = [], [], []
    for s in result.steps:
        positions.append((work.values_string(), [work.cands[c] for c in range(81)]))
        steps.append([s.technique, sorted(s.placements), sorted(s.eliminations)])
        notes.append(s.notation)
        policy.apply(work, s, state)
    return {"level": rating.level, "score": rating.score, "steps": steps, "positions": positions, "notes": notes}


def pencilmarks(cands: list[int], values: str) -> str:
    """One line of 81 tokens: the value, or the candidates of an empty cell."""
    toks = []
    for c in range(81):
        if values[c] not in "0.":
            toks.append(values[c])
        else:
            toks.append("".join(str(d) for d in range(1, 10) if cands[c] >> (d - 1) & 1))
    return " ".join(toks)


def fmt(step: list) -> str:
    """hodoku-py's step ``[technique, placements, eliminations]`` as ``Technique: r1c2=3, r4c5<>6``."""
    name, place, elim = step
    parts = [f"r{c // 9 + 1}c{c % 9 + 1}={d}" for c, d in place]
    parts += [f"r{c // 9 + 1}c{c % 9 + 1}<>{d}" for c, d in elim]
    return f"{name}: {', '.join(parts)}"


def compare(ours: dict, ref: dict) -> tuple[int, list, list] | None:
    """The index of the first step that differs with both steps (None past the end of a
    path), or None when the paths are the same."""
    a = ours["steps"]
    b = [[RENAME.get(s[0], s[0]), [tuple(x) for x in s[1]], [tuple(x) for x in s[2]]] for s in ref["steps"]]
    for i in range(max(len(a), len(b))):
        sa = a[i] if i < len(a) else None
        sb = b[i] if i < len(b) else None
        if (
            sa is None
            or sb is None
            or sa[0] != sb[0]
            or list(map(tuple, sa[1])) != sb[1]
            or list(map(tuple, sa[2])) != sb[2]
        ):
            return i, sa, sb
    return None


def main(argv: list[str] | None = None) -> int:
    """Parse the options, compute both paths of every puzzle and print where they part."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("puzzles", nargs="?", default=str(DEFAULT_FILE))
    ap.add_argument("--source", default=None, help="only rows of this source (a CSV with a source column)")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument(
        "--hodoku-python", default=os.environ.get("HODOKU_PYTHON", str(ROOT / ".hodokupy-venv" / "bin" / "python"))
    )
    ap.add_argument("--all", action="store_true", help="print every puzzle, not only those that differ")
    ap.add_argument("--jobs", type=int, default=1, help="processes for our paths")
    args = ap.parse_args(argv)

    puzzles = read_puzzles(args.puzzles, args.limit, source=args.source)
    refs = reference_paths(puzzles, args.hodoku_python)
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            mine = pool.map(our_path, puzzles, chunksize=2)
    else:
        mine = [our_path(p) for p in puzzles]
    same = 0
    parts: Counter = Counter()
    for n, (p, ours) in enumerate(zip(puzzles, mine), 1):
        ref = refs.get(p)
        if ref is None or "error" in ref:
            print(f"#{n} {p}: hodoku-py gave no path ({ref and ref.get('error')})")
            continue
        diff = compare(ours, ref)
        scores = f"ours {ours['level']} {ours['score']}, hodoku-py {ref['level']} {ref['score']}"
        if diff is None:
            same += 1
            if args.all:
                print(f"#{n} {p}: same path ({len(ours['steps'])} steps), {scores}")
            continue
        i, sa, sb = diff
        parts[(sa[0] if sa else "end", sb[0] if sb else "end")] += 1
        print(f"#{n} {p}: {scores}; step {i + 1} differs")
        if i < len(ours["positions"]):
            values, cands = ours["positions"][i]
            print(f"    position: {values}")
            print(f"    pencilmarks: {pencilmarks(cands, values)}")
        print(f"    ours:      {ours['notes'][i] if sa else '(path ended)'}")
        print(f"    hodoku-py: {fmt(sb) if sb else '(path ended)'}")
    print(f"\n{same}/{len(puzzles)} puzzles: the same path step for step")
    if parts:
        print("first differing steps (ours / hodoku-py):")
        for (a, b), k in parts.most_common():
            print(f"  {k:4}  {a} / {b}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
