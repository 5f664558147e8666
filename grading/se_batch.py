"""Sudoku Explainer ratings of many puzzles at once, each whole path in the compiled engine.

The C engine (``sudoku_logic/native/se/rating.c``) takes SE's path on each puzzle and folds
ER, EP and ED as :func:`grading.se.path_rating` does, from the table's numbers (written into
its ``se/tables.h`` by :mod:`grading.native_tables`), without a Python object per step and with the GIL released. A puzzle it cannot rate on
its own (givens that clash, no solution or several, a path beyond its bounds) is rated by
the Python path instead, so every puzzle gets the answer :class:`~grading.rater.Rater` gives
it, or the same error.

:func:`rate_values` is what ``sudoku rate`` uses (no numpy needed); :func:`rate_array` takes
an (N, 81) or (N, 9, 9) integer array and returns a numpy structured array.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

from sudoku_logic import native
from sudoku_logic.core.errors import SudokuError
from sudoku_logic.core.grid import Grid
from sudoku_logic.solve import MAX_STEPS

from .tables import SE_RULES

#: The C record of one rating (``se/rating.h``'s ``se_rating_rec``): er, ep, ed, ms,
#: steps, hardest (a technique code, -1 none), solved, status.
RECORD = struct.Struct("<ddddihBB")
#: ``se_rating_rec.status``: rated; anything else is left to the Python path
OK = 0

#: The fields of :func:`rate_array`'s structured array.
FIELDS = (("er", "f8"), ("ep", "f8"), ("ed", "f8"), ("hardest", "U56"), ("steps", "i4"), ("solved", "?"), ("ms", "f8"))


def _rule_ids() -> bytes | None:
    """The compiled ids of SE's rules in SE's order (the table's, without importing every
    finder), or None without the engine."""
    return native.rule_ids(SE_RULES) if native.AVAILABLE else None


_RULES = _rule_ids() or b""


def _available() -> bool:
    """Whether the compiled engine can rate whole SE paths here."""
    return bool(_RULES) and native.RECORD_SIZE == RECORD.size


def rates_whole(techniques: Sequence[str] | None = None, se: bool = True, hodoku: bool = False) -> bool:
    """Whether a rating of these scales with these techniques (None: each scale's own) is the
    compiled engine's whole SE path: SE's scale alone, SE's rules, the engine in use (the one
    place that decides it for ``sudoku rate``)."""
    return se and not hodoku and techniques is None and _available()


def rate_values(puzzles: Sequence[bytes]) -> list[tuple | None]:
    """For each puzzle (81 bytes of values 0-9), ``(er, ep, ed, hardest, steps, ms)`` of
    its SE path as the compiled engine rates it (``hardest`` the technique's name), or None
    where the engine leaves it to the Python path. Needs the compiled engine (:func:`rates_whole`)."""
    if not _available():
        raise RuntimeError("the compiled engine cannot rate SE paths here")
    out = bytearray(RECORD.size * len(puzzles))
    native.rate_batch(b"".join(puzzles), _RULES, out, MAX_STEPS)
    names = native.TECHNIQUES
    return [
        (er, ep, ed, names[hardest] if hardest >= 0 else "none", steps, ms) if status == OK else None
        for er, ep, ed, ms, steps, hardest, _solved, status in RECORD.iter_unpack(out)
    ]


def rate_array(puzzles: Any, errors: str = "raise") -> Any:
    """SE's ER, EP, ED, hardest technique, steps, solved and ms of each puzzle of an (N, 81)
    or (N, 9, 9) integer array (0 for empty), as a numpy structured array of :data:`FIELDS`.
    A puzzle that is not valid with one solution raises SudokuError naming its row, or
    with ``errors="skip"`` gets NaN ratings and solved False. Needs numpy."""
    import numpy as np

    if errors not in ("raise", "skip"):
        raise ValueError("errors: 'raise' or 'skip'")
    arr = np.asarray(puzzles)
    if arr.ndim == 3 and arr.shape[1:] == (9, 9):
        arr = arr.reshape(len(arr), 81)
    if arr.ndim != 2 or arr.shape[1] != 81:
        raise ValueError(f"expected an (N, 81) or (N, 9, 9) array of puzzles, got shape {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 9):
        raise ValueError("puzzle values are 0 (empty) to 9")
    values = np.ascontiguousarray(arr, dtype=np.uint8)
    result = np.zeros(len(values), dtype=list(FIELDS))
    rows = [values[i].tobytes() for i in range(len(values))]
    rated = rate_values(rows) if _available() else [None] * len(rows)
    for i, got in enumerate(rated):
        if got is None:
            got = _python_rating(rows[i], i, errors)
        if got is None:
            result[i] = (np.nan, np.nan, np.nan, "", 0, False, 0.0)
            continue
        er, ep, ed, hardest, steps, ms = got[:6]
        solved = got[6] if len(got) > 6 else True
        result[i] = (er, ep, ed, hardest, steps, solved, ms)
    return result


def _python_rating(values: bytes, row: int, errors: str) -> tuple | None:
    """One puzzle's SE rating from the Python path (the Rater's checks and messages)."""
    from .rater import Rater

    try:
        grid = Grid.from_values(list(values))
        r = Rater(hodoku=False).rate(grid, unique=None)
    except SudokuError as e:
        if errors == "raise":
            raise type(e)(f"row {row}: {e}") from None
        return None
    return r.er, r.ep, r.ed, r.se_hardest, r.se_steps, r.ms, bool(r.se_solved)
