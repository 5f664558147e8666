"""The one solve loop: the step a policy takes, applied, until solved or stuck.

``step``, ``hint``, ``rate``, the HTML page and the generator all run this loop; a scale is
only a policy on it (:mod:`sudoku_logic.solve.policies`), so the path a command shows is
the path a rating comes from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.step import Step

from . import MAX_STEPS
from .policies import Policy


@dataclass
class SolveResult:
    """A solve path: the steps taken, whether the grid got solved, and where it stopped.

    ``scale``: the name of the policy that chose the steps (``se``, ``hodoku``, ``listed``).
    """

    steps: list[Step]
    solved: bool
    grid: Grid
    start: Grid
    error: str | None = None
    #: the ``stop`` test turned down a step: the path is cut short
    stopped: bool = False
    scale: str = "listed"

    @property
    def stuck(self) -> bool:
        """True when no enabled technique applied before the grid was solved."""
        return not self.solved and self.error is None


def solve(
    grid: Grid,
    policy: Policy,
    ctx: SolveContext | None = None,
    *,
    max_steps: int = MAX_STEPS,
    stop: Callable[[Step], bool] | None = None,
) -> SolveResult:
    """Take ``policy``'s step and apply it until the grid is solved, no step applies, or a
    step breaks the grid; ``grid`` itself is not changed. ``ctx``: the solve's context (a
    fresh one by default); ``stop``: asked before each step is applied, True ends the path
    there (``stopped``)."""
    if ctx is None:
        ctx = policy.context()
    start = grid
    problem = grid.contradiction()
    work, state = policy.start(grid, ctx)
    steps: list[Step] = []
    step: Step | None
    while problem is None and work.empty and len(steps) < max_steps:
        fast = policy.run_compiled(work, max_steps - len(steps), ctx, state)
        if fast is not None and fast.steps:
            for i, step in enumerate(fast.steps):
                if stop is not None and stop(step):
                    return SolveResult(steps, False, fast.position(i), start, None, stopped=True, scale=policy.name)
                steps.append(step)
            work = fast.grid
            problem = work.contradiction() if fast.broken else None
            continue
        step = policy.next_step(work, ctx, state)
        if step is None:
            break
        if stop is not None and stop(step):
            return SolveResult(steps, False, work, start, None, stopped=True, scale=policy.name)
        policy.apply(work, step, state)
        steps.append(step)
        problem = work.contradiction() if step.eliminations else None
    return SolveResult(steps, work.is_solved() and problem is None, work, start, problem, scale=policy.name)
