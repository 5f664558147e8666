"""Nice Loops and AICs, plain and grouped (HoDoKu's ``TablingSolver``): the six techniques
share one search per position (:func:`sudoku_logic.strategies.chaining.tabling_loops.nice_loops`),
kept in the solve's cache.

- a chain from OFF(a) to ON(b) is an AIC: ``a`` or ``b`` is true;
- a chain coming back to the start cell is a Nice Loop (discontinuous: a contradiction at
  the start cell; continuous: every weak link of the loop becomes a strong one too).

With HoDoKu's option "allow ALS in tabling chains" (off by default in both programs) the
grouped search runs on the link table instead, through ALS nodes too (:func:`_loops_with_als`).
"""

from __future__ import annotations

from collections.abc import Iterator

from sudoku_logic.core.context import SolveContext, bounded_put, context
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    DIGIT_BIT,
    MASK_DIGITS,
    MASK_SIZE,
    PEERS,
    cell_list,
    cell_name,
    seen_by_all,
)
from sudoku_logic.core.step import LazyStep, Step
from sudoku_logic.strategies.chaining import tabling, tabling_loops
from sudoku_logic.strategies.chaining.chain_text import (
    chain_cells,
    chain_step,
    digits_of,
    eureka,
    highlight,
    links_text,
)
from sudoku_logic.strategies.chaining.links import CELL_NODES, DIGIT_NODES, LinkTable, link_table
from sudoku_logic.strategies.chains import bfs_layers, chain_to
from sudoku_logic.strategies.registry import Finder, technique

#: the chains' family, which the nice loops and AICs share with X-/XY-Chains
FAMILY = "chains"

# ---------------------------------------------------------------- nice loops and AICs

LOOP_NAMES = ("Continuous Nice Loop", "Discontinuous Nice Loop", "AIC")
#: HoDoKu's option "allow ALS in tabling chains" (off by default there too): when True the
#: grouped searches also run chains through ALS nodes. Costly; off on the default path.


def _loops_and_aics(grid: Grid, grouped: bool, ctx: SolveContext | None) -> dict[str, list[Step]]:
    """All Nice Loops and AICs of ``grid`` by kind (the keys of ``LOOP_NAMES``), as HoDoKu's
    search finds and ranks them (:func:`sudoku_logic.strategies.chaining.tabling_loops.nice_loops`): each
    step's ``facts["rank"]`` is its place in HoDoKu's order over all three kinds. Kept per
    position in the solve's cache (the loop techniques of one search slot share it). With
    the solve's setting ``als_nodes`` (HoDoKu's "allow ALS in tabling chains", off by default
    in both programs) the grouped search runs through ALS nodes too, on the link tables
    (:func:`_loops_with_als`), shortest chain first."""
    ctx = context(ctx)
    als = grouped and ctx.settings.als_nodes
    key = (grid.key(), grouped, als)
    results = ctx.loops
    hit = results.get(key)
    if hit is not None:
        return hit
    if als:
        return bounded_put(results, key, _loops_with_als(grid, ctx))
    out: dict[str, list[Step]] = {n: [] for n in LOOP_NAMES}
    frozen = grid.copy()
    for rank, lp in enumerate(tabling_loops.nice_loops(grid, grouped, ctx.tabling_graph)):
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
            cells=chain_cells(table, nodes),
            candidates=highlight(table, nodes, on),
            detail=f"{digits_of(elims)} {chain}",
            explanation=f"Links: {links_text(table, nodes, on)}. {text}",
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
    digits = digits_of(elims)
    return chain_step(name, table, nodes, on, elims, why, lambda chain, _: f"{digits} {chain}")


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
        digits = digits_of(elims)
        return chain_step(tname, table, nodes, False, elims, why, lambda chain, _: f"{digits} {chain}")

    _keep(found, "AIC", k, elims, make)


def _loop_finder(name: str, doc: str) -> Finder:
    """Register the finder of ``name``, one of the six techniques: the steps of its kind from
    the position's one search, grouped for the three "Grouped" names."""
    grouped = name.startswith("Grouped ")
    kind = name.removeprefix("Grouped ")

    def finder(grid: Grid, ctx: SolveContext | None = None) -> Iterator[Step]:
        yield from _loops_and_aics(grid, grouped, ctx)[kind]

    finder.__doc__ = doc
    return technique(name)(finder)


continuous_nice_loop = _loop_finder(
    "Continuous Nice Loop", "A loop of alternating strong and weak links: every weak link is also strong."
)
discontinuous_nice_loop = _loop_finder(
    "Discontinuous Nice Loop", "A chain from a candidate back to its own cell that contradicts the start assumption."
)
aic = _loop_finder("AIC", "An alternating inference chain with strong ends: one end is true.")
grouped_continuous_nice_loop = _loop_finder(
    "Grouped Continuous Nice Loop", "A continuous nice loop through at least one group node."
)
grouped_discontinuous_nice_loop = _loop_finder(
    "Grouped Discontinuous Nice Loop", "A discontinuous nice loop through at least one group node."
)
grouped_aic = _loop_finder("Grouped AIC", "An AIC through at least one group node.")
