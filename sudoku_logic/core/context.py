"""The state of one solve: its settings, what it has learnt of the puzzle, and its caches.

A :class:`SolveContext` is made for each solve (each path, each hint request) and handed to
the finders that want it; nothing a solve learns is kept anywhere else, so two solves (two
puzzles, two scales, the same puzzle twice) can never see each other's state.

- ``settings``: the options that shape which steps exist (HoDoKu's ALS switches and chain
  options), fixed for the whole solve.
- :meth:`SolveContext.is_unique`: whether the puzzle has exactly one solution, worked out
  with DLX the first time a uniqueness technique asks, from the position it is asked on
  (every position of a sound path has the solutions of its puzzle).
- its tables (:class:`SolveContext`'s fields, each a dict): what finders share between the
  positions of one path (chain graphs, ALS, forcing-chain branches, SE's chain searches
  confined to one digit, SE's nested levels' propagations at one position). A table only
  ever saves time: what a finder yields does not depend on it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from .errors import SudokuError
from .grid import Grid


@dataclass(frozen=True)
class AlsOptions:
    """HoDoKu's ALS switches (``Options.java``), defaults as HoDoKu ships them.

    - ``allow_overlap``: linked ALS may share cells (an RC may not lie in the shared cells).
    - ``chain_forward_only``: RCs are collected only from an ALS to a later one (HoDoKu's
      solving mode; much faster, finds fewer chains). HoDoKu's "find all steps" and its
      regression tester switch it off.
    - ``chain_max_rcs``: longest ALS chain, in RCs (50 when solving, 6 when finding all).
    - ``only_one_per_elimination``: keep one chain / Death Blossom per set of eliminations
      (the one with the fewest ALS cells).
    - ``db_max_als_per_digit``: HoDoKu stores at most 100 ALS per candidate of a stem cell.
    - ``chain_budget``: our bound, not HoDoKu's: the ALS chain search stops after this many
      RC steps per position. Positions where the basic techniques are stuck need at most
      about 213,000 (200 qqwing_expert/top1465 positions); positions that still have most
      of their candidates can have 40,000 RCs and would need minutes.
    """

    allow_overlap: bool = False
    chain_forward_only: bool = True
    chain_max_rcs: int = 50
    only_one_per_elimination: bool = True
    db_max_als_per_digit: int = 100
    chain_budget: int = 300_000


@dataclass(frozen=True)
class Settings:
    """Options of a solve that decide which steps exist (HoDoKu's technique options).

    - ``als_nodes``: HoDoKu's "allow ALS in tabling chains": grouped nice loops, AICs,
      forcing chains and nets may run through ALS nodes (off by default, as in HoDoKu).
    - ``als``: the ALS techniques' switches (:class:`AlsOptions`).
    """

    als_nodes: bool = False
    als: AlsOptions = field(default_factory=AlsOptions)

    def with_als(self, **changes: Any) -> Settings:
        """These settings with some ALS switches changed."""
        return replace(self, als=replace(self.als, **changes))


DEFAULT_SETTINGS = Settings()


class NotUnique(SudokuError):
    """A strict context found that the puzzle does not have exactly one solution (the
    rater then names two solutions, or none, from the puzzle itself)."""


class SolveContext:
    """Everything one solve may remember: settings, the puzzle's uniqueness, its tables.

    ``unique``: whether the puzzle is known to have one solution (None: find out with DLX
    when first asked). ``strict``: a puzzle found not to have exactly one solution is an
    error (:class:`NotUnique` is raised out of the solve) instead of a fact that turns the
    uniqueness techniques off. ``difficulty``: the Sudoku Explainer difficulty of a step, given by
    the SE scale that runs the solve (:mod:`grading.se`) to the SE rules that
    order their own hints by it (SE's chaining rules sort their hints by difficulty, then
    complexity), so that the number that orders a search is the number the scale rates.
    Its tables are fields, each a dict, empty at first."""

    __slots__ = (
        "settings",
        "_unique",
        "difficulty",
        "strict",
        "tabling_graph",
        "loops",
        "tabling_forcing",
        "forcing_analyses",
        "forcing_last",
        "forcing_pending",
        "als",
        "als_rcs",
        "finned_fish",
        "unique_rectangles",
        "givens_unique",
        "se_nishio",
        "se_x_chains",
        "se_levels",
        "search_memo",
    )

    def __init__(
        self,
        settings: Settings | None = None,
        unique: bool | None = None,
        difficulty: Callable[[Any], float] | None = None,
        strict: bool = False,
    ) -> None:
        self.settings = settings if settings is not None else DEFAULT_SETTINGS
        self._unique = unique
        self.strict = strict
        self.difficulty = difficulty
        #: HoDoKu's chain graphs by position, for nice loops and forcing chains
        self.tabling_graph: dict = {}
        #: the nice loops and AICs of a position, by kind
        self.loops: dict = {}
        #: HoDoKu's forcing chain and net searches of a position
        self.tabling_forcing: dict = {}
        #: the forcing-net analyses (propagations) of the positions searched
        self.forcing_analyses: dict = {}
        #: the last analysis of the puzzle, which the next position's takes over from
        self.forcing_last: dict = {}
        #: the nested net's other hits of its last scan, tried again first
        self.forcing_pending: dict = {}
        #: the ALS of a position
        self.als: dict = {}
        #: the restricted commons of a position's ALS
        self.als_rcs: dict = {}
        #: the finned and sashimi fish search of the last position, by size (both finders share it)
        self.finned_fish: dict = {}
        #: the unique rectangles of the last position searched (``key``, ``rects``)
        self.unique_rectangles: dict = {}
        #: whether a grid's givens alone have one solution
        self.givens_unique: dict = {}
        #: SE's Nishio outcomes, by digit and its places
        self.se_nishio: dict = {}
        #: SE's X-cycles and forcing X-chains, by digit and its places
        self.se_x_chains: dict = {}
        #: SE's propagations of each nested level at one position
        self.se_levels: dict = {}
        #: the policies' search memo (:mod:`sudoku_logic.solve.memo`), under ``memo``
        self.search_memo: dict = {}

    def is_unique(self, grid: Grid) -> bool:
        """Whether the puzzle of ``grid`` has exactly one solution (DLX, on first need)."""
        if self._unique is None:
            from . import dlx

            self._unique = dlx.count_solutions(grid, 2) == 1
        if self.strict and not self._unique:
            raise NotUnique("the puzzle does not have exactly one solution")
        return self._unique

    @property
    def unique_known(self) -> bool | None:
        """The uniqueness fact if it has been worked out or given, else None."""
        return self._unique


def bounded_put(table: dict, key: Any, value: Any, size: int = 8) -> Any:
    """Store ``value`` under ``key`` in ``table``, dropping the oldest entry beyond ``size``
    (a path moves on: old positions are not asked again); returns ``value``."""
    if key not in table and len(table) >= size:
        table.pop(next(iter(table)))
    table[key] = value
    return value


def context(ctx: SolveContext | None) -> SolveContext:
    """``ctx``, or a fresh context for a finder called on its own."""
    return ctx if ctx is not None else SolveContext()
