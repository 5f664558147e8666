"""HoDoKu's nice loops and AICs from its chain tables (``TablingSolver.getNiceLoops`` and
``getAics``): every premise's table is searched for a way back to the premise's cell (a
loop) or, from an OFF premise, for an ON end that with the premise eliminates something
(an AIC); HoDoKu's lasso check (:func:`loop_chain`) rejects chains that run into
themselves, and the loops are ranked as HoDoKu sorts its steps.

The tables are :mod:`strategies.hodoku.tabling`'s.
"""

from __future__ import annotations

from functools import cmp_to_key
from typing import TYPE_CHECKING

from strategies.chain_core import ALL81
from strategies.hodoku.chain_tables import LINK, ChainTable, chain_table, weighted_table
from strategies.hodoku.tabling import (
    N_CELL,
    N_DIGIT,
    N_ON,
    NORMAL,
    ON,
    ChainGraph,
    Position,
)
from sudoku_logic.core.houses import (
    MASK_DIGITS,
    PEERS,
    cell_list,
)
from sudoku_logic.core.step import index_sum

if TYPE_CHECKING:
    from strategies.hodoku.als import Als


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


def sorted_elims(elims) -> list[tuple[int, int]]:
    """Eliminations without repeats in HoDoKu's order (digit, then cell)."""
    return sorted(set(elims), key=lambda e: (e[1], e[0]))


# ---------------------------------------------------------------------- nice loops and AICs
class Loop:
    """A nice loop or AIC as HoDoKu records it: ``kind`` (``continuous``, ``discontinuous``
    or ``aic``), ``grouped`` (its chain runs through a group node), the eliminations (HoDoKu's
    order: digit, then cell), the chain (node ids, premise first)."""

    __slots__ = ("kind", "grouped", "elims", "path", "isum", "length")

    def __init__(self, kind: str, grouped: bool, elims: list[tuple[int, int]], path: list[int], first_als: int) -> None:
        self.kind = kind
        self.grouped = grouped
        self.elims = elims
        self.path = path
        self.isum = index_sum(elims)
        #: HoDoKu's ``Chain.getLength``: its nodes, two and a half more for each ALS node
        #: (rounded down), as HoDoKu counts a chain it has just built
        self.length = len(path) + (5 * sum(1 for x in path if x >= first_als)) // 2


def _loop_cmp(a: Loop, b: Loop) -> int:
    """HoDoKu's ``SolutionStep.compareTo`` on nice loops and AICs: more eliminations first;
    steps of another type or other eliminations by the weighted index sum of their
    eliminations (equal sums: as found); the same step by the shorter chain."""
    r = len(b.elims) - len(a.elims)
    if r:
        return r
    if a.kind != b.kind or a.grouped != b.grouped or a.elims != b.elims:
        return a.isum - b.isum
    return a.length - b.length


def nice_loops(graph: ChainGraph) -> list[Loop]:
    """Every nice loop and AIC HoDoKu's search finds on the chain graph of a position
    (``TablingSolver.getNiceLoops``; with group nodes, as for its grouped types, whose
    search also keeps loops without one; with ALS nodes, HoDoKu's option "allow ALS in
    tabling chains"), best first as HoDoKu sorts them, one per type and set of eliminations
    (the shortest chain, the first found of equal ones)."""
    P, succ, clos = graph.P, graph.succ, graph.clos
    weighted = P.alses is not None
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
            if weighted:
                # ALS nodes lengthen links, and a later, shorter way re-parents an entry:
                # the whole table is built; a loop or AIC is no direct consequence
                t = weighted_table(p, succ, P.weights)
                dist = t.dist or {}
                t.hits = [n for n in t.order if targets >> n & 1 and dist[n] > LINK]
            else:
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
    _keep(found, seen, Loop(kind, grouped, sorted_elims(elims), path, P.first_als))


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
            see = P.node_buddies(nl[i - 1], d) & P.node_buddies(ni, d) & ~chain_cells & ~(1 << si) & P.pos[d]
            for x in cell_list(see):
                out.append((x, d))
            als = P.node_als(ni)
            if als is not None:
                out.extend(_als_loop_elims(P, nl, i, als[0], d))
    return out


def _als_loop_elims(P: Position, nl: list[int], i: int, a: Als, d: int) -> list[tuple[int, int]]:
    """What an ALS entered by ``d`` at ``nl[i]`` eliminates in a continuous loop: each of its
    digits other than ``d`` and the exit digits, from the cells seeing all its cells with
    that digit; where the ALS forces the next cell (the link out is to an ON node), its exit
    digits are the next cell's other candidates, eliminated from the cells that see their
    cells in the ALS and the next cell."""
    cands = P.cands
    end = len(nl) - 1
    force = i < end and P.node_on(nl[i + 1])
    exits = 0
    nxt = -1
    if force:
        nxt = P.node_cell(nl[i + 1])
        exits = cands[nxt] & ~(1 << (P.node_digit(nl[i + 1]) - 1))
    elif i < end:
        exits = 1 << (P.node_digit(nl[i + 1]) - 1)
    out: list[tuple[int, int]] = []
    for k in MASK_DIGITS[a.cands]:
        if k != d and not exits >> (k - 1) & 1:
            out.extend((x, k) for x in cell_list(a.dbud[k]))
    if force:
        for k in MASK_DIGITS[exits]:
            out.extend((x, k) for x in cell_list(a.dbud[k] & PEERS[nxt]))
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
        _keep(found, seen, Loop("aic", grouped, sorted_elims(elims), path, P.first_als))
