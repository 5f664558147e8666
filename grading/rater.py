"""Rating a puzzle on two scales, each computed the way its program does it.

- Sudoku Explainer (SE): at every step SE applies the lowest-rated step available (its rules
  are tried in increasing difficulty; among chains the shortest). ``er`` is the hardest step's
  difficulty, ``ep`` the hardest step up to and including the first placement, ``ed`` the
  difficulty of the first step. The SE path uses SE's own techniques where we have them
  (including its direct techniques, which HoDoKu lacks) and, for HoDoKu techniques SE lacks,
  the rating of the SE chain making the same deduction (see ``sudoku_logic.grading.tables``).
- HoDoKu: the path takes the first step found in HoDoKu's search order, with the techniques
  HoDoKu enables by default. ``score`` is the sum of the step scores; ``level`` the hardest
  step's level, raised while the score exceeds the level's maximum score. Where no logical
  step applies HoDoKu resorts to Brute Force (one digit of the solution, 10000 points, then
  logic again), and so does this path; such a puzzle is Extreme and does not count as solved
  by logic. With a technique set lacking Brute Force, a path that cannot finish adds 10000.

The two paths differ (different orders and technique sets), so a full rating runs both;
``rate(..., se=False)`` or ``hodoku=False`` skips one.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.solve.solver import MAX_STEPS, SearchMemo, Solver, SolveResult, snapshot, step_changes
from sudoku_logic.strategies.registry import Technique, all_techniques, lookup
from sudoku_logic.core.step import Step

from sudoku_logic.grading.tables import BRUTE_FORCE_SCORE, LEVEL_MAX_SCORE, LEVELS, RATINGS

#: Techniques rated as SE chains: SE adds its length increment to the table's base rating.
SE_CHAIN_TECHNIQUES = frozenset({
    "X-Chain", "XY-Chain", "Remote Pair", "Continuous Nice Loop", "Discontinuous Nice Loop", "AIC",
    "Grouped Continuous Nice Loop", "Grouped Discontinuous Nice Loop", "Grouped AIC",
    "Forcing Chain Contradiction", "Forcing Chain Verity", "Forcing Net Contradiction",
    "Forcing Net Verity",
})


def se_length_increment(length: int) -> float:
    """SE's ``ChainingHint.getLengthDifficulty``: +0.1 each time the chain length passes the
    next of 4, 6, 8, 12, 16, 24, 32, 48, ... (alternately times 3/2 and 4/3)."""
    added, ceil, odd = 0.0, 4, False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return round(added, 1)


#: Closed loops: SE's bidirectional cycles (X-cycle 6.5, cycles with both link kinds 7.0).
SE_LOOPS = frozenset({"Continuous Nice Loop", "Grouped Continuous Nice Loop"})
#: Chains whose SE base does not depend on the digits involved (multiple/dynamic forcing chains).
SE_FIXED_BASE = frozenset({"Forcing Chain Contradiction", "Forcing Chain Verity",
                           "Forcing Net Contradiction", "Forcing Net Verity"})


def chain_nodes(step: Step) -> list[tuple[int, int]]:
    """The chain's candidates (highlighted "on" or "off"), without the ones it eliminates."""
    elim = set(step.eliminations)
    return sorted({(c, d) for c, d, role in step.candidates if role in ("on", "off")} - elim)


def se_difficulty(step: Step) -> float:
    """Sudoku Explainer difficulty of one step: its own override, else the table's rating;
    for chain techniques (whose chain is highlighted) always SE's rating of the equivalent
    chain, computed here so that every chain family is rated alike: base 6.6 for a forcing X-chain
    (one digit), 6.5 for an X-cycle, 7.0 when the chain mixes digits (cell and house links),
    plus SE's length increment (a forcing chain of n nodes has length n; a cycle n - 2)."""
    se = RATINGS[step.technique].se
    nodes = chain_nodes(step) if step.technique in SE_CHAIN_TECHNIQUES else None
    if not nodes:
        if step.difficulty is not None:
            return step.difficulty
        return se if se is not None else 0.0
    if step.technique not in SE_FIXED_BASE:
        digits = {d for _, d in nodes}
        if len(digits) > 1:
            se = max(se, 7.0)
        elif step.technique in SE_LOOPS:
            se = 6.5
        else:
            se = 6.6
    length = len(nodes) - 2 if step.technique in SE_LOOPS else len(nodes)
    return round(se + se_length_increment(length), 1)


#: Kept for callers of the first version.
step_difficulty = se_difficulty


def step_score(step: Step) -> int:
    """HoDoKu score of one step (its override, else the table's)."""
    if step.score is not None:
        return step.score
    return RATINGS[step.technique].score or 0


def step_level(step: Step) -> int:
    """Index in ``LEVELS`` of a step's HoDoKu level."""
    level = RATINGS[step.technique].level
    return LEVELS.index(level) if level is not None else 0


@dataclass
class Rating:
    """The rating of one puzzle on both scales (fields of a skipped scale stay empty)."""

    puzzle: str
    er: float | None = None
    ep: float | None = None
    ed: float | None = None
    se_hardest: str = ""
    se_steps: int = 0
    se_solved: bool | None = None
    level: str | None = None
    score: int | None = None
    hodoku_hardest: str = ""
    hodoku_steps: int = 0
    hodoku_solved: bool | None = None
    ms: float = 0.0
    se_path: list[Step] = field(default_factory=list, repr=False)
    hodoku_path: list[Step] = field(default_factory=list, repr=False)

    @property
    def hardest(self) -> str:
        """The hardest step's technique: SE's path if it was run, else HoDoKu's."""
        return self.se_hardest if self.se_solved is not None else self.hodoku_hardest

    @property
    def steps(self) -> int:
        """Steps of SE's path if it was run, else of HoDoKu's."""
        return self.se_steps if self.se_solved is not None else self.hodoku_steps

    @property
    def solved(self) -> bool:
        """Whether every path that was run solved the puzzle."""
        return all(s for s in (self.se_solved, self.hodoku_solved) if s is not None)

    def row(self, scale: str = "se") -> dict:
        """A ``sudoku rate`` row: puzzle,rating,level,score,hardest,solved,steps,ms plus the
        extra columns ep, ed, se_hardest, hodoku_hardest, se_steps, hodoku_steps. ``hardest``
        and ``steps`` come from the path of ``scale``."""
        se = scale == "se" and self.se_solved is not None or self.hodoku_solved is None
        return {
            "puzzle": self.puzzle, "rating": self.er, "level": self.level, "score": self.score,
            "hardest": self.se_hardest if se else self.hodoku_hardest,
            "solved": self.solved, "steps": self.se_steps if se else self.hodoku_steps,
            "ms": round(self.ms, 1), "ep": self.ep, "ed": self.ed,
            "se_hardest": self.se_hardest, "hodoku_hardest": self.hodoku_hardest,
            "se_steps": self.se_steps, "hodoku_steps": self.hodoku_steps,
        }


def se_techniques(names: list[str] | None = None) -> list[Technique]:
    """The techniques of the SE path, by SE rating (default: every default technique SE rates,
    plus SE's own techniques that are off the default solve path, the direct ones)."""
    if names is not None:
        return [t for t in lookup(names, "se") if t.rating.se is not None]
    return [t for t in all_techniques("se") if t.default or not t.rating.on_hodoku]


def hodoku_techniques(names: list[str] | None = None) -> list[Technique]:
    """The techniques of the HoDoKu path in HoDoKu's order (default: those HoDoKu enables)."""
    if names is not None:
        return [t for t in lookup(names, "hodoku") if t.rating.order is not None]
    return [t for t in all_techniques("hodoku") if t.default and t.rating.hodoku_default]


def se_next_step(grid: Grid, techniques: list[Technique], memo: SearchMemo | None = None,
                 ctx: SolveContext | None = None) -> tuple[Step | None, float]:
    """SE's choice: the lowest-rated step available, ties to the earlier technique.

    Techniques come sorted by base rating and a step never rates below its technique's
    base, so the search stops at the first technique whose base cannot beat the best step
    so far. Each finder yields its easiest step first, so only that one is looked at.
    ``memo``: lets house-local techniques look again only where the grid changed since they
    last found nothing (same steps, see :class:`SearchMemo`).
    """
    best, best_d = None, 99.0
    snap = None
    for t in techniques:
        if t.rating.se >= best_d:
            break
        if memo is not None and t.local is not None:
            if snap is None:
                snap = snapshot(grid)
            found = memo.search(t, grid, snap, ctx)  # yields only steps that change the grid
        else:
            found = (s for s in t.find(grid, ctx) if step_changes(grid, s))
        step = next(found, None)
        if step is not None:
            d = se_difficulty(step)
            if d < best_d:
                best, best_d = step, d
    return best, best_d


def se_rate(grid: Grid, techniques: list[Technique], out: Rating, max_steps: int = MAX_STEPS,
            stop_above: float | None = None) -> bool:
    """Run the SE path on ``grid`` (not changed) and fill ``out``'s SE fields.

    ``stop_above``: give up (return False, ``out`` left as it was) at the first step rated
    above it, when all one needs to know is that the rating is higher."""
    grid = grid.copy()
    er = ep = ed = 0.0
    hardest = ""
    placed = False
    steps: list[Step] = []
    memo = SearchMemo()
    ctx = SolveContext(unique=True)
    problem = grid.contradiction()
    while problem is None and grid.empty and len(steps) < max_steps:
        step, d = se_next_step(grid, techniques, memo, ctx)
        if step is None:
            break
        if stop_above is not None and d > stop_above:
            return False
        if not steps:
            ed = d
        if d > er:
            er, hardest = d, step.technique
        if not placed:
            ep = max(ep, d)
            placed = bool(step.placements)
        grid.apply(step)
        steps.append(step)
        problem = grid.contradiction() if step.eliminations else None
    out.er, out.ep, out.ed = er, ep, ed
    out.se_hardest = hardest or "none"
    out.se_steps = len(steps)
    out.se_solved = grid.is_solved() and problem is None
    out.se_path = steps
    return True


def _hodoku_score(steps: list[Step], solved: bool, out: Rating) -> None:
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
    out.level, out.score, out.hodoku_hardest = LEVELS[level_i], score, hardest


def hodoku_solver(techniques: list[Technique]) -> Solver:
    """The solver of the HoDoKu path: HoDoKu's order, techniques sharing a search slot asked
    together (see Solver.steps), the puzzle known to be unique."""
    return Solver([t.name for t in techniques], order="hodoku", unique=True)


def _above_level(level: str):
    """A ``Solver.solve`` stop test: True once a step's level or the running score puts the
    path above ``level``."""
    limit = LEVELS.index(level)
    max_score = LEVEL_MAX_SCORE[level]
    running = [0, 0]  # score, level index

    def stop(step: Step) -> bool:
        running[0] += step_score(step)
        running[1] = max(running[1], step_level(step))
        return running[1] > limit or running[0] > max_score

    return stop


def hodoku_rate(grid: Grid, techniques: list[Technique], out: Rating, solver: Solver | None = None,
                stop_above: str | None = None) -> bool:
    """Run the HoDoKu path on ``grid`` and fill ``out``'s HoDoKu fields (``solver``: the
    :func:`hodoku_solver` of ``techniques``, made here if not given).

    ``stop_above`` (a level below the top one): give up (return False, ``out`` left as it
    was) as soon as a step's level or the score so far puts the puzzle above that level."""
    stop = _above_level(stop_above) if stop_above is not None else None
    result = (solver or hodoku_solver(techniques)).solve(grid, stop=stop)
    if result.stopped:
        return False
    _hodoku_score(result.steps, result.solved, out)
    out.hodoku_steps = len(result.steps)
    # solved by logic: HoDoKu's Brute Force steps finish a path but do not count
    out.hodoku_solved = result.solved and not any(s.technique == "Brute Force" for s in result.steps)
    out.hodoku_path = result.steps
    return True


def rate_path(puzzle: str, result: SolveResult, ms: float) -> Rating:
    """Score one given solve path on both scales (SE's ER/EP/ED and HoDoKu's level/score of
    *these* steps). The canonical rating runs each program's own path: use :func:`rate`."""
    out = Rating(puzzle, ms=ms)
    er = ep = ed = 0.0
    hardest = ""
    placed = False
    for i, step in enumerate(result.steps):
        d = se_difficulty(step)
        if i == 0:
            ed = d
        if not placed:
            ep = max(ep, d)
            placed = bool(step.placements)
        if d > er:
            er, hardest = d, step.technique
    out.er, out.ep, out.ed, out.se_hardest = er, ep, ed, hardest or "none"
    out.se_steps = out.hodoku_steps = len(result.steps)
    out.se_solved = out.hodoku_solved = result.solved
    _hodoku_score(result.steps, result.solved, out)
    return out


class Rater:
    """Rates positions on both scales with fixed technique sets (build once, reuse)."""

    def __init__(self, techniques: list[str] | None = None, se: bool = True, hodoku: bool = True) -> None:
        self.se = se_techniques(techniques) if se else None
        self.hodoku = hodoku_techniques(techniques) if hodoku else None
        self._hodoku_solver = hodoku_solver(self.hodoku) if hodoku else None

    def rate(self, grid: Grid, puzzle: str | None = None, keep_paths: bool = False) -> Rating:
        """Rate a position known to have one solution."""
        t0 = time.perf_counter()
        out = Rating(puzzle or grid.values_string())
        if self.se is not None:
            se_rate(grid, self.se, out)
        if self.hodoku is not None:
            hodoku_rate(grid, self.hodoku, out, self._hodoku_solver)
        out.ms = (time.perf_counter() - t0) * 1000
        if not keep_paths:
            out.se_path, out.hodoku_path = [], []
        return out


def rate(grid: Grid, solver: Solver | None = None, puzzle: str | None = None, *,
         se: bool = True, hodoku: bool = True) -> Rating:
    """Rate a position (known to have one solution) on both scales.

    ``solver``: restrict both paths to its techniques (its order is not used: each scale
    has its own)."""
    names = [t.name for t in solver.techniques] if solver is not None else None
    return Rater(names, se=se, hodoku=hodoku).rate(grid, puzzle, keep_paths=True)
