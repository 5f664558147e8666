"""The public API: load a position, ask for steps, hints, a solve path or a rating.

Every function takes a *position*: text in any input format :func:`load` reads (a puzzle, a
stuck position with the person's own digits and pencilmarks), a :class:`Grid`, or a
:class:`Position` already loaded. Functions that give steps refuse a position that
contradicts its solution (:class:`WrongPosition`, whose message names each wrong cell):
a hint from a broken position would be a hint towards nowhere.

This package is the layer between the rating (:mod:`grading`) and the application
(:mod:`sudoku_logic.app`, which builds on it as any program would): the functions here, and
beside them :mod:`~sudoku_logic.api.position` (a position as a person has it),
:mod:`~sudoku_logic.api.solver` (``Solver``), :mod:`~sudoku_logic.api.hints` (the hint levels),
and the pictures of a step: :mod:`~sudoku_logic.api.render` (the terminal),
:mod:`~sudoku_logic.api.svg` (the grid in SVG) and :mod:`~sudoku_logic.api.html` (the stepper
page). It imports nothing of the application.

>>> from sudoku_logic import api
>>> pos = api.load("000009080000704000000200004050800200007030050036970000040000003000528006005090078")
>>> step = api.next_step(pos)
>>> print(step.notation)
Hidden Single: r6c6=5
>>> print(step.explanation)
In box 5, 5 can only go in r6c6.
>>> api.hint(pos, level=1)
'Look at box 5 for the digit 5: a digit can be placed.'
>>> api.hint(pos, level=2, skip=1)
'Hidden Single in box 6, on the digit 3: a digit can be placed.'
>>> [s.technique for s in api.steps(pos)][:3]
['Hidden Single', 'Hidden Single', 'Hidden Single']

A stuck position: the givens, then the digits the person filled in (one line or two).

>>> givens = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"
>>> mine = "6...6...2" + "." * 72
>>> for problem in api.validate(givens + " " + mine):
...     print(problem)
r1c1: you placed 6, but the solution has 5 there
>>> api.next_step(givens + " " + mine)
Traceback (most recent call last):
...
sudoku_logic.api.position.WrongPosition: r1c1: you placed 6, but the solution has 5 there

The whole path, and a rating on both scales (Sudoku Explainer and HoDoKu):

>>> easy = "073002000000006037000000420800001000020600900900000870209410000007000000010000068"
>>> path = api.solve_path(easy)
>>> path.solved, len(path.steps), path.steps[0].notation
(True, 57, 'Hidden Single: r2c3=2')
>>> r = api.rate(easy)
>>> r.er, r.level, r.hardest
(1.5, 'Easy', 'Hidden Single')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Union

from sudoku_logic.api.position import Position, Problem, WrongPosition, load_position
from sudoku_logic.core.errors import FormatError
from sudoku_logic.core.formats import cell_digit
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import cell_name
from sudoku_logic.core.step import Step

if TYPE_CHECKING:  # the solver (and every strategy) is imported when a function first needs it
    from sudoku_logic.api.solver import Solver, SolveResult

#: text, a grid or position, or a puzzle as 81 integers or 9 rows of 9 (lists, tuples or a
#: numpy array; 0 for an empty cell)
PositionLike = Union[str, Grid, Position, Sequence[int], Sequence[Sequence[int]]]

__all__ = [
    "Position",
    "PositionLike",
    "Problem",
    "WrongPosition",
    "load",
    "validate",
    "next_step",
    "steps",
    "solve_path",
    "rate",
    "hint",
    "to_html",
]


def load(position: PositionLike) -> Position:
    """A :class:`Position` from text (any format), a :class:`Grid`, a Position, or a puzzle
    as 81 integers or 9 rows of 9 (a list, a tuple or a numpy array; 0 for empty).

    Raises :class:`~sudoku_logic.core.errors.FormatError` or
    :class:`~sudoku_logic.core.errors.InvalidPuzzle` for unreadable text or an array that
    is not a puzzle.

    >>> load("4+35" + "." * 78).values[:4]
    [4, 3, 5, 0]
    >>> load([[4, 0, 0] + [0] * 6] + [[0] * 9] * 8).values[:2]
    [4, 0]
    """
    if isinstance(position, Position):
        return position
    if not isinstance(position, (str, Grid)):
        return load_position(_array_line(position))
    if isinstance(position, Grid):
        givens = [position.values[c] if position.givens >> c & 1 else 0 for c in range(81)]
        marks = [0 if position.values[c] else position.cands[c] for c in range(81)]
        return Position(givens, position.values[:], marks, position.values_string())
    return load_position(position)


def _array_line(cells: object) -> str:
    """The 81-character line of a puzzle given as 81 integers or 9 rows of 9 (anything with
    numpy's ``tolist``, or nested lists and tuples). Raises FormatError naming what is wrong."""
    data = cells.tolist() if hasattr(cells, "tolist") else cells
    if not isinstance(data, (list, tuple)):
        raise FormatError(f"a puzzle is text, a grid, or 81 integers (9 rows of 9), not {type(cells).__name__}")
    if len(data) == 9 and all(isinstance(row, (list, tuple)) for row in data):
        if any(len(row) != 9 for row in data):
            widths = sorted({len(row) for row in data})
            raise FormatError(f"a puzzle array has 9 rows of 9 cells, not rows of {widths}")
        flat = [v for row in data for v in row]
    elif len(data) == 81 and not any(isinstance(v, (list, tuple)) for v in data):
        flat = list(data)
    else:
        raise FormatError(f"a puzzle array has 81 cells (9 rows of 9, or 81 in a row), not {len(data)} items")
    digits = []
    for c, v in enumerate(flat):
        try:
            digits.append(cell_digit(v))
        except ValueError as e:
            raise FormatError(f"a puzzle array's {cell_name(c)} {e}") from None
    return "".join(map(str, digits))


def validate(position: PositionLike) -> list[Problem]:
    """Every way the position contradicts the solution of its givens, by cell (empty: sound).

    Raises :class:`~sudoku_logic.core.errors.NoSolution` or
    :class:`~sudoku_logic.core.errors.MultipleSolutions` when the givens have no single solution.

    >>> P = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"
    >>> validate(P)
    []
    >>> [p.message for p in validate(P + " 6" + "." * 80)]
    ['r1c1: you placed 6, but the solution has 5 there']
    """
    return load(position).problems()


def _grid(position: PositionLike) -> Grid:
    pos = load(position)
    problems = pos.problems()
    if problems:
        raise WrongPosition("; ".join(p.message for p in problems), problems)
    return pos.grid()


def _solver(techniques: Sequence[str] | None, order: str | None) -> Solver:
    from sudoku_logic.api.solver import Solver

    return Solver(techniques, order=order, unique=True)


def next_step(
    position: PositionLike, *, skip: int = 0, techniques: Sequence[str] | None = None, order: str | None = "se"
) -> Step | None:
    """The step the program of ``order`` takes now (``se``: the step Sudoku Explainer's path
    takes, the one its rating comes from; ``hodoku``: HoDoKu's), or with ``skip`` the
    (skip+1)-th of :func:`steps`; None when no technique applies. Raises :class:`WrongPosition` for a position
    that contradicts its solution."""
    from sudoku_logic.api.hints import pick_step

    return pick_step(_solver(techniques, order), _grid(position), skip)


def steps(position: PositionLike, *, techniques: Sequence[str] | None = None, order: str | None = "se") -> list[Step]:
    """Every distinct step available now, easiest first (SE's order: every rule's steps, by
    SE's rating, then rule; HoDoKu's: its techniques in its order)."""
    from sudoku_logic.api.hints import distinct_steps

    return list(distinct_steps(_solver(techniques, order), _grid(position)))


def solve_path(
    position: PositionLike, *, techniques: Sequence[str] | None = None, order: str | None = "se"
) -> SolveResult:
    """The solve path of ``order``'s program (the path its rating comes from) until solved
    or stuck (``.steps``, ``.solved``, ``.grid`` where it stopped, ``.start``)."""
    return _solver(techniques, order).solve(_grid(position))


def rate(position: PositionLike, *, techniques: Sequence[str] | None = None):
    """The rating of a position on both scales: a :class:`grading.rater.Rating` with ``er``,
    ``ep``, ``ed`` (Sudoku Explainer's path), ``level`` and ``score`` (HoDoKu's), ``hardest``;
    ``se_path`` and ``hodoku_path`` are the paths they come from."""
    from grading.rater import rate as rate_grid

    return rate_grid(_grid(position), techniques)


def hint(
    position: PositionLike, level: int = 3, *, skip: int = 0, techniques: Sequence[str] | None = None
) -> str | None:
    """The hint for the next step of Sudoku Explainer's path as text: level 1 where to
    look, 2 the technique and where, 3 the whole step (notation and explanation). None when
    no step applies."""
    from sudoku_logic.api.hints import hint_text

    step = next_step(position, skip=skip, techniques=techniques)
    return None if step is None else hint_text(step, level)


def to_html(position: PositionLike, *, techniques: Sequence[str] | None = None, title: str | None = None) -> str:
    """A self-contained HTML page that steps through the solve path on one SVG grid, the
    step list beside it (Prev/Next, arrow keys; the URL's #N opens step N).

    >>> page = to_html("073002000000006037000000420800001000020600900900000870209410000007000000010000068")
    >>> page.count('<svg id="grid"'), page.count('<li><a href="#') >= 57, page.startswith("<!DOCTYPE html>")
    (1, True, True)
    """
    from sudoku_logic.api.html import render_page

    grid = _grid(position)
    return render_page(grid, _solver(techniques, "se").solve(grid), title=title)
