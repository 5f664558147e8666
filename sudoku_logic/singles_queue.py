"""HoDoKu's singles queues: which single its solver takes next.

HoDoKu (``Sudoku2``) does not search the grid for singles. It keeps two queues, filled as
candidates go: a cell left with one candidate joins the naked-single queue, and a house
left with one place for a digit puts that (cell, digit) on the hidden-single queue. Its
solver then takes

- Full House: the first cell in the naked-single queue (not consumed) that is the last
  empty cell of one of its houses;
- Naked Single: the first still-empty cell taken off the naked-single queue;
- Hidden Single: the first entry taken off the hidden-single queue whose cell is still
  empty, *if* the digit still has one place in one of the cell's houses; if not, no hidden
  single this time (the solver goes on to the next technique, the entry is gone).

So which single comes first, and whether a cell counts as a Full House, a Naked Single or
a Hidden Single (scores 4, 4 and 14), depends on the order in which candidates went. This
module replays that order on our grid (placements as ``Sudoku2.setCell``: the digit leaves
the peers in cell order, then the cell's own candidates go; eliminations one by one) so
that the HoDoKu path takes the singles HoDoKu takes, and its score comes out the same.
"""
from __future__ import annotations

from collections import deque

from strategies.step import Step

from .grid import Grid
from .houses import CELL_HOUSES, HOUSE_MASK, MASK_DIGITS, PEERS, cell_list, cell_name, house_name

#: The techniques whose next step the queues decide.
QUEUED = ("Full House", "Naked Single", "Hidden Single")


class SinglesQueue:
    """The two queues of one solve path, kept up to date by :meth:`place` and
    :meth:`eliminate` (which change the grid too: use them instead of ``Grid.apply``)."""

    def __init__(self) -> None:
        self.naked: deque[tuple[int, int]] = deque()
        self.hidden: deque[tuple[int, int]] = deque()

    @classmethod
    def start(cls, grid: Grid) -> tuple["SinglesQueue", Grid]:
        """The queues after HoDoKu loads ``grid`` (values set in cell order, then any
        candidate ``grid`` lacks removed in cell and digit order), and that grid: equal in
        values and candidates to ``grid``."""
        q = cls()
        g = Grid()
        for c in range(81):
            if grid.values[c]:
                q.place(g, c, grid.values[c])
        for c in range(81):
            if not g.values[c]:
                for d in MASK_DIGITS[g.cands[c] & ~grid.cands[c]]:
                    q.eliminate(g, c, d)
        g.givens = grid.givens
        return q, g

    # ------------------------------------------------------------ changes
    def eliminate(self, grid: Grid, cell: int, d: int) -> None:
        """``Sudoku2.delCandidate``: remove ``d`` from ``cell``; a house of the cell left
        with one place for ``d`` queues it, the cell left with one candidate queues itself."""
        if not grid.eliminate(cell, d):
            return
        p = grid.pos[d]
        for h in CELL_HOUSES[cell]:
            rest = p & HOUSE_MASK[h]
            if rest and not rest & (rest - 1):
                self.hidden.append((rest.bit_length() - 1, d))
        m = grid.cands[cell]
        if m and not m & (m - 1):
            self.naked.append((cell, m.bit_length()))

    def place(self, grid: Grid, cell: int, d: int) -> None:
        """``Sudoku2.setCell``: ``d`` leaves the peers (in cell order), then the cell's
        other candidates go, each house left with one place for one of them queuing it."""
        if grid.values[cell]:
            return
        for peer in cell_list(PEERS[cell] & grid.pos[d]):
            self.eliminate(grid, peer, d)
        others = grid.cands[cell]
        bit = 1 << cell
        pos = grid.pos
        for e in MASK_DIGITS[others]:
            if e == d:
                continue
            p = pos[e] & ~bit
            for h in CELL_HOUSES[cell]:
                rest = p & HOUSE_MASK[h]
                if rest and not rest & (rest - 1):
                    self.hidden.append((rest.bit_length() - 1, e))
        grid.place(cell, d)

    def apply(self, grid: Grid, step: Step) -> None:
        """Apply ``step`` to ``grid`` as HoDoKu does: placements, then eliminations, in
        the step's order."""
        for cell, d in step.placements:
            self.place(grid, cell, d)
        for cell, d in step.eliminations:
            self.eliminate(grid, cell, d)

    # ------------------------------------------------------------ next single
    def next(self, name: str, grid: Grid) -> Step | None:
        """HoDoKu's next ``name`` step (one of :data:`QUEUED`), or None."""
        if name == "Full House":
            return self._full_house(grid)
        if name == "Naked Single":
            return self._naked_single(grid)
        return self._hidden_single(grid)

    def _full_house(self, grid: Grid) -> Step | None:
        empty = grid.empty
        pos = grid.pos
        for cell, d in self.naked:
            if not empty >> cell & 1 or grid.cands[cell] != 1 << (d - 1):
                continue  # solved since (or a broken position, which the solver reports)
            for h in CELL_HOUSES[cell]:
                hm = HOUSE_MASK[h]
                if not any(pos[e] & hm for e in range(1, 10) if e != d):
                    return Step(
                        "Full House", placements=[(cell, d)], cells=[cell], houses=[h],
                        candidates=[(cell, d, "pattern")],
                        explanation=f"{cell_name(cell)} is the last empty cell of "
                                    f"{house_name(h, False)}, so it takes the missing digit {d}.",
                    )
        return None

    def _naked_single(self, grid: Grid) -> Step | None:
        empty = grid.empty
        while self.naked:
            cell, d = self.naked.popleft()
            if empty >> cell & 1 and grid.cands[cell] == 1 << (d - 1):
                return Step(
                    "Naked Single", placements=[(cell, d)], cells=[cell],
                    candidates=[(cell, d, "pattern")],
                    explanation=f"{cell_name(cell)} has only one candidate left, {d}: every other "
                                f"digit is already in its row, column or box.",
                )
        return None

    def _hidden_single(self, grid: Grid) -> Step | None:
        empty = grid.empty
        while self.hidden:
            cell, d = self.hidden.popleft()
            if not empty >> cell & 1:
                continue
            if not grid.cands[cell] >> (d - 1) & 1:
                return None  # a broken position: the contradiction check reports it
            p = grid.pos[d]
            for h in CELL_HOUSES[cell]:
                rest = p & HOUSE_MASK[h]
                if rest and not rest & (rest - 1):
                    return Step(
                        "Hidden Single", placements=[(cell, d)], cells=[cell], houses=[h],
                        candidates=[(cell, d, "pattern")],
                        difficulty=1.2 if h >= 18 else 1.5,
                        explanation=f"In {house_name(h, False)}, {d} can only go in {cell_name(cell)}.",
                    )
            return None  # HoDoKu stops at the first empty cell in the queue
        return None
