"""One HTML page for the paths of several puzzles: a section per puzzle (its heading, its
puzzle, rating and stepper, as :func:`~sudoku_logic.api.html.render_page` shows one path),
and a list of them at the top.

The sections are written to a scratch file as each path comes, so a file of many puzzles
costs the memory of one; the page is put together when :meth:`HtmlBook.close` is called.
``page.html#p3`` opens the section ``p3``, ``page.html#p3-12`` its 12th step; the arrow
keys move the stepper last used while it is in sight, else the one most in sight.
"""

from __future__ import annotations

import shutil
import tempfile
from html import escape
from typing import TextIO

from sudoku_logic.api.html import NOSCRIPT, PAGE_END, page_head, path_summary, stepper_html
from sudoku_logic.core.grid import Grid
from sudoku_logic.solve.loop import SolveResult


class HtmlBook:
    """The page at ``path``, its sections added one by one; opened (so an unwritable path
    fails at once, raising OSError) when made, written whole by :meth:`close`."""

    def __init__(self, path: str, title: str = "Sudoku, step by step") -> None:
        self.path = path
        self.title = title
        self._out: TextIO = open(path, "w", encoding="utf-8")  # closed by close() or discard()
        self._sections: TextIO = tempfile.TemporaryFile("w+", encoding="utf-8")
        self._contents: list[str] = []
        self.steps = 0

    def add(self, key: str, heading: str, grid: Grid, result: SolveResult) -> None:
        """Add the path ``result`` from ``grid`` as the section ``key`` (letters and digits,
        such as ``p3``) under ``heading``."""
        ends = f"{len(result.steps)} steps" + ("" if result.solved else ", stuck")
        self._contents.append(f'<li><a href="#{key}">{escape(heading)}</a> ({ends})</li>')
        self.steps += len(result.steps)
        self._sections.write(
            "\n".join(
                [
                    f'<section id="{key}" class="puzzle" aria-label="{escape(heading)}"><h2>{escape(heading)}</h2>',
                    path_summary(grid, result),
                    stepper_html(grid, result, f"{key}-"),
                    "</section>\n",
                ]
            )
        )

    @property
    def count(self) -> int:
        """How many puzzles the page holds."""
        return len(self._contents)

    def close(self) -> None:
        """Write the page: heading, the list of puzzles, their sections, the script."""
        try:
            out = self._out
            out.write(page_head(self.title) + "\n")
            out.write(f'<nav class="contents"><p>{self.count} puzzles:</p><ol>{"".join(self._contents)}</ol></nav>\n')
            out.write(NOSCRIPT + "\n<main>\n")
            self._sections.seek(0)
            shutil.copyfileobj(self._sections, out)
            out.write("</main>\n" + PAGE_END)
        finally:
            self.discard()

    def discard(self) -> None:
        """Close both files without finishing the page."""
        self._sections.close()
        self._out.close()
