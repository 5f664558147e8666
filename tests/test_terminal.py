"""Issue 18: the terminal experience a HoDoKu or Sudoku Explainer user expects.

Each test names the item of the issue it covers."""

import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from bad_inputs import GOOD, SOLVED
from sudoku_logic.app.cli import app
from sudoku_logic.core.formats import parse, to_pencilmarks

RUNNER = CliRunner()


def invoke(*args, input=None):
    return RUNNER.invoke(app, list(args), input=input)


# ---------------------------------------------------------------- 1. positions are read or refused


def _wrong(cell: int) -> str:
    """SOLVED with a wrong digit in ``cell`` (a non-given cell)."""
    d = SOLVED[cell]
    other = "1" if d != "1" else "2"
    return SOLVED[:cell] + other + SOLVED[cell + 1 :]


def test_check_names_a_wrong_digit_of_givens_filled():
    assert GOOD[0] == "0"
    r = invoke("check", f"{GOOD} {_wrong(0)}")
    assert r.exit_code == 1
    assert r.stderr.strip() == f"r1c1: you placed 1, but the solution has {SOLVED[0]} there"
    r = invoke("check", f"{GOOD} {SOLVED}")
    assert r.exit_code == 0 and "the position agrees with the solution" in r.stdout


def test_check_reads_givens_and_pencilmarks_like_hint(tmp_path):
    grid = parse(GOOD)
    f = tmp_path / "pm.txt"
    f.write_text(GOOD + "\n" + to_pencilmarks(grid) + "\n")
    for cmd in ("check", "hint", "solve", "rate"):
        r = invoke(cmd, str(f))
        assert r.exit_code == 0, (cmd, r.stderr)
    assert "the position agrees with the solution" in invoke("check", str(f)).stdout


def test_hodoku_plus_line_as_filled_part():
    plus = "".join(ch if g != "0" else "+" + ch for g, ch in zip(GOOD, SOLVED))
    r = invoke("hint", f"{GOOD} {plus}")
    assert r.exit_code == 0 and "already solved" in r.stdout


def test_a_short_label_after_the_puzzle_is_still_a_label():
    r = invoke("check", f"{GOOD} #42 ER=8.3")
    assert r.exit_code == 0 and r.stdout.startswith("valid: one solution")


def test_byte_order_mark_is_ignored(tmp_path):
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbf" + GOOD.encode() + b"\n")
    r = invoke("check", str(f))
    assert r.exit_code == 0, r.stderr
    r = invoke("check", "\ufeff" + GOOD)
    assert r.exit_code == 0, r.stderr
    p = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "check", "-"],
        input=b"\xef\xbb\xbf" + GOOD.encode() + b"\n",
        capture_output=True,
        timeout=60,
    )
    assert p.returncode == 0, p.stderr


def test_every_command_reads_hodoku_plus_lines():
    """Item 6: check, solve and rate read HoDoKu's '+' lines as hint does."""
    plus = "".join(s if g != "0" else ("+" + s if i < 10 else ".") for i, (g, s) in enumerate(zip(GOOD, SOLVED)))
    for cmd in ("check", "solve", "rate", "hint"):
        r = invoke(cmd, plus)
        assert r.exit_code == 0, (cmd, r.stderr)
    assert "the position agrees with the solution" in invoke("check", plus).stdout


# ---------------------------------------------------------------- 3. technique names

TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_short_names_and_se_names_resolve():
    from grading.scales import resolve

    assert "Uniqueness Test 1" in resolve(["UR"]) and "Unique Rectangle Type 1" in resolve(["ur"])
    assert resolve(["BUG+1"]) == ["Bivalue Universal Grave + 1"]
    assert resolve(["Locked Candidates"]) == [
        "Locked Candidates Type 1 (Pointing)",
        "Locked Candidates Type 2 (Claiming)",
    ]
    assert "Continuous Nice Loop" in resolve(["Nice Loop"])
    assert resolve(["kite"]) == ["2-String Kite"]
    assert resolve(["ALS-XY-Wing"]) == ["Almost Locked Set XY-Wing"]
    assert resolve(["xy wing"]) == ["XY-Wing"]
    fc = resolve(["Forcing Chains"])
    assert "Forcing Chain" in fc and "Dynamic Double Forcing Chains" in fc and "Forcing Chain Verity" in fc
    assert resolve(["Turbot Fish"]) == ["Turbot Fish"]
    assert resolve(["Unique Rectangle"]) == resolve(["UR"])


def test_unknown_name_suggests_the_closest():
    r = invoke("hint", TOP1, "-t", "kyte")
    assert r.exit_code == 2
    assert r.stderr.strip() == (
        "error: unknown technique 'kyte': did you mean 2-String Kite? (run `sudoku techniques` for the list)"
    )
    r = invoke("rate", TOP1, "-t", "swordfsh")
    assert r.exit_code == 2 and "did you mean Swordfish?" in r.stderr


def test_hint_accepts_ur_and_forcing_chains():
    for name in ("ur", "forcing chains", "Locked Candidates", "ALS-XY-Wing"):
        r = invoke("hint", TOP1, "-t", name, "--level", "2")
        assert "unknown" not in r.stderr and r.exit_code in (0, 1), (name, r.stderr)
    r = invoke("hint", TOP1, "-t", "forcing chains", "--level", "2")
    assert r.exit_code == 0 and "Forcing Chain" in r.stdout
    r = invoke("hint", TOP1, "-t", "ur", "--order", "hodoku", "--level", "2")
    assert "unknown" not in r.stderr


# ---------------------------------------------------------------- 2. chains and stopping a path

XYW = "081600090000000000004037600600400500030000070007002004005210300000000000070004810"


def _position_block(stdout: str) -> str:
    lines = stdout.splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("Position before step"))
    return "\n".join(lines[k + 1 :])


def test_forcing_net_prints_its_chains():
    """Every forcing-net step shows its chains in the terminal: in its explanation, or in
    ``Chain`` lines under it (never only a count of steps)."""
    r = invoke("step", TOP1, "--order", "hodoku", "--no-color")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    nets = [i for i, ln in enumerate(lines) if "Forcing Net" in ln and ln[:1].isdigit()]
    assert nets
    for k in nets:
        shown = lines[k + 1] + "".join(ln for ln in lines[k + 2 : k + 8] if ln.strip().startswith("Chain"))
        assert shown.count(" -> ") >= 2, lines[k : k + 3]


def test_until_technique_prints_a_position_hint_reads_back():
    r = invoke("step", XYW, "--until-technique", "xy-wing", "--no-color")
    assert r.exit_code == 0, r.stderr
    assert "(XY-Wing comes next)" in r.stdout
    block = _position_block(r.stdout)
    assert block.splitlines()[0] == XYW.replace("0", ".")
    h = invoke("hint", block, "--no-grids")
    assert h.exit_code == 0, h.stderr
    assert h.stdout.startswith("XY-Wing: ")


def test_until_step_number_and_past_the_end():
    r = invoke("step", XYW, "--until", "3", "--no-color")
    assert r.exit_code == 0
    assert "Position before step 3" in r.stdout and "\n2. " in r.stdout and "\n3. " not in r.stdout
    assert invoke("hint", _position_block(r.stdout)).exit_code == 0
    r = invoke("step", XYW, "--until", "500")
    assert r.exit_code == 2 and r.stderr.startswith("error: the path has ") and ", so no step 500" in r.stderr
    r = invoke("step", XYW, "--until-technique", "Jellyfish")
    assert r.exit_code == 2 and "no Jellyfish step" in r.stderr
    r = invoke("step", XYW, "--until-technique", "jelyfish")
    assert r.exit_code == 2 and "did you mean Jellyfish" in r.stderr


def test_interactive_starts_at_until_and_skips_singles():
    import re

    r = invoke("step", XYW, "-i", "--no-color", "--until-technique", "XY-Wing", input="q\n")
    assert r.exit_code == 0
    assert re.findall(r"Step (\d+) of", r.stdout) == ["53"] and "XY-Wing" in r.stdout
    r = invoke("step", XYW, "-i", "--no-color", input="s\nq\n")
    heads = re.findall(r"Step (\d+) of \d+  \(hint level 3\)\n(.*)", r.stdout)
    assert heads[0][0] == "1" and "Single" not in heads[1][1] and int(heads[1][0]) > 2


# ---------------------------------------------------------------- 5. small things


def test_version_names_the_settings():
    r = invoke("--version")
    assert r.exit_code == 0
    assert (
        r.stdout.startswith("sudoku-logic ") and "als_nodes=false" in r.stdout and "als.allow_overlap=false" in r.stdout
    )


def test_legend_markers_name_one_role_each():
    from sudoku_logic.app.render import ROLES, legend
    from sudoku_logic.core.step import Step

    marks = [r.mark for k, r in ROLES.items() if k not in ("fin", "endofin", "cannibal")]
    assert len(set(marks)) == len(marks)  # the fin kinds share "!", every other role has its own
    step = Step("X", candidates=[(0, 1, "pattern"), (1, 2, "on")])
    assert legend(step, plain=True).plain == "legend: +n pattern ^n chain on"


def test_bug_plus_one_extra_candidate_is_not_a_fin():
    from sudoku_logic.app.solver import Solver

    result = Solver(order="hodoku").solve(parse(GOOD))
    from sudoku_logic.app.render import legend, step_roles

    bug = next(s for s in result.steps if s.technique == "Bivalue Universal Grave + 1")
    roles = set(step_roles(bug).values())
    assert "extra" in roles and "fin" not in roles
    assert "xn extra candidate" in legend(bug, plain=True).plain


def test_html_chain_has_arrows_and_breaks_only_between_links(tmp_path):
    from sudoku_logic.app.html import chain_links

    assert chain_links("(4)r5c9-(4)r6c7=(4)r3c7") == [(44, 4, 51, 4, "weak"), (51, 4, 24, 4, "strong")]
    assert chain_links("r1c2=9 -> r1c9<>9 (with r1c4<>5) -> r2c9=9") == [
        (1, 9, 8, 9, "implies"),
        (8, 9, 17, 9, "implies"),
    ]
    f = tmp_path / "p.html"
    r = invoke("step", TOP1, "--html", str(f))
    assert r.exit_code == 0
    page = f.read_text()
    assert 'marker-end="url(#arrow)"' in page and 'class="link strong"' in page and 'class="link weak"' in page
    assert "-&gt;" not in page.split("<body>")[1]


def test_interactive_and_html_together_is_an_error(tmp_path):
    r = invoke("step", GOOD, "-i", "--html", str(tmp_path / "x.html"))
    assert r.exit_code == 2 and r.stderr.startswith("error: --interactive and --html")
    assert not (tmp_path / "x.html").exists()


def test_no_answer_exits_1():
    r = invoke("hint", GOOD, "-t", "xy-wing")
    assert r.exit_code == 1 and "No step found" in r.stdout
    r = invoke("hint", GOOD, "--skip", "500")
    assert r.exit_code == 1 and "after skipping 500" in r.stdout
    r = invoke("step", GOOD, "-t", "singles", "--no-color")
    assert r.exit_code == 1 and "Stuck after" in r.stdout


def test_generate_refuses_what_cannot_be():
    r = invoke("generate", "--max-givens", "90", "--no-progress")
    assert r.exit_code == 2 and "17 to 80 givens" in r.stderr
    r = invoke("generate", "--min-rating", "12", "--no-progress")
    assert r.exit_code == 2 and "no puzzle is rated above 11" in r.stderr
    r = invoke("generate", "--level", "easy", "--min-rating", "9", "--no-progress")
    assert r.exit_code == 2 and "easy puzzle" in r.stderr
    r = invoke(
        "generate",
        "--level",
        "easy",
        "--technique",
        "Nested Forcing Net",
        "--max-tries",
        "1",
        "--seed",
        "1",
        "-j",
        "1",
        "--no-progress",
    )
    assert r.exit_code == 2 and "never on Sudoku Explainer's path" in r.stderr


def test_puzzle_starting_with_a_dash_is_not_an_option():
    dashed = "-" * 5 + GOOD[5:]
    assert GOOD[:5] == "00000"
    p = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "check", dashed], capture_output=True, text=True, timeout=60
    )
    assert p.returncode == 0 and p.stdout.startswith("valid: one solution"), p.stderr
    p = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "hint", dashed, "--level", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert p.returncode == 0 and p.stdout.startswith("Look at"), p.stderr


def test_long_errors_do_not_wrap_when_piped():
    p = subprocess.run(
        [sys.executable, "-m", "sudoku_logic", "hint", GOOD, "-t", "finned x wingg"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**__import__("os").environ, "COLUMNS": "80"},
    )
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and len(p.stderr) > 80


# ---------------------------------------------------------------- 6. more found by trying


def test_check_answers_several_solutions():
    r = invoke("check", "." * 81)
    assert r.exit_code == 1 and r.stdout.startswith("not valid: the puzzle has more than one solution (")


def test_nine_line_grid_with_blank_cells():
    rows = [GOOD[r * 9 : r * 9 + 9].replace("0", " ") for r in range(9)]
    for text in ("\n".join(rows), "\n".join(r[:3] + "|" + r[3:6] + "|" + r[6:] for r in rows)):
        r = invoke("check", text)
        assert r.exit_code == 0 and r.stdout.startswith("valid: one solution, 26 givens"), r.stderr


def test_rate_with_an_empty_band_is_an_error():
    r = invoke("rate", GOOD, "--min-rating", "8", "--max-rating", "3")
    assert r.exit_code == 2 and "--min-rating 8 is above --max-rating 3" in r.stderr


def test_short_terminal_shows_the_step_above_a_pencilmark_grid():
    import io

    from rich.console import Console

    from sudoku_logic.app.interactive import fitted
    from sudoku_logic.app.solver import Solver

    grid = parse(GOOD)
    result = Solver().solve(grid)
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, no_color=True)
    for part in fitted(console, grid, result, 0, 3, True):
        console.print(part)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Step 1 of") and lines[-1].startswith("Enter: next") and len(lines) <= 23
    assert sum(1 for line in lines if line.startswith("|")) == 9  # the 13-line pencilmark grid


def test_level_two_hint_names_a_fish_by_its_base_houses():
    from sudoku_logic.app.hints import hint_text
    from sudoku_logic.core.step import Step

    sword = Step(
        "Swordfish",
        eliminations=[(0, 3)],
        cells=[37, 52, 80],
        houses=[4, 5, 8, 9, 13, 17],
        candidates=[(37, 3, "pattern")],
    )
    assert hint_text(sword, 2).startswith("Swordfish in rows 5, 6 and 9, on the digit 3")
    jelly = Step(
        "Jellyfish",
        eliminations=[(0, 3)],
        cells=[0, 80],
        houses=[9, 10, 12, 17, 0, 1, 4, 8],
        candidates=[(0, 3, "pattern")],
    )
    assert hint_text(jelly, 2).startswith("Jellyfish in columns 1, 2, 4 and 9")


def test_givens_and_pencilmark_file_with_a_typo_is_one_error(tmp_path):
    lines = to_pencilmarks(parse(GOOD)).splitlines()
    lines[2] = lines[2].rsplit(" ", 3)[0] + " |"  # row 2 loses a candidate group: 80 in all
    f = tmp_path / "pm80.txt"
    f.write_text(GOOD + "\n" + "\n".join(lines) + "\n")
    r = invoke("check", str(f))
    assert r.exit_code == 2 and not r.stdout
    assert r.stderr.strip() == f"error: {f} line 1: row 2 of the pencilmark grid has 8 candidate groups, expected 9"


def test_readme_api_example_runs_as_written():
    """Item 5: the README's API example is real code whose commented values are the results."""
    from pathlib import Path

    from readme_example import check

    assert check((Path(__file__).resolve().parent.parent / "README.md").read_text()) >= 6


# ---------------------------------------------------------------- 7. packaging


def test_packaging_installs_three_packages_and_needs_what_it_imports():
    import re
    from pathlib import Path

    import tomllib

    root = Path(__file__).resolve().parent.parent
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


# ---------------------------------------------------------------- 4. HoDoKu's technique options

REGLIB = "puzzles/hodoku_reglib_dev.txt"


def _reglib_line(prefix: str) -> str:
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / REGLIB
    return next(ln.strip() for ln in path.read_text().splitlines() if ln.startswith(prefix))


def test_every_chain_colouring_and_als_line_passes_through_hint():
    """`sudoku hint LINE --all --technique NAME --json` with no other flag: a library line
    runs with the options HoDoKu's regression tester sets for its variant, and passes."""
    from pathlib import Path

    from benchmarks.reglib_cli import check, lines

    todo = lines(Path(__file__).resolve().parent.parent / REGLIB)
    failed = [ln for ln in todo if not check(ln)[0]]
    assert len(todo) == 162
    assert failed == []


def test_settings_file_turns_on_als_nodes_for_a_plain_pencilmark_position(tmp_path):
    from sudoku_logic.core.formats import parse_reglib

    case = parse_reglib(_reglib_line(":0709-2:1346:"))
    plain = to_pencilmarks(case.grid)  # a pencilmark grid: no library line, no variant
    want = "Grouped Continuous Nice Loop: 1346 (8)r9c5=r9c3-(8=9)r23578c1-r7c5=r9c5"
    args = ["hint", plain, "--all", "-t", "Grouped Continuous Nice Loop", "--no-grids"]
    r = invoke(*args)
    assert want not in r.stdout
    f = tmp_path / "hodoku.toml"
    f.write_text("# HoDoKu: allow ALS in chains\nals_nodes = true\n")
    r = invoke(*args, "--settings", str(f))
    assert r.exit_code == 0 and want in r.stdout, r.stderr
    r = invoke(*args, "--set", "als_nodes=true")
    assert want in r.stdout
    r = invoke(*args, "--settings", str(f), "--set", "als_nodes=false")  # --set comes last
    assert want not in r.stdout


def test_settings_errors_are_one_line(tmp_path):
    r = invoke("hint", GOOD, "--set", "als.allow_overlp=true")
    assert (
        r.exit_code == 2
        and r.stderr.strip() == "error: unknown setting 'als.allow_overlp' (--set): did you mean als.allow_overlap?"
    )
    r = invoke("hint", GOOD, "--set", "als_nodes")
    assert r.exit_code == 2 and "expected KEY=VALUE" in r.stderr
    f = tmp_path / "bad.toml"
    f.write_text("[als]\nchain_max_rcs = 'six'\n")
    r = invoke("rate", GOOD, "--settings", str(f))
    assert (
        r.exit_code == 2
        and r.stderr.strip() == f"error: setting als.chain_max_rcs ({f}) must be a whole number, not 'six'"
    )
    f.write_text("als_nodes = \n")
    r = invoke("step", GOOD, "--settings", str(f))
    assert r.exit_code == 2 and "is not valid TOML" in r.stderr and r.stderr.count("\n") == 1


def test_rate_summary_names_the_settings_that_differ():
    r = invoke("rate", GOOD, "--summary", "--set", "als.allow_overlap=true", "--no-progress", "-j", "1")
    assert r.exit_code == 0
    assert "settings (differing from the defaults): als.allow_overlap=true" in r.stderr
    r = invoke("rate", GOOD, "--summary", "--no-progress", "-j", "1")
    assert "settings (differing" not in r.stderr


def test_version_shows_settings_from_the_environment(tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text("als_nodes = true\n")
    monkeypatch.setenv("SUDOKU_LOGIC_SETTINGS", str(f))
    r = invoke("--version")
    assert "settings (from $SUDOKU_LOGIC_SETTINGS): als_nodes=true" in r.stdout


def _techniques_used(stdout: str) -> set:
    import re

    return {m.group(1) for m in re.finditer(r"^\d+\. ([^:]+):", stdout, re.M)}


def test_settings_file_chooses_techniques_and_order(tmp_path):
    f = tmp_path / "choice.toml"
    f.write_text('order = "hodoku"\ntechniques = ["singles", "Locked Candidates", "Locked Pair", "Locked Triple"]\n')
    r = invoke("step", TOP1, "--settings", str(f), "--no-color")
    assert r.exit_code == 1 and "Stuck after" in r.stdout  # only these techniques
    used = _techniques_used(r.stdout)
    assert used <= {
        "Full House",
        "Hidden Single",
        "Naked Single",
        "Locked Candidates Type 1 (Pointing)",
        "Locked Candidates Type 2 (Claiming)",
        "Locked Pair",
        "Locked Triple",
    }
    assert "Locked Triple" in used  # HoDoKu's step 2 of this puzzle
    r = invoke("step", TOP1, "--settings", str(f), "--techniques", "singles", "--no-color")
    assert _techniques_used(r.stdout) <= {"Full House", "Hidden Single", "Naked Single"}  # the command line wins
    r = invoke("rate", GOOD, "--summary", "--no-progress", "-j", "1", "--set", "techniques=singles,bug+1")
    assert r.exit_code == 0 and "techniques: singles, bug+1" in r.stderr
    f.write_text('order = "sudoku explainer"\n')
    r = invoke("hint", GOOD, "--settings", str(f))
    assert (
        r.exit_code == 2
        and r.stderr.strip() == f"error: setting order ({f}) must be se or hodoku, not 'sudoku explainer'"
    )


README = Path(__file__).resolve().parent.parent / "README.md"


def _shell(command: str, **env: str) -> subprocess.CompletedProcess:
    """``command`` run by bash from the checkout, ``sudoku`` being this Python's package."""
    prelude = f'sudoku() {{ "{sys.executable}" -m sudoku_logic "$@"; }}; '
    return subprocess.run(
        ["bash", "-c", prelude + command],
        cwd=README.parent,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **env},
    )


def _without_ms(lines: list[str]) -> list[str]:
    """Rows of ``sudoku rate``/``generate`` csv without their last column, ``ms`` (a timing)."""
    if lines and lines[0].startswith("puzzle,") and lines[0].endswith(",ms"):
        return [line.rsplit(",", 1)[0] for line in lines]
    return lines


def test_readme_examples_are_real_output():
    """Item 1: every command of the README's "real output" examples (rate and generate too)
    prints what the README shows, all but the ``ms`` column; an annotation after four
    spaces, in parentheses, is the README's own."""
    import re

    block = README.read_text().split("### Examples (real output)", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    setup = re.search(r"^\$ (P=\S+)$", block, re.M).group(1)
    runs = re.findall(r"^\$ (.*)\n((?:(?!\$ ).*\n)*?)(?=\n|\Z)", block, re.M)
    checked = 0
    for cmd, expected in runs:
        if cmd.startswith("P="):
            continue
        out = _shell(f"{setup}; {cmd} 2>&1").stdout
        want = [re.sub(r"\s{4,}\(.*\)$", "", ln) for ln in expected.splitlines()]
        assert _without_ms(out.splitlines()) == _without_ms(want), cmd
        checked += 1
    assert checked == block.count("\n$ ") - 1 >= 15


def test_readme_quick_start_settings_and_quoted_messages_are_real():
    """Item 1: the quick start's commands run, the settings example is a settings file the
    commands take, and each message the README quotes is what the program prints."""
    text = README.read_text()
    quick = text.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [ln.strip() for ln in quick.splitlines() if ln.startswith("sudoku ")]
    assert len(commands) == 2
    step = _shell(commands[0])
    assert step.returncode == 0 and "Rating (Sudoku Explainer): ER " in step.stdout, step.stderr
    version = _shell(commands[1])
    assert version.returncode == 0 and "engine: compiled (C)" in version.stdout
    toml = text.split("```toml", 1)[1].split("```", 1)[0]
    settings = README.parent / ".pytest_readme_settings.toml"
    try:
        settings.write_text(toml)
        r = _shell(f"sudoku hint {GOOD} --settings {settings} --level 2")
        assert r.returncode == 0 and r.stderr == "", r.stderr
        r = _shell("sudoku --version", SUDOKU_LOGIC_SETTINGS=str(settings))
        assert "settings (from $SUDOKU_LOGIC_SETTINGS): als_nodes=false" in r.stdout
    finally:
        settings.unlink(missing_ok=True)
    flat = " ".join(text.split())
    row3 = "." * 19 + "7" + "." * 5 + "7" + "." * 55
    quoted = {  # message in the README -> the command that prints it
        "error: row 3 has two 7s: r3c2, r3c8": f"sudoku check {row3}",
        "r1c1: you placed 6, but the solution has 5 there": f"sudoku hint '{GOOD} 6{'.' * 80}'",
        "Rating (Sudoku Explainer): ER 5.6, EP 1.2, ED 1.2; hardest": f"sudoku step {GOOD}",
        "engine: compiled (C)": "sudoku --version",
    }
    for message, command in quoted.items():
        assert message in flat, message
        r = _shell(command + " 2>&1")
        assert message in r.stdout, (command, r.stdout[-500:])
    piped = _shell(f"sudoku step {GOOD} --until 37 | sudoku hint -")
    assert "sudoku step P --until 37 \\| sudoku hint -" in text and piped.returncode == 0 and not piped.stderr
    assert len(text.splitlines()) < 250
