"""HoDoKu's techniques in C: the path the compiled engine takes over HoDoKu's leading
techniques, as the steps the Python finders yield.

The engine (``sudoku_logic/native/hodoku/``) finds each step as the Python finder of its
technique would find it first, and applies it as HoDoKu does, singles queues included
(:mod:`strategies.hodoku.singles_queue`). It records what a step places and removes; the
words and the pattern are written when first read (:func:`~sudoku_logic.core.step.
lazy_step`), by the Python finder on the position before the step: the first step it yields
that places and removes the same is the one the engine took. A rating reads only the
technique and so never runs a finder.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from strategies.hodoku.singles_queue import SinglesQueue
from strategies.registry import REGISTRY, load_all
from strategies.se.se_compiled import pack, unpack
from strategies.singles import full_house_step, hidden_single_step, naked_single_step
from sudoku_logic import native
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_MASK
from sudoku_logic.core.step import TEXT_FIELDS, Step, hodoku_rank, lazy_step, step_changes

#: Whether the compiled engine is in use.
AVAILABLE = native.AVAILABLE
#: The techniques the engine has finders for, and every technique's code.
COMPILED: frozenset[str] = native.HODOKU_COMPILED
CODE: dict[str, int] = {name: i for i, name in enumerate(native.HODOKU_TECHNIQUES)}

#: why :func:`run` stopped (``hodoku/loop.h``)
STUCK, SOLVED, BROKEN, LIMIT = range(4)

#: the most entries a singles queue may hand over (``hodoku/singles_queue.h``)
_QUEUE_MAX = 512


class Disagreement(RuntimeError):
    """The Python finder does not yield the step the compiled engine took: the engines
    differ, which the differential tests exist to catch."""


def codes(names: list[str]) -> bytes:
    """The engine's codes of the techniques ``names`` (each one it has)."""
    return bytes(CODE[n] for n in names)


def _queue_bytes(queue: deque[tuple[int, int]], values: list[int]) -> bytes | None:
    """A queue's entries of empty cells as (cell, digit) bytes; None if they are too many."""
    out = bytes(x for cell, d in queue if not values[cell] for x in (cell, d))
    return out if len(out) <= 2 * _QUEUE_MAX else None


def _entries(data: bytes) -> deque[tuple[int, int]]:
    return deque(zip(data[::2], data[1::2]))


_SINGLES = ("Full House", "Naked Single", "Hidden Single")

#: HoDoKu's tabling slots (``hodoku/tabling*.c``): the engine searches a slot once and gives
#: the step HoDoKu takes from it, the first of its search (``facts["rank"]`` 0), whatever its
#: type; so it takes a slot only when every type of it is asked for (:func:`whole`).
TABLING_SLOTS = (
    frozenset(("Continuous Nice Loop", "Discontinuous Nice Loop", "AIC")),
    frozenset(("Grouped Continuous Nice Loop", "Grouped Discontinuous Nice Loop", "Grouped AIC")),
    frozenset(("Forcing Chain Contradiction", "Forcing Chain Verity")),
    frozenset(("Forcing Net Contradiction", "Forcing Net Verity")),
)
TABLING = frozenset().union(*TABLING_SLOTS)


def whole(names: Iterable[str]) -> bool:
    """Whether the engine can search the slot of techniques ``names``: not a tabling slot,
    or all of one (a list of techniques may name only some of a slot's types; then the
    Python finders search it, giving a step of those types only)."""
    names = frozenset(names)
    return not names & TABLING or names in TABLING_SLOTS


#: The colouring techniques: a step's record carries its place in HoDoKu's pass (``hodoku/coloring.c``).
COLOURING = frozenset(("Simple Colors Trap", "Simple Colors Wrap", "Multi Colors 1", "Multi Colors 2"))


def _finder_step(
    name: str, grid: Grid, placements: list, eliminations: list, ctx: SolveContext | None, finder: str | None = None
) -> Step:
    """The first step of ``name`` from the Python finder of ``finder`` (default ``name``: a
    step found by another technique's search, ``facts["found_by"]``) on ``grid`` that places
    and removes what the engine's step did."""
    load_all()
    for step in REGISTRY[finder or name].find(grid, ctx):
        if step.technique == name and step.placements == placements and step.eliminations == eliminations:
            return step
    raise Disagreement(f"the Python finder of {finder or name} does not find the compiled engine's step")


def _step(record: tuple, snapshot: bytes | None, givens: int, ctx: SolveContext | None) -> Step:
    """The step of one engine record ``(technique, scored_as, placements, eliminations,
    house, cells, size)``; its text is the Python finder's, on the position ``snapshot``. A
    tabling slot's step is the first of its search: rank 0."""
    tech, scored_as, placements, eliminations, house, _, size = record
    name = native.HODOKU_TECHNIQUES[tech]
    if name in _SINGLES:
        cell, d = placements[0]
        if name == "Naked Single":
            return naked_single_step(cell, d)
        return (full_house_step if name == "Full House" else hidden_single_step)(cell, d, house)
    facts: dict | None = None if scored_as == tech else {"found_by": native.HODOKU_TECHNIQUES[scored_as]}
    if size and name in COLOURING:
        facts = {**(facts or {}), "rank": size}  # its place in HoDoKu's colouring pass
    elif size:
        facts = {**(facts or {}), "size": size}  # a chain's length, as its finder's step has it
        if name in TABLING:
            facts["rank"] = 0

    def text() -> dict:
        if snapshot is None:
            raise RuntimeError("a compiled step's text needs the position before it: run with snapshots")
        grid = unpack(snapshot[:81], snapshot[81:], givens)
        full = _finder_step(name, grid, placements, eliminations, ctx, native.HODOKU_TECHNIQUES[scored_as])
        return {field: getattr(full, field) for field in TEXT_FIELDS}

    return lazy_step(name, text, placements, eliminations, facts=facts)


def run(
    grid: Grid, queue: SinglesQueue, techniques: bytes, limit: int, ctx: SolveContext | None = None
) -> tuple[int, list[Step], list[bytes], Grid] | None:
    """HoDoKu's path over ``techniques`` (:func:`codes`, HoDoKu's order) from ``grid`` (not
    changed) with the solve's singles ``queue`` (brought up to date): why it stopped, the
    steps, the position before each and the grid at the end; None where the queues are
    beyond the engine's bounds (the Python finders then go on)."""
    values = grid.values
    naked = _queue_bytes(queue.naked, values)
    hidden = _queue_bytes(queue.hidden, values)
    if naked is None or hidden is None:
        return None
    try:
        why, records, before, end_values, end_masks, naked, hidden = native.hodoku_run(
            *pack(grid), naked, hidden, techniques, limit, True, grid.givens
        )
    except OverflowError:  # a search or a queue beyond the engine's bounds
        return None
    givens = grid.givens
    steps = [_step(r, snap, givens, ctx) for r, snap in zip(records, before)]
    end = unpack(end_values, end_masks, givens)
    queue.naked = _entries(naked)
    queue.hidden = _entries(hidden)
    empty = end.empty
    queue.empties = bytearray((empty & hm).bit_count() for hm in HOUSE_MASK)
    return why, steps, before, end


def first(grid: Grid, techniques: bytes, ctx: SolveContext | None = None, fallback: bool = True) -> Step | None:
    """The first step of the first of ``techniques`` (:func:`codes`, none of them a queued
    single: a position without a history has no queues) that has one on ``grid``, as the
    Python finders make it, or None. Where a search goes beyond the engine's bounds, the
    Python finders answer (without ``fallback``: OverflowError, for a caller that ranks a
    slot's steps itself)."""
    try:
        why, records, before, *_ = native.hodoku_run(*pack(grid), b"", b"", techniques, 1, True, grid.givens)
    except OverflowError:
        if not fallback:
            raise
        return _python_first(grid, techniques, ctx)
    if not records:
        return None
    return _step(records[0], before[0], grid.givens, ctx)


def _python_first(grid: Grid, techniques: bytes, ctx: SolveContext | None) -> Step | None:
    """:func:`first` from the Python finders (a ranked technique's best step first)."""
    load_all()
    for code in techniques:
        t = REGISTRY[native.HODOKU_TECHNIQUES[code]]
        found = [s for s in t.find(grid, ctx) if step_changes(grid, s)]
        if found:
            return min(found, key=hodoku_rank) if t.ranked else found[0]
    return None
