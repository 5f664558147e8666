"""Settings: HoDoKu's technique options from a settings file, ``--set`` or
``$SUDOKU_LOGIC_SETTINGS`` (every chain, colouring and ALS line of HoDoKu's regression library
passes through ``hint`` with its variant's options), one-line errors for bad ones, and the
settings ``--version`` and ``rate``'s summary name."""

from __future__ import annotations

from bad_inputs import GOOD
from commands import TOP1, invoke, sudoku
from helpers import ROOT
from sudoku_logic.core.formats import to_pencilmarks

REGLIB = "puzzles/hodoku_reglib_dev.txt"


def _reglib_line(prefix: str) -> str:
    path = ROOT / REGLIB
    return next(ln.strip() for ln in path.read_text().splitlines() if ln.startswith(prefix))


def test_every_chain_colouring_and_als_line_passes_through_hint():
    """`sudoku hint LINE --all --technique NAME --json` with no other flag: a library line
    runs with the options HoDoKu's regression tester sets for its variant, and passes."""

    from benchmarks.reglib_cli import check, lines

    todo = lines(ROOT / REGLIB)
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


def test_version_names_the_settings():
    r = invoke("--version")
    assert r.exit_code == 0
    assert (
        r.stdout.startswith("sudoku-logic ") and "als_nodes=false" in r.stdout and "als.allow_overlap=false" in r.stdout
    )
    from sudoku_logic import native

    if native.AVAILABLE:
        have = sum(n in native.HODOKU_COMPILED for n in native.HODOKU_DEFAULT)
        assert f"HoDoKu's path: compiled for {have} of its {len(native.HODOKU_DEFAULT)} default techniques" in r.stdout
        assert "with these settings" not in r.stdout


def test_version_shows_settings_from_the_environment(tmp_path, monkeypatch):
    f = tmp_path / "s.toml"
    f.write_text("als_nodes = true\n")
    monkeypatch.setenv("SUDOKU_LOGIC_SETTINGS", str(f))
    r = invoke("--version")
    assert "settings (from $SUDOKU_LOGIC_SETTINGS): als_nodes=true" in r.stdout
    from sudoku_logic import native

    if native.AVAILABLE:
        assert "; with these settings, whole ratings in Python" in r.stdout


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


def test_a_settings_file_that_is_not_utf8_is_one_line(tmp_path, monkeypatch):
    """A stray Latin-1 byte in a comment, or a binary file named by $SUDOKU_LOGIC_SETTINGS:
    one line naming the file and the line, exit 2, as the real command prints it."""
    latin = tmp_path / "s.toml"
    latin.write_bytes(b"als_nodes = true # caf\xe9\n")
    r = sudoku("hint", GOOD, "--settings", str(latin))
    assert r.returncode == 2 and not r.stdout
    assert (
        r.stderr == f"error: settings file {latin} is not UTF-8 text (line 1 has the byte 0xe9): a TOML file is UTF-8\n"
    )
    binary = tmp_path / "b.toml"
    binary.write_bytes(b"\n\n\x7fELF\x02\x01\x01\x00\xd0\xff")
    monkeypatch.setenv("SUDOKU_LOGIC_SETTINGS", str(binary))
    r = sudoku("rate", GOOD, "-j", "1")
    assert r.returncode == 2 and not r.stdout
    assert (
        r.stderr
        == f"error: settings file {binary} is not UTF-8 text (line 3 has the byte 0xd0): a TOML file is UTF-8\n"
    )
