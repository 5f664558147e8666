"""sudoku-logic: a candidate-grid sudoku engine that solves like a person and explains itself.

The programmatic API lives in :mod:`sudoku_logic.api`; its functions are also available
here (``sudoku_logic.load``, ``next_step``, ``steps``, ``solve_path``, ``rate``, ``hint``,
``validate``, ``to_html``), imported on first use so that importing this package does not
pull in every strategy module.
"""

from __future__ import annotations

import importlib
from typing import Any

from sudoku_logic.core.errors import (
    Contradiction,
    FormatError,
    InvalidPuzzle,
    MultipleSolutions,
    NoSolution,
    SudokuError,
)
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid

__version__ = "0.1.0"

#: Names imported lazily: name -> module that defines it.
_LAZY = {
    "api": "sudoku_logic.api",
    "dlx": "sudoku_logic.core.dlx",
    "load": "sudoku_logic.api",
    "validate": "sudoku_logic.api",
    "next_step": "sudoku_logic.api",
    "steps": "sudoku_logic.api",
    "solve_path": "sudoku_logic.api",
    "rate": "sudoku_logic.api",
    "hint": "sudoku_logic.api",
    "to_html": "sudoku_logic.api",
    "Position": "sudoku_logic.api.position",
    "Problem": "sudoku_logic.api.position",
    "WrongPosition": "sudoku_logic.api.position",
    "Solver": "sudoku_logic.api.solver",
    "SolveResult": "sudoku_logic.solve.loop",
    "Step": "sudoku_logic.core.step",
}

__all__ = [
    "Contradiction",
    "FormatError",
    "Grid",
    "InvalidPuzzle",
    "MultipleSolutions",
    "NoSolution",
    "SudokuError",
    "parse",
    *_LAZY,
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sudoku_logic' has no attribute {name!r}")
    mod = importlib.import_module(module)
    value = mod if name in ("api", "dlx") else getattr(mod, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
