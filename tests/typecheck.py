"""mypy on the package as it is installed: ``python tests/typecheck.py`` (``.ci/run`` runs it).

The repository keeps ``strategies/`` and ``grading/`` at its top and installs them as
``sudoku_logic.strategies`` and ``sudoku_logic.grading``. mypy cannot follow the import hook
of an editable install, so this builds that tree from symbolic links in a temporary folder,
runs ``mypy -p sudoku_logic`` there with the settings of ``pyproject.toml``, and names the
files in its report by their places in the repository. Exit status: mypy's.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: where each installed subpackage lives in the repository
MOVED = {"strategies": ROOT / "strategies", "grading": ROOT / "grading"}


def build_tree(into: Path) -> Path:
    """``into/sudoku_logic``: the package as installed, every entry a link to the repository."""
    package = into / "sudoku_logic"
    package.mkdir()
    for entry in (ROOT / "sudoku_logic").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for name, source in MOVED.items():
        (package / name).symlink_to(source)
    return package


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="typecheck-") as tmp:
        build_tree(Path(tmp))
        r = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                            "--cache-dir", str(ROOT / ".mypy_cache"), "-p", "sudoku_logic", *sys.argv[1:]], cwd=tmp, capture_output=True, text=True,
                           env={**os.environ, "MYPYPATH": tmp})
    out = r.stdout + r.stderr
    for name in MOVED:  # sudoku_logic/strategies/x.py -> strategies/x.py
        out = out.replace(f"sudoku_logic/{name}/", f"{name}/")
    sys.stdout.write(out)
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
