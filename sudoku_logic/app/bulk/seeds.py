"""The technique seeds: for each technique and path, shipped puzzles whose path takes it.

``python -m sudoku_logic.app.bulk.seeds build [--jobs N] [--out FILE]`` rates the shipped
collections (``puzzles/``, in a clone) in both orders and writes ``technique_seeds.txt`` beside
this module, package data that ``pip install .`` carries. The build is deterministic: the
collections are read in a fixed order, and for each technique, order and kind the puzzles
kept are the easiest ones that take it (by HoDoKu's score or SE's rating, then the puzzle).

A line of the index is ``order kind technique puzzle measure source``, tab-separated:
``kind`` is ``path`` (the technique is a step of the path of ``order``) or ``hardest`` (no
step of the path is harder, :func:`path_facts`: for ``--practice``); ``measure`` is the
puzzle's HoDoKu score or SE rating; ``source`` says where the puzzle was found
(``file:line``, or ``mined:...`` for one the generator found).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

#: The index shipped with the package.
INDEX = "technique_seeds.txt"
#: The puzzles kept for each technique, order and kind.
PER_LIST = 8
#: The collections rated, in this order, each with how many of its puzzles (None: all).
COLLECTIONS: tuple[tuple[str, int | None], ...] = (
    ("hodoku_exemplars.txt", None),
    ("top1465.txt", None),
    ("hardest_2011_dev.csv", None),
    ("sudocue_superiors.txt", None),
    ("sudocue_snow2005.txt", None),
    ("sudocue_noponies.txt", None),
    ("sudocue_almostdn.txt", None),
    ("sudocue_learningcurve.txt", None),
    ("qqwing_expert.txt", None),
    ("qqwing_intermediate.txt", 300),
    ("sudocue_top10000.txt", 3000),
    ("sudoku17.txt", 1500),
)
KINDS = ("path", "hardest")


@dataclass(frozen=True)
class Seed:
    """One puzzle of the index: 81 digits, its measure on its order's scale, where it came from."""

    puzzle: str
    measure: float
    source: str


def rate_order(values: list[int], order: str):
    """The rating (:class:`grading.rating.Rating`) of the path of ``order`` alone, as
    ``sudoku step --order`` takes it; None if the path cannot be run."""
    from grading.rater import Rating, hodoku_rate, se_rate
    from sudoku_logic.core.grid import Grid

    out = Rating("")
    ok = (se_rate if order == "se" else hodoku_rate)(Grid.from_values(values), out)
    return out if ok else None


def path_facts(rating, order: str) -> tuple[set[str], set[str], bool, float]:
    """The techniques on a rating's path of ``order``, those of its hardest steps (a step as
    hard as the first hardest counts too), whether logic solved it, and its measure (HoDoKu's
    score or SE's rating)."""
    from grading import hodoku, se

    if order == "se":
        steps = rating.se_path
        return {s.technique for s in steps}, se.hardest_techniques(steps), bool(rating.se_solved), rating.er or 0.0
    steps = rating.hodoku_path
    tops = hodoku.hardest_techniques(steps)
    return {s.technique for s in steps}, tops, bool(rating.hodoku_solved), float(rating.score or 0)


def first_hardest(rating, order: str) -> str | None:
    """The first of a rating's hardest steps on the path of ``order`` (its ``hardest``)."""
    return rating.se_hardest if order == "se" else rating.hodoku_hardest


def index_lines() -> list[str]:
    """The shipped index's lines."""
    return resources.files("sudoku_logic.app.bulk").joinpath(INDEX).read_text(encoding="utf-8").splitlines()


@lru_cache(maxsize=1)
def load() -> dict[tuple[str, str, str], tuple[Seed, ...]]:
    """The shipped index: (order, kind, technique) -> its seeds, easiest first."""
    return parse(index_lines())


def parse(lines: Iterable[str]) -> dict[tuple[str, str, str], tuple[Seed, ...]]:
    """The index from its lines (``#`` comments skipped)."""
    out: dict[tuple[str, str, str], list[Seed]] = {}
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        order, kind, name, puzzle, measure, source = line.rstrip("\n").split("\t")
        out.setdefault((order, kind, name), []).append(Seed(puzzle, float(measure), source))
    return {k: tuple(v) for k, v in out.items()}


def seeds_for(names: Iterable[str], order: str, practice: bool) -> list[Seed]:
    """The seeds of any of ``names`` on the path of ``order`` (with ``practice``: where no
    step is harder), in the index's order, without repeats."""
    index = load()
    kind = "hardest" if practice else "path"
    out: dict[str, Seed] = {}
    for name in names:
        for s in index.get((order, kind, name), ()):
            out.setdefault(s.puzzle, s)
    return list(out.values())


# ---------------------------------------------------------------- the build


def _puzzles(folder: Path, rest: bool = False) -> Iterator[tuple[str, str]]:
    """(puzzle, source) of the collections, in the build's order; with ``rest``, the puzzles
    past the part of each collection the build rates (what :func:`mine` scans)."""
    from sudoku_logic.core.formats import line_values

    for name, limit in COLLECTIONS:
        if rest and limit is None:
            continue
        taken = 0
        for n, line in enumerate((folder / name).read_text(encoding="utf-8").splitlines(), 1):
            words = line.split(",")[0].split()
            values = line_values(words[0]) if words else None
            if values is None:
                continue
            taken += 1
            if limit is None or (taken > limit) == rest:
                yield "".join(str(v) for v in values), f"{name.split('.')[0]}:{n}"
            elif not rest:
                break


def _facts(item: tuple[str, str]) -> tuple[str, str, dict[str, tuple[set[str], set[str], bool, float]]]:
    """Both paths' facts of one puzzle (a pool's work item)."""
    from sudoku_logic.core import bitsolve

    puzzle, source = item
    values = [int(ch) for ch in puzzle]
    facts = {}
    if bitsolve.count_solutions(values) == 1:
        for order in ("se", "hodoku"):
            rating = rate_order(values, order)
            if rating is not None:
                facts[order] = path_facts(rating, order)
    return puzzle, source, facts


def build(folder: Path, jobs: int = 1, progress: bool = True) -> list[str]:
    """The index's lines from the collections in ``folder`` (see the module's docstring)."""
    from multiprocessing import Pool

    kept: dict[tuple[str, str, str], list[tuple[float, str, str]]] = {}
    items = list(_puzzles(folder))
    t0 = time.time()
    with Pool(jobs) as pool:
        for n, (puzzle, source, facts) in enumerate(pool.imap(_facts, items, chunksize=4), 1):
            for order, (names, tops, solved, measure) in facts.items():
                if not solved:
                    continue
                for name in names:
                    kept.setdefault((order, "path", name), []).append((measure, puzzle, source))
                for name in tops:
                    kept.setdefault((order, "hardest", name), []).append((measure, puzzle, source))
            if progress and n % 500 == 0:
                print(f"{n}/{len(items)} rated, {time.time() - t0:.0f} s", file=sys.stderr)
    lines = [
        "# Technique seeds: python -m sudoku_logic.app.bulk.seeds build (rates puzzles/ in both orders).",
        "# order<TAB>kind<TAB>technique<TAB>puzzle<TAB>measure<TAB>source; kind path: on the path of order,",
        "# hardest: no step of the path harder (one as hard may come first); measure: HoDoKu's score or SE's rating; source: file:line.",
        f"# collections: {', '.join(f'{n}' + (f' (first {k})' if k else '') for n, k in COLLECTIONS)}",
    ]
    return lines + seed_lines(kept)


#: A seed's entry in a list of found seeds: (measure, puzzle, source).
Found = dict[tuple[str, str, str], list[tuple[float, str, str]]]


def seed_lines(found: Found) -> list[str]:
    """The index's lines of ``found`` (``(order, kind, technique)`` to ``(measure, puzzle,
    source)``): each list's :data:`PER_LIST` easiest, a puzzle once (its first source), the
    lists in key order."""
    out = []
    for (order, kind, name), got in sorted(found.items()):
        first: dict[str, tuple[float, str]] = {}
        for measure, puzzle, source in sorted(set(got)):
            first.setdefault(puzzle, (measure, source))
        kept = sorted((m, p, s) for p, (m, s) in first.items())[:PER_LIST]
        out += [f"{order}\t{kind}\t{name}\t{p}\t{m:g}\t{s}" for m, p, s in kept]
    return out


def split_earlier(lines: list[str], marker: str, note: str) -> tuple[list[str], Found, list[str]]:
    """``lines`` without the seeds whose source starts with ``marker`` and the header notes
    starting with ``note``; those seeds (as :func:`seed_lines` takes them) and notes."""
    base: list[str] = []
    earlier: Found = {}
    notes: list[str] = []
    for line in lines:
        if line.startswith(note):
            notes.append(line)
        elif not line.startswith("#") and line.count("\t") == 5 and line.split("\t")[5].startswith(marker):
            order, kind, name, puzzle, measure, source = line.split("\t")
            earlier.setdefault((order, kind, name), []).append((float(measure), puzzle, source))
        else:
            base.append(line)
    return base, earlier, notes


def keep_earlier(found: Found, earlier: Found) -> Found:
    """``found`` with the ``earlier`` seeds it does not hold again (the same puzzle for the
    same order, kind and technique), so a later, shorter run loses none."""
    out = {key: list(got) for key, got in found.items()}
    for key, got in earlier.items():
        have = {puzzle for _, puzzle, _ in out.get(key, ())}
        out.setdefault(key, []).extend(e for e in got if e[1] not in have)
    return out


def write_index(path: str, lines: list[str]) -> None:
    """Write the index's ``lines`` to ``path`` and say how many on stderr."""
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{path}: {len(lines)} lines", file=sys.stderr)


def rerun(
    path: str,
    marker: str,
    note: str,
    run: Callable[[list[str]], tuple[Found, list[str]]],
    at: int | None = None,
) -> None:
    """Run a seed search again into the index at ``path``: its seeds (source starting with
    ``marker``) and its header notes (``note``) are taken out, ``run`` gets the rest and gives
    its seeds and notes; the notes go in at line ``at`` (default: after the header) and the
    earlier seeds it did not find again are kept."""
    lines, earlier, old = split_earlier(Path(path).read_text(encoding="utf-8").splitlines(), marker, note)
    found, notes = run(lines)
    if at is None:
        at = max(i for i, x in enumerate(lines) if x.startswith("#")) + 1
    lines[at:at] = list(dict.fromkeys(old + notes))
    write_index(path, lines + seed_lines(keep_earlier(found, earlier)))


# ---------------------------------------------------------------- mining what no collection has


#: Techniques a path can name but never takes: wherever one is there, a technique the path
#: searches first is there too (docs/generate.md gives the proofs); no seed is looked for.
PREEMPTED = {
    ("se", "Direct Claiming"): "wherever it is there and no hidden single is, the band's third box points "
    "(a Direct Pointing), and SE searches pointing first",
    ("hodoku", "Franken X-Wing"): "wherever it is there, so is a Hidden Single, a Locked Candidates or a "
    "Turbot Fish (a base's two places linked through a cover house to the other base's), searched first",
    ("hodoku", "Finned Franken X-Wing"): "wherever it is there, so is a Hidden Single, a Locked Candidates, an "
    "X-Wing, a Skyscraper, a Turbot Fish, an Empty Rectangle or a Finned or Sashimi X-Wing (checked for every "
    "pattern of its two base houses), searched first",
}

#: Techniques a path can name that no puzzle we know of has on it, while no proof rules them
#: out: the generator still searches, and says so when it fails (docs/generate.md gives the
#: searches).
UNSEEN = {
    ("hodoku", "Franken Swordfish"): "on the path of no puzzle known: none among the millions walked and rated "
    "for it, nor in any collection scanned; not proved never taken either, so more tries are unlikely to help",
}


#: The most givens a seed may have: the generator uses seeds of at most 30 (``--max-givens``).
MAX_GIVENS = 30


def targets() -> list[tuple[str, str, str]]:
    """(order, kind, technique) the index should have: every technique of HoDoKu's path but
    Brute Force and every SE rule up to 8.5 (``path``), and HoDoKu's Hard and Unfair
    techniques with no step harder (``hardest``); none of :data:`PREEMPTED`."""
    from grading.scales import hodoku_techniques
    from grading.tables import RATINGS

    hodoku = [t.name for t in hodoku_techniques() if t.name != "Brute Force"]
    out = [("hodoku", "path", n) for n in hodoku]
    out += [("se", "path", n) for n, r in RATINGS.items() if r.se is not None and r.se <= 8.5]
    out += [("hodoku", "hardest", n) for n in hodoku if RATINGS[n].level in ("Hard", "Unfair")]
    return [(order, kind, n) for order, kind, n in out if (order, n) not in PREEMPTED]


def fitting_measure(values: list[int], order: str, name: str, hardest: bool) -> float | None:
    """The measure of a unique puzzle whose path of ``order`` takes ``name`` (with ``hardest``,
    no step harder), solved by logic; None if it does not."""
    rating = rate_order(values, order)
    if rating is None:
        return None
    names, tops, solved, measure = path_facts(rating, order)
    ok = solved and name in names and (not hardest or name in tops)
    return measure if ok else None


def cut_points(puzzle: str, order: str, name: str, last: int = 6) -> Iterator[list[int]]:
    """Intermediate positions of a puzzle's path before its first ``name`` step, as puzzles:
    the givens and the digits placed so far, the latest cut first (``last`` of them)."""
    values = [int(ch) for ch in puzzle]
    rating = rate_order(values, order)
    if rating is None:
        return
    steps = rating.se_path if order == "se" else rating.hodoku_path
    cuts = []
    placed = list(values)
    for step in steps:
        if step.technique == name:
            break
        if step.placements:
            for cell, digit in step.placements:
                placed[cell] = digit
            cuts.append(list(placed))
    yield from reversed(cuts[-last:])


def dig(rng, max_givens: int = MAX_GIVENS) -> list[int]:
    """A random unique puzzle, as ``sudoku generate`` digs one without a target (the same
    puzzle as :func:`generator.make_puzzle` from the same ``rng``): givens removed in random
    order while the puzzle stays unique, down to ``max_givens``."""
    from sudoku_logic.core import bitsolve

    values = bitsolve.random_solution(rng)
    solution = values[:]
    cells = list(range(81))
    rng.shuffle(cells)
    count = 81
    for c in cells:
        if count <= max_givens:
            break
        values[c] = 0
        if bitsolve.has_other_solution(values, solution, (c,)):
            values[c] = solution[c]
        else:
            count -= 1
    return values


def _scan_rest(
    index: dict[tuple[str, str, str], tuple[Seed, ...]],
    folder: Path,
    budget: float,
    found: dict[tuple[str, str, str], list[tuple[float, str, str]]],
) -> list[str]:
    """Seeds for the targets the index lacks from the collections' puzzles past what the
    build rates, in their order, for ``budget`` seconds in all (into ``found``); a note."""
    from sudoku_logic.core import bitsolve

    missing = {key for key in targets() if not index.get(key)}
    orders = sorted({order for order, _, _ in missing})
    t0 = time.perf_counter()
    n = 0
    for puzzle, source in _puzzles(folder, rest=True):
        if not missing or time.perf_counter() - t0 >= budget:
            break
        n += 1
        values = [int(ch) for ch in puzzle]
        if bitsolve.count_solutions(values) != 1:
            continue
        for order in orders:
            rating = rate_order(values, order)
            if rating is None:
                continue
            names, tops, solved, measure = path_facts(rating, order)
            if not solved:
                continue
            for key in [k for k in missing if k[0] == order and k[2] in (tops if k[1] == "hardest" else names)]:
                got = found.setdefault(key, [])
                got.append((measure, puzzle, f"mined:scan {source}"))
                if len(got) >= PER_LIST:
                    missing.discard(key)
    hits = ", ".join(f"{o} {k} {t} {len(v)}" for (o, k, t), v in sorted(found.items()) if v) or "none"
    note = f"scan of the collections past the build's part: {n} puzzles in {time.perf_counter() - t0:.0f} s: {hits}"
    print(note, file=sys.stderr)
    return [note]


def mine(
    index: dict[tuple[str, str, str], tuple[Seed, ...]],
    budget: float,
    seed: int = 41,
    folder: Path | None = None,
    scan: float = 0.0,
) -> tuple[dict[tuple[str, str, str], list[tuple[float, str, str]]], list[str]]:
    """Seeds for the targets the index lacks: first, with ``folder``, the collections' puzzles
    past the build's part (``scan`` seconds in all); then each target within ``budget``
    seconds: the intermediate positions of its path seeds (for ``hardest``), then random
    digging; and a note on what was tried and found."""
    import random

    found: dict[tuple[str, str, str], list[tuple[float, str, str]]] = {}
    notes = []
    if folder is not None and scan > 0:
        notes += _scan_rest(index, folder, scan, found)
    for key in targets():
        if index.get(key) or len(found.get(key, ())) >= PER_LIST:
            continue
        order, kind, name = key
        got = found.setdefault(key, [])
        t0 = time.perf_counter()
        if kind == "hardest":
            for s in index.get((order, "path", name), ()):
                for values in cut_points(s.puzzle, order, name):
                    m = fitting_measure(values, order, name, True)
                    if m is not None:
                        got.append((m, "".join(map(str, values)), f"mined:cut of {s.source}"))
                        break
        i = 0
        while len(got) < PER_LIST and time.perf_counter() - t0 < budget:
            dug = dig(random.Random(f"{seed}:{name}:{i}"))
            m = fitting_measure(dug, order, name, kind == "hardest")
            if m is not None:
                got.append((m, "".join(map(str, dug)), f"mined:random {seed}:{i}"))
            i += 1
        notes.append(f"{order} {kind} {name}: {len(got)} mined in {time.perf_counter() - t0:.0f} s ({i} dug)")
        print(notes[-1], file=sys.stderr)
    return found, notes


def main(argv: list[str] | None = None) -> None:
    """``build``: rate the collections and write the index; ``mine``: add seeds for what
    the index lacks (each target within ``--budget`` seconds). Planting is
    :mod:`.planting`'s command."""
    p = argparse.ArgumentParser(prog="python -m sudoku_logic.app.bulk.seeds")
    p.add_argument("command", choices=["build", "mine"])
    p.add_argument("--puzzles", default="puzzles", help="the folder of the collections")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--budget", type=float, default=120.0, help="mine: seconds for each target")
    p.add_argument(
        "--scan",
        type=float,
        default=0.0,
        help="mine: seconds to scan the collections past the build's part",
    )
    p.add_argument("--out", default=str(Path(__file__).with_name(INDEX)))
    a = p.parse_args(argv)
    if a.command == "build":
        write_index(a.out, build(Path(a.puzzles), a.jobs))
        return
    command = f"python -m sudoku_logic.app.bulk.seeds mine --budget {a.budget:g} --scan {a.scan:g} (seed 41)"

    def run(lines: list[str]) -> tuple[Found, list[str]]:
        # what an earlier mining found is mined again (the same seeds, the same order); what
        # this run does not find again is kept, with the notes of the run that found it
        mined, notes = mine(parse(lines), a.budget, folder=Path(a.puzzles), scan=a.scan)
        return mined, [f"# mined: {command}: {n}" for n in notes]

    rerun(a.out, "mined:", "# mined", run, at=4)


if __name__ == "__main__":
    main()
