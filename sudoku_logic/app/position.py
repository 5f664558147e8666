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

import os
import re
import sys
from dataclasses import dataclass, field
from typing import Iterator

from sudoku_logic.core import dlx
from sudoku_logic.core.errors import FormatError, InvalidPuzzle, MultipleSolutions, NoSolution, SudokuError
from sudoku_logic.core.formats import (
    LINE_CHARS, MAX_LINE, TOO_LONG, _is_header, _read_lines, open_source, parse, parse_pencilmarks,
    parse_reglib, parse_sukaku,
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

def _is_line(token: str) -> bool:
    return len(token) == 81 and set(token) <= LINE_CHARS


def _line_values(token: str) -> list[int]:
    return [0 if ch in ".0-" else ord(ch) - 48 for ch in token]


def _plus_line(token: str) -> tuple[list[int], list[int]] | None:
    """(givens, values) of a HoDoKu ``+`` line, or None if the token is not one."""
    if "+" not in token or len(token.replace("+", "")) != 81:
        return None
    givens, values, plus = [], [], False
    for ch in token:
        if ch == "+":
            if plus:
                raise FormatError("'++' in a line with placed digits: '+' goes once before a placed digit")
            plus = True
            continue
        if ch not in LINE_CHARS:
            raise FormatError(f"bad character {ch!r} in a line with placed digits: expected 1-9, '.', '0' or '+'")
        v = 0 if ch in ".0-" else ord(ch) - 48
        if plus and not v:
            raise FormatError(f"'+' before an empty cell at {cell_name(len(values))}")
        values.append(v)
        givens.append(0 if plus else v)
        plus = False
    return givens, values


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
            for ch in body[c * 9:c * 9 + 9]:
                if ch in "123456789":
                    m |= DIGIT_BIT[ord(ch) - 48]
            out.append(m)
        return out
    tokens = re.sub(r"[|+\-=:*#'!_.\u2500-\u257f\[\]]", " ", body).split()
    if len(tokens) != 81:
        raise FormatError(f"expected a pencilmark grid of 81 cells after the givens, got {len(tokens)} groups")
    for i, t in enumerate(tokens):
        if not t.isdigit():
            raise FormatError(f"bad pencilmark {t!r} for {cell_name(i)}: expected digits 1-9")
    parse_pencilmarks(tokens)  # validates digits
    out = []
    for t in tokens:
        m = 0
        for ch in t:
            m |= DIGIT_BIT[ord(ch) - 48]
        out.append(m)
    return out


def _with_marks(givens: list[int], marks: list[int], text: str) -> Position:
    values = [MASK_DIGITS[m][0] if len(MASK_DIGITS[m]) == 1 else 0 for m in marks]
    for cell in range(81):
        if givens[cell] and values[cell] != givens[cell]:
            raise FormatError(f"{cell_name(cell)} is given as {givens[cell]} but the pencilmarks have "
                              f"{''.join(map(str, MASK_DIGITS[marks[cell]])) or 'nothing'} there")
    return Position(givens, values, [0 if values[c] else marks[c] for c in range(81)], text)


def load_position(text: str) -> Position:
    """Read one position in any form the module docstring lists.

    Raises :class:`FormatError` or :class:`InvalidPuzzle` with a one-line message.
    """
    stripped = text.strip()
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
    plus = _plus_line(first)
    if plus is not None:
        givens, values = plus
        check_duplicates(givens)
        problem = Grid.from_values(givens).contradiction()
        if problem:
            raise InvalidPuzzle(problem)
        return Position(givens, values, None, stripped)
    if _is_line(first):
        parse(first)  # the standard checks and messages (duplicates, no candidate left)
        givens = _line_values(first)
        following = rest_tokens[:1] if rest_tokens and (_is_line(rest_tokens[0]) or len(rest_tokens[0]) == 729) else []
        if following:
            second = following[0]
            if len(lines) > 1:
                raise FormatError("expected nothing after 'GIVENS FILLED' on one line")
        elif len(lines) > 1:
            second = "\n".join(lines[1:])
        else:
            return Position(givens, givens[:], None, stripped)
        tok = second.strip()
        if _is_line(tok):
            return Position(givens, _merge_filled(givens, _line_values(tok)), None, stripped)
        plus2 = _plus_line(tok)
        if plus2 is not None:
            return Position(givens, _merge_filled(givens, plus2[1]), None, stripped)
        return _with_marks(givens, _marks_from(tok), stripped)
    grid = parse(stripped)
    derived = Grid.from_values(grid.values)
    marked = any(grid.cands[c] != derived.cands[c] for c in range(81))
    return Position(None, grid.values[:], grid.cands[:] if marked else None, stripped)


# ---------------------------------------------------------------- files

def _one_line_position(line: str) -> bool:
    tok = _SPLIT.split(line.strip())[0]
    return bool(re.match(r":\d", line.lstrip())) or _is_line(tok) or len(tok) == 729 or _plus_line(tok) is not None


def _continues(a: str, b: str) -> bool:
    """Whether line ``b`` reads as the FILLED line of the givens line ``a``."""
    ta, tb = _SPLIT.split(a.strip()), _SPLIT.split(b.strip())
    if len(ta) > 1 and (_is_line(ta[1]) or len(ta[1]) == 729):
        return False  # a already carries its second part
    if not (_is_line(ta[0]) and _is_line(tb[0])):
        return False
    va, vb = _line_values(ta[0]), _line_values(tb[0])
    shared = [c for c in range(81) if va[c] and vb[c]]
    if any(va[c] != vb[c] for c in shared):
        return False
    return any(vb[c] and not va[c] for c in range(81))


def split_positions(text: str) -> list[tuple[int, str]]:
    """Cut a file's text into positions: ``(line number, text)`` each (see
    :func:`split_numbered`)."""
    return split_numbered(list(enumerate(text.splitlines(), 1)))


def split_numbered(numbered: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Cut numbered lines into positions: ``(line number, text)`` each.

    One position per line (``#`` comments, blank lines and a CSV header skipped), except
    that an input of exactly two lines, a givens line and a line that fits it (same digits
    where both have one, at least one more digit), is read as ``GIVENS FILLED``. (In a file
    of many puzzles, two neighbouring puzzles can fit each other by chance, so there the
    pair must be written on one line.) The whole text is one
    position when its first line is not a one-line position (a printed grid, a pencilmark
    grid) or when a givens line is followed only by a pencilmark grid.
    """
    lines = [(i, ln) for i, ln in numbered if ln.strip() and not ln.lstrip().startswith("#")]
    if lines and lines[0][0] == 1 and _is_header(lines[0][1]):
        lines = lines[1:]
    if not lines:
        return []
    whole = [(lines[0][0], "\n".join(ln for _, ln in lines))]
    if not _one_line_position(lines[0][1]):
        return whole
    rest = lines[1:]
    first = _SPLIT.split(lines[0][1].strip())
    if (rest and _is_line(first[0]) and len(first) == 1 and not any(_one_line_position(ln) for _, ln in rest)
            and (len(rest) >= 2 or len(rest[0][1].split()) >= 81)):
        return whole
    out = []
    i = 0
    while i < len(lines):
        n, ln = lines[i]
        if len(lines) == 2 and i == 0 and _continues(ln, lines[1][1]):
            out.append((n, ln.strip() + "\n" + lines[i + 1][1].strip()))
            i += 2
        else:
            out.append((n, ln))
            i += 1
    return out


@dataclass
class PositionEntry:
    """One position read from an argument: where it came from, and the position or error."""

    where: str
    text: str
    position: Position | None = None
    error: SudokuError | None = None


def position_entries(arg: str) -> Iterator[PositionEntry]:
    """The positions a command-line argument stands for: a literal, a file, or ``-``.

    Files are read as :func:`sudoku_logic.app.inputs.entries` reads them (binary data, an
    empty file, an over-long line are each reported in one line), then cut into positions
    by :func:`split_numbered`. Errors are attached to entries, never raised.
    """
    from sudoku_logic.app.inputs import _is_binary, looks_like_path
    if os.path.isdir(arg):
        yield PositionEntry("", arg, error=FormatError(f"{arg} is a directory, not a puzzle file"))
        return
    if arg == "-" or os.path.exists(arg):
        name = "stdin" if arg == "-" else arg
        if arg != "-" and _is_binary(arg):
            yield PositionEntry("", arg, error=FormatError(f"{name} is not a text file of puzzles (it holds binary data)"))
            return
        try:
            fh = open_source(arg)
        except FormatError as e:
            yield PositionEntry("", arg, error=e)
            return
        try:
            numbered = list(_read_lines(fh))
        finally:
            if fh is not sys.stdin:
                fh.close()
        long_lines = {n for n, ln in numbered if ln.endswith(TOO_LONG)}
        chunks = split_numbered([(n, "" if n in long_lines else ln) for n, ln in numbered])
        for n in sorted(long_lines):
            chunks.append((n, TOO_LONG))
        chunks.sort(key=lambda c: c[0])
        if not chunks:
            yield PositionEntry("", arg, error=FormatError(f"{name} has no puzzle"))
        for lineno, chunk in chunks:
            where = f"{name} line {lineno}: "
            if chunk == TOO_LONG:
                yield PositionEntry(where, "", error=FormatError(f"line too long (over {MAX_LINE} characters)"))
            else:
                yield _entry(where, chunk)
        return
    entry = _entry("", arg)
    if entry.error is not None and looks_like_path(arg.strip()) and "\n" not in arg and " " not in arg.strip():
        entry.error = FormatError(f"no such file: {arg}")
    yield entry


def _entry(where: str, text: str) -> PositionEntry:
    try:
        return PositionEntry(where, text, position=load_position(text))
    except SudokuError as e:
        return PositionEntry(where, text, error=e)
