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
  intersection holding a digit) with their links. A chain table is then a breadth-first
  tree whose every fact has as parent the first fact, in the table's order, that implies it
  (:func:`chain_table`).
- **Nets** (forcing nets): the direct consequences of a premise are worked out on a copy of
  the grid: the premise is applied, then four rounds of every naked and hidden single
  HoDoKu's singles queues offer (:func:`net_fill`, :class:`NetSearch`). The expansion
  appends, as for chains, each entry's own starting facts, worked out on the original
  position: so a net never combines the singles of two branches beyond those four rounds,
  and finds less than a full propagation would (where it finds nothing, HoDoKu guesses).

Which facts a table holds does not depend on its order (up to the limit of entries), so for
all premises at once they come from one pass over the implication graph (:func:`closures`);
the order matters for which chain HoDoKu shows, hence whether a loop is valid (its chain
must not cross itself), and, for forcing chains, which of several proofs of the same
conclusion names the step. Those tables are rebuilt in HoDoKu's order, for the premises
that need them. (For nets the length of a proof is counted here on the breadth-first tree,
not on every branch of the net as HoDoKu's ``buildChain`` does: the conclusion and the
score are HoDoKu's, the name Contradiction or Verity of a net step may not be.)

Node ids: OFF(c, d) is ``(d - 1) * 81 + c``, ON(c, d) is ``729 +`` that; group node ``g``
is ``1458 + 2 g`` (OFF) and ``1459 + 2 g`` (ON). Sets of nodes are Python ints.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cmp_to_key

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    BOX_OF,
    CELL_HOUSE_MASKS,
    CELL_HOUSES,
    COL_OF,
    HOUSE_MASK,
    MASK_DIGITS,
    PEERS,
    ROW_OF,
    cell_list,
    houses_hit,
    union_peers,
)

from .chain_core import ALL81, ALL729, closures, del_candidate, set_cell, strong_links, weak_links

NORMAL = 1458
ON = 729
#: HoDoKu's ``Options.maxTableEntryLength``: a table holds at most this many entries.
MAX_ENTRIES = 1000
#: HoDoKu's ``Options.anzTableLookAhead``: rounds of singles in a net table.
LOOK_AHEAD = 4

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
    cells, and (for grouped searches) the group nodes."""

    __slots__ = ("cands", "pos", "values", "empty", "groups", "n_nodes", "allowed", "_allowed_flags")

    def __init__(self, grid: Grid, grouped: bool) -> None:
        self.cands = list(grid.cands)  # (0 in a placed cell)
        self.pos = list(grid.pos)
        self.values = list(grid.values)
        self.empty = grid.empty
        self.groups = group_nodes(self.pos) if grouped else []
        self.n_nodes = NORMAL + 2 * len(self.groups)
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
    def node_cell(self, n: int) -> int:
        """A node's cell (a group node's first cell, as HoDoKu compares them)."""
        return N_CELL[n] if n < NORMAL else self.groups[(n - NORMAL) >> 1].first

    def node_cells(self, n: int) -> int:
        """A node's cells as an 81-bit set."""
        return 1 << N_CELL[n] if n < NORMAL else self.groups[(n - NORMAL) >> 1].cells

    def node_digit(self, n: int) -> int:
        return N_DIGIT[n] if n < NORMAL else self.groups[(n - NORMAL) >> 1].digit

    def node_on(self, n: int) -> bool:
        return N_ON[n] if n < NORMAL else bool((n - NORMAL) & 1)

    def node_buddies(self, n: int) -> int:
        """Cells that see every cell of the node (``Chain.getSNodeBuddies``)."""
        return PEERS[N_CELL[n]] if n < NORMAL else self.groups[(n - NORMAL) >> 1].buddies

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
            succ[ON + i] = [n for n, _ in weak_links(cands, pos, c, d, segments, _OFF_IDS)]
            succ[i] = [n for n, _ in strong_links(cands, pos, c, d, houses, _ON_IDS)]
    if P.groups:
        _group_links(P, succ)
    return succ


def _group_links(P: Position, succ: list) -> None:
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


# ---------------------------------------------------------------------- chain tables
class ChainTable:
    """One premise's chain table as HoDoKu expands it: ``order`` (the entries, premise
    first), ``parent`` of each entry (of the premise: -1), ``hits`` (the entries among the
    targets the table was built for, in table order). ``full``: the table reached HoDoKu's
    limit of entries."""

    __slots__ = ("premise", "order", "parent", "hits", "full", "_succ", "_next")

    def __init__(
        self,
        premise: int,
        order: list[int],
        parent: dict[int, int],
        hits: list[int],
        full: bool,
        succ: list | None = None,
    ) -> None:
        self.premise = premise
        self.order = order
        self.parent = parent
        self.hits = hits
        self.full = full
        # a table expanded as far as asked (:func:`lazy_table`): the links, and the index of
        # the next entry to expand (-1: the table is complete)
        self._succ = succ
        self._next = 0 if succ is not None else -1

    def reach(self, target: int) -> bool:
        """Whether the table holds ``target``, expanding a lazily built table (entry by
        entry, in HoDoKu's order) until it does or is complete."""
        parent = self.parent
        if target in parent:
            return True
        j = self._next
        if j < 0:
            return False
        succ = self._succ
        order = self.order
        size = len(order)
        while j < size:
            u = order[j]
            j += 1
            s = succ[u]  # type: ignore[index]  # _next >= 0 only while _succ is set
            if not s:
                continue
            for w in s:
                if w not in parent:
                    if size >= MAX_ENTRIES:
                        self.full = True
                        self._next = -1
                        return target in parent
                    parent[w] = u
                    order.append(w)
                    size += 1
            if target in parent:
                self._next = j
                return True
        self._next = -1
        return False

    def complete(self) -> ChainTable:
        """The table with every entry (a lazily built one expanded to the end)."""
        if self._next >= 0:
            self.reach(-1)
        return self

    def path(self, target: int) -> list[int]:
        """The chain HoDoKu builds from the premise to ``target`` (premise first)."""
        out = [target]
        parent = self.parent
        n = parent[target]
        while n >= 0:
            out.append(n)
            n = parent[n]
        out.reverse()
        return out

    def depth(self, target: int) -> int:
        """Links from the premise to ``target`` on its chain."""
        k = 0
        parent = self.parent
        n = parent[target]
        while n >= 0:
            k += 1
            n = parent[n]
        return k


def chain_table(premise: int, succ: list, targets: int = -1, beyond_direct: bool = False) -> ChainTable:
    """The expanded chain table of ``premise`` (HoDoKu's ``expandTables`` on chain tables:
    entries in the order they are appended, each with the first entry implying it).
    ``targets``: a node set; the expansion may stop once it holds all of them (the entries
    it has then are those of the full table, in the same order); -1 for the whole table.
    ``beyond_direct``: only targets more than one link away are wanted (a direct
    consequence of the premise is no target, nor among ``hits``)."""
    order = [premise]
    parent = {premise: -1}
    hits: list[int] = []
    if targets == -1:
        wanted = None
        left = -1
    else:
        wanted = set(cell_list(targets & ~(1 << premise)))
        if beyond_direct:
            wanted.difference_update(succ[premise])
        left = len(wanted)
        if not left:
            return ChainTable(premise, order, parent, hits, False)
    j = 0
    size = 1
    full = False
    if wanted is None:
        for u in order:  # (the list grows as it is walked)
            s = succ[u]
            if not s:
                continue
            for w in s:
                if w not in parent:
                    if size >= MAX_ENTRIES:
                        return ChainTable(premise, order, parent, hits, True)
                    parent[w] = u
                    order.append(w)
                    size += 1
        return ChainTable(premise, order, parent, hits, False)
    while j < size:
        u = order[j]
        j += 1
        s = succ[u]
        if not s:
            continue
        for w in s:
            if w not in parent:
                if size >= MAX_ENTRIES:
                    full = True
                    break
                parent[w] = u
                order.append(w)
                size += 1
                if w in wanted:
                    hits.append(w)
                    left -= 1
        if full or not left:
            break
    return ChainTable(premise, order, parent, hits, full)


def lazy_table(premise: int, succ: list) -> ChainTable:
    """The chain table of ``premise`` as :func:`chain_table` builds it whole, expanded only
    as far as :meth:`ChainTable.reach` and :meth:`ChainTable.complete` ask."""
    return ChainTable(premise, [premise], {premise: -1}, [], False, succ)


def split_sets(t: int) -> tuple[int, int]:
    """(ON, OFF) 729-bit sets of the normal nodes of a node set."""
    return (t >> ON) & ALL729, t & ALL729


# ---------------------------------------------------------------------- the chain graph
class ChainGraph:
    """A position's chain links and what each premise's table holds (:func:`chain_links`,
    :func:`closures`): the nice loop search with group nodes and the forcing chain search of
    one position share it."""

    __slots__ = ("P", "succ", "clos")

    def __init__(self, grid: Grid, grouped: bool) -> None:
        self.P = Position(grid, grouped)
        self.succ = chain_links(self.P)
        self.clos = closures(self.succ, self.P.n_nodes)


def chain_graph(grid: Grid, grouped: bool, cache: dict | None = None) -> ChainGraph:
    """The chain graph of ``grid`` (kept in ``cache``, a solve's per-position table, when
    given)."""
    if cache is None:
        return ChainGraph(grid, grouped)
    key = (grid.key(), grouped)
    g = cache.get(key)
    if g is None:
        g = ChainGraph(grid, grouped)
        if len(cache) >= 2:
            cache.pop(next(iter(cache)))
        cache[key] = g
    return g


# ---------------------------------------------------------------------- the lasso check
def loop_chain(P: Position, path: list[int], nice_loop: bool, aic: bool) -> list[int] | None:
    """HoDoKu's checks on a chain it builds for a nice loop or an AIC
    (``TablingSolver.addChain``): None where a nice loop's last link stays in the start cell
    or the chain runs into itself (a node in a cell of an earlier node other than the one
    just before it; a nice loop may come back to its start cell, an AIC may not)."""
    if nice_loop and P.node_cell(path[-1]) == P.node_cell(path[-2]):
        return None
    lasso = 0
    last_cell = -1
    last_node = -1
    first_cell = P.node_cell(path[0])
    for n in path:
        c = P.node_cell(n)
        if lasso >> c & 1:
            return None
        if last_cell != -1 and (last_cell != first_cell or aic):
            lasso |= P.node_cells(last_node)
        last_cell = c
        last_node = n
    return path


# ---------------------------------------------------------------------- ranking
def index_sum(elims: list[tuple[int, int]]) -> int:
    """HoDoKu's ``getIndexSumme`` of eliminations sorted by (digit, cell)."""
    total, weight = 0, 1
    for c, d in elims:
        total += c * weight + d
        weight += 80
    return total


def sorted_elims(elims) -> list[tuple[int, int]]:
    """Eliminations without repeats in HoDoKu's order (digit, then cell)."""
    return sorted(set(elims), key=lambda e: (e[1], e[0]))


# ---------------------------------------------------------------------- nice loops and AICs
class Loop:
    """A nice loop or AIC as HoDoKu records it: ``kind`` (``continuous``, ``discontinuous``
    or ``aic``), ``grouped`` (its chain runs through a group node), the eliminations (HoDoKu's
    order: digit, then cell), the chain (node ids, premise first)."""

    __slots__ = ("kind", "grouped", "elims", "path", "isum")

    def __init__(self, kind: str, grouped: bool, elims: list[tuple[int, int]], path: list[int]) -> None:
        self.kind = kind
        self.grouped = grouped
        self.elims = elims
        self.path = path
        self.isum = index_sum(elims)

    @property
    def length(self) -> int:
        return len(self.path)


def _loop_cmp(a: Loop, b: Loop) -> int:
    """HoDoKu's ``SolutionStep.compareTo`` on nice loops and AICs: more eliminations first;
    steps of another type or other eliminations by the weighted index sum of their
    eliminations (equal sums: as found); the same step by the shorter chain."""
    r = len(b.elims) - len(a.elims)
    if r:
        return r
    if a.kind != b.kind or a.grouped != b.grouped or a.elims != b.elims:
        return a.isum - b.isum
    return len(a.path) - len(b.path)


def nice_loops(grid: Grid, grouped: bool, cache: dict | None = None) -> list[Loop]:
    """Every nice loop and AIC HoDoKu's search finds on ``grid`` (``TablingSolver.
    getNiceLoops``; ``grouped``: with group nodes, as for its grouped types, whose search
    also keeps loops without one), best first as HoDoKu sorts them, one per type and set of
    eliminations (the shortest chain, the first found of equal ones)."""
    graph = chain_graph(grid, grouped, cache)
    P, succ, clos = graph.P, graph.succ, graph.clos
    premises = P.premises()
    loops: list[Loop] = []
    seen: dict[tuple, int] = {}
    aics: list[Loop] = []
    aic_seen: dict[tuple, int] = {}
    for is_on in (True, False):
        for p0 in premises:
            p = p0 + ON if is_on else p0
            if not succ[p]:
                continue
            targets = _loop_targets(P, p, clos[p])
            if not targets:
                continue
            # a loop or AIC has more than one link: its end is no direct consequence
            t = chain_table(p, succ, targets, beyond_direct=True)
            if not t.hits:
                continue
            start = N_CELL[p]
            parent = t.parent
            for n in t.hits:
                if n < NORMAL and N_CELL[n] == start and parent[n] != p:
                    _check_loop(P, t, n, loops, seen)
            if not is_on:
                _check_aics(P, t, aics, aic_seen)
    found = loops + aics
    found.sort(key=cmp_to_key(_loop_cmp))
    return found


#: every normal node of a cell (all digits, ON and OFF)
_CELL_NODES = [sum(1 << (k * 81 + c) for k in range(18)) for c in range(81)]


def _loop_targets(P: Position, p: int, reach: int) -> int:
    """The nodes of premise ``p``'s table (which holds at most the nodes of ``reach``,
    everything that follows from it) that can end a nice loop (a node in its own cell) or,
    for an OFF premise, an AIC (an ON node of the same digit in another cell with two or
    more cells seeing both ends, or of another digit in a peer holding the premise's digit
    while the premise's cell holds that one): only these are checked, so a table need not
    be built past them."""
    c = N_CELL[p]
    out = reach & _CELL_NODES[c] & ~(1 << p)
    if N_ON[p]:
        return out
    d = N_DIGIT[p]
    peers = PEERS[c]
    pos = P.pos
    base = ON + (d - 1) * 81
    on_d = (reach >> base) & ALL81 & ~(1 << c)
    for x in cell_list(on_d):
        see = peers & PEERS[x] & pos[d]
        if see & (see - 1):
            out |= 1 << (base + x)
    near = peers & pos[d]
    for e in MASK_DIGITS[P.cands[c]]:
        if e != d:
            be = ON + (e - 1) * 81
            out |= ((reach >> be) & near) << be
    return out


def _keep(found: list[Loop], seen: dict, lp: Loop) -> None:
    """HoDoKu's rule for one loop per type and eliminations: a chain is added unless one of
    the same type and eliminations is at most as long (a longer one found first stays in
    the list, behind the shorter)."""
    key = (lp.kind, lp.grouped, tuple(lp.elims))
    old = seen.get(key)
    if old is not None and found[old].length <= lp.length:
        return
    seen[key] = len(found)
    found.append(lp)


def _check_loop(P: Position, t: ChainTable, n: int, found: list[Loop], seen: dict) -> None:
    """HoDoKu's ``checkNiceLoop``: the chain from the premise back to its cell at ``n``."""
    path = loop_chain(P, t.path(n), True, False)
    if path is None or P.node_cell(path[0]) == P.node_cell(path[1]):
        return
    p = path[0]
    first_strong = not N_ON[p]
    last_strong = N_ON[n]
    sc, ec = N_DIGIT[p], N_DIGIT[n]
    si = N_CELL[p]
    cands = P.cands
    kind = "discontinuous"
    if not first_strong and not last_strong and sc == ec:
        elims = [(si, sc)]
    elif first_strong and last_strong and sc == ec:
        elims = [(si, x) for x in MASK_DIGITS[cands[si]] if x != sc]
    elif first_strong != last_strong and sc != ec:
        elims = [(si, sc if not first_strong else ec)]
    elif (
        (not first_strong and not last_strong and MASK_DIGITS[cands[si]].__len__() == 2 and sc != ec)
        or (first_strong and last_strong and sc != ec)
        or (first_strong != last_strong and sc == ec)
    ):
        kind = "continuous"
        elims = _continuous_elims(P, path, first_strong, last_strong, sc, ec)
    else:
        return
    if not elims:
        return
    grouped = any(x >= NORMAL for x in path)
    _keep(found, seen, Loop(kind, grouped, sorted_elims(elims), path))


def _continuous_elims(
    P: Position, nl: list[int], first_strong: bool, last_strong: bool, sc: int, ec: int
) -> list[tuple[int, int]]:
    """The eliminations of a continuous nice loop as HoDoKu works them out: a cell entered
    and left by strong links keeps only those two digits; a weak link between two cells
    removes its digit from the cells that see both ends (outside the chain's cells and the
    start cell)."""
    out = []
    end = len(nl) - 1
    cands = P.cands
    cell = P.node_cell
    si = cell(nl[0])
    chain_cells = 0
    for x in nl[:-1]:
        chain_cells |= P.node_cells(x)
    for i in range(end + 1):
        ni = nl[i]
        if (i == 0 and first_strong and last_strong) or (
            i > 0 and P.node_on(ni) and i <= end - 2 and cell(nl[i - 1]) != cell(ni)
        ):
            if i == 0 or (
                not P.node_on(nl[i + 1])
                and cell(ni) == cell(nl[i + 1])
                and P.node_on(nl[i + 2])
                and cell(nl[i + 1]) != cell(nl[i + 2])
            ):
                if i == 0:
                    c1, c2 = sc, ec
                else:
                    c1, c2 = P.node_digit(ni), P.node_digit(nl[i + 2])
                ci = cell(ni)
                for x in MASK_DIGITS[cands[ci]]:
                    if x != c1 and x != c2:
                        out.append((ci, x))
        if i > 0 and not P.node_on(ni) and cell(nl[i - 1]) != cell(ni):
            d = P.node_digit(ni)
            see = P.node_buddies(nl[i - 1]) & P.node_buddies(ni) & ~chain_cells & ~(1 << si) & P.pos[d]
            for x in cell_list(see):
                out.append((x, d))
    return out


def _check_aics(P: Position, t: ChainTable, found: list[Loop], seen: dict) -> None:
    """HoDoKu's ``checkAics`` on an OFF premise's table: chains to an ON candidate in
    another cell, with the same digit (two or more cells see both ends) or another digit
    (the ends see each other and hold each other's digits)."""
    p = t.premise
    si, sc = N_CELL[p], N_DIGIT[p]
    buddies = PEERS[si]
    pos, cands = P.pos, P.cands
    parent = t.parent
    for n in t.hits:
        if n < ON or n >= NORMAL:
            continue
        ei = N_CELL[n]
        if ei == si:
            continue
        ec = N_DIGIT[n]
        if sc == ec:
            see = buddies & PEERS[ei] & pos[sc]
            if not see & (see - 1):
                continue
            if parent[n] == p:
                continue
            elims = [(x, sc) for x in cell_list(see)]
        else:
            if not buddies >> ei & 1:
                continue
            if not (cands[ei] >> (sc - 1) & 1 and cands[si] >> (ec - 1) & 1):
                continue
            if parent[n] == p:
                continue
            elims = [(si, ec), (ei, sc)]
        path = loop_chain(P, t.path(n), False, True)
        if path is None:
            continue
        grouped = any(x >= NORMAL for x in path)
        _keep(found, seen, Loop("aic", grouped, sorted_elims(elims), path))


# ---------------------------------------------------------------------- forcing chains and nets
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


def verity_conclusions(P: Position, sets) -> tuple[int, int]:
    """Everything HoDoKu's verity checks conclude (``checkTwoChains`` and
    ``checkAllChainsForHouse``), as 729-bit sets (placements, eliminations); ``sets(p)`` gives
    premise ``p``'s (ON, OFF) facts."""
    place = elim = 0
    cands, pos = P.cands, P.pos
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
    for h in range(27):
        hm = HOUSE_MASK[h]
        for d in range(1, 10):
            t = pos[d] & hm
            if not t:
                continue
            ton = toff = ALL729
            for x in cell_list(t):
                a_on, a_off = sets(ON + (d - 1) * 81 + x)
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
    cands, pos = P.cands, P.pos
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
    for h in range(27):
        hm = HOUSE_MASK[h]
        for d in range(1, 10):
            t = pos[d] & hm
            if not t:
                continue
            ps = [ON + (d - 1) * 81 + x for x in cell_list(t)]
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


class Forcing:
    """A forcing chain or net step as HoDoKu keeps it: the conclusion ``fact`` (an ON node
    id: a placement; an OFF one: an elimination), ``kind`` (:data:`CONTRADICTION` or
    :data:`VERITY`), ``net``, and the proof shown: ``chains``, each ``(premise, fact)`` with
    the chain HoDoKu builds (``paths``: node ids, premise first; a net's branches are the
    entries of ``branches``)."""

    __slots__ = ("fact", "kind", "net", "chains", "paths", "length")

    def __init__(
        self, fact: int, kind: str, net: bool, chains: list[tuple[int, int]], paths: list[list[int]], length: int
    ) -> None:
        self.fact = fact
        self.kind = kind
        self.net = net
        self.chains = chains
        self.paths = paths
        self.length = length


class ChainSearch:
    """HoDoKu's forcing chains on one position (``TablingSolver.getForcingChains``): chain
    tables with group nodes. :meth:`steps` yields the steps in HoDoKu's order."""

    def __init__(self, grid: Grid, cache: dict | None = None) -> None:
        graph = chain_graph(grid, True, cache)
        self.P, self.succ, self.clos = graph.P, graph.succ, graph.clos
        self.tables: dict[int, ChainTable] = {}

    def table(self, p: int) -> ChainTable:
        """Premise ``p``'s chain table, expanded as far as it was asked (:func:`lazy_table`)."""
        t = self.tables.get(p)
        if t is None:
            t = self.tables[p] = lazy_table(p, self.succ)
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
        """Length of HoDoKu's chain from premise ``p`` to fact ``f``."""
        t = self.table(p)
        t.reach(f)
        return t.depth(f) + 1

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
        cands, pos = self.cands, self.pos
        set_cell(cands, pos, c, d, self.naked, self.hidden)
        nbit = ~(1 << c)
        for e in MASK_DIGITS[cands[c]]:
            pos[e] &= nbit
        cands[c] = 0
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
    then ``fillTablesWithGroupNodes``): a candidate's net fill (:func:`net_fill`) without
    the premise, group nodes as in chains."""
    succ: list[list[int] | None] = [None] * P.n_nodes
    setting: dict = {}
    for c in cell_list(P.empty):
        for d in MASK_DIGITS[P.cands[c]]:
            i = (d - 1) * 81 + c
            succ[ON + i] = net_fill(P, c, d, True, setting)[1:]
            succ[i] = net_fill(P, c, d, False, setting)[1:]
    if P.groups:
        _group_links(P, succ)
    return succ


class NetSearch(ChainSearch):
    """HoDoKu's forcing nets on one position (``TablingSolver.getForcingNets``): net tables
    with group nodes, the same checks as for chains."""

    def __init__(self, grid: Grid) -> None:
        P = self.P = Position(grid, True)
        self.succ = net_links(P)
        self.clos = closures(self.succ, P.n_nodes)
        self.tables = {}
