"""Puzzle generation: a random full grid, givens removed while the puzzle stays unique.

Reproducible: candidate ``i`` of a run with seed ``S`` is made from its own random stream
seeded by ``(S, i)``, so the same seed gives the same puzzles whatever the number of
processes. Uniqueness is checked with DLX after every removal.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterator

from . import dlx
from .grid import Grid

SYMMETRIES = ("none", "rotational", "diagonal", "mirror")


def partner(cell: int, symmetry: str) -> int:
    """The cell that must keep or lose its given together with ``cell`` under a symmetry."""
    r, c = divmod(cell, 9)
    if symmetry == "rotational":
        return 80 - cell
    if symmetry == "diagonal":
        return c * 9 + r
    if symmetry == "mirror":
        return r * 9 + 8 - c
    if symmetry == "none":
        return cell
    raise ValueError(f"unknown symmetry {symmetry!r}: use one of {', '.join(SYMMETRIES)}")


def symmetry_groups(symmetry: str) -> list[tuple[int, ...]]:
    """The cells grouped by the symmetry (each group is removed as a whole)."""
    seen: set[int] = set()
    groups = []
    for cell in range(81):
        if cell not in seen:
            g = tuple(sorted({cell, partner(cell, symmetry)}))
            seen.update(g)
            groups.append(g)
    return groups


def is_symmetric(values: list[int], symmetry: str) -> bool:
    """Whether the givens of ``values`` keep the symmetry."""
    return all(bool(values[c]) == bool(values[partner(c, symmetry)]) for c in range(81))


def full_grid(rng: random.Random) -> list[int]:
    """A random complete sudoku grid (DLX with rows tried in random order)."""
    return dlx.solutions(Grid(), 1, rng)[0]


def make_puzzle(rng: random.Random, symmetry: str = "none", minimal: bool = False,
                max_givens: int = 30) -> list[int]:
    """A puzzle with exactly one solution.

    Givens are removed group by group (a group is a cell and its symmetric partner) in random
    order, keeping each removal only if the puzzle stays unique. With ``minimal`` every group
    is tried, so no given (group) can be removed without losing uniqueness; otherwise removal
    stops once at most ``max_givens`` givens are left.
    """
    values = full_grid(rng)
    groups = symmetry_groups(symmetry)
    rng.shuffle(groups)
    count = 81
    for group in groups:
        if not minimal and count <= max_givens:
            break
        saved = [values[c] for c in group]
        for c in group:
            values[c] = 0
        if dlx.count_solutions(Grid.from_values(values), 2) == 1:
            count -= len(group)
        else:
            for c, v in zip(group, saved):
                values[c] = v
    return values


@dataclass
class Candidate:
    """One generated puzzle and its rating row (None until rated)."""

    index: int
    puzzle: str
    row: dict


def candidate(seed: int, index: int, symmetry: str, minimal: bool, max_givens: int,
              rate_row: Callable[[Grid], dict]) -> Candidate:
    """Candidate ``index`` of the run with ``seed``: generated and rated."""
    rng = random.Random(f"{seed}:{index}")
    values = make_puzzle(rng, symmetry, minimal, max_givens)
    grid = Grid.from_values(values)
    return Candidate(index, grid.values_string(), rate_row(grid))


def candidates(seed: int, symmetry: str, minimal: bool, max_givens: int,
               rate_row: Callable[[Grid], dict]) -> Iterator[Candidate]:
    """Candidates 0, 1, 2, ... of a run, in one process."""
    i = 0
    while True:
        yield candidate(seed, i, symmetry, minimal, max_givens, rate_row)
        i += 1


# ---------------------------------------------------------------- rated runs

@dataclass(frozen=True)
class Wanted:
    """What a generated puzzle must satisfy: a HoDoKu level, an SE rating band, a technique."""

    level: str | None = None
    min_rating: float | None = None
    max_rating: float | None = None
    technique: str | None = None

    def accepts(self, row: dict) -> bool:
        """Whether a rated candidate fits."""
        if not row["solved"]:
            return False
        if self.level and row["level"].lower() != self.level.lower():
            return False
        if self.min_rating is not None and row["rating"] < self.min_rating:
            return False
        if self.max_rating is not None and row["rating"] > self.max_rating:
            return False
        if self.technique and self.technique not in row["techniques"]:
            return False
        return True


_RATER = None  # one Rater per process, built on first use


def rated_row(grid: Grid) -> dict:
    """The ``sudoku rate`` row of a puzzle (both scales, as ``sudoku rate`` rates it) plus
    the set of techniques on its Sudoku Explainer path."""
    global _RATER
    from grading.rater import Rater

    if _RATER is None:
        _RATER = Rater()
    rating = _RATER.rate(grid, keep_paths=True)
    row = rating.row()
    row["techniques"] = sorted({s.technique for s in rating.se_path} | {s.technique for s in rating.hodoku_path})
    return row


def _work(args: tuple) -> Candidate:
    return candidate(*args, rated_row)


def _parallel_candidates(seed: int, symmetry: str, minimal: bool, max_givens: int, jobs: int,
                         max_tries: int | None) -> Iterator[Candidate]:
    """Candidates 0, 1, 2, ... made and rated by ``jobs`` processes, yielded in index order;
    a bounded window of work is in flight, cancelled when the caller stops."""
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs) as pool:
        window: deque = deque()
        next_index = 0

        def submit() -> None:
            nonlocal next_index
            window.append(pool.submit(_work, (seed, next_index, symmetry, minimal, max_givens)))
            next_index += 1

        for _ in range(jobs * 3):
            submit()
        try:
            while window:
                cand = window.popleft().result()
                if max_tries is None or next_index < max_tries:
                    submit()
                yield cand
        finally:
            for f in window:
                f.cancel()


def generate(count: int, wanted: Wanted, seed: int, symmetry: str = "none", minimal: bool = False,
             max_givens: int = 30, jobs: int = 1, max_tries: int | None = None,
             on_try: Callable[[Candidate, bool], None] | None = None) -> Iterator[Candidate]:
    """Yield ``count`` rated puzzles that fit ``wanted``, the same ones for the same seed.

    Candidates are generated and rated (in ``jobs`` processes, results taken in index order)
    until ``count`` fit or ``max_tries`` candidates were made. ``on_try`` sees every candidate.
    """
    partner(0, symmetry)  # validates the name
    if jobs <= 1:
        stream = candidates(seed, symmetry, minimal, max_givens, rated_row)
    else:
        stream = _parallel_candidates(seed, symmetry, minimal, max_givens, jobs, max_tries)
    found = 0
    for tries, cand in enumerate(stream, 1):
        ok = wanted.accepts(cand.row)
        if on_try:
            on_try(cand, ok)
        if ok:
            found += 1
            yield cand
            if found >= count:
                return
        if max_tries is not None and tries >= max_tries:
            return
