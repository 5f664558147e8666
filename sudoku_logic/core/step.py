"""The one record every technique produces, and its HoDoKu-style notation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sudoku_logic.core.houses import cell_name, cells_name

if TYPE_CHECKING:
    from sudoku_logic.core.grid import Grid


@dataclass(slots=True)
class Step:
    """One deduction: what it places or eliminates and what a person needs to see it.

    - ``technique``: the name as HoDoKu spells it (``Naked Pair``).
    - ``placements`` / ``eliminations``: ``(cell, digit)`` pairs.
    - ``cells``: the pattern's cells; ``candidates``: ``(cell, digit, role)`` triples to
      highlight, roles such as ``"pattern"``, ``"fin"``, ``"pivot"``, ``"on"``/``"off"``
      (the two colours of a chain); ``houses``: house indexes involved.
    - ``detail``: the middle of the notation line (``4,7 in r5c28``); ``explanation``: a
      sentence saying why it holds.
    - ``difficulty`` / ``score``: per-step overrides of the technique's Sudoku Explainer
      rating and HoDoKu score (chain length, box vs line), None to use the table.
    - ``facts``: what a scale needs to rate the step beyond its technique, recorded by the
      finder (never a rating): ``house`` (``"box"``, ``"row"``, ``"col"``: where a hidden
      single is), ``loop`` (cells of a unique loop), ``subset`` (size of the naked or hidden
      set in a unique loop type 3 or BUG type 3), ``hidden`` (True when a unique loop's set
      is a hidden one: SE rates it 0.1 below the naked set of its size), ``complexity``
      (Sudoku Explainer's chain complexity: the nodes of its chains, nested chains
      included), ``sort`` (SE's order of chaining hints of equal difficulty and complexity),
      plus what SE's nested chains ask of a rule (see
      :mod:`strategies.se.nested_rules`). None when there are none.
    """

    technique: str
    placements: list[tuple[int, int]] = field(default_factory=list)
    eliminations: list[tuple[int, int]] = field(default_factory=list)
    cells: list[int] = field(default_factory=list)
    candidates: list[tuple[int, int, str]] = field(default_factory=list)
    houses: list[int] = field(default_factory=list)
    detail: str = ""
    explanation: str = ""
    difficulty: float | None = None
    score: int | None = None
    chains: list[str] = field(default_factory=list)
    facts: dict | None = None

    @property
    def result(self) -> str:
        """``r5c1=4`` or ``r5c16<>4, r5c6<>7``: the part after ``=>``."""
        return format_result(self.placements, self.eliminations)

    @property
    def notation(self) -> str:
        """The HoDoKu-style line: ``Naked Pair: 4,7 in r5c28 => r5c1<>4, r5c6<>7``."""
        if self.detail:
            return f"{self.technique}: {self.detail} => {self.result}"
        return f"{self.technique}: {self.result}"

    def placement_strings(self) -> list[str]:
        """Each placement as ``r5c1=4``."""
        return [f"{cell_name(c)}={d}" for c, d in self.placements]

    def elimination_strings(self) -> list[str]:
        """Each elimination as ``r5c1<>4``, sorted by cell then digit."""
        return [f"{cell_name(c)}<>{d}" for c, d in sorted(self.eliminations)]

    def to_dict(self) -> dict:
        """A JSON-ready summary."""
        out = {
            "technique": self.technique,
            "placements": self.placement_strings(),
            "eliminations": self.elimination_strings(),
            "text": self.notation,
            "explanation": self.explanation,
        }
        if self.chains:
            out["chains"] = list(self.chains)
        return out

    def __str__(self) -> str:
        return self.notation

    def __eq__(self, other: object) -> bool:
        # a LazyStep equals the plain Step with the same fields
        if not isinstance(other, Step):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self.__dataclass_fields__)

    __hash__ = None  # type: ignore[assignment]  # mutable, like the dataclass default: unhashable


#: What a LazyStep's filler returns: the fields a person reads, built on first need.
TEXT_FIELDS = ("cells", "candidates", "houses", "detail", "explanation", "chains")


#: Each text field's empty value, made anew for each step.
_TEXT_DEFAULTS: dict[str, Callable[[], object]] = {
    "cells": list,
    "candidates": list,
    "houses": list,
    "detail": str,
    "explanation": str,
    "chains": list,
}


def _lazy_field(slot):
    """A property over ``Step``'s slot ``slot`` that runs the step's filler before the
    first read or assignment (so an assigned value is not overwritten by the filler)."""

    def get(self):
        if self._fill is not None:
            self._fill_text()
        return slot.__get__(self)

    def put(self, value):
        if self._fill is not None:
            self._fill_text()
        slot.__set__(self, value)

    return property(get, put, doc=slot.__doc__)


class LazyStep(Step):
    """A Step whose presentation (pattern cells, highlighted candidates, houses, detail,
    explanation, chains) is built only when first read.

    Searches such as chains keep many candidate steps of which the solver takes one; the
    placements, eliminations and difficulty are known when the step is made, the text is
    not needed until someone looks. ``fill`` returns a dict with any of
    :data:`TEXT_FIELDS`; fields it leaves out keep the values given here (empty when not
    given). A LazyStep reads, compares, prints and pickles exactly like the plain Step with
    the filled text. :func:`lazy_step` makes one faster, for steps made by the thousand.
    """

    __slots__ = ("_fill",)

    def __init__(self, technique: str, fill: Callable[[], dict] | None = None, **fields) -> None:
        self._fill = None
        Step.__init__(self, technique, **fields)
        self._fill = fill

    def _fill_text(self) -> None:
        fill, self._fill = self._fill, None
        for name, value in fill().items():  # type: ignore[misc]  # called only while _fill is set
            setattr(self, name, value)
        for name, slot in _TEXT_SLOTS:
            try:
                slot.__get__(self)
            except AttributeError:  # made by lazy_step and not filled: empty
                slot.__set__(self, _TEXT_DEFAULTS[name]())

    def __reduce__(self):
        return (_plain_step, (self.technique, {f: getattr(self, f) for f in _FIELDS}))

    def __repr__(self) -> str:
        return repr(_plain_step(self.technique, {f: getattr(self, f) for f in _FIELDS}))


_TEXT_SLOTS = [(_name, getattr(Step, _name)) for _name in TEXT_FIELDS]
for _name, _slot in _TEXT_SLOTS:
    setattr(LazyStep, _name, _lazy_field(_slot))

_new_object = object.__new__


def lazy_step(
    technique: str,
    fill: Callable[[], dict],
    placements: list[tuple[int, int]],
    eliminations: list[tuple[int, int]],
    difficulty: float | None = None,
    facts: dict | None = None,
) -> LazyStep:
    """A :class:`LazyStep` with these fields (``score`` None), made without the dataclass
    constructor: its text fields are set only when ``fill`` runs, on the first read of any
    of them, to what ``fill`` returns and empty values for the rest. The lists given become
    the step's own."""
    s = _new_object(LazyStep)
    s.technique = technique
    s.placements = placements
    s.eliminations = eliminations
    s.difficulty = difficulty
    s.score = None
    s.facts = facts
    s._fill = fill
    return s


_FIELDS = [f for f in Step.__dataclass_fields__ if f != "technique"]


def _plain_step(technique: str, fields: dict) -> Step:
    return Step(technique, **fields)


def format_result(placements, eliminations) -> str:
    """HoDoKu-style result: placements ``r5c1=4``; eliminations grouped by digit with their
    cells compressed (``r5c16<>4, r2c7<>5``), one group per digit as HoDoKu prints them."""
    parts = [f"{cell_name(c)}={d}" for c, d in placements]
    by_digit: dict[int, set[int]] = {}
    for c, d in eliminations:
        by_digit.setdefault(d, set()).add(c)
    for d in sorted(by_digit):
        parts.append(f"{cells_name(by_digit[d])}<>{d}")
    return ", ".join(parts)


def index_sum(elims: list[tuple[int, int]]) -> int:
    """HoDoKu's ``getIndexSumme`` of eliminations in the order given: the sum of cell *
    weight + digit, the weight 1, 81, 161, ..."""
    total, weight = 0, 1
    for c, d in elims:
        total += c * weight + d
        weight += 80
    return total


def hodoku_rank(step: Step) -> tuple[int, int]:
    """Sort key of HoDoKu's ``SolutionStep.compareTo`` for steps of one technique: most
    eliminations first, then the lowest :func:`index_sum` of the eliminations taken in
    (digit, cell) order."""
    return -len(step.eliminations), index_sum(sorted(step.eliminations, key=lambda e: (e[1], e[0])))


def step_changes(grid: Grid, step: Step) -> bool:
    """Whether applying ``step`` would change the grid."""
    values = grid.values
    for c, _ in step.placements:
        if not values[c]:
            return True
    cands = grid.cands
    for c, d in step.eliminations:
        if cands[c] >> (d - 1) & 1:
            return True
    return False
