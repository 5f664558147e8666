"""Link tables for chains and loops: strong and weak inferences between candidates.

A *node* is one candidate (a digit in one cell) or, in grouped tables, a *group node*: the
two or three cells of a line-box intersection that hold a digit (as HoDoKu defines them).
Node ids: the candidate ``d`` in cell ``c`` is ``(d - 1) * 81 + c`` (0..728), so the 81-bit
set of cells holding ``d`` shifted by ``(d - 1) * 81`` is the set of those nodes; group
nodes are numbered from 729 on.

Every node can be ON (true) or OFF (false). The table stores, as bit sets over node ids:

- ``weak[n]``: nodes turned OFF when ``n`` is ON (same digit in a shared house, or another
  digit of the same cell): a *weak link*.
- ``strong[n]``: nodes turned ON when ``n`` is OFF (the only other place of the digit in a
  house, or the other digit of a bivalue cell): a *strong link*.

Both relations are symmetric. Tables are built once per position and cached by the
position's key, so every chain technique asking about the same grid shares them.
"""

from __future__ import annotations

from functools import cached_property

from sudoku_logic.core.context import SolveContext, bounded_put
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    ALL_CELLS,
    HOUSE_CELLS,
    HOUSE_MASK,
    MASK_DIGITS,
    MASK_SIZE,
    cell_list,
    cells_name,
    house_name,
    seen_by_all,
)
from sudoku_logic.strategies.chaining.chain_core import KILL, strong_sets

HOUSE_CELLS_LIST = [list(h) for h in HOUSE_CELLS]

NCAND = 729
#: Node bits of every candidate of one digit: ``DIGIT_NODES[d]``.
DIGIT_NODES = [0] + [ALL_CELLS << ((d - 1) * 81) for d in range(1, 10)]
#: Node bits of the nine candidates of one cell: ``CELL_NODES[c]``.
CELL_NODES = [sum(1 << ((d - 1) * 81 + c) for d in range(1, 10)) for c in range(81)]


def node_id(cell: int, d: int) -> int:
    """Id of the single-candidate node ``d`` in ``cell``."""
    return (d - 1) * 81 + cell


def _line_box() -> list[tuple[int, int, int]]:
    out = []
    for line in range(18):
        for b in range(18, 27):
            m = HOUSE_MASK[line] & HOUSE_MASK[b]
            if m:
                out.append((line, b, m))
    return out


_LINE_BOX = _line_box()


class LinkTable:
    """Strong and weak links of one position (see the module docstring).

    Attributes: ``digit[n]``, ``cells[n]`` (81-bit set), ``weak[n]``, ``strong[n]`` (node bit
    sets), ``n`` (number of node ids), ``grouped`` (whether group nodes are included),
    ``first_group`` (id of the first group node), ``group_houses[n]`` (line, box) of a group.
    """

    def __init__(self, grid: Grid, grouped: bool, als: bool = False) -> None:
        self.grouped = grouped
        self.als = als
        self.first_group = NCAND
        self.grid = grid
        # the candidates' nodes first (group and ALS nodes are appended)
        self.digit = digit = [0] * NCAND
        self.cells = cells = [0] * NCAND
        self.weak = weak = [0] * NCAND
        self.strong = strong = [0] * NCAND
        pos = grid.pos
        allc = 0
        for d in range(1, 10):
            allc |= pos[d] << ((d - 1) * 81)
        strong_of = strong_sets(grid.cands, pos, True, True)
        for d in range(1, 10):
            off = (d - 1) * 81
            for c in cell_list(pos[d]):
                n = off + c
                digit[n] = d
                cells[n] = 1 << c
                weak[n] = KILL[n] & allc
                strong[n] = strong_of.get(n, 0)
        self.group_houses: dict[int, tuple[int, int]] = {}
        if grouped:
            self._add_groups(digit, cells, weak, strong)
        #: Reverse adjacency (who links *into* a node); the same lists unless ALS nodes,
        #: whose links are one-way, are present.
        self.weak_in = weak
        self.strong_in = strong
        #: ALS nodes: id -> (cell set, candidate mask, entry digit).
        self.als_nodes: dict[int, tuple[int, int, int]] = {}
        #: Forcing nodes after an ALS: id -> (cell, mask of the digits it loses, forced digit).
        self.forcing_nodes: dict[int, tuple[int, int, int]] = {}
        self.first_als = len(digit)
        if als:
            self._add_als()
        self.n = len(self.digit)
        self._derived: dict = {}

    @cached_property
    def first(self) -> list[int]:
        """Each node's first cell (lowest index; -1 for ids without a candidate): the lasso
        check compares nodes by it."""
        return [(x & -x).bit_length() - 1 for x in self.cells]

    @cached_property
    def first_bit(self) -> list[int]:
        """Each node's first cell as a one-bit cell set."""
        return [x & -x for x in self.cells]

    def _add_groups(self, digit, cells, weak, strong) -> None:
        """Append HoDoKu's group nodes and their links (TablingSolver.fillTablesWithGroupNodes)."""
        pos = self.grid.pos
        groups: list[tuple[int, int, int, int]] = []  # (digit, cells, line, box)
        for line, b, inter in _LINE_BOX:
            for d in range(1, 10):
                g = pos[d] & inter
                if g.bit_count() >= 2:
                    groups.append((d, g, line, b))
        base = len(digit)
        for i, (d, g, line, b) in enumerate(groups):
            digit.append(d)
            cells.append(g)
            weak.append(0)
            strong.append(0)
            self.group_houses[base + i] = (line, b)
        by_house: dict[tuple[int, int], list[int]] = {}
        for i, (d, _g, line, b) in enumerate(groups):
            by_house.setdefault((d, line), []).append(base + i)
            by_house.setdefault((d, b), []).append(base + i)
        for i, (d, g, line, b) in enumerate(groups):
            n = base + i
            p = pos[d]
            off = (d - 1) * 81
            seen = seen_by_all(g) & p
            # ON group -> every candidate seeing all its cells OFF (and back).
            weak[n] |= seen << off
            for c in cell_list(seen):
                weak[off + c] |= 1 << n
            for h in (b, line):
                rest = p & HOUSE_MASK[h] & ~g
                if rest.bit_count() == 1:
                    c = rest.bit_length() - 1
                    strong[n] |= 1 << (off + c)
                    strong[off + c] |= 1 << n
            # Group to group: same digit, a shared house, no overlap.
            for h in (line, b):
                others = [m for m in by_house.get((d, h), ()) if m != n and not cells[m] & g]
                for m in others:
                    weak[n] |= 1 << m
                if len(others) == 1:
                    g2 = cells[others[0]]
                    if not p & HOUSE_MASK[h] & ~g & ~g2:
                        strong[n] |= 1 << others[0]

    def _add_als(self) -> None:
        """Append ALS nodes (HoDoKu's TablingSolver.fillTablesWithAls, without forcings).

        An ALS node ``a`` stands for an almost locked set A (n cells of one house holding n+1
        digits, n >= 2) entered through digit j. Its OFF literal reads "j is not in A" and is
        reached by a weak link from every j that sees all of A's j-cells; its ON literal reads
        "the other digits of A are locked in A" (a one-way strong link OFF(a) -> ON(a)); from
        there weak links lead to every candidate k that sees all of A's k-cells, to group
        nodes made only of such candidates, and to other ALS nodes whose k-cells are all such
        candidates."""
        grid = self.grid
        pos, cands = grid.pos, grid.cands
        digit, cells = self.digit, self.cells
        weak = list(self.weak)
        strong = list(self.strong)
        weak_in = list(self.weak)
        strong_in = list(self.strong)
        alses = find_alses(grid)
        # per ALS and digit: its cells with the digit and the candidates that see them all
        info = []
        for am, dm in alses:
            per = {}
            for m in MASK_DIGITS[dm]:
                mc = 0
                for c in cell_list(am):
                    if cands[c] >> (m - 1) & 1:
                        mc |= 1 << c
                per[m] = (mc, seen_by_all(mc) & pos[m] & ~am)
            info.append(per)
        node_of: dict[tuple[int, int], int] = {}

        def node(i: int, j: int) -> int:
            key = (i, j)
            n = node_of.get(key)
            if n is None:
                n = len(digit)
                node_of[key] = n
                digit.append(j)
                cells.append(alses[i][0])
                for lst in (weak, strong, weak_in, strong_in):
                    lst.append(0)
                self.als_nodes[n] = (alses[i][0], alses[i][1], j)
                strong[n] |= 1 << n
                strong_in[n] |= 1 << n
            return n

        groups_by_digit: dict[int, list[int]] = {}
        for g in range(self.first_group, self.first_als):
            groups_by_digit.setdefault(digit[g], []).append(g)
        for i, (am, dm) in enumerate(alses):
            per = info[i]
            for j in MASK_DIGITS[dm]:
                if not any(per[k][1] for k in per if k != j):
                    continue  # nothing to eliminate once j is gone
                a = node(i, j)
                jcells, entries = per[j]
                off = (j - 1) * 81
                for c in cell_list(entries):
                    weak[off + c] |= 1 << a
                    weak_in[a] |= 1 << (off + c)
                for g in groups_by_digit.get(j, ()):
                    gc = cells[g]
                    if not gc & am and gc & entries == gc and seen_by_all(gc) & jcells == jcells:
                        weak[g] |= 1 << a
                        weak_in[a] |= 1 << g
        # exits, once every node exists (ALS nodes may trigger other ALS nodes)
        for (i, j), a in list(node_of.items()):
            am, dm = alses[i]
            per = info[i]
            for k in MASK_DIGITS[dm]:
                if k == j:
                    continue
                elim = per[k][1]
                if not elim:
                    continue
                off = (k - 1) * 81
                out = elim << off
                for g in groups_by_digit.get(k, ()):
                    if cells[g] & elim == cells[g]:
                        out |= 1 << g
                for i2, (bm, bdm) in enumerate(alses):
                    if i2 == i or bm & am or not bdm >> (k - 1) & 1:
                        continue
                    kc = info[i2][k][0]
                    if kc & elim == kc:
                        out |= 1 << node(i2, k)
                weak[a] |= out
                o = out
                while o:
                    low = o & -o
                    weak_in[low.bit_length() - 1] |= 1 << a
                    o ^= low
            # forcings: a cell (three or more candidates) left with one candidate by the
            # locked set; the step "its other candidates are gone" is a virtual OFF node
            gone: dict[int, int] = {}
            for k in MASK_DIGITS[dm]:
                if k != j:
                    for c in cell_list(per[k][1]):
                        gone[c] = gone.get(c, 0) | (1 << (k - 1))
            for c, gm in gone.items():
                left = cands[c] & ~gm
                if MASK_SIZE[cands[c]] > 2 and MASK_SIZE[left] == 1:
                    v = MASK_DIGITS[left][0]
                    f = len(digit)
                    digit.append(v)
                    cells.append(1 << c)
                    weak.append(0)
                    strong.append(1 << ((v - 1) * 81 + c))
                    weak_in.append(1 << a)
                    strong_in.append(0)
                    weak[a] |= 1 << f
                    strong_in[(v - 1) * 81 + c] |= 1 << f
                    self.forcing_nodes[f] = (c, cands[c] & gm, v)
        self.weak, self.strong = weak, strong
        self.weak_in, self.strong_in = weak_in, strong_in

    def node_digits_cells(self, n: int, d: int) -> int:
        """Cells of node ``n`` that hold digit ``d``."""
        if n in self.als_nodes:
            am = self.als_nodes[n][0]
            return sum(1 << c for c in cell_list(am) if self.grid.cands[c] >> (d - 1) & 1)
        return self.cells[n]

    # ------------------------------------------------------------ derived tables
    def restricted(self, kind: str, arg: int = 0) -> tuple[list[int], list[int]]:
        """(weak, strong) adjacency for the simple chains, cached per table:

        - ``"x"``, digit: single-digit links between cells (X-Chains);
        - ``"xy"``: bivalue cells only, strong links inside a cell, weak links between cells
          for the same digit (XY-Chains);
        - ``"rp"``, candidate mask: like ``"xy"`` but only cells with exactly these two
          candidates (Remote Pairs).
        """
        key = (kind, arg)
        hit = self._derived.get(key)
        if hit is not None:
            return hit
        grid = self.grid
        weak = [0] * NCAND
        strong = [0] * NCAND
        if kind == "x":
            d = arg
            dm = DIGIT_NODES[d]
            off = (d - 1) * 81
            for c in cell_list(grid.pos[d]):
                weak[off + c] = self.weak[off + c] & dm
                strong[off + c] = self.strong[off + c] & dm
        else:
            allowed = 0
            for c in range(81):
                m = grid.cands[c]
                if MASK_SIZE[m] == 2 and (kind == "xy" or m == arg):
                    allowed |= CELL_NODES[c]
            a = allowed
            while a:
                low = a & -a
                n = low.bit_length() - 1
                a ^= low
                c = n % 81
                weak[n] = self.weak[n] & allowed & DIGIT_NODES[self.digit[n]]
                strong[n] = self.strong[n] & CELL_NODES[c]
        out = (weak, strong)
        self._derived[key] = out
        return out

    # ------------------------------------------------------------ naming
    def node_name(self, n: int) -> str:
        """``r1c2`` or ``r1c23`` (group) for a node."""
        return cells_name(self.cells[n])

    def strong_reason(self, a: int, b: int) -> str:
        """Why ``a`` = ``b`` is a strong link, as a phrase."""
        ca, cb = self.cells[a], self.cells[b]
        if ca == cb:
            return f"{cells_name(ca)} holds only {self.digit[a]} and {self.digit[b]}"
        d = self.digit[a]
        both = ca | cb
        for h in _houses_of(both):
            if self.grid.pos[d] & HOUSE_MASK[h] & ~both == 0:
                return f"{d} has only these places in {house_name(h, False)}"
        return f"{d} has only these places in a house"

    def weak_reason(self, a: int, b: int) -> str:
        """Why ``a`` - ``b`` is a weak link, as a phrase."""
        ca, cb = self.cells[a], self.cells[b]
        if ca == cb:
            return "same cell"
        both = ca | cb
        hs = _houses_of(both)
        return f"same {house_name(hs[0], False)}" if hs else "they see each other"


def _houses_of(bits: int) -> list[int]:
    return [h for h in range(27) if bits & HOUSE_MASK[h] == bits]


def find_alses(grid: Grid) -> list[tuple[int, int]]:
    """Every almost locked set of two or more cells: (cell set, candidate mask), n cells of
    one house holding n + 1 digits between them; each cell set once."""
    cands = grid.cands
    seen: set[int] = set()
    out = []
    for h in range(27):
        cl = [c for c in HOUSE_CELLS_LIST[h] if cands[c]]
        n = len(cl)
        unions = [0] * (1 << n)
        for m in range(1, 1 << n):
            low = m & -m
            i = low.bit_length() - 1
            u = unions[m ^ low] | cands[cl[i]]
            unions[m] = u
            size = m.bit_count()
            if size >= 2 and MASK_SIZE[u] == size + 1:
                cm = 0
                mm = m
                while mm:
                    lb = mm & -mm
                    cm |= 1 << cl[lb.bit_length() - 1]
                    mm ^= lb
                if cm not in seen:
                    seen.add(cm)
                    out.append((cm, u))
    return out


def link_table(grid: Grid, grouped: bool = False, als: bool = False, ctx: SolveContext | None = None) -> LinkTable:
    """The link table of ``grid`` (kept in the solve's cache when ``ctx`` is given);
    ``grouped`` adds group nodes, ``als`` (with ``grouped``) ALS nodes as well."""
    if ctx is None:
        return LinkTable(grid.copy(), grouped, als and grouped)
    cache = ctx.link_tables
    key = (grid.key(), grouped, als)
    t = cache.get(key)
    if t is None:
        t = bounded_put(cache, key, LinkTable(grid.copy(), grouped, als and grouped))
    return t
