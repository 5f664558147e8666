"""Where the puzzle of a line is: a line's fields, a CSV header and the column it names, a
SadMan ``.sdk`` file's sections, and :func:`puzzle_first`, which finds the puzzle of a line
that has a label before it or quoted CSV fields. The reader (:mod:`sudoku_logic.app.io.reader`)
cuts files into entries with these; the parser reads the puzzle as it is."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from sudoku_logic.api.position import is_line, plus_line
from sudoku_logic.core.errors import SudokuError
from sudoku_logic.core.formats import CELL_CHARS, EMPTY_CHARS

_SPLIT = re.compile(r"[\s,;]+")
_TOKEN = re.compile(r"[^\s,;]+")

#: the names a CSV header gives the column that holds the puzzle (matched without case)
PUZZLE_COLUMNS = ("puzzle", "puzzles", "quizzes", "quiz", "sudoku", "grid", "givens", "clues", "problem", "board")
_SECTION = re.compile(r"\s*\[([A-Za-z][\w ]*)\]\s*$")


def fields(line: str, columns: bool = False) -> list[str]:
    """The fields of a line: CSV fields (quotes removed) when it has quotes, else the tokens
    between whitespace, commas and semicolons. With ``columns`` (a row of a CSV with a
    header), the CSV fields, empty ones kept, so that each is in its header's column."""
    s = line.strip()
    if '"' not in s and not columns:
        return [f for f in _SPLIT.split(s) if f]
    delimiter = next((d for d in ",;\t" if d in s), " ")
    try:
        row = next(csv.reader([s], delimiter=delimiter, skipinitialspace=True), [])
    except csv.Error:  # a stray line end or NUL inside: no CSV, its tokens as they are
        return [f for f in _SPLIT.split(s.replace('"', " ")) if f]
    return [f.strip() for f in row if columns or f.strip()]


def is_header(line: str) -> bool:
    """Whether a first line is a CSV header (``puzzle,rating,...``, quoted or not), not a puzzle."""
    names = fields(line)
    return bool(re.search(r"[,;\t]", line)) and bool(names) and names[0].isalpha() and not one_line_position(line)


def header_column(line: str) -> int | None:
    """The puzzle's column in a CSV header (named as :data:`PUZZLE_COLUMNS` says), or None."""
    names = [f.lower() for f in fields(line, columns=True)]
    return next((i for i, n in enumerate(names) if n in PUZZLE_COLUMNS), None)


class Header:
    """Remembers the puzzle column a CSV header on line 1 names, as the lines pass."""

    def __init__(self) -> None:
        self.column: int | None = None

    def read(self, numbered: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
        """The numbered lines unchanged, :attr:`column` set from a header on line 1."""
        for lineno, line in numbered:
            if lineno == 1 and is_header(line):
                self.column = header_column(line)
            yield lineno, line


def sections(numbered: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Numbered lines without the sections of a SadMan ``.sdk`` file other than ``[Puzzle]``
    (``[State]``: the game in progress) and without the section names; lines before any
    section name pass as they are."""
    keep = True
    for lineno, line in numbered:
        m = _SECTION.match(line)
        if m:
            keep = m.group(1).strip().lower() == "puzzle"
            continue
        if keep:
            yield lineno, line


def _position_token(tok: str) -> bool:
    """Whether a token is a position on its own: an 81-character line, a 729-character
    candidate string or HoDoKu's ``+`` line (one with a mistake included)."""
    if is_line(tok) or len(tok) == 729:
        return True
    try:
        return plus_line(tok) is not None
    except SudokuError:
        return True  # a '+' line with a mistake: still one line, reported as such


def _meant_as_puzzle(tok: str) -> bool:
    """Whether a field that is no position was meant as one (long, and mostly cells)."""
    return len(tok) >= 20 and sum(ch in CELL_CHARS or ch in EMPTY_CHARS or ch == "+" for ch in tok) >= 0.8 * len(tok)


def puzzle_first(line: str, column: int | None = None) -> tuple[str, str] | None:
    """A one-line entry whose puzzle is not its first plain token (a label before it, quoted
    CSV fields, a CSV row whose header names the puzzle's ``column``): the position's text
    (the puzzle, and the FILLED line or candidate string after it) and the other fields as
    its label; None for any other line (read as it is)."""
    s = line.strip()
    if not s or "\n" in s or s.startswith(":"):
        return None
    quoted = '"' in s
    if column is None and not quoted and _position_token(_SPLIT.split(s, maxsplit=1)[0]):
        return None
    if column is not None:
        cols = fields(s, columns=True)
        if column < len(cols) and (_position_token(cols[column]) or _meant_as_puzzle(cols[column])):
            return cols[column], ",".join(f for k, f in enumerate(cols) if k != column and f)
    if not quoted:  # the label as written around the puzzle (spaces in it kept)
        spans = [(m.start(), m.end()) for m in _TOKEN.finditer(s)]
        fs = [s[a:b] for a, b in spans]
    else:
        fs = fields(s)
    i = next((k for k, f in enumerate(fs) if _position_token(f)), None)
    if i is None:
        i = next((k for k, f in enumerate(fs) if _meant_as_puzzle(f)), None)
    if i is None or (i == 0 and not quoted):
        return None
    end = i + 2 if i + 1 < len(fs) and _position_token(fs[i + 1]) else i + 1
    if quoted:
        return " ".join(fs[i:end]), ",".join(fs[:i] + fs[end:])
    before, after = s[: spans[i][0]].rstrip(" \t,;"), s[spans[end - 1][1] :].lstrip(" \t,;")
    return " ".join(fs[i:end]), ",".join(part for part in (before, after) if part)


@lru_cache(maxsize=256)
def one_line_position(line: str) -> bool:
    """Whether a line holds a position that fits on one line: an 81-character line, a
    729-character candidate string, HoDoKu's ``+`` line or a regression-library line, first
    or after a label, quoted or not. (Remembered for the last lines asked: the reader asks of
    each line as it looks ahead and again when the line comes.)"""
    s = line.strip()
    if s.startswith(":"):
        return bool(re.match(r":\d", s))
    return _position_token(_SPLIT.split(s, maxsplit=1)[0]) or puzzle_first(s) is not None
