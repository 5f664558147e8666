"""The compiled SE engine (``sudoku_logic/native``) against the Python engine, field by field.

Both engines run in this process: ``se_policy(compiled=False)`` is the Python finders
alone, the reference; the default policy takes the compiled rules' steps from the C engine
where it was built. Each compiled rule's first hint is held to its Python finder's on SE's
recorded paths, on random reachable positions (hypothesis) and on positions with random
candidates removed; whole paths are held together step by step. Where a C compiler is on
the machine (CI has one) the compiled engine must be the one in use.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grading import se_batch
from grading.scales import se_policy, se_rules
from grading.se import raw_difficulty
from helpers import ROOT, collection, two_solutions, wrong_given
from se_paths import HARDEST, positions, se_paths
from strategies.registry import RULES, load_all
from strategies.se import se_compiled
from sudoku_logic import native
from sudoku_logic.api.position import line_values
from sudoku_logic.core import dlx
from sudoku_logic.core.formats import parse
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.step import Step
from sudoku_logic.solve.loop import solve
from sudoku_logic.solve.memo import step_changes

FIELDS = tuple(Step.__dataclass_fields__)

compiled = pytest.mark.skipif(not se_compiled.AVAILABLE, reason=f"compiled engine not in use: {native.REASON}")


def _compiler() -> str | None:
    """The C compiler Python builds extensions with, if it is on this machine."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(cc[0]) if cc else None


def test_compiled_engine_in_use_where_a_compiler_is():
    if os.environ.get("SUDOKU_ENGINE", "").lower() == "python":
        pytest.skip("SUDOKU_ENGINE=python forces the Python engine")
    if _compiler() is None:
        pytest.skip("no C compiler here: the Python engine is the one to run")
    assert native.ENGINE == "compiled", f"a C compiler is here but the compiled engine is not in use: {native.REASON}"
    assert se_compiled.AVAILABLE


def test_every_c_source_is_built():
    """pyproject.toml's extension lists every C file of the engine (an unlisted one leaves
    the module without its functions)."""
    import tomllib

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    (ext,) = conf["tool"]["setuptools"]["ext-modules"]

    def on_disk(suffix: str) -> set[str]:
        return {p.relative_to(ROOT).as_posix() for p in (ROOT / "sudoku_logic" / "native").rglob(f"*{suffix}")}

    assert set(ext["sources"]) == on_disk(".c")
    assert set(ext["depends"]) == on_disk(".h")


_PYTHON_SE = se_policy(compiled=False)


def python_first(grid: Grid, rule: str) -> Step | None:
    """The first step of SE's rule ``rule`` that changes ``grid``, from its Python finder
    (in a solve's context of the SE scale, which its chaining rules need)."""
    for step in RULES[rule].find(grid, _PYTHON_SE.context(unique=True)):
        if step_changes(grid, step):
            return step
    return None


def assert_same_step(a: Step | None, b: Step | None, where: str) -> None:
    assert (a is None) == (b is None), f"{where}: python {a and a.notation} / compiled {b and b.notation}"
    if a is not None:
        differ = [f for f in FIELDS if getattr(a, f) != getattr(b, f)]
        assert not differ, f"{where}: {a.notation} differs in {differ}"


#: SE's names (in its recorded paths) of rules compared where SE took them, and the compiled
#: rules compared there: hints of chains, unique patterns and aligned triplets are rare
#: elsewhere, and searching them in Python costs up to a tenth of a second
COSTLY = {
    "Forcing Chains & Cycles": ("Forcing Chains & Cycles",),
    "Unique patterns": ("Unique Loops", "Bivalue Universal Graves"),  # SE's name for both
    "Aligned Triplet Exclusion": ("Aligned Triplet Exclusion",),
    "Multiple Forcing Chains": ("Multiple Forcing Chains", "Forcing Chains & Cycles"),
    "Nishio Forcing Chains": ("Nishio Forcing Chains", "Aligned Triplet Exclusion"),
    "Dynamic Forcing Chains": ("Dynamic Forcing Chains", "Nishio Forcing Chains", "Multiple Forcing Chains"),
    "Dynamic Forcing Chains (+)": ("Dynamic Forcing Chains (+)", "Dynamic Forcing Chains"),
}
#: SE's dynamic rules whose nesting asks chaining rules: a Python search takes 1-5 s at
#: levels 2 and 3, a minute or more at levels 4 and 5, so they are compared only where SE
#: took them on the recorded paths of the 2011 hardest list (level 4 in the sweep), and
#: levels 4 and 5 late on such a path, where the Python search is short
NESTED = ("Dynamic Forcing Chains (+ Forcing Chains)", "Dynamic Forcing Chains (+ Multiple Forcing Chains)")
DEEP = (
    "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
)
COSTLY_RULES = {r for rules in COSTLY.values() for r in rules} | set(NESTED) | set(DEEP)
#: the rules compared at random reachable positions
EVERYWHERE = tuple(r for r in se_compiled.RULES if r not in NESTED and r not in DEEP)
#: positions compared per SE rule of COSTLY (the whole run over every recorded position of
#: each: benchmarks/se_steps.py, which takes the compiled engine's path)
PER_RULE = 8


def assert_rules_agree(grid: Grid, where: str, rules: tuple[str, ...] = tuple(se_compiled.RULES)) -> int:
    """Every compiled rule's first hint on ``grid`` equals its Python finder's; the number
    of rules that found one."""
    found = 0
    for rule in rules:
        a = python_first(grid, rule)
        assert_same_step(
            a, se_compiled.first(grid, se_compiled.rule_ids([rule]), _PYTHON_SE.context(unique=True)), f"{where} {rule}"
        )
        found += a is not None
    return found


def _thinned(grid: Grid, rng: random.Random, solution: list[int] | None, most: int) -> Grid:
    """A copy of ``grid`` with up to ``most`` candidates removed at random (never the
    solution's digit, when one is given: the position stays reachable)."""
    g = grid.copy()
    for _ in range(rng.randint(1, most)):
        c = rng.randrange(81)
        m = g.cands[c]
        if m & (m - 1):
            ds = [d for d in range(1, 10) if m >> (d - 1) & 1 and (solution is None or d != solution[c])]
            if ds:
                g.eliminate(c, rng.choice(ds))
    return g


@compiled
def test_rules_equal_on_se_recorded_paths():
    load_all()
    rng = random.Random(28)
    by_source: dict[str, int] = {}
    costly = {name: 0 for name in COSTLY}
    found = checked = 0
    basic = tuple(r for r in se_compiled.RULES if r not in COSTLY_RULES)
    for path in se_paths():
        if by_source.get(path.source, 0) >= 12 and not any(
            costly.get(st.rule, PER_RULE) < PER_RULE for st in path.steps
        ):
            continue
        for i, (grid, step) in enumerate(positions(path)):
            if costly.get(step.rule, PER_RULE) < PER_RULE:  # where SE took one: its hint, and one thinned
                rules = COSTLY[step.rule]
                found += assert_rules_agree(grid, f"{path.puzzle} #{i}", rules)
                found += assert_rules_agree(_thinned(grid, rng, None, 6), f"{path.puzzle} #{i} thinned", rules)
                costly[step.rule] += 1
            if by_source.get(path.source, 0) >= 12 or i % 2:
                continue
            found += assert_rules_agree(grid, f"{path.puzzle} #{i}", basic)
            found += assert_rules_agree(_thinned(grid, rng, None, 12), f"{path.puzzle} #{i} thinned", basic)
            checked += 2
        by_source[path.source] = by_source.get(path.source, 0) + 1
    assert checked > 500 and found > checked  # most positions have hints of several rules
    assert all(n == PER_RULE for n in costly.values()), costly


_PUZZLES = (
    collection("top1465.txt", 40) + collection("qqwing_expert.txt", 40) + collection("sudoku17.txt", 40, every=50)
)


@compiled
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_PUZZLES), st.integers(0, 80), st.integers(0, 2**32 - 1))
def test_rules_equal_on_random_reachable_positions(puzzle, depth, seed):
    """A position the SE path reaches, with candidates the solution does not need removed."""
    load_all()
    grid = parse(puzzle)
    path = solve(grid, se_policy(compiled=False), max_steps=depth)
    work = path.grid
    solution = dlx.solve(grid)
    assert_rules_agree(_thinned(work, random.Random(seed), solution, 20), f"{puzzle} after {depth}", EVERYWHERE)


def _where_se_took(rules: tuple[str, ...], per_rule: int) -> list[tuple[str, str, Grid]]:
    """``(rule, where, position)`` for the first ``per_rule`` steps of each of ``rules`` on
    SE's recorded paths of the 2011 hardest list."""
    found: dict[str, list] = {r: [] for r in rules}
    for path in se_paths(HARDEST):
        for i, (grid, step) in enumerate(positions(path)):
            if step.rule in found and len(found[step.rule]) < per_rule:
                found[step.rule].append((f"{path.puzzle} #{i}", grid))
    return [(r, where, grid) for r in rules for where, grid in found[r]]


@compiled
@pytest.mark.parametrize("rule,where,grid", _where_se_took(NESTED, 2))
def test_nested_rules_equal_where_se_took_them(rule, where, grid):
    """Levels 2 and 3 of SE's nesting: the first hint, its words and nested chains' weight."""
    load_all()
    assert assert_rules_agree(grid, where, (rule,)) == 1


def _late_positions() -> list[tuple[str, str, Grid]]:
    """``(rule, where, position)`` for levels 4 and 5 at two late positions of a recorded
    hardest path (51 and 46 cells empty), where both find a hint and a Python search takes
    about a second."""
    path = se_paths(HARDEST)[1]
    grids = {i: g for i, (g, _) in enumerate(positions(path)) if i in (100, 105)}
    return [(rule, f"{path.puzzle} #{i}", g) for i, g in grids.items() for rule in DEEP]


@compiled
@pytest.mark.parametrize("rule,where,grid", _late_positions())
def test_deep_nested_rules_equal_late_on_a_hardest_path(rule, where, grid):
    """Levels 4 and 5 of SE's nesting where the Python search is short: the first hint,
    its words and the weight of its nested chains, nested chains within nested chains at
    level 5 included."""
    load_all()
    assert assert_rules_agree(grid, where, (rule,)) == 1


@compiled
@pytest.mark.sweep
@pytest.mark.parametrize("rule,where,grid", _where_se_took(DEEP[:1], 3))
def test_deep_nested_rules_equal_where_se_took_them(rule, where, grid):
    """Level 4 where SE took it (a minute or two each in Python: the sweep). SE's recorded
    paths never need level 5; a Python level-5 search at these positions takes more than 20
    minutes, so level 5 is compared late on a path (above)."""
    load_all()
    assert assert_rules_agree(grid, where, (rule,)) == 1


def assert_same_path(grid: Grid, where: str, **kw) -> None:
    a = solve(grid, se_policy(compiled=False), **kw)
    b = solve(grid, se_policy(), **kw)
    assert len(a.steps) == len(b.steps), f"{where}: {len(a.steps)} steps against {len(b.steps)}"
    for i, (x, y) in enumerate(zip(a.steps, b.steps)):
        assert_same_step(x, y, f"{where} step {i + 1}")
    assert (a.solved, a.error, a.stopped) == (b.solved, b.error, b.stopped), where
    assert (a.grid.values, a.grid.cands, a.grid.pos, a.grid.placed, a.grid.empty, a.grid.givens) == (
        b.grid.values,
        b.grid.cands,
        b.grid.pos,
        b.grid.placed,
        b.grid.empty,
        b.grid.givens,
    ), where


@compiled
@pytest.mark.parametrize(
    "name,limit,every",
    [
        ("qqwing_simple.txt", 15, 60),
        ("qqwing_intermediate.txt", 15, 60),
        ("qqwing_expert.txt", 15, 60),
        ("top1465.txt", 2, 200),
        ("sudoku17.txt", 15, 3000),
        ("sudocue_top10000.txt", 1, 2000),
    ],
)
def test_whole_paths_equal(name, limit, every):
    for p in collection(name, limit, every=every):
        assert_same_path(parse(p), p)


@compiled
def test_paths_cut_short_equal():
    """``stop`` (rate's give-up test) and ``max_steps`` end a compiled run where they end
    the Python loop, the grid as it stood before the step turned down."""
    for p in collection("qqwing_expert.txt", 6):
        grid = parse(p)
        assert_same_path(grid, p, max_steps=17)
        assert_same_path(grid, p, stop=lambda s: s.technique in ("Naked Pair", "Hidden Pair", "X-Wing"))
        assert_same_path(grid, p, stop=lambda s: bool(s.eliminations))


@compiled
def test_broken_positions_stop_alike():
    """A puzzle without a solution: both engines stop at the same step with the same error."""
    for p in collection("qqwing_easy.txt", 5):
        assert_same_path(wrong_given(p), p)


@compiled
def test_first_step_of_a_solver_is_the_compiled_one():
    from sudoku_logic.api.solver import Solver

    grid = parse(collection("top1465.txt", 1)[0])
    s = Solver()
    assert_same_step(next(s.steps(grid)), s.next_step(grid), "Solver.next_step")


def _sudoku(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_logic", *args], capture_output=True, text=True, env=env, cwd=cwd, timeout=300
    )


def test_version_names_the_engine_and_the_variable_forces_python():
    out = _sudoku("--version", env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0
    assert f"engine: {native.ENGINE}" in out.stdout.splitlines()[0]
    forced = _sudoku("--version", env={**os.environ, "SUDOKU_ENGINE": "python", "PYTHONPATH": str(ROOT)})
    assert "engine: python (SUDOKU_ENGINE=python)" in forced.stdout.splitlines()[0]


def test_rate_rows_equal_on_both_engines(tmp_path):
    src = tmp_path / "p.txt"
    src.write_text("\n".join(collection("qqwing_expert.txt", 8) + collection("top1465.txt", 1)) + "\n")
    cols = ("rate", str(src), "--jobs", "1", "--columns", "puzzle,rating,ep,ed,hardest,steps")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    a = _sudoku(*cols, env={**env, "SUDOKU_ENGINE": "python"})
    b = _sudoku(*cols, env=env)
    assert a.returncode == b.returncode == 0, a.stderr + b.stderr
    assert a.stdout == b.stdout and a.stdout.count("\n") == 10


def _source_copy(dest: Path) -> Path:
    """The project's sources, without build products, in ``dest``."""
    ignore = shutil.ignore_patterns(
        ".git",
        ".venv",
        "build",
        "dist",
        "*.so",
        "__pycache__",
        "*.egg-info",
        ".pytest_cache",
        ".hypothesis",
        "puzzles",
        "tests",
        "benchmarks",
    )
    shutil.copytree(ROOT, dest, ignore=ignore)
    return dest


def test_install_without_a_compiler_runs_the_python_engine(tmp_path):
    """``pip install`` where the C compiler fails (``CC=/bin/false``) still succeeds, and
    ``sudoku rate`` works on the Python engine."""
    try:
        import setuptools
    except ImportError:
        pytest.skip("setuptools is not installed")
    if int(setuptools.__version__.split(".")[0]) < 74:
        pytest.skip(f"setuptools {setuptools.__version__} cannot read ext-modules from pyproject.toml")
    src = _source_copy(tmp_path / "src")
    wheels = tmp_path / "wheels"
    env = {**os.environ, "CC": "/bin/false", "PIP_NO_INDEX": "1"}
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q", "-w", str(wheels), str(src)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next(wheels.glob("sudoku_logic-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd"))], "a wheel built without a compiler has no engine"
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
        env=env,
        timeout=600,
    )
    run_env = {k: v for k, v in os.environ.items() if k != "SUDOKU_ENGINE"}
    run_env["PYTHONPATH"] = str(target)
    version = _sudoku("--version", env=run_env, cwd=tmp_path)
    assert "engine: python (the compiled engine was not built" in version.stdout, version.stdout + version.stderr
    puzzles = tmp_path / "p.txt"
    puzzles.write_text("\n".join(collection("qqwing_expert.txt", 3)) + "\n")
    rated = _sudoku("rate", str(puzzles), "--jobs", "1", "--columns", "puzzle,rating", env=run_env, cwd=tmp_path)
    assert rated.returncode == 0, rated.stderr
    ours = _sudoku(
        "rate", str(puzzles), "--jobs", "1", "--columns", "puzzle,rating", env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    assert rated.stdout == ours.stdout


@compiled
@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_PUZZLES), st.integers(0, 2**32 - 1), st.integers(0, 30), st.integers(0, 40), st.integers(0, 3))
def test_solution_counts_equal(puzzle, seed, lift, thin, limit):
    """The compiled count of solutions is DLX's: puzzles with givens taken away (several
    solutions), candidates taken away (none, perhaps) and both."""
    rng = random.Random(seed)
    values = [int(ch) if ch.isdigit() else 0 for ch in puzzle]
    for c in rng.sample([c for c in range(81) if values[c]], min(lift, sum(1 for v in values if v))):
        values[c] = 0
    grid = Grid.from_values(values)
    for _ in range(thin):
        c = rng.randrange(81)
        m = grid.cands[c]
        if m & (m - 1):
            grid.eliminate(c, rng.choice([d for d in range(1, 10) if m >> (d - 1) & 1]))
    assert dlx.count_solutions(grid, limit) == dlx.dlx_count_solutions(grid, limit)


@compiled
def test_solution_counts_of_broken_positions():
    """Positions no solution fits: a digit twice among the givens, a cell without candidates."""
    values = [int(ch) if ch.isdigit() else 0 for ch in collection("top1465.txt", 1)[0]]
    g = Grid.from_values(values)
    g.values = values[:]
    g.values[0] = g.values[1] = 5  # Grid.from_values refuses this; the counters must not care
    g.cands = [0 if g.values[c] else m for c, m in enumerate(g.cands)]
    assert dlx.count_solutions(g, 2) == dlx.dlx_count_solutions(g, 2)
    g = Grid.from_values(values)
    empty = next(c for c in range(81) if not values[c])
    for d in range(1, 10):
        if g.has(empty, d):
            g.cands[empty] &= ~(1 << (d - 1))
    assert dlx.count_solutions(g, 2) == dlx.dlx_count_solutions(g, 2) == 0


def _python(code: str, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw
    )


@compiled
def test_equal_givens_in_a_house_count_none_at_once():
    """Two 5s in row 1 of an otherwise empty grid: the compiled count searched the whole tree
    with the GIL released (Python's DLX answers 0 at once); now it answers 0 at once too."""
    code = (
        "from sudoku_logic.core.grid import Grid; from sudoku_logic.core import dlx; "
        "v = [0] * 81; v[0] = v[1] = 5; "
        "g = Grid.from_state(v, [0 if x else 511 for x in v], 0b11); "
        "print(dlx.count_solutions(g, 2), dlx.dlx_count_solutions(g, 2))"
    )
    p = _python(code)
    try:
        out, err = p.communicate(timeout=60)
    finally:
        p.kill()
    assert p.returncode == 0 and out.split() == ["0", "0"], err


@compiled
def test_a_long_compiled_count_stops_on_ctrl_c():
    """Counting the empty grid's solutions up to a billion runs for hours: SIGINT stops it
    with KeyboardInterrupt within the poll's few milliseconds, not at its end."""
    import signal
    import time

    # Python turns SIGINT into KeyboardInterrupt only if its parent did not ignore it, and a
    # test run's process may: the child sets the handler itself
    code = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "import sys; from sudoku_logic import native; print('go', flush=True); "
        "native.count_solutions([0] * 81, [511] * 81, 10**9)"
    )
    p = _python(code)
    try:
        assert p.stdout.readline() == "go\n"
        time.sleep(0.5)
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
    finally:
        p.kill()
    assert p.returncode != 0 and "KeyboardInterrupt" in err


# ---------------------------------------------------------------- whole ratings in C


def _records(p: str) -> list[tuple]:
    """The compiled engine's records of SE's whole path on puzzle ``p``."""
    grid = parse(p)
    ids = se_compiled.rule_ids([r.name for r in se_rules()])
    values, masks = se_compiled.pack(grid)
    why, records, _, _ = native.run(values, masks, ids, 2000)
    assert why == se_compiled.SOLVED, p
    return records


@compiled
def test_step_difficulties_equal_python():
    """se/rating.c's se_raw_difficulty gives every step of whole paths the very float
    grading.se.raw_difficulty gives it (hidden singles by house, unique loops by length and
    subset, BUG type 3, chains by complexity...)."""
    kinds = set()
    sample = (
        collection("qqwing_expert.txt", 120)
        + collection("top1465.txt", 40, every=35)
        + collection("sudoku17.txt", 40, every=700)
        + collection("sudocue_top10000.txt", 20, every=500)
    )
    for p in sample:
        for _, tech, places, elims, args, path, snap in _records(p):
            step = se_compiled._lazy(tech, places, elims, args, path, snap, 0)
            want = raw_difficulty(step)
            got = native.difficulty(tech, args, len(path))
            assert got == want, f"{p}: {step.technique} {step.facts}: C {got!r}, Python {want!r}"
            kinds.add(
                step.technique
                if not step.facts
                else (
                    step.technique,
                    tuple(sorted((k, v) for k, v in step.facts.items() if k in ("house", "subset", "hidden", "loop"))),
                )
            )
    names = {k if isinstance(k, str) else k[0] for k in kinds}
    assert {("Hidden Single", (("house", h),)) for h in ("box", "row", "col")} <= kinds
    assert {
        "Forcing Chain",
        "Cell Forcing Chains",
        "Region Forcing Chains",
        "Unique Rectangle Type 1",
        "Bivalue Universal Grave + 1",
        "Dynamic Double Forcing Chains",
        "Aligned Pair Exclusion",
    } <= names, names
    assert any(isinstance(k, tuple) and dict(k[1]).get("loop", 4) > 4 for k in kinds)
    assert any(isinstance(k, tuple) and "subset" in dict(k[1]) for k in kinds)


def _clash(p: str) -> str:
    """The puzzle with a given copied into its row: two givens clash."""
    c = next(i for i in range(81) if p[i] in "0." and p[i - i % 9 : i - i % 9 + 9].strip("0.") != "")
    d = next(ch for ch in p[c - c % 9 : c - c % 9 + 9] if ch not in "0.")
    return p[:c] + d + p[c + 1 :]


@compiled
def test_batch_ratings_equal_the_rater():
    """grading.se_batch rates whole SE paths in C with the Rater's numbers, and leaves to the
    Python path each puzzle it cannot rate (several solutions, none, clashing givens)."""
    from grading.rater import Rater
    from sudoku_logic.core.errors import SudokuError

    good = (
        collection("qqwing_expert.txt", 40, every=7)
        + collection("top1465.txt", 6, every=50)
        + collection("sudoku17.txt", 30, every=900)
        + collection("qqwing_simple.txt", 20)
    )
    assert se_batch._rule_ids() == se_compiled.rule_ids([r.name for r in se_rules()])  # the policy's rules
    bad = [two_solutions(good[0]), _clash(good[1]), wrong_given(good[2]).values_string()]
    puzzles = good + bad
    rated = se_batch.rate_values([bytes(line_values(p)) for p in puzzles])
    rater = Rater(hodoku=False)
    for p, got in zip(good, rated):
        r = rater.rate(parse(p), unique=None)
        assert got is not None, p
        assert got[:5] == (r.er, r.ep, r.ed, r.se_hardest, r.se_steps), p
    for p, got in zip(bad, rated[len(good) :]):
        assert got is None, p
        with pytest.raises(SudokuError):
            rater.rate(Grid.from_values(line_values(p)), unique=None)


@compiled
def test_rate_array_takes_numpy_puzzles():
    np = pytest.importorskip("numpy")
    from sudoku_logic.core.errors import MultipleSolutions

    good = collection("qqwing_expert.txt", 5)
    arr = np.array([line_values(p) for p in good], dtype=np.int64)
    out = se_batch.rate_array(arr.reshape(5, 9, 9))
    assert out.shape == (5,) and out.dtype.names == tuple(n for n, _ in se_batch.FIELDS)
    from grading.rater import Rater

    for p, row in zip(good, out):
        r = Rater().rate(parse(p))
        assert (row["er"], row["ep"], row["ed"], row["hardest"], row["steps"], bool(row["solved"])) == (
            r.er,
            r.ep,
            r.ed,
            r.se_hardest,
            r.se_steps,
            True,
        )
        assert (row["level"], row["score"], row["hodoku_hardest"]) == (r.level, r.score, r.hodoku_hardest)
    se_only = se_batch.rate_array(arr, hodoku=False)
    assert se_only.dtype.names == tuple(n for n, _ in se_batch.SE_FIELDS)
    assert se_only["er"].tolist() == out["er"].tolist()
    two = np.array([line_values(good[0]), line_values(two_solutions(good[1]))])
    with pytest.raises(MultipleSolutions, match="row 1"):
        se_batch.rate_array(two)
    with pytest.warns(RuntimeWarning, match="row 1: "):
        skipped = se_batch.rate_array(two, errors="skip")
    assert skipped["solved"].tolist() == [True, False] and np.isnan(skipped["er"][1])
    assert skipped["score"].tolist()[1] == -1 and skipped["level"].tolist()[1] == ""
    with pytest.raises(ValueError, match="shape"):
        se_batch.rate_array(np.zeros((2, 80)))
    with pytest.raises(ValueError, match=r"row 0: r1c1 holds 10, not a digit 0-9 \(0 for empty\)"):
        se_batch.rate_array(np.full((1, 81), 10))


@compiled
def test_batches_in_threads_equal_one_batch():
    """rate_batch releases the GIL and keeps nothing between calls: two threads rating
    halves at once give the numbers of one batch."""
    from concurrent.futures import ThreadPoolExecutor

    puzzles = [bytes(line_values(p)) for p in collection("qqwing_expert.txt", 40, every=3)]
    whole = [r[:5] for r in se_batch.rate_values(puzzles)]
    with ThreadPoolExecutor(2) as pool:
        halves = list(pool.map(se_batch.rate_values, [puzzles[:20], puzzles[20:], puzzles[::-1][:20]]))
    assert [r[:5] for r in halves[0] + halves[1]] == whole
    assert [r[:5] for r in halves[2]] == whole[::-1][:20]
