"""The compiled SE engine's one Python face: the only module that loads the C extension.

``pip install .`` compiles ``_se`` from the C sources here with the machine's C compiler;
where there is none, the install goes on without it and the Python engine runs alone. The
environment variable ``SUDOKU_ENGINE=python`` forces the Python engine (read once, at
import). The engine is chosen here, once: :data:`ENGINE` names it, :data:`AVAILABLE` says
whether the compiled one is in use, :data:`REASON` why not.

The rest of the package reaches the C engine only through this module's functions
(:func:`count_solutions`, :func:`first`, :func:`run`, :func:`rate_batch`,
:func:`difficulty`, and HoDoKu's :func:`hodoku_run`) and its tables (:data:`RULES`, :data:`TECHNIQUES`: the names of
``se/tables.h``, written from ``grading/tables.py``). Each layer offers its own face on top,
choosing once what runs: ``sudoku_logic.core.dlx.count_solutions`` (core),
``strategies.se.se_compiled`` (SE's rules), ``grading.se_batch`` (whole ratings); see
``docs/engine.md``.
"""

from __future__ import annotations

import os
import sys
from array import array
from collections.abc import Sequence
from types import ModuleType
from typing import Any

_se: Any = None
REASON = ""


#: why the Python engine runs where no ``_se`` was built, here or in the installed copy
NOT_BUILT = "the compiled engine was not built: no C compiler at install"


def _installed_engine() -> tuple[ModuleType | None, str]:
    """The installed distribution's compiled engine, for a source tree that has none built.

    Code run from the repository's folder imports the folder; after a plain ``pip install .``
    the folder holds the C sources but not ``_se``. The installed ``_se`` is taken only if
    the wheel's copies of the C sources (hashed in its RECORD) are the folder's, byte for byte.
    """
    import base64
    import hashlib
    import importlib.machinery
    import importlib.util
    from importlib import metadata
    from pathlib import Path

    here = Path(__file__).resolve().parent
    # the installed distribution's record (a build leaves another, without _se, in the tree)
    for dist in metadata.distributions(name="sudoku-logic"):
        files = [f for f in dist.files or [] if f.as_posix().startswith("sudoku_logic/native/")]
        built = [
            f
            for f in files
            if f.parent.as_posix() == "sudoku_logic/native"
            and f.name.startswith("_se.")
            and f.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
        ]
        if built:
            break
    else:
        return None, NOT_BUILT
    stale = "the C sources here are not the installed engine's: pip install . again"
    # the C sources by path below the folder (core/grid.c, se/loop.c, ...)
    sources = {f.as_posix().removeprefix("sudoku_logic/native/"): f for f in files if f.suffix in (".c", ".h")}
    tree = {p.relative_to(here).as_posix() for p in here.rglob("*") if p.suffix in (".c", ".h")}
    if not tree or set(sources) != tree:
        return None, stale
    for name, record in sources.items():
        if record.hash is None or record.hash.mode != "sha256":
            return None, stale
        digest = base64.urlsafe_b64encode(hashlib.sha256((here / name).read_bytes()).digest()).rstrip(b"=")
        if digest.decode() != record.hash.value:
            return None, stale
    location = Path(str(built[0].locate())).resolve()
    spec = importlib.util.spec_from_file_location(f"{__name__}._se", location)
    if location.parent == here or spec is None or spec.loader is None:
        return None, NOT_BUILT
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[spec.name] = module
    return module, ""


if os.environ.get("SUDOKU_ENGINE", "").strip().lower() == "python":
    REASON = "SUDOKU_ENGINE=python"
else:
    from importlib.util import find_spec

    try:
        if find_spec(f"{__name__}._se") is not None:
            from importlib import import_module

            _se = import_module(f"{__name__}._se")
        else:
            _se, REASON = _installed_engine()
    except (ImportError, OSError) as exc:
        REASON = f"the compiled engine did not load: {exc}"

#: Whether the compiled engine is in use.
AVAILABLE = _se is not None
#: ``compiled`` when the C engine runs the rules it has, ``python`` otherwise.
ENGINE = "compiled" if AVAILABLE else "python"

#: SE's rules by the compiled engine's id (``R_*``, SE's order); empty without the engine.
RULES: tuple[str, ...] = tuple(_se.RULES) if AVAILABLE else ()
RULE_ID: dict[str, int] = {name: i for i, name in enumerate(RULES)}
#: Techniques by the compiled engine's code (``T_*``); empty without the engine.
TECHNIQUES: tuple[str, ...] = tuple(_se.TECHNIQUES) if AVAILABLE else ()
#: The size of one whole rating's record (``se/rating.h``'s ``se_rating_rec``).
RECORD_SIZE: int = _se.RECORD_SIZE if AVAILABLE else 0
#: HoDoKu's techniques by the compiled engine's code (``H_*``, HoDoKu's search order), and
#: those the engine has finders for; empty without the engine.
HODOKU_TECHNIQUES: tuple[str, ...] = tuple(_se.HODOKU_TECHNIQUES) if AVAILABLE else ()
HODOKU_COMPILED: frozenset[str] = frozenset(_se.HODOKU_COMPILED) if AVAILABLE else frozenset()
#: HoDoKu's default path: the techniques its default configuration takes, in its order.
HODOKU_DEFAULT: tuple[str, ...] = tuple(_se.HODOKU_DEFAULT) if AVAILABLE else ()
#: The size of one whole HoDoKu rating's record (``hodoku/rating.h``'s ``hd_rating_rec``).
HODOKU_RECORD_SIZE: int = _se.HODOKU_RECORD_SIZE if AVAILABLE else 0


_SWAP = sys.byteorder != "little"


def pack(values: Sequence[int], cands: Sequence[int]) -> tuple[bytes, bytes]:
    """A grid as the C engine reads it: 81 values, 81 candidate masks as little-endian words."""
    masks = array("H", cands)
    if _SWAP:
        masks.byteswap()
    return bytes(values), masks.tobytes()


def unpack_masks(masks: bytes) -> list[int]:
    """81 little-endian candidate masks, as the C engine writes them."""
    cands = array("H")
    cands.frombytes(masks)
    if _SWAP:
        cands.byteswap()
    return cands.tolist()


def describe() -> str:
    """One line for ``sudoku --version``: the engine in use and, if Python, why."""
    return "engine: compiled (C)" if AVAILABLE else f"engine: python ({REASON})"


def describe_hodoku(default_settings: bool) -> str:
    """One line for ``sudoku --version``: how much of HoDoKu's default path the compiled engine
    takes, and what settings other than HoDoKu's defaults (``default_settings`` False) change."""
    if not AVAILABLE:
        return "HoDoKu's path: python"
    have = sum(name in HODOKU_COMPILED for name in HODOKU_DEFAULT)
    line = f"HoDoKu's path: compiled for {have} of its {len(HODOKU_DEFAULT)} default techniques"
    if have < len(HODOKU_DEFAULT):
        line += " (a puzzle that needs another is rated in Python)"
    if not default_settings:
        line += "; with these settings, whole ratings in Python"
    return line


def rule_ids(names: Sequence[str]) -> bytes:
    """The compiled engine's ids of SE's rules ``names`` (each one it has)."""
    return bytes(RULE_ID[n] for n in names)


def _engine() -> Any:
    if _se is None:
        raise RuntimeError(f"the compiled engine is not in use: {REASON}")
    return _se


def count_solutions(values: Sequence[int], cands: Sequence[int], limit: int) -> int:
    """How many ways the position (values, candidate masks) can be completed, counting up to
    ``limit`` (``core/solutions.c``)."""
    return _engine().count_solutions(*pack(values, cands), limit)


def first(values: bytes, masks: bytes, rules: bytes) -> tuple | None:
    """The first hint of the first of ``rules`` (ids) on the packed grid (:func:`pack`), as
    ``(rule, technique, placements, eliminations, args, path)``, or None; OverflowError
    when it is beyond the hint record's bounds (``se/loop.c``)."""
    return _engine().first(values, masks, rules)


def run(values: bytes, masks: bytes, rules: bytes, max_steps: int) -> tuple:
    """SE's loop over ``rules`` from the packed grid: ``(why, records, values, masks)``, each
    record ``(rule, technique, placements, eliminations, args, path, position before)``."""
    return _engine().run(values, masks, rules, max_steps)


def rate_batch(puzzles: bytes, rules: bytes, out: bytearray, max_steps: int) -> None:
    """Each puzzle of ``puzzles`` (81 bytes of values each) rated on SE's path over
    ``rules``, its record (:data:`RECORD_SIZE` bytes) written into ``out``, the GIL released
    (``se/rating.c``)."""
    _engine().rate_batch(puzzles, rules, out, max_steps)


def difficulty(technique: int, args: Sequence[int], path_length: int) -> float:
    """SE's raw difficulty of a hint of ``technique`` with ``args`` and a path of
    ``path_length`` nodes, as :func:`rate_batch` folds it."""
    return _engine().difficulty(technique, args, path_length)


def hodoku_run(
    values: bytes,
    masks: bytes,
    naked: bytes,
    hidden: bytes,
    techniques: bytes,
    limit: int,
    snapshots: bool,
    givens: int = 0,
) -> tuple:
    """HoDoKu's path over ``techniques`` (codes) from the packed grid, its givens (an 81-bit
    set) and its singles queues (bytes of cell, digit pairs): ``(why, steps, before, values,
    masks, naked, hidden)`` (``hodoku/loop.h``)."""
    return _engine().hodoku_run(
        values, masks, naked, hidden, techniques, limit, snapshots, givens.to_bytes(11, "little")
    )


def hodoku_rate_batch(puzzles: bytes, techniques: bytes, out: bytearray, max_steps: int) -> None:
    """Each puzzle of ``puzzles`` (81 bytes of values each) rated on HoDoKu's path over
    ``techniques`` (codes), its record (:data:`HODOKU_RECORD_SIZE` bytes) written into
    ``out``, the GIL released (``hodoku/rating.c``)."""
    _engine().hodoku_rate_batch(puzzles, techniques, out, max_steps)
