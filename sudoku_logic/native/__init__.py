"""The compiled SE engine, when it was built: ``ENGINE`` names the engine in use.

``pip install .`` compiles ``_se`` from the C sources here with the machine's C compiler;
where there is none, the install goes on without it and the Python engine runs alone. The
environment variable ``SUDOKU_ENGINE=python`` forces the Python engine (read once, at
import). ``se`` is the compiled module or None; ``REASON`` says why it is not in use.
"""
from __future__ import annotations

import os
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
            from . import _se as se  # type: ignore[no-redef]
        except ImportError as exc:
            REASON = f"the compiled engine did not load: {exc}"

#: ``compiled`` when the C engine runs the rules it has, ``python`` otherwise.
ENGINE = "compiled" if se is not None else "python"


def describe() -> str:
    """One line for ``sudoku --version``: the engine in use and, if Python, why."""
    return "engine: compiled (C)" if se is not None else f"engine: python ({REASON})"
