"""The record of one puzzle's rating on both scales (what :mod:`grading.rater` fills and
:mod:`grading.rows` turns into a row), kept light so that a whole rating in C needs no solver."""

from __future__ import annotations

from dataclasses import dataclass, field

from sudoku_logic.core.step import Step


@dataclass
class Rating:
    """The rating of one puzzle on both scales (fields of a skipped scale stay empty)."""

    puzzle: str
    er: float | None = None
    ep: float | None = None
    ed: float | None = None
    se_hardest: str = ""
    se_steps: int = 0
    se_solved: bool | None = None
    level: str | None = None
    score: int | None = None
    hodoku_hardest: str = ""
    hodoku_steps: int = 0
    hodoku_solved: bool | None = None
    ms: float = 0.0
    se_path: list[Step] = field(default_factory=list, repr=False)
    hodoku_path: list[Step] = field(default_factory=list, repr=False)

    @property
    def hardest(self) -> str:
        """The hardest step's technique: SE's path if it was run, else HoDoKu's."""
        return self.se_hardest if self.se_solved is not None else self.hodoku_hardest

    @property
    def steps(self) -> int:
        """Steps of SE's path if it was run, else of HoDoKu's."""
        return self.se_steps if self.se_solved is not None else self.hodoku_steps

    @property
    def solved(self) -> bool:
        """Whether every path that was run solved the puzzle."""
        return all(s for s in (self.se_solved, self.hodoku_solved) if s is not None)
