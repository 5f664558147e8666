"""Shared test helpers: shipped collections, the regression library and the DLX referee."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path

from strategies.registry import lookup
from sudoku_logic.core import dlx
from sudoku_logic.core.context import Settings, SolveContext
from sudoku_logic.core.formats import RegLibCase, parse, parse_reglib
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import cell_name

ROOT = Path(__file__).resolve().parent.parent
#: the tests' data files (golden paths and rows, SE's recorded paths, HoDoKu's scores, snapshots)
DATA = ROOT / "tests" / "data"
PUZZLES = ROOT / "puzzles"
REGLIB = PUZZLES / "hodoku_reglib_dev.txt"
EXEMPLARS = PUZZLES / "hodoku_exemplars.txt"

#: The collections a solve-path sweep covers (81-character puzzle per line).
COLLECTIONS = [
    "qqwing_simple.txt",
    "qqwing_easy.txt",
    "qqwing_intermediate.txt",
    "qqwing_expert.txt",
    "top1465.txt",
    "sudoku17.txt",
    "sudocue_almostdn.txt",
    "sudocue_learningcurve.txt",
    "sudocue_noponies.txt",
    "sudocue_snow2005.txt",
    "sudocue_superiors.txt",
    "sudocue_top10000.txt",
]


def collection(name: str, limit: int | None = None, every: int = 1) -> list[str]:
    """Puzzles (81-character strings) of a shipped collection; ``every`` takes a spread sample."""
    path = PUZZLES / name
    out = []
    with open(path) as fh:
        for line in fh:
            s = line.strip()
            if name.endswith(".csv"):
                s = s.split(",")[0]
            if re.fullmatch(r"[0-9.]{81}", s[:81]) and len(s.split()[0]) == 81:
                out.append(s[:81])
    out = out[::every]
    return out[:limit] if limit else out


@cache
def reglib_lines() -> tuple[str, ...]:
    """Every active line of the regression library (commented-out cases excluded)."""
    return tuple(ln.strip() for ln in open(REGLIB) if ln.startswith(":"))


def reglib_cases(*codes: str) -> list[RegLibCase]:
    """Cases whose base code (before ``-``) is one of ``codes``."""
    out = []
    for ln in reglib_lines():
        case = parse_reglib(ln)
        if case.base_code in codes:
            out.append(case)
    return out


def reglib_ids(cases: list[RegLibCase]) -> list[str]:
    """Readable pytest ids: ``0200#3``."""
    seen: dict[str, int] = {}
    ids = []
    for c in cases:
        seen[c.code] = seen.get(c.code, 0) + 1
        ids.append(f"{c.code}#{seen[c.code]}")
    return ids


def check_reglib_case(case: RegLibCase, techniques: list[str], settings: Settings | None = None) -> None:
    """The finders of ``techniques`` (with ``settings`` for the solve) must find a step with
    exactly the line's eliminations or placements; on a ``-x`` line they must find nothing
    that the line forbids."""
    steps = []
    for t in lookup(techniques):
        steps.extend(t.find(case.grid.copy(), SolveContext(settings)))
    for s in steps:
        assert_step_true_in_position(case.grid, s)
    if case.fail_case:
        assert not steps, f"{case.line}: expected nothing, found {[s.notation for s in steps]}"
        return
    want_e = set(case.eliminations)
    want_p = set(case.placements)
    found = [s for s in steps if set(s.eliminations) == want_e and set(s.placements) == want_p]
    assert found, (
        f"{case.line}\nexpected {sorted(map(fmt, want_p))} {sorted(map(fmt, want_e))}\n"
        f"found: " + "\n       ".join(s.notation for s in steps[:12])
    )


def fmt(pair) -> str:
    cell, d = pair
    return f"{cell_name(cell)}:{d}"


@lru_cache(maxsize=4096)
def _solution_of(key: tuple) -> tuple[int, ...] | None:
    values, cands = key
    g = Grid()
    g.values, g.cands = list(values), list(cands)
    g.pos = [0] + [sum(1 << c for c in range(81) if cands[c] >> (d - 1) & 1) for d in range(1, 10)]
    g.placed = [0] + [sum(1 << c for c in range(81) if values[c] == d) for d in range(1, 10)]
    g.empty = sum(1 << c for c in range(81) if not values[c])
    sols = dlx.solutions(g, 2)
    return tuple(sols[0]) if len(sols) == 1 else None


def assert_step_true_in_position(grid: Grid, step) -> None:
    """If the position has a unique solution, no placement or elimination contradicts it."""
    sol = _solution_of(grid.key())
    if sol is None:
        return
    assert_step_true(sol, step)


def assert_step_true(solution, step) -> None:
    """No placement of ``step`` differs from ``solution`` and no elimination removes it."""
    wrong = [f"{cell_name(c)}={d}" for c, d in step.placements if solution[c] != d]
    wrong += [f"{cell_name(c)}<>{d}" for c, d in step.eliminations if solution[c] == d]
    assert not wrong, f"WRONG step {step.notation}: {wrong} (solution {''.join(map(str, solution))})"


def check_path(puzzle: str, solver) -> object:
    """Solve ``puzzle`` with ``solver`` and check every step against the DLX solution."""
    grid = parse(puzzle)
    solution = dlx.unique_solution(grid)
    result = solver.solve(grid)
    for step in result.steps:
        assert_step_true(solution, step)
    if result.solved:
        assert result.grid.values == solution
    return result


def exemplar_sections() -> dict[str, list[str]]:
    """HoDoKu exemplars by section title (``Locked Candidate Type 1``): puzzle strings."""
    out: dict[str, list[str]] = {}
    title = None
    for ln in open(EXEMPLARS):
        ln = ln.rstrip("\n")
        m = re.match(r"#(\d{4}):?\s*(.*)", ln)
        if m:
            title = m.group(2).strip()
            continue
        if title and re.match(r"[0-9.]{81}", ln):
            out.setdefault(title, []).append(ln[:81])
    return out


def two_solutions(p: str) -> str:
    """``p`` with the first given taken away whose loss leaves more than one solution."""
    for c, ch in enumerate(p):
        if ch not in "0.":
            q = p[:c] + "0" + p[c + 1 :]
            if dlx.count_solutions(parse(q), 2) == 2:
                return q
    raise AssertionError("every given is needed")


def wrong_given(p: str) -> Grid:
    """The puzzle with one more given that breaks no rule at once but leaves no solution."""
    from sudoku_logic.core.errors import InvalidPuzzle

    sol = dlx.solve(parse(p))
    for c in range(81):
        if p[c] in "0.":
            for d in range(1, 10):
                if d != sol[c]:
                    try:
                        g = parse(p[:c] + str(d) + p[c + 1 :])
                    except InvalidPuzzle:
                        continue
                    if dlx.count_solutions(g) == 0:
                        return g
    raise AssertionError("no such given")


def assert_practises(puzzle: str, name: str) -> None:
    """``puzzle`` has one solution (DLX) and HoDoKu's path, as `sudoku step --order hodoku`
    takes it, takes ``name`` with no step harder (by level, then score): a practice puzzle."""
    from grading.hodoku import step_level, step_score
    from sudoku_logic import api

    assert dlx.dlx_count_solutions(parse(puzzle), 2) == 1
    path = api.solve_path(puzzle, order="hodoku")
    assert path.solved
    keys = [((step_level(s), step_score(s)), s.technique) for s in path.steps]
    mine = [k for k, t in keys if t == name]
    assert mine, f"no {name} on the path"
    assert all(k <= max(mine) for k, _ in keys), [t for k, t in keys if k > max(mine)]
