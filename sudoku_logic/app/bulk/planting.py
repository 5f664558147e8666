"""Technique seeds planted around a position where the technique's pattern is present:
``python -m sudoku_logic.app.bulk.planting [--budget S] [--scan T]`` adds them to the index
(:mod:`.seeds`) for the targets of :data:`PLANT_TARGETS` it lacks, with a note on each.

A position (a grid of digits, some given, some placed) where a technique fires comes from
HoDoKu's regression library (its lines for the technique) or from the path of a puzzle that
already takes it (the index's ``path`` seeds); for a practice seed, a ``path`` seed's whole
puzzle is tried first. :func:`plant` makes a puzzle of it: the
position's digits as givens, solution digits added in random cells until it is unique, kept
if the path of the order takes the technique; with ``practice``, givens added where the path's
harder steps work until the technique is its hardest step; then givens removed in random
order while the puzzle stays unique and keeps the technique (as its hardest step), each
change re-rated in full by the code ``sudoku step --order`` runs. Everything is drawn from
one seeded stream, so a plant is reproducible.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from grading.hodoku import step_key, technique_key
from sudoku_logic.app.bulk.seeds import MAX_GIVENS, PER_LIST, Found, path_facts, rate_order
from sudoku_logic.core import bitsolve, dlx
from sudoku_logic.core.grid import Grid

#: The regression library's codes of the techniques planted from it.
REGLIB_CODES = {
    "Simple Colors Wrap": "0501",
    "Multi Colors 2": "0503",
    "Uniqueness Test 5": "0604",
    "Avoidable Rectangle Type 1": "0607",
    "Avoidable Rectangle Type 2": "0608",
}
#: What planting aims at: (order, kind, technique).
PLANT_TARGETS = (
    ("hodoku", "path", "Simple Colors Wrap"),
    ("hodoku", "path", "Multi Colors 2"),
    ("hodoku", "hardest", "Simple Colors Wrap"),
    ("hodoku", "hardest", "Multi Colors 2"),
    ("hodoku", "hardest", "Uniqueness Test 5"),
    ("hodoku", "hardest", "Avoidable Rectangle Type 1"),
    ("hodoku", "hardest", "Avoidable Rectangle Type 2"),
)
#: Changes :func:`harden` tries before a plant gives up.
HARDEN_TRIES = 400
#: The chance that a change of :func:`harden` gives a digit rather than removes one.
ADD = 0.5


@dataclass(frozen=True)
class Position:
    """A grid of digits (0 empty) where a technique's pattern is present, the cells of the
    pattern that hold placed digits (left for the path to place: an avoidable rectangle's
    corners must not be givens), and where it came from."""

    values: tuple[int, ...]
    free: tuple[int, ...]
    source: str


def _pattern(grid: Grid, name: str) -> tuple[int, ...] | None:
    """The cells of ``name``'s first step on ``grid`` that hold placed (not given) digits;
    None if its finder finds none."""
    from strategies.registry import lookup

    step = next(iter(lookup([name])[0].find(grid)), None)
    if step is None:
        return None
    return tuple(c for c in step.cells if grid.values[c] and not grid.givens >> c & 1)


def reglib_positions(path: Path, name: str) -> list[Position]:
    """The positions of the regression library's lines for ``name``, where its finder fires
    (the deleted candidates are left for the path to find)."""
    from sudoku_logic.core.formats import parse_reglib

    code = REGLIB_CODES.get(name)
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if code is None or not line.startswith(f":{code}"):
            continue
        case = parse_reglib(line)
        free = None if case.fail_case else _pattern(case.grid, name)
        if free is not None:
            out.append(Position(tuple(case.grid.values), free, f"{path.stem}:{n}"))
    return out


def path_positions(puzzle: str, source: str, name: str, order: str) -> list[Position]:
    """The positions of ``puzzle``'s path of ``order`` where ``name``'s finder fires (taken
    or not), each with its digits so far."""
    rating = rate_order([int(ch) for ch in puzzle], order)
    if rating is None:
        return []
    grid = Grid.from_values([int(ch) for ch in puzzle])
    out = []
    steps = rating.se_path if order == "se" else rating.hodoku_path
    for i, step in enumerate(steps):
        free = _pattern(grid, name)
        if free is not None:
            out.append(Position(tuple(grid.values), free, f"{source} step {i + 1}"))
        grid.apply(step)
    return out


class _Fit:
    """Rates puzzles in ``order`` and says whether ``name`` is on the path (the hardest step
    with ``hardest``), solved by logic; counts the ratings."""

    def __init__(self, name: str, order: str, hardest: bool) -> None:
        self.name, self.order, self.hardest = name, order, hardest
        self.rated = 0

    def rating(self, values: list[int]):
        """The rating of the path of the order, or None."""
        self.rated += 1
        return rate_order(values, self.order)

    def on_path(self, rating) -> bool:
        """Whether ``rating``'s path takes the technique, solved by logic."""
        if rating is None:
            return False
        names, _, solved, _ = path_facts(rating, self.order)
        return solved and self.name in names

    def __call__(self, values: list[int], hardest: bool | None = None) -> bool:
        """Whether ``values``'s path takes the technique (as its hardest step, by default
        as asked)."""
        rating = self.rating(values)
        if not self.on_path(rating):
            return False
        return self.name in path_facts(rating, self.order)[1] or not (self.hardest if hardest is None else hardest)


def _unique(values: list[int], solution: list[int], rng: random.Random) -> list[int]:
    """``values`` with solution digits added in random empty cells until it has one solution."""
    out = list(values)
    empty = [c for c in range(81) if not out[c]]
    rng.shuffle(empty)
    for c in empty:
        if bitsolve.count_solutions(out) == 1:
            break
        out[c] = solution[c]
    return out


#: What :func:`_excess` adds when the technique is not on the path at all.
OFF_PATH = 50


def _excess(rating, name: str) -> tuple[int, list[tuple[int, int]]]:
    """How far the path is from taking ``name`` as a hardest step: its steps harder than
    ``name``, plus :data:`OFF_PATH` if it is not taken; and those steps' placements and
    eliminations."""
    key = technique_key(name)
    steps = rating.hodoku_path
    n = 0 if any(s.technique == name for s in steps) else OFF_PATH
    work: list[tuple[int, int]] = []
    for s in steps:
        if step_key(s) > key:
            n += 1
            work += list(s.placements) + list(s.eliminations)
    return n, work


def _resolving(work: list[tuple[int, int]], values: list[int], solution: list[int], rng: random.Random) -> int | None:
    """An empty cell whose solution digit, given, does a harder step's work: the cell it
    places or eliminates in, or the cell of a house of an eliminated candidate that holds
    the digit."""
    from sudoku_logic.core.houses import CELL_HOUSES, HOUSE_CELLS

    if not work:
        return None
    cell, d = rng.choice(work)
    if solution[cell] == d or rng.random() < 0.5:
        return None if values[cell] else cell
    options = [c for h in CELL_HOUSES[cell] for c in HOUSE_CELLS[h] if solution[c] == d and not values[c]]
    return rng.choice(options) if options else None


def harden(values: list[int], solution: list[int], fit: _Fit, rng: random.Random, tries: int) -> list[int] | None:
    """``values`` changed until the path takes the technique (with ``fit.hardest``, as its
    hardest step): a local search of ``tries`` random changes (a solution digit given in an
    empty cell, half of them one that does a harder step's work, or a given removed while
    the puzzle stays unique), each kept if it brings the path no farther
    (:func:`_excess`); None if it does not get there."""
    out = list(values)
    rating = fit.rating(out)
    if rating is None:
        return None
    score, work = _excess(rating, fit.name)
    done = 0 if fit.hardest else OFF_PATH
    for _ in range(tries):
        if score <= done and fit.on_path(rating):
            return out
        new = list(out)
        empty = [c for c in range(81) if not new[c]]
        roll = rng.random() if empty else 1.0
        if roll < ADD:
            aimed = _resolving(work, new, solution, rng) if roll < ADD / 2 else None
            cell = aimed if aimed is not None else rng.choice(empty)
            new[cell] = solution[cell]
        else:
            cell = rng.choice([c for c in range(81) if new[c]])
            new[cell] = 0
            if bitsolve.has_other_solution(new, solution, (cell,)):
                continue
        r = fit.rating(new)
        if r is not None and r.hodoku_solved:
            s, w = _excess(r, fit.name)
            if s <= score:
                out, score, work, rating = new, s, w, r
    return out if score <= done and fit.on_path(rating) else None


def dig(values: list[int], solution: list[int], fit: _Fit, rng: random.Random, max_givens: int) -> list[int]:
    """``values`` with givens removed in random order while it keeps one solution and fits,
    until it has ``max_givens`` givens or none can go."""
    out = list(values)
    cells = [c for c in range(81) if out[c]]
    rng.shuffle(cells)
    for c in cells:
        out[c] = 0
        if bitsolve.has_other_solution(out, solution, (c,)) or not fit(out):
            out[c] = solution[c]
    # a second pass reaches what the first order left (a removal can free another)
    for c in [c for c in range(81) if out[c]]:
        if sum(map(bool, out)) <= max_givens:
            break
        out[c] = 0
        if bitsolve.has_other_solution(out, solution, (c,)) or not fit(out):
            out[c] = solution[c]
    return out


def plant(position: Position, name: str, order: str, hardest: bool, rng: random.Random) -> tuple[list[int] | None, str]:
    """A puzzle around ``position`` whose path of ``order`` takes ``name`` (as its hardest
    step with ``hardest``), dug as far as it goes, unique (DLX); or None and why not."""
    values = list(position.values)
    solutions = dlx.solutions(Grid.from_values(values), 1)
    for c in position.free:
        values[c] = 0
    if not solutions:
        return None, "no solution"
    solution = list(solutions[0])
    fit = _Fit(name, order, hardest)
    values = _unique(values, solution, rng)
    hard = harden(values, solution, fit, rng, HARDEN_TRIES)
    if hard is None:
        return None, "harder steps stay" if fit(values, hardest=False) else "not on the path"
    values = hard
    values = dig(values, solution, fit, rng, MAX_GIVENS)
    if dlx.dlx_count_solutions(Grid.from_values(values), 2) != 1:
        return None, "not unique"
    return values, ""


def plant_target(
    positions: list[Position], name: str, order: str, hardest: bool, budget: float, seed: int = 41, attempts: int = 3
) -> Iterator[tuple[float, str, str] | str]:
    """Seeds planted from ``positions`` (``attempts`` random streams each, in turn) within
    ``budget`` seconds, each as ``(measure, puzzle, source)``, until :data:`PER_LIST` with at
    most :data:`MAX_GIVENS` givens; each failure's reason as a string."""
    t0 = time.perf_counter()
    kept = 0
    for a in range(attempts):
        for p in positions:
            if kept >= PER_LIST or time.perf_counter() - t0 >= budget:
                return
            puzzle, why = plant(p, name, order, hardest, random.Random(f"{seed}:{name}:{p.source}:{a}"))
            if puzzle is None:
                yield why
                continue
            if sum(map(bool, puzzle)) > MAX_GIVENS:
                yield f"{sum(map(bool, puzzle))} givens left"
                continue
            rating = rate_order(puzzle, order)
            measure = path_facts(rating, order)[3]
            kept += 1
            yield measure, "".join(map(str, puzzle)), f"planted {seed}:{a} from {p.source}"


def plant_all(index: dict, folder: Path, budget: float, scan: float, seed: int = 41) -> tuple[Found, list[str]]:
    """Seeds planted for the targets of :data:`PLANT_TARGETS` the index lacks: positions from
    the regression library (``folder/hodoku_reglib_dev.txt``) and from the paths of the
    index's puzzles (``scan`` seconds a target), then :func:`plant_target` for ``budget``
    seconds; and a note per target on what was tried and found."""
    from collections import Counter

    found: Found = {}
    notes = []
    puzzles: dict[str, str] = {}
    for key in sorted(index):
        for s in index[key]:
            puzzles.setdefault(s.puzzle, s.source)
    for key in PLANT_TARGETS:
        order, kind, name = key
        if index.get(key):
            continue
        reglib = reglib_positions(folder / "hodoku_reglib_dev.txt", name)
        # a path seed's whole puzzle, hardened where its harder steps work (practice only)
        path_seeds = index.get((order, "path", name), []) if kind == "hardest" else []
        whole = [Position(tuple(map(int, s.puzzle)), (), f"{s.source} whole") for s in path_seeds]
        t0 = time.perf_counter()
        paths: list[Position] = []
        read = 0
        for puzzle, source in puzzles.items():
            if time.perf_counter() - t0 >= scan:
                break
            read += 1
            paths += path_positions(puzzle, source, name, order)[:1]
        got = found.setdefault(key, [])
        why: Counter[str] = Counter()
        t0 = time.perf_counter()
        for r in plant_target(whole + reglib + paths, name, order, kind == "hardest", budget, seed):
            if isinstance(r, str):
                why[r] += 1
            else:
                got.append(r)
        fails = ", ".join(f"{w} {n}" for w, n in why.most_common()) or "none"
        notes.append(
            f"{order} {kind} {name}: {len(got)} planted in {time.perf_counter() - t0:.0f} s from {len(whole)} "
            f"path seeds, {len(reglib)} reglib positions and {len(paths)} path positions ({read} puzzles read); "
            f"failed: {fails}"
        )
        print(notes[-1], file=sys.stderr)
    return found, notes


def main(argv: list[str] | None = None) -> None:
    """Plant seeds for what the index lacks (see the module's docstring) and write it back,
    with a note per target in its header (what an earlier plant added is planted again)."""
    import argparse

    from sudoku_logic.app.bulk.seeds import INDEX, parse, rerun

    p = argparse.ArgumentParser(prog="python -m sudoku_logic.app.bulk.planting")
    p.add_argument("--puzzles", default="puzzles", help="the folder of HoDoKu's regression library")
    p.add_argument("--budget", type=float, default=120.0, help="seconds of planting for each target")
    p.add_argument("--scan", type=float, default=120.0, help="seconds reading the index's paths, each target")
    p.add_argument("--out", default=str(Path(__file__).with_name(INDEX)))
    a = p.parse_args(argv)
    command = f"python -m sudoku_logic.app.bulk.planting --budget {a.budget:g} --scan {a.scan:g}"

    def run(lines: list[str]):
        planted, notes = plant_all(parse(lines), Path(a.puzzles), a.budget, a.scan)
        return planted, [f"# planted: {command}: {n}" for n in notes]

    rerun(a.out, "planted ", "# planted", run)


if __name__ == "__main__":
    main()
