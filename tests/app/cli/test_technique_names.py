"""Technique names as users type them: HoDoKu's short names and SE's names resolve, a misspelt
name gets the closest one suggested, and ``sudoku techniques`` lists them in lined-up columns."""

from __future__ import annotations

from commands import TOP1, invoke, sudoku


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


def _table(out: str) -> tuple[str, list[str], list[str]]:
    """The header, the rows (a wrapped name's lines joined to its first) and the raw lines of
    the table `sudoku techniques` prints first."""
    lines = out.split("\n\n")[0].splitlines()
    table = lines[1 : next(i for i, ln in enumerate(lines) if ln.startswith("notes"))]
    rows: list[str] = []
    names: list[str] = []
    for line in table:
        if line.startswith("  ") and rows:  # a long name's next line
            names[-1] += " " + line.strip()
        else:
            rows.append(line)
            names.append(line[: lines[0].index("family")].strip())
    return lines[0], rows, names


def test_techniques_columns_line_up():
    """Every row's family starts under 'family' and its SE number ends under 'SE', the
    longest names (SE's nested forcing chains) included."""
    header, rows, _ = _table(sudoku("techniques").stdout)
    fam, se_end = header.index("family"), header.index(" SE ") + 3
    bad = [
        row
        for row in rows
        if row[fam - 2 : fam] != "  " or row[fam] == " " or row[se_end - 1] == " " or row[se_end] != " "
    ]
    assert not bad and len(rows) > 100, bad[:3]


def _on_a_terminal(cols: int) -> str:
    """What `sudoku techniques` prints on a real terminal ``cols`` wide (its lines as sent)."""
    from pty_run import run, strip_ansi, sudoku_argv

    r = run(sudoku_argv("techniques"), rows=50, cols=cols)
    assert r.code == 0
    return strip_ansi(r.raw.decode()).replace("\r\n", "\n")


def test_techniques_piped_are_one_line_a_technique_for_grep():
    out = sudoku("techniques").stdout
    _, rows, names = _table(out)
    assert len(rows) == len(names) and all(not line.startswith("  ") for line in rows)
    assert any(
        line.startswith("Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))") for line in rows
    )


def test_techniques_fit_80_columns_with_whole_names_and_numbers():
    """Issue 40, item 12: on an 80-column terminal no line wraps; a long name wraps at its
    spaces (before its parentheses) with its numbers on its first line."""
    from grading.scales import all_names

    out = _on_a_terminal(80)
    assert max(len(line) for line in out.splitlines()) <= 80
    _, rows, names = _table(out)
    se = all_names("se")
    assert names == se + [n for n in all_names("hodoku") if n not in se]
    nested = rows[names.index("Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))")]
    assert nested.split()[-4:] == ["se_chains", "11.0", "-", "-"]
    assert "\n  (+ Dynamic Forcing Chains\n  (+ Forcing Chains))\n" in out
    assert "unique: assumes the puzzle has one solution" in " ".join(out.split())
