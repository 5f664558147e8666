"""Practice seeds dug inside a technique's class: ``python -m sudoku_logic.app.bulk.class_dig
[--walk] [--budget S]`` adds ``hardest`` seeds to the index (:mod:`.seeds`) for the targets of
:data:`TARGETS`, with a note on each in its header.

From a random solution grid, givens are removed in random order while the puzzle keeps one
solution and stays in the class of technique T: HoDoKu's whole default path (the code ``sudoku
step --order hodoku`` runs) solves it by logic with no step harder than T (by level, then
score). Each puzzle met on the way whose path takes T is a find (T is then a hardest step:
none harder, one as hard may come first); the last one
(the fewest givens) is kept. For a rectangle (Uniqueness Test 5, the Avoidable Rectangles) the
grid's rectangle is chosen first: corners ``a b / b x`` in two rows, two columns and two
boxes with ``x`` not ``a`` (so the puzzle can be unique with none of them given), and the
corners and the cells of ``a`` in the houses of the ``x`` corner are never given, so that a
path can meet the pattern. Dig ``i`` of a run with seed ``S`` draws everything from its own
stream ``(S, T, i)``: the same seeds every time.

``--walk``: from a random puzzle (the random route's digging, at most :data:`MAX_GIVENS`
givens), a walk moves among the puzzles whose path's hardest steps are exactly as hard as T
(its level and score). Each move draws :data:`WALK_BATCH` neighbours (a given moved, removed
or added, the solution's digits only) and rates them at once in the compiled engine (one
call, no Python object per step: thousands a second), then moves to one still in the class
(else, half the time, to an easier one). A neighbour in the class whose compiled rating
changes when T is left out of the path's techniques takes T: rated again by the code ``sudoku
step --order hodoku`` runs, it is kept if T is on the path with nothing harder, dug (givens
removed in random order while that holds), and checked by DLX. (A path that takes T can rate
the same without it, a step as hard taking its place: such a puzzle is passed over.) Walk ``i``
of a run with seed ``S`` draws everything from its own stream ``(S, T, i)`` too.

``--walk --path`` (targets: HoDoKu's path techniques the index has no ``path`` seed for, or
``--only``): ``path`` seeds, T anywhere on the path. The walk starts from one of the index's
puzzles with a step at least as hard as T (:func:`hard_starts`), stays among such puzzles,
and keeps the first whose path takes T, solved by logic.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from grading.hodoku import technique_key
from sudoku_logic.app.bulk.aimed import change
from sudoku_logic.app.bulk.seeds import (
    MAX_GIVENS,
    PER_LIST,
    Found,
    fitting_measure,
    load,
    path_facts,
    rate_order,
    targets,
)
from sudoku_logic.core import bitsolve, dlx
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_HOUSES, HOUSE_CELLS

#: The techniques dug for as the hardest step, and whether their grid's rectangle is chosen.
TARGETS: dict[str, bool] = {
    "Uniqueness Test 5": True,
    "Avoidable Rectangle Type 1": True,
    "Avoidable Rectangle Type 2": True,
    "Simple Colors Wrap": False,
}
#: Changes of a given tried after the dig, each kept while the puzzle stays in the class.
MOVES = 60
#: The index's source of a seed dug here, with the run's seed and the dig's number.
SOURCE = "mined:class-dig"
#: The same for a seed a walk met (``--walk``).
WALK_SOURCE = "mined:class-walk"
#: A walk's moves, the neighbours each move rates at once, and the fewest givens it keeps.
WALK_MOVES = 1000
WALK_BATCH = 256
WALK_FEWEST = 20


def rectangles(solution: list[int]) -> list[tuple[int, int, int, int]]:
    """The rectangles of ``solution`` whose corners ``(p, q, r, x)`` hold ``a b / b x``: ``p``
    and ``x`` diagonal, ``q`` and ``r`` both ``b``, ``x`` not ``a``; in two boxes."""
    out = []
    for r1 in range(9):
        for r2 in range(9):
            for c1 in range(9):
                for c2 in range(9):
                    if r1 == r2 or c1 == c2 or (r1 // 3 == r2 // 3) == (c1 // 3 == c2 // 3):
                        continue
                    p, q, r, x = r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2
                    if solution[q] == solution[r] and solution[x] != solution[p]:
                        out.append((p, q, r, x))
    return out


def never_given(solution: list[int], rect: tuple[int, int, int, int]) -> set[int]:
    """The cells a rectangle's dig never gives: its corners, and the cells of ``a`` (the digit
    of the corner opposite ``x``) in the houses of ``x``, so that ``x`` can keep ``a``."""
    p, _, _, x = rect
    a = solution[p]
    return set(rect) | {c for h in CELL_HOUSES[x] for c in HOUSE_CELLS[h] if solution[c] == a}


@dataclass
class Dig:
    """What one dig gave: the puzzle kept (None when none fits, and ``why``), the ratings it
    ran, and what harder step (or no solve) refused each change it refused."""

    puzzle: list[int] | None = None
    why: str = ""
    rated: int = 0
    reasons: Counter[str] = field(default_factory=Counter)


def _inside(values: list[int], name: str, out: Dig) -> bool:
    """Whether HoDoKu's path solves ``values`` by logic with no step harder than ``name``;
    a puzzle whose path also takes ``name`` is kept in ``out``."""
    out.rated += 1
    rating = rate_order(values, "hodoku")
    _, tops, solved, _ = path_facts(rating, "hodoku") if rating is not None else (set(), set(), False, 0.0)
    if not solved or not tops or max(map(technique_key, tops)) > technique_key(name):
        out.reasons[f"{' and '.join(sorted(tops))} harder" if solved else "not solved by logic"] += 1
        return False
    if name in tops:
        out.puzzle = list(values)
    return True


def dig(name: str, rng: random.Random, rectangle: bool | None = None, moves: int = MOVES) -> Dig:
    """One dig in ``name``'s class from a random solution grid drawn from ``rng`` (see the
    module's docstring), then ``moves`` changes of a given (removed, or moved as the seed
    route's walk moves one) kept while the puzzle stays in the class; ``rectangle``
    (default: :data:`TARGETS`'s) chooses its rectangle first."""
    out = Dig()
    solution = bitsolve.random_solution(rng)
    values = list(solution)
    free: set[int] = set()
    if TARGETS.get(name, False) if rectangle is None else rectangle:
        free = never_given(solution, rng.choice(rectangles(solution)))
        for c in free:
            values[c] = 0
        if bitsolve.count_solutions(values) != 1:
            out.why = "not unique with the rectangle left out"
            return out
    cells = [c for c in range(81) if values[c]]
    rng.shuffle(cells)
    for c in cells:
        values[c] = 0
        if bitsolve.has_other_solution(values, solution, (c,)) or not _inside(values, name, out):
            values[c] = solution[c]
    for _ in range(moves):
        changed = change(values, solution, rng)
        if changed is not None and not free & {c for c in range(81) if changed[c]} and _inside(changed, name, out):
            values = changed
    if out.puzzle is None:
        out.why = f"{name} never the hardest step"
    elif sum(map(bool, out.puzzle)) > MAX_GIVENS:
        out.why, out.puzzle = f"more than {MAX_GIVENS} givens", None
    elif dlx.dlx_count_solutions(Grid.from_values(out.puzzle), 2) != 1:  # DLX, the reference
        out.why, out.puzzle = "not unique", None
    return out


def _neighbour(values: list[int], solution: list[int], rng: random.Random) -> bytes:
    """``values`` with a given moved (mostly), removed or added, the solution's digits only;
    its number of givens kept between :data:`WALK_FEWEST` and :data:`MAX_GIVENS`."""
    out = list(values)
    givens = [c for c in range(81) if out[c]]
    empty = [c for c in range(81) if not out[c]]
    r = rng.random()
    if r < 0.5 or len(givens) >= MAX_GIVENS:
        out[rng.choice(givens)] = 0
        cell = rng.choice(empty)
        out[cell] = solution[cell]
    elif r < 0.8 and len(givens) > WALK_FEWEST:
        out[rng.choice(givens)] = 0
    else:
        cell = rng.choice(empty)
        out[cell] = solution[cell]
    return bytes(out)


def _level_score(record: tuple | None) -> tuple[int, int] | None:
    """The (level, score) key of the hardest technique of a compiled rating solved by logic."""
    from grading.tables import RATINGS

    if record is None or not record[5] or record[2] not in RATINGS:
        return None
    return technique_key(record[2])


def _within(found: tuple[int, int] | None, key: tuple[int, int], practice: bool) -> bool:
    """Whether a compiled rating's hardest key is in the walk's class: exactly ``key`` for a
    practice target, at least ``key`` for a path target."""
    return found is not None and (found == key if practice else found >= key)


def _confirm(values: list[int], name: str) -> list[int] | None:
    """``values`` if HoDoKu's path, rated now by the code ``sudoku step --order hodoku`` runs,
    takes ``name``, solved by logic; else None."""
    return values if fitting_measure(values, "hodoku", name, False) is not None else None


def _settle(values: list[int], name: str, rng: random.Random) -> list[int] | None:
    """``values`` (if HoDoKu's path, rated now by the code ``sudoku step --order hodoku`` runs,
    takes ``name`` with nothing harder; else None) with givens removed in random order while
    that holds and it keeps one solution."""
    if fitting_measure(values, "hodoku", name, True) is None:
        return None
    cells = [c for c in range(81) if values[c]]
    rng.shuffle(cells)
    for c in cells:
        fewer = values[:c] + [0] + values[c + 1 :]
        if bitsolve.count_solutions(fewer) == 1 and fitting_measure(fewer, "hodoku", name, True) is not None:
            values = fewer
    return values


@lru_cache(maxsize=8)
def hard_starts(key: tuple[int, int]) -> tuple[bytes, ...]:
    """The index's HoDoKu ``path`` seeds of at most :data:`MAX_GIVENS` givens for the
    techniques at least as hard as ``key``: puzzles whose path has a step that hard."""
    return tuple(
        sorted(
            {
                bytes(int(ch) for ch in s.puzzle)
                for (order, kind, name), got in load().items()
                if order == "hodoku" and kind == "path" and technique_key(name) >= key
                for s in got
                if s.puzzle.count("0") >= 81 - MAX_GIVENS
            }
        )
    )


def walk(name: str, rng: random.Random, moves: int = WALK_MOVES, practice: bool = True) -> Dig:
    """One walk in ``name``'s class from a random puzzle drawn from ``rng`` (see the module's
    docstring): the first puzzle met whose path takes ``name`` with nothing harder, dug.
    Without ``practice``: among puzzles with a step at least as hard as ``name``, from one of
    the index's (:func:`hard_starts`), the first whose path takes it at all."""
    from grading import hodoku_batch
    from sudoku_logic.app.bulk.generator import make_puzzle

    out = Dig()
    key = technique_key(name)
    starts = () if practice else hard_starts(key)
    values = make_puzzle(rng, max_givens=MAX_GIVENS) if practice else list(rng.choice(starts)) if starts else None
    if values is None:
        out.why = "no start"
        return out
    solution = dlx.unique_solution(Grid.from_values(values))
    for _ in range(moves):
        near = [_neighbour(values, solution, rng) for _ in range(WALK_BATCH)]
        records = hodoku_batch.rate_values(near)
        keys = [_level_score(r) for r in records]
        inside = [(v, r) for v, r, k in zip(near, records, keys) if r is not None and _within(k, key, practice)]
        easier = [v for v, k in zip(near, keys) if k is not None and k < key]
        out.rated += len(near)
        if inside:
            left = hodoku_batch.rate_values([v for v, _ in inside], leave_out=(name,))
            for (v, a), b in zip(inside, left):
                if b is None or a[:4] != b[:4] or a[5] != b[5]:  # the path takes it (ms aside)
                    found = _settle(list(v), name, rng) if practice else _confirm(list(v), name)
                    if found is not None and sum(map(bool, found)) <= MAX_GIVENS:
                        if dlx.dlx_count_solutions(Grid.from_values(found), 2) == 1:  # DLX, the reference
                            out.puzzle = found
                            return out
            values = list(rng.choice(inside)[0])
        elif practice and easier and rng.random() < 0.5:
            values = list(rng.choice(easier))
    out.why = f"{name} never met in {moves} moves"
    return out


def dig_target(
    name: str, budget: float, seed: int = 41, limit: int | None = None, how: Callable[..., Dig] = dig
) -> Iterator[tuple[int, Dig]]:
    """Digs (``how``: or walks) ``(S, name, 0)``, ``(S, name, 1)``, ... for ``budget`` seconds
    (at most ``limit`` of them), each with its number."""
    t0 = time.perf_counter()
    i = 0
    while time.perf_counter() - t0 < budget and (limit is None or i < limit):
        yield i, how(name, random.Random(f"{seed}:{name}:{i}"))
        i += 1


def dig_all(
    budget: float, seed: int = 41, names: list[str] | None = None, walks: bool = False, path: bool = False
) -> tuple[Found, list[str]]:
    """Seeds dug (with ``walks``, walked; with ``path`` too, ``path`` seeds) for each of
    ``names`` (default :data:`TARGETS`) within ``budget`` seconds each, until
    :data:`PER_LIST`; and a note per target on what was dug and found."""
    found: Found = {}
    notes = []
    source, what = (WALK_SOURCE, "walked to") if walks else (SOURCE, "dug")
    kind = "path" if path else "hardest"

    def walk_on(name: str, rng: random.Random) -> Dig:
        return walk(name, rng, practice=not path)

    for name in names or list(TARGETS):
        got = found.setdefault(("hodoku", kind, name), [])
        t0 = time.perf_counter()
        why: Counter[str] = Counter()
        harder: Counter[str] = Counter()
        n = 0
        rated = 0
        for i, d in dig_target(name, budget, seed, how=walk_on if walks else dig):
            n += 1
            rated += d.rated
            harder.update(d.reasons)
            if d.puzzle is None:
                why[d.why] += 1
                continue
            puzzle = "".join(map(str, d.puzzle))
            rating = rate_order(d.puzzle, "hodoku")
            if puzzle not in {p for _, p, _ in got}:
                got.append((path_facts(rating, "hodoku")[3], puzzle, f"{source} {seed}:{i}"))
            if len(got) >= PER_LIST:
                break
        fails = ", ".join(f"{w} {k}" for w, k in why.most_common(3)) or "none"
        over = ", ".join(f"{w} {k}" for w, k in harder.most_common(4)) or "none"
        seconds = time.perf_counter() - t0
        if walks:
            tail = f"{n} walks of up to {WALK_MOVES} moves, {rated} puzzles rated; missed: {fails}"
        else:
            tail = f"{n} digs; missed: {fails}; changes refused as: {over}"
        notes.append(f"hodoku {kind} {name}: {len(got)} {what} in {seconds:.0f} s ({tail})")
        print(notes[-1], file=sys.stderr)
    return found, notes


def main(argv: list[str] | None = None) -> None:
    """Dig seeds for :data:`TARGETS` (see the module's docstring) and write the index back
    with a note per target in its header; the index's earlier seeds are kept."""
    import argparse

    from sudoku_logic.app.bulk.seeds import INDEX, rerun

    p = argparse.ArgumentParser(prog="python -m sudoku_logic.app.bulk.class_dig")
    p.add_argument("--budget", type=float, default=120.0, help="seconds of digging for each target")
    p.add_argument("--walk", action="store_true", help="walk in the class, rated in C, rather than dig")
    p.add_argument("--path", action="store_true", help="with --walk: path seeds (the technique anywhere on the path)")
    p.add_argument("--seed", type=int, default=41)
    p.add_argument("--only", default=None, help="the targets, comma-separated (default: all)")
    p.add_argument("--out", default=str(Path(__file__).with_name(INDEX)))
    a = p.parse_args(argv)
    names = [n.strip() for n in a.only.split(",")] if a.only else None
    allowed = [n for order, kind, n in targets() if order == "hodoku" and kind == "path"] if a.path else list(TARGETS)
    wrong = [n for n in names or () if n not in allowed]
    if a.path and not a.walk:
        print("--path: only with --walk", file=sys.stderr)
        raise SystemExit(2)
    if a.path and not names:
        names = [n for n in allowed if not load().get(("hodoku", "path", n))]
    if wrong:
        print(f"--only: {wrong[0]!r} is not one of {', '.join(allowed)}", file=sys.stderr)
        raise SystemExit(2)
    if a.walk:
        from grading import hodoku_batch

        if not hodoku_batch.available():
            print("--walk: needs the compiled engine (`sudoku --version` says why it is not in use)", file=sys.stderr)
            raise SystemExit(2)
    walked = (" --walk" if a.walk else "") + (" --path" if a.path else "")
    command = f"python -m sudoku_logic.app.bulk.class_dig{walked} --budget {a.budget:g} --seed {a.seed}"
    note = "# class-walk" if a.walk else "# class-dig"

    def run(_lines: list[str]):
        dug, notes = dig_all(a.budget, a.seed, names, walks=a.walk, path=a.path)
        return dug, [f"{note}: {command}: {n}" for n in notes]

    rerun(a.out, WALK_SOURCE if a.walk else SOURCE, note, run)


if __name__ == "__main__":
    main()
