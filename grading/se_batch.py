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
import warnings
from collections.abc import Sequence
from typing import Any

from sudoku_logic import native
from sudoku_logic.core.context import DEFAULT_SETTINGS, Settings
from sudoku_logic.core.errors import SudokuError
from sudoku_logic.core.formats import cell_digit
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import cell_name
from sudoku_logic.solve import MAX_STEPS

from .tables import SE_RULES

#: The C record of one rating (``se/rating.h``'s ``se_rating_rec``): er, ep, ed, ms,
#: steps, hardest (a technique code, -1 none), solved, status.
RECORD = struct.Struct("<ddddihBB")
#: ``se_rating_rec.status``: rated; anything else is left to the Python path
OK = 0

#: The fields of :func:`rate_array`'s structured array: SE's, then HoDoKu's.
SE_FIELDS = (
    ("er", "f8"),
    ("ep", "f8"),
    ("ed", "f8"),
    ("hardest", "U56"),
    ("steps", "i4"),
    ("solved", "?"),
    ("ms", "f8"),
)
HODOKU_FIELDS = (("level", "U7"), ("score", "i4"), ("hodoku_hardest", "U56"))
FIELDS = SE_FIELDS + HODOKU_FIELDS


def _rule_ids() -> bytes | None:
    """The compiled ids of SE's rules in SE's order (the table's, without importing every
    finder), or None without the engine."""
    return native.rule_ids(SE_RULES) if native.AVAILABLE else None


_RULES = _rule_ids() or b""


def _available() -> bool:
    """Whether the compiled engine can rate whole SE paths here."""
    return bool(_RULES) and native.RECORD_SIZE == RECORD.size


def rates_whole(
    techniques: Sequence[str] | None = None, se: bool = True, hodoku: bool = False, settings: Settings | None = None
) -> bool:
    """Whether a rating of these scales with these techniques (None: each scale's own) and
    these HoDoKu ``settings`` (None: the defaults) is the compiled engine's whole paths,
    puzzle by puzzle where it can (the one place that decides it for ``sudoku rate``): the
    engine in use, SE's rules for SE's scale, HoDoKu's default techniques and settings for
    HoDoKu's (:mod:`grading.hodoku_batch`)."""
    if techniques is not None or not (se or hodoku):
        return False
    if se and not _available():
        return False
    if hodoku:
        from .hodoku_batch import available

        if not available() or (settings is not None and settings != DEFAULT_SETTINGS):
            return False
    return True


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


def rate_array(puzzles: Any, errors: str = "raise", hodoku: bool = True) -> Any:
    """SE's ER, EP, ED, hardest technique, steps, solved and ms, and HoDoKu's level, score
    and hardest technique of each puzzle of an (N, 81) or (N, 9, 9) array (0 for empty), as
    a numpy structured array of :data:`FIELDS` (``hodoku=False``: SE's fields alone, and
    only SE's path run).

    Each cell is an integer 0-9, or a float that is one exactly (the rule :func:`sudoku_logic.load`
    follows too). A row with any other value, or a puzzle that is not valid with one solution,
    raises ValueError (SudokuError for the puzzle) naming its row and cell; with
    ``errors="skip"`` the row gets NaN ratings, score -1 and solved False, and one warning
    names every row skipped and why. Each path runs in the compiled engine with the GIL
    released where it can, else in Python. Needs numpy."""
    import numpy as np

    if errors not in ("raise", "skip"):
        raise ValueError("errors: 'raise' or 'skip'")
    arr = np.asarray(puzzles)
    if arr.ndim == 3 and arr.shape[1:] == (9, 9):
        arr = arr.reshape(len(arr), 81)
    if arr.ndim != 2 or arr.shape[1] != 81:
        raise ValueError(f"expected an (N, 81) or (N, 9, 9) array of puzzles, got shape {arr.shape}")
    values, bad = _digits(arr)
    skipped: list[str] = []
    for i, why in bad.items():
        if errors == "raise":
            raise ValueError(f"row {i}: {why}")
        skipped.append(f"row {i}: {why}")
    result = np.zeros(len(values), dtype=list(FIELDS if hodoku else SE_FIELDS))
    rows = [values[i].tobytes() for i in range(len(values))]
    good = [i for i in range(len(rows)) if i not in bad]
    rated = dict(zip(good, rate_values([rows[i] for i in good]) if _available() else [None] * len(good)))
    ho_rated: dict[int, tuple | None] = {}
    if hodoku:
        from . import hodoku_batch

        whole = hodoku_batch.available()
        ho_rated = dict(zip(good, hodoku_batch.rate_values([rows[i] for i in good]) if whole else [None] * len(good)))
    for i in range(len(rows)):
        got = rated.get(i)
        if got is None and i not in bad:
            got = _python_rating(rows[i], i, errors, skipped)
        if got is None:
            result[i] = (np.nan, np.nan, np.nan, "", 0, False, 0.0, *(("", -1, "") if hodoku else ()))
            continue
        er, ep, ed, hardest, steps, ms = got[:6]
        solved = got[6] if len(got) > 6 else True
        if not hodoku:
            result[i] = (er, ep, ed, hardest, steps, solved, ms)
            continue
        ho = ho_rated.get(i) or _python_hodoku(rows[i])
        result[i] = (er, ep, ed, hardest, steps, solved, ms + ho[4], ho[0], ho[1], ho[2])
    if skipped:
        warnings.warn(f"rate_array skipped {len(skipped)} row(s): " + "; ".join(skipped), RuntimeWarning, stacklevel=2)
    return result


def _python_hodoku(values: bytes) -> tuple:
    """One puzzle's HoDoKu rating from the Python path, as :func:`hodoku_batch.rate_values`
    gives it (the puzzle is known to have one solution: its SE path showed it)."""
    from .rater import Rater

    r = Rater(se=False).rate(Grid.from_values(list(values)), unique=True)
    return r.level, r.score, r.hodoku_hardest, r.hodoku_steps, r.ms, bool(r.hodoku_solved)


def _digits(arr: Any) -> tuple[Any, dict[int, str]]:
    """The array's cells as bytes 0-9 (a bad row's as zeros) and, for each row holding a value
    that is not a digit (:func:`~sudoku_logic.core.formats.cell_digit`), what is wrong where."""
    import numpy as np

    values = np.zeros(arr.shape, dtype=np.uint8)
    bad: dict[int, str] = {}
    if arr.dtype.kind in "iuf":  # numbers: checked at once, the first bad cell of a row named
        with np.errstate(invalid="ignore"):
            wrong = (arr < 0) | (arr > 9)
            if arr.dtype.kind == "f":
                wrong |= ~np.isfinite(arr) | (arr != np.floor(arr))
        for i, c in zip(*np.nonzero(wrong)):
            bad.setdefault(int(i), f"{cell_name(int(c))} {_why(arr[i, c].item())}")
        ok = ~wrong.any(axis=1)
        values[ok] = arr[ok].astype(np.uint8)
        return values, bad
    for i in range(len(arr)):  # booleans, complex numbers, times, text, objects: cell by cell
        for c in range(81):
            v = arr[i, c]
            try:
                values[i, c] = cell_digit(v)
            except ValueError as e:
                bad[i] = f"{cell_name(c)} {e}"
                values[i] = 0
                break
    return values, bad


def _why(value: object) -> str:
    """What is wrong with a cell's value (:func:`cell_digit`'s words)."""
    try:
        cell_digit(value)
    except ValueError as e:
        return str(e)
    return f"holds {value!r}, not a digit 0-9 (0 for empty)"


def _python_rating(values: bytes, row: int, errors: str, skipped: list[str]) -> tuple | None:
    """One puzzle's SE rating from the Python path (the Rater's checks and messages); with
    ``errors="skip"``, None for a puzzle that is not valid, its reason added to ``skipped``."""
    from .rater import Rater

    try:
        grid = Grid.from_values(list(values))
        r = Rater(hodoku=False).rate(grid, unique=None)
    except SudokuError as e:
        if errors == "raise":
            raise type(e)(f"row {row}: {e}") from None
        skipped.append(f"row {row}: {e}")
        return None
    return r.er, r.ep, r.ed, r.se_hardest, r.se_steps, r.ms, bool(r.se_solved)
