"""No state outlives a solve, and the registries agree with the difficulty table.

Every module-level value of the engine's packages (strategies, grading, the solve loop, the
core) is the same after solving, hinting and rating a spread of puzzles in both orders as
before: tables built at import are read, never written; what a solve learns lives in its
``SolveContext``. Every registered technique and SE rule has its row in the table, and a
technique's family is the module that registers it (or the family its module names).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import types

import grading as grading
import strategies as strategies
import sudoku_logic.core as core
import sudoku_logic.solve as solve
from grading.rater import Rater
from grading.tables import RATINGS
from helpers import collection
from strategies.registry import FAMILY_FOLDERS, REGISTRY, RULES, load_all
from sudoku_logic.api.hints import distinct_steps
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse


def _modules() -> list[types.ModuleType]:
    load_all()
    out = []
    for pkg in (core, strategies, solve, grading):
        for info in pkgutil.walk_packages(pkg.__path__, f"{pkg.__name__}."):
            out.append(importlib.import_module(info.name))
    return out


def _fingerprint(value, depth: int = 0):
    """What a module-level value holds, deep enough to see a cache fill or a flag change."""
    if isinstance(value, (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, type)):
        return id(value)
    if isinstance(value, dict):
        return (
            "dict",
            len(value),
            tuple((repr(k), _fingerprint(v, depth + 1)) for k, v in value.items()) if depth < 3 else id(value),
        )
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(map(repr, value)) if isinstance(value, (set, frozenset)) else value
        return (
            type(value).__name__,
            len(value),
            tuple(_fingerprint(v, depth + 1) for v in items) if depth < 3 else id(value),
        )
    if hasattr(value, "__dict__") and not callable(value):
        return ("obj", type(value).__name__, _fingerprint(vars(value), depth + 1))
    return repr(value)


def _snapshot() -> dict:
    return {
        (m.__name__, name): _fingerprint(v)
        for m in _modules()
        for name, v in vars(m).items()
        if not name.startswith("__")
    }


def test_solving_leaves_every_module_as_it_was():
    before = _snapshot()
    puzzles = collection("top1465.txt", 2, every=301) + collection("qqwing_expert.txt", 3, every=211)
    for p in puzzles:
        grid = parse(p)
        for order in ("se", "hodoku"):
            Solver(order=order).solve(grid)
            list(distinct_steps(Solver(order=order), grid))
        Rater().rate(grid)
    after = _snapshot()
    changed = sorted(k for k in before if before[k] != after.get(k))
    assert not changed, f"module state changed by solving: {changed[:10]}"
    assert set(after) == set(before)


def test_registered_names_have_table_rows_and_families_are_modules():
    """A technique's family is its table row's and its module's: the module's name, or, for a
    family written in several modules, the module's FAMILY; a family's modules stand in one
    folder (the shared families at the top of strategies, or one program's)."""
    load_all()
    folders: dict[str, set[str]] = {}
    for name, t in REGISTRY.items():
        assert name in RATINGS, name
        module = sys.modules[t.finder.__module__]
        folder, own = module.__name__.rsplit(".", 1)
        assert RATINGS[name].family == t.family == getattr(module, "FAMILY", own), name
        assert folder in FAMILY_FOLDERS, name
        folders.setdefault(t.family, set()).add(folder)
    assert all(len(f) == 1 for f in folders.values()), folders
    for rule in RULES.values():
        for name in rule.techniques:
            assert name in RATINGS and RATINGS[name].se is not None, (rule.name, name)
