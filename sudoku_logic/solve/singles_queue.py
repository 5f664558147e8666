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

from sudoku_logic.strategies.singles import full_house_step, hidden_single_step, naked_single_step
from sudoku_logic.core.step import Step

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_HOUSES, HOUSE_MASK, MASK_DIGITS, PEERS

#: Each cell's (row, column, box) as cell sets.
CELL_HOUSE_MASKS = [tuple(HOUSE_MASK[h] for h in houses) for houses in CELL_HOUSES]
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
        for hm in CELL_HOUSE_MASKS[cell]:
            rest = p & hm
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
        hidden, naked = self.hidden, self.naked
        cands = grid.cands
        pos = grid.pos
        # d leaves the peers one by one (delCandidate for each, inlined)
        p = pos[d]
        nd = ~(1 << (d - 1))
        peers = PEERS[cell] & p
        while peers:
            low = peers & -peers
            j = low.bit_length() - 1
            peers ^= low
            p ^= low
            m = cands[j] & nd
            cands[j] = m
            for hm in CELL_HOUSE_MASKS[j]:
                rest = p & hm
                if rest and not rest & (rest - 1):
                    hidden.append((rest.bit_length() - 1, d))
            if m and not m & (m - 1):
                naked.append((j, m.bit_length()))
        pos[d] = p
        # then the cell's own candidates go
        bit = 1 << cell
        for e in MASK_DIGITS[cands[cell]]:
            if e == d:
                continue
            q = pos[e] & ~bit
            for hm in CELL_HOUSE_MASKS[cell]:
                rest = q & hm
                if rest and not rest & (rest - 1):
                    hidden.append((rest.bit_length() - 1, e))
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
        cands = grid.cands
        stale = 0
        for cell, d in self.naked:
            if not empty >> cell & 1 or cands[cell] != 1 << (d - 1):
                stale += 1  # solved since (or a broken position, which the solver reports)
                continue
            bit = 1 << cell
            for h in CELL_HOUSES[cell]:
                # HoDoKu: no other digit has a place left in the house; in a sound
                # position, the cell is the house's last empty one
                if empty & HOUSE_MASK[h] == bit:
                    return full_house_step(cell, d, h)
        if stale > 32 and stale * 2 > len(self.naked):
            # entries of solved cells change nothing for any of the three searches
            self.naked = deque(e for e in self.naked if empty >> e[0] & 1)
        return None

    def _naked_single(self, grid: Grid) -> Step | None:
        empty = grid.empty
        while self.naked:
            cell, d = self.naked.popleft()
            if empty >> cell & 1 and grid.cands[cell] == 1 << (d - 1):
                return naked_single_step(cell, d)
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
                    return hidden_single_step(cell, d, h)
            return None  # HoDoKu stops at the first empty cell in the queue
        return None
