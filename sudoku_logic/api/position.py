"""A position as a person has it in front of them: the givens, their own digits, their marks.

Forms read by :func:`load_position` (besides every format :func:`sudoku_logic.core.formats.parse`
reads):

- ``GIVENS``: an 81-character line; the position is the puzzle itself.
- HoDoKu's ``+`` line: 81 cells where ``+`` before a digit marks one the person placed
  (``4+35..``: 4 and 5 are givens, 3 was placed).
- ``GIVENS FILLED``: two 81-character lines, on one line (space between) or on two lines.
  FILLED is the grid as it stands now, givens included, or only the person's own digits;
  where both lines hold a digit it must be the same.
- ``GIVENS MARKS``: the givens line followed by the person's pencilmarks, as a pencilmark
  grid (81 candidate groups, on the following lines) or a 729-character candidate string
  (same line or next). A cell with one candidate counts as placed.
- A pencilmark grid (or 729-character string) alone: the givens are unknown, so the
  position is checked by asking that it has exactly one solution.
- A HoDoKu regression-library line ``:code:digits:givens:deleted:...`` (``+`` placements,
  deleted candidates).

:func:`check_position` compares the position with the solution of its givens and names
every placed digit that is wrong and every candidate the solution needs that was removed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sudoku_logic.core.errors import DeadGivens, FormatError, InvalidPuzzle, MultipleSolutions, NoSolution, SudokuError
from sudoku_logic.core.formats import (
    EMPTY_CHARS,
    LINE_CHARS,
    parse,
    parse_reglib,
    parse_sukaku,
    pencilmark_masks,
    to_sukaku,
)
from sudoku_logic.core.formats import (
    line_values as _line_bytes,
)
from sudoku_logic.core.grid import Grid, check_duplicates
from sudoku_logic.core.houses import CELL_BIT, DIGIT_BIT, MASK_DIGITS, cell_name

_SPLIT = re.compile(r"[\s,;]+")


@dataclass
class Problem:
    """One way a position disagrees with the solution.

    ``kind`` is ``"placed"`` (a wrong digit was placed in ``cell``) or ``"removed"`` (the
    solution's digit was removed from the candidates of ``cell``); ``digit`` is the digit
    placed or removed, ``solution`` the solution's digit for the cell.
    """

    cell: int
    kind: str
    digit: int
    solution: int

    @property
    def message(self) -> str:
        """``r5c6: you placed 3, but the solution has 8 there`` style sentence."""
        if self.kind == "placed":
            return f"{cell_name(self.cell)}: you placed {self.digit}, but the solution has {self.solution} there"
        return f"{cell_name(self.cell)}: you removed {self.digit}, but the solution needs it there"

    def __str__(self) -> str:
        return self.message


class WrongPosition(SudokuError):
    """The position contradicts the solution of its givens; ``problems`` lists how."""

    def __init__(self, message: str, problems: list[Problem]) -> None:
        super().__init__(message)
        self.problems = problems


@dataclass
class Position:
    """A position to give hints for.

    - ``givens``: the puzzle's 81 given values (0 = empty), or None when only a pencilmark
      grid was given and the givens are unknown.
    - ``values``: the 81 values on the board now (givens and the person's digits).
    - ``marks``: 81 candidate masks as the person wrote them (0 for a filled cell), or None
      when no pencilmarks were given (every candidate the digits allow is open).
    """

    givens: list[int] | None
    values: list[int]
    marks: list[int] | None = None
    text: str = ""
    _solution: list[int] | None = field(default=None, repr=False)
    #: the givens' grid when reading them built it already (``puzzle`` hands out copies)
    _puzzle: Grid | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------ derived
    @property
    def given_mask(self) -> int:
        """81-bit set of the given cells (every filled cell when the givens are unknown)."""
        src = self.givens if self.givens is not None else self.values
        return sum(CELL_BIT[c] for c in range(81) if src[c])

    def puzzle(self) -> Grid:
        """The puzzle: the givens alone (the whole position when the givens are unknown)."""
        if self.givens is None:
            return self.grid()
        if self._puzzle is not None:
            return self._puzzle.copy()
        return Grid.from_values(self.givens)

    def grid(self) -> Grid:
        """The position as a candidate grid: values placed, the person's marks applied.

        Raises :class:`InvalidPuzzle` if the digits break the rules or a cell is left with
        no candidate.
        """
        check_duplicates(self.values)
        g = Grid.from_values(self.values, givens=self.given_mask)
        if self.marks is not None:
            for cell in range(81):
                if not g.values[cell]:
                    for d in MASK_DIGITS[g.cands[cell] & ~self.marks[cell]]:
                        g.eliminate(cell, d)
            problem = g.contradiction()
            if problem:
                raise InvalidPuzzle(problem)
        return g

    def solution(self) -> list[int]:
        """The solution of the givens (or of the position, when the givens are unknown).

        Raises :class:`NoSolution` or :class:`MultipleSolutions`.
        """
        if self._solution is None:
            from sudoku_logic.core import dlx  # its tables: only for a run that asks

            if self.givens is not None:
                self._solution = dlx.unique_solution(Grid.from_values(self.givens))
            else:
                g = self.grid()
                sols = dlx.solutions(g, 2)
                if not sols:
                    what = "the position" if self.marks is not None else "the puzzle"
                    more = ": a placed digit or a removed candidate is wrong" if self.marks is not None else ""
                    raise NoSolution(f"{what} has no solution{more}")
                if len(sols) > 1 and self.marks is None:
                    dlx.unique_solution(g)  # raises with the standard message
                if len(sols) > 1:
                    a, b = sols
                    diff = [c for c in range(81) if a[c] != b[c]]
                    where = ", ".join(f"{cell_name(c)} can be {a[c]} or {b[c]}" for c in diff[:2])
                    raise MultipleSolutions(f"the position has more than one solution ({where})")
                self._solution = sols[0]
        return self._solution

    def problems(self) -> list[Problem]:
        """Every placed digit that differs from the solution and every removed candidate the
        solution needs, by cell. Empty for a sound position. Raises like :meth:`solution`."""
        sol = self.solution()
        out = []
        for cell in range(81):
            v = self.values[cell]
            if v:
                if v != sol[cell]:
                    out.append(Problem(cell, "placed", v, sol[cell]))
            elif self.marks is not None and not self.marks[cell] & DIGIT_BIT[sol[cell]]:
                out.append(Problem(cell, "removed", sol[cell], sol[cell]))
        return out


# ---------------------------------------------------------------- parsing


def is_line(token: str) -> bool:
    """Whether a token is an 81-character line of cells (digits, ``.``, ``0``, ``-``)."""
    return _line_bytes(token) is not None


def line_values(token: str) -> list[int]:
    """The 81 values of an 81-character line (0 for an empty cell)."""
    return list(_line_bytes(token) or b"")


def plus_line(token: str) -> tuple[list[int], list[int]] | None:
    """(givens, values) of a HoDoKu ``+`` line, or None if the token is not one."""
    if "+" not in token or len(token.replace("+", "")) != 81:
        return None
    givens: list[int] = []
    values: list[int] = []
    plus = False
    for ch in token:
        if ch == "+":
            if plus:
                raise FormatError("'++' in a line with placed digits: '+' goes once before a placed digit")
            plus = True
            continue
        if ch not in LINE_CHARS:
            raise FormatError(f"bad character {ch!r} in a line with placed digits: expected 1-9, '.', '0' or '+'")
        v = 0 if ch in EMPTY_CHARS else ord(ch) - 48
        if plus and not v:
            raise FormatError(f"'+' before an empty cell at {cell_name(len(values))}")
        values.append(v)
        givens.append(0 if plus else v)
        plus = False
    return givens, values


def _meant_as_position(token: str) -> bool:
    """Whether a token after the givens was meant as the second part of a position (FILLED
    or a candidate string) rather than a label: long, and mostly cells."""
    return len(token) >= 20 and sum(ch in LINE_CHARS or ch == "+" for ch in token) >= 0.8 * len(token)


def _explain_second(token: str) -> FormatError:
    """The error for a second part that is neither an 81-cell line nor a 729-character
    candidate string: its first bad character, else its length."""
    allowed = LINE_CHARS | {"+"}
    for i, ch in enumerate(token):
        if ch not in allowed:
            return FormatError(
                f"bad character {ch!r} at position {i + 1} of the second line (FILLED): "
                "expected 1-9, '.', '0', '-' or '+'"
            )
    n = len(token.replace("+", ""))
    if n > 200:
        return FormatError(f"the candidate string after the givens has {n} characters, expected 729")
    return FormatError(f"the second line (FILLED) has {n} cells, expected 81")


def _merge_filled(givens: list[int], filled: list[int]) -> list[int]:
    """The board from the givens and a second line (the whole board, or own digits only)."""
    values = givens[:]
    for cell in range(81):
        g, f = givens[cell], filled[cell]
        if g and f and g != f:
            raise FormatError(f"{cell_name(cell)} is given as {g} but the second line has {f} there")
        if f:
            values[cell] = f
    return values


def _marks_from(grid_text: str) -> list[int]:
    """The 81 raw candidate masks of a pencilmark grid or 729-character string."""
    body = grid_text.strip()
    if len(body) == 729 and "\n" not in body:
        parse_sukaku(body)  # validates
        out = []
        for c in range(81):
            m = 0
            for ch in body[c * 9 : c * 9 + 9]:
                if ch in "123456789":
                    m |= DIGIT_BIT[ord(ch) - 48]
            out.append(m)
        return out
    tokens = re.sub(r"[|+\-=:*#'!_.\u2500-\u257f\[\]]", " ", body).split()
    if len(tokens) != 81:
        parse(body)  # raises the printed grid's own message, naming the row that is off
        raise FormatError(f"expected a pencilmark grid of 81 cells after the givens, got {len(tokens)} groups")
    for i, t in enumerate(tokens):
        if not t.isdigit():
            raise FormatError(f"bad pencilmark {t!r} for {cell_name(i)}: expected digits 1-9")
    return pencilmark_masks(tokens)  # what breaks the rules is a mistake against the givens' solution


def _with_marks(givens: list[int], marks: list[int], text: str) -> Position:
    values = [MASK_DIGITS[m][0] if len(MASK_DIGITS[m]) == 1 else 0 for m in marks]
    for cell in range(81):
        if givens[cell] and values[cell] != givens[cell]:
            raise FormatError(
                f"{cell_name(cell)} is given as {givens[cell]} but the pencilmarks have "
                f"{''.join(map(str, MASK_DIGITS[marks[cell]])) or 'nothing'} there"
            )
    return Position(givens, values, [0 if values[c] else marks[c] for c in range(81)], text)


def load_position(text: str) -> Position:
    """Read one position in any form the module docstring lists.

    Raises :class:`FormatError` or :class:`InvalidPuzzle` with a one-line message.
    """
    stripped = text.strip().lstrip("\ufeff").strip()
    if not stripped:
        raise FormatError("empty input: expected a puzzle")
    if stripped.startswith(":"):
        case = parse_reglib(stripped.splitlines()[0])
        g = case.grid
        givens = [g.values[c] if g.givens >> c & 1 else 0 for c in range(81)]
        return Position(givens, g.values[:], g.cands[:], stripped)
    lines = [ln for ln in stripped.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise FormatError("no puzzle found: only comments")
    first = _SPLIT.split(lines[0].strip())[0]
    rest_tokens = _SPLIT.split(lines[0].strip())[1:]
    plus = plus_line(first)
    if plus is not None:
        givens, values = plus
        check_duplicates(givens)
        problem = Grid.from_values(givens).contradiction()
        if problem:
            raise DeadGivens(problem)
        return Position(givens, values, None, stripped)
    if is_line(first):
        puzzle = parse(first)  # the standard checks and messages (duplicates, no candidate left)
        givens = line_values(first)
        following = rest_tokens[:1] if rest_tokens and (is_line(rest_tokens[0]) or len(rest_tokens[0]) == 729) else []
        if rest_tokens and not following:
            if plus_line(rest_tokens[0]) is not None:
                following = rest_tokens[:1]
            elif _meant_as_position(rest_tokens[0]):
                raise _explain_second(rest_tokens[0])
        if following:
            second = following[0]
            if len(lines) > 1:
                raise FormatError("expected nothing after 'GIVENS FILLED' on one line")
        elif len(lines) > 1:
            second = "\n".join(lines[1:])
        else:
            return Position(givens, givens[:], None, stripped, _puzzle=puzzle)
        tok = second.strip()
        if is_line(tok):
            return Position(givens, _merge_filled(givens, line_values(tok)), None, stripped)
        plus2 = plus_line(tok)
        if plus2 is not None:
            return Position(givens, _merge_filled(givens, plus2[1]), None, stripped)
        return _with_marks(givens, _marks_from(tok), stripped)
    grid = parse(text)  # not stripped: a printed grid's leading blanks are empty cells
    derived = Grid.from_values(grid.values)
    marked = any(grid.cands[c] != derived.cands[c] for c in range(81))
    return Position(None, grid.values[:], grid.cands[:] if marked else None, stripped)


def rated_grid(text: str) -> tuple[Grid, str]:
    """The grid ``sudoku rate`` rates for an entry's text and the puzzle its row shows: the
    puzzle's givens (a pencilmark grid without givens as it stands, shown as its
    729-character string). Raises SudokuError with the parser's message."""
    pos = load_position(text)
    grid = pos.puzzle()
    if pos.givens is None and pos.marks is not None:
        return grid, to_sukaku(grid)
    return grid, grid.values_string()


def entry_puzzle(text: str) -> str | None:
    """The puzzle a row of this entry shows, or None if the entry is not a puzzle."""
    try:
        return rated_grid(text)[1]
    except SudokuError:
        return None
