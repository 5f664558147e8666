"""Reading and writing positions.

Input formats (all detected automatically by :func:`parse`):

- an 81-character line, ``.``/``0``/``-`` for an empty cell; whatever follows the first
  whitespace or comma is a label and ignored;
- a 9-line grid with any decoration (``|``, ``+``, ``-``, box-drawing characters...), its rows
  written in runs too (Simple Sudoku's ``...|..9|.8.``);
- a pencilmark grid: 81 candidate groups as HoDoKu and Sudoku Explainer print them; a cell
  with one candidate counts as solved;
- the 729-character candidate string (Sukaku): 9 characters a cell, the digit or ``0``/``.``;
- one line of HoDoKu's regression library ``:code:digits:givens:deleted:elims:placements:extra``.

This module parses one position's text; :mod:`sudoku_logic.app.io.reader` decides what the
entries of a file are.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from sudoku_logic.core.errors import DeadGivens, FormatError
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_BIT, DIGIT_BIT, MASK_DIGITS

CELL_CHARS = frozenset("0123456789.")
#: the characters of an empty cell in an 81-character line (``_`` and ``*`` as some programs write it)
EMPTY_CHARS = frozenset(".0-_*")
LINE_CHARS = frozenset("123456789") | EMPTY_CHARS
_EMPTY_BYTES = "".join(sorted(EMPTY_CHARS)).encode("ascii")
_LINE_BYTES = _EMPTY_BYTES + b"123456789"
_LINE_VALUES = bytes.maketrans(_LINE_BYTES, bytes([0] * len(_EMPTY_BYTES) + list(range(1, 10))))
_DECORATION = re.compile(r"[|+\-=:*#'!_\u2500-\u257f\[\]]")
_LABEL_SPLIT = re.compile(r"[\s,;]")


@dataclass
class RegLibCase:
    """One line of HoDoKu's regression library, parsed."""

    code: str
    digits: str
    grid: Grid
    eliminations: list[tuple[int, int]] = field(default_factory=list)
    placements: list[tuple[int, int]] = field(default_factory=list)
    extra: str = ""
    line: str = ""

    @property
    def base_code(self) -> str:
        """The technique code without the variant (``0707`` for ``0707-2``)."""
        return self.code.split("-")[0]

    @property
    def fail_case(self) -> bool:
        """A ``-x`` line: the technique must find nothing."""
        return self.code.endswith("-x")


# ---------------------------------------------------------------- parsing


def parse(text: str) -> Grid:
    """Parse one position in any supported format into a :class:`Grid`.

    Raises :class:`FormatError` (unreadable) or :class:`InvalidPuzzle` (breaks the rules),
    each with a one-line message that says what is wrong and where.
    """
    stripped = text.strip().lstrip("\ufeff").strip()  # a byte-order mark is not content
    if not stripped:
        raise FormatError("empty input: expected a puzzle")
    if stripped.startswith(":"):
        return parse_reglib(stripped).grid
    lines = [ln for ln in stripped.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise FormatError("no puzzle found: only comments")
    if len(lines) == 1:
        first = _LABEL_SPLIT.split(lines[0].strip(), maxsplit=1)[0]
        if line_values(first) is not None:
            return _from_line(first)
        if len(first) == 729:
            return parse_sukaku(first)
        tokens = _DECORATION.sub(" ", lines[0]).split()
        if len(tokens) >= 81:
            return _from_tokens(tokens[:81], 1)
        if len(tokens) >= 20 and all(t.isdigit() for t in tokens):
            raise FormatError(
                f"{len(tokens)} candidate groups on one line, expected 81 (a pencilmark grid has one for each cell)"
            )
        _explain_bad_line(first)
    grid_lines = [ln for ln in lines if not _is_border(ln)]
    blanks = _blank_cells(_raw_rows(text))
    if blanks is not None:
        return _from_line(blanks)
    return _from_grid_lines([_DECORATION.sub(" ", ln).split() for ln in grid_lines])


_BARS = re.compile(r"[|\u2502\u2503\u2551]")


def _raw_rows(text: str) -> list[str]:
    """The lines of a printed grid as written (leading spaces kept: they are empty cells),
    without borders, comments and the empty lines around it."""
    rows = [ln for ln in text.lstrip("\ufeff").splitlines() if not _is_border(ln) and not ln.lstrip().startswith("#")]
    while rows and not rows[0].strip():
        rows.pop(0)
    while rows and not rows[-1].strip():
        rows.pop()
    return rows


def _blank_cells(lines: list[str]) -> str | None:
    """The 81 cells of a 9-line grid that leaves empty cells blank, as printed puzzles do
    (``4   3    `` a row: a space is an empty cell, bars between boxes are left out), or
    None if the lines are not such a grid."""
    if len(lines) != 9:
        return None
    rows = [_BARS.sub("", ln.rstrip("\r\n")).rstrip() for ln in lines]
    if not any(" " in r for r in rows) or any(len(r) > 9 or not set(r) <= CELL_CHARS | {" "} for r in rows):
        return None
    return "".join(r.ljust(9).replace(" ", ".") for r in rows)


def _is_border(line: str) -> bool:
    """A decoration line of a printed grid: no digit, and dashes or box-drawing characters."""
    return not any(ch.isdigit() for ch in line) and any(ch in "-=" or "\u2500" <= ch <= "\u257f" for ch in line)


def _explain_bad_line(token: str) -> None:
    """Raise a FormatError describing why a one-line token is not a puzzle."""
    for i, ch in enumerate(token):
        if ch not in LINE_CHARS:
            raise FormatError(
                f"bad character {ch!r} at position {i + 1}: expected 1-9, or '.', '0', '-', '_' or '*' for empty"
            )
    if len(token) > 300:
        raise FormatError(f"expected a candidate string of 729 characters, got {len(token)}")
    raise FormatError(f"expected 81 cells, got {len(token)}")


def line_values(token: str) -> bytes | None:
    """The 81 values of an 81-character line of cells (1-9, and one of :data:`EMPTY_CHARS` for
    an empty cell, 0) as bytes; None when ``token`` is not such a line. The one reader of that
    line: the parser, the input reader and bulk rating all read it here."""
    if len(token) != 81 or not token.isascii():
        return None
    b = token.encode("ascii")
    if b.translate(None, _LINE_BYTES):
        return None
    return b.translate(_LINE_VALUES)


#: numpy's scalars that count as integers in Python's number tower but are no numbers of a cell
_NOT_NUMBERS = frozenset({"bool_", "timedelta64", "datetime64"})


def cell_digit(value: object) -> int:
    """A cell of a puzzle given as numbers: an integer 0-9 (0 for empty), or a float that is
    one exactly. Raises ValueError saying what the value is otherwise (a bool, a fraction,
    NaN, infinity, a complex number, text, a time, out of range)."""
    if isinstance(value, bool) or type(value).__name__ in _NOT_NUMBERS:
        raise ValueError(f"holds {value!r} ({type(value).__name__}), not a number")
    if isinstance(value, numbers.Integral):
        digit = int(value)
    elif isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral):
        f = float(value)
        if not math.isfinite(f) or not f.is_integer():
            raise ValueError(f"holds {value!r}, not a whole number")
        digit = int(f)
    else:
        raise ValueError(f"holds {value!r} ({type(value).__name__}), not a number")
    if not 0 <= digit <= 9:
        raise ValueError(f"holds {value!r}, not a digit 0-9 (0 for empty)")
    return digit


def _from_line(s: str) -> Grid:
    values = line_values(s)
    if values is None:
        raise FormatError(f"expected 81 cells, got {len(s)}")
    grid = Grid.from_values(list(values))  # two givens of a digit in a house: InvalidPuzzle
    problem = grid.contradiction()
    if problem:
        raise DeadGivens(problem)
    return grid


def _from_tokens(tokens: list[str], nlines: int) -> Grid:
    """Grid from whitespace-separated tokens on one line: 81 candidate groups or cells."""
    return _from_grid_lines([tokens])


def _from_grid_lines(lines: list[list[str]]) -> Grid:
    """Grid from the tokens of each line of a printed grid: 81 candidate groups (pencilmarks)
    or 81 cell characters; errors name the row of the grid that is wrong."""
    tokens = [t for ln in lines for t in ln]
    one_per_line = len(lines) > 1 and all(len(ln) == 1 for ln in lines)
    # a grid of cells written in runs (Simple Sudoku's ``...|..9|.8.``): nine rows of 9 cells
    runs = len(lines) == 9 and len(tokens) != 81 and all(len("".join(ln)) == 9 for ln in lines)
    marks = any(len(t) > 1 for t in tokens) and not one_per_line and not runs and len(tokens) >= 9
    what = "pencilmark grid" if marks else "grid"
    row = "row" if len(lines) == 9 else "line"
    for n, ln in enumerate(lines, 1):
        for t in ln:
            for ch in t:
                if marks and not (ch.isascii() and ch.isdigit()):
                    raise FormatError(
                        f"bad character {ch!r} in {row} {n} of the pencilmark grid: expected candidate digits 1-9"
                    )
                if not marks and ch not in CELL_CHARS:
                    where = f" in {row} {n} of the grid" if len(lines) > 1 else ""
                    raise FormatError(f"bad character {ch!r}{where}: expected 1-9, '.' or '0'")
    if marks:
        if len(tokens) != 81:
            raise FormatError(_count_problem(lines, [len(ln) for ln in lines], "candidate groups", what, len(tokens)))
        return parse_pencilmarks(tokens)
    s = "".join(tokens)
    if len(s) == 81:
        return _from_line(s)
    if len(s) == 729:
        return parse_sukaku(s)
    if len(lines) == 1:
        raise FormatError(f"expected 81 cells, got {len(s)}")
    return _raise_count(lines, what, len(s))


def _raise_count(lines: list[list[str]], what: str, total: int) -> Grid:
    raise FormatError(_count_problem(lines, [len("".join(ln)) for ln in lines], "cells", what, total))


def _count_problem(lines: list[list[str]], counts: list[int], unit: str, what: str, total: int) -> str:
    """The message for a printed grid of the wrong size: the row that is off when there
    are nine rows, else the number of rows or the total."""
    if len(lines) == 9:
        off = [(n, c) for n, c in enumerate(counts, 1) if c != 9]
        if off:
            n, c = off[0]
            more = f" (and {len(off) - 1} more row{'s' if len(off) > 2 else ''})" if len(off) > 1 else ""
            return f"row {n} of the {what} has {c} {unit}, expected 9{more}"
    if all(c == 9 for c in counts):
        return f"the {what} has {len(lines)} rows of 9 {unit}, expected 9 rows"
    return f"expected 81 {unit} in 9 rows, got {total} in {len(lines)} lines"


def parse_pencilmarks(tokens: list[str]) -> Grid:
    """Grid from 81 candidate groups (``"13"`` means candidates 1 and 3)."""
    return Grid.from_candidates(pencilmark_masks(tokens))


def pencilmark_masks(tokens: list[str]) -> list[int]:
    """The 81 candidate masks of candidate groups as written (``"13"``: 1 and 3); FormatError
    for a ``0`` or a digit written twice. Whether they break the rules is not checked."""
    cands = []
    for i, t in enumerate(tokens):
        m = 0
        for ch in t:
            if ch == "0":
                raise FormatError(f"bad candidate '0' in r{i // 9 + 1}c{i % 9 + 1}")
            b = DIGIT_BIT[ord(ch) - 48]
            if m & b:
                raise FormatError(f"candidate {ch} written twice in r{i // 9 + 1}c{i % 9 + 1}")
            m |= b
        cands.append(m)
    return cands


def parse_sukaku(s: str) -> Grid:
    """Grid from the 729-character candidate string (9 characters a cell)."""
    if len(s) != 729:
        raise FormatError(f"expected 729 characters for a candidate string, got {len(s)}")
    cands = []
    for cell in range(81):
        m = 0
        for k in range(9):
            ch = s[cell * 9 + k]
            if ch in "0.":
                continue
            if ch in "123456789":
                m |= DIGIT_BIT[ord(ch) - 48] if ch != str(k + 1) else DIGIT_BIT[k + 1]
            else:
                raise FormatError(f"bad character {ch!r} at position {cell * 9 + k + 1} of the candidate string")
        if not m:
            raise FormatError(f"r{cell // 9 + 1}c{cell % 9 + 1} has no candidate in the candidate string")
        cands.append(m)
    return Grid.from_candidates(cands)


def _triples(field_text: str) -> list[tuple[int, int]]:
    """``"436 257"`` -> [(cell, digit)...]: digit, row, column triples."""
    out = []
    for t in field_text.split():
        if len(t) != 3 or not t.isdigit() or "0" in t:
            raise FormatError(f"bad candidate triple {t!r}: expected digit, row and column 1-9")
        out.append(((int(t[1]) - 1) * 9 + int(t[2]) - 1, int(t[0])))
    return out


def parse_reglib(line: str) -> RegLibCase:
    """Parse one line of HoDoKu's regression library into its position and expectations."""
    parts = line.strip().split(":")
    if len(parts) < 7 or parts[0] != "":
        raise FormatError(
            "a regression-library line has the form :code:digits:givens:deleted:eliminations:placements:extra"
        )
    code, digits, givens, deleted, elims, placements = parts[1:7]
    extra = parts[7] if len(parts) > 7 else ""
    values: list[int] = []
    given_mask = 0
    plus = False
    for ch in givens:
        if ch == "+":
            plus = True
            continue
        if ch in ".0":
            values.append(0)
        elif ch in "123456789":
            if not plus:
                given_mask |= CELL_BIT[len(values)]
            values.append(ord(ch) - 48)
        else:
            raise FormatError(f"bad character {ch!r} in the givens of a regression-library line")
        plus = False
    if len(values) != 81:
        raise FormatError(f"expected 81 cells in the givens, got {len(values)}")
    grid = Grid.from_values(values, givens=given_mask)
    for cell, d in _triples(deleted):
        grid.eliminate(cell, d)
    return RegLibCase(code, digits, grid, _triples(elims), _triples(placements), extra, line.strip())


# ---------------------------------------------------------------- writing


def to_line(grid: Grid, empty: str = ".") -> str:
    """The 81-character line of the grid's values."""
    return grid.values_string(empty)


def to_sukaku(grid: Grid) -> str:
    """The 729-character candidate string (placed cells show their digit alone)."""
    out = []
    for cell in range(81):
        m = grid.cands[cell] if not grid.values[cell] else DIGIT_BIT[grid.values[cell]]
        out.append("".join(str(d) if m & DIGIT_BIT[d] else "0" for d in range(1, 10)))
    return "".join(out)


def to_grid(grid: Grid) -> str:
    """A 9-line grid of values with box separators."""
    rows = []
    for r in range(9):
        if r and r % 3 == 0:
            rows.append("------+-------+------")
        cells = [str(v) if v else "." for v in grid.values[r * 9 : r * 9 + 9]]
        rows.append(" | ".join(" ".join(cells[i : i + 3]) for i in (0, 3, 6)))
    return "\n".join(rows)


def cell_tokens(grid: Grid) -> list[str]:
    """Candidate group of each cell as text (a placed cell shows its digit)."""
    return [str(grid.values[c]) if grid.values[c] else "".join(map(str, MASK_DIGITS[grid.cands[c]])) for c in range(81)]


def pencilmark_frame(lengths: Sequence[int]) -> tuple[list[int], tuple[str, str, str]]:
    """For the 81 cells' text lengths of a pencilmark grid: each column's width and the
    grid's top, middle and bottom borders (which line up with rows laid out as
    :func:`to_pencilmarks` lays them out)."""
    width = [max(lengths[r * 9 + c] for r in range(9)) for c in range(9)]
    # a box's cells: a space, then each token padded to its column's width plus one, with a
    # space between them: the width plus 6, which the border's dashes match
    seg = ["-" * (sum(width[s * 3 : s * 3 + 3]) + 2 * 3) for s in range(3)]
    return width, ("." + ".".join(seg) + ".", ":" + "+".join(seg) + ":", "'" + "'".join(seg) + "'")


def to_pencilmarks(grid: Grid) -> str:
    """The pencilmark grid as HoDoKu prints it (and reads back)."""
    tokens = cell_tokens(grid)
    width, (top, mid, bottom) = pencilmark_frame([len(t) for t in tokens])
    out = [top]
    for r in range(9):
        if r and r % 3 == 0:
            out.append(mid)
        parts = []
        for s in range(3):
            parts.append(" " + " ".join(tokens[r * 9 + c].ljust(width[c] + 1) for c in range(s * 3, s * 3 + 3)))
        out.append("|" + "|".join(parts) + "|")
    out.append(bottom)
    return "\n".join(out)
