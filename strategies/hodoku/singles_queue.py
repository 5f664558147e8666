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
Loading a position is not replayed but worked out from it (:func:`_loaded_queues`), with
the same entries in the same order. The same ``setCell`` and ``delCandidate``
(:func:`set_cell`, :func:`del_candidate`) feed the forcing nets' tables
(:mod:`strategies.hodoku.tabling_forcing`).
"""

from __future__ import annotations

from collections import deque
from typing import Union

from strategies.singles import full_house_step, hidden_single_step, naked_single_step
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_HOUSE_MASKS, CELL_HOUSES, HOUSE_CELLS, HOUSE_MASK, MASK_DIGITS, PEERS
from sudoku_logic.core.step import Step

#: The techniques whose next step the queues decide.
QUEUED = ("Full House", "Naked Single", "Hidden Single")
_NONE = 127  # no cell


#: a singles queue: ``(cell, digit)`` entries in the order they came
Queue = Union[list[tuple[int, int]], deque[tuple[int, int]]]


# ---------------------------------------------------------------- HoDoKu's working copy
def del_candidate(cands: list[int], pos: list[int], cell: int, d: int, naked: Queue, hidden: Queue) -> bool:
    """``Sudoku2.delCandidate`` without the grid: ``d`` leaves ``cell``; each house of the
    cell left with one place for ``d`` puts it on ``hidden``, the cell left with one
    candidate puts itself on ``naked``. False if ``d`` was not there."""
    bit = 1 << (d - 1)
    m = cands[cell]
    if not m & bit:
        return False
    m ^= bit
    cands[cell] = m
    p = pos[d] & ~(1 << cell)
    pos[d] = p
    for hm in CELL_HOUSE_MASKS[cell]:
        rest = p & hm
        if rest and not rest & (rest - 1):
            hidden.append((rest.bit_length() - 1, d))
    if m and not m & (m - 1):
        naked.append((cell, m.bit_length()))
    return True


def set_cell(cands: list[int], pos: list[int], cell: int, d: int, naked: Queue, hidden: Queue) -> None:
    """``Sudoku2.setCell`` on candidate lists: ``d`` leaves the peers in cell order (each as
    :func:`del_candidate`), then the cell's candidates go, each house left with one place
    for one of the other digits putting it on ``hidden``. The cell's value is left to the
    caller."""
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
        rm, cm, bm = CELL_HOUSE_MASKS[j]
        rest = p & rm
        if rest and not rest & (rest - 1):
            hidden.append((rest.bit_length() - 1, d))
        rest = p & cm
        if rest and not rest & (rest - 1):
            hidden.append((rest.bit_length() - 1, d))
        rest = p & bm
        if rest and not rest & (rest - 1):
            hidden.append((rest.bit_length() - 1, d))
        if m and not m & (m - 1):
            naked.append((j, m.bit_length()))
    pos[d] = p
    nbit = ~(1 << cell)
    houses = CELL_HOUSE_MASKS[cell]
    for e in MASK_DIGITS[cands[cell]]:
        q = pos[e] = pos[e] & nbit
        if e != d:
            for hm in houses:
                rest = q & hm
                if rest and not rest & (rest - 1):
                    hidden.append((rest.bit_length() - 1, e))
    cands[cell] = 0


# ---------------------------------------------------------------- the queues of a solve path
class SinglesQueue:
    """The two queues of one solve path, kept up to date by :meth:`place` and
    :meth:`eliminate` (which change the grid too: use them instead of ``Grid.apply``).

    Entries whose cell has a value change nothing for any of the three searches (each
    skips them), so the queues may drop them at any time. Besides the queues, the empty
    cells of each house are counted (``empties[h]``)."""

    def __init__(self) -> None:
        self.naked: deque[tuple[int, int]] = deque()
        self.hidden: deque[tuple[int, int]] = deque()
        #: empty cells of house h: 9 each in an empty grid
        self.empties = bytearray(b"\x09" * 27)

    @classmethod
    def start(cls, grid: Grid) -> tuple[SinglesQueue, Grid]:
        """The queues after HoDoKu loads ``grid`` (values set in cell order, then any
        candidate ``grid`` lacks removed in cell and digit order), and that grid: equal in
        values and candidates to ``grid``. Entries of cells that got a value on the way are
        left out.

        A position whose placed digits and candidates agree (no digit twice in a house, no
        candidate next to the same digit placed) is not replayed: when each candidate went,
        and so where each queue entry comes in, follows from the position itself
        (:func:`_loaded_queues`)."""
        q = cls()
        found = _loaded_queues(grid)
        if found is None:
            g = Grid()
            for c in range(81):
                if grid.values[c]:
                    q.place(g, c, grid.values[c])
            for c in range(81):
                if not g.values[c]:
                    for d in MASK_DIGITS[g.cands[c] & ~grid.cands[c]]:
                        q.eliminate(g, c, d)
            g.givens = grid.givens
            values = g.values
            q.naked = deque(e for e in q.naked if not values[e[0]])
            q.hidden = deque(e for e in q.hidden if not values[e[0]])
        else:
            g = grid.copy()
            q.naked = deque(found[0])
            q.hidden = deque(found[1])
        empty = g.empty
        q.empties = bytearray((empty & hm).bit_count() for hm in HOUSE_MASK)
        return q, g

    # ------------------------------------------------------------ changes
    def eliminate(self, grid: Grid, cell: int, d: int) -> None:
        """``Sudoku2.delCandidate``: remove ``d`` from ``cell``; a house of the cell left
        with one place for ``d`` queues it, the cell left with one candidate queues itself."""
        del_candidate(grid.cands, grid.pos, cell, d, self.naked, self.hidden)

    def place(self, grid: Grid, cell: int, d: int) -> None:
        """``Sudoku2.setCell``: ``d`` leaves the peers (in cell order), then the cell's
        other candidates go, each house left with one place for one of them queuing it."""
        if grid.values[cell]:
            return
        set_cell(grid.cands, grid.pos, cell, d, self.naked, self.hidden)
        empties = self.empties
        for h in CELL_HOUSES[cell]:
            empties[h] -= 1
        grid.place(cell, d)  # the value (the candidates are gone already)

    def apply(self, grid: Grid, step: Step) -> None:
        """Apply ``step`` to ``grid`` as HoDoKu does: placements, then eliminations, in
        HoDoKu's order (:func:`hodoku_elimination_order`)."""
        for cell, d in step.placements:
            self.place(grid, cell, d)
        for cell, d in hodoku_elimination_order(step):
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
        empties = self.empties
        if empties.find(1) < 0:
            return None  # no house has one empty cell
        values = grid.values
        cands = grid.cands
        naked = self.naked
        # entries of solved cells change nothing for any of the three searches (nor do
        # those of a broken position's emptied cells, which the solver reports): drop
        # them from the front, skip them further on
        while naked:
            cell, d = naked[0]
            if values[cell] or cands[cell] != 1 << (d - 1):
                naked.popleft()
            else:
                break
        for cell, d in naked:
            if values[cell] or cands[cell] != 1 << (d - 1):
                continue
            for h in CELL_HOUSES[cell]:
                # HoDoKu: no other digit has a place left in the house; in a sound
                # position, the cell is the house's last empty one
                if empties[h] == 1:
                    return full_house_step(cell, d, h)
        return None

    def _naked_single(self, grid: Grid) -> Step | None:
        values = grid.values
        cands = grid.cands
        naked = self.naked
        while naked:
            cell, d = naked.popleft()
            if not values[cell] and cands[cell] == 1 << (d - 1):
                return naked_single_step(cell, d)
        return None

    def _hidden_single(self, grid: Grid) -> Step | None:
        values = grid.values
        hidden = self.hidden
        while hidden:
            cell, d = hidden.popleft()
            if values[cell]:
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


# ---------------------------------------------------------------- loading, worked out

#: Subsets whose eliminations HoDoKu lists house by house (``SimpleSolver.createSubsetStep``)
_HOUSE_BY_HOUSE = frozenset(("Naked Pair", "Naked Triple", "Naked Quadruple", "Locked Pair", "Locked Triple"))


def hodoku_elimination_order(step: Step) -> list[tuple[int, int]]:
    """The eliminations of ``step`` in the order HoDoKu deletes them. A naked or locked
    subset's go house by house (the row, column and box its cells share, in that order),
    cell by cell within the house, digits ascending; others in the step's order."""
    elims = step.eliminations
    if step.technique not in _HOUSE_BY_HOUSE or not step.cells or len(elims) < 2:
        return elims
    left = set(elims)
    out = []
    for h in CELL_HOUSES[step.cells[0]]:
        if all(h in CELL_HOUSES[c] for c in step.cells):
            for c in HOUSE_CELLS[h]:
                for d in range(1, 10):
                    if (c, d) in left:
                        left.discard((c, d))
                        out.append((c, d))
    out += [e for e in elims if e in left]
    return out


def _loaded_queues(grid: Grid) -> tuple[list[tuple[int, int]], list[tuple[int, int]]] | None:
    """The entries of empty cells that :meth:`SinglesQueue.start` gets by replaying the
    loading of ``grid``, in the same order, worked out from ``grid`` instead; None if
    its placed digits and candidates disagree (then it replays).

    Loading takes candidates away one at a time. Digit ``e`` leaves cell ``x``

    - when the first digit ``e`` among ``x``'s peers is placed (its peers lose ``e`` in
      cell order), if that comes before ``x`` gets a value;
    - else, if ``x`` gets a value other than ``e``, when it is placed (after its peers);
    - else, if ``x`` stays empty without ``e`` as a candidate, in the eliminations that
      follow the placements (cell by cell, digit by digit).

    A house is queued for ``e`` when its places for ``e`` go from two to one, and a cell
    when its candidates do, at the moment that candidate leaves (a house before the cell,
    row, column then box). So the entries of empty cells are those of the houses without
    a placed ``e`` and one place or none for it at the end, and of the empty cells with one
    candidate or none; each comes in at the time the last-but-one place or candidate
    left. Times are numbered in the order of the loading (:func:`_leaving`).
    """
    values = grid.values
    cands = grid.cands
    pos = grid.pos
    # where each digit is placed in each house (at 27 * e + h), and no digit twice
    placed_at = [_NONE] * 270
    near = [0] * 10  # cells next to a placed e
    for x in range(81):
        v = values[x]
        if v:
            if cands[x]:
                return None
            at = 27 * v
            for h in CELL_HOUSES[x]:
                if placed_at[at + h] != _NONE:
                    return None
                placed_at[at + h] = x
            near[v] |= PEERS[x]
    for e in range(1, 10):
        if pos[e] & near[e]:
            return None
    events: list[tuple[int, bool, tuple[int, int]]] = []
    for h in range(27):
        once = twice = in_house = 0
        for x in HOUSE_CELLS[h]:
            v = values[x]
            if v:
                in_house |= 1 << (v - 1)
            else:
                m = cands[x]
                twice |= once & m
                once |= m
        kind = h // 9  # 0 row, 1 column, 2 box: where the house comes among a cell's
        for e in MASK_DIGITS[0x1FF & ~twice & ~in_house]:
            # one place left for e, or none: the house went from two places to one
            last = second = -1
            rest = _NONE
            for x in HOUSE_CELLS[h]:
                t = _leaving(x, e, values, cands, placed_at)
                if t < 0:
                    rest = x  # e stays here
                elif t > last:
                    second, last, last_cell = last, t, x
                elif t > second:
                    second = t
            if rest == _NONE:  # e left every cell: the last one was alone a moment
                rest, last = last_cell, second
            if not values[rest]:
                events.append((last + kind, False, (rest, e)))
    for x in range(81):
        m = cands[x]
        if values[x] or m & (m - 1):
            continue
        # one candidate left, or none: the cell went from two candidates to one
        last = second = -1
        left = 0
        for e in range(1, 10):
            t = _leaving(x, e, values, cands, placed_at)
            if t < 0:
                left = e
            elif t > last:
                second, last, last_e = last, t, e
            elif t > second:
                second = t
        if not left:
            left, last = last_e, second
        events.append((last + 3, True, (x, left)))
    events.sort()
    return [e for _, naked, e in events if naked], [e for _, naked, e in events if not naked]


def _leaving(x: int, e: int, values: list[int], cands: list[int], placed_at: list[int]) -> int:
    """When digit ``e`` leaves cell ``x`` as a grid is loaded, as a number that orders the
    moments (times 4, so that the house checked, 0-2, or the cell, 3, can be added), or
    -1 if it stays. The moments: placing cell ``g`` takes ``e`` from peer ``x`` at
    ``(g, 0, x)``, then the other candidates ``e`` from ``g`` itself at ``(g, 1, e)``; the
    eliminations that follow come at ``(81, x, e)``."""
    at = 27 * e
    r, c, b = CELL_HOUSES[x]
    g = min(placed_at[at + r], placed_at[at + c], placed_at[at + b])  # the first e nearby
    if values[x]:
        if g < x:
            return (g * 162 + x) * 40
        return ((x * 162 + 81) * 10 + e) * 4
    if g != _NONE:
        return (g * 162 + x) * 40
    if cands[x] >> (e - 1) & 1:
        return -1
    return ((81 * 162 + x) * 10 + e) * 4
