"""Rating a puzzle: solve with the easiest step each time and score the path on two scales.

- Sudoku Explainer scale: ``er`` is the hardest step's difficulty; ``ep`` the hardest step up
  to the first placement; ``ed`` the difficulty of the first step.
- HoDoKu scale: ``score`` is the sum of step scores; ``level`` the hardest step's level,
  raised while the score exceeds the level's maximum.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from sudoku_logic.grid import Grid
from sudoku_logic.solver import Solver, SolveResult
from strategies.step import Step

from .tables import LEVEL_MAX_SCORE, LEVELS, RATINGS


def step_difficulty(step: Step) -> float:
    """Sudoku Explainer difficulty of one step (its own override, else the table's)."""
    if step.difficulty is not None:
        return step.difficulty
    se = RATINGS[step.technique].se
    return se if se is not None else 0.0


def step_score(step: Step) -> int:
    """HoDoKu score of one step."""
    return step.score if step.score is not None else RATINGS[step.technique].score


@dataclass
class Rating:
    """The rating of one puzzle on both scales."""

    puzzle: str
    er: float
    ep: float
    ed: float
    level: str
    score: int
    hardest: str
    solved: bool
    steps: int
    ms: float

    def row(self) -> dict:
        """The ``sudoku rate`` row: puzzle,rating,level,score,hardest,solved,steps,ms."""
        return {
            "puzzle": self.puzzle, "rating": self.er, "level": self.level, "score": self.score,
            "hardest": self.hardest, "solved": self.solved, "steps": self.steps, "ms": round(self.ms, 1),
        }


def rate_path(puzzle: str, result: SolveResult, ms: float) -> Rating:
    """Score a solve path on both scales."""
    er = ep = ed = 0.0
    hardest = ""
    score = 0
    level_i = 0
    placed = False
    for i, step in enumerate(result.steps):
        diff = step_difficulty(step)
        if i == 0:
            ed = diff
        if not placed:
            ep = max(ep, diff)
            placed = bool(step.placements)
        if diff > er:
            er, hardest = diff, step.technique
        score += step_score(step)
        level_i = max(level_i, LEVELS.index(RATINGS[step.technique].level))
    while level_i < len(LEVELS) - 1 and score > LEVEL_MAX_SCORE[LEVELS[level_i]]:
        level_i += 1
    if not result.steps:
        hardest = "none"
    return Rating(puzzle, er, ep, ed, LEVELS[level_i], score, hardest, result.solved,
                  len(result.steps), ms)


def rate(grid: Grid, solver: Solver | None = None, puzzle: str | None = None) -> Rating:
    """Rate a position: solve it with the easiest steps and score the path."""
    t0 = time.perf_counter()
    result = (solver or Solver()).solve(grid)
    ms = (time.perf_counter() - t0) * 1000
    return rate_path(puzzle or grid.values_string(), result, ms)
