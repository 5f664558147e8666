"""Terminal rendering with rich: value grids and candidate grids with a step highlighted.

Every highlight role has one colour (shared with the HTML pictures) and one plain-text
marker, written just before the digit, so that a grid printed without colour still shows
what the step places, removes and uses::

    *4  placed digit      -7  eliminated      +3  pattern        ^3  chain "on"   ~3  chain "off"
    !3  fin               @3  pivot           %3  pincer         a3  ALS a (b, c...)
    x3  extra candidate (a BUG's)             #3  other highlight
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import overload

from rich.text import Text

from sudoku_logic.core.formats import pencilmark_frame
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT, MASK_DIGITS
from sudoku_logic.core.step import Step


@dataclass(frozen=True)
class Role:
    """How one highlight role looks: background and text colour, label, plain marker."""

    bg: str
    fg: str
    label: str
    mark: str


#: Roles by name; steps use these names in ``Step.candidates`` (others render as "other").
ROLES: dict[str, Role] = {
    "placed": Role("#2e7d32", "#ffffff", "placed", "*"),
    "eliminated": Role("#d32f2f", "#ffffff", "eliminated", "-"),
    "pattern": Role("#ffd54f", "#000000", "pattern", "+"),
    "fin": Role("#64b5f6", "#000000", "fin", "!"),
    "endofin": Role("#9575cd", "#000000", "endo fin", "!"),
    "cannibal": Role("#ff8a65", "#000000", "cannibal", "!"),
    "on": Role("#4dd0e1", "#000000", "chain on", "^"),
    "off": Role("#f48fb1", "#000000", "chain off", "~"),
    "pivot": Role("#ffb74d", "#000000", "pivot", "@"),
    "pincer": Role("#aed581", "#000000", "pincer", "%"),
    "als1": Role("#80cbc4", "#000000", "ALS a", "a"),
    "als2": Role("#ce93d8", "#000000", "ALS b", "b"),
    "als3": Role("#bcaaa4", "#000000", "ALS c", "c"),
    "als4": Role("#e6ee9c", "#000000", "ALS d", "d"),
    "extra": Role("#90a4ae", "#000000", "extra candidate", "x"),
    "other": Role("#ffd54f", "#000000", "highlight", "#"),
}
#: Background of a pattern cell's other candidates (terminal) and of the cell (HTML).
CELL_BG_TERM = "#3a3a3a"
CELL_BG_HTML = "#fff3c4"

#: Styles of the non-role parts of a grid.
STYLES = {
    "given": "bold",
    "solved": "bold #5c9ded",
    "border": "#c8c8c8",
    "rule": "#5f5f5f",
}


@overload
def role_of(role: str) -> Role: ...
@overload
def role_of(role: None) -> None: ...
@overload
def role_of(role: str | None) -> Role | None: ...
def role_of(role: str | None) -> Role | None:
    """The :class:`Role` for a role name (unknown names map to ``other``)."""
    if role is None:
        return None
    return ROLES.get(role, ROLES["other"])


def role_style(role: str) -> str:
    """The rich style of a role."""
    r = role_of(role)
    assert r is not None
    return f"bold {r.fg} on {r.bg}" + (" strike" if role == "eliminated" else "")


def step_roles(step: Step | None) -> dict[tuple[int, int], str]:
    """(cell, digit) -> role for a step: its candidates, then eliminations and placements."""
    roles: dict[tuple[int, int], str] = {}
    if step is None:
        return roles
    bug = step.technique.startswith("Bivalue Universal Grave")
    for c, d, role in step.candidates:
        if bug and role == "fin":  # a BUG's extra candidate is no fin of a fish
            role = "extra"
        roles[(c, d)] = role if role in ROLES else "other"
    for c, d in step.eliminations:
        roles[(c, d)] = "eliminated"
    for c, d in step.placements:
        roles[(c, d)] = "placed"
    return roles


def used_roles(step: Step | None) -> list[str]:
    """The roles a step shows, in legend order."""
    present = set(step_roles(step).values())
    return [name for name in ROLES if name in present]


def _pieces(top: str, thin: str, thick: str, bottom: str, bar: str) -> dict[str, tuple[str, ...]]:
    """Box-drawing pieces, one character each: (left, cell fill, cell join, box join, right) per
    kind of rule line, and the (box, cell) bars of a row of cells."""
    return {"top": tuple(top), "thin": tuple(thin), "thick": tuple(thick), "bottom": tuple(bottom), "bar": tuple(bar)}


_UNICODE = _pieces("┏━┯┳┓", "┠─┼╂┨", "┣━┿╋┫", "┗━┷┻┛", "┃│")
_ASCII = _pieces("+=+++", "|-+||", "+=+++", "+=+++", "|:")
CELL_WIDTH = 7


def _rule(pieces: dict, kind: str) -> str:
    left, fill, cell_join, box_join, right = pieces[kind]
    parts = [left]
    for c in range(9):
        parts.append(fill * CELL_WIDTH)
        parts.append(right if c == 8 else box_join if c in (2, 5) else cell_join)
    return "".join(parts)


def candidate_grid(grid: Grid, step: Step | None = None, plain: bool = False, compact: bool = False) -> Text:
    """The candidate grid, each cell a 3x3 block of its candidates, with ``step`` highlighted.

    In colour each role has its own background (:data:`ROLES`), the step's pattern cells a
    shaded one; with ``plain`` the grid uses ASCII and each highlighted candidate carries
    its role's marker (``*4`` placed, ``-7`` eliminated, ``+3`` pattern, ...), so the
    picture reads in a log or a pipe. Cell rows are separated by thin rules, boxes by
    heavy ones (``=`` in plain text); ``compact`` leaves out the thin rules (for a short
    terminal).
    """
    roles = step_roles(step)
    cells = set(step.cells) if step is not None else set()
    pieces = _ASCII if plain else _UNICODE
    border = "" if plain else STYLES["border"]
    rule = "" if plain else STYLES["rule"]
    thick_bar, thin_bar = pieces["bar"]
    out = Text()
    out.append(_rule(pieces, "top") + "\n", style=border)
    for r in range(9):
        for sub in range(3):
            out.append(thick_bar, style=border)
            for c in range(9):
                cell = r * 9 + c
                v = grid.values[cell]
                shade = "" if plain or cell not in cells else f"on {CELL_BG_TERM}"
                if v:
                    if sub == 1:
                        out.append("   ", style=shade)
                        style = STYLES["given"] if grid.givens >> cell & 1 else STYLES["solved"]
                        out.append(str(v), style="" if plain else f"{style} {shade}".strip())
                        out.append("   ", style=shade)
                    else:
                        out.append(" " * CELL_WIDTH, style=shade)
                else:
                    for k in range(3):
                        d = sub * 3 + k + 1
                        if grid.cands[cell] & DIGIT_BIT[d]:
                            role = roles.get((cell, d))
                            mark = role_of(role).mark if (plain and role) else " "
                            out.append(mark, style=shade)
                            out.append(str(d), style="" if plain else (role_style(role) if role else shade))
                        else:
                            out.append(" ." if plain else "  ", style=shade)
                    out.append(" ", style=shade)
                out.append(thick_bar if c in (2, 5, 8) else thin_bar, style=border if c in (2, 5, 8) else rule)
            out.append("\n")
        if r in (2, 5):
            out.append(_rule(pieces, "thick") + "\n", style=border)
        elif r != 8 and not compact:
            out.append(_rule(pieces, "thin") + "\n", style=rule)
    out.append(_rule(pieces, "bottom"), style=border)
    return out


def pencilmark_grid(grid: Grid, step: Step | None = None, plain: bool = False) -> Text:
    """The grid in 13 lines as ``sudoku step --until`` prints it (each cell its candidates
    in a row, columns as wide as their longest cell), with ``step`` highlighted as in
    :func:`candidate_grid`: for a terminal too short for the 3x3 blocks."""
    roles = step_roles(step)
    cells = set(step.cells) if step is not None else set()
    border = "" if plain else STYLES["border"]
    tokens: list[list[tuple[str, str]]] = []  # per cell: (text, style) pieces
    for cell in range(81):
        v = grid.values[cell]
        shade = "" if plain or cell not in cells else f"on {CELL_BG_TERM}"
        if v:
            style = STYLES["given"] if grid.givens >> cell & 1 else STYLES["solved"]
            tokens.append([(str(v), "" if plain else f"{style} {shade}".strip())])
            continue
        pieces = []
        for d in MASK_DIGITS[grid.cands[cell]]:
            role = roles.get((cell, d))
            if plain:
                pieces.append(((role_of(role).mark if role else "") + str(d), ""))
            else:
                pieces.append((str(d), role_style(role) if role else shade))
        tokens.append(pieces)
    length = [sum(len(t) for t, _ in pieces) for pieces in tokens]
    width, (top, mid, bottom) = pencilmark_frame(length)
    out = Text()
    out.append(top + "\n", style=border)
    for r in range(9):
        if r and r % 3 == 0:
            out.append(mid + "\n", style=border)
        out.append("|", style=border)
        for c in range(9):
            cell = r * 9 + c
            shade = "" if plain or cell not in cells else f"on {CELL_BG_TERM}"
            out.append(" ")
            for text, style in tokens[cell]:
                out.append(text, style=style)
            out.append(" " * (width[c] - length[cell]), style=shade)
            if c % 3 == 2:
                out.append(" |", style=border)
            else:
                out.append(" ")
        out.append("\n")
    out.append(bottom, style=border)
    return out


def legend(step: Step | None = None, plain: bool = False) -> Text:
    """One line naming the highlights (those ``step`` uses, or the common ones).

    In colour each label is drawn in its role's colours; in plain text each label follows
    its marker (``*n placed``).
    """
    names = used_roles(step) if step is not None else ["placed", "eliminated", "pattern", "fin", "on", "off"]
    t = Text("legend:")
    for name in names:
        r = ROLES[name]
        t.append(" ")
        if plain:
            t.append(f"{r.mark}n {r.label}")
        else:
            t.append(f" {r.label} ", style=f"bold {r.fg} on {r.bg}")
    return t


def value_grid(grid: Grid) -> Text:
    """A 9-line value grid; givens bold, solved digits blue."""
    out = Text()
    for r in range(9):
        if r and r % 3 == 0:
            out.append("------+-------+------\n")
        for c in range(9):
            cell = r * 9 + c
            v = grid.values[cell]
            if c and c % 3 == 0:
                out.append("| ")
            style = STYLES["given"] if grid.givens >> cell & 1 else STYLES["solved"]
            out.append(str(v) if v else ".", style=style if v else "dim")
            if c != 8:
                out.append(" ")
        if r != 8:
            out.append("\n")
    return out
