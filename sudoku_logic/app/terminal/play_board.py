"""The board of ``sudoku play`` drawn as text: givens, your digits and marks, the colours you
gave candidates, a step's pattern, the digit filter's cells; and which cell a click on it
falls in."""

from __future__ import annotations

from rich.text import Text

from sudoku_logic.api.render import CELL_BG_TERM, STYLES, role_style, step_roles
from sudoku_logic.app.terminal.play_state import Game
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT
from sudoku_logic.core.step import Step

CELL_W = 5  # a cell is 5 columns by 2 lines: marks 1-5 above, 6-9 below
GRID_W = 1 + 9 * CELL_W + 8 + 1
GRID_H = 1 + 9 * 2 + 2 + 1
_SHADE = ("", "on #262626")  # a checkerboard inside each box tells the cells apart
_CURSOR = "on #005f87"
WRONG = "bold #ff5f5f"
_FILTER = "on #5f5f00"  # the cells where the filtered digit can still go
#: the colours you give candidates, as HoDoKu's two pairs: a and A orange, b and B violet
PAINT = ("bold #000000 on #ff8700", "bold #000000 on #ffd787", "bold #000000 on #8787ff", "bold #000000 on #d7d7ff")


def _border(left: str, fill: str, thin: str, thick: str, right: str) -> str:
    return left + "".join(fill * CELL_W + (right if c == 8 else thick if c in (2, 5) else thin) for c in range(9))


def render_grid(
    game: Game,
    cursor: int | None,
    step: Step | None = None,
    grid: Grid | None = None,
    wrong: frozenset[int] = frozenset(),
    where: frozenset[int] = frozenset(),
) -> Text:
    """The board, 55 columns by 22 lines: givens bold, your digits blue (``wrong`` ones red),
    your marks and the colours you gave them; with ``grid`` (a position of a step list or a
    hint) its candidates where you have no marks, and ``step``'s highlights (over your
    colours); the cells ``where`` (the digit filter's) lit."""
    values = grid.values if grid is not None else game.board.values
    roles = step_roles(step)
    painted = {(c, d): k for c, d, k in game.board.colours}
    pattern = set(step.cells) if step is not None else set()
    out = Text(no_wrap=True)
    out.append(_border("┏", "━", "┯", "┳", "┓") + "\n", style=STYLES["border"])
    for r in range(9):
        for half in range(2):
            out.append("┃", style=STYLES["border"])
            for c in range(9):
                cell = r * 9 + c
                bg = (
                    _CURSOR
                    if cell == cursor
                    else f"on {CELL_BG_TERM}"
                    if cell in pattern
                    else _FILTER
                    if cell in where
                    else _SHADE[(r + c) % 2]
                )
                v = values[cell]
                if v:
                    style = STYLES["given"] if game.givens[cell] else WRONG if cell in wrong else STYLES["solved"]
                    out.append(f"  {v}  " if half == 0 else " " * CELL_W, style=f"{style} {bg}".strip())
                else:
                    marks = game.board.marks[cell] if grid is None else grid.cands[cell]
                    if grid is None:  # a colour on a cell you have not marked shows its digit
                        marks |= sum(DIGIT_BIT[d] for (c, d) in painted if c == cell)
                    dim = grid is not None and not game.board.marks[cell]  # open, not marked by you
                    for d in range(half * 5 + 1, half * 5 + 6):
                        if d <= 9 and marks & DIGIT_BIT[d]:
                            role, colour = roles.get((cell, d)), painted.get((cell, d))
                            plain = f"{'dim ' if dim else ''}{bg}".strip()
                            style = role_style(role) if role else PAINT[colour] if colour is not None else plain
                            out.append(str(d), style=style)
                        else:
                            out.append(" ", style=bg)
                out.append("┃" if c in (2, 5, 8) else "│", style=STYLES["border"] if c in (2, 5, 8) else STYLES["rule"])
            out.append("\n")
        if r in (2, 5):
            out.append(_border("┣", "━", "┿", "╋", "┫") + "\n", style=STYLES["border"])
    out.append(_border("┗", "━", "┷", "┻", "┛"), style=STYLES["border"])
    return out


def cell_at(x: int, y: int) -> int | None:
    """The cell under column ``x``, line ``y`` of the grid (None on a border)."""
    if not (1 <= y < GRID_H - 1 and 1 <= x < GRID_W - 1):
        return None
    row_line = y - 1 - (y > 7) - (y > 14)  # the thick rules after the 3rd and 6th rows
    if y in (7, 14):
        return None
    col, inside = divmod(x - 1, CELL_W + 1)
    if inside == CELL_W:
        return None
    return (row_line // 2) * 9 + col
