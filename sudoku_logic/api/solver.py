"""``Solver``: a technique set and a program's order, ready to step, hint and solve.

A thin facade over the one solve loop (:func:`sudoku_logic.solve.loop.solve`) and a scale's
policy (:mod:`grading.scales`): ``Solver(order="se")`` takes Sudoku Explainer's
steps (the path the ER is computed on), ``Solver(order="hodoku")`` HoDoKu's (the path of
the level and score), ``Solver(names, order=None)`` the named techniques in the order given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from grading.scales import policy as make_policy
from sudoku_logic.core.context import Settings, SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.step import Step
from sudoku_logic.solve.loop import MAX_STEPS, SolveResult, solve
from sudoku_logic.solve.policies import Policy

__all__ = ["Solver", "SolveResult"]


class Solver:
    """Finds steps with a chosen set of techniques, in one program's order.

    ``techniques``: names (or family names) to use; None: the program's whole set.
    ``order``: ``se`` (Sudoku Explainer's rules and choice, the default), ``hodoku``
    (HoDoKu's search order and rankings) or None (the named techniques in the order given).
    ``uniqueness``: allow techniques that assume a unique solution; a solve uses them only
    once the puzzle is known to have one (DLX on first need), unless ``unique`` says every
    grid given to this solver is known to have one solution. ``settings``: the options of
    each solve (:class:`~sudoku_logic.core.context.Settings`).

    Raises KeyError for an unknown technique name and ValueError for an unknown order or a
    technique the order's program lacks. Nothing a solve learns stays on the solver: each
    solve gets its own context.
    """

    def __init__(
        self,
        techniques: Sequence[str] | None = None,
        *,
        order: str | None = "se",
        uniqueness: bool = True,
        unique: bool | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.order = order
        self.policy: Policy = make_policy(order, techniques, uniqueness=uniqueness, settings=settings)
        self.assume_unique = unique

    @property
    def technique_names(self) -> tuple[str, ...]:
        """The techniques its steps can carry, in its order."""
        return self.policy.technique_names

    def context(self) -> SolveContext:
        """A fresh context for one solve."""
        return self.policy.context(self.assume_unique)

    def steps(self, grid: Grid, ctx: SolveContext | None = None, state=None) -> Iterator[Step]:
        """Every step available now, the one the program takes first."""
        return self.policy.steps(grid, ctx if ctx is not None else self.context(), state)

    def next_step(self, grid: Grid, ctx: SolveContext | None = None, state=None) -> Step | None:
        """The step the program takes now, or None."""
        return self.policy.next_step(grid, ctx if ctx is not None else self.context(), state)

    def solve(
        self,
        grid: Grid,
        max_steps: int = MAX_STEPS,
        stop: Callable[[Step], bool] | None = None,
        ctx: SolveContext | None = None,
    ) -> SolveResult:
        """The whole path from ``grid`` (not changed); see :func:`sudoku_logic.solve.loop.solve`."""
        return solve(grid, self.policy, ctx if ctx is not None else self.context(), max_steps=max_steps, stop=stop)
