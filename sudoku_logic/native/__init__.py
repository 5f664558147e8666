"""The compiled SE engine, when it was built: ``ENGINE`` names the engine in use.

``pip install .`` compiles ``_se`` from the C sources here with the machine's C compiler;
where there is none, the install goes on without it and the Python engine runs alone. The
environment variable ``SUDOKU_ENGINE=python`` forces the Python engine (read once, at
import). ``se`` is the compiled module or None; ``REASON`` says why it is not in use.
"""

from __future__ import annotations

import os
import sys
from array import array
from types import ModuleType

se: ModuleType | None = None
REASON = ""

if os.environ.get("SUDOKU_ENGINE", "").strip().lower() == "python":
    REASON = "SUDOKU_ENGINE=python"
else:
    from importlib.util import find_spec

    if find_spec(f"{__name__}._se") is None:
        REASON = "the compiled engine was not built: no C compiler at install"
    else:
        try:
            from . import _se as se  # type: ignore[attr-defined,no-redef]  # C extension: mypy reads no .so, so untyped; se is declared above
        except ImportError as exc:
            REASON = f"the compiled engine did not load: {exc}"

#: ``compiled`` when the C engine runs the rules it has, ``python`` otherwise.
ENGINE = "compiled" if se is not None else "python"


_SWAP = sys.byteorder != "little"


def pack(values: list[int], cands: list[int]) -> tuple[bytes, bytes]:
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
    return "engine: compiled (C)" if se is not None else f"engine: python ({REASON})"
