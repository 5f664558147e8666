"""The layers import only downward, and the application's rooms in no cycle.

Bottom to top: ``sudoku_logic.core`` with the compiled engine's loader ``sudoku_logic.native``,
``strategies``, ``sudoku_logic.solve``, ``grading``, the public API ``sudoku_logic.api``, and the
application's rooms: ``io``, then ``bulk`` and ``terminal`` side by side, then ``cli``. A module
may import its own layer (or room) and those below it, nothing above or beside it. Every
import counts, those inside a function or under ``TYPE_CHECKING`` too: a lazy import upward
is still a dependency upward. The package's face (``sudoku_logic/__init__.py``, whose names
are imported lazily from the API, and ``__main__.py``) stands above them all; the
application's ``__init__.py`` only says what its rooms hold.
"""

from __future__ import annotations

import ast
from pathlib import Path

#: the repository: the nearest folder above this file that holds pyproject.toml
ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
PACKAGES = ("sudoku_logic", "strategies", "grading")
#: the package's face, above every layer, and the application's hall (a docstring)
FACE = {"sudoku_logic", "sudoku_logic.__main__", "sudoku_logic.app"}

#: (prefix, rank): a module belongs to the longest prefix it starts with; prefixes of one
#: rank stand side by side and may not import each other, except within ``BOTTOM``
LAYERS = (
    ("sudoku_logic.core", 0),
    ("sudoku_logic.native", 0),
    ("strategies", 1),
    ("sudoku_logic.solve", 2),
    ("grading", 3),
    ("sudoku_logic.api", 4),
    ("sudoku_logic.app.io", 5),
    ("sudoku_logic.app.bulk", 6),
    ("sudoku_logic.app.terminal", 6),
    ("sudoku_logic.app.cli", 7),
)
#: the core and the compiled engine's loader: one bottom layer, either may import the other
BOTTOM = {"sudoku_logic.core", "sudoku_logic.native"}


def modules() -> dict[str, Path]:
    """Every module of the three packages by dotted name."""
    out = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ours that ``name`` imports anywhere in its text (``from P import m``
    counts as module ``P.m`` when that is a module)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                child = f"{source}.{alias.name}"
                found.add(child if child in known else source)
    return {m for m in found if m in known and m != name}


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of ours it imports."""
    known = modules()
    return {name: imports_of(name, path, set(known)) for name, path in known.items()}


def place(name: str) -> tuple[str, int] | None:
    """The layer (or room) of a module and its rank; None for the face or an unplaced module."""
    best = None
    for prefix, rank in LAYERS:
        if (name == prefix or name.startswith(prefix + ".")) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, rank)
    return best


def violations(graph: dict[str, set[str]]) -> list[str]:
    """Every import that runs upward or sideways between layers or rooms, and every module
    no layer holds."""
    out = []
    for name in sorted(graph):
        if name in FACE:
            continue
        here = place(name)
        if here is None:
            out.append(f"{name}: in no layer (add its folder to LAYERS)")
            continue
        for target in sorted(graph[name]):
            there = place(target)
            if target == "sudoku_logic":
                continue  # the package itself (its version): the parent every module imports anyway
            if target in FACE:
                out.append(f"{name} imports {target}, which no layer may import")
            elif there is None or there[0] == here[0] or {there[0], here[0]} <= BOTTOM:
                continue
            elif there[1] >= here[1]:
                way = "upward" if there[1] > here[1] else "sideways"
                out.append(f"{name} ({here[0]}) imports {target} ({there[0]}): {way}")
    return out


def cycles(graph: dict[str, set[str]], within: tuple[str, ...]) -> list[list[str]]:
    """The import cycles among the modules whose names start with one of ``within``."""
    nodes = {m for m in graph if m.startswith(within)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v] & nodes:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return found


def test_layers_import_only_downward():
    assert violations(import_graph()) == []


def test_no_import_cycle_in_the_api_or_the_application():
    assert cycles(import_graph(), ("sudoku_logic.api", "sudoku_logic.app")) == []


def test_the_graph_is_read_whole():
    graph = import_graph()
    assert graph["sudoku_logic.app"] == set()
    assert "sudoku_logic.api.solver" in graph["sudoku_logic.api"]  # under TYPE_CHECKING and in a function
    assert "sudoku_logic.app.cli.options" in graph["sudoku_logic.app.cli.step"]  # from P import m as x
    assert {"sudoku_logic.app.io.reader", "sudoku_logic.app.bulk.pool"} <= graph["sudoku_logic.app.bulk.rating"]
    assert all(place(m) for m in graph if m not in FACE)


def test_an_upward_or_sideways_import_or_a_cycle_is_caught():
    graph = {
        "sudoku_logic.core.grid": {"grading.tables"},
        "sudoku_logic.app.bulk.pool": {"sudoku_logic.app.terminal.play"},
        "sudoku_logic.app.io.reader": {"sudoku_logic.app.cli.main", "sudoku_logic.app.io.words"},
        "sudoku_logic.app.io.words": {"sudoku_logic.app.io.reader"},
        "sudoku_logic.app.extra.thing": set(),
        "sudoku_logic.core.dlx": {"sudoku_logic.native"},
        "sudoku_logic.native": set(),
        "grading.tables": set(),
        "sudoku_logic.app.terminal.play": set(),
        "sudoku_logic.app.cli.main": set(),
    }
    found = violations(graph)
    assert len(found) == 4, found
    assert "sideways" in found[0] and "in no layer" in found[1] and "upward" in found[2] and "upward" in found[3]
    assert cycles(graph, ("sudoku_logic.app",)) == [["sudoku_logic.app.io.reader", "sudoku_logic.app.io.words"]]
