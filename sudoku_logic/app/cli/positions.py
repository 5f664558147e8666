"""The PUZZLE and POSITION arguments of the ``sudoku`` commands: each entry read, its puzzle
or position checked, the problems reported."""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_logic.api.position import Position
from sudoku_logic.app.cli.common import Reporter
from sudoku_logic.app.io.reader import Entry, read
from sudoku_logic.app.io.writer import print_json
from sudoku_logic.core import dlx
from sudoku_logic.core.errors import SudokuError
from sudoku_logic.core.grid import Grid

PUZZLE_HELP = "puzzle (any format), file, or - for stdin"

POSITION_HELP = """\
POSITION is where you are in a puzzle: a literal, a file, or - for stdin. Besides every
puzzle format (81-character line, 9-line grid, pencilmark grid, 729-character string), it
may say which digits are yours:

\b
  GIVENS FILLED  two 81-character lines, on one line (a space between) or on
                 two: the givens, then the grid as it is now (givens
                 included) or only your own digits (in a file of several
                 puzzles, write each such pair on one line)
  4+35..         HoDoKu's line: '+' before each digit you placed
  GIVENS MARKS   the givens line, then your pencilmarks: a pencilmark grid
                 (81 groups, next lines) or a 729-character string; a cell
                 with one candidate counts as placed

The position is first checked against the solution of the givens: each wrong digit or
removed candidate that the solution needs is named ("r5c6: you placed 3, but the solution
has 8 there") and the command exits 1 without a hint. A pencilmark grid without givens
must have exactly one solution. Unreadable input exits 2.

\b
Examples:
  sudoku hint PUZZLE --level 1
  sudoku hint "GIVENS FILLED" --level 2
  sudoku hint stuck.txt --skip 1
"""


def puzzles(arg: str, rep: Reporter) -> Iterator[tuple[Entry, Grid, list[int]]]:
    """Yield (entry, puzzle grid, solution) for each entry of ``arg`` whose puzzle has one
    solution; report the others."""
    for entry in read(arg):
        if entry.error is not None:
            rep.problem(entry.where + str(entry.error))
            continue
        assert entry.position is not None  # read() parses: an entry without an error has its position
        try:
            puzzle = entry.position.puzzle()
            solution = dlx.unique_solution(puzzle)
        except SudokuError as e:
            rep.problem(entry.where + str(e))
            continue
        yield entry, puzzle, solution


def positions(arg: str, rep: Reporter, as_json: bool = False, level: int = 3) -> Iterator[tuple[str, Position, Grid]]:
    """Yield (prefix, position, grid) for each sound position of ``arg``, reporting the
    others as :func:`position_entries` does."""
    for entry, pos, grid in position_entries(arg, rep, as_json, level):
        yield entry.where, pos, grid


def position_entries(
    arg: str, rep: Reporter, as_json: bool = False, level: int = 3
) -> Iterator[tuple[Entry, Position, Grid]]:
    """Yield (entry, position, grid) for each sound position of ``arg`` (the entry's
    ``index`` its number in the input, counting the entries skipped).

    Unreadable or unsolvable input is reported as a problem (exit 2); a position that
    contradicts its solution is reported (exit 1), as much as hint ``level`` tells, and skipped.
    """
    from sudoku_logic.api.hints import mistake_lines

    for index, entry in enumerate(read(arg), 1):
        entry.index = entry.index or index
        if entry.error is not None:
            rep.problem(entry.where + str(entry.error))
            continue
        pos = entry.position
        assert pos is not None  # read() parses: an entry without an error has its position
        try:
            problems = pos.problems()
            grid = pos.grid() if not problems else None
        except SudokuError as e:
            rep.problem(entry.where + str(e))
            continue
        if problems:
            rep.wrong = True
            told = mistake_lines(pos.values, pos.given_mask, problems, level)
            if as_json:
                print_json(rep.out, {"puzzle": "".join(str(v) if v else "." for v in pos.values), "problems": told})
            else:
                for line in told:
                    rep.err.print(entry.where + line, markup=False)
            continue
        assert grid is not None  # no problems: the grid was made
        yield entry, pos, grid
