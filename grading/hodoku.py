"""HoDoKu's arithmetic: the score and level of a step and of a path.

A step scores its technique's row (``grading.tables``); a path's score is the sum, its level
the hardest step's level, raised while the score exceeds the level's maximum score (HoDoKu's
``DifficultyLevel`` limits). Where no logical step applies HoDoKu resorts to Brute Force
(one digit of the solution, 10000 points, then logic again); a path that cannot finish
without Brute Force in its technique set adds 10000 once.
"""

from __future__ import annotations

from collections.abc import Iterable

from sudoku_logic.core.step import Step

from .tables import BRUTE_FORCE_SCORE, LEVEL_MAX_SCORE, LEVELS, RATINGS


def _scored_as(step: Step) -> str:
    """The technique whose row scores a step: HoDoKu scores a step by the search that found
    it (``facts["found_by"]``, e.g. a loop without group nodes found by the grouped search),
    else by its own technique."""
    facts = step.facts
    if facts:
        found_by = facts.get("found_by")
        if found_by is not None:
            return found_by
    return step.technique


def step_score(step: Step) -> int:
    """HoDoKu score of one step (its override, else the table's)."""
    if step.score is not None:
        return step.score
    return RATINGS[_scored_as(step)].score or 0


def step_level(step: Step) -> int:
    """Index in ``LEVELS`` of a step's HoDoKu level."""
    level = RATINGS[_scored_as(step)].level
    return LEVELS.index(level) if level is not None else 0


def path_rating(steps: Iterable[Step], solved: bool) -> tuple[str, int, str]:
    """``(level, score, hardest)`` of a path as HoDoKu folds them; ``hardest`` is the
    first step of the highest level and score (Brute Force for an unfinished path)."""
    score = 0
    level_i = 0
    hardest, hardest_key = "none", (-1, -1)
    for step in steps:
        s = step_score(step)
        score += s
        li = step_level(step)
        level_i = max(level_i, li)
        if (li, s) > hardest_key:
            hardest, hardest_key = step.technique, (li, s)
    if not solved:
        score += BRUTE_FORCE_SCORE
        level_i = len(LEVELS) - 1
        hardest = "Brute Force"
    while level_i < len(LEVELS) - 1 and score > LEVEL_MAX_SCORE[LEVELS[level_i]]:
        level_i += 1
    return LEVELS[level_i], score, hardest


def step_key(step: Step) -> tuple[int, int]:
    """How hard a step is, as the path's hardest step is chosen: its level's index, then its
    score."""
    return step_level(step), step_score(step)


def technique_key(name: str) -> tuple[int, int]:
    """:func:`step_key` of a step of technique ``name`` scored by its table row."""
    r = RATINGS[name]
    return LEVELS.index(r.level) if r.level else 0, r.score or 0


def hardest_techniques(steps: Iterable[Step]) -> set[str]:
    """The techniques of a path's hardest steps: every step of its highest level and score
    (``path_rating``'s ``hardest`` is the first of them)."""
    keyed = [(step_key(s), s.technique) for s in steps]
    top = max((k for k, _ in keyed), default=None)
    return {name for k, name in keyed if k == top}


def above_level(level: str):
    """A solve-loop ``stop`` test: True once a step's level or the running score puts the
    path above ``level``."""
    limit = LEVELS.index(level)
    max_score = LEVEL_MAX_SCORE[level]
    running = [0, 0]  # score, level index

    def stop(step: Step) -> bool:
        running[0] += step_score(step)
        running[1] = max(running[1], step_level(step))
        return running[1] > limit or running[0] > max_score

    return stop
