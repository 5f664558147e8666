"""The `sudoku` command as a user runs it: real processes, real exit codes."""

import json
import subprocess
import sys

import pytest

from bad_inputs import GOOD
from commands import invoke, sudoku
from helpers import collection

P = collection("qqwing_expert.txt", 1)[0]
EASY = collection("qqwing_simple.txt", 1)[0]


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "sudoku_logic", *args], capture_output=True, text=True, input=stdin, timeout=120
    )


def test_solve():
    r = run("solve", EASY, "--line")
    assert r.returncode == 0, r.stderr
    assert len(r.stdout.strip()) == 81 and "." not in r.stdout


def test_step_json_and_text():
    r = run("step", EASY, "--json")
    doc = json.loads(r.stdout)
    assert doc["solved"] and doc["steps"][0]["text"].startswith(doc["steps"][0]["technique"])
    r = run("step", EASY, "--no-color")
    assert r.returncode == 0 and "Solved in" in r.stdout


def test_step_grids_plain():
    r = run("step", EASY, "--grids", "--no-color")
    assert r.returncode == 0 and "legend: *n placed" in r.stdout and "+=======+=======+" in r.stdout
    assert "|-------+-------+-------|" in r.stdout and "\x1b[" not in r.stdout


def test_hint_variants():
    r = run("hint", P, "--json")
    doc = json.loads(r.stdout)
    assert len(doc["steps"]) == 1
    r = run("hint", P, "--all", "--json")
    assert len(json.loads(r.stdout)["steps"]) > 1
    r = run("hint", P, "--technique", "naked single,HIDDEN SINGLE", "--all", "--json")
    techs = {s["technique"] for s in json.loads(r.stdout)["steps"]}
    assert techs <= {"Naked Single", "Hidden Single"} and techs


def test_hint_from_stdin_file_of_several(tmp_path):
    r = run("hint", "-", "--json", stdin=P + "\n" + EASY + "\n")
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 2 and json.loads(lines[1])["puzzle"] == EASY.replace("0", ".")


def test_check():
    r = run("check", P)
    assert r.returncode == 0 and r.stdout.startswith("valid: one solution")
    r = run("check", P.replace(P.strip("0")[0], "0", 1))
    assert r.returncode in (0, 1)
    if r.returncode == 1:
        assert r.stdout.startswith("not valid: the puzzle has more than one solution (")


@pytest.mark.parametrize("cmd", ["solve", "step", "hint", "check", "rate"])
@pytest.mark.parametrize(
    "puzzle,message",
    [
        ("123", "error: expected 81 cells, got 3"),
        ("." * 18 + ".7.....7." + "." * 54, "error: row 3 has two 7s: r3c2, r3c8"),
        ("." * 81, "error: the puzzle has more than one solution"),
        ("nofile.txt", "error: no such file: nofile.txt"),
    ],
)
def test_bad_input_one_line_exit_2(cmd, puzzle, message):
    r = run(cmd, puzzle)
    if cmd == "check" and "more than one solution" in message:
        assert r.returncode == 1 and r.stdout.startswith("not valid: the puzzle has more than one solution")
        return
    assert r.returncode == 2
    assert r.stderr.startswith(message) and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr


def test_unknown_technique():
    r = run("hint", P, "--technique", "Nonsense Wing")
    assert (
        r.returncode == 2
        and r.stderr.strip() == "error: unknown technique 'Nonsense Wing' (run `sudoku techniques` for the list)"
    )
    r = run("hint", P, "--technique", "kyte")
    assert r.returncode == 2 and "did you mean 2-String Kite?" in r.stderr


def test_rate_csv_and_bad_lines(tmp_path):
    f = tmp_path / "in.txt"
    f.write_text(EASY + "\nbroken\n" + P + "\n")
    out = tmp_path / "out.csv"
    r = run("rate", str(f), "--format", "csv", "--output", str(out))
    assert r.returncode == 2
    assert f"{f} line 2: bad character 'b' at position 1" in r.stderr
    rows = out.read_text().splitlines()
    assert rows[0] == "puzzle,rating,level,score,hardest,solved,steps,ms"
    assert len(rows) == 3 and rows[1].startswith(EASY.replace("0", "."))


def test_rate_jsonl_stdout():
    r = run("rate", "-", "--format", "jsonl", stdin=EASY + "\n")
    row = json.loads(r.stdout)
    assert set(row) == {"puzzle", "rating", "level", "score", "hardest", "solved", "steps", "ms"}
    assert row["solved"] is True


def test_techniques_listing():
    r = run("techniques")
    assert r.returncode == 0 and "Naked Pair" in r.stdout
    # every technique once, HoDoKu's Brute Force (no SE rating) included
    from strategies.registry import REGISTRY, _load_all

    _load_all()
    table = r.stdout.split("\n\n")[0].split("\nnotes: ")[0].splitlines()  # the notes' key below the table
    assert table[0].split() == ["technique", "family", "SE", "HoDoKu", "score", "notes"]  # a header row
    starts = [line for line in table[1:] if line[:1].strip()]
    assert len(starts) == len(table) - 1  # one line a technique: nothing wraps, even piped
    assert all(any(line.startswith(name + " ") for line in starts) for name in REGISTRY)
    assert starts[-1].startswith("Brute Force ")
    assert "  UR: Unique Rectangle" in r.stdout and "  BUG+1: Bivalue Universal Grave + 1" in r.stdout


def test_commands_tune_their_own_garbage_collector_only():
    """A command runs with the solver's collector setting (app.bulk.gc_tuning); a library call
    leaves the caller's setting alone."""
    import gc

    from sudoku_logic import rate

    before = gc.get_threshold()
    rate(EASY)
    assert gc.get_threshold() == before
    code = (
        "import gc, sys; from sudoku_logic.app.cli import main as cli; sys.argv = ['sudoku', 'solve', sys.argv[1]]\n"
        "try:\n    cli.main()\nexcept SystemExit:\n    pass\nprint(gc.get_threshold(), file=sys.stderr)"
    )
    r = subprocess.run([sys.executable, "-c", code, EASY], capture_output=True, text=True)
    assert r.stderr.strip().splitlines()[-1] == "(50000, 20, 20)"


# ---------------------------------------------------------------- messages and exit codes


def test_no_answer_exits_1():
    r = invoke("hint", GOOD, "-t", "xy-wing")
    assert r.exit_code == 1 and "No step found" in r.stdout
    r = invoke("hint", GOOD, "--skip", "500")
    assert r.exit_code == 1 and "after skipping 500" in r.stdout
    r = invoke("step", GOOD, "-t", "singles", "--no-color")
    assert r.exit_code == 1 and "Stuck after" in r.stdout


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


def test_rate_with_an_empty_band_is_an_error():
    r = invoke("rate", GOOD, "--min-rating", "8", "--max-rating", "3")
    assert r.exit_code == 2 and "--min-rating 8 is above --max-rating 3" in r.stderr


def test_interactive_and_html_together_is_an_error(tmp_path):
    r = invoke("step", GOOD, "-i", "--html", str(tmp_path / "x.html"))
    assert r.exit_code == 2 and r.stderr.startswith("error: --interactive and --html")
    assert not (tmp_path / "x.html").exists()


@pytest.mark.parametrize(
    "args,message",
    [
        (
            ["step", P, "--until", "0"],
            "error: Invalid value for '--until': 0 is not in the range x>=1 (see 'sudoku step --help')",
        ),
        (
            ["hint", P, "--skip", "-1"],
            "error: Invalid value for '--skip': -1 is not in the range x>=0 (see 'sudoku hint --help')",
        ),
        (["step", P, "--bogus"], "error: No such option: --bogus (see 'sudoku step --help')"),
        (["rate"], "error: Missing argument 'FILES...' (see 'sudoku rate --help')"),
        (["bogus"], "error: No such command 'bogus' (see 'sudoku --help')"),
    ],
)
def test_bad_option_values_are_one_line(args, message):
    r = sudoku(*args)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == message + "\n"
