"""Chains as HoDoKu's ``ChainSolver`` finds them: X-Chain, XY-Chain and Remote Pair.

From every candidate assumed OFF, a breadth-first search over the chains' links (one digit's
for X-Chains, the bivalue cells' for XY-Chains) follows alternating inferences (OFF ->
strong link -> ON -> weak link -> OFF ...), so every literal is reached by a shortest chain
(:func:`bfs_layers`); a chain back through the layers that revisits a cell (HoDoKu's lasso
check) is rejected (:func:`chain_to`). For every set of eliminations only the shortest
chain is kept; finders yield shortest first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from strategies.hodoku.chain_text import PathNodes, candidate_nodes, chain_step, native
from strategies.registry import technique
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    ALL_CELLS,
    CELL_HOUSES,
    HOUSE_MASK,
    MASK_DIGITS,
    MASK_SIZE,
    PEERS,
    cell_list,
    cell_name,
    union_peers,
)
from sudoku_logic.core.step import Step

#: the chains' family, which X-/XY-Chains and Remote Pairs share with the nice loops and AICs
FAMILY = "chains"

#: A node is one candidate: ``(d - 1) * 81 + cell`` (0..728); the nodes of every candidate
#: of one digit are ``DIGIT_NODES[d]``.
NCAND = 729
DIGIT_NODES = [0] + [ALL_CELLS << ((d - 1) * 81) for d in range(1, 10)]
#: Longest chain searched, in links (HoDoKu's default restriction for simple chains is 20).
MAX_LINKS = 20
#: Budget of backtracking steps when looking for a lasso-free chain in the BFS layers.
_PATH_BUDGET = 2000


# ---------------------------------------------------------------- search


def bfs_layers(weak: list[int], strong: list[int], start: int) -> list[int]:
    """Layers of a breadth-first search from the literal ``start`` OFF: layer ``k`` is the
    bit set of nodes first reached after ``k`` links (at most :data:`MAX_LINKS`), OFF for
    even ``k`` (OFF nodes go ON through strong links, ON nodes OFF through weak links)."""
    layers = [1 << start]
    seen = [1 << start, 0]  # [OFF, ON]
    frontier = 1 << start
    pol = False
    for _ in range(MAX_LINKS):
        nxt = union_peers(frontier, weak if pol else strong)
        pol = not pol
        nxt &= ~seen[pol]
        if not nxt:
            break
        seen[pol] |= nxt
        layers.append(nxt)
        frontier = nxt
    return layers


def lasso_free(nodes: list[int]) -> bool:
    """HoDoKu's lasso check (``TablingSolver.addChain``) on a chain of candidates: no node
    may sit in a cell used by an earlier node other than the one just before it."""
    used = 0
    prev = -1
    for n in nodes:
        if used >> (n % 81) & 1:
            return False
        if prev >= 0:
            used |= 1 << (prev % 81)
        prev = n
    return True


def chain_to(weak: list[int], strong: list[int], layers: list[int], end: int, k: int) -> list[int] | None:
    """A lasso-free chain of candidates from the search's start (an OFF literal) to ``end``
    (in layer ``k``), through the BFS layers, or None. Layer ``i`` is ON for odd ``i``.

    Walks back layer by layer, pruning a predecessor in the cell of a later, non-adjacent
    node (such a chain would fail the lasso check anyway)."""
    budget = [_PATH_BUDGET]
    path = [end]

    def back(node: int, i: int, later_cells: int) -> bool:
        # later_cells: cells of the path's nodes after ``node`` (the nodes a predecessor
        # of ``node`` is not adjacent to)
        if i == 0:
            return lasso_free(path[::-1])
        if budget[0] <= 0:
            return False
        budget[0] -= 1
        preds = layers[i - 1] & (strong[node] if i & 1 else weak[node])
        cells = later_cells | 1 << (node % 81)
        while preds:
            low = preds & -preds
            p = low.bit_length() - 1
            preds ^= low
            if later_cells >> (p % 81) & 1:
                continue
            path.append(p)
            if back(p, i - 1, cells):
                return True
            path.pop()
        return False

    if back(end, k, 0):
        return path[::-1]
    return None


# ---------------------------------------------------------------- simple chains


def _simple_chains(
    grid: Grid, kind: str, digits: int = 0x1FF, ctx: SolveContext | None = None
) -> list[tuple[int, Step]]:
    """X-Chains (kind ``x``, only the digits of the 9-bit set ``digits``) or XY-Chains
    (``xy``), as (length, step), shortest chain per elimination set."""
    # the links of the chains alone; the printer's nodes made only for a step that is read
    frozen = grid.copy()
    text_table = lambda: candidate_nodes(frozen)
    if kind == "xy":
        xy_links = _bivalue_links(grid)
    x_links: dict[int, tuple[list[int], list[int]]] = {}
    pos = grid.pos
    best: dict[tuple, tuple[int, Step]] = {}
    for cell in cell_list(grid.empty):
        cm = grid.cands[cell]
        if kind == "xy" and MASK_SIZE[cm] != 2:
            continue
        for d in MASK_DIGITS[cm & digits if kind == "x" else cm]:
            if kind == "x":
                links = x_links.get(d)
                if links is None:
                    links = x_links[d] = _digit_links(grid, d)
                weak, strong = links
            else:
                weak, strong = xy_links
            start = (d - 1) * 81 + cell
            if not strong[start]:
                continue
            layers = bfs_layers(weak, strong, start)
            see_start = pos[d] & PEERS[cell]
            for k in range(3, len(layers), 2):  # ON layers, at least three links
                ends = layers[k] & DIGIT_NODES[d]
                while ends:
                    low = ends & -ends
                    e = low.bit_length() - 1
                    ends ^= low
                    ecell = e % 81
                    if ecell == cell:
                        continue
                    elim_cells = see_start & PEERS[ecell]
                    if not elim_cells:
                        continue
                    elims = [(c, d) for c in cell_list(elim_cells)]
                    old = best.get(tuple(elims))
                    if old is not None and old[0] <= k:
                        continue  # a chain as short gives the same: do not rebuild this one
                    nodes = chain_to(weak, strong, layers, e, k)
                    if nodes is None:
                        continue
                    best[tuple(elims)] = (k, _simple_step(kind, text_table, nodes, elims, d, cm))
    return sorted(best.values(), key=lambda t: t[0])


def _digit_links(grid: Grid, d: int) -> tuple[list[int], list[int]]:
    """(weak, strong) node adjacency of X-Chains for digit ``d``: weak between the places of
    ``d`` that see each other, strong between the two places of ``d`` in a house."""
    weak = [0] * NCAND
    strong = [0] * NCAND
    p = grid.pos[d]
    off = (d - 1) * 81
    for c in cell_list(p):
        s = 0
        for h in CELL_HOUSES[c]:
            hm = p & HOUSE_MASK[h]
            if hm.bit_count() == 2:
                s |= (hm & ~(1 << c)) << off
        weak[off + c] = (p & PEERS[c]) << off
        strong[off + c] = s
    return weak, strong


def _bivalue_links(grid: Grid) -> tuple[list[int], list[int]]:
    """(weak, strong) node adjacency of XY-Chains: weak between the same digit of two
    bivalue cells that see each other, strong between the two digits of a bivalue cell."""
    weak = [0] * NCAND
    strong = [0] * NCAND
    cands = grid.cands
    pos = grid.pos
    bivalue = grid.cells_by_size()[1]
    for c in cell_list(bivalue):
        a, b = MASK_DIGITS[cands[c]]
        oa, ob = (a - 1) * 81, (b - 1) * 81
        see = PEERS[c] & bivalue
        weak[oa + c] = (see & pos[a]) << oa
        weak[ob + c] = (see & pos[b]) << ob
        strong[oa + c] = 1 << (ob + c)
        strong[ob + c] = 1 << (oa + c)
    return weak, strong


#: HoDoKu's ``restrictChainLength`` (on by default): a simple chain has at most 20 links.
MAX_SIMPLE_CHAIN_LINKS = 20


def _remote_pairs(grid: Grid) -> list[tuple[int, Step]]:
    """Remote Pairs as HoDoKu's ``ChainSolver`` finds them: from every bivalue cell and each
    of its digits, every chain of cells holding the same two digits (each cell seeing the
    next, none twice, at most :data:`MAX_SIMPLE_CHAIN_LINKS` links), depth first. A chain
    of four or more cells whose two ends are an odd number of cells apart and share a peer
    holding the start digit eliminates, from every cell seeing two of its cells an odd
    number of cells apart, both digits (a four-cell chain: from the peers of its ends). The
    shortest chain per set of eliminations is kept (the first found of equal ones); as
    (links, step)."""
    by_mask: dict[int, int] = {}
    for cell in cell_list(grid.cells_by_size()[1]):
        cm = grid.cands[cell]
        by_mask[cm] = by_mask.get(cm, 0) | 1 << cell
    pos = grid.pos
    best: dict[tuple, tuple[int, Step]] = {}
    frozen = None
    for cm, cells in by_mask.items():
        if cells.bit_count() < 4:
            continue
        a, b = MASK_DIGITS[cm]
        nbrs = {c: cell_list(PEERS[c] & cells) for c in cell_list(cells)}
        for start in cell_list(cells):
            for sd in (a, b):
                od = b if sd == a else a
                see_start = PEERS[start] & pos[sd]
                path = [start]
                on_path = 1 << start
                # depth-first over the next cells (HoDoKu's stack), iteratively
                stack = [iter(nbrs[start])]
                while stack:
                    nxt = next(stack[-1], None)
                    if nxt is None:
                        stack.pop()
                        on_path &= ~(1 << path.pop())
                        continue
                    if on_path >> nxt & 1:
                        continue
                    path.append(nxt)
                    on_path |= 1 << nxt
                    k = len(path) - 1
                    links = 2 * k + 1
                    if k >= 3 and k % 2 == 1 and see_start & PEERS[nxt]:
                        elims = _remote_pair_elims(path, k, pos, sd, od)
                        key = tuple(elims)
                        old = best.get(key)
                        if old is None or old[0] > links:
                            if frozen is None:
                                frozen = grid.copy()
                            nodes = []
                            for i, c in enumerate(path):
                                first, second = (sd, od) if i % 2 == 0 else (od, sd)
                                nodes += [(first - 1) * 81 + c, (second - 1) * 81 + c]
                            best[key] = (
                                links,
                                _simple_step("rp", partial(candidate_nodes, frozen), nodes, elims, sd, cm),
                            )
                    if links + 1 < MAX_SIMPLE_CHAIN_LINKS:
                        stack.append(iter(nbrs[nxt]))
                    else:
                        on_path &= ~(1 << path.pop())
    return sorted(best.values(), key=lambda t: t[0])


def _remote_pair_elims(path: list[int], k: int, pos, sd: int, od: int) -> list:
    """The eliminations of the Remote Pair ``path`` (cells, ends ``k`` cells apart)."""
    if k == 3:
        see = PEERS[path[0]] & PEERS[path[3]]
        out = [(c, sd) for c in cell_list(see & pos[sd])] + [(c, od) for c in cell_list(see & pos[od])]
    else:
        out = []
        for i in range(len(path)):
            for j in range(i + 3, len(path), 2):
                see = PEERS[path[i]] & PEERS[path[j]]
                out += [(c, d) for d in (sd, od) for c in cell_list(see & pos[d])]
    return sorted(set(out))


#: by kind: the technique, its detail around the chain in HoDoKu's notation, and why
_SIMPLE_TEXT = {
    "x": (
        "X-Chain",
        "{d} {chain}",
        "The chain alternates strong and weak links for {d}: if {start} is not {d} then {end} is, so one of "
        "the two ends holds {d} and no cell seeing both can be {d}.",
    ),
    "xy": (
        "XY-Chain",
        "{d} {d}- {chain} -{d}",
        "Every cell of the chain is bivalue: if {start} is not {d}, the chain forces {end} to be {d}; so one "
        "of the two ends is {d} and no cell seeing both can be {d}.",
    ),
    "rp": (
        "Remote Pair",
        "{a}/{b} {chain}",
        "The chain's cells all hold only {a} and {b} and alternate between them, so two cells an odd number "
        "of steps apart hold {a} and {b} between them: a cell seeing both can hold neither.",
    ),
}


def _simple_step(kind: str, view: Callable[[], PathNodes], nodes: list[int], elims, d: int, cm: int) -> Step:
    """The step of an X-Chain (``kind`` "x"), XY-Chain ("xy") or Remote Pair ("rp") on
    digit ``d`` (a Remote Pair's two digits: ``cm``); ``view`` makes the printer's nodes of
    the position's candidates."""
    name, detail, why = _SIMPLE_TEXT[kind]
    a, b = MASK_DIGITS[cm] if kind == "rp" else (0, 0)
    words = dict(d=d, a=a, b=b, start=cell_name(nodes[0] % 81), end=cell_name(nodes[-1] % 81))
    return chain_step(
        name,
        lambda: (view(), nodes),
        False,
        elims,
        why.format(**words),
        lambda _, t, ns: detail.format(chain=native(t, ns, False), **words),
        {"size": len(nodes)},
    )


@technique("X-Chain", local="digit", ranked=True)
def x_chain(grid: Grid, digits: int | None = None, ctx: SolveContext | None = None) -> Iterator[Step]:
    """Single-digit chains of alternating strong and weak links between strong ends: no cell
    seeing both ends holds the digit (only ``digits``, a 9-bit set, when given)."""
    for _, s in _simple_chains(grid, "x", 0x1FF if digits is None else digits, ctx):
        yield s


@technique("XY-Chain", ranked=True)
def xy_chain(grid: Grid) -> Iterator[Step]:
    """Chains through bivalue cells starting and ending on the same digit: no cell seeing
    both ends holds it."""
    for _, s in _simple_chains(grid, "xy"):
        yield s


@technique("Remote Pair", ranked=True)
def remote_pair(grid: Grid) -> Iterator[Step]:
    """Four or more bivalue cells with the same two digits chained through shared houses."""
    for _, s in _remote_pairs(grid):
        yield s
