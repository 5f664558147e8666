"""Chains and loops: X-Chain, XY-Chain, Remote Pair, Nice Loops and AICs (plain and grouped).

The searches follow HoDoKu (ChainSolver for X-/XY-Chains and Remote Pairs, TablingSolver for
Nice Loops and AICs): from every candidate assumed ON or OFF, a breadth-first search over
the link table (:mod:`sudoku_logic.strategies.links`) follows alternating inferences (ON -> weak link ->
OFF -> strong link -> ON ...), so every literal is reached by a shortest chain. Chains that
revisit a cell (HoDoKu's lasso check) are rejected. Then:

- a chain from OFF(a) to ON(b) is an AIC: ``a`` or ``b`` is true;
- a chain coming back to the start cell is a Nice Loop (discontinuous: a contradiction at
  the start cell; continuous: every weak link of the loop becomes a strong one too).

For every set of eliminations only the shortest chain is kept; finders yield shortest
first. All loop/AIC results of one position are computed once and cached, so the six
Nice-Loop/AIC techniques share one search.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_logic.core.context import SolveContext, bounded_put, context
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    CELL_HOUSES,
    DIGIT_BIT,
    HOUSE_MASK,
    MASK_DIGITS,
    MASK_SIZE,
    PEERS,
    cell_list,
    cell_name,
    cells_name,
    seen_by_all,
)
from sudoku_logic.core.step import LazyStep, Step
from sudoku_logic.strategies import tabling
from sudoku_logic.strategies.links import CELL_NODES, DIGIT_NODES, NCAND, LinkTable, link_table
from sudoku_logic.strategies.registry import technique

#: Longest chain searched, in links (HoDoKu's default restriction for simple chains is 20).
MAX_LINKS = 20
#: Budget of backtracking steps when looking for a lasso-free chain in the BFS layers.
_PATH_BUDGET = 2000


# ---------------------------------------------------------------- search


def bfs_layers(weak: list[int], strong: list[int], start: int, on: bool, max_links: int = MAX_LINKS) -> list[int]:
    """Layers of a breadth-first search from literal (``start``, ``on``): layer ``k`` is the
    bit set of nodes first reached after ``k`` links; its polarity alternates from ``on``
    (ON nodes go OFF through weak links, OFF nodes go ON through strong links)."""
    layers = [1 << start]
    seen = [0, 0]  # [OFF, ON]
    seen[on] = 1 << start
    frontier = 1 << start
    pol = on
    for _ in range(max_links):
        adj = weak if pol else strong
        nxt = 0
        f = frontier
        while f:
            low = f & -f
            nxt |= adj[low.bit_length() - 1]
            f ^= low
        pol = not pol
        nxt &= ~seen[pol]
        if not nxt:
            break
        seen[pol] |= nxt
        layers.append(nxt)
        frontier = nxt
    return layers


def lasso_free(table: LinkTable | _PlainNodes, nodes: list[int], loop: bool) -> bool:
    """HoDoKu's lasso check (TablingSolver.addChain): no node may sit in a cell used by an
    earlier node other than the one just before it; a nice loop may come back to its start
    cell (and its first link must leave the start cell)."""
    cells = table.cells
    first = table.first
    start_cell = first[nodes[0]]
    if loop and first[nodes[1]] == start_cell:
        return False
    used = 0
    prev = -1
    for n in nodes:
        if used >> first[n] & 1:
            return False
        if prev >= 0 and (not loop or first[prev] != start_cell):
            used |= cells[prev]
        prev = n
    return True


def chain_to(
    table: LinkTable | _PlainNodes,
    weak: list[int],
    strong: list[int],
    layers: list[int],
    on: bool,
    end: int,
    k: int,
    loop: bool,
    weak_in: list[int] | None = None,
    strong_in: list[int] | None = None,
) -> list[int] | None:
    """A lasso-free chain of nodes from the search's start to ``end`` (in layer ``k``),
    through the BFS layers, or None. Polarity of layer ``i`` is ``on`` xor (i odd).

    Walks back layer by layer, pruning a predecessor whose cells hold the first cell of a
    later, non-adjacent node (such a chain would fail the lasso check anyway)."""
    cells = table.cells
    first = table.first
    first_bit = table.first_bit
    weak = weak if weak_in is None else weak_in
    strong = strong if strong_in is None else strong_in
    start_cell = first[_first_node(layers[0])]
    budget = [_PATH_BUDGET]
    path = [end]

    def back(node: int, i: int, later_firsts: int) -> bool:
        # later_firsts: first cells of the path's nodes after ``node`` (the nodes a
        # predecessor of ``node`` is not adjacent to)
        if i == 0:
            return lasso_free(table, path[::-1], loop)
        if budget[0] <= 0:
            return False
        budget[0] -= 1
        node_on = on ^ bool(i & 1)
        preds = layers[i - 1] & (strong[node] if node_on else weak[node])
        firsts = later_firsts | first_bit[node]
        while preds:
            low = preds & -preds
            p = low.bit_length() - 1
            preds ^= low
            if cells[p] & later_firsts and not (loop and first[p] == start_cell):
                continue
            path.append(p)
            if back(p, i - 1, firsts):
                return True
            path.pop()
        return False

    if back(end, k, 0):
        return path[::-1]
    return None


def _first_node(bits: int) -> int:
    return (bits & -bits).bit_length() - 1


# ---------------------------------------------------------------- notation


def eureka(table: LinkTable, nodes: list[int], on: bool) -> str:
    """Eureka notation of a chain of nodes whose first literal has polarity ``on``:
    ``(4)r1c2=r1c8-(4=7)r3c8-...``. A link into an ON literal is strong (=), into an OFF one
    weak (-); two nodes of the same cell(s) share one term ``(a=b)cell``."""
    digit, cells = table.digit, table.cells
    pols = [on ^ bool(i & 1) for i in range(len(nodes))]
    out = []
    prev_digit = None
    i = 0
    while i < len(nodes):
        n = nodes[i]
        if i:
            out.append("=" if pols[i] else "-")
        j = i + 1
        if n in table.forcing_nodes:
            c, gm, v = table.forcing_nodes[n]
            out.append(f"({''.join(str(x) for x in MASK_DIGITS[gm])}){cell_name(c)}")
            prev_digit = None
            i += 1
            continue
        if j < len(nodes) and nodes[j] == n and n in table.als_nodes:
            # ALS node: "(j=k)cells" with k the digit it hands on (or the locked digits)
            nxt = digit[nodes[j + 1]] if j + 1 < len(nodes) else None
            am, dm, ent = table.als_nodes[n]
            rest = str(nxt) if nxt else "".join(str(x) for x in MASK_DIGITS[dm] if x != ent)
            out.append(f"({ent}={rest}){cells_name(am)}")
            prev_digit = nxt
            i += 2
            continue
        if j < len(nodes) and cells[nodes[j]] == cells[n] and digit[nodes[j]] != digit[n]:
            link = "=" if pols[j] else "-"
            out.append(f"({digit[n]}{link}{digit[nodes[j]]}){cells_name(cells[n])}")
            prev_digit = digit[nodes[j]]
            i += 2
            continue
        if digit[n] == prev_digit:
            out.append(cells_name(cells[n]))
        else:
            out.append(f"({digit[n]}){cells_name(cells[n])}")
        prev_digit = digit[n]
        i += 1
    return "".join(out)


def native(table: LinkTable, nodes: list[int], on: bool) -> str:
    """HoDoKu's own chain print: ``r1c2 =4= r1c8 -4- r5c8`` (links inside a cell are not
    printed)."""
    digit, cells = table.digit, table.cells
    parts = [cells_name(cells[nodes[0]])]
    pol = on
    for i in range(1, len(nodes)):
        pol = not pol
        n = nodes[i]
        if cells[n] == cells[nodes[i - 1]]:
            continue
        s = "=" if pol else "-"
        parts.append(f"{s}{digit[n]}{s} {cells_name(cells[n])}")
    return " ".join(parts)


def _links_text(table: LinkTable, nodes: list[int], on: bool) -> str:
    """One phrase per link saying which inference it uses."""
    digit, cells = table.digit, table.cells
    phrases = []
    pol = on
    for i in range(1, len(nodes)):
        pol = not pol
        a, b = nodes[i - 1], nodes[i]
        na = f"{digit[a]}{cells_name(cells[a])}"
        nb = f"{digit[b]}{cells_name(cells[b])}"
        if b in table.forcing_nodes:
            c, gm, v = table.forcing_nodes[b]
            phrases.append(f"the ALS removes {''.join(str(x) for x in MASK_DIGITS[gm])} from {cell_name(c)}")
        elif a in table.forcing_nodes:
            phrases.append(f"{cell_name(b % 81)} is left with {digit[b]} only (strong)")
        elif a == b:
            am, dm, ent = table.als_nodes[a]
            phrases.append(
                f"{cells_name(am)} without {ent} is a locked set of "
                f"{''.join(str(x) for x in MASK_DIGITS[dm] if x != ent)} (strong, inside the ALS)"
            )
        elif a in table.als_nodes or b in table.als_nodes:
            phrases.append(f"{na}-{nb} (weak: the {digit[b]}s see every {digit[b]} of the ALS)")
        elif pol:
            phrases.append(f"{na}={nb} (strong: {table.strong_reason(a, b)})")
        else:
            phrases.append(f"{na}-{nb} (weak: {table.weak_reason(a, b)})")
    return "; ".join(phrases)


def _highlight(table: LinkTable, nodes: list[int], on: bool) -> list[tuple[int, int, str]]:
    out = []
    pol = on
    for n in nodes:
        role = "on" if pol else "off"
        for c in cell_list(table.cells[n]):
            out.append((c, table.digit[n], role))
        pol = not pol
    return out


def _cells_of(table: LinkTable, nodes: list[int]) -> list[int]:
    m = 0
    for n in nodes:
        m |= table.cells[n]
    return cell_list(m)


def _digits_of(elims) -> str:
    return "".join(str(d) for d in sorted({d for _, d in elims}))


def _build(name: str, table, nodes: list[int], on: bool, elims, why, detail) -> Step:
    """The step of a chain. ``detail`` is a function of the chain's Eureka notation and the
    link table returning the notation's middle part; ``table`` the LinkTable of the position, or a
    function making it. The text is built only when the step is looked at: most chains a
    search finds are never shown."""

    def fill() -> dict:
        nonlocal table
        if callable(table):
            table = table()
        chain = eureka(table, nodes, on)
        return dict(
            cells=_cells_of(table, nodes),
            candidates=_highlight(table, nodes, on),
            detail=detail(chain, table),
            explanation=f"Links: {_links_text(table, nodes, on)}. {why}",
            chains=[chain],
        )

    return LazyStep(name, fill, eliminations=sorted(elims), facts={"size": len(nodes)})


# ---------------------------------------------------------------- simple chains


def _simple_chains(
    grid: Grid, kind: str, digits: int = 0x1FF, ctx: SolveContext | None = None
) -> list[tuple[int, Step]]:
    """X-Chains (kind ``x``, only the digits of the 9-bit set ``digits``) or XY-Chains
    (``xy``), as (length, step), shortest chain per elimination set."""
    # the links of the chains alone (as LinkTable.restricted), the whole link table made
    # only for the text of a step that is read
    table = _PLAIN
    frozen = grid.copy()
    text_table = lambda: link_table(frozen)
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
            layers = bfs_layers(weak, strong, start, False)
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
                    nodes = chain_to(table, weak, strong, layers, False, e, k, False)
                    if nodes is None:
                        continue
                    if not elims:
                        continue
                    key = tuple(sorted(elims))
                    old = best.get(key)
                    if old is not None and old[0] <= k:
                        continue
                    best[key] = (k, _simple_step(kind, text_table, nodes, elims, d, cm))
    return sorted(best.values(), key=lambda t: t[0])


class _PlainNodes:
    """What the chain search needs of a LinkTable for nodes that are single candidates
    (node = (digit - 1) * 81 + cell): each node's cells, first cell and first cell bit."""

    cells = [1 << (n % 81) for n in range(NCAND)]
    first = [n % 81 for n in range(NCAND)]
    first_bit = cells


_PLAIN = _PlainNodes()


def _digit_links(grid: Grid, d: int) -> tuple[list[int], list[int]]:
    """(weak, strong) node adjacency of X-Chains for digit ``d``: weak between the places of
    ``d`` that see each other, strong between the two places of ``d`` in a house (as
    ``LinkTable.restricted("x", d)``, without building the whole table)."""
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
    bivalue cells that see each other, strong between the two digits of a bivalue cell (as
    ``LinkTable.restricted("xy")``, without building the whole table)."""
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
                                _simple_step("rp", lambda f=frozen: link_table(f), nodes, elims, sd, cm),
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


def _simple_step(kind: str, table, nodes: list[int], elims, d: int, cm: int) -> Step:
    start = cell_name(nodes[0] % 81)
    end = cell_name(nodes[-1] % 81)
    if kind == "x":
        name = "X-Chain"
        detail = lambda _, t: f"{d} {native(t, nodes, False)}"
        why = (
            f"The chain alternates strong and weak links for {d}: if {start} is not {d} then "
            f"{end} is, so one of the two ends holds {d} and no cell seeing both can be {d}."
        )
    elif kind == "xy":
        name = "XY-Chain"
        detail = lambda _, t: f"{d} {d}- {native(t, nodes, False)} -{d}"
        why = (
            f"Every cell of the chain is bivalue: if {start} is not {d}, the chain forces "
            f"{end} to be {d}; so one of the two ends is {d} and no cell seeing both can be {d}."
        )
    else:
        name = "Remote Pair"
        a, b = MASK_DIGITS[cm]
        detail = lambda _, t: f"{a}/{b} {native(t, nodes, False)}"
        why = (
            f"The chain's cells all hold only {a} and {b} and alternate between them, so two "
            f"cells an odd number of steps apart hold {a} and {b} between them: a cell seeing "
            f"both can hold neither."
        )
    return _build(name, table, nodes, False, elims, why, detail)


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


# ---------------------------------------------------------------- nice loops and AICs

LOOP_NAMES = ("Continuous Nice Loop", "Discontinuous Nice Loop", "AIC")
#: HoDoKu's option "allow ALS in tabling chains" (off by default there too): when True the
#: grouped searches also run chains through ALS nodes. Costly; off on the default path.


def _loops_and_aics(grid: Grid, grouped: bool, ctx: SolveContext | None) -> dict[str, list[Step]]:
    """All Nice Loops and AICs of ``grid`` by kind (the keys of ``LOOP_NAMES``), as HoDoKu's
    search finds and ranks them (:func:`sudoku_logic.strategies.tabling.nice_loops`): each
    step's ``facts["rank"]`` is its place in HoDoKu's order over all three kinds. Kept per
    position in the solve's cache (the loop techniques of one search slot share it). With
    the solve's setting ``als_nodes`` (HoDoKu's "allow ALS in tabling chains", off by default
    in both programs) the grouped search runs through ALS nodes too, on the link tables
    (:func:`_loops_with_als`), shortest chain first."""
    ctx = context(ctx)
    als = grouped and ctx.settings.als_nodes
    key = (grid.key(), grouped, als)
    results = ctx.cache("loops")
    hit = results.get(key)
    if hit is not None:
        return hit
    if als:
        return bounded_put(results, key, _loops_with_als(grid, ctx))
    out: dict[str, list[Step]] = {n: [] for n in LOOP_NAMES}
    frozen = grid.copy()
    for rank, lp in enumerate(tabling.nice_loops(grid, grouped, ctx.cache("tabling_graph"))):
        kind = _KIND_NAME[lp.kind]
        out[kind].append(_tabling_step(frozen, lp, kind, grouped, rank))
    return bounded_put(results, key, out)


_KIND_NAME = {"continuous": "Continuous Nice Loop", "discontinuous": "Discontinuous Nice Loop", "aic": "AIC"}


def _tabling_step(grid: Grid, lp, kind: str, search_grouped: bool, rank: int) -> Step:
    """The step of a loop found by HoDoKu's search. Its name says whether its chain runs
    through a group node; ``facts["found_by"]`` names the technique whose search found it
    when that differs (HoDoKu scores a step by the search that found it: a loop without
    group nodes found by the grouped search scores as a grouped one)."""
    name = ("Grouped " + kind) if lp.grouped else kind
    found_by = ("Grouped " + kind) if search_grouped else kind
    p = lp.path
    on = tabling.N_ON[p[0]] if p[0] < tabling.NORMAL else bool((p[0] - tabling.NORMAL) & 1)
    elims = sorted(lp.elims)
    facts: dict[str, int | str] = {"size": len(p), "rank": rank}
    if found_by != name:
        facts["found_by"] = found_by
    sd = tabling.N_DIGIT[p[0]]
    ed = tabling.N_DIGIT[p[-1]]
    cell = cell_name(tabling.N_CELL[p[0]])
    if lp.kind == "aic":
        t = cell_name(tabling.N_CELL[p[-1]])
        if sd == ed:
            why = (
                f"If {cell} is not {sd}, the chain makes {t} {sd}: one of the two ends is {sd}, so "
                f"no cell seeing both can be {sd}."
            )
        else:
            why = (
                f"If {cell} is not {sd}, the chain makes {t} {ed}: so {cell} is {sd} or {t} is {ed}; "
                f"as the two cells see each other, {cell} cannot be {ed} and {t} cannot be {sd}."
            )
        loop_kind = "a"
    else:
        loop_kind = "c" if lp.kind == "continuous" else "d"
        why = None
    return _build_tabling(name, grid, p, on, elims, loop_kind, why, sd, ed, facts)


def _build_tabling(name, grid, path, on, elims, loop_kind, why, sd, ed, facts) -> Step:
    """A loop step whose text is written, on the link table of its position, when read."""

    def fill() -> dict:
        table = link_table(grid, True)
        by_cells = {(table.digit[n], table.cells[n]): n for n in range(table.first_group, table.n)}
        nodes = []
        P = tabling.Position(grid, True)
        for x in path:
            if x < tabling.NORMAL:
                nodes.append((tabling.N_DIGIT[x] - 1) * 81 + tabling.N_CELL[x])
            else:
                nodes.append(by_cells[(P.node_digit(x), P.node_cells(x))])
        chain = eureka(table, nodes, on)
        first_strong = not on
        last_strong = tabling.N_ON[path[-1]]
        cell = cell_name(tabling.N_CELL[path[0]])
        text = why if why is not None else _loop_why(loop_kind, first_strong, last_strong, cell, sd, ed)
        return dict(
            cells=_cells_of(table, nodes),
            candidates=_highlight(table, nodes, on),
            detail=f"{_digits_of(elims)} {chain}",
            explanation=f"Links: {_links_text(table, nodes, on)}. {text}",
            chains=[chain],
        )

    return LazyStep(name, fill, eliminations=elims, facts=facts)


def _loops_with_als(grid: Grid, ctx: SolveContext) -> dict[str, list[Step]]:
    """Grouped nice loops and AICs through group and ALS nodes on the link table (HoDoKu's
    option "allow ALS in tabling chains"), shortest chain per set of eliminations first."""
    grouped = True
    table = link_table(grid, grouped, True, ctx)
    found: dict[str, dict[tuple, tuple[int, Step]]] = {n: {} for n in LOOP_NAMES}
    weak, strong = table.weak, table.strong
    pos = grid.pos
    cands = grid.cands
    for cell in cell_list(grid.empty):
        cm = cands[cell]
        cell_nodes = CELL_NODES[cell]
        for d in MASK_DIGITS[cm]:
            start = (d - 1) * 81 + cell
            see_start = pos[d] & PEERS[cell]
            same_digit = DIGIT_NODES[d] & ~cell_nodes
            crossing = 0  # candidate e of a peer holding d, e a candidate of the start cell
            for e in MASK_DIGITS[cm]:
                if e != d:
                    crossing |= (see_start & pos[e]) << ((e - 1) * 81)
            for on in (True, False):
                layers = bfs_layers(weak, strong, start, on)
                for k in range(3, len(layers)):
                    layer = layers[k]
                    end_on = on ^ (k & 1)
                    # ---- nice loops: back in the start cell
                    back = layer & cell_nodes
                    while back:
                        low = back & -back
                        e = low.bit_length() - 1
                        back ^= low
                        _check_loop(grid, table, layers, on, start, e, k, end_on, grouped, found)
                    # ---- AICs: from OFF(start) to ON(end), end a single candidate
                    if not on and end_on:
                        # same digit: the ends must share at least two peers holding it;
                        # other digit: the end cell sees the start cell, each holds the
                        # other's digit (ends in node order: the first of equals is kept)
                        ends = layer & (same_digit | crossing)
                        while ends:
                            low = ends & -ends
                            e = low.bit_length() - 1
                            ends ^= low
                            if low & same_digit and (see_start & PEERS[e % 81]).bit_count() < 2:
                                continue
                            _check_aic(grid, table, layers, start, e, k, grouped, found)
    out = {}
    for name in LOOP_NAMES:
        steps = sorted(found[name].values(), key=lambda t: t[0])
        out[name] = [s for _, s in steps]
    return out


def _grouped(table: LinkTable, nodes: list[int]) -> bool:
    return any(n >= table.first_group for n in nodes)


def _elim_key(elims) -> tuple:
    return tuple(sorted(set(elims)))


def _kept(found, name: str, length: int, elims) -> bool:
    """Whether a chain of at most ``length`` links already gives exactly ``elims``."""
    old = found[name].get(_elim_key(elims))
    return old is not None and old[0] <= length


def _keep(found, name: str, length: int, elims, make) -> None:
    if not _kept(found, name, length, elims):
        found[name][_elim_key(elims)] = (length, make())


def _check_loop(grid, table, layers, on, start, e, k, end_on, grouped, found) -> None:
    cell = start % 81
    sd = table.digit[start]
    ed = table.digit[e]
    first_strong = not on
    last_strong = end_on
    cands = grid.cands
    if not first_strong and not last_strong and sd == ed:
        kind, elims = "d", [(cell, sd)]
    elif first_strong and last_strong and sd == ed:
        kind, elims = "d", [(cell, x) for x in MASK_DIGITS[cands[cell]] if x != sd]
    elif first_strong != last_strong and sd != ed:
        kind, elims = "d", [(cell, sd if not first_strong else ed)]
    elif (
        (not first_strong and not last_strong and MASK_SIZE[cands[cell]] == 2 and sd != ed)
        or (first_strong and last_strong and sd != ed)
        or (first_strong != last_strong and sd == ed)
    ):
        kind, elims = "c", None
    else:
        return
    if kind == "d" and _kept(found, "Discontinuous Nice Loop", k, elims):
        return  # no need to rebuild the chain: a shorter one gives the same
    nodes = chain_to(table, table.weak, table.strong, layers, on, e, k, True, table.weak_in, table.strong_in)
    if nodes is None:
        return
    is_grouped = _grouped(table, nodes)
    if is_grouped != grouped:
        return
    if kind == "c":
        if any(n in table.forcing_nodes for n in nodes):
            return  # a forcing is one-way: the loop cannot be read backwards
        elims = _continuous_elims(grid, table, nodes, on, first_strong, last_strong, sd, ed)
    if not elims:
        return
    name = "Continuous Nice Loop" if kind == "c" else "Discontinuous Nice Loop"
    tname = ("Grouped " + name) if grouped else name

    def make() -> Step:
        return _loop_step(tname, grid, table, nodes, on, elims, kind, first_strong, last_strong, sd, ed)

    _keep(found, name, k, elims, make)


def _node_buddies(table: LinkTable, n: int, d: int) -> int:
    """Cells that see every cell of node ``n`` holding ``d``."""
    return seen_by_all(table.node_digits_cells(n, d))


def _continuous_elims(grid, table, nodes, on, first_strong, last_strong, sd, ed):
    """HoDoKu's continuous-loop eliminations: a cell entered and left by strong links loses
    its other candidates; a weak link between two cells removes its digit from every cell
    that sees both ends (cells of the loop excepted)."""
    cells = table.cells
    digit = table.digit
    start_cell = nodes[0] % 81
    chain_cells = 0
    for n in nodes:
        chain_cells |= cells[n]
    strong_at = []  # polarity of the literal at i: ON means the link into it was strong
    pol = on
    for _ in nodes:
        strong_at.append(pol)
        pol = not pol
    last = len(nodes) - 1
    out = set()
    for i in range(0, last + 1):
        if i == 0 and first_strong and last_strong:
            for x in MASK_DIGITS[grid.cands[start_cell]]:
                if x != sd and x != ed:
                    out.add((start_cell, x))
        elif (
            i > 0
            and strong_at[i]
            and i <= last - 2
            and cells[nodes[i - 1]] != cells[nodes[i]]
            and not strong_at[i + 1]
            and cells[nodes[i]] == cells[nodes[i + 1]]
            and strong_at[i + 2]
            and cells[nodes[i + 1]] != cells[nodes[i + 2]]
        ):
            c = table.first[nodes[i]]
            c1, c2 = digit[nodes[i]], digit[nodes[i + 2]]
            for x in MASK_DIGITS[grid.cands[c]]:
                if x != c1 and x != c2:
                    out.add((c, x))
        if i > 0 and not strong_at[i] and cells[nodes[i - 1]] != cells[nodes[i]]:
            x = digit[nodes[i]]
            see = _node_buddies(table, nodes[i - 1], x) & _node_buddies(table, nodes[i], x)
            see &= ~chain_cells & ~(1 << start_cell) & grid.pos[x]
            for c in cell_list(see):
                out.add((c, x))
        if 0 < i < last and nodes[i] == nodes[i + 1] and nodes[i] in table.als_nodes:
            # ALS in a continuous loop: it misses its entry or its exit digit, so every other
            # digit of it is locked there and leaves the cells that see all its instances.
            am, dm, ent = table.als_nodes[nodes[i]]
            ext = digit[nodes[i + 2]] if i + 2 <= last else 0
            for m in MASK_DIGITS[dm]:
                if m != ent and m != ext:
                    for c in cell_list(_node_buddies(table, nodes[i], m) & ~am & grid.pos[m]):
                        out.add((c, m))
    return sorted(out)


def _loop_why(kind: str, first_strong: bool, last_strong: bool, cell: str, sd: int, ed: int) -> str:
    """Why a nice loop eliminates: a continuous loop (``kind`` "c"), or a discontinuous one
    by the links at its start ``cell`` (digits ``sd`` at the start, ``ed`` at the end)."""
    if kind == "c":
        return (
            "The chain comes back to its start and closes into a continuous loop, so every "
            "weak link in it is also strong: a cell that sees both ends of a weak link cannot "
            "hold its digit, and a cell entered and left by strong links keeps only those two digits."
        )
    if first_strong and last_strong:
        return (
            f"If {cell} were not {sd}, the chain would force it to be {sd}: so {cell} is {sd} "
            f"and loses its other candidates."
        )
    if not first_strong and not last_strong:
        return f"If {cell} were {sd}, the chain would remove {sd} from it: so {cell} is not {sd}."
    if not first_strong:
        return f"If {cell} were {sd}, the chain would force it to be {ed} as well: so {cell} is not {sd}."
    return (
        f"If {cell} were {ed}, {sd} would be gone from it and the chain would then remove "
        f"{ed} as well: so {cell} is not {ed}."
    )


def _loop_step(name, grid, table, nodes, on, elims, kind, first_strong, last_strong, sd, ed) -> Step:
    why = _loop_why(kind, first_strong, last_strong, cell_name(nodes[0] % 81), sd, ed)
    digits = _digits_of(elims)
    return _build(name, table, nodes, on, elims, why, lambda chain, _: f"{digits} {chain}")


def _check_aic(grid, table, layers, start, e, k, grouped, found) -> None:
    cell = start % 81
    ecell = e % 81
    sd = table.digit[start]
    ed = table.digit[e]
    pos = grid.pos
    if sd == ed:
        see = pos[sd] & PEERS[cell] & PEERS[ecell]
        if see.bit_count() < 2:
            return
        elims = [(c, sd) for c in cell_list(see)]
    else:
        if not PEERS[cell] >> ecell & 1:
            return
        if not (grid.cands[ecell] & DIGIT_BIT[sd] and grid.cands[cell] & DIGIT_BIT[ed]):
            return
        elims = [(cell, ed), (ecell, sd)]
    if _kept(found, "AIC", k, elims):
        return
    nodes = chain_to(table, table.weak, table.strong, layers, False, e, k, False, table.weak_in, table.strong_in)
    if nodes is None:
        return
    if _grouped(table, nodes) != grouped:
        return
    tname = "Grouped AIC" if grouped else "AIC"
    s, t = cell_name(cell), cell_name(ecell)

    def make() -> Step:
        if sd == ed:
            why = (
                f"If {s} is not {sd}, the chain makes {t} {sd}: one of the two ends is {sd}, so "
                f"no cell seeing both can be {sd}."
            )
        else:
            why = (
                f"If {s} is not {sd}, the chain makes {t} {ed}: so {s} is {sd} or {t} is {ed}; "
                f"as the two cells see each other, {s} cannot be {ed} and {t} cannot be {sd}."
            )
        digits = _digits_of(elims)
        return _build(tname, table, nodes, False, elims, why, lambda chain, _: f"{digits} {chain}")

    _keep(found, "AIC", k, elims, make)


@technique("Continuous Nice Loop")
def continuous_nice_loop(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A loop of alternating strong and weak links: every weak link is also strong."""
    yield from _loops_and_aics(grid, False, ctx)["Continuous Nice Loop"]


@technique("Discontinuous Nice Loop")
def discontinuous_nice_loop(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A chain from a candidate back to its own cell that contradicts the start assumption."""
    yield from _loops_and_aics(grid, False, ctx)["Discontinuous Nice Loop"]


@technique("AIC")
def aic(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """An alternating inference chain with strong ends: one end is true."""
    yield from _loops_and_aics(grid, False, ctx)["AIC"]


@technique("Grouped Continuous Nice Loop")
def grouped_continuous_nice_loop(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A continuous nice loop through at least one group node."""
    yield from _loops_and_aics(grid, True, ctx)["Continuous Nice Loop"]


@technique("Grouped Discontinuous Nice Loop")
def grouped_discontinuous_nice_loop(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """A discontinuous nice loop through at least one group node."""
    yield from _loops_and_aics(grid, True, ctx)["Discontinuous Nice Loop"]


@technique("Grouped AIC")
def grouped_aic(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
    """An AIC through at least one group node."""
    yield from _loops_and_aics(grid, True, ctx)["AIC"]
