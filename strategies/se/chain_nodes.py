"""The potentials and hints of Sudoku Explainer's chaining rules (SE's ``Potential`` and
``ChainingHint``): :class:`Node`, a candidate on or off with the nodes it follows from;
:class:`ChainHint`, a rule's hint with its chains, complexity and sort key; the keys, causes
and nesting suffixes the searches share (``strategies/se/chaining.py`` says how they are
found; the C engine's searches keep the same keys, ``sudoku_logic/native/se/forcing_chains_cycles.c``)."""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from sudoku_logic.core.grid import Grid


#: ``1 << i`` for every potential's key and every node index of a propagation (a node's
#: own bit in ancestor bit sets).
BIT: tuple[int, ...] = tuple(1 << k for k in range(1460))


#: The keys of the potentials ``(cell, d)`` off and on, by digit then cell:
#: ``OFF_KEY[d][cell]``, ``ON_KEY[d][cell]`` (read, not computed, in the propagation).
OFF_KEY: tuple[tuple[int, ...], ...] = tuple(
    tuple((c * 9 + d - 1) << 1 for c in range(81)) if d else () for d in range(10)
)


ON_KEY: tuple[tuple[int, ...], ...] = tuple(tuple(k | 1 for k in keys) for keys in OFF_KEY)


#: Node causes besides a house index 0-26 (a hidden single in that house).
NAKED = -1  # the last candidate of its cell


ADVANCED = -2  # an elimination of another rule (nested chains)


#: ``EXTENDS[level]``: the level whose propagations a dynamic rule's propagations continue.
#: A nested rule asks its other rules for eliminations only when a propagation stalls, the
#: basic rules first (level 1 has only those), then Forcing Chains (level 2), then Multiple
#: Forcing Chains (level 3); level 4 asks Dynamic Forcing Chains after the basic rules, level
#: 5 then level 2's chains too. So from one start on one grid, a level's propagation is the
#: one of the level it extends, carried on from where that one stopped (level 1 carries on
#: the plain dynamic propagation, level 0).
EXTENDS = {1: 0, 2: 1, 3: 2, 4: 1, 5: 4}


#: SE's nested suffixes of rule and hint names by level (``Chaining.getNestedSuffix``).
NESTED_SUFFIX = {
    0: "",
    1: " (+)",
    2: " (+ Forcing Chains)",
    3: " (+ Multiple Forcing Chains)",
    4: " (+ Dynamic Forcing Chains)",
    5: " (+ Dynamic Forcing Chains (+ Forcing Chains))",
}


def rule_techniques(multiple: bool, dynamic: bool, nishio: bool, level: int) -> tuple[str, ...]:
    """The names of the hints the rule ``Chaining(multiple, dynamic, nishio, level)`` can
    give."""
    if not multiple and not dynamic:
        return (
            "Bidirectional X-Cycle",
            "Bidirectional Y-Cycle",
            "Bidirectional Cycle",
            "Forcing X-Chain",
            "Forcing Chain",
        )
    if nishio:
        return ("Nishio Forcing Chains",)
    if not dynamic:
        return ("Cell Forcing Chains", "Region Forcing Chains")
    return tuple(
        f"Dynamic {k} Forcing Chains{NESTED_SUFFIX[level]}" for k in ("Contradiction", "Double", "Cell", "Region")
    )


class _ChainingBase:
    """What the parts of :class:`~strategies.se.chaining.Chaining` (its mixins
    :class:`ForcingChainsCycles`, :class:`MultipleForcingChains`,
    :class:`DynamicForcingChains`) share, and what a hint reads of the rule that made it:
    the rule's settings and a search's state, as ``Chaining.__init__`` sets and describes
    them. Annotations only, for the type checker: the class holds nothing at run time."""

    multiple: bool
    dynamic: bool
    nishio: bool
    level: int
    difficulty: Callable[[object], float]
    store: dict[int, tuple] | None
    stages: dict | None
    #: the grid being searched, and during a propagation the candidates it started from
    #: (both None between searches, when nothing reads them)
    grid: Grid
    source: tuple[list[int], list[int]]
    cap: int | None
    _runs: dict | None
    _nested_rules: list | None
    _memo: dict[int, tuple[dict, dict, tuple[tuple, tuple] | None]]
    _scc: dict[int, int] | None
    _links: dict
    name: Callable[[], str]


class Node:
    """A potential: ``cell``, digit ``d``, ``on`` or off, with the nodes it follows from
    (``parents``, the first being the one that triggered it), why (``cause``: a house,
    :data:`NAKED` or :data:`ADVANCED`) and, for an elimination of a nested chain, that
    chain's hint (``nested``). ``key`` identifies the potential: nodes with the same key
    are the same potential reached differently."""

    __slots__ = ("cell", "d", "on", "key", "parents", "cause", "nested", "anc")

    def __init__(
        self,
        cell: int,
        d: int,
        on: bool,
        parents: list | None = None,
        cause: int | None = None,
        nested: ChainHint | None = None,
        anc: int = 0,
    ) -> None:
        self.cell = cell
        self.d = d
        self.on = on
        self.key = key = ((cell * 9 + d - 1) << 1) | on
        self.parents = parents if parents is not None else []
        self.cause = cause
        self.nested = nested
        #: the node and all its ancestors as a bit set, one bit each, its size SE's
        #: ancestor count: bits by key (``anc``: its ancestors' as known when it is made;
        #: :func:`_anc` completes it once the parents are final), or, for nodes of the
        #: multiple and dynamic searches, by index in the propagation that made them
        self.anc = anc | BIT[key]

    def __repr__(self) -> str:
        return f"r{self.cell // 9 + 1}c{self.cell % 9 + 1}{'=' if self.on else '<>'}{self.d}"


def _anc(node: Node) -> Node:
    """Complete ``node.anc`` from its parents' (call once its parents are final)."""
    a = BIT[node.key]
    for p in node.parents:
        a |= p.anc
    node.anc = a
    return node


def _root(key: int) -> tuple:
    """The light node of a chain's start (see :func:`_light_ancestors`): the first node
    of its propagation."""
    return (key, 1, (), None, None)


def _light_ancestors(node: tuple) -> list[tuple]:
    """:func:`ancestors` of a light node ``(key, ancestors, parents, cause, nested hint)``,
    the form the multiple and dynamic searches make their nodes in (``ancestors``: the node
    and its ancestors as a bit set of their indices in the propagation that made them)."""
    return _breadth_first(node, _LIGHT_KEY, _LIGHT_PARENTS)


_LIGHT_KEY = itemgetter(0)
_LIGHT_PARENTS = itemgetter(2)
_NODE_KEY = attrgetter("key")
_NODE_PARENTS = attrgetter("parents")


def _breadth_first(node, key: Callable, parents: Callable) -> list:
    """``node`` and every node it follows from (``parents(node)``), each potential
    (``key(node)``) once, breadth first as SE's ``ChainingHint.getChain`` lists them."""
    out = []
    done = set()
    todo = [node]
    while todo:
        nxt = []
        for p in todo:
            k = key(p)
            if k not in done:
                done.add(k)
                out.append(p)
                nxt.extend(parents(p))
        todo = nxt
    return out


def _materialize(light: list[tuple]) -> list[Node]:
    """The :class:`Node` chains of light nodes (one node per light node, parents shared)."""
    made: dict[int, Node] = {}
    cell_digit = _CELL_DIGIT
    for top in light:
        stack = [top]
        while stack:
            e = stack[-1]
            if id(e) in made:
                stack.pop()
                continue
            todo = [p for p in e[2] if id(p) not in made]
            if todo:
                stack.extend(reversed(todo))
                continue
            stack.pop()
            key = e[0]
            c, v = cell_digit[key >> 1]
            n = Node(c, v, bool(key & 1), [made[id(p)] for p in e[2]], e[3], e[4])
            n.anc = e[1]
            made[id(e)] = n
    return [made[id(t)] for t in light]


def ancestors(node: Node) -> list[Node]:
    """``node`` and every node it follows from, each potential once, breadth first as SE's
    ``ChainingHint.getChain`` lists them."""
    return _breadth_first(node, _NODE_KEY, _NODE_PARENTS)


def ancestor_count(node: Node) -> int:
    """SE's ``getAncestorCount``: distinct potentials among ``node`` and its ancestors."""
    return node.anc.bit_count()


class ChainHint:
    """One hint of SE's chaining rules.

    ``kind``: ``cycle``, ``forcing`` (a plain forcing chain), ``binary`` (contradiction,
    double implication or Nishio), ``cell`` or ``region`` (reductions). ``targets``: the
    chains' last nodes, in SE's order (``getChainsTargets``). ``removable``: the
    eliminations as ``(cell, digit)`` pairs, sorted; ``placement``: the digit placed, if the
    hint's result is an on node. ``technique`` and ``facts`` let the SE scale rate it."""

    __slots__ = (
        "kind",
        "rule",
        "_targets",
        "_light",
        "removable",
        "placement",
        "x",
        "y",
        "absurd",
        "_source",
        "source_cell",
        "house",
        "digit",
        "technique",
        "facts",
        "start",
        "_complexity",
        "_signature",
    )

    def __init__(
        self,
        kind: str,
        rule: _ChainingBase,
        targets: list[Node] | list[tuple],
        removable: list,
        placement: tuple[int, int] | None,
        *,
        x: bool = True,
        y: bool = True,
        absurd: bool = False,
        source: Node | tuple | None = None,
        source_cell: int = -1,
        house: int = -1,
        digit: int = 0,
        light: bool = False,
    ) -> None:
        self.kind = kind
        self.rule = rule
        #: ``light``: the targets (and source) are light nodes, made into :class:`Node`
        #: chains when first read
        self._light = light
        self._targets: list = targets  # Nodes, or light nodes (tuples) while _light
        self.removable = removable
        self.placement = placement
        self.x = x
        self.y = y
        self.absurd = absurd
        self._source: Any = source  # a Node, a light node (tuple) while _light, or None
        self.source_cell = source_cell
        self.house = house
        self.digit = digit
        self._complexity = -1
        self._signature: tuple | None = None
        #: for unary hints, (cell, digit, search) of the search that made it
        self.start: tuple[int, int, int] | None = None
        self.technique = self._name()
        self.facts: dict[str, int] | None = None

    @property
    def targets(self) -> list[Node]:
        """The chains' last nodes."""
        if self._light:
            self._targets = _materialize(self._targets)
            if self._source is not None:
                self._source = _materialize([self._source])[0]
            self._light = False
        return self._targets

    @property
    def source(self) -> Node | None:
        """A binary hint's starting potential."""
        if self._light:
            self.targets  # noqa: B018 -- makes the light nodes into Nodes
        return self._source

    # ------------------------------------------------------------------ rating facts
    def flat_complexity(self) -> int:
        """SE's ``getFlatComplexity``: the ancestors of each chain counted on their own
        (a cycle counts its one chain)."""
        if self._light:
            return sum(t[1].bit_count() for t in self._targets)
        if self.kind in ("cycle", "forcing"):
            return ancestor_count(self.targets[0])
        return sum(ancestor_count(t) for t in self.targets)

    def nested_chains(self) -> list[ChainHint]:
        """The distinct nested chains the chains rely on (SE's ``FullChain`` equality)."""
        out: list[ChainHint] = []
        seen = set()
        if self._light:
            if not self.rule.level:
                return out  # only nesting rules make nodes with a nested chain
            found = [p[4] for t in self._targets for p in _light_ancestors(t)]
        else:
            found = [p.nested for t in self.targets for p in ancestors(t)]
        for nested in found:
            if nested is not None:
                sig = nested.signature()
                if sig not in seen:
                    seen.add(sig)
                    out.append(nested)
        return out

    def complexity(self) -> int:
        """SE's ``getComplexity``: flat complexity plus that of each distinct nested chain."""
        if self._complexity < 0:
            self._complexity = self.flat_complexity() + sum(n.complexity() for n in self.nested_chains())
        return self._complexity

    def signature(self) -> tuple:
        """What makes two hints' chains equal for SE (``FullChain.equals``)."""
        if self._signature is None:
            if self._light:
                self._signature = tuple((t[0], tuple(p[0] for p in _light_ancestors(t))) for t in self._targets)
            else:
                self._signature = tuple((t.key, tuple(p.key for p in ancestors(t))) for t in self.targets)
        return self._signature

    def sort_key(self) -> int:
        """SE's ``getSortKey``: among equally hard and complex hints, double implications
        first, then cycles and forcing chains (X, Y, XY), cell, region, contradictions."""
        if self.kind in ("cycle", "forcing"):
            return 4 if (self.x and self.y) else 3 if self.y else 2
        if self.kind == "binary":
            return 7 if self.absurd else 1
        return 5 if self.kind == "cell" else 6

    def rate(self) -> dict[str, int]:
        """Record the facts the SE scale rates (complexity, sort key, nesting level); they are
        returned too."""
        facts = self.facts = {"complexity": self.complexity(), "sort": self.sort_key(), "level": self.rule.level}
        return facts

    def _name(self) -> str:
        rule = self.rule
        if self.kind == "cycle":
            return (
                "Bidirectional Cycle"
                if self.x and self.y
                else ("Bidirectional Y-Cycle" if self.y else "Bidirectional X-Cycle")
            )
        if self.kind == "forcing":
            return "Forcing Chain" if self.x and self.y else "Forcing X-Chain"
        if rule.nishio:
            return "Nishio Forcing Chains"
        what = {"cell": "Cell", "region": "Region"}.get(self.kind) or ("Contradiction" if self.absurd else "Double")
        prefix = "Dynamic " if rule.dynamic or rule.level > 0 else ""
        return f"{prefix}{what} Forcing Chains{NESTED_SUFFIX[rule.level]}"

    def rule_name(self) -> str:
        """SE's name of the rule that found the hint (``Forcing Chains & Cycles``, ...)."""
        return self.rule.name()

    def effect_key(self) -> frozenset:
        """What SE compares to drop duplicate hints: the eliminations."""
        return frozenset(self.removable)


class _Probe:
    """What the SE scale needs to rate a would-be hint: a technique and a complexity."""

    __slots__ = ("technique", "facts")

    def __init__(self, technique: str, complexity: int) -> None:
        self.technique = technique
        self.facts = {"complexity": complexity}


def _as_node(entry: tuple, source: Node) -> Node:
    """The :class:`Node` chain of a search's light node ``(key, ancestors as a bit set,
    light parent, cause)``, back to ``source`` (the light root stands for it)."""
    entries = []
    while entry[2] is not None:
        entries.append(entry)
        entry = entry[2]
    node = source
    cell_digit = _CELL_DIGIT
    for key, anc, _, cause in reversed(entries):
        c, v = cell_digit[key >> 1]
        node = Node(c, v, bool(key & 1), [node], cause)
        node.anc = anc
    return node


def _reversed_cycle(dst_on: Node) -> Node:
    """SE's ``getReversedCycle``: the cycle walked the other way, every node's state
    flipped (each keeps the cause of the node it replaces)."""
    chain = []
    p: Node | None = dst_on
    while p is not None:
        chain.append(p)
        p = p.parents[0] if p.parents else None
    rev = [Node(n.cell, n.d, not n.on, None, n.cause) for n in chain]
    for a, b in zip(rev, rev[1:]):
        a.parents.append(b)
    for n in reversed(rev):
        _anc(n)
    return rev[0]


#: (cell, digit) of each candidate index ``cell * 9 + digit - 1``
_CELL_DIGIT: tuple[tuple[int, int], ...] = tuple((i // 9, i % 9 + 1) for i in range(729))
