"""sudoku-logic: a candidate-grid sudoku engine that solves like a person and explains itself."""
from .errors import (
    Contradiction, FormatError, InvalidPuzzle, MultipleSolutions, NoSolution, SudokuError,
)
from .formats import parse
from .grid import Grid

__version__ = "0.1.0"
__all__ = [
    "Contradiction", "FormatError", "Grid", "InvalidPuzzle", "MultipleSolutions", "NoSolution",
    "SudokuError", "parse",
]
