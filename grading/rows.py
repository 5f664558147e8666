"""The columns of a ``sudoku rate`` row, defined once, next to the rating record.

A row is built from the fields of :class:`grading.rater.Rating` only (puzzle, er,
ep, ed, se_hardest, se_steps, se_solved, level, score, hodoku_hardest, hodoku_steps,
hodoku_solved, ms) and, for the input columns, from where the puzzle was read. ``sudoku rate``
and ``sudoku generate`` write these rows; :mod:`sudoku_logic.app.io.writer` turns them into csv,
jsonl, a table or a template line.

``hardest``, ``solved`` and ``steps`` belong to the row's *scale*: Sudoku Explainer's path
(``se``, the default) or HoDoKu's (``hodoku``). ``rating`` is always SE's ER, ``level`` and
``score`` always HoDoKu's. A puzzle that could not be rated (a timeout, a rating process out
of memory, a worker lost three times) gets a row whose hardest columns say why and whose
``solved`` columns are false.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SCALES = ("se", "hodoku")


@dataclass(frozen=True)
class Column:
    """One column: its name, what it holds, which path computes it, its table width.

    ``path`` is ``"se"`` or ``"hodoku"`` (computed on that scale's path), ``"scale"`` (on the
    path of the row's scale), or ``None`` (no path: the puzzle, the time, the input).
    """

    name: str
    help: str
    path: str | None
    width: int


#: Every column in the order ``--columns`` lists them.
COLUMNS: tuple[Column, ...] = (
    Column("puzzle", "the puzzle as an 81-character line (a pencilmark position: 729 characters)", None, 81),
    Column("rating", "Sudoku Explainer's rating (ER): the hardest step of SE's path", "se", 6),
    Column("level", "HoDoKu's level (Easy, Medium, Hard, Unfair, Extreme)", "hodoku", 7),
    Column("score", "HoDoKu's score: the sum of the step scores of HoDoKu's path", "hodoku", 6),
    Column("hardest", "the hardest technique on the path of the row's scale", "scale", 24),
    Column("solved", "whether the path of the row's scale solved the puzzle by logic", "scale", 6),
    Column("steps", "the number of steps on the path of the row's scale", "scale", 5),
    Column("ms", "milliseconds spent rating the puzzle", None, 8),
    Column("ep", "SE's pearl rating: the hardest step up to the first placement", "se", 4),
    Column("ed", "SE's diamond rating: the rating of the first step", "se", 4),
    Column("se_hardest", "the hardest technique on SE's path", "se", 24),
    Column("hodoku_hardest", "the hardest technique on HoDoKu's path", "hodoku", 24),
    Column("se_steps", "the number of steps on SE's path", "se", 5),
    Column("hodoku_steps", "the number of steps on HoDoKu's path", "hodoku", 5),
    Column("se_solved", "whether SE's path solved the puzzle", "se", 6),
    Column(
        "hodoku_solved", "whether HoDoKu's path solved the puzzle by logic (Brute Force does not count)", "hodoku", 6
    ),
    Column("label", "the text after the puzzle on its input line", None, 12),
    Column("file", "the input file (stdin for -)", None, 12),
    Column("line", "the line number of the puzzle in its file", None, 6),
    Column("index", "the puzzle's number in the whole input, counting from 1 (bad lines included)", None, 6),
)

BY_NAME = {c.name: c for c in COLUMNS}
#: The columns of a row when ``--columns`` is not given.
DEFAULT_COLUMNS = ["puzzle", "rating", "level", "score", "hardest", "solved", "steps", "ms"]
ALL_COLUMNS = [c.name for c in COLUMNS]
#: Columns that come from the input, not from the rating.
INPUT_COLUMNS = ("label", "file", "line", "index")
#: Why a puzzle has no rating: its ``hardest`` columns hold one of these.
UNRATED = ("timeout", "memory", "failed")

#: serate-style template conversions: ``%g`` and the column it prints (``%%`` is a percent sign).
TEMPLATE_CODES = {
    "g": "puzzle",
    "r": "rating",
    "p": "ep",
    "d": "ed",
    "n": "index",
    "e": "ms",
    "l": "level",
    "s": "score",
    "h": "hardest",
    "t": "steps",
    "v": "solved",
    "b": "label",
}


def parse_columns(text: str | None) -> list[str]:
    """The columns a ``--columns`` value names, in its order; ``+a,b`` adds to the defaults.

    Raises ValueError with a one-line message for an unknown or repeated name."""
    if text is None or not text.strip():
        return list(DEFAULT_COLUMNS)
    text = text.strip()
    extra = text.startswith("+")
    names = [n.strip() for n in text.lstrip("+").split(",") if n.strip()]
    for n in names:
        if n not in BY_NAME:
            raise ValueError(f"unknown column {n!r}: use {', '.join(ALL_COLUMNS)}")
    out = list(DEFAULT_COLUMNS) if extra else []
    for n in names:
        if n in out:
            raise ValueError(f"column {n!r} named twice")
        out.append(n)
    if not out:
        raise ValueError("--columns names no column")
    return out


def paths_needed(columns: list[str], scale: str) -> tuple[bool, bool]:
    """(SE path, HoDoKu path): which paths the columns need on a row of ``scale``."""
    se = hodoku = False
    for name in columns:
        path = BY_NAME[name].path
        if path == "scale":
            path = scale
        se |= path == "se"
        hodoku |= path == "hodoku"
    return se, hodoku


def rating_row(rating, scale: str = "se") -> dict:
    """Every rating column of one rated puzzle (``rating``: a ``Rating``), the ``hardest``,
    ``solved`` and ``steps`` columns from the path of ``scale``. A path that was not run
    leaves its columns None."""
    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}: use se or hodoku")
    se_run = rating.se_solved is not None
    ho_run = rating.hodoku_solved is not None
    row = {
        "puzzle": rating.puzzle,
        "rating": rating.er,
        "level": rating.level,
        "score": rating.score,
        "ms": round(rating.ms, 1),
        "ep": rating.ep,
        "ed": rating.ed,
        "se_hardest": rating.se_hardest if se_run else None,
        "hodoku_hardest": rating.hodoku_hardest if ho_run else None,
        "se_steps": rating.se_steps if se_run else None,
        "hodoku_steps": rating.hodoku_steps if ho_run else None,
        "se_solved": rating.se_solved,
        "hodoku_solved": rating.hodoku_solved,
    }
    row["hardest"] = row[f"{scale}_hardest"]
    row["solved"] = row[f"{scale}_solved"]
    row["steps"] = row[f"{scale}_steps"]
    return row


def unrated_row(puzzle: str, reason: str, ms: float) -> dict:
    """The row of a puzzle that got no rating: ``reason`` (one of :data:`UNRATED`) in every
    hardest column, every solved column false, the rest empty."""
    if reason not in UNRATED:
        raise ValueError(f"unknown reason {reason!r}")
    row: dict[str, Any] = {c.name: None for c in COLUMNS if c.name not in INPUT_COLUMNS}
    row.update(
        puzzle=puzzle,
        ms=round(ms, 1),
        hardest=reason,
        se_hardest=reason,
        hodoku_hardest=reason,
        solved=False,
        se_solved=False,
        hodoku_solved=False,
    )
    return row


def input_columns(file: str | None, line: int | None, index: int, label: str) -> dict:
    """The input columns of a row: where its puzzle was read (no file or line for a literal)."""
    return {"file": file, "line": line, "index": index, "label": label}


def cell_text(value) -> str:
    """A value as csv and tables show it: empty for None, true/false, one decimal for ratings."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)
