"""SE's chaining engine: its hints against SE's recorded steps, its shortcuts against the
plain searches they replace.

- at every recorded step of a chaining rule (a sample in CI, every one in the sweep), the
  rule's first hint is SE's: same eliminations, placement and difficulty;
- the nested rules' fast searches (:mod:`strategies.se.nested_rules`, which
  look only where a removed candidate can be a rule parent) give exactly what the full SE
  rules give, parents computed as SE's ``getRuleParents`` does;
- every hint is true.
"""

from __future__ import annotations

import random

import pytest

from grading.scales import se_policy
from grading.se import se_difficulty
from helpers import assert_step_true_in_position
from se_paths import effect, positions, se_paths
from strategies.registry import RULES, load_all
from strategies.se import nested_rules as fast
from strategies.se.chain_nodes import NAKED
from strategies.se.fish import se_fisherman
from strategies.se.intersections import se_intersections
from strategies.se.order import SE_CELL_HOUSES, SE_PEER_SEGMENTS
from strategies.se.subsets import se_hidden_sets, se_naked_sets
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_BIT, DIGIT_BIT, HOUSE_CELLS, HOUSE_MASK, MASK_DIGITS, MASK_SIZE

load_all()
CHAINING = (
    "Forcing Chains & Cycles",
    "Nishio Forcing Chains",
    "Multiple Forcing Chains",
    "Dynamic Forcing Chains",
    "Dynamic Forcing Chains (+)",
)


def _recorded(every: int, limit: int) -> list:
    out = []
    for path in se_paths()[::every]:
        for grid, st in positions(path):
            if st.rule in CHAINING:
                out.append((path.puzzle, grid, st))
                if len(out) >= limit:
                    return out
    return out


def _check(cases) -> None:
    for puzzle, grid, st in cases:
        ctx = se_policy().context(unique=True)
        first = next(iter(RULES[st.rule].find(grid, ctx)), None)
        assert first is not None, (puzzle, st.rule)
        assert effect(first) == st.effect, (puzzle, st.rule, first.notation)
        assert se_difficulty(first) == st.d, (puzzle, st.rule, first.notation, first.facts)
        assert_step_true_in_position(grid, first)


def test_first_hint_is_ses_on_a_sample():
    cases = _recorded(every=13, limit=40)
    assert {st.rule for _, _, st in cases} >= {"Forcing Chains & Cycles", "Dynamic Forcing Chains"}
    _check(cases)


@pytest.mark.sweep
def test_first_hint_is_ses_everywhere():
    _check(_recorded(every=1, limit=10**9))


# ---------------------------------------------------------------- nested rules


def _off(cell: int, d: int) -> int:
    return (cell * 9 + d - 1) << 1


def _locking_parents(facts, source, grid):
    d = facts["digit"]
    cover = 0
    for h in facts["cover"]:
        cover |= HOUSE_MASK[h]
    gone = source[1][d] & ~grid.pos[d] & ~cover
    return [_off(c, d) for h in facts["base"] for c in HOUSE_CELLS[h] if gone >> c & 1]


def _hidden_parents(facts, source, grid):
    h, digits = facts["house"], facts["digits"]
    mine = 0
    for d in digits:
        mine |= grid.pos[d] & HOUSE_MASK[h]
    return [_off(c, d) for c in HOUSE_CELLS[h] if not mine >> c & 1 for d in digits if source[0][c] & DIGIT_BIT[d]]


def _naked_parents(facts, source, grid):
    return [_off(c, d) for c in facts["cells"] for d in MASK_DIGITS[source[0][c] & ~facts["digits"]]]


REFERENCE = {
    fast.locking: lambda g, s: [(sorted(x.eliminations), _locking_parents(x.facts, s, g)) for x in se_intersections(g)],
    fast.hidden_pairs: lambda g, s: [
        (sorted(x.eliminations), _hidden_parents(x.facts, s, g)) for x in se_hidden_sets(g, 2)
    ],
    fast.naked_pairs: lambda g, s: [
        (sorted(x.eliminations), _naked_parents(x.facts, s, g)) for x in se_naked_sets(g, 2)
    ],
    fast.x_wings: lambda g, s: [(sorted(x.eliminations), _locking_parents(x.facts, s, g)) for x in se_fisherman(g, 2)],
}


def _dynamic_states(n: int, seed: int = 7):
    """Positions of SE's paths with random candidates removed, as a dynamic chain leaves
    its working grid (values unchanged, some candidates gone)."""
    rng = random.Random(seed)
    paths = se_paths()
    out = []
    while len(out) < n:
        path = paths[rng.randrange(len(paths))]
        steps = list(positions(path))
        grid, _ = steps[rng.randrange(len(steps))]
        work = grid.copy()
        cands = [(c, d) for c in range(81) for d in MASK_DIGITS[grid.cands[c]]]
        for c, d in rng.sample(cands, min(len(cands), rng.randrange(1, 25))):
            if MASK_DIGITS[work.cands[c]].__len__() > 1:
                work.eliminate(c, d)
        out.append(((grid.cands[:], grid.pos[:]), work))
    return out


@pytest.mark.parametrize("rule", list(REFERENCE), ids=lambda r: r.__name__)
def test_nested_rules_are_the_full_rules_with_parents(rule):
    ref = REFERENCE[rule]
    found = 0
    for source, work in _dynamic_states(300):
        removed = [0] + [source[1][d] & ~work.pos[d] for d in range(1, 10)]
        want = [(e, p) for e, p in ref(work, source) if p]
        got = [(sorted(e), p) for e, p in rule(work, source, removed)]
        assert got == want
        found += len(want)
    assert found >= 10  # the sample has hints with parents, not only empty lists


def test_nested_forcing_chains_are_the_full_rule_with_parents():
    """SE's Forcing Chains as a nested rule (:meth:`Chaining.parented_hints`: only the
    searches that can cross a new strong link, the rest only if one of those found a hint
    with parents) give exactly the full rule's hints that have rule parents, in its order."""
    from grading.se import raw_difficulty
    from strategies.se.chaining import Chaining
    from strategies.se.hint_list import chain_rule_parents

    rule = Chaining(False, False, False, 0, raw_difficulty)
    with_parents = 0
    for source, work in _dynamic_states(120, seed=11):
        want = [(h.removable, p) for h in rule.hints(work) if (p := chain_rule_parents(h, source, work))]
        got = [(h.removable, p) for h, p in rule.parented_hints(work, source)]
        assert got == want
        with_parents += bool(want)
    assert with_parents >= 15  # the sample exercises hints with parents, not only empty lists


# ---------------------------------------------------------------- search shortcuts


def _hint_keys(hints) -> list:
    for h in hints:
        h.rate()
    return [(h.kind, sorted(h.removable), h.placement, h.facts["complexity"], h.start) for h in hints]


def test_unary_searches_ruled_out_by_the_link_graph_find_nothing():
    """Forcing Chains & Cycles skip the searches :func:`unary_parts` rules out and keep
    each cycle search inside its start's strongly connected component: each pass lists
    the same hints, in the same order, as the search from every candidate without bounds."""
    from grading.se import raw_difficulty
    from strategies.se.chaining import Chaining
    from strategies.se.link_graph import unary_parts

    rule = Chaining(False, False, False, 0, raw_difficulty)
    cases = _recorded(every=7, limit=60)
    found = 0
    for _, grid, _ in cases:
        rule.grid = grid
        for y, x in ((False, True), (True, False), (True, True)):
            full = rule._loops(y, x)
            parts, rule._scc = unary_parts(grid, y, x)
            try:
                bounded = rule._loops(y, x, parts)
            finally:
                rule._scc = None
            assert _hint_keys(bounded) == _hint_keys(full)
            found += len(full)
    assert found >= 20  # the sample has hints to compare, not only empty lists


def _tarjan(links: list) -> tuple[list[int], list[int], list[int]]:
    """Tarjan's strongly connected components of drawn links (:func:`_all_links`): the
    component of each key (-1 for none), each component's keys and what it reaches (keys,
    itself included), as bit sets. The reference :class:`LinkGraph` is held to."""
    n = len(links)
    index = [-1] * n
    low = [0] * n
    comp = [-1] * n
    members: list[int] = []
    reach: list[int] = []
    stack: list[int] = []
    counter = 0
    for root in range(n):
        if index[root] >= 0 or links[root] is None:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        work = [(root, iter(links[root]))]
        while work:
            v, it = work[-1]
            for w, _ in it:
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    work.append((w, iter(links[w])))
                    break
                if comp[w] < 0 and index[w] < low[v]:
                    low[v] = index[w]
            else:
                work.pop()
                if work:
                    u = work[-1][0]
                    if low[v] < low[u]:
                        low[u] = low[v]
                if low[v] == index[v]:
                    c = len(members)
                    bits = 0
                    while True:
                        w = stack.pop()
                        comp[w] = c
                        bits |= 1 << w
                        if w == v:
                            break
                    # components come out after every component they reach
                    r = bits
                    m = bits
                    while m:
                        lb = m & -m
                        m ^= lb
                        for w, _ in links[lb.bit_length() - 1]:
                            cw = comp[w]
                            if cw != c:
                                r |= reach[cw]
                    members.append(bits)
                    reach.append(r)
    return comp, members, reach


def _link_parts(grid: Grid) -> tuple[list, list, list, list]:
    """Reference for :func:`node_links`, the way links were once drawn for a whole grid at
    once: by node key, ``(on to off in the cell, on to off in the houses, off to on in a
    bivalue cell, off to on in the houses with two places)``, lists of ``(key, cause)``."""
    cands, pos = grid.cands, grid.pos
    naked_on: list = [None] * 1458
    house_on: list = [None] * 1458
    naked_off: list = [None] * 1458
    house_off: list = [None] * 1458
    for cell in range(81):
        m = cands[cell]
        if not m:
            continue
        base = cell * 9 - 1
        bit = CELL_BIT[cell]
        houses = SE_CELL_HOUSES[cell]
        segments = SE_PEER_SEGMENTS[cell]
        two = MASK_SIZE[m] == 2
        for d in MASK_DIGITS[m]:
            pd = pos[d]
            dm = d - 1
            key = (base + d) << 1
            naked_on[key | 1] = [((base + v) << 1, NAKED) for v in MASK_DIGITS[m & ~DIGIT_BIT[d]]]
            to_off = []
            for seg, h in segments:
                left = pd & seg
                while left:
                    low = left & -left
                    left ^= low
                    to_off.append((((low.bit_length() - 1) * 9 + dm) << 1, h))
            house_on[key | 1] = to_off
            naked_off[key] = [(((base + MASK_DIGITS[m & ~DIGIT_BIT[d]][0]) << 1) | 1, NAKED)] if two else []
            off_next = []
            for h in houses:
                r = pd & HOUSE_MASK[h]
                if r.bit_count() == 2:
                    k = ((((r & ~bit).bit_length() - 1) * 9 + dm) << 1) | 1
                    if not any(k == j for j, _ in off_next):
                        off_next.append((k, h))
            house_off[key] = off_next
    return naked_on, house_on, naked_off, house_off


def _drawn_links(grid: Grid, y: bool, x: bool, parts: tuple | None = None) -> list[list[tuple[int, int]] | None]:
    """Reference for :func:`_all_links`: the links of pass ``(y, x)`` put together from
    :func:`_link_parts` (with ``y``: cell links first; with ``x``: house links, each
    candidate once)."""
    naked_on, house_on, naked_off, house_off = parts if parts is not None else _link_parts(grid)
    if not y:
        out = house_on[:]
        for k in range(0, 1458, 2):
            if house_off[k] is not None:
                out[k] = house_off[k] if x else []
        return out
    out = [None if h is None else n + h for n, h in zip(naked_on, house_on)]
    for k in range(0, 1458, 2):
        nk = naked_off[k]
        if nk is None:
            continue
        if not x:
            out[k] = nk
        elif not nk:
            out[k] = house_off[k]
        else:
            j = nk[0][0]
            out[k] = nk + [e for e in house_off[k] if e[0] != j]
    return out


def _all_links(grid: Grid, y: bool, x: bool) -> list:
    """Every node's links in pass ``(y, x)`` (:func:`node_links`), by key."""
    from strategies.se.chain_links import node_links

    return [node_links(grid.cands, grid.pos, key, y, x) for key in range(1458)]


def test_node_links_are_every_link_drawn_at_once():
    """:func:`node_links` (one node's links, as a search asks for them) gives every node's
    links in the order of the pieces drawn for the whole grid at once, pass by pass."""
    from strategies.se.chain_links import PassLinks

    grids = [grid for _, grid, _ in _recorded(every=9, limit=40)] + [w for _, w in _dynamic_states(60, seed=5)]
    for grid in grids:
        for y, x in ((False, True), (True, False), (True, True)):
            want = _drawn_links(grid, y, x)
            assert _all_links(grid, y, x) == want
            lazy = PassLinks(grid, y, x)
            for key in range(1457, -1, -3):
                assert lazy[key] == want[key]


def _keys(cands: int, on: int) -> int:
    """A 729-bit set of candidate indices as the bit set of their on (off) node keys."""
    out = 0
    while cands:
        low = cands & -cands
        cands ^= low
        out |= 1 << (2 * (low.bit_length() - 1) + on)
    return out


def test_link_graph_is_tarjan_over_the_drawn_links():
    """:class:`LinkGraph` works out what each node reaches and the components with more
    than one node from the part of the graph with strong links; Tarjan's algorithm over
    every drawn link (:func:`_all_links`) gives the same, pass by pass, on path
    positions and on working grids of dynamic chains."""
    from strategies.se.link_graph import LinkGraph

    grids = [grid for _, grid, _ in _recorded(every=9, limit=40)] + [w for _, w in _dynamic_states(60, seed=5)]
    cycles = 0
    for grid in grids:
        for y, x in ((False, True), (True, False), (True, True)):
            links = _all_links(grid, y, x)
            comp, members, reach = _tarjan(links)
            graph = LinkGraph(grid, y, x)
            for key in range(1458):
                if links[key] is None:
                    continue
                i, on = key >> 1, key & 1
                a, b = graph.on_reach(i) if on else graph.off_reach(i)
                assert _keys(a, 1) | _keys(b, 0) == reach[comp[key]], (y, x, key)
                if members[comp[key]] != 1 << key:
                    assert graph.component(key) >= 0
                    if on:
                        assert graph.scopes[key] == members[comp[key]]
                        cycles += 1
                else:
                    assert key not in graph.scopes
            want = [0] * 729
            for key in range(0, 1458, 2):
                if links[key] is not None:
                    c_on, c_off = comp[key | 1], comp[key]
                    want[key >> 1] = (
                        (members[c_on] != 1 << (key | 1))
                        | (reach[c_on] >> key & 1) << 1
                        | (reach[c_off] >> (key | 1) & 1) << 2
                    )
            assert graph.parts() == want, (y, x)
    assert cycles >= 50  # the sample has cycles, not only components of one node


def test_static_propagation_over_drawn_links_makes_the_same_nodes():
    """Multiple Forcing Chains propagate over the grid's links drawn once
    (``Chaining._static_chaining``); the general propagation, which works the links out node
    by node, gives the same hints with the same chains (every node, parent and cause)."""
    from grading.se import raw_difficulty
    from strategies.se.chain_nodes import ancestors
    from strategies.se.chaining import Chaining

    class General(Chaining):
        def _static_chaining(self, to_on, to_off):
            return self._propagate(to_on, to_off)

    def chains(hints):
        return [
            (_hint_keys([h]), [[(n.key, n.cause, [q.key for q in n.parents]) for n in ancestors(t)] for t in h.targets])
            for h in hints
        ]

    cases = [
        c for c in _recorded(every=5, limit=400) if c[2].rule in ("Multiple Forcing Chains", "Dynamic Forcing Chains")
    ][:8]
    assert len(cases) >= 4
    found = 0
    for _, grid, _ in cases:
        fast, general = Chaining(True, False, False, 0, raw_difficulty), General(True, False, False, 0, raw_difficulty)
        a, b = fast.hints(grid), general.hints(grid)
        assert chains(a) == chains(b)
        assert chains([h for h in [fast.first(grid)] if h]) == chains([h for h in [general.first(grid)] if h])
        found += len(a)
    assert found >= 5  # the sample has hints to compare


def test_multiple_and_dynamic_chains_share_propagations_without_changing_hints():
    """A cell's binary chains and the region chains of its houses start from the same
    candidates; the rules propagate each once per search (``Chaining._on_chaining``), not
    at all from a candidate off that nothing follows from (``Chaining._dead_end``), and a
    static rule not from a cell whose reductions' starts reach nothing in common
    (``Chaining._may_reduce``). The hints are those of a search that propagates every
    time."""
    from grading.se import raw_difficulty
    from strategies.se.chaining import Chaining

    class EveryTime(Chaining):
        def _on_chaining(self, p_on, to_on, to_off):
            to_on[p_on[0]] = p_on
            return self._do_chaining(to_on, to_off)

        def _dead_end(self, key):
            return False

        def _may_reduce(self, cell):
            return True

    cases = [
        c for c in _recorded(every=5, limit=400) if c[2].rule in ("Multiple Forcing Chains", "Dynamic Forcing Chains")
    ][:8]
    assert len(cases) >= 4
    for _, grid, _ in cases:
        for args in ((True, False, False, 0), (True, True, False, 0)):
            shared = Chaining(*args, raw_difficulty)
            plain = EveryTime(*args, raw_difficulty)
            assert _hint_keys(shared.hints(grid)) == _hint_keys(plain.hints(grid))
            a, b = shared.first(grid), plain.first(grid)
            assert (a is None) == (b is None)
            if a is not None:
                assert _hint_keys([a]) == _hint_keys([b])


def test_peer_segments_follow_se_peer_order():
    """The propagation scans a cell's peers house by house through SE_PEER_SEGMENTS' bit
    masks: in increasing bit order they are SE's getHouseCells order, with their house."""
    from strategies.se.order import SE_PEER_HOUSES, SE_PEER_SEGMENTS

    for c in range(81):
        order = []
        for seg, h in SE_PEER_SEGMENTS[c]:
            while seg:
                low = seg & -seg
                order.append((low.bit_length() - 1, h))
                seg ^= low
        assert order == [(p, h) for p, h, _ in SE_PEER_HOUSES[c]]


@pytest.mark.parametrize("rule", ["Nishio Forcing Chains", "Forcing Chains & Cycles"])
def test_searches_kept_digit_by_digit_along_a_path_are_fresh_searches(rule):
    """Nishio chains, and the X-cycles and forcing X-chains of Forcing Chains & Cycles, reach
    only candidates of their start's digit, so the rules keep what those searches found,
    digit by digit, for the positions of a path where that digit's places are the same
    (``Chaining.store``), and search every layer (Nishio without the complexity cap). At
    every position of SE's paths, with one store for the whole path, the hints and the first
    hint are those of SE's search made there and then (for the first hint, capped as the
    other rules are)."""
    from grading.se import raw_difficulty
    from strategies.se.chain_nodes import _root
    from strategies.se.chaining import Chaining

    class PlainNishio(Chaining):
        def _cell_chains(self, cell, n, out):
            for d in MASK_DIGITS[self.grid.cands[cell]]:
                key = (cell * 9 + d - 1) << 1
                self._binary(_root(key | 1), _root(key), out, {}, {}, False, True)

    args = (False, True, True, 0) if rule.startswith("Nishio") else (False, False, False, 0)
    plain_rule = PlainNishio if rule.startswith("Nishio") else Chaining
    reused = positions_seen = hints = 0
    paths = [p for p in se_paths() if any(st.rule == rule for st in p.steps)][::6][:8]
    for path in paths:
        store: dict = {}
        for grid, _ in positions(path):
            kept = {d: v[0] for d, v in store.items()}
            kept_rule = Chaining(*args, raw_difficulty, store=store)
            plain = plain_rule(*args, raw_difficulty)
            found = kept_rule.hints(grid.copy())
            assert _hint_keys(found) == _hint_keys(plain.hints(grid.copy()))
            a, b = kept_rule.first(grid.copy()), plain.first(grid.copy())
            assert (a is None) == (b is None)
            if a is not None:
                assert _hint_keys([a]) == _hint_keys([b])
            reused += sum(1 for d, pd in kept.items() if grid.pos[d] == pd)
            positions_seen += 1
            hints += len(found)
    # the sample has hints, and digits whose places recur from one position to the next
    assert hints >= 20 and positions_seen >= 50 and reused >= positions_seen


def test_levels_carry_on_the_propagations_of_the_level_they_extend():
    """At one position, a nested level's propagation from a start is the propagation of the
    level it extends (``EXTENDS``: level 1 the plain dynamic one, level 2 level 1's) carried
    on from where that one stopped, its other rules asked only then; the rules keep each
    level's propagations for the position (``Chaining.stages``). Searched in SE's order of
    levels with one table, each level gives the hints of a search of its own from scratch."""
    from grading.se import raw_difficulty
    from strategies.se.chain_nodes import EXTENDS
    from strategies.se.chaining import Chaining

    def keys(hints):
        return [k + (h.signature(),) for k, h in zip(_hint_keys(hints), hints)]

    grids = []
    for path in se_paths():
        for grid, st in positions(path):
            if st.rule == "Dynamic Forcing Chains (+)":
                grids.append(grid)
        if len(grids) >= 2:
            break
    carried = 0
    for grid in grids[:2]:
        stages: dict = {}
        for level in (0, 1, 2):
            kept = Chaining(True, True, False, level, raw_difficulty, stages=stages)
            fresh = Chaining(True, True, False, level, raw_difficulty)
            before = len(stages.get(EXTENDS.get(level, -1), {}))
            assert keys(kept.hints(grid.copy())) == keys(fresh.hints(grid.copy()))
            carried += before
    assert carried > 100  # level 1 and 2 did carry propagations on
