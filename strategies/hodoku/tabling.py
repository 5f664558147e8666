"""HoDoKu's tabling search (its ``TablingSolver``): the tables behind its nice loops, AICs,
forcing chains and forcing nets, built as HoDoKu builds them so that the steps it finds are
the steps HoDoKu finds.

A *premise* is a candidate set (ON) or deleted (OFF). HoDoKu keeps one table per premise:
the facts (*entries*) that follow from it, each with the entry it came from. A table is
filled with the premise's direct consequences, then *expanded*: every entry's own direct
consequences are appended in turn, so a table ends up holding everything that follows,
each fact reached first by the shortest chain (HoDoKu stops a table at 1000 entries).

- **Chains** (nice loops, AICs, forcing chains): the direct consequences of ON(c, d) are the
  other candidates of ``c`` and ``d`` in the cells ``c`` sees, OFF; those of OFF(c, d) the
  other candidate of a bivalue cell and the other place of ``d`` in a house with two, ON.
  Grouped searches add HoDoKu's *group nodes* (the two or three cells of a line-box
  intersection holding a digit) with their links, and with HoDoKu's option "allow ALS in
  tabling chains" its *ALS nodes* (:func:`als_links`). A chain table is then a
  breadth-first tree whose every fact has as parent the first fact, in the table's order,
  that implies it (:mod:`~strategies.hodoku.chain_tables`).
- **Nets** (forcing nets): the direct consequences of a premise are worked out on a copy of
  the grid: the premise is applied, then four rounds of every naked and hidden single
  HoDoKu's singles queues offer (:mod:`~strategies.hodoku.tabling_forcing`). The expansion
  appends, as for chains, each entry's own starting facts, worked out on the original
  position: so a net never combines the singles of two branches beyond those four rounds,
  and finds less than a full propagation would (where it finds nothing, HoDoKu guesses).

Which facts a table holds does not depend on its order (up to the limit of entries), so for
all premises at once they come from one pass over the implication graph (the chain core's
:func:`~strategies.chain_core.closures`);
the order matters for which chain HoDoKu shows, hence whether a loop is valid (its chain
must not cross itself), and, for forcing chains, which of several proofs of the same
conclusion names the step. Those tables are rebuilt in HoDoKu's order, for the premises
that need them. (For nets the length of a proof is counted here on the breadth-first tree,
not on every branch of the net as HoDoKu's ``buildChain`` does: the conclusion and the
score are HoDoKu's, the name Contradiction or Verity of a net step may not be.)

Node ids: OFF(c, d) is ``(d - 1) * 81 + c``, ON(c, d) is ``729 +`` that; group node ``g``
is ``1458 + 2 g`` (OFF) and ``1459 + 2 g`` (ON); the ALS nodes (OFF only: "the digit is not
in the ALS") follow. Sets of nodes are Python ints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from strategies.chain_core import ALL729, closures, strong_links, weak_links
from strategies.hodoku.chain_tables import LINK
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    BOX_OF,
    CELL_HOUSE_MASKS,
    CELL_HOUSES,
    COL_OF,
    HOUSE_MASK,
    MASK_DIGITS,
    MASK_SIZE,
    PEERS,
    ROW_OF,
    cell_list,
    houses_hit,
    union_peers,
)

if TYPE_CHECKING:
    from strategies.hodoku.als import Als

NORMAL = 1458
ON = 729

#: cell, digit and polarity of the normal nodes
N_CELL = [n % 81 for n in range(NORMAL)]
N_DIGIT = [(n % 729) // 81 + 1 for n in range(NORMAL)]
N_ON = [n >= ON for n in range(NORMAL)]
#: node ids by candidate index: OFF (the index itself) and ON
_OFF_IDS = range(ON)
_ON_IDS = range(ON, NORMAL)
#: HoDoKu's order of a cell's peers: its row, its column, the rest of its box
_SEGMENTS = [
    ((rm & ~(1 << c), ROW_OF[c]), (cm & ~(1 << c), 9 + COL_OF[c]), (bm & ~rm & ~cm, 18 + BOX_OF[c]))
    for c, (rm, cm, bm) in enumerate(CELL_HOUSE_MASKS)
]


def node(cell: int, d: int, on: bool) -> int:
    """The id of the normal node ``cell``/``d``, ON or OFF."""
    return (ON if on else 0) + (d - 1) * 81 + cell


class GroupNode:
    """HoDoKu's group node: the cells of one line-box intersection holding ``digit`` (two or
    three of them). ``line``/``col``: its row or column (-1 for the other), ``box``."""

    __slots__ = ("digit", "cells", "first", "line", "col", "box", "buddies")

    def __init__(self, digit: int, cells: int) -> None:
        self.digit = digit
        self.cells = cells
        cl = cell_list(cells)
        self.first = cl[0]
        self.box = BOX_OF[cl[0]]
        self.line = ROW_OF[cl[0]] if ROW_OF[cl[0]] == ROW_OF[cl[1]] else -1
        self.col = COL_OF[cl[0]] if COL_OF[cl[0]] == COL_OF[cl[1]] else -1
        b = PEERS[cl[0]]
        for c in cl[1:]:
            b &= PEERS[c]
        self.buddies = b


def group_nodes(pos: Sequence[int]) -> list[GroupNode]:
    """HoDoKu's group nodes in its order (``GroupNode.getGroupNodes``): rows, then columns;
    in each line digit by digit, box by box."""
    out = []
    for first in (0, 9):
        for h in range(first, first + 9):
            hm = HOUSE_MASK[h]
            for d in range(1, 10):
                inh = hm & pos[d]
                if not inh:
                    continue
                for b in range(18, 27):
                    t = inh & HOUSE_MASK[b]
                    if t & (t - 1):
                        out.append(GroupNode(d, t))
    return out


class Position:
    """What the tables need of a grid: candidates per cell and per digit, values, empty
    cells, and (for grouped searches) the group nodes; with ``alses`` (HoDoKu's option
    "allow ALS in tabling chains") the ALS nodes too: ``als_nodes[k]`` is the ALS index and
    entry digit of node ``first_als + k`` (:func:`als_links` makes them)."""

    __slots__ = (
        "cands",
        "pos",
        "values",
        "empty",
        "groups",
        "n_nodes",
        "allowed",
        "_allowed_flags",
        "alses",
        "first_als",
        "als_nodes",
        "weights",
    )

    def __init__(self, grid: Grid, grouped: bool, alses: Sequence[Als] | None = None) -> None:
        self.cands = list(grid.cands)  # (0 in a placed cell)
        self.pos = list(grid.pos)
        self.values = list(grid.values)
        self.empty = grid.empty
        self.groups = group_nodes(self.pos) if grouped else []
        self.n_nodes = self.first_als = NORMAL + 2 * len(self.groups)
        # HoDoKu's ALS nodes stand for ALS of two or more cells (a bivalue cell is a node)
        self.alses = [a for a in alses if a.size > 1] if alses is not None else None
        self.als_nodes: list[tuple[int, int]] = []
        #: the link lengths of the ALS nodes' tables (:func:`als_links`); other links are
        #: :data:`~strategies.hodoku.chain_tables.LINK`
        self.weights: dict[int, list[int]] = {}
        # HoDoKu's candidatesAllowed: empty cells that see no placed digit d
        self.allowed = [0] + [self.empty & ~union_peers(grid.placed[d], PEERS) for d in range(1, 10)]
        self._allowed_flags: tuple | None = None

    def allowed_flags(self) -> tuple[int, tuple[int, int, int]]:
        """The allowed cells of the nine digits side by side (a 729-bit set of OFF node ids)
        and the houses holding some for each digit (:func:`houses_hit`)."""
        out = self._allowed_flags
        if out is None:
            a = 0
            for d in range(1, 10):
                a |= self.allowed[d] << ((d - 1) * 81)
            out = self._allowed_flags = (a, houses_hit(a))
        return out

    # ------------------------------------------------------------------ nodes
    def node_als(self, n: int) -> tuple[Als, int] | None:
        """The ALS and entry digit of an ALS node (None for other nodes)."""
        if n < self.first_als:
            return None
        i, j = self.als_nodes[n - self.first_als]
        return self.alses[i], j  # type: ignore[index]  # ALS nodes exist only with alses

    def node_cell(self, n: int) -> int:
        """A node's cell (a group node's first cell, an ALS node's first cell holding its
        entry digit, as HoDoKu compares them)."""
        if n < NORMAL:
            return N_CELL[n]
        if n < self.first_als:
            return self.groups[(n - NORMAL) >> 1].first
        a, j = self.node_als(n)  # type: ignore[misc]
        dc = a.dcells[j]
        return (dc & -dc).bit_length() - 1

    def node_cells(self, n: int) -> int:
        """A node's cells as an 81-bit set."""
        if n < NORMAL:
            return 1 << N_CELL[n]
        if n < self.first_als:
            return self.groups[(n - NORMAL) >> 1].cells
        return self.node_als(n)[0].cells  # type: ignore[index]

    def node_digit(self, n: int) -> int:
        if n < NORMAL:
            return N_DIGIT[n]
        if n < self.first_als:
            return self.groups[(n - NORMAL) >> 1].digit
        return self.als_nodes[n - self.first_als][1]

    def node_on(self, n: int) -> bool:
        return N_ON[n] if n < NORMAL else n < self.first_als and bool((n - NORMAL) & 1)

    def node_buddies(self, n: int, d: int = 0) -> int:
        """Cells that see every cell of the node (``Chain.getSNodeBuddies``); of an ALS
        node, the cells holding ``d`` that see all its cells holding ``d``."""
        if n < NORMAL:
            return PEERS[N_CELL[n]]
        if n < self.first_als:
            return self.groups[(n - NORMAL) >> 1].buddies
        return self.node_als(n)[0].dbud[d]  # type: ignore[index]

    def premises(self) -> list[int]:
        """Every candidate as HoDoKu numbers its tables (cell, then digit): OFF node ids."""
        out = []
        for c in cell_list(self.empty):
            for d in MASK_DIGITS[self.cands[c]]:
                out.append((d - 1) * 81 + c)
        return out


# ---------------------------------------------------------------------- chain links
def chain_links(P: Position) -> list[list[int] | None]:
    """Each node's direct consequences in a chain table, in HoDoKu's order
    (``TablingSolver.fillTables`` with ``chainsOnly``, then ``fillTablesWithGroupNodes``);
    None for a node without a table."""
    succ: list[list[int] | None] = [None] * P.n_nodes
    cands, pos = P.cands, P.pos
    for c in cell_list(P.empty):
        houses = CELL_HOUSES[c]
        segments = _SEGMENTS[c]
        for d in MASK_DIGITS[cands[c]]:
            i = (d - 1) * 81 + c
            succ[ON + i] = weak_links(cands, pos, c, d, segments, _OFF_IDS, causes=False)
            succ[i] = strong_links(cands, pos, c, d, houses, _ON_IDS, causes=False)
    if P.groups:
        group_links(P, succ)
    if P.alses is not None:
        als_links(P, succ)
    return succ


def group_links(P: Position, succ: list) -> None:
    """HoDoKu's ``fillTablesWithGroupNodes``: the tables of the group nodes and the links
    into them from the candidates' tables."""
    pos = P.pos
    groups = P.groups
    # the group nodes of each house and digit (key house * 10 + digit), ascending
    by_house: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        d = g.digit
        if g.line >= 0:
            by_house.setdefault(g.line * 10 + d, []).append(i)
        if g.col >= 0:
            by_house.setdefault((9 + g.col) * 10 + d, []).append(i)
        by_house.setdefault((18 + g.box) * 10 + d, []).append(i)
    for i, g in enumerate(groups):
        d = g.digit
        base = (d - 1) * 81
        g_off = NORMAL + 2 * i
        g_on = g_off + 1
        gcells = g.cells
        on_list: list[int] = []
        off_list: list[int] = []
        see = pos[d] & g.buddies
        t = see
        while t:
            low = t & -t
            x = base + low.bit_length() - 1
            t ^= low
            on_list.append(x)
            succ[ON + x].append(g_off)
        bh = 18 + g.box
        lh = g.line if g.line >= 0 else 9 + g.col  # the group's row or column
        # the only other place of d in the box (then the line) seeing the group: strong
        for h in (bh, lh):
            t = see & HOUSE_MASK[h]
            if t and not t & (t - 1):
                x = base + t.bit_length() - 1
                if ON + x not in off_list:
                    off_list.append(ON + x)
                succ[x].append(g_on)
        # other group nodes of the digit sharing a house, not overlapping
        line_o = []
        for j in by_house.get(lh * 10 + d, ()):
            if j != i and not groups[j].cells & gcells:
                line_o.append(j)
        box_o = []
        for j in by_house.get(bh * 10 + d, ()):
            if j != i and not groups[j].cells & gcells:
                box_o.append(j)
        for j in sorted(set(line_o).union(box_o)) if line_o and box_o else line_o or box_o:
            on_list.append(NORMAL + 2 * j)
        pd = pos[d]
        for others, h in ((line_o, lh), (box_o, bh)):
            if len(others) == 1:
                j = others[0]
                if not HOUSE_MASK[h] & pd & ~gcells & ~groups[j].cells:
                    off_list.append(NORMAL + 2 * j + 1)
        succ[g_on] = on_list
        succ[g_off] = off_list


def penalty(n: int) -> int:
    """HoDoKu's ``Als.getChainPenalty(n)``: what passing through an ALS adds to a chain's
    length (so that a short chain through a large ALS does not beat a plain one). A table
    counts an ALS by its digits (:func:`als_links`), a forcing chain's length by its cells."""
    return 0 if n < 2 else 1 if n == 2 else 2 * (n - 1)


def als_links(P: Position, succ: list) -> None:
    """HoDoKu's ``fillTablesWithAls``: an ALS node for each ALS of two or more cells and
    each of its digits ``j`` whose loss would eliminate something ("j is not in the ALS",
    reached from every ``j`` seeing all the ALS's cells with ``j``, and from such group
    nodes); its table holds what the other digits, then locked in the ALS, eliminate (the
    candidates and the group nodes seeing all their cells in the ALS), the ALS nodes those
    eliminations empty, and the cells left with one candidate. Appends the nodes to ``P``,
    their links to ``succ`` and their links' lengths to ``P.weights``, in HoDoKu's measure
    where a link is 2 (:data:`LINK`): a node's table's entries are ``LINK`` + the ALS's
    :func:`penalty` of its digits away, a forced cell one more."""
    alses = P.alses or []
    cands = P.cands
    node_of: dict[tuple[int, int], int] = {}
    weights = P.weights
    group_of: list[list[tuple[int, GroupNode]]] = [[] for _ in range(10)]
    for gi, g in enumerate(P.groups):
        group_of[g.digit].append((NORMAL + 2 * gi, g))
    # the ALS holding a digit, by the first of their cells with it (ALS order kept)
    first_of: dict[tuple[int, int], list[int]] = {}
    for i, b in enumerate(alses):
        for k in MASK_DIGITS[b.cands]:
            bk = b.dcells[k]
            first_of.setdefault((k, (bk & -bk).bit_length() - 1), []).append(i)

    def node(i: int, j: int) -> int:
        n = node_of.get((i, j))
        if n is None:
            n = node_of[(i, j)] = P.n_nodes
            P.n_nodes += 1
            P.als_nodes.append((i, j))
            succ.append([])
            weights[n] = []
        return n

    for i, a in enumerate(alses):
        digits = MASK_DIGITS[a.cands]
        for j in digits:
            # what the other digits, locked in the ALS once j is gone, eliminate
            elims = [0] * 10
            for k in digits:
                if k != j:
                    elims[k] = a.dbud[k]
            if not any(elims):
                continue
            n = node(i, j)
            # entries: every j seeing the ALS's j-cells, and the group nodes of such j's
            # that do not overlap the ALS and see all its j-cells (each once)
            jcells, entry = a.dcells[j], a.dbud[j]
            for x in cell_list(entry):
                succ[ON + (j - 1) * 81 + x].append(n)
            for g_off, g in group_of[j]:
                if g.cells & entry and not g.cells & a.cells and jcells & g.buddies == jcells:
                    g_on = succ[g_off + 1]
                    if n not in g_on:
                        g_on.append(n)
            out = succ[n]  # (empty: a node's table is filled once, here)
            w = weights[n]
            step = LINK + penalty(a.cands.bit_count())
            triggered = []
            for k in range(1, 10):
                ek = elims[k]
                if not ek:
                    continue
                base = (k - 1) * 81
                for c in cell_list(ek):
                    out.append(base + c)
                    # other ALS, not overlapping, whose cells with k are all eliminated
                    for i2 in first_of.get((k, c), ()):
                        b = alses[i2]
                        if i2 != i and not b.cells & a.cells and b.dcells[k] & ek == b.dcells[k]:
                            triggered.append((i2, k))
                for g_off, g in group_of[k]:
                    if g.cells & ek == g.cells:
                        out.append(g_off)
            triggered.sort()
            for i2, k in triggered:
                out.append(node(i2, k))
            w.extend([step] * len(out))
            # forcings: a cell with three or more candidates left with one
            for c in cell_list(a.buddies):
                if MASK_SIZE[cands[c]] == 2:
                    continue
                left = cands[c]
                for k in digits:
                    if elims[k] >> c & 1:
                        left &= ~(1 << (k - 1))
                if MASK_SIZE[left] == 1:
                    out.append(ON + (MASK_DIGITS[left][0] - 1) * 81 + c)
                    w.append(step + 1)


def split_sets(t: int) -> tuple[int, int]:
    """(ON, OFF) 729-bit sets of the normal nodes of a node set."""
    return (t >> ON) & ALL729, t & ALL729


# ---------------------------------------------------------------------- the chain graph
class ChainGraph:
    """A position's chain links and what each premise's table holds (:func:`chain_links`,
    :func:`closures`): the nice loop search with group nodes and the forcing chain search of
    one position share it. With ``alses`` (the position's ALS, HoDoKu's order) the links
    run through ALS nodes too."""

    __slots__ = ("P", "succ", "clos")

    def __init__(self, grid: Grid, grouped: bool, alses: Sequence[Als] | None = None) -> None:
        self.P = Position(grid, grouped, alses)
        self.succ = chain_links(self.P)
        self.clos = closures(self.succ, self.P.n_nodes)


def chain_graph(grid: Grid, grouped: bool, cache: dict | None = None, alses: Sequence[Als] | None = None) -> ChainGraph:
    """The chain graph of ``grid`` (kept in ``cache``, a solve's per-position table, when
    given); with ``alses``, through ALS nodes too."""
    if cache is None:
        return ChainGraph(grid, grouped, alses)
    key = (grid.key(), grouped, alses is not None)
    g = cache.get(key)
    if g is None:
        g = ChainGraph(grid, grouped, alses)
        if len(cache) >= 2:
            cache.pop(next(iter(cache)))
        cache[key] = g
    return g
