"""Typed exceptions: every one carries a one-line message that says what is wrong and where."""

from __future__ import annotations


class SudokuError(ValueError):
    """Base class of every error this package raises about a puzzle or its input."""


class FormatError(SudokuError):
    """The text is not a position in any format we read (wrong length, bad character...)."""


class InvalidPuzzle(SudokuError):
    """The position breaks the rules: a digit twice in a house, a cell with no candidate,
    a digit with no place left in a house."""


class NoSolution(SudokuError):
    """The position is well formed but has no solution."""


class DeadGivens(InvalidPuzzle, NoSolution):
    """The givens break no rule, but leave a cell without a candidate or a digit without a
    place in a house: the puzzle is well formed and has no solution (``check`` answers "not
    valid"; the other commands report it as bad input)."""


class MultipleSolutions(SudokuError):
    """The puzzle has more than one solution."""


class Contradiction(SudokuError):
    """A step or assumption led the grid into an impossible state (used by searches)."""
