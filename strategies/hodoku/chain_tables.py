"""HoDoKu's chain tables (``TableEntry`` after ``TablingSolver.expandTables``): the facts
that follow from one premise, each with the entry it came from, in the order HoDoKu
appends them, so that the chain it builds back from a fact is HoDoKu's chain.

A table starts with the premise's direct consequences (its links in the graph of
:mod:`strategies.hodoku.tabling`) and is *expanded*: every entry's own direct
consequences are appended in turn, each fact reached first by the shortest chain (at most
:data:`MAX_ENTRIES` entries). With ALS nodes links have lengths, and an entry met again
by a shorter way changes its parent (:func:`weighted_table`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sudoku_logic.core.houses import cell_list

#: HoDoKu's ``Options.maxTableEntryLength``: a table holds at most this many entries.
MAX_ENTRIES = 1000

#: a link's length in HoDoKu's tables: an entry is one more than the entry it comes from
#: (``TableEntry.addEntry``) and the premise itself counts 1, so each link adds 2
LINK = 2


@dataclass(slots=True)
class ChainTable:
    """One premise's chain table as HoDoKu expands it: ``order`` (the entries, premise
    first), ``parent`` of each entry (of the premise: -1), ``hits`` (the entries among the
    targets the table was built for, in table order). ``full``: the table reached HoDoKu's
    limit of entries. A table expanded only as far as asked (:func:`lazy_table`) keeps its
    links (``succ``) and the index of the next entry to expand (``-1``: complete)."""

    premise: int
    order: list[int]
    parent: dict[int, int]
    hits: list[int]
    full: bool
    succ: list | None = None
    #: each entry's distance from the premise, kept for tables through ALS nodes
    #: (:func:`weighted_table`); elsewhere an entry's distance is its number of links
    dist: dict[int, int] | None = None
    next_entry: int = field(init=False)

    def __post_init__(self) -> None:
        self.next_entry = 0 if self.succ is not None else -1

    def reach(self, target: int) -> bool:
        """Whether the table holds ``target``, expanding a lazily built table (entry by
        entry, in HoDoKu's order) until it does or is complete."""
        parent = self.parent
        if target in parent:
            return True
        j = self.next_entry
        if j < 0:
            return False
        succ = self.succ
        order = self.order
        size = len(order)
        while j < size:
            u = order[j]
            j += 1
            s = succ[u]  # type: ignore[index]  # next_entry >= 0 only while succ is set
            if not s:
                continue
            for w in s:
                if w not in parent:
                    if size >= MAX_ENTRIES:
                        self.full = True
                        self.next_entry = -1
                        return target in parent
                    parent[w] = u
                    order.append(w)
                    size += 1
            if target in parent:
                self.next_entry = j
                return True
        self.next_entry = -1
        return False

    def complete(self) -> ChainTable:
        """The table with every entry (a lazily built one expanded to the end)."""
        if self.next_entry >= 0:
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


def chain_table(premise: int, succ: list, targets: int, beyond_direct: bool = False) -> ChainTable:
    """The chain table of ``premise`` (HoDoKu's ``expandTables`` on chain tables: entries in
    the order they are appended, each with the first entry implying it), expanded until it
    holds every node of the set ``targets`` (the entries it has then are those of the full
    table, in the same order; :func:`lazy_table` builds a whole one). ``beyond_direct``:
    only targets more than one link away are wanted (a direct consequence of the premise is
    no target, nor among ``hits``)."""
    order = [premise]
    parent = {premise: -1}
    hits: list[int] = []
    wanted = set(cell_list(targets & ~(1 << premise)))
    if beyond_direct:
        wanted.difference_update(succ[premise])
    left = len(wanted)
    if not left:
        return ChainTable(premise, order, parent, hits, False)
    j = 0
    size = 1
    full = False
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


def weighted_table(premise: int, succ: list, weights: dict[int, list[int]]) -> ChainTable:
    """The whole chain table of ``premise`` when links have lengths (HoDoKu's
    ``expandTables`` with ALS nodes): entries are appended in the order their parents are
    expanded, as in :func:`chain_table`, each at its parent's distance plus the link's
    length (:data:`LINK`, or ``weights``' for the links out of an ALS node); an entry met
    again by a strictly shorter way is re-parented (not the premise's direct consequences,
    and the distances of entries already derived from it stay)."""
    order = [premise]
    parent = {premise: -1}
    dist = {premise: 0}
    direct = set(succ[premise])
    full = False
    j = 0
    while j < len(order):
        if len(order) >= MAX_ENTRIES:
            full = True  # HoDoKu stops expanding a full table
            break
        u = order[j]
        j += 1
        s = succ[u]
        if not s:
            continue
        base = dist[u]
        ws = weights.get(u)
        for k, w in enumerate(s):
            d = (base + (ws[k] if ws is not None else LINK)) & 0x1FF  # HoDoKu keeps 9 bits
            if w in parent:
                if w != premise and w not in direct and dist[w] > d:
                    parent[w] = u
                    dist[w] = d
            elif len(order) >= MAX_ENTRIES:
                continue  # full: HoDoKu drops new entries, still shortens the others
            else:
                parent[w] = u
                dist[w] = d
                order.append(w)
    return ChainTable(premise, order, parent, [], full, dist=dist)
