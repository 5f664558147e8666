"""The package as a user installs it: a plain ``pip install .`` into a fresh virtual environment,
then the README's commands run from the repository's folder, where the folders ``sudoku_logic/``,
``strategies/`` and ``grading/`` come first on ``sys.path`` (docs/layout.md)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from helpers import ROOT, collection
from sudoku_logic import native

#: what a clone holds that the commands read (tests: the README example's runner)
CLONE = ("pyproject.toml", "README.md", "sudoku_logic", "strategies", "grading", "puzzles", "tests/readme_example.py")


def _clone(dest: Path) -> Path:
    """The repository's files a user's clone has, without build products."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.egg-info", "build")
    for name in CLONE:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    return dest


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path, dict]:
    """A clone, a fresh venv with the clone's wheel installed (built with the machine's compiler),
    and the environment a user's shell has there (the venv's ``bin`` first on ``PATH``)."""
    tmp = tmp_path_factory.mktemp("install")
    clone = _clone(tmp / "clone")
    wheels = tmp / "wheels"
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-build-isolation",
            "--no-deps",
            "-q",
            "-w",
            str(wheels),
            str(clone),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "PIP_NO_INDEX": "1"},
    )
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next(wheels.glob("sudoku_logic-*.whl"))
    shutil.rmtree(clone / "build", ignore_errors=True)
    for info in clone.glob("*.egg-info"):  # what a build leaves in the folder a user builds in
        assert info.is_dir()
    env_dir = tmp / "venv"
    venv.create(env_dir, with_pip=False)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # the dependencies (rich, typer, textual) from this interpreter's site-packages, whose .pth
    # files (this suite's editable install among them) are not read from there
    (site / "_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert pip.returncode == 0, pip.stdout + pip.stderr
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SUDOKU_ENGINE", "VIRTUAL_ENV")}
    env["PATH"] = str(bindir) + os.pathsep + env.get("PATH", "")
    return clone, python, env


def _run(args: list[str], clone: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=clone, env=env, capture_output=True, text=True, timeout=600)


def test_the_wheel_holds_three_packages_and_the_c_sources(installed):
    clone, python, env = installed
    wheel = next((clone.parent / "wheels").glob("*.whl"))
    tops = {n.split("/", 1)[0] for n in zipfile.ZipFile(wheel).namelist() if "dist-info" not in n}
    assert tops == {"sudoku_logic", "strategies", "grading"}
    names = zipfile.ZipFile(wheel).namelist()
    assert "sudoku_logic/app/bulk/technique_seeds.txt" in names  # generate --technique's seeds
    assert {n for n in names if n.startswith("sudoku_logic/native/") and n.endswith((".c", ".h"))} == {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "sudoku_logic" / "native").rglob("*")
        if p.suffix in (".c", ".h")
    }


def test_readme_api_example_runs_from_the_repository_folder(installed):
    clone, python, env = installed
    code = "import runpy, sys; sys.argv = ['readme_example', 'README.md']; runpy.run_path('tests/readme_example.py', run_name='__main__')"
    r = _run([str(python), "-c", code], clone, env)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "values as the README gives them" in r.stdout


def test_module_version_from_the_repository_folder_names_the_installed_engine(installed):
    clone, python, env = installed
    r = _run([str(python), "-m", "sudoku_logic", "--version"], clone, env)
    assert r.returncode == 0, r.stderr
    # the folder's package, with the installed compiled engine (its C sources are the folder's)
    assert f"engine: {native.ENGINE}" in r.stdout.splitlines()[0], r.stdout
    where = _run(
        [
            str(python),
            "-c",
            "import sudoku_logic, strategies, grading; print(sudoku_logic.__file__, strategies.__file__, grading.__file__)",
        ],
        clone,
        env,
    )
    assert all(Path(f).is_relative_to(clone) for f in where.stdout.split()), where.stdout


def test_rate_with_default_jobs_from_the_repository_folder(installed, tmp_path):
    clone, python, env = installed
    puzzles = clone / "six.txt"
    puzzles.write_text("\n".join(collection("qqwing_expert.txt", 4) + collection("top1465.txt", 2)) + "\n")
    r = _run(["sudoku", "rate", "six.txt", "-f", "csv", "--columns", "puzzle,rating,level,score,hardest"], clone, env)
    assert r.returncode == 0, r.stderr
    ours = subprocess.run(
        [
            sys.executable,
            "-m",
            "sudoku_logic",
            "rate",
            str(puzzles),
            "-j",
            "1",
            "-f",
            "csv",
            "--columns",
            "puzzle,rating,level,score,hardest",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.stdout == ours.stdout and r.stdout.count("\n") == 7


def test_a_changed_c_source_is_not_taken_for_the_installed_engine(installed, tmp_path):
    clone, python, env = installed
    if not native.AVAILABLE:
        pytest.skip("no compiled engine here")
    changed = tmp_path / "clone"
    shutil.copytree(clone, changed)
    with open(changed / "sudoku_logic" / "native" / "se" / "bug.c", "a") as fh:
        fh.write("/* edited after the install */\n")
    r = _run([str(python), "-m", "sudoku_logic", "--version"], changed, env)
    assert "engine: python (the C sources here are not the installed engine's: pip install . again)" in r.stdout


# ---------------------------------------------------------------- what the package declares


def test_packaging_installs_three_packages_and_needs_what_it_imports():
    import re

    import tomllib

    root = ROOT
    project = tomllib.loads((root / "pyproject.toml").read_text())
    setuptools = project["tool"]["setuptools"]
    assert setuptools["packages"]["find"]["include"] == ["sudoku_logic*", "strategies*", "grading*"]
    assert "package-dir" not in setuptools, "each package is the folder of its name: the tree imports as it installs"
    source = "\n".join(
        p.read_text() for d in ("sudoku_logic", "strategies", "grading") for p in (root / d).rglob("*.py")
    )
    for dep in project["project"]["dependencies"]:
        name = re.match(r"[A-Za-z0-9_]+", dep).group(0)
        assert re.search(rf"^\s*(import|from) {name}\b", source, re.M), f"{name} is declared but never imported"
