"""The solve loop: apply the easiest available step until solved or stuck."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from sudoku_logic.strategies.registry import Technique, all_techniques, lookup
from sudoku_logic.core.step import Step, hodoku_rank

from sudoku_logic.core.context import Settings, SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_HOUSE_BITS, union_peers
from sudoku_logic.solve.singles_queue import QUEUED, SinglesQueue

MAX_STEPS = 2000  # far above any real path (at most 81 placements + 729 eliminations)


@dataclass
class SolveResult:
    """A solve path: the steps taken, whether the grid got solved, and where it stopped."""

    steps: list[Step]
    solved: bool
    grid: Grid
    start: Grid
    error: str | None = None
    #: the ``stop`` test of :meth:`Solver.solve` turned down a step: the path is cut short
    stopped: bool = False

    @property
    def stuck(self) -> bool:
        """True when no enabled technique applied before the grid was solved."""
        return not self.solved and self.error is None


def step_changes(grid: Grid, step: Step) -> bool:
    """Whether applying ``step`` would change the grid."""
    return any(not grid.values[c] for c, _ in step.placements) or any(
        grid.has(c, d) for c, d in step.eliminations
    )


def snapshot(grid: Grid) -> tuple:
    """What local searches depend on: the empty cells and every digit's places (which
    determine every cell's candidates)."""
    return grid.empty, tuple(grid.pos)


def changed_digits(old: tuple, new: tuple) -> int:
    """9-bit set (bit ``d - 1``) of the digits whose places differ between two snapshots."""
    out = 0
    a, b = old[1], new[1]
    for d in range(1, 10):
        if a[d] != b[d]:
            out |= 1 << (d - 1)
    return out


def changed_houses(old: tuple, new: tuple) -> int:
    """27-bit set of the houses holding a cell that differs between two snapshots."""
    a, b = old[1], new[1]
    cells = (old[0] ^ new[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3]) | (a[4] ^ b[4]) \
        | (a[5] ^ b[5]) | (a[6] ^ b[6]) | (a[7] ^ b[7]) | (a[8] ^ b[8]) | (a[9] ^ b[9])
    return union_peers(cells, CELL_HOUSE_BITS)


class SearchMemo:
    """For each house- or digit-local technique (see :mod:`sudoku_logic.strategies.registry`), the
    position where it last searched the whole grid and found nothing: the next search of a
    later position then looks only in the houses (digits) whose candidates changed since,
    and is skipped when none did. The steps found, and their order, are those of a full
    search."""

    def __init__(self) -> None:
        self._clean: dict[str, tuple] = {}
        # dirty sets worked out against the current snapshot, by (old snapshot's id, kind):
        # many techniques went clean at the same position and share one. The old snapshots
        # are held in the entries, so their ids stay theirs while the entries live.
        self._snap: tuple | None = None
        self._dirty: dict[tuple[int, str | None], tuple[tuple, int]] = {}

    def search(self, t: Technique, grid: Grid, snap: tuple, ctx: SolveContext | None = None) -> Iterator[Step]:
        """The steps of ``t`` that change ``grid`` (whose :func:`snapshot` is ``snap``)."""
        old = self._clean.get(t.name)
        if old is None:
            it = t.find(grid, ctx)
        else:
            if snap is not self._snap:
                self._snap = snap
                self._dirty = {}
            key = (id(old), t.local)
            hit = self._dirty.get(key)
            if hit is None:
                dirty = changed_houses(old, snap) if t.local == "house" else changed_digits(old, snap)
                self._dirty[key] = (old, dirty)
            else:
                dirty = hit[1]
            if not dirty:
                return
            it = t.find(grid, ctx, dirty)
        found = False
        for step in it:
            if step_changes(grid, step):
                found = True
                yield step
        if not found:
            self._clean[t.name] = snap


def _forcing_first(step: Step) -> tuple:
    """Sort key among forcing chains (nets) searched together, as HoDoKu's
    ``TablingComparator``: steps that place digits first (more placements, then the lower
    sum of cells), else the most eliminations, then the eliminations compared one by one
    (cell * 10 + digit, in digit then cell order); then the easiest (shortest chain)."""
    easiest = step.difficulty if step.difficulty is not None else 0.0
    if step.placements:
        return (0, -len(step.placements), sum(c for c, _ in step.placements), easiest)
    elims = tuple(c * 10 + d for c, d in sorted(step.eliminations, key=lambda e: (e[1], e[0])))
    return (1, -len(step.eliminations), elims, easiest)


def _loop_first(step: Step) -> tuple:
    """Sort key among nice loops and AICs searched together, as HoDoKu sorts them
    (``SolutionStep.compareTo``): placements first, then the most eliminations, then the
    lowest weighted index sum of the eliminations (:func:`hodoku_rank`), then the easiest."""
    easiest = step.difficulty if step.difficulty is not None else 0.0
    if step.placements:
        return (0, 0, 0, easiest)
    return (1, *hodoku_rank(step), easiest)


class Solver:
    """Finds steps with a chosen set of techniques, easiest first.

    ``techniques``: names (or family names) to use; None means every technique on the default
    path. ``order``: ``se`` tries them by Sudoku Explainer rating, ``hodoku`` in HoDoKu's
    search order, None keeps the order of ``techniques`` as given. ``uniqueness``: allow
    techniques that assume a unique solution; they are used only once the puzzle is known
    to have one: each solve (and each :meth:`steps` call without a context) works it out
    with DLX on first need, unless ``unique`` says every grid given to this solver is
    known to have one solution. ``settings``: the options of each solve
    (:class:`sudoku_logic.core.context.Settings`).

    Nothing a solve learns stays on the solver: each solve gets its own
    :class:`SolveContext` (caches, uniqueness, search memo).
    """

    def __init__(self, techniques: Sequence[str] | None = None, *, order: str | None = "se",
                 uniqueness: bool = True, unique: bool | None = None,
                 settings: Settings | None = None) -> None:
        if techniques is None:
            self.techniques: list[Technique] = [t for t in all_techniques(order or "se") if t.default]
        else:
            self.techniques = lookup(techniques, order)
        self.order = order
        if not uniqueness:
            self.techniques = [t for t in self.techniques if not t.needs_unique]
        self.assume_unique = unique
        self.settings = settings
        self._needs_unique = any(t.needs_unique for t in self.techniques)
        self._slots: dict[bool, list[tuple[Technique, ...]]] = {}
        #: False: search every technique from scratch each time (same steps, slower)
        self.use_memo = True
        #: solve paths take singles in the order HoDoKu's queues give them (HoDoKu's order
        #: only; see :mod:`sudoku_logic.solve.singles_queue`)
        self.singles_queue = order == "hodoku"

    def context(self) -> SolveContext:
        """A fresh context for one solve with this solver's settings."""
        ctx = SolveContext(self.settings, self.assume_unique)
        if self.use_memo:
            ctx.cache("solver")["memo"] = SearchMemo()
        return ctx

    def _usable(self, grid: Grid, ctx: SolveContext) -> list[tuple[Technique, ...]]:
        """The techniques to try, grouped by search slot (see :meth:`steps`)."""
        unique = True
        if self._needs_unique:
            unique = ctx.is_unique(grid)
        slots = self._slots.get(unique)
        if slots is None:
            techs = [t for t in self.techniques if unique or not t.needs_unique]
            slots = []
            for t in techs:
                if (self.order is not None and slots
                        and slots[-1][0].rating.order == t.rating.order):
                    slots[-1] += (t,)
                else:
                    slots.append((t,))
            self._slots[unique] = slots
        return slots

    def steps(self, grid: Grid, queue: SinglesQueue | None = None,
              ctx: SolveContext | None = None) -> Iterator[Step]:
        """Every step available now, technique by technique in order (easiest first).

        Techniques that share one search slot in the difficulty table (HoDoKu searches nice
        loops and AICs together, and forcing chains) are asked together, and their steps come
        best first as HoDoKu sorts them (:func:`_loop_first`, :func:`_forcing_first`): most
        placements and eliminations, then by the eliminations, then the shortest (lowest
        rated). In HoDoKu's order a
        ``ranked`` technique's steps come as HoDoKu ranks them (:func:`hodoku_rank`).
        ``queue``: a solve path's HoDoKu singles queues, which then give the singles (one at
        most each, see :mod:`sudoku_logic.solve.singles_queue`). ``ctx``: the solve's context
        (a fresh one when not given).
        """
        if ctx is None:
            ctx = self.context()
        memo = ctx.cache("solver").get("memo")
        snap = None
        hodoku = self.order == "hodoku"
        for slot in self._usable(grid, ctx):
            if len(slot) == 1:
                t = slot[0]
                if queue is not None and t.name in QUEUED:
                    step = queue.next(t.name, grid)
                    if step is not None:
                        yield step
                    continue
                if t.local is not None and memo is not None:
                    if snap is None:
                        snap = snapshot(grid)
                    found = memo.search(t, grid, snap, ctx)
                else:
                    found = (s for s in t.find(grid, ctx) if step_changes(grid, s))
                if hodoku and t.ranked:
                    found = sorted(found, key=hodoku_rank)
                yield from found
            else:
                found = [s for t in slot for s in t.find(grid, ctx) if step_changes(grid, s)]
                found.sort(key=_forcing_first if slot[0].family == "forcing" else _loop_first)
                yield from found

    def next_step(self, grid: Grid, queue: SinglesQueue | None = None,
                  ctx: SolveContext | None = None) -> Step | None:
        """The easiest step available now, or None (``queue``, ``ctx``: see :meth:`steps`)."""
        return next(self.steps(grid, queue, ctx), None)

    def solve(self, grid: Grid, max_steps: int = MAX_STEPS,
              stop: Callable[[Step], bool] | None = None,
              ctx: SolveContext | None = None) -> SolveResult:
        """Apply the easiest step until solved or stuck; ``grid`` itself is not changed.
        ``stop``: asked before each step is applied; True ends the path there (``stopped``).
        ``ctx``: the solve's context (a fresh one when not given)."""
        if ctx is None:
            ctx = self.context()
        start = grid
        grid = grid.copy()
        steps: list[Step] = []
        problem = grid.contradiction()
        queue = None
        if problem is None and self.singles_queue and any(t.name in QUEUED for t in self.techniques):
            queue, grid = SinglesQueue.start(start)
        while problem is None and grid.empty and len(steps) < max_steps:
            step = self.next_step(grid, queue, ctx)
            if step is None:
                break
            if stop is not None and stop(step):
                return SolveResult(steps, False, grid, start, None, stopped=True)
            if queue is not None:
                queue.apply(grid, step)
            else:
                grid.apply(step)
            steps.append(step)
            problem = grid.contradiction() if step.eliminations else None
        return SolveResult(steps, grid.is_solved() and problem is None, grid, start, problem)
