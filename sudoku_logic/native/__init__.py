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
        return None, "the compiled engine was not built: no C compiler at install"
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
        return None, "the compiled engine was not built: no C compiler at install"
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
            from . import _se as se  # type: ignore[attr-defined,no-redef]  # C extension: mypy reads no .so, so untyped; se is declared above
        else:
            se, REASON = _installed_engine()
    except (ImportError, OSError) as exc:
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
