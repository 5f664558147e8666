"""HoDoKu's forcing chains and nets from its tables (``TablingSolver.getForcingChains`` and
``getForcingNets``): a premise whose table holds a fact and its opposite (or empties a cell
or a house) is false (*contradiction*); a fact every premise of a cell, of a house's places
of a digit, or of a candidate on and off leads to is true (*verity*).

Net tables differ from chain tables in their direct consequences only: a premise is applied
to a copy of the position, then :data:`LOOK_AHEAD` rounds of every single HoDoKu's queues
offer (:func:`net_fill`). The tables are :mod:`strategies.hodoku.tabling`'s.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from strategies.chain_core import ALL81, ALL729, closures
from strategies.hodoku.chain_tables import MAX_ENTRIES, ChainTable, lazy_table, weighted_table
from strategies.hodoku.singles_queue import del_candidate, set_cell
from strategies.hodoku.tabling import (
    N_CELL,
    N_DIGIT,
    N_ON,
    ON,
    Position,
    als_links,
    chain_graph,
    group_links,
    penalty,
    split_sets,
)
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    CELL_HOUSE_MASKS,
    HOUSE_MASK,
    MASK_DIGITS,
    PEERS,
    cell_list,
    houses_hit,
)

if TYPE_CHECKING:
    from strategies.hodoku.als import Als

# ---------------------------------------------------------------------- forcing chains and nets
#: HoDoKu's ``Options.anzTableLookAhead``: rounds of singles in a net table.
LOOK_AHEAD = 4
#: HoDoKu's names of the four kinds (after ``adjustType``)
CONTRADICTION, VERITY = "contradiction", "verity"


def _cells_in(x: int, d: int) -> int:
    """The 81-bit slice of digit ``d`` of a 729-bit set."""
    return (x >> ((d - 1) * 81)) & ALL81


def contradictions(P: Position, p: int, on: int, off: int):
    """The proofs HoDoKu's ``checkOneChain`` finds in premise ``p``'s table (its ON and OFF
    facts as 729-bit sets), in its order: each a list of the facts (node ids) its chains
    end in. Any of them proves the premise false."""
    c, d = N_CELL[p], N_DIGIT[p]
    i = (d - 1) * 81 + c
    # the premise's own negation
    if N_ON[p]:
        if off >> i & 1:
            yield [i]
    elif on >> i & 1:
        yield [ON + i]
    # a candidate both set and deleted
    both = on & off
    if both:
        for e in range(1, 10):
            x = _cells_in(both, e)
            if x:
                x = (x & -x).bit_length() - 1
                yield [(e - 1) * 81 + x, ON + (e - 1) * 81 + x]
    # two digits set in one cell
    slices = [0] + [_cells_in(on, e) for e in range(1, 10)]
    for e in range(1, 10):
        if not slices[e]:
            continue
        for f in range(e + 1, 10):
            x = slices[e] & slices[f]
            if x:
                x = (x & -x).bit_length() - 1
                yield [ON + (e - 1) * 81 + x, ON + (f - 1) * 81 + x]
    # a digit set twice in a house (rows, columns, boxes)
    for first in (0, 9, 18):
        for e in range(1, 10):
            s = slices[e]
            if not s & (s - 1):
                continue
            for h in range(first, first + 9):
                t = s & HOUSE_MASK[h]
                if t & (t - 1):
                    yield [ON + (e - 1) * 81 + x for x in cell_list(t)]
    # a cell left without candidates
    offs = [0] + [_cells_in(off, e) for e in range(1, 10)]
    empty_cells = P.empty
    for e in range(1, 10):
        empty_cells &= offs[e] | ~P.pos[e]
        empty_cells &= ~slices[e]
    for x in cell_list(empty_cells):
        yield [(e - 1) * 81 + x for e in MASK_DIGITS[P.cands[x]]]
    # a digit with no place left in a house
    for first in (0, 9, 18):
        for e in range(1, 10):
            o = offs[e]
            if not o:
                continue
            a = P.allowed[e]
            for h in range(first, first + 9):
                t = HOUSE_MASK[h] & a
                if t and t & o == t:
                    yield [(e - 1) * 81 + x for x in cell_list(t)]


def _house_premises(P: Position) -> Iterator[list[int]]:
    """For each house and digit with places in it (houses in order, digits in order), the
    ON premises of those places: one of them is true."""
    pos = P.pos
    for h in range(27):
        hm = HOUSE_MASK[h]
        for d in range(1, 10):
            t = pos[d] & hm
            if t:
                yield [ON + (d - 1) * 81 + x for x in cell_list(t)]


def verity_conclusions(P: Position, sets) -> tuple[int, int]:
    """Everything HoDoKu's verity checks conclude (``checkTwoChains`` and
    ``checkAllChainsForHouse``), as 729-bit sets (placements, eliminations); ``sets(p)`` gives
    premise ``p``'s (ON, OFF) facts."""
    place = elim = 0
    cands = P.cands
    for c in cell_list(P.empty):
        cellmask = 0
        for e in range(9):
            cellmask |= 1 << (e * 81 + c)
        keep = ALL729 & ~cellmask
        ton = toff = ALL729
        for d in MASK_DIGITS[cands[c]]:
            i = (d - 1) * 81 + c
            a_on, a_off = sets(ON + i)
            b_on, b_off = sets(i)
            place |= a_on & b_on & keep
            elim |= a_off & b_off & keep
            ton &= a_on
            toff &= a_off
        place |= ton
        elim |= toff
    for ps in _house_premises(P):
        ton = toff = ALL729
        for p in ps:
            a_on, a_off = sets(p)
            ton &= a_on
            toff &= a_off
        place |= ton
        elim |= toff
    return place, elim


def verities(P: Position, f: int, contains):
    """HoDoKu's verity proofs of the fact ``f`` (a node id), in the order its checks find
    them: each a list of (premise, fact) chains. ``contains(p, f)``: premise ``p``'s table
    holds ``f``."""
    fc = N_CELL[f]
    cands = P.cands
    for c in cell_list(P.empty):
        if c == fc:
            continue
        for d in MASK_DIGITS[cands[c]]:
            i = (d - 1) * 81 + c
            if contains(ON + i, f) and contains(i, f):
                yield [(ON + i, f), (i, f)]
    for c in cell_list(P.empty):
        ps = [ON + (d - 1) * 81 + c for d in MASK_DIGITS[cands[c]]]
        if all(contains(p, f) for p in ps):
            yield [(p, f) for p in ps]
    for ps in _house_premises(P):
        if all(contains(p, f) for p in ps):
            yield [(p, f) for p in ps]


def contradiction_found(P: Position, p: int, on: int, off: int) -> bool:
    """Whether premise ``p``'s table (its ON and OFF facts) holds any contradiction HoDoKu's
    ``checkOneChain`` looks for (the quick form of :func:`contradictions`)."""
    if on & off:
        return True
    i = (N_DIGIT[p] - 1) * 81 + N_CELL[p]
    if N_ON[p]:
        if off >> i & 1:
            return True
    elif on >> i & 1:
        return True
    # two digits set in one cell
    seen = 0
    for e in range(9):
        s = (on >> (e * 81)) & ALL81
        if s & seen:
            return True
        seen |= s
    # a digit set twice in a house: fewer rows (columns, boxes) hold its ON facts than cells
    n = on.bit_count()
    if n > 1:
        rows, cols, boxes = houses_hit(on)
        if rows.bit_count() != n or cols.bit_count() != n or boxes.bit_count() != n:
            return True
    # a cell left without candidates
    pos = P.pos
    cells = P.empty & ~seen
    for d in range(1, 10):
        cells &= ((off >> ((d - 1) * 81)) & ALL81) | ~pos[d]
    if cells:
        return True
    # a digit with no place left in a house: a house with allowed cells for it, all OFF
    allowed, flags = P.allowed_flags()
    rows, cols, boxes = houses_hit(allowed & ~off)
    return rows != flags[0] or cols != flags[1] or boxes != flags[2]


@dataclass(slots=True)
class Forcing:
    """A forcing chain or net step as HoDoKu keeps it: the conclusion ``fact`` (an ON node
    id: a placement; an OFF one: an elimination), ``kind`` (:data:`CONTRADICTION` or
    :data:`VERITY`), ``net``, and the proof shown: ``chains``, each ``(premise, fact)`` with
    the chain HoDoKu builds (``paths``: node ids, premise first; a net's branches are the
    entries of ``branches``)."""

    fact: int
    kind: str
    net: bool
    chains: list[tuple[int, int]]
    paths: list[list[int]]
    length: int


class ChainSearch:
    """HoDoKu's forcing chains on one position (``TablingSolver.getForcingChains``): chain
    tables with group nodes, and with ``alses`` (HoDoKu's option "allow ALS in tabling
    chains") ALS nodes. :meth:`steps` yields the steps in HoDoKu's order."""

    def __init__(self, grid: Grid, cache: dict | None = None, alses: Sequence[Als] | None = None) -> None:
        graph = chain_graph(grid, True, cache, alses)
        self.P, self.succ, self.clos = graph.P, graph.succ, graph.clos
        self.tables: dict[int, ChainTable] = {}

    def table(self, p: int) -> ChainTable:
        """Premise ``p``'s chain table, expanded as far as it was asked (:func:`lazy_table`;
        through ALS nodes, whole: a later entry may give an earlier one a shorter chain)."""
        t = self.tables.get(p)
        if t is None:
            if self.P.alses is None:
                t = lazy_table(p, self.succ)
            else:
                t = weighted_table(p, self.succ, self.P.weights)
            self.tables[p] = t
        return t

    def sets(self, p: int) -> tuple[int, int]:
        """The ON and OFF facts of premise ``p``'s table (HoDoKu's limit of entries applied)."""
        t = self.clos[p]
        if t.bit_count() >= MAX_ENTRIES:
            t = 0
            for n in self.table(p).complete().order:
                t |= 1 << n
        return split_sets(t)

    def contains(self, p: int, f: int) -> bool:
        t = self.clos[p]
        if t.bit_count() >= MAX_ENTRIES:
            return self.table(p).reach(f)
        return bool(t >> f & 1)

    def length(self, p: int, f: int) -> int:
        """Length of HoDoKu's chain from premise ``p`` to fact ``f`` (``Chain.getLength``):
        its nodes, an ALS node adding the penalty of an ALS of its size in cells."""
        t = self.table(p)
        t.reach(f)
        if self.P.alses is None:
            return t.depth(f) + 1
        P = self.P
        n = 0
        for x in t.path(f):
            n += 1
            als = P.node_als(x)
            if als is not None:
                n += penalty(als[0].size)
        return n

    def path(self, p: int, f: int) -> list[int]:
        t = self.table(p)
        t.reach(f)
        return t.path(f)

    def conclusions(self) -> list[int]:
        """Every fact HoDoKu's checks conclude, in the order its ``TablingComparator`` puts
        them: placements first (lowest cell), then eliminations (lowest cell, then digit)."""
        P = self.P
        place = elim = 0
        for p0 in P.premises():
            for p in (ON + p0, p0):
                on, off = self.sets(p)
                if contradiction_found(P, p, on, off):
                    if N_ON[p]:
                        elim |= 1 << p0
                    else:
                        place |= 1 << p0
        vp, ve = verity_conclusions(P, self.sets)
        place |= vp
        elim |= ve
        out = sorted(cell_list(place), key=lambda i: (i % 81, i))
        out = [ON + i for i in out]
        out += sorted(cell_list(elim), key=lambda i: (i % 81, i))
        return out

    def proofs(self, f: int):
        """HoDoKu's proofs of fact ``f`` in its order: ``(kind, [(premise, fact), ...])``."""
        P = self.P
        q = f - ON if f >= ON else f + ON  # the premise whose falsehood gives f
        on, off = self.sets(q)
        if contradiction_found(P, q, on, off):
            for targets in contradictions(P, q, on, off):
                yield CONTRADICTION, [(q, t) for t in targets]
        for chains in verities(P, f, self.contains):
            yield VERITY, chains

    def fact_steps(self, f: int) -> list[Forcing]:
        """The steps HoDoKu keeps for fact ``f``, in the order it sorts them: one per kind
        (HoDoKu keys its steps by name and conclusion), each the first of the shortest proofs
        of that kind (a later proof replaces a kept one only when strictly shorter). An
        elimination's steps are sorted by length, the contradiction first on a tie (HoDoKu
        finds contradictions first and its sort is stable); a placement's contradiction
        comes first."""
        best: dict[str, tuple[int, list]] = {}
        for kind, chains in self.proofs(f):
            length = sum(self.length(p, t) for p, t in chains)
            old = best.get(kind)
            if old is None or length < old[0]:
                best[kind] = (length, chains)
        out = [
            Forcing(f, kind, isinstance(self, NetSearch), chains, [self.path(p, t) for p, t in chains], length)
            for kind, (length, chains) in best.items()
        ]
        if f < ON:
            out.sort(key=lambda x: (x.length, x.kind != CONTRADICTION))
        else:
            out.sort(key=lambda x: x.kind != CONTRADICTION)
        return out

    def steps(self):
        """Every step in HoDoKu's order (:meth:`conclusions`, then :meth:`fact_steps`)."""
        for f in self.conclusions():
            yield from self.fact_steps(f)


# ---------------------------------------------------------------------- net tables


class _WorkingCopy:
    """The copy of the position HoDoKu works a net premise out on (``Sudoku2``): candidates
    go one by one, a cell left with one candidate joins the naked-single queue, a house
    left with one place for a digit puts that place on the hidden-single queue. The
    queues are read, never consumed (``SimpleSolver.findAllNakedSingles`` and
    ``findAllHiddenSingles``)."""

    __slots__ = ("cands", "pos", "values", "naked", "hidden")

    def __init__(self, P: Position) -> None:
        self.cands = list(P.cands)
        self.pos = list(P.pos)
        self.values = list(P.values)
        self.naked: list[tuple[int, int]] = []
        self.hidden: list[tuple[int, int]] = []

    def delete(self, c: int, d: int) -> None:
        """``delCandidate``."""
        del_candidate(self.cands, self.pos, c, d, self.naked, self.hidden)

    def place(self, c: int, d: int) -> None:
        """``setCell``: ``d`` leaves the peers in cell order, then the cell's other
        candidates go."""
        if self.values[c]:
            return
        set_cell(self.cands, self.pos, c, d, self.naked, self.hidden)
        self.values[c] = d

    def singles(self) -> list[tuple[int, int]]:
        """The naked singles, then the hidden singles, in queue order (one hidden single
        per cell: the first whose digit has one place left in one of the cell's houses)."""
        values = self.values
        out = [(c, d) for c, d in self.naked if not values[c]]
        seen = 0
        pos = self.pos
        for c, d in self.hidden:
            if values[c] or seen >> c & 1:
                continue
            p = pos[d]
            for hm in CELL_HOUSE_MASKS[c]:
                rest = p & hm
                if rest and not rest & (rest - 1):
                    out.append((c, d))
                    seen |= 1 << c
                    break
        return out


def net_fill(P: Position, c: int, d: int, on: bool, setting: dict | None = None) -> list[int]:
    """HoDoKu's net table of a premise before expansion (``TablingSolver.getTableEntry``):
    the premise, then what setting a digit rules out (the digit in the cell's peers that
    held it, the cell's other candidates) for the premise (ON) or the cell's last
    candidate (OFF), then :data:`LOOK_AHEAD` rounds of every naked and hidden single of the
    working copy. Node ids, premise first, each once.

    ``setting``: a table the fills of one position share (what setting a cell to a digit
    rules out in the position itself, worked out once)."""
    w = _WorkingCopy(P)
    if setting is None:
        setting = {}
    cands = w.cands
    out: dict[int, None] = {}  # an ordered set: a fact keeps its first place
    pos0 = P.pos

    def fill_cell(x: int, e: int) -> None:
        base = (e - 1) * 81
        facts = setting.get(base + x)
        if facts is None:
            # x = e, then e out of x's peers that held it in the position (ascending)
            facts = {ON + base + x: None}
            t = pos0[e] & PEERS[x]
            while t:
                low = t & -t
                facts[base + low.bit_length() - 1] = None
                t ^= low
            setting[base + x] = facts
        out.update(facts)  # (a fact already there keeps its place)
        for f in MASK_DIGITS[cands[x]]:
            if f != e:
                out[(f - 1) * 81 + x] = None
        w.place(x, e)

    if on:
        fill_cell(c, d)
    else:
        out[(d - 1) * 81 + c] = None
        w.delete(c, d)
        m = cands[c]
        if m and not m & (m - 1):
            fill_cell(c, m.bit_length())
    for _ in range(LOOK_AHEAD):
        for x, e in w.singles():
            fill_cell(x, e)
    return list(out)


def net_links(P: Position) -> list[list[int] | None]:
    """Each node's direct consequences in a net table (HoDoKu's ``fillTables`` for nets,
    then ``fillTablesWithGroupNodes`` and ``fillTablesWithAls``): a candidate's net fill
    (:func:`net_fill`) without the premise, group and ALS nodes as in chains."""
    succ: list[list[int] | None] = [None] * P.n_nodes
    setting: dict = {}
    for c in cell_list(P.empty):
        for d in MASK_DIGITS[P.cands[c]]:
            i = (d - 1) * 81 + c
            succ[ON + i] = net_fill(P, c, d, True, setting)[1:]
            succ[i] = net_fill(P, c, d, False, setting)[1:]
    if P.groups:
        group_links(P, succ)
    if P.alses is not None:
        als_links(P, succ)
    return succ


class NetSearch(ChainSearch):
    """HoDoKu's forcing nets on one position (``TablingSolver.getForcingNets``): net tables
    with group nodes (and with ``alses``, ALS nodes), the same checks as for chains."""

    def __init__(self, grid: Grid, alses: Sequence[Als] | None = None) -> None:
        P = self.P = Position(grid, True, alses)
        self.succ = net_links(P)
        self.clos = closures(self.succ, P.n_nodes)
        self.tables = {}
