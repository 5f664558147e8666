"""A compiled build of the engine, measured against the pure-Python package.

    python -m benchmarks.compiled_build [--samples qqwing_simple.txt:1000,qqwing_expert.txt:200]
                                        [--rounds 2] [--jobs 2] [--keep DIR]

Issue 17 asks for a compiled build of the hot core to be measured, and adopted only if it
makes the default row at least twice as fast. This script makes one in a temporary
directory: the three packages as installed (``sudoku_logic``, ``strategies``, ``grading``),
every module of ``core``, ``solve``, ``strategies`` and ``grading``
compiled by Cython as it is written (no type declarations added; annotations not enforced).
A module that Cython compiles but that then fails to import is left as Python and named.
Then ``sudoku rate`` (the default row, one process per run, ``--jobs 1``) runs on each sample
with the pure-Python package and with the compiled one, in turn, ``--rounds`` times (the
Python left in either compiled to bytecode first, as ``vs_java.py`` does); the script checks
that both print the same rows (``ms`` aside) and prints the best seconds of each and their ratio.

Needs Cython and a C compiler (``pip install cython``); says so and stops without them.
Time it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

from benchmarks.common import ROOT, SOURCES, Run, Table, best, collection, precompile, run_command, samples, take_turns
from benchmarks.vs_java import DEFAULT_SAMPLES

#: the row without its timing column
COLUMNS = "puzzle,rating,level,score,hardest,solved,steps"
#: the installed packages' folders, as the repository holds them
LAYOUT = ("sudoku_logic", "strategies", "grading")
#: the folders whose modules are compiled (the command line's ``app`` stays Python)
COMPILED = ("sudoku_logic/core", "sudoku_logic/solve", "strategies", "grading")


def make_tree(dest: Path) -> None:
    """The package as installed, under ``dest``."""
    for name in LAYOUT:
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))


def compile_tree(dest: Path, jobs: int) -> list[str]:
    """Compile the modules in place; the modules left as Python (failed to import)."""
    files = [
        str(p)
        for d in COMPILED
        for p in sorted((dest / d).glob("*.py"))
        if p.name not in ("__init__.py", "__main__.py")
    ]
    cmd = [
        sys.executable,
        "-m",
        "Cython.Build.Cythonize",
        "-i",
        "-3",
        "-j",
        str(jobs),
        "-X",
        "annotation_typing=False",
        *files,
    ]
    res = subprocess.run(cmd, cwd=dest, capture_output=True, text=True)
    if res.returncode:
        raise SystemExit(f"Cython failed:\n{res.stderr[-2000:]}")
    left = []
    for f in files:
        rel = Path(f).relative_to(dest).with_suffix("")
        name = ".".join(rel.parts)
        probe = subprocess.run(
            [sys.executable, "-c", f"import {name}"], cwd=dest, env=_env(dest), capture_output=True, text=True
        )
        if probe.returncode:
            for so in Path(f).parent.glob(Path(f).stem + ".*.so"):
                so.unlink()
            left.append(f"{name} ({probe.stderr.strip().splitlines()[-1][-70:]})")
    return left


def _env(tree: Path | None) -> dict[str, str]:
    """This process's environment, with ``tree`` first on the import path when given."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    return env


def rate(tree: Path | None, sample: Path) -> Run:
    """One ``sudoku rate`` process on the puzzle file ``sample``, its rows captured, with the
    compiled ``tree`` (None: the pure-Python package); stops the script if it fails."""
    cmd = [sys.executable, "-m", "sudoku_logic", "rate", str(sample), "--jobs", "1", "--no-progress"]
    cmd += ["--format", "csv", "--columns", COLUMNS]
    run = run_command(cmd, env=_env(tree), cwd=sample.parent, capture=True)
    if not run.ok:
        raise SystemExit(f"sudoku rate failed ({'compiled' if tree else 'Python'}): {run.stderr[-500:]}")
    return run


def main(argv: list[str] | None = None) -> int:
    """Build the compiled tree (or reuse it), time both packages on every sample, print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", default=DEFAULT_SAMPLES, help="NAME:N,... (default: %(default)s)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=2, help="compiler processes")
    ap.add_argument("--keep", help="build the compiled tree in DIR and keep it (a tree already there is reused)")
    args = ap.parse_args(argv)
    try:
        import Cython  # noqa: F401
    except ImportError:
        print("Cython is not installed (pip install cython): no compiled build to measure")
        return 0
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        print("no C compiler found: no compiled build to measure")
        return 0
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="sudoku-compiled-"))
    try:
        tree = work / "tree"
        if tree.exists():
            print(f"reusing the compiled tree in {tree}")
        else:
            make_tree(tree)
            t0 = time.perf_counter()
            left = compile_tree(tree, args.jobs)
            print(f"compiled in {time.perf_counter() - t0:.0f} s; left as Python: {', '.join(left) or 'none'}")
        precompile(*SOURCES, tree / "sudoku_logic")
        code = "import strategies.se.chaining as m; print(m.__file__)"
        probe = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env(tree), cwd=work)
        print(f"compiled build's chaining engine: {probe.stdout.strip()}")
        table = Table(
            ("sample", "{:24}"),
            ("Python s", " {:>9.2f}"),
            ("compiled s", " {:>11.2f}"),
            ("speed-up", " {:>8.2f}x"),
            ("rows", "  {}"),
        )
        table.header()
        for name, n in samples(args.samples):
            sample = work / name
            sample.write_text("\n".join(collection(name, n, zeros=True)) + "\n")
            turns = {"python": partial(rate, None, sample), "compiled": partial(rate, tree, sample)}
            runs: dict[str, list[Run]] = {"python": [], "compiled": []}
            for _rnd, which, run in take_turns(turns, args.rounds):
                runs[which].append(run)
            python, compiled = best(runs["python"]), best(runs["compiled"])
            assert python is not None and compiled is not None
            same = "same" if runs["python"][-1].stdout == runs["compiled"][-1].stdout else "DIFFERENT"
            label = f"{name.removesuffix('.txt')}[:{n}]"
            table.row(label, python.wall, compiled.wall, python.wall / compiled.wall, same)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
