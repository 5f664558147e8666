"""Sudoku Explainer's own solve paths (``tests/data/se_paths.jsonl.gz``), replayed.

The file holds, for each puzzle of ``../shared/ratings/se_dev.csv``, the steps SE's batch
rater took: ``[difficulty, rule, name, eliminations, placement]`` with the eliminations as
``r1c2<>3`` and the placement as ``r1c2=3`` or empty (SE's wording of each hint is left out).
Replaying them gives the position SE stood in before each step, so a finder can be held
against the very hint SE's producer returned there.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import parse_cell

DATA = Path(__file__).parent / "data" / "se_paths.jsonl.gz"
#: the same for 8 puzzles of the 2011 hardest list (``se_paths_hardest_dev.jsonl.gz``), whose
#: paths need every nesting level of SE's dynamic forcing chains
HARDEST = Path(__file__).parent / "data" / "se_paths_hardest.jsonl.gz"


@dataclass(frozen=True)
class SEStep:
    """One step of SE's path: its difficulty, SE's rule (producer) and hint name, and what it
    did (``eliminations`` and ``placements`` as ``(cell, digit)``)."""

    d: float
    rule: str
    name: str
    eliminations: frozenset
    placements: frozenset

    @property
    def effect(self) -> tuple[frozenset, frozenset]:
        return self.eliminations, self.placements


@dataclass(frozen=True)
class SEPath:
    puzzle: str
    source: str
    er: float
    ep: float
    ed: float
    steps: tuple[SEStep, ...]


def _pair(text: str, sep: str) -> tuple[int, int]:
    cell, d = text.split(sep)
    return parse_cell(cell), int(d)


@lru_cache(maxsize=2)
def se_paths(data: Path = DATA) -> tuple[SEPath, ...]:
    """Every recorded path of ``data``, in file order."""
    out = []
    with gzip.open(data, "rt") as f:
        for line in f:
            o = json.loads(line)
            steps = tuple(
                SEStep(
                    d,
                    rule,
                    name,
                    frozenset(_pair(e, "<>") for e in elim),
                    frozenset([_pair(place, "=")]) if place else frozenset(),
                )
                for d, rule, name, elim, place in o["steps"]
            )
            out.append(SEPath(o["puzzle"], o["source"], o["er"], o["ep"], o["ed"], steps))
    return tuple(out)


def apply_se_step(grid: Grid, step: SEStep) -> None:
    """Do what SE's hint did: remove its candidates, then place its digit (SE's
    ``IndirectHint.apply``)."""
    for c, d in step.eliminations:
        if grid.has(c, d):
            grid.eliminate(c, d)
    for c, d in step.placements:
        if not grid.values[c]:
            grid.place(c, d)


def positions(path: SEPath) -> Iterator[tuple[Grid, SEStep]]:
    """Each position of SE's path (a copy) with the step SE took there."""
    grid = parse(path.puzzle)
    for step in path.steps:
        yield grid.copy(), step
        apply_se_step(grid, step)


def effect(step) -> tuple[frozenset, frozenset]:
    """A step's eliminations and placements as sets, to compare with :attr:`SEStep.effect`."""
    return frozenset(step.eliminations), frozenset(step.placements)


def steps_of_rule(rule: str, limit: int | None = None) -> list[tuple[str, int, Grid, SEStep]]:
    """``(puzzle, index, position, step)`` for every recorded step of SE's producer ``rule``
    (at most ``limit``)."""
    out = []
    for path in se_paths():
        for i, (grid, step) in enumerate(positions(path)):
            if step.rule == rule:
                out.append((path.puzzle, i, grid, step))
                if limit is not None and len(out) >= limit:
                    return out
    return out
