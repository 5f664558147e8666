"""Build the compiled engines under AddressSanitizer and UndefinedBehaviorSanitizer and
run the differential tests on it: any report fails the run.

    python tests/native/sanitize_native.py [pytest options...]

Copies the package to a temporary directory, compiles ``sudoku_logic/native`` there with
``-fsanitize=address,undefined -fno-sanitize-recover=all`` (every UBSan finding is fatal),
and runs ``tests/native/test_compiled_engine.py`` (SE's engine) and
``tests/native/test_hodoku_*.py`` (HoDoKu's) against that copy with the ASan runtime
preloaded (leak checking off: the interpreter keeps objects to its end by design). The
tests' own subprocesses inherit the sanitizers. ``tests/native/test_native_sanitized.py`` runs
this script on a subset in every test run; run it whole by hand before resolving engine work.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FLAGS = [
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
    "-g",
    "-O1",
    "-std=c11",
    "-Wall",
    "-Wextra",
    "-Werror",
    "-Wno-unused-parameter",
    "-Wno-missing-field-initializers",
]


def runtime(cc: str, name: str) -> str:
    """The path of the compiler's sanitizer runtime ``name`` (``libasan.so``)."""
    out = subprocess.run([cc, f"-print-file-name={name}"], capture_output=True, text=True, check=True)
    path = out.stdout.strip()
    if not os.path.isabs(path):
        raise SystemExit(f"{cc} has no {name}: install the compiler's sanitizer runtime")
    return path


def build(dest: Path, cc: str) -> Path:
    """Compile the engine with the sanitizers into the copy's ``sudoku_logic/native``."""
    native = dest / "sudoku_logic" / "native"
    out = native / ("_se" + sysconfig.get_config_var("EXT_SUFFIX"))
    sources = sorted(str(p) for p in native.rglob("*.c"))
    include = sysconfig.get_paths()["include"]
    subprocess.run(
        [cc, *FLAGS, "-shared", "-fPIC", f"-I{include}", f"-I{native}", *sources, "-o", str(out)], check=True
    )
    return out


def main(argv: list[str]) -> int:
    cc = os.environ.get("CC", "gcc")
    with tempfile.TemporaryDirectory(prefix="se-sanitize-") as tmp:
        dest = Path(tmp) / "src"
        ignore = shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "*.so", "__pycache__", "*.egg-info", ".pytest_cache", ".hypothesis"
        )
        shutil.copytree(ROOT, dest, ignore=ignore)
        build(dest, cc)
        env = dict(os.environ)
        env.pop("SUDOKU_ENGINE", None)
        env["LD_PRELOAD"] = runtime(cc, "libasan.so") + " " + runtime(cc, "libubsan.so")
        env["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=1:strict_string_checks=1"
        env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
        env["PYTHONPATH"] = str(dest)
        select = ["-k", "not install"] if "-k" not in argv else []
        cmd = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "0",  # one process
            "tests/native/test_compiled_engine.py",
            *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "native").glob("test_hodoku_*.py")),
            *select,
            *argv,
        ]
        print("running", " ".join(cmd), "with", env["LD_PRELOAD"], flush=True)
        res = subprocess.run(cmd, cwd=dest, env=env)
        return res.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
