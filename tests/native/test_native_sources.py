"""The compiled engine's sources: every "twin of X" reference names code that exists.

A C comment or ``docs/engine.md`` that says a piece is the twin of a Python function (or a C
function the twin of another) is how a reader crosses between the languages; once the named
file or function has moved, the reference misleads. These tests resolve each one:

- a path (``strategies/se/bug.py``, ``se/loop.c``) must be a file: Python paths from the
  repository's top, C paths from ``sudoku_logic/native/`` (or the referring file's folder);
  a bare file name after a path is read in that path's folder (``core/grid.py and houses.py``);
- the names after ``path's`` or ``path:`` (``grading/se.py's raw_difficulty and
  path_rating``) must be defined in that file (``Class.method`` in its class's file);
- a dotted name (``order.confined_sets``, ``grading.se.path_rating``) must be a
  module of the three packages and a name defined in it;
- in ``docs/engine.md``, every backticked file, ``file: name`` and ``module.name``, and the
  names in backticks beside them in a table's cell (the helpers of that file).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from helpers import ROOT

NATIVE = ROOT / "sudoku_logic" / "native"
PACKAGES = ("sudoku_logic", "strategies", "grading")

_FILE = re.compile(r"[\w./]*\w\.(?:py|c|h)\b")
_NAME = r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?"
# ``path's a, b and c`` or ``path: a, b, c`` (a list of names after a file)
_LISTED = rf"{_NAME}(?![/\w])"
_NAMES_AFTER = re.compile(rf"(?:'s|:)\s+((?:``?)?{_LISTED}(?:``?)?(?:(?:,\s*|\s+and\s+)(?:``?)?{_LISTED}(?:``?)?)*)")
_TWIN = re.compile(r"\btwins? of\b")


@cache
def _python_files() -> tuple[Path, ...]:
    return tuple(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py"))


@cache
def _text(path: Path) -> str:
    return path.read_text()


def _resolve_file(token: str, near: Path, previous: Path | None) -> Path | None:
    """The file a reference names, or None."""
    token = token.strip("`")
    if token.endswith(".py"):
        candidates = [ROOT / token]
        if "/" not in token:
            if previous is not None:
                candidates.append(previous.parent / token)
            candidates += [p for p in _python_files() if p.name == token]
    else:
        candidates = [NATIVE / token, near.parent / token]
        if previous is not None and "/" not in token:
            candidates.append(previous.parent / token)
    return next((p for p in candidates if p.is_file()), None)


def _defined(path: Path, name: str) -> bool:
    """Whether ``name`` (or ``Class.attr``) is defined in the file ``path``."""
    text = _text(path)
    parts = name.split(".")
    if path.suffix == ".py":
        for part in parts:
            if not re.search(rf"^\s*(?:async\s+)?(?:def|class)\s+{part}\b|^\s*(?:self\.)?{part}\s*[:=]", text, re.M):
                return False
        return True
    # C: a function, a macro, a type or a variable of that name
    return all(
        re.search(rf"\b{part}\s*\(|#define\s+{part}\b|\}}\s*{part}\s*;|\b{part}\s*(?:\[|=)", text) for part in parts
    )


def _code_like(name: str) -> bool:
    """Whether a word after ``path's`` is a name of code (``find_bug``, ``LinkGraph``,
    ``Rater.rate``), not prose (``chain``, ``SE``)."""
    return "_" in name or "." in name or (name != name.lower() and name != name.upper())


def _module(dotted: str, name: str) -> Path | None:
    """The Python file of a module named in full (``grading.se``) or by its last parts
    (``singles``, ``se.singles``): the first such module that defines ``name``, else the first."""
    path = ROOT.joinpath(*dotted.split(".")).with_suffix(".py")
    if path.is_file():
        return path
    tail = tuple(dotted.split("."))
    found = [p for p in _python_files() if p.with_suffix("").parts[-len(tail) :] == tail]
    return next((p for p in found if _defined(p, name)), found[0] if found else None)


def _check_span(span: str, near: Path) -> list[str]:
    """What a reference's text names that does not exist."""
    stale = []
    previous: Path | None = None
    for m in _FILE.finditer(span):
        path = _resolve_file(m.group(0), near, previous)
        if path is None:
            stale.append(m.group(0))
            continue
        previous = path
        after = _NAMES_AFTER.match(span, m.end() + (1 if span[m.end() : m.end() + 1] == "`" else 0))
        if after:
            for name in re.findall(_LISTED, after.group(1)):
                if _code_like(name) and not _defined(path, name):
                    stale.append(f"{m.group(0)}: {name}")
    rest = _FILE.sub(" ", span)
    for m in re.finditer(r"(?<![\w./])([a-z_][a-z_0-9]*(?:\.[a-z_][a-z_0-9]*)*)\.([A-Za-z_]\w*)\b(?![./])", rest):
        module = _module(m.group(1), m.group(2))
        if module is None:
            if "_" in m.group(1) or "." in m.group(1):
                stale.append(m.group(0))
            continue
        if not _defined(module, m.group(2)):
            stale.append(m.group(0))
    return stale


def _c_references() -> list[tuple[Path, str]]:
    """Each "twin of" reference in a C comment: the comment's text from the phrase to the
    end of its sentence or parenthesis."""
    refs = []
    for path in sorted(NATIVE.rglob("*.[ch]")):
        for comment in re.findall(r"/\*.*?\*/", _text(path), re.S):
            flat = " ".join(line.strip().lstrip("*").strip() for line in comment[2:-2].splitlines())
            for m in _TWIN.finditer(flat):
                refs.append((path, _span(flat, m.end())))
    return refs


def _span(text: str, start: int) -> str:
    """From ``start`` to the end of the enclosing parenthesis, or of the sentence."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return text[start:i]
            depth -= 1
        elif ch in ";" and depth == 0:
            return text[start:i]
        elif ch == "." and depth == 0 and (i + 1 == len(text) or text[i + 1] == " "):
            return text[start:i]
    return text[start:]


def test_c_twin_references_name_code_that_exists():
    refs = _c_references()
    assert len(refs) > 20
    stale = [f"{path.relative_to(ROOT)}: {bad}" for path, span in refs for bad in _check_span(span, path)]
    assert not stale, "\n".join(stale)


def _doc_cells() -> list[tuple[str, bool]]:
    """docs/engine.md cut into table cells and paragraphs (each with whether it is a cell)."""
    text = _text(ROOT / "docs" / "engine.md")
    cells = []
    for block in text.split("\n\n"):
        if block.lstrip().startswith("|"):
            for line in block.splitlines():
                cells += [(cell, True) for cell in line.split("|")]
        else:
            cells.append((block, False))
    return cells


def test_engine_doc_names_code_that_exists():
    doc = ROOT / "docs" / "engine.md"
    stale = []
    checked = 0
    for cell, in_table in _doc_cells():
        ticks = re.findall(r"`([^`]+)`", cell)
        files: list[Path] = []
        for tick in ticks:
            head, _, names = tick.partition(": ")
            if _FILE.fullmatch(head):
                path = _resolve_file(head, NATIVE / "se" / "x.c", files[-1] if files else None)
                checked += 1
                if path is None:
                    stale.append(head)
                    continue
                files.append(path)
                for name in re.findall(_NAME, names):
                    if not _defined(path, name):
                        stale.append(f"{head}: {name}")
            elif re.fullmatch(r"[a-z_][\w.]*\.[A-Za-z_]\w*", tick) and not _FILE.fullmatch(tick):
                module, _, name = tick.rpartition(".")
                path = _module(module, name)
                if path is None or "." not in tick:
                    continue
                checked += 1
                files.append(path)
                if not _defined(path, name):
                    stale.append(tick)
        # a cell's bare names in backticks: the helpers of its file (``walk``, ``_valid``)
        if files and in_table:
            for tick in ticks:
                if re.fullmatch(r"_?[a-z]\w*", tick) and "_" in tick and not any(_defined(p, tick) for p in files):
                    stale.append(f"{tick} (in {', '.join(p.name for p in files)})")
        plain = cell.replace("`", "")
        for m in _TWIN.finditer(plain):
            stale += _check_span(_span(plain, m.end()), doc)
    assert checked > 30
    assert not stale, "\n".join(stale)


@pytest.mark.parametrize(
    "span, stale",
    [
        ("strategies/se/bug.py's find_bug and _type3", []),
        ("strategies/se/bug.py's no_such_function", ["strategies/se/bug.py: no_such_function"]),
        ("sudoku_logic/native/se_chains.c", ["sudoku_logic/native/se_chains.c"]),
        ("order.confined_sets", []),
        ("order.not_there", ["order.not_there"]),
        ("sudoku_logic/core/grid.py and houses.py", []),
    ],
)
def test_a_stale_reference_is_found(span, stale):
    assert _check_span(span, NATIVE / "se" / "loop.c") == stale


def test_the_generated_headers_are_the_tables():
    """``se/tables.h`` and ``hodoku/tables.h`` are what ``python -m grading.native_tables``
    writes from the Python tables now: SE's rule order and ids, technique codes, kind codes and
    SE's numbers, HoDoKu's technique codes, slots, levels and scores are written once, in
    ``grading``; run the generator after changing them."""
    from grading.native_tables import HEADERS

    for path, make in HEADERS:
        assert path.read_text() == make(), f"{path.name} is stale: python -m grading.native_tables"


def test_no_table_is_written_again_in_c():
    """The C sources take rule ids, technique codes and SE's numbers from ``se/tables.h``: no
    other file defines an ``R_``/``T_``/``K_`` enum, and no rating number (a decimal such as
    ``8.5``) stands in a C source outside the generated header."""
    for path in sorted(NATIVE.rglob("*.[ch]")):
        if path.name == "tables.h":
            continue
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", _text(path), flags=re.S)
        assert not re.search(r"enum\s*\{\s*[RTKH]_", code), path
        numbers = set(re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", code)) - {"0.0", "0.05", "0.1", "1000.0", "10"}
        assert not numbers, f"{path.relative_to(ROOT)}: {sorted(numbers)}"


def test_the_engine_gives_the_tables_names():
    """The compiled engine's rule and technique names are the tables' (Python reads them from
    the engine: strategies cannot import grading)."""
    from grading.tables import SE_RULES, SE_TECHNIQUES
    from sudoku_logic import native

    if not native.AVAILABLE:
        pytest.skip("no compiled engine here")
    assert native.RULES == SE_RULES
    assert native.TECHNIQUES == tuple(name for _, name in SE_TECHNIQUES)
    from grading.native_tables import hodoku_techniques
    from grading.scales import hodoku_policy

    assert native.HODOKU_TECHNIQUES == tuple(hodoku_techniques())
    assert native.HODOKU_DEFAULT == hodoku_policy().technique_names
