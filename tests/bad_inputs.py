"""The malformed-input corpus: (id, how it is given, content, exact message).

``how`` is ``literal`` (the command-line argument), ``file`` (a file's content; ``{f}`` in the
message stands for its path) or ``stdin``. Content given as bytes is written as is.
"""

from __future__ import annotations

GOOD = "000009080000704000000200004050800200007030050036970000040000003000528006005090078"
SOLVED = "514369782362784915798251364951846237487132659236975841849617523173528496625493178"
GRID9 = "\n".join(" ".join(GOOD[r * 9 : r * 9 + 9]) for r in range(9))


def _with(puzzle: str, cell: int, ch: str) -> str:
    return puzzle[:cell] + ch + puzzle[cell + 1 :]


def _pm_tokens() -> list[str]:
    return [ch if ch != "0" else "123456789" for ch in GOOD]


def _pm(tokens: list[str]) -> str:
    return "\n".join(" ".join(tokens[r * 9 : r * 9 + 9]) for r in range(9))


CASES: list[tuple[str, str, object, str]] = [
    ("empty-literal", "literal", "", "empty input: expected a puzzle"),
    ("blank-literal", "literal", "   ", "empty input: expected a puzzle"),
    ("three-chars", "literal", "123", "expected 81 cells, got 3"),
    ("80-cells", "literal", GOOD[:80], "expected 81 cells, got 80"),
    ("82-cells", "literal", GOOD + "0", "expected 81 cells, got 82"),
    (
        "letter",
        "literal",
        _with(GOOD, 4, "x"),
        "bad character 'x' at position 5: expected 1-9, or '.', '0', '-', '_' or '*' for empty",
    ),
    (
        "letter-o-for-zero",
        "literal",
        _with(GOOD, 0, "O"),
        "bad character 'O' at position 1: expected 1-9, or '.', '0', '-', '_' or '*' for empty",
    ),
    (
        "arabic-indic-digit",
        "literal",
        _with(GOOD, 2, "\u0663"),
        "bad character '\u0663' at position 3: expected 1-9, or '.', '0', '-', '_' or '*' for empty",
    ),
    (
        "fullwidth-digit",
        "literal",
        _with(GOOD, 80, "\uff18"),
        "bad character '\uff18' at position 81: expected 1-9, or '.', '0', '-', '_' or '*' for empty",
    ),
    (
        "superscript-digit",
        "literal",
        _with(GOOD, 10, "\u00b2"),
        "bad character '\u00b2' at position 11: expected 1-9, or '.', '0', '-', '_' or '*' for empty",
    ),
    (
        "slash",
        "literal",
        _with(GOOD, 40, "/"),
        "bad character '/' at position 41: expected 1-9, or '.', '0', '-', '_' or '*' for empty",
    ),
    ("dup-row", "literal", "." * 18 + ".7.....7." + "." * 54, "row 3 has two 7s: r3c2, r3c8"),
    ("dup-column", "literal", "." + "7" + "." * 34 + ".7" + "." * 43, "column 2 has two 7s: r1c2, r5c2"),
    ("dup-box", "literal", "7" + "." * 9 + "7" + "." * 70, "box 1 has two 7s: r1c1, r2c2"),
    ("dup-full-grid", "literal", "123456789" * 9, "column 1 has two 1s: r1c1, r2c1"),
    ("cell-without-candidate", "literal", "12345678." + "." * 8 + "9" + "." * 63, "r1c9 has no candidate left"),
    (
        "empty-grid",
        "literal",
        "." * 81,
        "the puzzle has more than one solution (r2c2 can be 9 or 7, r2c3 can be 8 or 9)",
    ),
    (
        "all-zeros",
        "literal",
        "0" * 81,
        "the puzzle has more than one solution (r2c2 can be 9 or 7, r2c3 can be 8 or 9)",
    ),
    (
        "one-given-removed",
        "literal",
        _with(GOOD, 5, "0"),
        "the puzzle has more than one solution (r1c2 can be 1 or 9, r1c6 can be 9 or 1)",
    ),
    ("no-solution", "literal", None, "the puzzle has no solution"),
    (
        "grid-short-row",
        "literal",
        GRID9.replace("0 0 0 0 0 9 0 8 0", "0 0 0 0 0 9 0 8"),
        "row 1 of the grid has 8 cells, expected 9",
    ),
    ("grid-extra-row", "literal", GRID9 + "\n0 0 0 0 0 0 0 0 0", "the grid has 10 rows of 9 cells, expected 9 rows"),
    (
        "grid-letter",
        "literal",
        GRID9.replace("0 0 0 0 0 9 0 8 0", "0 0 a 0 0 9 0 8 0"),
        "bad character 'a' in row 1 of the grid: expected 1-9, '.' or '0'",
    ),
    (
        "pm-80-groups",
        "literal",
        _pm(_pm_tokens())[: -len(" 8")],
        "row 9 of the pencilmark grid has 8 candidate groups, expected 9",
    ),
    ("pm-zero", "literal", _pm(["1203456789"] + _pm_tokens()[1:]), "bad candidate '0' in r1c1"),
    ("pm-repeated", "literal", _pm(["1134"] + _pm_tokens()[1:]), "candidate 1 written twice in r1c1"),
    ("pm-two-solved-same", "literal", _pm(["2", "2"] + _pm_tokens()[2:]), "row 1 has two 2s: r1c1, r1c2"),
    (
        "pm-digit-nowhere",
        "literal",
        _pm([t.replace("1", "") if i < 9 and len(t) > 1 else t for i, t in enumerate(_pm_tokens())]),
        "digit 1 has no place left in row 1",
    ),
    (
        "pm-empty-cell-group",
        "literal",
        _pm(["-"] + _pm_tokens()[1:]),
        "row 1 of the pencilmark grid has 8 candidate groups, expected 9",
    ),
    (
        "sukaku-short",
        "literal",
        "123456789" * 80 + "12345678",
        "expected a candidate string of 729 characters, got 728",
    ),
    (
        "sukaku-bad-char",
        "literal",
        "x23456789" + "123456789" * 80,
        "bad character 'x' at position 1 of the candidate string",
    ),
    ("sukaku-empty-cell", "literal", "000000000" + "123456789" * 80, "r1c1 has no candidate in the candidate string"),
    (
        "reglib-short",
        "literal",
        ":0200:47:" + GOOD,
        "a regression-library line has the form :code:digits:givens:deleted:eliminations:placements:extra",
    ),
    (
        "reglib-bad-triple",
        "literal",
        ":0200:47:" + GOOD + ":9x1:::",
        "bad candidate triple '9x1': expected digit, row and column 1-9",
    ),
    ("reglib-short-givens", "literal", ":0200:47:" + GOOD[:80] + "::::", "expected 81 cells in the givens, got 80"),
    ("filled-80", "literal", GOOD + " " + SOLVED[:80], "the second line (FILLED) has 80 cells, expected 81"),
    ("filled-82", "literal", GOOD + " " + SOLVED + "1", "the second line (FILLED) has 82 cells, expected 81"),
    (
        "filled-bad-char",
        "literal",
        GOOD + " " + _with(SOLVED, 6, "x"),
        "bad character 'x' at position 7 of the second line (FILLED): expected 1-9, '.', '0', '-' or '+'",
    ),
    (
        "filled-candidates-728",
        "literal",
        GOOD + " " + "123456789" * 80 + "12345678",
        "the candidate string after the givens has 728 characters, expected 729",
    ),
    (
        "pm-letter",
        "literal",
        _pm(["12a4"] + _pm_tokens()[1:]),
        "bad character 'a' in row 1 of the pencilmark grid: expected candidate digits 1-9",
    ),
    (
        "pm-row-missing",
        "literal",
        _pm(_pm_tokens()[:72]),
        "the pencilmark grid has 8 rows of 9 candidate groups, expected 9 rows",
    ),
    (
        "grid-ten-digit-row",
        "literal",
        GRID9.replace("0 0 0 0 0 9 0 8 0", "0 0 0 0 0 9 0 8 0 1"),
        "row 1 of the grid has 10 cells, expected 9",
    ),
    ("missing-file", "literal", "puzzles/nothing_here.txt", "no such file: puzzles/nothing_here.txt"),
    ("directory", "literal", "tests", "tests is a directory, not a puzzle file"),
    ("empty-file", "file", "", "{f} has no puzzle"),
    ("comments-only-file", "file", "# nothing\n\n# here\n", "{f} has no puzzle"),
    (
        "binary-junk",
        "file",
        b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 8,
        "{f} is not a text file of puzzles (it holds binary data)",
    ),
    ("bad-line-in-file", "file", "# header\n" + GOOD[:70] + "\n", "{f} line 2: expected 81 cells, got 70"),
    ("huge-line", "file", None, "{f} line 1: line too long (over 1048576 characters)"),
    ("csv-header-only", "file", "puzzle,ER,EP,ED\n", "{f} has no puzzle"),
    ("empty-stdin", "stdin", "", "stdin has no puzzle"),
    (
        "bad-stdin",
        "stdin",
        "hello\n",
        "stdin line 1: bad character 'h' at position 1: expected 1-9, or '.', '0', '-', '_' or '*' for empty",
    ),
]
