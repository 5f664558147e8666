"""Issue 18: the terminal experience a HoDoKu or Sudoku Explainer user expects.

Each test names the item of the issue it covers."""
import subprocess
import sys

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
    return SOLVED[:cell] + other + SOLVED[cell + 1:]


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
    p = subprocess.run([sys.executable, "-m", "sudoku_logic", "check", "-"], input=b"\xef\xbb\xbf" + GOOD.encode() + b"\n",
                       capture_output=True, timeout=60)
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
    from sudoku_logic.grading.scales import resolve
    assert "Uniqueness Test 1" in resolve(["UR"]) and "Unique Rectangle Type 1" in resolve(["ur"])
    assert resolve(["BUG+1"]) == ["Bivalue Universal Grave + 1"]
    assert resolve(["Locked Candidates"]) == ["Locked Candidates Type 1 (Pointing)", "Locked Candidates Type 2 (Claiming)"]
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
    assert r.stderr.strip() == ("error: unknown technique 'kyte': did you mean 2-String Kite? "
                                "(run `sudoku techniques` for the list)")
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
    return "\n".join(lines[k + 1:])


def test_forcing_net_prints_its_chains():
    r = invoke("step", TOP1, "--order", "hodoku", "--no-color")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    k = next(i for i, ln in enumerate(lines) if "Forcing Net Verity" in ln)
    chains = [ln for ln in lines[k + 1:k + 6] if ln.strip().startswith("Chain")]
    assert len(chains) >= 2 and all(" -> " in c for c in chains)
    assert "gives r2c6=4 in 18 steps" in lines[k + 1]  # the summary stays, the chain follows it


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
