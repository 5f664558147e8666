"""``sudoku step --interactive``: walk through a solve path one step at a time.

Keys: Enter (or Space, n, right/down arrow) shows the next step, ``s`` skips to the next
step that is not a single, ``b`` (or left/up arrow) goes back, ``h`` cycles the hint level of the current step (1: where to look, 2: which
technique, 3: the whole step on the grid), ``q`` (or end of input) quits.

On a terminal keys are read one at a time and the screen is redrawn; when input is not a
terminal (a pipe, a test) each line of input is one key and screens are printed one after
the other, separated by a rule, so that the session can be scripted and read back.
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Iterator
from typing import TextIO

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from sudoku_logic.api.hints import hint_text
from sudoku_logic.api.render import candidate_grid, legend, pencilmark_grid
from sudoku_logic.app.io.words import counted
from sudoku_logic.core.grid import Grid
from sudoku_logic.solve.loop import SolveResult

NEXT, BACK, LEVEL, QUIT, SKIP = "next", "back", "level", "quit", "skip"
_KEYS = {
    "": NEXT,
    "\n": NEXT,
    "\r": NEXT,
    " ": NEXT,
    "n": NEXT,
    "b": BACK,
    "p": BACK,
    "h": LEVEL,
    "q": QUIT,
    "\x04": QUIT,
    "\x1b": QUIT,
    "s": SKIP,
}
#: The steps ``s`` skips over.
SINGLES = frozenset({"Full House", "Hidden Single", "Naked Single"})
_ARROWS = {"[C": NEXT, "[B": NEXT, "[D": BACK, "[A": BACK}
HELP = "Enter: next   s: skip singles   b: back   h: hint level {level}   q: quit"


def _tty_keys(stream: TextIO) -> Iterator[str]:
    """Single keys from a terminal in cbreak mode (restored on exit)."""
    import termios
    import tty

    fd = stream.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)  # keep keys typed ahead
        while True:
            ch = os.read(fd, 1).decode(errors="replace")
            if not ch:
                yield QUIT
                return
            if ch == "\x1b":
                seq = ""
                while len(seq) < 2 and select.select([fd], [], [], 0.05)[0]:
                    seq += os.read(fd, 1).decode(errors="replace")
                if seq:
                    action = _ARROWS.get(seq)
                    if action:
                        yield action
                    continue
            action = _KEYS.get(ch.lower())
            if action:
                yield action
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _line_keys(stream: TextIO) -> Iterator[str]:
    """One key per input line (the first character; an empty line is Enter)."""
    for line in stream:
        key = line.strip()[:1].lower()
        action = _KEYS.get(key)
        if action:
            yield action
    yield QUIT


def keys_from(stream: TextIO) -> Iterator[str]:
    """The actions typed on ``stream``: single keys on a terminal, else one per line."""
    try:
        if stream.isatty():
            return _tty_keys(stream)
    except (AttributeError, ValueError, OSError):
        pass
    return _line_keys(stream)


#: The grid's forms, largest first: 3x3 blocks with every rule, without the thin rules,
#: and the 13-line pencilmark grid (for a terminal of 24 lines).
LAYOUTS = ("full", "compact", "pencilmarks")


def screen(grid: Grid, result: SolveResult, index: int, level: int, plain: bool, layout: str = "full") -> list:
    """The renderables of one screen: step ``index`` (0-based) of ``result`` at ``level``,
    or the final grid when ``index`` is past the last step, the grid in ``layout`` (one of
    :data:`LAYOUTS`). ``grid`` is the position before that step."""
    return _screen(grid, result, index, level, plain, layout)[0]


def _screen(
    grid: Grid, result: SolveResult, index: int, level: int, plain: bool, layout: str
) -> tuple[list, Text, bool]:
    """:func:`screen`'s renderables, its grid picture, and whether the explanation has more
    than its first line (then the third renderable)."""
    n = len(result.steps)
    rest = ""
    parts: list = []
    step = result.steps[index] if index < n else None
    shown = step if level == 3 else None
    if layout == "pencilmarks":
        picture = pencilmark_grid(grid, shown, plain=plain)
    else:
        picture = candidate_grid(grid, shown, plain=plain, compact=layout == "compact")
    if step is not None:
        parts.append(Text(f"Step {index + 1} of {n}  (hint level {level})", style="bold"))
        text = hint_text(step, level)
        first, _, rest = text.partition("\n")
        parts.append(Text(first, style="bold" if level == 3 else ""))
        if rest:
            parts.append(Text(rest, style="dim"))
        parts.append(picture)
        if shown is not None:
            parts.append(legend(step, plain=plain))
    else:
        parts.append(Text(f"After step {n} of {n}", style="bold"))
        parts.append(
            Text(
                f"Solved in {counted(n, 'step')}."
                if result.solved
                else f"Stuck after {counted(n, 'step')}: no enabled technique applies here."
            )
        )
        parts.append(picture)
    parts.append(Text(HELP.format(level=level), style="dim"))
    return parts, picture, bool(rest)


def _height(console: Console, parts: list, width: int | None = None) -> int:
    """How many lines ``parts`` take on ``console`` (long lines wrap), or on one ``width`` wide."""
    options = console.options.update(height=None, width=width or console.width)
    return sum(len(console.render_lines(p, options, pad=False)) for p in parts)


def fitted(console: Console, grid: Grid, result: SolveResult, index: int, level: int, plain: bool) -> list:
    """The screen in the largest layout that fits the terminal. Where even the pencilmark
    grid does not, the step's explanation is cut to fit, saying how many lines a terminal
    needs; a terminal too small for the grid itself gets the size it needs."""
    rows = console.height - 1  # the cursor's line stays free
    for layout in LAYOUTS:
        parts, picture, has_rest = _screen(grid, result, index, level, plain, layout)
        if _height(console, parts) <= rows:
            return parts
    # the pencilmark layout, the smallest, does not fit either
    need = _height(console, parts) + 1
    wide = max(cell_len(line) for line in picture.plain.splitlines())
    if has_rest and wide <= console.width:
        rest = parts[2]
        lines = console.render_lines(rest, console.options.update(height=None), pad=False)
        room = rows - (_height(console, parts) - len(lines)) - 1  # a line says what was cut
        if room >= 1:
            kept = Text("\n".join("".join(seg.text for seg in line) for line in lines[:room]), style="dim")
            kept.append(
                f"\n({len(lines) - room} more lines of explanation: a terminal of {need} lines shows it all)",
                style="bold",
            )
            parts[2] = kept
            return parts
    width = max(wide, console.width)
    return [
        Text(
            f"This step needs a terminal of at least {width}x{_height(console, parts, width) + 1} "
            f"(this one is {console.width}x{console.height}).",
            style="bold",
        ),
        Text(HELP.format(level=level), style="dim"),
    ]


def run_stepper(
    grid: Grid,
    result: SolveResult,
    console: Console | None = None,
    plain: bool = False,
    keys: Iterator[str] | None = None,
    stream: TextIO | None = None,
    start: int = 0,
) -> int:
    """Show ``result`` step by step until the user quits; return the last step index shown.

    ``keys`` are actions (``next``, ``back``, ``level``, ``quit``); by default they are read
    from ``stream`` (stdin). On a terminal the screen is cleared between steps.
    """
    console = console or Console(highlight=False)
    stream = stream or sys.stdin
    actions = keys if keys is not None else keys_from(stream)
    live = console.is_terminal and not plain
    grids = [grid.copy()]
    for step in result.steps:
        g = grids[-1].copy()
        g.apply(step)
        grids.append(g)
    n = len(result.steps)
    index, level = max(0, min(start, n)), 3
    while True:
        if live:
            console.clear()
            parts = fitted(console, grids[index], result, index, level, plain)
        else:
            console.rule(style="dim")
            parts = screen(grids[index], result, index, level, plain)
        for part in parts:  # wrapped at word boundaries, as fitted() measured (the CLI's console soft-wraps)
            console.print(part, soft_wrap=False)
        action = next(actions, QUIT)
        if action == QUIT:
            return index
        if action == NEXT:
            if index == n:
                return index
            index += 1
        elif action == SKIP:
            index = next((i for i in range(index + 1, n) if result.steps[i].technique not in SINGLES), n)
        elif action == BACK:
            index = max(0, index - 1)
        elif action == LEVEL:
            level = level % 3 + 1
