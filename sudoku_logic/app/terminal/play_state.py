"""What ``sudoku play`` keeps of a game: the givens, your digits, your pencilmarks, the
colours you gave candidates (HoDoKu's colouring: a change of colours is a move, undone as
one), the undo history and the clock, and the text forms the CLI reads it from and saves it to.

No Textual here: the screen (:mod:`sudoku_logic.app.terminal.play`) shows a :class:`Game` and asks it
to change; everything a game can do is tested without a terminal.

Pencilmarks: a cell you have marked shows your marks; a cell you have not marked shows none,
and for hints it is open to every digit its row, column and box allow. Placing a digit
removes it from the marks of the cells it sees, as HoDoKu does.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sudoku_logic.api.position import Position
from sudoku_logic.core.errors import SudokuError
from sudoku_logic.core.formats import to_pencilmarks
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import ALL_DIGITS, DIGIT_BIT, PEERS, cell_name, cells_of
from sudoku_logic.core.step import Step

#: The first line of a saved game: the time played so far (the CLI reads it as a comment).
CLOCK_LINE = re.compile(r"^# sudoku play: (\d+):(\d\d):(\d\d) played$", re.M)
#: The order hints came in, kept by a saved game.
ORDER_LINE = re.compile(r"^# order: (se|hodoku)$", re.M)
#: The colours you gave candidates, kept by a saved game: ``r1c1:5a`` (r1c1's 5 in colour a).
COLOURS_LINE = re.compile(r"^# colours: (.*)$", re.M)
#: The colours of HoDoKu's colouring, two pairs: a and A, b and B (the two sides of a chain).
COLOUR_NAMES = "aAbB"


def autosave_path(givens: tuple[int, ...] | list[int]) -> Path:
    """Where the game in progress of the puzzle ``givens`` is autosaved: one file per puzzle
    in ``$XDG_STATE_HOME/sudoku-logic/`` (``~/.local/state/sudoku-logic/`` without it)."""
    home = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(home) / "sudoku-logic" / ("".join(str(v) for v in givens) + ".txt")


def saved_order(text: str) -> str | None:
    """The order (se or hodoku) a saved game was played in, None when it does not say."""
    m = ORDER_LINE.search(text)
    return m[1] if m else None


@dataclass(frozen=True)
class Board:
    """One state of the grid: 81 values (givens and yours), 81 mark masks (0: unmarked) and
    the colours you gave candidates, ``(cell, digit, colour)`` in order (colour an index of
    :data:`COLOUR_NAMES`)."""

    values: tuple[int, ...]
    marks: tuple[int, ...]
    colours: tuple[tuple[int, int, int], ...] = ()

    def same_position(self, other: Board | None) -> bool:
        """Whether ``other`` has the same digits and marks (its colours may differ)."""
        return other is not None and (self.values, self.marks) == (other.values, other.marks)

    def colour_of(self, cell: int, digit: int) -> int | None:
        """The colour of candidate ``digit`` of ``cell``, None if it has none."""
        return next((k for c, d, k in self.colours if (c, d) == (cell, digit)), None)


@dataclass
class Game:
    """A game in progress. Every change is one undo step; ``clock`` gives the time (seconds)."""

    givens: tuple[int, ...]
    board: Board
    played: float = 0.0  # seconds played before ``started``
    clock: Callable[[], float] = time.monotonic
    started: float = field(default=0.0)
    undos: list[Board] = field(default_factory=list)
    redos: list[Board] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.started = self.clock()

    # ------------------------------------------------------------ reading and saving
    @classmethod
    def from_position(
        cls, position: Position, played: float = 0.0, clock: Callable[[], float] = time.monotonic
    ) -> Game:
        """A game at ``position`` (its givens known: a puzzle, or a position with them)."""
        givens = tuple(position.givens if position.givens is not None else position.values)
        values = tuple(position.values)
        marks = tuple(0 if values[c] or position.marks is None else position.marks[c] for c in range(81))
        return cls(givens, Board(values, marks), played, clock)

    def save_text(self, order: str | None = None) -> str:
        """The game as text ``sudoku hint`` and ``sudoku play`` read back: the givens line,
        then your digits (``GIVENS FILLED``) or, once you have pencilmarks, the pencilmark
        grid, an unmarked cell written with every digit it allows. Comments before them keep
        what only ``sudoku play`` needs: the time played, the cells you have not marked, and
        the cells with one mark and no digit (which the CLI reads as placed)."""
        lines = [f"# sudoku play: {clock_text(self.elapsed())} played"]
        if order is not None:
            lines.append(f"# order: {order}")
        if self.board.colours:
            words = (f"{cell_name(c)}:{d}{COLOUR_NAMES[k]}" for c, d, k in self.board.colours)
            lines.append("# colours: " + " ".join(words))
        givens = "".join(str(v) if v else "." for v in self.givens)
        values, marks = self.board.values, self.board.marks
        if not any(marks):
            filled = "".join(str(v) if v else "." for v in values)
            return "\n".join(lines + [givens, filled]) + "\n"
        grid = self.grid()
        unmarked = [c for c in range(81) if not values[c] and not marks[c]]
        unplaced = [c for c in range(81) if not values[c] and grid.cands[c] & (grid.cands[c] - 1) == 0]
        for name, cells in (("unmarked", unmarked), ("unplaced", unplaced)):
            if cells:
                lines.append(f"# {name}: " + " ".join(cell_name(c) for c in cells))
        return "\n".join(lines + [givens, to_pencilmarks(grid)]) + "\n"

    @classmethod
    def from_saved(cls, position: Position, text: str, clock: Callable[[], float] = time.monotonic) -> Game:
        """The game ``save_text`` wrote as ``text`` (``position``: what the CLI reads of it)."""
        m = CLOCK_LINE.search(text)
        played = int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3]) if m else 0.0
        game = cls.from_position(position, played, clock)
        values, marks = list(game.board.values), list(game.board.marks)
        for name, fix in (("unplaced", "unplace"), ("unmarked", "unmark")):
            found = re.search(rf"^# {name}: (.*)$", text, re.M)
            for cell in (_cell(word) for word in found[1].split()) if found else ():
                if cell is None or game.givens[cell]:
                    continue
                if fix == "unplace" and values[cell]:
                    marks[cell], values[cell] = DIGIT_BIT[values[cell]], 0
                elif fix == "unmark":
                    marks[cell] = 0
        game.board = Board(tuple(values), tuple(marks), _read_colours(text, values))
        return game

    # ------------------------------------------------------------ what it is now
    def elapsed(self) -> float:
        """Seconds played, this session included."""
        return self.played + self.clock() - self.started

    def is_given(self, cell: int) -> bool:
        return bool(self.givens[cell])

    def position(self) -> Position:
        """The position as ``sudoku hint`` takes it (unmarked cells open to what the digits allow)."""
        marks = None
        if any(self.board.marks):
            marks = [m or ALL_DIGITS for m in self.board.marks]
        return Position(list(self.givens), list(self.board.values), marks)

    def grid(self) -> Grid:
        """The candidate grid: the digits placed, your marks applied (unmarked cells open).
        Raises InvalidPuzzle when the digits break the rules or a cell has no candidate left."""
        return self.position().grid()

    def solved(self) -> bool:
        return all(self.board.values)

    def won(self) -> bool:
        """Whether every cell holds the solution's digit."""
        try:
            return self.solved() and not self.position().problems()
        except SudokuError:
            return False

    # ------------------------------------------------------------ changes
    def _change(
        self, values: tuple[int, ...], marks: tuple[int, ...], colours: tuple[tuple[int, int, int], ...] | None = None
    ) -> bool:
        """Make the board these digits, marks and colours (by default the colours it has, on
        the candidates still shown), one undo step; False if nothing changed."""
        if colours is None:
            colours = tuple(x for x in self.board.colours if _shows(values, marks, x[0], x[1]))
        new = Board(values, marks, colours)
        if new == self.board:
            return False
        self.undos.append(self.board)
        self.redos.clear()
        self.board = new
        return True

    def place(self, cell: int, digit: int) -> bool:
        """Put ``digit`` in ``cell`` (not a given), removing it from the marks of the cells
        it sees; False if nothing changed."""
        if self.is_given(cell):
            return False
        values = list(self.board.values)
        marks = list(self.board.marks)
        _put(values, marks, cell, digit)
        return self._change(tuple(values), tuple(marks))

    def clear(self, cell: int) -> bool:
        """Empty ``cell`` (your digit, else your marks); False for a given or an empty cell.
        Erasing a digit gives back the marks its placement removed, as undo does: the cell's
        own, and the digit in the marks of the cells it sees, where you had it and no other
        placed digit rules it out."""
        if self.is_given(cell):
            return False
        values = list(self.board.values)
        marks = list(self.board.marks)
        digit = values[cell]
        if not digit:
            marks[cell] = 0
            return self._change(tuple(values), tuple(marks))
        values[cell] = 0
        before = self._before_placing(cell, digit)
        if before is not None:
            bit = DIGIT_BIT[digit]
            for peer in cells_of(PEERS[cell]):
                had = before.marks[peer]
                if values[peer] or not had & bit or _sees(values, peer, digit):
                    continue
                if marks[peer] or had == bit:  # an unmarked cell stays open to every digit
                    marks[peer] |= bit
            marks[cell] = before.marks[cell]
            for d in range(1, 10):
                if marks[cell] & DIGIT_BIT[d] and _sees(values, cell, d):
                    marks[cell] &= ~DIGIT_BIT[d]
        return self._change(tuple(values), tuple(marks))

    def _before_placing(self, cell: int, digit: int) -> Board | None:
        """The board just before ``digit`` was last placed in ``cell`` (None when the undo
        history does not reach it: a game read back from a file)."""
        for board in reversed(self.undos):
            if board.values[cell] != digit:
                return board
        return None

    def toggle_mark(self, cell: int, digit: int) -> bool:
        """Add or remove the pencilmark ``digit`` in an empty ``cell``."""
        if self.board.values[cell]:
            return False
        marks = list(self.board.marks)
        marks[cell] ^= DIGIT_BIT[digit]
        return self._change(self.board.values, tuple(marks))

    def fill_candidates(self) -> bool:
        """Mark in every empty cell each digit its row, column and box allow (HoDoKu's
        "show all candidates"), keeping out what you have removed in marked cells."""
        try:
            allowed = Grid.from_values(list(self.board.values)).cands
        except SudokuError:  # two equal digits in a house: nothing to fill from
            return False
        marks = tuple(
            0 if v else (self.board.marks[c] & allowed[c] if self.board.marks[c] else allowed[c])
            for c, v in enumerate(self.board.values)
        )
        return self._change(self.board.values, marks)

    def remove_ruled_out(self) -> bool:
        """Remove from your marks every digit placed in a cell that sees them."""
        values = self.board.values
        marks = list(self.board.marks)
        for cell in range(81):
            if values[cell]:
                _rule_out(marks, cell, values[cell])
        return self._change(values, tuple(marks))

    def apply(self, step: Step) -> bool:
        """Make ``step``'s placements and eliminations on the board (an elimination in an
        unmarked cell marks it with the digits left)."""
        values = list(self.board.values)
        marks = list(self.board.marks)
        grid = self.grid()
        for cell, digit in step.eliminations:
            if not values[cell]:
                marks[cell] = (marks[cell] or grid.cands[cell]) & ~DIGIT_BIT[digit]
        for cell, digit in step.placements:
            _put(values, marks, cell, digit)
        return self._change(tuple(values), tuple(marks))

    def paint(self, cell: int, digit: int, colour: int) -> bool:
        """Give candidate ``digit`` of the empty ``cell`` the ``colour`` (HoDoKu's colouring;
        again with the same colour: take it off); False where ``digit`` is not a candidate
        (your marks, or in an unmarked cell what the digits allow)."""
        values, marks = self.board.values, self.board.marks
        if not _shows(values, marks, cell, digit):
            return False
        others = tuple(x for x in self.board.colours if x[:2] != (cell, digit))
        if self.board.colour_of(cell, digit) != colour:
            others = tuple(sorted((*others, (cell, digit, colour))))
        return self._change(values, marks, others)

    def unpaint(self, cell: int | None = None) -> bool:
        """Take the colours off the candidates of ``cell`` (None: of every cell)."""
        kept = tuple(x for x in self.board.colours if cell is not None and x[0] != cell)
        return self._change(self.board.values, self.board.marks, kept)

    def undo(self) -> bool:
        return self._back_to(self.undos, self.redos)

    def redo(self) -> bool:
        return self._back_to(self.redos, self.undos)

    def _back_to(self, source: list, keep: list) -> bool:
        """Take the board last put on ``source``, putting the current one on ``keep``; False
        when ``source`` is empty."""
        if not source:
            return False
        keep.append(self.board)
        self.board = source.pop()
        return True


def _cell(name: str) -> int | None:
    """The cell of an ``r1c1`` name, None for anything else."""
    m = re.fullmatch(r"r([1-9])c([1-9])", name)
    return (int(m[1]) - 1) * 9 + int(m[2]) - 1 if m else None


def _read_colours(text: str, values: list[int]) -> tuple[tuple[int, int, int], ...]:
    """The colours a saved game keeps (on empty cells; a word that is not ``r1c1:5a`` skipped)."""
    found = COLOURS_LINE.search(text)
    out: dict[tuple[int, int], int] = {}
    for word in found[1].split() if found else ():
        m = re.fullmatch(r"(r[1-9]c[1-9]):([1-9])([aAbB])", word)
        cell = _cell(m[1]) if m else None
        if m and cell is not None and not values[cell]:
            out[cell, int(m[2])] = COLOUR_NAMES.index(m[3])
    return tuple(sorted((c, d, k) for (c, d), k in out.items()))


def _shows(values: tuple[int, ...], marks: tuple[int, ...], cell: int, digit: int) -> bool:
    """Whether ``digit`` is a candidate of ``cell`` on the board: one of your marks, or in an
    empty cell you have not marked, a digit no cell it sees holds."""
    if values[cell]:
        return False
    return bool(marks[cell] & DIGIT_BIT[digit]) if marks[cell] else not _sees(values, cell, digit)


def _rule_out(marks: list[int], cell: int, digit: int) -> None:
    """Remove ``digit`` from the marks of every cell ``cell`` sees."""
    for peer in cells_of(PEERS[cell]):
        marks[peer] &= ~DIGIT_BIT[digit]


def _sees(values: list[int] | tuple[int, ...], cell: int, digit: int) -> bool:
    """Whether a cell ``cell`` sees holds ``digit``."""
    return any(values[peer] == digit for peer in cells_of(PEERS[cell]))


def _put(values: list[int], marks: list[int], cell: int, digit: int) -> None:
    """Place ``digit`` in ``cell``: its marks go, and the digit from the marks it rules out."""
    values[cell] = digit
    marks[cell] = 0
    _rule_out(marks, cell, digit)


def clock_text(seconds: float) -> str:
    """``H:MM:SS`` for a time played (as the clock line of a saved game writes it)."""
    h, rest = divmod(int(seconds), 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}"
