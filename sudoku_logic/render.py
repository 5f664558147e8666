"""Terminal rendering with rich: value grids and candidate grids with a step highlighted."""
from __future__ import annotations

from rich.text import Text

from strategies.step import Step

from .grid import Grid
from .houses import DIGIT_BIT

#: Styles by role; the legend shows the same names.
STYLES = {
    "given": "bold",
    "solved": "bold blue",
    "placed": "bold black on green",
    "eliminated": "bold white on red",
    "pattern": "bold black on yellow",
    "fin": "bold black on magenta",
    "on": "bold black on cyan",
    "off": "bold black on bright_green",
    "pivot": "bold black on orange1",
    "other": "bold black on yellow",
    "cell": "on grey23",
}
LEGEND = [("placed", "placed digit"), ("eliminated", "eliminated"), ("pattern", "pattern"),
          ("fin", "fin / extra"), ("on", "chain: on"), ("off", "chain: off")]


def _role_style(role: str) -> str:
    return STYLES.get(role, STYLES["other"])


def candidate_grid(grid: Grid, step: Step | None = None, plain: bool = False) -> Text:
    """A 3x3 mini-grid of candidates per cell, with the step's pattern, eliminations and
    placements highlighted. With ``plain``, eliminated candidates show as ``-`` and placed
    digits as ``*`` so that the grid reads without colour."""
    roles: dict[tuple[int, int], str] = {}
    cells = set()
    if step is not None:
        cells = set(step.cells)
        for c, d, role in step.candidates:
            roles[(c, d)] = role
        for c, d in step.eliminations:
            roles[(c, d)] = "eliminated"
        for c, d in step.placements:
            roles[(c, d)] = "placed"
    out = Text()
    sep = "+".join(["-" * 15] * 3)
    out.append("+" + sep + "+\n")
    for r in range(9):
        for sub in range(3):
            out.append("|")
            for c in range(9):
                cell = r * 9 + c
                out.append(" ")
                v = grid.values[cell]
                for k in range(3):
                    d = sub * 3 + k + 1
                    if v:
                        if d == 5:
                            out.append(str(v), style=STYLES["given"] if grid.givens >> cell & 1 else STYLES["solved"])
                        else:
                            out.append(" ")
                        continue
                    if grid.cands[cell] & DIGIT_BIT[d]:
                        role = roles.get((cell, d))
                        ch = str(d)
                        if plain and role == "eliminated":
                            ch = "-"
                        elif plain and role == "placed":
                            ch = "*"
                        style = _role_style(role) if role else (STYLES["cell"] if cell in cells else "")
                        out.append(ch, style=style)
                    else:
                        out.append(".", style="dim")
                out.append(" |" if c in (2, 5, 8) else " ")
            out.append("\n")
        if r in (2, 5):
            out.append("|" + sep + "|\n")
    out.append("+" + sep + "+")
    return out


def legend() -> Text:
    """One line naming the highlight colours."""
    t = Text("legend: ")
    for role, label in LEGEND:
        t.append(f" {label} ", style=STYLES[role])
        t.append(" ")
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
