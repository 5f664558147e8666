"""Nice Loops and AICs, plain and grouped (HoDoKu's ``TablingSolver``): the six techniques
share one search per position (:func:`strategies.hodoku.tabling_loops.nice_loops`),
kept in the solve's cache.

- a chain from OFF(a) to ON(b) is an AIC: ``a`` or ``b`` is true;
- a chain coming back to the start cell is a Nice Loop (discontinuous: a contradiction at
  the start cell; continuous: every weak link of the loop becomes a strong one too).

With HoDoKu's option "allow ALS in tabling chains" (off by default in both programs) the
grouped search runs through ALS nodes too, as HoDoKu's does.
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.hodoku import tabling, tabling_loops
from strategies.hodoku.als import position_alses
from strategies.hodoku.chain_text import PathNodes, chain_step, digits_of
from strategies.registry import Finder, technique
from sudoku_logic.core.context import SolveContext, bounded_put, context
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import cell_name
from sudoku_logic.core.step import Step

#: the chains' family, which the nice loops and AICs share with X-/XY-Chains
FAMILY = "chains"

# ---------------------------------------------------------------- nice loops and AICs

LOOP_NAMES = ("Continuous Nice Loop", "Discontinuous Nice Loop", "AIC")


def _loops_and_aics(grid: Grid, grouped: bool, ctx: SolveContext | None) -> dict[str, list[Step]]:
    """All Nice Loops and AICs of ``grid`` by kind (the keys of ``LOOP_NAMES``), as HoDoKu's
    search finds and ranks them (:func:`strategies.hodoku.tabling_loops.nice_loops`): each
    step's ``facts["rank"]`` is its place in HoDoKu's order over all three kinds. Kept per
    position in the solve's cache (the loop techniques of one search slot share it). With
    the solve's setting ``als_nodes`` (HoDoKu's "allow ALS in tabling chains", off by default
    in both programs) the grouped search runs through ALS nodes too."""
    ctx = context(ctx)
    als = grouped and ctx.settings.als_nodes
    key = (grid.key(), grouped, als)
    results = ctx.loops
    hit = results.get(key)
    if hit is not None:
        return hit
    out: dict[str, list[Step]] = {n: [] for n in LOOP_NAMES}
    frozen = grid.copy()
    alses = position_alses(grid, ctx) if als else None
    graph = tabling.chain_graph(grid, grouped, ctx.tabling_graph, alses)
    for rank, lp in enumerate(tabling_loops.nice_loops(graph)):
        kind = _KIND_NAME[lp.kind]
        out[kind].append(_tabling_step(frozen, graph.P, lp, kind, grouped, rank))
    return bounded_put(results, key, out)


_KIND_NAME = {"continuous": "Continuous Nice Loop", "discontinuous": "Discontinuous Nice Loop", "aic": "AIC"}


def _tabling_step(grid: Grid, P: tabling.Position, lp, kind: str, search_grouped: bool, rank: int) -> Step:
    """The step of a loop found by HoDoKu's search. Its name says whether its chain runs
    through a group or ALS node; ``facts["found_by"]`` names the technique whose search
    found it when that differs (HoDoKu scores a step by the search that found it: a loop
    without group nodes found by the grouped search scores as a grouped one)."""
    name = ("Grouped " + kind) if lp.grouped else kind
    found_by = ("Grouped " + kind) if search_grouped else kind
    p = lp.path
    elims = sorted(lp.elims)
    facts: dict[str, int | str] = {"size": len(p), "rank": rank}
    if found_by != name:
        facts["found_by"] = found_by
    sd = P.node_digit(p[0])
    ed = P.node_digit(p[-1])
    cell = cell_name(P.node_cell(p[0]))
    if lp.kind == "aic":
        t = cell_name(P.node_cell(p[-1]))
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
    else:
        first_strong = not P.node_on(p[0])
        why = _loop_why(lp.kind == "continuous", first_strong, P.node_on(p[-1]), cell, sd, ed)

    digits = digits_of(elims)
    return chain_step(
        name,
        lambda: path_nodes(grid, P, p),
        P.node_on(p[0]),
        elims,
        why,
        lambda chain, _t, _n: f"{digits} {chain}",
        facts,
    )


def path_nodes(grid: Grid, P: tabling.Position, path: list[int]) -> tuple[PathNodes, list[int]]:
    """A chain of the tables' nodes as the printer reads it: an ALS node as two nodes in a
    row, a cell an ALS leaves with one candidate after a node saying so."""
    view = PathNodes(grid)
    nodes: list[int] = []
    after_als = False
    for x in path:
        als = P.node_als(x)
        if als is not None:
            a, j = als
            n = view.add_als(a.cells, a.cands, j)
            nodes += [n, n]
            after_als = True
            continue
        c, d = P.node_cell(x), P.node_digit(x)
        if after_als and P.node_on(x):
            nodes.append(view.add_forcing(c, grid.cands[c] & ~(1 << (d - 1)), d))
        nodes.append(view.add(d, P.node_cells(x)))
        after_als = False
    return view, nodes


def _loop_why(continuous: bool, first_strong: bool, last_strong: bool, cell: str, sd: int, ed: int) -> str:
    """Why a nice loop eliminates: a continuous loop, or a discontinuous one by the links at
    its start ``cell`` (digits ``sd`` at the start, ``ed`` at the end)."""
    if continuous:
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
