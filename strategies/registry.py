"""The registries: each strategy module registers its finders here by name.

- :data:`REGISTRY`, techniques by name (``@technique``): a finder
  ``finder(grid) -> Iterator[Step]`` yields every step of one technique, in the order its
  program (HoDoKu, for most) finds them. Its family is the name of its module (or the
  module's ``FAMILY``, for a family written in several modules), in one of
  :data:`FAMILY_FOLDERS`.
- :data:`RULES`, Sudoku Explainer's producers by SE's name (``@se_rule``): one finder per
  producer, yielding every hint in SE's order (see :class:`Rule`).

A finder may take the solve's context as ``ctx=`` (settings, per-solve caches, whether the
puzzle is unique; :class:`sudoku_logic.core.context.SolveContext`).

A *house-local* finder (registered with ``local="house"``) also takes ``houses``, a 27-bit
set of house indexes: it then looks only at patterns involving one of those houses (for a
box-line pattern, the box or the line), and yields them in the same order as the full
search. It promises that whether a pattern exists in a house depends only on the
candidates of that house's cells (and, for box-line patterns, of the box and the line), so
a search that found nothing need only look again where candidates changed since.

A *digit-local* finder (``local="digit"``: fish, single-digit patterns, colouring, X-Chains)
likewise takes ``digits``, a 9-bit set (bit ``d - 1`` for digit ``d``): its patterns and
eliminations concern one digit and depend only on that digit's candidates.

Ratings and orders live above, in :mod:`grading` (every registered name has a
row there; the tests check it).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.step import Step

if TYPE_CHECKING:
    from sudoku_logic.core.context import SolveContext

Finder = Callable[..., Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    """A registered technique: its name, finder and how the solver treats it.

    ``needs_unique``: sound only for a puzzle known to have one solution (uniqueness
    techniques). ``default``: on the default solve/rating path (costly searches that add
    nothing there can be off by default and still be asked for by name).
    """

    name: str
    family: str
    finder: Finder
    needs_unique: bool = False
    default: bool = True
    local: str | None = None
    #: HoDoKu collects every step of this technique and takes the best by its step
    #: comparator (:func:`sudoku_logic.core.step.hodoku_rank`); the finder yields easiest first
    ranked: bool = False
    #: the finder takes the solve's context (``ctx=``: settings, caches, uniqueness)
    takes_ctx: bool = False

    def find(self, grid: Grid, ctx: SolveContext | None = None, dirty: int | None = None) -> Iterator[Step]:
        """The finder's steps on ``grid`` (only in the houses or digits of ``dirty`` for a
        local technique given one), with the solve's context where the finder takes it."""
        if dirty is None:
            return self.finder(grid, ctx=ctx) if self.takes_ctx else self.finder(grid)
        return self.finder(grid, dirty, ctx=ctx) if self.takes_ctx else self.finder(grid, dirty)


REGISTRY: dict[str, Technique] = {}


@dataclass(frozen=True)
class Rule:
    """One of Sudoku Explainer's hint producers (its ``HintProducer`` classes): a finder that
    yields every hint SE's producer finds, in the order SE finds them, so that the first is
    the one SE's solver takes. ``name`` is SE's (``Hidden Singles``, ``Unique Loops``);
    ``techniques`` the names its steps carry (each a row of the difficulty table);
    ``needs_unique``: sound only for a puzzle with one solution; ``costly``: a search of
    seconds on hard positions (SE's chaining rules), asked for a list of every step only
    while nothing easier was found."""

    name: str
    finder: Finder
    techniques: tuple[str, ...]
    needs_unique: bool = False
    takes_ctx: bool = False
    costly: bool = False

    def find(self, grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
        """The producer's hints on ``grid`` in SE's order."""
        return self.finder(grid, ctx=ctx) if self.takes_ctx else self.finder(grid)


#: Sudoku Explainer's producers by SE's name (the SE policy asks them in SE's order).
RULES: dict[str, Rule] = {}


#: The folders a technique's module stands in: the families both programs use at the top of
#: :mod:`strategies`, HoDoKu's own in :mod:`strategies.hodoku` (Sudoku Explainer's own rules,
#: in :mod:`strategies.se`, register as :data:`RULES`). A family keeps the name users see
#: (``sudoku techniques``) wherever its modules stand.
FAMILY_FOLDERS = ("strategies", "strategies.hodoku")


def _family(fn: Finder) -> str:
    """The finder's family: its module's ``FAMILY`` where a family spans modules, else the
    module's name."""
    module = sys.modules[fn.__module__]
    return getattr(module, "FAMILY", fn.__module__.rsplit(".", 1)[-1])


def se_rule(
    name: str, techniques: Iterable[str], *, needs_unique: bool = False, costly: bool = False
) -> Callable[[Finder], Finder]:
    """Decorator registering a finder as the Sudoku Explainer producer ``name`` whose steps
    carry the technique names ``techniques`` (see :class:`Rule`)."""
    techniques = tuple(techniques)

    def register(fn: Finder) -> Finder:
        takes_ctx = "ctx" in inspect.signature(fn).parameters
        RULES[name] = Rule(name, fn, techniques, needs_unique, takes_ctx, costly)
        return fn

    return register


def technique(
    name: str, *, needs_unique: bool = False, default: bool = True, local: str | None = None, ranked: bool = False
) -> Callable[[Finder], Finder]:
    """Decorator registering a finder under a technique name (a row of the difficulty
    table; its family is the finder's module). ``local``: ``"house"`` or ``"digit"`` for a
    finder that can search only some houses or digits, see the module docstring;
    ``ranked``: in HoDoKu's order the solver takes this technique's steps best first by
    HoDoKu's step comparator, see :class:`Technique`."""
    if local not in (None, "house", "digit"):
        raise ValueError(f"local must be None, 'house' or 'digit', not {local!r}")

    def register(fn: Finder) -> Finder:
        takes_ctx = "ctx" in inspect.signature(fn).parameters
        REGISTRY[name] = Technique(name, _family(fn), fn, needs_unique, default, local, ranked, takes_ctx)
        return fn

    return register


def load_all() -> None:
    """Import every strategy module so that its finders register themselves."""
    import importlib
    import pkgutil

    import strategies as package

    for mod in pkgutil.walk_packages(package.__path__, "strategies."):
        if mod.name != "strategies.registry":
            importlib.import_module(mod.name)


_load_all = load_all  # older name


def lookup(names: Iterable[str]) -> list[Technique]:
    """Registered techniques by name, case-insensitive, in the order given; a family name
    (``fish``) stands for all of its techniques. Raises KeyError naming the first unknown
    one."""
    load_all()
    by_name = {t.name.lower(): t for t in REGISTRY.values()}
    out: list[Technique] = []
    for raw in names:
        key = raw.strip().lower()
        if not key:
            continue
        if key in by_name:
            out.append(by_name[key])
            continue
        fam = [t for t in REGISTRY.values() if t.family == key]
        if fam:
            out.extend(fam)
            continue
        raise KeyError(raw.strip())
    return out
