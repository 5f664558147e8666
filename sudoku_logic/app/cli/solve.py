"""``sudoku solve`` and ``sudoku check``: a puzzle's solution, and whether it has exactly one."""

from __future__ import annotations

import typer

from sudoku_logic.api.render import value_grid
from sudoku_logic.app.cli import options as shared
from sudoku_logic.app.cli.common import Reporter
from sudoku_logic.app.cli.positions import PUZZLE_HELP, puzzles
from sudoku_logic.app.io.reader import read
from sudoku_logic.core import dlx
from sudoku_logic.core.errors import SudokuError
from sudoku_logic.core.formats import to_line
from sudoku_logic.core.grid import Grid


def solve(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help=PUZZLE_HELP),
    line: bool = typer.Option(False, "--line", help="print the solution as an 81-character line"),
    no_color: bool = shared.NO_COLOR,
) -> None:
    """Print the solution (the puzzle must have exactly one)."""
    rep = Reporter(no_color)
    for _entry, grid, solution in puzzles(puzzle, rep):
        g = Grid.from_values(solution, givens=grid.givens)
        if line:
            rep.out.print(to_line(g), markup=False)
        else:
            rep.out.print(value_grid(g))
            rep.out.print()
    rep.exit()


def check(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help=PUZZLE_HELP),
) -> None:
    """Say whether a puzzle is valid: one solution ("valid", exit 0), or none or several
    ("not valid", naming two cells where two solutions differ; exit 1).

    A position (see `sudoku hint --help`) is also checked against the solution of its givens:
    each wrong digit or removed candidate is named and the command exits 1.
    """
    from sudoku_logic.core.errors import NoSolution

    rep = Reporter()
    for entry in read(puzzle):
        prefix = entry.where
        error = entry.error
        g = None
        if error is None:
            assert entry.position is not None  # read() parses: an entry without an error has its position
            try:
                g = entry.position.puzzle()
            except SudokuError as e:
                error = e
        if isinstance(error, NoSolution):  # well formed, no solution (found at once): the answer is no
            rep.nothing = True
            rep.out.print(f"{prefix}not valid: {error}", markup=False)
            continue
        if error is not None:
            rep.problem(prefix + str(error))
            continue
        pos = entry.position
        assert pos is not None and g is not None  # no error: the position and its puzzle were read
        n = dlx.count_solutions(g, 2)
        givens = g.givens.bit_count()
        if n == 1:
            mine = pos.givens is not None and (pos.values != pos.givens or pos.marks is not None)
            problems = pos.problems() if mine else []
            for p in problems:
                rep.wrong = True
                rep.err.print(prefix + p.message, markup=False)
            if not problems:
                agrees = "; the position agrees with the solution" if mine else ""
                rep.out.print(f"{prefix}valid: one solution, {givens} givens{agrees}", markup=False)
            continue
        try:
            dlx.unique_solution(g)
        except SudokuError as e:
            rep.nothing = True
            rep.out.print(f"{prefix}not valid: {e}", markup=False)
    rep.exit()
