"""The chain core: what every chain engine of both programs takes its links from.

- **Candidate index.** A candidate ``(cell, d)`` is ``(d - 1) * 81 + cell`` (:func:`cand`,
  :func:`split`); a set of candidates is a 729-bit int, nine 81-bit slices, one a digit.
  Sudoku Explainer's engine numbers a candidate ``cell * 9 + d - 1`` (its twin in C reads
  the same keys); its tables are built here by the same rules (:func:`kill_table` with
  :data:`SE_INDEX`).
- **The direct-implication rule**, written once. A candidate *on* turns *off* the other
  candidates of its cell and its digit in the cells it sees (:data:`KILL`,
  :func:`weak_links`, in the order of houses a program visits them); a candidate *off* turns
  *on* the other candidate of a bivalue cell and the other place of its digit in each house
  where it had two (:func:`strong_links`). Propagations over a whole position read the
  rule's generalised form, the last candidate of a cell or the last place of a digit in a
  house (:func:`last_candidates`).
- **Closures**: what each node of an implication graph reaches, from one pass over its
  strongly connected components (:func:`components`, :func:`closures`).
- **Notation** both programs print their chains in: a literal (``r1c2=3``, ``r1c2<>3``), an
  Eureka term (``(3)r1c2``), the mark of a link (``=`` into an on literal, ``-`` into an off
  one).

HoDoKu's working copy (``Sudoku2.setCell`` with its singles queues) is
:mod:`strategies.hodoku.singles_queue`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from sudoku_logic.core.houses import ALL_CELLS, HOUSE_MASK, MASK_DIGITS, MASK_SIZE, PEERS

ALL81 = ALL_CELLS
ALL729 = (1 << 729) - 1
#: multiplying an 81-bit set by REP9 copies it into all nine digit slices
REP9 = sum(1 << (81 * k) for k in range(9))
#: a link's cause when it stays in one cell (a house is 0-26)
CELL = -1


def cand(cell: int, d: int) -> int:
    """The index of candidate ``(cell, d)``."""
    return (d - 1) * 81 + cell


def split(i: int) -> tuple[int, int]:
    """``(cell, digit)`` of a candidate index."""
    d, c = divmod(i, 81)
    return c, d + 1


def bits(x: int) -> Iterator[int]:
    """The set bits of ``x``, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


# ---------------------------------------------------------------------- the rule
def kill_table(at: Callable[[int, int], int], cell_links: bool = True) -> tuple[int, ...]:
    """By index ``at(cell, d)``: the candidates that candidate turns off when on (its digit in
    its peers, and with ``cell_links`` the other digits of its cell), as a set of ``at``
    bits (to be intersected with a position's candidates)."""
    # each candidate's bit, by digit then cell, and the bits of each cell's nine
    bit = [[0] * 81] + [[1 << at(c, d) for c in range(81)] for d in range(1, 10)]
    cell = [sum(bit[d][c] for d in range(1, 10)) if cell_links else 0 for c in range(81)]
    peers = [list(bits(PEERS[c])) for c in range(81)]
    out = [0] * 729
    for d in range(1, 10):
        bd = bit[d]
        for c in range(81):
            k = cell[c] & ~bd[c]
            for x in peers[c]:
                k |= bd[x]
            out[bd[c].bit_length() - 1] = k
    return tuple(out)


def SE_INDEX(cell: int, d: int) -> int:
    """Sudoku Explainer's index of candidate ``(cell, d)``."""
    return cell * 9 + d - 1


#: candidate index -> node id, for engines that number nodes by candidate index
IDENTITY = range(729)
#: by our candidate index: Sudoku Explainer's index, and its keys of the candidate's off
#: and on nodes (``SE_INDEX << 1``, ``| 1``)
SE_INDICES: tuple[int, ...] = tuple(SE_INDEX(i % 81, i // 81 + 1) for i in range(729))
SE_OFF_KEYS: tuple[int, ...] = tuple(i << 1 for i in SE_INDICES)
SE_ON_KEYS: tuple[int, ...] = tuple(k | 1 for k in SE_OFF_KEYS)


#: KILL[i]: the candidates candidate ``i`` on turns off (its digit in its peers, the other
#: digits of its cell)
KILL = kill_table(cand)


def weak_links(
    cands: Sequence[int],
    pos: Sequence[int],
    cell: int,
    d: int,
    segments: Sequence[tuple[int, int]],
    ids: Sequence[int],
    cell_links: bool = True,
    causes: bool = True,
    _digits: Sequence[tuple[int, ...]] = MASK_DIGITS,
) -> list:
    """What ``(cell, d)`` on turns off, in a program's order: with ``cell_links`` the cell's
    other candidates (digit order, cause :data:`CELL`), then ``d`` in each segment of peers
    (``(cells, house)``, cells in index order), as ``(ids[(e - 1) * 81 + x], cause)``, or
    the ids alone without ``causes``."""
    if cell_links:
        out = [
            (ids[(e - 1) * 81 + cell], CELL) if causes else ids[(e - 1) * 81 + cell]
            for e in _digits[cands[cell] & ~(1 << (d - 1))]
        ]
    else:
        out = []
    pd = pos[d]
    base = (d - 1) * 81 - 1
    for seg, h in segments:
        m = pd & seg
        while m:
            low = m & -m
            m ^= low
            out.append((ids[base + low.bit_length()], h) if causes else ids[base + low.bit_length()])
    return out


def strong_links(
    cands: Sequence[int],
    pos: Sequence[int],
    cell: int,
    d: int,
    houses: Sequence[int] | None,
    ids: Sequence[int],
    cell_links: bool = True,
    causes: bool = True,
    _size: Sequence[int] = MASK_SIZE,
    _house: Sequence[int] = HOUSE_MASK,
) -> list:
    """What ``(cell, d)`` off turns on, in a program's order: with ``cell_links`` the other
    candidate of a bivalue cell (cause :data:`CELL`), then, for each of ``houses`` (None: no
    house links) where ``d`` has two places, the other one (each candidate once), as
    ``(ids[index], cause)``, or the ids alone without ``causes``."""
    out: list = []
    if cell_links:
        m = cands[cell]
        if _size[m] == 2:
            i = ids[((m & ~(1 << (d - 1))).bit_length() - 1) * 81 + cell]
            out.append((i, CELL) if causes else i)
    if houses is not None:
        pd = pos[d]
        bit = 1 << cell
        got = 0  # the other places already linked (a box can repeat its line's)
        for h in houses:
            r = pd & _house[h]
            if r.bit_count() == 2:
                r &= ~bit
                if not r & got:
                    got |= r
                    i = ids[(d - 1) * 81 + r.bit_length() - 1]
                    out.append((i, h) if causes else i)
    return out


def strong_sets(
    cands: Sequence[int], pos: Sequence[int], cell_links: bool, house_links: bool, at: Sequence[int] = IDENTITY
) -> dict[int, int]:
    """By candidate, the set of candidates its off turns on, for the candidates that turn some
    on (cell links first, in cell order, then house links digit by digit): :func:`strong_links`
    for a whole position, unordered. Candidates numbered ``at[index]`` (keys and bits)."""
    out: dict[int, int] = {}
    get = out.get
    if cell_links:
        for c in range(81):
            m = cands[c]
            if MASK_SIZE[m] == 2:
                i = at[((m & -m).bit_length() - 1) * 81 + c]
                j = at[(m.bit_length() - 1) * 81 + c]
                out[i] = get(i, 0) | 1 << j
                out[j] = get(j, 0) | 1 << i
    if house_links:
        for d in range(1, 10):
            pd = pos[d]
            if not pd:
                continue
            base = (d - 1) * 81
            for hm in HOUSE_MASK:
                r = pd & hm
                if r.bit_count() == 2:
                    low = r & -r
                    i = at[base + low.bit_length() - 1]
                    j = at[base + (r ^ low).bit_length() - 1]
                    out[i] = get(i, 0) | 1 << j
                    out[j] = get(j, 0) | 1 << i
    return out


def last_candidates(rem: int, empty: int, naked_cells: int) -> tuple[int, int]:
    """The rule's generalised form on a whole position: of the candidates ``rem`` (a 729-bit
    set) left in the ``empty`` cells, ``(dead, single)``: the empty cells with none left, and
    the candidates alone in their cell among ``naked_cells``. (The houses' last places are
    checked digit by digit where a propagation changed them: :func:`last_places`.)"""
    o = t = 0
    r = rem
    for _ in range(9):
        s = r & ALL81
        t |= o & s
        o |= s
        r >>= 81
    single = o & ~t & naked_cells
    return empty & ~o, (single * REP9 & rem) if single else 0


def last_places(places: int, house_masks: Sequence[int], houses: int, only: int) -> tuple[int, int]:
    """Of one digit's ``places`` (an 81-bit set), in each of ``houses`` (a 27-bit set; the
    digit's places per house in ``house_masks``): ``(broken, single)``: the first house with
    none left (-1 for none) and the places left alone in a house among ``only`` (a 27-bit
    set of the houses whose last place counts)."""
    acc = 0
    while houses:
        low = houses & -houses
        h = low.bit_length() - 1
        houses ^= low
        x = places & house_masks[h]
        if not x:
            return h, acc
        if not (x & (x - 1)) and only >> h & 1:
            acc |= x
    return -1, acc


# ---------------------------------------------------------------------- closures
def components(
    succ: Sequence[Sequence[int] | None], n_nodes: int, beyond: Sequence[int] | None = None
) -> tuple[list[int], list[int]]:
    """The strongly connected components of the graph ``succ`` (each node's successors;
    None or empty for a node without any), from the nodes that have a list (Tarjan's
    algorithm, iterative): ``(comp, reach)``, each node's component (-1 if not reached) and,
    by component, the set of nodes it reaches, its own included, with ``beyond[v]`` (bits
    outside the graph a node ``v`` leads to) of every node reached. A component comes out
    after every component it reaches."""
    index = [-1] * n_nodes
    low = [0] * n_nodes
    comp = [-1] * n_nodes  # a node with an index and no component yet is on the stack
    comp_sets: list[int] = []
    stack: list[int] = []
    counter = 0
    # (a root is entered as its successors are below, written out again: a function or a
    # frame shared by both made it 9 % slower on HoDoKu's chain graphs)
    for root, first in enumerate(succ):
        if first is None or index[root] >= 0:
            continue
        index[root] = low[root] = counter
        counter += 1
        if not first:
            comp[root] = len(comp_sets)
            comp_sets.append(1 << root if beyond is None else 1 << root | beyond[root])
            continue
        stack.append(root)
        work = [(root, iter(first))]
        while work:
            v, it = work[-1]
            for w in it:
                iw = index[w]
                if iw < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    sw = succ[w]
                    if not sw:
                        # a sink (no list, or nothing follows): its own component
                        comp[w] = len(comp_sets)
                        comp_sets.append(1 << w if beyond is None else 1 << w | beyond[w])
                        continue
                    stack.append(w)
                    work.append((w, iter(sw)))
                    break
                if comp[w] < 0 and iw < low[v]:
                    low[v] = iw
            else:
                work.pop()
                lv = low[v]
                if work:
                    u = work[-1][0]
                    if lv < low[u]:
                        low[u] = lv
                if lv == index[v]:
                    cid = len(comp_sets)
                    reach = 0
                    members = []
                    while True:
                        w = stack.pop()
                        comp[w] = cid
                        reach |= 1 << w if beyond is None else 1 << w | beyond[w]
                        members.append(w)
                        if w == v:
                            break
                    # the components this one's links lead to (each once; all are complete)
                    later = set()
                    for w in members:
                        for x in succ[w]:  # type: ignore[union-attr]  # a member has successors
                            later.add(comp[x])
                    later.discard(cid)
                    for cx in later:
                        reach |= comp_sets[cx]
                    comp_sets.append(reach)
    return comp, comp_sets


def closures(succ: Sequence[Sequence[int] | None], n_nodes: int) -> list[int]:
    """For every node, the set of nodes it reaches through ``succ``, itself included (a node
    without a list: only itself)."""
    comp, comp_sets = components(succ, n_nodes)
    out = list(_SELF[:n_nodes]) if n_nodes <= len(_SELF) else [1 << v for v in range(n_nodes)]
    for v, s in enumerate(succ):
        if s is not None:
            out[v] = comp_sets[comp[v]]
    return out


#: ``1 << v`` for every node id a HoDoKu position can have (what a node without a table holds)
_SELF = tuple(1 << v for v in range(1458 + 2 * 18 * 9 * 3))


# ---------------------------------------------------------------------- notation
def literal(name: str, d: int, on: bool) -> str:
    """A literal of a chain: cells ``name``d ``=d`` (on) or ``<>d`` (off)."""
    return f"{name}={d}" if on else f"{name}<>{d}"


def term(d: int, name: str) -> str:
    """An Eureka term: ``(d)cells``."""
    return f"({d}){name}"


def link_mark(on: bool) -> str:
    """The mark of a link into a literal: ``=`` (strong, into an on literal) or ``-``."""
    return "=" if on else "-"
