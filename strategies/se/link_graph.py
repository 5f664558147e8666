"""The graph of a grid's implications and what it tells the chaining searches before they
run (twin of ``sudoku_logic/native/se/link_graph.c``): :class:`LinkGraph` (its strongly
connected components and what each node reaches), :func:`unary_parts` (which unary searches
can make a hint), :func:`new_links` and :class:`_UnarySearches` (which searches of a nested
chain can cross a strong link the chain made, the only ones whose hints have rule parents)."""

from __future__ import annotations

from strategies.chain_core import ALL729, SE_INDICES, bits, components, strong_sets
from strategies.se.chain_links import _WEAK, _WEAK_HOUSE
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT, HOUSE_MASK, MASK_DIGITS, MASK_SIZE

#: every off node's key (the even bits of a set of node keys)
_OFF_KEYS = int("01" * 729, 2)


def new_links(grid: Grid, source: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    """The strong links ``grid`` has and ``source`` lacks, as the keys of the off nodes
    that turn their other end on: ``(cell links, house links)``, a cell link for both
    candidates of a bivalue cell that had more, a house link for both places of a digit
    in a house that had more."""
    cands, pos = grid.cands, grid.pos
    src_cands, src_pos = source
    cells: list[int] = []
    houses: list[int] = []
    for cell in range(81):
        m = cands[cell]
        if MASK_SIZE[m] == 2 and src_cands[cell] != m:
            for v in MASK_DIGITS[m]:
                cells.append((cell * 9 + v - 1) << 1)
    for d in range(1, 10):
        pd, sd = pos[d], src_pos[d]
        if pd == sd:
            continue
        for h in range(27):
            hm = HOUSE_MASK[h]
            r = pd & hm
            if r.bit_count() == 2 and sd & hm != r:
                while r:
                    low = r & -r
                    houses.append(((low.bit_length() - 1) * 9 + d - 1) << 1)
                    r ^= low
    return cells, houses


class _UnarySearches:
    """Which unary searches (:meth:`Chaining._unary`'s parts) from each candidate of a
    grid can make a hint, and which one that crosses given new strong links, read off the
    strongly connected components of the grid's implications (``graph``: its
    :class:`LinkGraph` with every link, so a pass that uses fewer gets a superset)."""

    def __init__(self, graph: LinkGraph, cell_tails: list[int], house_tails: list[int]) -> None:
        #: the components with more than one node (all links: each pass's cycles stay
        #: inside their start's)
        self.scopes = graph.scopes
        component = graph.component
        tails = 0
        heads_on = heads_off = 0
        for k in cell_tails + house_tails:
            tails |= 1 << (k >> 1)
            a, b = graph.on_reach(k >> 1)
            heads_on |= a
            heads_off |= b
        #: components holding a new link, by the links a pass uses
        comps_cell = {component(k) for k in cell_tails}
        comps_house = {(component(k), (k >> 1) % 9) for k in house_tails}
        comps_any = comps_cell | {c for c, _ in comps_house}
        self._graph = graph
        self._possible: list[int] | None = None
        live_x = [0] * 729
        live_y = [0] * 729
        live_xy = [0] * 729
        scopes = self.scopes
        m = heads_on | heads_off
        for key in scopes:
            m |= 1 << (key >> 1)
        m &= graph.cands
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            chains = 0
            if heads_off & low:
                on_on, on_off = graph.on_reach(i)
                if on_off & low and on_off & tails:
                    chains = 2
            if heads_on & low:
                off_on, off_off = graph.off_reach(i)
                if off_on & low and off_off & tails:
                    chains |= 4
            if ((i << 1) | 1) in scopes:
                c_on = component((i << 1) | 1)
                live_x[i] = chains | ((c_on, i % 9) in comps_house)
                live_y[i] = int(c_on in comps_cell)
                live_xy[i] = chains | (c_on in comps_any)
            else:
                live_x[i] = live_xy[i] = chains
        self._live = {(False, True): live_x, (True, False): live_y, (True, True): live_xy}

    def live(self, y: bool, x: bool) -> list[int]:
        """By candidate (``cell * 9 + digit - 1``), the searches of the pass that can make
        a hint crossing a new link."""
        return self._live[(y, x)]

    @property
    def possible(self) -> list[int]:
        """By candidate, the searches that can make a hint at all (:meth:`LinkGraph.parts`)."""
        if self._possible is None:
            self._possible = self._graph.parts()
        return self._possible


class LinkGraph:
    """What the implications of one unary pass ``(y, x)`` on ``grid`` can reach (the links
    :func:`node_links` gives, without drawing them): for each node, what it leads to, and
    the strongly connected components with more than one node.

    Only an off node that starts a strong link (the other candidate of a bivalue cell with
    ``y``, the other place of its digit in a house with two with ``x``) leads anywhere from
    an off node, and only the on nodes at those links' other ends are led to from one; so
    every cycle, and every path longer than one link, runs through that small part of the
    graph. Its components and what each reaches are worked out there (Tarjan's algorithm);
    every other node reaches its own successors and what those reach. Sets are pairs of
    729-bit sets of candidate indices: ``(on nodes, off nodes)``."""

    __slots__ = ("cands", "weak", "strong", "starts", "_comp", "_reach", "scopes", "known_on_reach")

    def __init__(self, grid: Grid | _DigitPlaces, y: bool, x: bool) -> None:
        cands, pos = grid.cands, grid.pos
        all_cands = 0
        for c in range(81):
            m = cands[c]
            if m:
                all_cands |= m << (9 * c)
        #: the grid's candidates as a 729-bit set
        self.cands = all_cands
        self.weak = _WEAK if y else _WEAK_HOUSE
        #: candidate index -> 729-bit set of the on nodes its off node turns on
        strong = strong_sets(cands, pos, y, x, SE_INDICES)
        self.strong = strong
        starts = 0
        for i in strong:
            starts |= 1 << i
        #: 729-bit set of the candidates whose off node starts a strong link
        self.starts = starts
        #: node key -> component index, for the nodes of the part with strong links
        self._comp: dict[int, int] = {}
        #: by component: what it reaches, (on, off)
        self._reach: list[tuple[int, int]] = []
        #: on node key -> its component's nodes as a bit set of keys, for components with
        #: more than one node
        self.scopes: dict[int, int] = {}
        self._components()
        #: by candidate index: :meth:`on_reach` once asked for, else None
        self.known_on_reach: list[tuple[int, int] | None] = [None] * 729

    def _components(self) -> None:
        """The components of the part with strong links and what each reaches (the chain
        core's :func:`components`, nodes numbered ``729 * on + index``: an on node's
        successors are the starts it turns off; every off node it turns off is reached)."""
        weak, cands, strong, starts = self.weak, self.cands, self.strong, self.starts
        succ: list[list[int] | None] = [None] * 1458
        beyond = [0] * 1458
        for i, s in strong.items():
            succ[i] = [729 + j for j in bits(s)]
            off = weak[i] & cands
            succ[729 + i] = list(bits(off & starts))
            beyond[729 + i] = off
        comp, comp_sets = components(succ, 1458, beyond)
        self._reach = [(r >> 729, r & ALL729) for r in comp_sets]
        members: dict[int, int] = {}
        for i in strong:
            for key, node in ((i << 1, i), ((i << 1) | 1, 729 + i)):
                c = self._comp[key] = comp[node]
                members[c] = members.get(c, 0) | 1 << key
        for key, c in self._comp.items():
            if key & 1 and members[c] & (members[c] - 1):
                self.scopes[key] = members[c]

    def on_reach(self, i: int) -> tuple[int, int]:
        """What the on node of candidate ``i`` leads to, itself included: (on, off)."""
        done = self.known_on_reach[i]
        if done is not None:
            return done
        c = self._comp.get((i << 1) | 1)
        if c is not None:
            done = self.known_on_reach[i] = self._reach[c]
            return done
        off = self.weak[i] & self.cands
        on = 1 << i
        m = off & self.starts
        while m:
            low = m & -m
            m ^= low
            a, b = self._reach[self._comp[(low.bit_length() - 1) << 1]]
            on |= a
            off |= b
        done = self.known_on_reach[i] = (on, off)
        return done

    def off_reach(self, i: int) -> tuple[int, int]:
        """What the off node of candidate ``i`` leads to, itself included: (on, off)."""
        c = self._comp.get(i << 1)
        if c is not None:
            return self._reach[c]
        return 0, 1 << i

    def component(self, key: int) -> int:
        """An index of the node's component, the same for the nodes of one component
        (-1 for a node alone in its component outside the part with strong links)."""
        return self._comp.get(key, -1)

    def parts(self) -> list[int]:
        """By candidate index, the unary searches (:meth:`Chaining._unary`'s parts) that can
        make a hint at all in this pass: a cycle needs its start's on node in a component
        with more than one node; a forcing chain from the start on (off) needs the start off
        (on) reachable from it."""
        out = [0] * 729
        # only an on node next to a strong link's start (its other end among them) leads
        # further than its own successors; only an off node at a start leads anywhere
        near = self.starts
        weak = self.weak
        m = self.starts
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            near |= weak[i]
        m = near & self.cands
        scopes = self.scopes
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            p = 1 if ((i << 1) | 1) in scopes else 0
            if self.on_reach(i)[1] & low:
                p |= 2
            if self.off_reach(i)[0] & low:
                p |= 4
            out[i] = p
        return out


class _DigitPlaces:
    """The candidates of one digit of a grid, alone (what :class:`LinkGraph` reads of a
    grid: ``cands`` and ``pos``), for a pass whose links never leave a digit."""

    __slots__ = ("cands", "pos")

    def __init__(self, d: int, places: int) -> None:
        self.pos = [0] * 10
        self.pos[d] = places
        bit = DIGIT_BIT[d]
        self.cands = [bit if places >> c & 1 else 0 for c in range(81)]


def unary_parts(grid: Grid | _DigitPlaces, y: bool, x: bool) -> tuple[list[int], dict[int, int]]:
    """By candidate (``cell * 9 + digit - 1``), the unary searches of a pass
    (:meth:`Chaining._unary`'s ``parts``) that can make a hint at all on ``grid``
    (:meth:`LinkGraph.parts`), and the pass's strongly connected components with more
    than one node (on node key -> the component's node keys as a bit set): a cycle never
    leaves its start's."""
    graph = LinkGraph(grid, y, x)
    return graph.parts(), graph.scopes
