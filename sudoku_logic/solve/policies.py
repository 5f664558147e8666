"""Selection policies: which step a program takes next.

The solve loop (:mod:`sudoku_logic.solve.loop`) is the same for every program; a policy says
which steps exist now and in which order, the first being the one taken:

- :class:`RulesPolicy` (Sudoku Explainer): SE's producers (:class:`~strategies.
  registry.Rule`) in SE's order; the first hint of the first producer that has one. Each
  producer yields its hints in SE's own order (its chaining rules sort theirs by the
  difficulty the SE scale puts in the solve's context).
- :class:`TechniquesPolicy` (HoDoKu, or techniques in a given order): techniques in search
  slots; with ``grouped`` the techniques HoDoKu searches together (one slot in its table)
  are asked together and their steps ranked as HoDoKu ranks them; with ``ranked`` a
  technique marked ranked yields its steps best first by HoDoKu's comparator; with
  ``queued`` a solve takes its singles from HoDoKu's singles queues.

Policies hold only what they were built with; everything a solve learns lives in its
:class:`~sudoku_logic.core.context.SolveContext` (made by :meth:`Policy.context`, one per
solve) and its state (:meth:`Policy.start`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from heapq import merge
from itertools import chain
from typing import Any

from strategies.hodoku import hodoku_compiled
from strategies.hodoku.singles_queue import QUEUED, SinglesQueue
from strategies.registry import Rule, Technique
from strategies.se import se_compiled
from sudoku_logic.core.context import AlsOptions, Settings, SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.step import Step, hodoku_rank

from .memo import snapshot, solve_memo, step_changes


class Policy:
    """What every policy offers the loop (see the module docstring).

    ``settings``: the options of each solve; ``difficulty``: the step rating a scale hands
    to the searches that order their hints by it (see :class:`SolveContext`)."""

    #: short name of the program whose choices this policy makes (``se``, ``hodoku``, or
    #: ``listed`` for techniques in a given order)
    name = "listed"

    def __init__(self, settings: Settings | None = None, difficulty: Callable[[Step], float] | None = None) -> None:
        self.settings = settings
        self.difficulty = difficulty

    def context(self, unique: bool | None = None, strict: bool = False) -> SolveContext:
        """A fresh context for one solve (``unique``: the puzzle is known to have one
        solution; None lets the first uniqueness technique that asks find out; ``strict``:
        a puzzle found not to have one solution raises NotUnique)."""
        return SolveContext(self.settings, unique, self.difficulty, strict)

    def start(self, grid: Grid, ctx: SolveContext) -> tuple[Grid, Any]:
        """The working copy of ``grid`` a solve changes, and the solve's state."""
        return grid.copy(), None

    def apply(self, grid: Grid, step: Step, state: Any) -> None:
        """Apply ``step`` to the solve's grid."""
        grid.apply(step)

    def steps(self, grid: Grid, ctx: SolveContext | None = None, state: Any = None) -> Iterator[Step]:
        """Every step available now that changes ``grid``, the one to take first."""
        raise NotImplementedError

    def next_step(self, grid: Grid, ctx: SolveContext | None = None, state: Any = None) -> Step | None:
        """The step this program takes now, or None when it is stuck."""
        return next(self.steps(grid, ctx, state), None)

    def every_step(self, grid: Grid, ctx: SolveContext | None = None) -> list[Step]:
        """Every step available now, easiest first (a hint's list): here :meth:`steps`."""
        return list(self.steps(grid, ctx))

    def run_compiled(
        self, grid: Grid, limit: int, ctx: SolveContext | None = None, state: Any = None
    ) -> CompiledRun | None:
        """Up to ``limit`` of this program's next steps taken at once by the compiled engine,
        from ``grid`` (not changed; ``state``, the solve's, brought up to date), or None where
        it has no compiled rules."""
        return None

    @property
    def needs_unique(self) -> bool:
        """Whether some of its techniques assume one solution."""
        raise NotImplementedError

    @property
    def technique_names(self) -> tuple[str, ...]:
        """The techniques its steps can carry, in its order."""
        raise NotImplementedError


@dataclass
class CompiledRun:
    """Steps the compiled engine took in a row: the steps, the position before each (as
    :func:`~strategies.se.se_compiled.position` reads it), the grid after the
    last, and whether the last step broke the grid."""

    steps: list[Step]
    before: list[bytes]
    grid: Grid
    broken: bool

    def position(self, i: int) -> Grid:
        """The grid before step ``i``."""
        return se_compiled.position(self.before[i], self.grid.givens)


@dataclass(frozen=True)
class CompiledRules:
    """A run of consecutive SE rules the compiled engine has: their ids, and whether they
    assume one solution (such a run holds that rule alone)."""

    ids: bytes
    needs_unique: bool


def compiled_plan(rules: Sequence[Rule]) -> list:
    """``rules`` as runs of consecutive rules the compiled engine has
    (:class:`CompiledRules`) and Python ones (the :class:`Rule`); all Python where it was
    not built. A compiled rule that assumes one solution is a run of its own."""
    if not se_compiled.AVAILABLE:
        return list(rules)
    plan: list = []
    for r in rules:
        if r.name not in se_compiled.RULE_ID:
            plan.append(r)
            continue
        ids = se_compiled.rule_ids([r.name])
        last = plan[-1] if plan else None
        if isinstance(last, CompiledRules) and not last.needs_unique and not r.needs_unique:
            plan[-1] = CompiledRules(last.ids + ids, False)
        else:
            plan.append(CompiledRules(ids, r.needs_unique))
    return plan


class RulesPolicy(Policy):
    """Sudoku Explainer's choice: ``rules`` in SE's order, the first hint of the first rule
    that finds one. ``only``: keep just the steps of these techniques (a rule finding only
    other steps counts as finding nothing).

    :meth:`steps` lists every hint of every rule in order, but a costly rule (SE's chaining
    rules, seconds on hard positions) is asked only while no earlier rule found a step: the
    list stops at the first chaining rule with hints. :meth:`every_step` (a hint's list) asks
    every rule named in ``listed`` for all its hints and the others (SE's nested chains,
    up to minutes each) only while nothing was found, as SE's "all hints" does."""

    name = "se"

    def __init__(
        self,
        rules: Sequence[Rule],
        only: frozenset[str] | None = None,
        *,
        settings: Settings | None = None,
        difficulty: Callable[[Step], float] | None = None,
        compiled: bool = True,
        listed: frozenset[str] | None = None,
    ) -> None:
        super().__init__(settings, difficulty)
        self.rules = tuple(rules)
        self.only = only
        #: the rules :meth:`every_step` always asks (None: every rule)
        self.listed = listed
        #: the rules in SE's order as runs of compiled ones and Python ones
        #: (:func:`compiled_plan`); ``compiled=False``: the Python finders alone (the
        #: reference the tests hold the compiled engine to)
        self._plan: list = compiled_plan(self.rules) if compiled and only is None else list(self.rules)

    @property
    def needs_unique(self) -> bool:
        return any(r.needs_unique for r in self.rules)

    @property
    def technique_names(self) -> tuple[str, ...]:
        out: list[str] = []
        for r in self.rules:
            out.extend(t for t in r.techniques if (self.only is None or t in self.only) and t not in out)
        return tuple(out)

    def steps(self, grid: Grid, ctx: SolveContext | None = None, state: Any = None) -> Iterator[Step]:
        if ctx is None:
            ctx = self.context()
        only = self.only
        found = False
        for rule in self.rules:
            if found and rule.costly:
                return
            if rule.needs_unique and not ctx.is_unique(grid):
                continue
            for step in rule.find(grid, ctx):
                if (only is None or step.technique in only) and step_changes(grid, step):
                    found = True
                    yield step

    def every_step(self, grid: Grid, ctx: SolveContext | None = None) -> list[Step]:
        """Every hint of every rule in ``listed``, and of the first other rule that has hints
        where those have none; easiest first by :attr:`difficulty`, then in SE's order."""
        if ctx is None:
            ctx = self.context()
        only = self.only
        found: list[tuple[float, int, int, Step]] = []
        for i, rule in enumerate(self.rules):
            if found and self.listed is not None and rule.name not in self.listed:
                break
            if rule.needs_unique and not ctx.is_unique(grid):
                continue
            for step in rule.find(grid, ctx):
                if (only is None or step.technique in only) and step_changes(grid, step):
                    rating = self.difficulty(step) if self.difficulty is not None else None
                    found.append((rating if rating is not None else 0.0, i, len(found), step))
        found.sort(key=lambda f: f[:3])
        return [f[3] for f in found]

    def next_step(self, grid: Grid, ctx: SolveContext | None = None, state: Any = None) -> Step | None:
        """The first hint of the first rule that has one: the compiled rules' from the C
        engine (the same step the Python finder makes), the others' from their finders."""
        if not any(isinstance(part, CompiledRules) for part in self._plan):
            return super().next_step(grid, ctx, state)
        if ctx is None:
            ctx = self.context()
        for part in self._plan:
            if part.needs_unique and not ctx.is_unique(grid):
                continue
            if isinstance(part, CompiledRules):
                step = se_compiled.first(grid, part.ids, ctx)
                if step is not None:
                    return step
                continue
            for step in part.find(grid, ctx):
                if step_changes(grid, step):
                    return step
        return None

    def run_compiled(
        self, grid: Grid, limit: int, ctx: SolveContext | None = None, state: Any = None
    ) -> CompiledRun | None:
        """The C loop over the leading compiled rules (those assuming one solution only
        where the solve knows the puzzle has one, without asking DLX)."""
        ids = b""
        unique = ctx is not None and ctx.unique_known is True
        for part in self._plan:
            if not isinstance(part, CompiledRules) or (part.needs_unique and not unique):
                break
            ids += part.ids
        if not ids or limit <= 0:
            return None
        why, steps, before, end = se_compiled.run(grid, ids, limit, ctx.difficulty if ctx is not None else None)
        return CompiledRun(steps, before, end, why == se_compiled.BROKEN)


def _forcing_first(step: Step) -> tuple:
    """Sort key among forcing chains (nets) searched together, as HoDoKu's
    ``TablingComparator``: steps that place digits first (more placements, then the lower
    sum of cells), else the most eliminations, then the eliminations compared one by one
    (cell * 10 + digit, in digit then cell order)."""
    if step.placements:
        return (0, -len(step.placements), sum(c for c, _ in step.placements))
    elims = tuple(c * 10 + d for c, d in sorted(step.eliminations, key=lambda e: (e[1], e[0])))
    return (1, -len(step.eliminations), elims)


def _loop_first(step: Step) -> tuple:
    """Sort key among nice loops and AICs searched together, as HoDoKu sorts them
    (``SolutionStep.compareTo``): placements first, then the most eliminations, then the
    lowest weighted index sum of the eliminations (:func:`hodoku_rank`)."""
    if step.placements:
        return (0, 0, 0)
    return (1, *hodoku_rank(step))


def _slot_order(slot: Sequence[Technique], found: list[Step]) -> list[Step]:
    """The steps of techniques searched together, in the order HoDoKu takes them. Steps of
    one shared search carry their place in HoDoKu's order of that search
    (``facts["rank"]``, see :mod:`strategies.hodoku.tabling`); others are ranked by
    HoDoKu's comparators (forcing chains by :func:`_forcing_first`, loops by
    :func:`_loop_first`), equal steps by the slot's earlier technique (HoDoKu's type order),
    then the shortest proof."""
    if found and all(s.facts and "rank" in s.facts for s in found):
        return sorted(found, key=lambda s: s.facts["rank"])  # type: ignore[index]  # every one has facts: tested above
    first = _forcing_first if slot[0].family == "forcing" else _loop_first
    tech = {t.name: i for i, t in enumerate(slot)}
    keyed = [
        (first(s), tech.get(s.technique, len(slot)), (s.facts or {}).get("size", 0), n, s) for n, s in enumerate(found)
    ]
    keyed.sort(key=lambda f: f[:4])
    return [f[4] for f in keyed]


def _slot_steps(slot: Sequence[Technique], grid: Grid, ctx: SolveContext) -> Iterator[Step]:
    """The steps of a slot's techniques in the order HoDoKu takes them (:func:`_slot_order`).
    Where every technique's first step carries its place in a shared search
    (``facts["rank"]``), each finder yields its steps in that order and they are merged as
    they come: only the steps taken are built."""
    heads: list[tuple[Step, Iterator[Step]]] = []
    for t in slot:
        found = (s for s in t.find(grid, ctx) if step_changes(grid, s))
        first = next(found, None)
        if first is not None:
            heads.append((first, found))
    if not heads:
        return
    if all(first.facts and "rank" in first.facts for first, _ in heads):
        yield from merge(*(chain((first,), rest) for first, rest in heads), key=_rank)
        return
    yield from _slot_order(slot, [s for first, rest in heads for s in chain((first,), rest)])


def _rank(step: Step) -> int:
    return step.facts["rank"]  # type: ignore[index]  # used only where every step has facts["rank"]


#: the techniques whose tabling search takes ALS nodes with the setting ``als_nodes``: every
#: tabling slot's but the ungrouped nice loops' (HoDoKu's ``withAlsNodes``)
_ALS_NODES = frozenset(n for slot in hodoku_compiled.TABLING_SLOTS if "AIC" not in slot for n in slot)


@dataclass
class QueueState:
    """A HoDoKu solve's state: its singles queues, and how many leading slots the compiled
    engine searched in the current position and found nothing in. The Python search starts
    after those: a search of the queues consumes entries, so it must not run twice."""

    queue: SinglesQueue
    searched: int = 0


class TechniquesPolicy(Policy):
    """Techniques tried slot by slot, the first step found taken.

    ``slots``: the techniques in order, grouped: the techniques of one slot are searched
    together and their steps sorted by HoDoKu's comparators (forcing chains by
    :func:`_forcing_first`, nice loops and AICs by :func:`_loop_first`; equal steps by the
    order of their techniques in the slot, then the shortest). ``ranked``: a
    technique registered ``ranked`` yields its steps best first by :func:`hodoku_rank`.
    ``queued``: a solve takes Full House, Naked Single and Hidden Single from HoDoKu's
    singles queues (:mod:`strategies.hodoku.singles_queue`). ``memo``: house- and
    digit-local techniques look again only where the grid changed (same steps, faster).
    In HoDoKu's order the leading techniques the C engine has run there
    (:meth:`run_compiled`).
    """

    def __init__(
        self,
        slots: Sequence[Sequence[Technique]],
        *,
        name: str = "listed",
        ranked: bool = False,
        queued: bool = False,
        memo: bool = True,
        settings: Settings | None = None,
        difficulty: Callable[[Step], float] | None = None,
        compiled: bool = True,
    ) -> None:
        super().__init__(settings, difficulty)
        self.name = name
        self.slots = tuple(tuple(s) for s in slots)
        self.ranked = ranked
        self.queued = queued and any(t.name in QUEUED for s in self.slots for t in s)
        self.memo = memo
        #: the leading techniques the compiled engine takes in HoDoKu's way (its codes), and
        #: the slots they fill: HoDoKu's order with its singles queues, one technique per
        #: slot; those assuming one solution only where the solve knows it has one (the
        #: second lead). Empty where there are none or it was not built; ``compiled=False``:
        #: the Python finders alone (the reference the tests hold the compiled engine to)
        lead = compiled and name == "hodoku" and self.queued
        self._compiled, self._compiled_slots = self._compiled_lead(False) if lead else (b"", 0)
        self._compiled_unique, self._compiled_unique_slots = self._compiled_lead(True) if lead else (b"", 0)

    def _compiled_here(self, t: Technique) -> bool:
        """Whether the compiled engine takes ``t`` with this policy's settings: it has the ALS
        family under HoDoKu's default ALS settings only, and the tabling searches without
        ALS nodes (the setting ``als_nodes`` off)."""
        if t.name not in hodoku_compiled.COMPILED:
            return False
        if t.name in _ALS_NODES and self.settings is not None and self.settings.als_nodes:
            return False
        return t.family != "als" or self.settings is None or self.settings.als == AlsOptions()

    def _compiled_lead(self, unique: bool) -> tuple[bytes, int]:
        """The codes of the leading slots the C engine has (see :meth:`_compiled_here`), and
        how many slots they are. A slot of several techniques is compiled when all of them
        are: the engine has them only through that slot's finder (``hd_compiled_slot``),
        searched once for the slot; a tabling slot, only when it is whole
        (:func:`~strategies.hodoku.hodoku_compiled.whole`)."""
        names: list[str] = []
        slots = 0
        for slot in self.slots:
            if any((t.needs_unique and not unique) or not self._compiled_here(t) for t in slot):
                break
            if not hodoku_compiled.whole(t.name for t in slot):
                break
            names.extend(t.name for t in slot)
            slots += 1
        return hodoku_compiled.codes(names), slots

    @property
    def techniques(self) -> tuple[Technique, ...]:
        return tuple(t for s in self.slots for t in s)

    @property
    def needs_unique(self) -> bool:
        return any(t.needs_unique for t in self.techniques)

    @property
    def technique_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.techniques)

    def start(self, grid: Grid, ctx: SolveContext) -> tuple[Grid, Any]:
        if self.queued:
            queue, work = SinglesQueue.start(grid)
            return work, QueueState(queue)
        return grid.copy(), None

    def apply(self, grid: Grid, step: Step, state: Any) -> None:
        if state is not None:
            (state.queue if isinstance(state, QueueState) else state).apply(grid, step)
        else:
            grid.apply(step)

    def run_compiled(
        self, grid: Grid, limit: int, ctx: SolveContext | None = None, state: Any = None
    ) -> CompiledRun | None:
        """HoDoKu's path over the leading compiled techniques, taken by the C engine from the
        solve's singles queues ``state`` (brought up to date)."""
        unique = ctx is not None and ctx.unique_known is True
        lead = self._compiled_unique if unique else self._compiled
        if not lead or not isinstance(state, QueueState) or state.searched or limit <= 0:
            return None
        ran = hodoku_compiled.run(grid, state.queue, lead, limit, ctx)
        if ran is None:
            return None
        why, steps, before, end = ran
        if why == hodoku_compiled.STUCK:
            state.searched = self._compiled_unique_slots if unique else self._compiled_slots
        return CompiledRun(steps, before, end, why == hodoku_compiled.BROKEN)

    def next_step(self, grid: Grid, ctx: SolveContext | None = None, state: Any = None) -> Step | None:
        """The step HoDoKu takes now. Without a solve's queues (a hint, the game) the slots
        the compiled engine has, but the queued singles, are searched in C, a run of
        consecutive ones in one call; the others by their finders."""
        if state is not None or not self._compiled or not hodoku_compiled.AVAILABLE:
            return super().next_step(grid, ctx, state)
        if ctx is None:
            ctx = self.context()
        run: list[str] = []
        for slot in self.slots:
            t = slot[0]
            if len(slot) == 1 and self._compiled_here(t) and hodoku_compiled.whole((t.name,)) and t.name not in QUEUED:
                if t.needs_unique and not ctx.is_unique(grid):
                    continue
                run.append(t.name)
                continue
            if run:
                step = hodoku_compiled.first(grid, hodoku_compiled.codes(run), ctx)
                run = []
                if step is not None:
                    return step
            if (
                len(slot) > 1
                and all(self._compiled_here(x) and not x.needs_unique for x in slot)
                and hodoku_compiled.whole(x.name for x in slot)
            ):
                # a tabling slot: one C search gives the step HoDoKu takes from it (where
                # the engine leaves it to Python, the slot's finders)
                try:
                    step = hodoku_compiled.first(grid, hodoku_compiled.codes([x.name for x in slot]), ctx, False)
                except OverflowError:
                    step = next(self._slot_found(slot, grid, ctx), None)
            else:
                step = next(self._slot_found(slot, grid, ctx), None)
            if step is not None:
                return step
        if run:
            return hodoku_compiled.first(grid, hodoku_compiled.codes(run), ctx)
        return None

    def _slot_found(self, slot: tuple[Technique, ...], grid: Grid, ctx: SolveContext) -> Iterator[Step]:
        """The steps of one slot in the order HoDoKu takes them (as :meth:`steps` gives a
        slot's, without the solve's memo or queues)."""
        if len(slot) > 1:
            unique: bool | None = None
            if any(t.needs_unique for t in slot):
                unique = ctx.is_unique(grid)
            return _slot_steps(tuple(t for t in slot if unique or not t.needs_unique), grid, ctx)
        t = slot[0]
        if t.needs_unique and not ctx.is_unique(grid):
            return iter(())
        found: Iterable[Step] = (s for s in t.find(grid, ctx) if step_changes(grid, s))
        if self.ranked and t.ranked:
            found = sorted(found, key=hodoku_rank)
        return iter(found)

    def steps(self, grid: Grid, ctx: SolveContext | None = None, state: Any = None) -> Iterator[Step]:
        """Every step available now, slot by slot; ``state``: a solve's
        :class:`QueueState` (or its :class:`SinglesQueue`), whose singles queues then give the singles (one at most each),
        the search starting after the slots the compiled engine searched here."""
        if ctx is None:
            ctx = self.context()
        memo = solve_memo(ctx) if self.memo else None
        snap = None
        unique = None
        slots = self.slots
        queue = None
        if isinstance(state, QueueState):
            queue = state.queue
            if state.searched:
                slots = slots[state.searched :]
                state.searched = 0
        elif state is not None:
            queue = state  # a solve's singles queues alone
        for slot in slots:
            if len(slot) == 1:
                t = slot[0]
                if t.needs_unique:
                    if unique is None:
                        unique = ctx.is_unique(grid)
                    if not unique:
                        continue
                if queue is not None and t.name in QUEUED:
                    step = queue.next(t.name, grid)
                    if step is not None:
                        yield step
                    continue
                if t.local is not None and memo is not None:
                    if snap is None:
                        snap = snapshot(grid)
                    found: Iterable[Step] = memo.search(t, grid, snap, ctx)
                else:
                    found = (s for s in t.find(grid, ctx) if step_changes(grid, s))
                if self.ranked and t.ranked:
                    found = sorted(found, key=hodoku_rank)
                yield from found
            else:
                if any(t.needs_unique for t in slot):
                    if unique is None:
                        unique = ctx.is_unique(grid)
                    slot = tuple(t for t in slot if unique or not t.needs_unique)
                yield from _slot_steps(slot, grid, ctx)
