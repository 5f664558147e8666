"""The rules SE's nested chains ask for eliminations, with the candidates each relies on.

When a dynamic forcing chain of SE's with nesting (``Dynamic Forcing Chains (+)`` and
beyond) has drawn every implication, SE asks its other rules on the chain's working grid
(``Chaining.getAdvancedPotentials``): pointing and claiming, hidden pairs, naked pairs and
X-Wings first, then chaining rules. An elimination counts only with its *rule parents*
(``HasParentPotentialHint.getRuleParents``): the candidates of the position the chain
started from that the chain has removed and the rule needed gone. Without any, the rule
holds in the position itself and does not belong to the chain.

Each rule here is ``rule(grid, source, removed) -> [(eliminations, parents)]`` in SE's
order (the order of SE's ``Locking(false)``, ``HiddenSet(2)``, ``NakedSet(2)`` and
``Fisherman(2)``, the rules of :mod:`strategies.se.intersections`, :mod:`strategies.se.subsets`
and :mod:`strategies.se.fish`), with
``source`` the start position's candidates (``(cands, pos)`` lists), ``removed[d]`` the
81-bit set of the places of ``d`` the chain has removed since, and parents given as keys of
off potentials (see :class:`strategies.se.chain_nodes.Node`). They run thousands
of times per search, so they look only where a hint can have a parent (a rule parent is a
removed candidate in the pattern's base house or cells) and build no step; the tests hold
them against the full rules.

Twin of ``sudoku_logic/native/se/nested_rules.c``.
"""

from __future__ import annotations

from strategies.se.order import SE_HOUSES, SE_INDEX_COMBOS
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_CELLS, HOUSE_MASK, MASK_DIGITS, MASK_SIZE, cell_list, cols_of, rows_of

Source = tuple[list[int], list[int]]


def _off(cell: int, d: int) -> int:
    return (cell * 9 + d - 1) << 1


def _locking_pairs() -> list[tuple[int, int, int, int]]:
    """SE's ``Locking`` order: (block, column), (block, row), (column, block), (row, block)
    pairs of crossing houses, with both houses' cell sets."""
    boxes, cols, rows = range(18, 27), range(9, 18), range(0, 9)
    out = []
    for first, second in ((boxes, cols), (boxes, rows), (cols, boxes), (rows, boxes)):
        for h1 in first:
            for h2 in second:
                if HOUSE_MASK[h1] & HOUSE_MASK[h2]:
                    out.append((h1, h2, HOUSE_MASK[h1], HOUSE_MASK[h2]))
    return out


def _by_first(pairs: list[tuple[int, int, int, int]]) -> tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...]:
    """``pairs`` grouped by first house, in their order (each first house's pairs are
    consecutive there): ``((h1, ((h2, m1, m2), ...)), ...)``."""
    groups: list[tuple[int, list]] = []
    for h1, h2, m1, m2 in pairs:
        if not groups or groups[-1][0] != h1:
            groups.append((h1, []))
        groups[-1][1].append((h2, m1, m2))
    return tuple((h1, tuple(rest)) for h1, rest in groups)


_LOCKING = _locking_pairs()
#: :data:`_LOCKING` by its first house
_LOCKING_BY_FIRST = _by_first(_LOCKING)


def _gone(removed: list[int]) -> int:
    """The cells that lost some candidate (an 81-bit set)."""
    out = 0
    for d in range(1, 10):
        out |= removed[d]
    return out


def locking(grid: Grid, source: Source, removed: list[int]) -> list:
    """SE's ``Locking(false)``: pointing and claiming; parents: the digit's places gone from
    the first house outside the second."""
    pos = grid.pos
    active = [d for d in range(1, 10) if removed[d]]
    if not active:
        return []
    gone_any = _gone(removed)
    out = []
    for h1, pairs in _LOCKING_BY_FIRST:
        if not gone_any & HOUSE_MASK[h1]:
            continue
        cells1 = HOUSE_CELLS[h1]
        for _h2, m1, m2 in pairs:
            if not gone_any & m1 & ~m2:
                continue
            for d in active:
                gone = removed[d] & m1 & ~m2
                if not gone:
                    continue
                inside = pos[d] & m1
                if inside & (inside - 1) == 0 or inside & ~m2:
                    continue
                elim = pos[d] & m2 & ~m1
                if elim:
                    out.append(([(c, d) for c in cell_list(elim)], [_off(c, d) for c in cells1 if gone >> c & 1]))
    return out


def hidden_pairs(grid: Grid, source: Source, removed: list[int]) -> list:
    """SE's ``HiddenSet(2, false)``; parents: the pair's digits gone from the house's other
    cells. Two digits make a hidden pair when they have the same two places in the house,
    so only digits with two places are paired (in SE's order of pairs)."""
    pos = grid.pos
    cands = grid.cands
    empty = grid.empty
    src = source[0]
    gone_any = _gone(removed)
    out = []
    for h in SE_HOUSES:
        hm = HOUSE_MASK[h]
        if not gone_any & hm:
            continue
        if (empty & hm).bit_count() <= 4:
            continue
        twos = []
        for d in range(1, 10):
            p = pos[d] & hm
            if p.bit_count() == 2:
                twos.append((d, p))
        for y in range(1, len(twos)):
            b, union = twos[y]
            for x in range(y):
                a, pa = twos[x]
                if pa != union:
                    continue
                if not (removed[a] | removed[b]) & hm & ~union:
                    continue
                keep = (1 << (a - 1)) | (1 << (b - 1))
                elims = [(c, d) for c in cell_list(union) for d in MASK_DIGITS[cands[c] & ~keep]]
                if not elims:
                    continue
                parents = []
                for c in HOUSE_CELLS[h]:
                    if not union >> c & 1:
                        s = src[c]
                        if s >> (a - 1) & 1:
                            parents.append(_off(c, a))
                        if s >> (b - 1) & 1:
                            parents.append(_off(c, b))
                out.append((sorted(elims), parents))
    return out


def naked_pairs(grid: Grid, source: Source, removed: list[int]) -> list:
    """SE's ``NakedSet(2)``; parents: the pair cells' other candidates, gone. Two cells make
    a naked pair when they have the same two candidates, so only such cells are paired (in
    SE's order of pairs)."""
    cands = grid.cands
    empty = grid.empty
    src = source[0]
    pos = grid.pos
    gone_any = _gone(removed)
    out = []
    for h in SE_HOUSES:
        hm = HOUSE_MASK[h]
        if not gone_any & hm or (empty & hm).bit_count() < 4:
            continue
        twos = [(c, cands[c]) for c in HOUSE_CELLS[h] if MASK_SIZE[cands[c]] == 2 and empty >> c & 1]
        for y in range(1, len(twos)):
            cj, union = twos[y]
            for x in range(y):
                ci, mi = twos[x]
                if mi != union or not (src[ci] != mi or src[cj] != union):
                    continue
                pair = (1 << ci) | (1 << cj)
                elims = [(c, d) for d in MASK_DIGITS[union] for c in cell_list(pos[d] & hm & ~pair)]
                if not elims:
                    continue
                parents = [_off(c, d) for c in (ci, cj) for d in MASK_DIGITS[src[c] & ~union]]
                out.append((elims, parents))
    return out


def x_wings(grid: Grid, source: Source, removed: list[int]) -> list:
    """SE's ``Fisherman(2)`` (columns against rows, then rows against columns); parents: the
    digit's places gone from the base lines outside the cover lines."""
    pos = grid.pos
    active = [d for d in range(1, 10) if removed[d] and grid.placed[d].bit_count() + 4 <= 9]
    if not active:
        return []
    gone_any = 0
    for d in active:
        gone_any |= removed[d]
    out = []
    for base_off, cover_off in ((9, 0), (0, 9)):
        line_index = rows_of if cover_off == 0 else cols_of
        for i, j in SE_INDEX_COMBOS[2]:
            bi, bj = HOUSE_MASK[base_off + i], HOUSE_MASK[base_off + j]
            base = bi | bj
            if not gone_any & base:
                continue
            for d in active:
                if not removed[d] & base:
                    continue
                p = pos[d]
                mi, mj = p & bi, p & bj
                # each base line meets a cover line in one cell: two places each, or none fit
                if mi.bit_count() != 2 or mj.bit_count() != 2:
                    continue
                lines = line_index(mi) | line_index(mj)
                if lines.bit_count() != 2:
                    continue
                cover = 0
                for k in range(9):
                    if lines >> k & 1:
                        cover |= HOUSE_MASK[cover_off + k]
                gone = removed[d] & base & ~cover
                if not gone:
                    continue
                elim = p & cover & ~base
                if elim:
                    parents = [
                        _off(c, d) for h in (base_off + i, base_off + j) for c in HOUSE_CELLS[h] if gone >> c & 1
                    ]
                    out.append(([(c, d) for c in cell_list(elim)], parents))
    return out


#: The rules every nested level asks first, in SE's order.
BASIC_RULES = (locking, hidden_pairs, naked_pairs, x_wings)
