"""Resolving a command-line PUZZLE argument: a literal position, a file path, or ``-``."""
from __future__ import annotations

import os
from typing import Iterator

from sudoku_logic.core.errors import FormatError, SudokuError
from sudoku_logic.core.formats import CELL_CHARS, Entry, iter_entries, parse


def looks_like_path(arg: str) -> bool:
    """Whether an argument that did not parse as a puzzle was probably meant as a file (and
    not as a puzzle with a typo: mostly digits and dots)."""
    if len(arg) >= 20 and sum(ch in CELL_CHARS for ch in arg) >= 0.8 * len(arg):
        return False
    if os.sep in arg or "/" in arg:
        return True
    stem, dot, ext = arg.rpartition(".")
    return bool(dot and stem and ext.isalpha() and len(ext) <= 5)


def _is_binary(path: str) -> bool:
    """Whether a file starts with binary data (a NUL byte in its first 8 KiB)."""
    try:
        with open(path, "rb") as fh:
            return b"\x00" in fh.read(8192)
    except OSError:
        return False


def entries(arg: str) -> Iterator[Entry]:
    """The positions an argument stands for: every entry of a file or stdin, else the literal.

    A literal that does not parse gives one entry carrying the error; a path that does not
    exist is reported as such rather than as a malformed puzzle.
    """
    if os.path.isdir(arg):
        yield Entry(0, arg, error=FormatError(f"{arg} is a directory, not a puzzle file"))
        return
    if arg == "-" or os.path.exists(arg):
        name = "stdin" if arg == "-" else arg
        if arg != "-" and _is_binary(arg):
            yield Entry(0, arg, error=FormatError(f"{name} is not a text file of puzzles (it holds binary data)"))
            return
        any_entry = False
        for entry in iter_entries(arg):
            any_entry = True
            yield entry
        if not any_entry:
            yield Entry(0, arg, error=FormatError(f"{name} has no puzzle"))
        return
    try:
        yield Entry(0, arg, grid=parse(arg))
    except SudokuError as e:
        if looks_like_path(arg.strip()) and "\n" not in arg:
            e = FormatError(f"no such file: {arg}")
        yield Entry(0, arg, error=e)


def where(arg: str, entry: Entry) -> str:
    """Prefix naming where an entry came from: ``FILE line N: `` for files, else empty."""
    if entry.lineno:
        name = "stdin" if arg == "-" else arg
        return f"{name} line {entry.lineno}: "
    return ""
