"""``sudoku step --html FILE``: the pages of the paths of the PUZZLE argument. One puzzle:
one stepper page. Several (a file, stdin): one page with a section per puzzle, or, when FILE
holds ``{n}``, a page per puzzle, ``{n}`` replaced by the puzzle's number in the input."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Optional

from sudoku_logic.app.cli.common import Reporter
from sudoku_logic.app.io.words import counted

if TYPE_CHECKING:
    from sudoku_logic.api.html_book import HtmlBook
    from sudoku_logic.app.io.reader import Entry
    from sudoku_logic.core.grid import Grid
    from sudoku_logic.solve.loop import SolveResult

#: What a --html name holds to ask for a page per puzzle.
NUMBER = "{n}"
TITLE = "Sudoku, step by step"


def heading(entry: Entry) -> str:
    """A puzzle's heading: its number in the input, where it was read, its label."""
    where = f": {entry.source} line {entry.lineno}" if entry.lineno else ""
    label = f" ({entry.label})" if entry.label else ""
    return f"Puzzle {entry.index}{where}{label}"


class HtmlPages:
    """Writes the pages ``path`` asks for as the paths come (:meth:`add`), the rest at
    :meth:`close`; each write said on stdout, a write that fails reported (exit 2)."""

    def __init__(self, rep: Reporter, path: str) -> None:
        self.rep = rep
        self.path = path
        self.each = NUMBER in path  # a page per puzzle
        self.first: Optional[tuple[Entry, Grid, SolveResult]] = None  # held until a second comes
        self.book: Optional[HtmlBook] = None

    def add(self, entry: Entry, grid: Grid, result: SolveResult) -> bool:
        """Take one puzzle's path; False (the problem reported) when a page cannot be written."""
        if self.each:
            page = self.path.replace(NUMBER, str(entry.index))
            return self._single(page, entry, grid, result)
        if self.book is None:
            if self.first is None:
                self.first = (entry, grid, result)
                return True
            if not self._open_book(entry):
                return False
        assert self.book is not None  # opened above
        self.book.add(f"p{entry.index}", heading(entry), grid, result)
        return True

    def _open_book(self, entry: Entry) -> bool:
        """Start the page of several puzzles with the one held back."""
        from sudoku_logic.api.html_book import HtmlBook

        try:
            self.book = HtmlBook(self.path, f"{TITLE}: {entry.source}" if entry.source else TITLE)
        except OSError as e:
            self.rep.problem(f"cannot write {self.path}: {e.strerror or e}")
            return False
        assert self.first is not None  # a book starts at the second puzzle
        first, grid, result = self.first
        self.first = None
        self.book.add(f"p{first.index}", heading(first), grid, result)
        return True

    def _single(self, page: str, entry: Entry, grid: Grid, result: SolveResult) -> bool:
        """Write one puzzle's page and say so."""
        from sudoku_logic.api.html import write_html

        title = f"{TITLE}: {entry.source} line {entry.lineno}" if entry.lineno else None
        try:
            write_html(page, grid, result, title)
        except OSError as e:
            self.rep.problem(f"cannot write {page}: {e.strerror or e}")
            return False
        self.rep.out.print(f"Wrote {counted(len(result.steps), 'step')} to {page}", markup=False)
        return True

    def close(self) -> None:
        """Write what is held: the page of one puzzle, or the page of several."""
        if self.first is not None:
            self._single(self.path, *self.first)
            self.first = None
        elif self.book is not None:
            book, self.book = self.book, None
            try:
                book.close()
            except OSError as e:
                self.rep.problem(f"cannot write {self.path}: {e.strerror or e}")
                return
            self.rep.out.print(
                f"Wrote {counted(book.count, 'puzzle')} ({counted(book.steps, 'step')}) to {self.path}", markup=False
            )

    def discard(self) -> None:
        """Give up a page of several puzzles not yet written (interrupted): no half page stays."""
        if self.book is not None:
            self.book.discard()
            self.book = None
            try:
                os.unlink(self.path)
            except OSError:
                pass
