"""Colouring: Simple Colors Trap/Wrap and Multi Colors 1/2 (HoDoKu's ColoringSolver).

For one digit, the cells linked by conjugate pairs (a house with exactly two places for the
digit) form clusters; the two colours of a cluster alternate along the links, so exactly one
colour of each cluster is true.

HoDoKu searches each pair of types in one pass (its StepConfigs SIMPLE_COLORS and
MULTI_COLORS; ``ColoringSolver.getStep`` returns the first step of either type): digit by
digit, cluster by cluster, a wrap before a trap; for each ordered pair of clusters, a Multi
Colors 2 before a Multi Colors 1. Each step's ``facts["rank"]`` is its place in that pass, by
which the solver merges the two types of a slot (``policies._slot_steps``).
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies._pattern_tools import digit_list
from strategies.registry import technique
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_MASK, PEERS, cell_list, cell_name, cells_name, union_peers
from sudoku_logic.core.step import Step


def color_clusters(grid: Grid, d: int) -> list[tuple[int, int]]:
    """``(colour1, colour2)`` 81-bit sets for each conjugate-pair cluster of digit ``d``.

    As in HoDoKu, clusters are started from the lowest uncoloured cell (which gets colour 1)
    and grown through the row, column and box conjugates of each cell.
    """
    p = grid.pos[d]
    # the other end of each conjugate pair, per cell
    mates: dict[int, list[int]] = {}
    for h in range(27):
        m = p & HOUSE_MASK[h]
        if m.bit_count() == 2:
            low = m & -m
            a = low.bit_length() - 1
            b = (m ^ low).bit_length() - 1
            mates.setdefault(a, []).append(b)
            mates.setdefault(b, []).append(a)
    todo = set(mates)
    out = []
    for start in sorted(mates):
        if start not in todo:
            continue
        sets = [0, 0]
        stack = [(start, 0)]
        todo.discard(start)
        while stack:
            cell, colour = stack.pop()
            sets[colour] |= 1 << cell
            for other in mates[cell]:
                if other in todo:
                    todo.discard(other)
                    stack.append((other, 1 - colour))
        if sets[0] and sets[1]:
            out.append((sets[0], sets[1]))
    return out


def _sees_itself(s: int) -> bool:
    """Whether two cells of the set ``s`` see each other."""
    b = s
    while b:
        low = b & -b
        if PEERS[low.bit_length() - 1] & s:
            return True
        b ^= low
    return False


def _colour_text(*sets: int) -> str:
    """HoDoKu's colour listing: ``(r1c1,r2c3) / (r4c5,r6c7)`` with further pairs after ``, ``."""
    parts = []
    for i, s in enumerate(sets):
        text = "(" + ",".join(cell_name(c) for c in cell_list(s)) + ")"
        if i == 0:
            parts.append(text)
        elif i % 2:
            parts.append(" / " + text)
        else:
            parts.append(", " + text)
    return "".join(parts)


def _colour_roles(d: int, sets: tuple[int, ...]) -> list[tuple[int, int, str]]:
    roles = ("on", "off", "on2", "off2")
    return [(c, d, roles[i]) for i, s in enumerate(sets) for c in cell_list(s)]


def _colour_step(name: str, d: int, sets: tuple[int, ...], elim: int, why: str, rank: int) -> Step:
    union = 0
    for s in sets:
        union |= s
    return Step(
        name,
        eliminations=[(c, d) for c in cell_list(elim)],
        cells=cell_list(union),
        candidates=_colour_roles(d, sets),
        detail=f"{d} {_colour_text(*sets)}",
        explanation=why,
        facts={"rank": rank},
    )


#: clusters of one digit: at most 40 (each has two cells or more); ranks leave room for them
_CLUSTERS = 64


# ----------------------------------------------------------------------------- Simple Colors


def _simple_colors(grid: Grid, want_wrap: bool, digits: int | None = None) -> Iterator[Step]:
    for d in digit_list(digits):
        p = grid.pos[d]
        for i, (c1, c2) in enumerate(color_clusters(grid, d)):
            rank = 2 * (d * _CLUSTERS + i) + (0 if want_wrap else 1)  # a cluster's wrap before its trap
            if want_wrap:
                elim = 0
                bad = []
                if _sees_itself(c1):
                    elim |= c1
                    bad.append(c1)
                if _sees_itself(c2):
                    elim |= c2
                    bad.append(c2)
                if elim:
                    which = "one colour" if len(bad) == 1 else "each colour"
                    yield _colour_step(
                        "Simple Colors Wrap",
                        d,
                        (c1, c2),
                        elim,
                        f"Along the conjugate pairs for {d}, the cells alternate between two colours, "
                        f"exactly one of which is {d}. Two cells of {which} ({_clash(bad[0])}) see each "
                        f"other, so that colour cannot be {d}: every cell of it loses {d}.",
                        rank,
                    )
            else:
                elim = p & union_peers(c1, PEERS) & union_peers(c2, PEERS)
                if elim:
                    e = (elim & -elim).bit_length() - 1
                    yield _colour_step(
                        "Simple Colors Trap",
                        d,
                        (c1, c2),
                        elim,
                        f"Along the conjugate pairs for {d}, the cells alternate between two colours, "
                        f"exactly one of which is {d}. A cell that sees cells of both colours cannot be "
                        f"{d}: {cell_name(e)} sees {_seen_in(e, c1)} and {_seen_in(e, c2)}"
                        + (", and likewise for the others." if elim & (elim - 1) else "."),
                        rank,
                    )


def _seen_in(cell: int, s: int) -> str:
    """Name of the first cell of ``s`` that ``cell`` sees."""
    m = PEERS[cell] & s
    return cell_name((m & -m).bit_length() - 1)


def _pair_between(s: int, t: int) -> tuple[str, str]:
    """A cell of ``s`` and a cell of ``t`` that see each other (names)."""
    for c in cell_list(s):
        if PEERS[c] & t:
            return cell_name(c), _seen_in(c, t)
    return "", ""


def _clash(s: int) -> str:
    """Two cells of ``s`` that see each other, as ``r1c1 and r1c5``."""
    for c in cell_list(s):
        other = PEERS[c] & s
        if other:
            return f"{cell_name(c)} and {cell_name((other & -other).bit_length() - 1)}"
    return ""


@technique("Simple Colors Trap", local="digit")
def simple_colors_trap(grid: Grid, digits: int | None = None) -> Iterator[Step]:
    """A candidate seeing both colours of one cluster is false."""
    return _simple_colors(grid, False, digits)


@technique("Simple Colors Wrap", local="digit")
def simple_colors_wrap(grid: Grid, digits: int | None = None) -> Iterator[Step]:
    """A colour with two cells that see each other is false everywhere."""
    return _simple_colors(grid, True, digits)


# ----------------------------------------------------------------------------- Multi Colors


def _multi_colors(grid: Grid, kind: int, digits: int | None = None) -> Iterator[Step]:
    """HoDoKu's two multi-colour rules over every ordered pair of clusters (a, b):

    - kind 1 (Multi Colors 1): a cell of colour a1 sees a cell of colour b1, so a1 and b1 are
      not both true, so a2 or b2 is: candidates seeing both a2 and b2 go (all four
      combinations of colours are tried and their eliminations combined).
    - kind 2 (Multi Colors 2): the cells of colour a1 together see both colours of b; since
      one of b's colours is true, a1 is false everywhere (likewise a2).
    """
    for d in digit_list(digits):
        p = grid.pos[d]
        clusters = color_clusters(grid, d)
        if len(clusters) < 2:
            continue
        seen = [(union_peers(a, PEERS), union_peers(b, PEERS)) for a, b in clusters]
        done = set()  # (i, j) and (j, i) often give the same eliminations
        for i, (a1, a2) in enumerate(clusters):
            sa1, sa2 = seen[i]
            for j, (b1, b2) in enumerate(clusters):
                if i == j:
                    continue
                sb1, sb2 = seen[j]
                sets = (a1, a2, b1, b2)
                rank = 2 * ((d * _CLUSTERS + i) * _CLUSTERS + j) + (0 if kind == 2 else 1)  # 2 before 1
                if kind == 2:
                    elim = 0
                    if sa1 & b1 and sa1 & b2:
                        elim |= a1
                    if sa2 & b1 and sa2 & b2:
                        elim |= a2
                    if elim and elim not in done:
                        done.add(elim)
                        bad = a1 if elim & a1 else a2
                        sb = union_peers(bad, PEERS)
                        x1 = (sb & b1 & -(sb & b1)).bit_length() - 1
                        x2 = (sb & b2 & -(sb & b2)).bit_length() - 1
                        yield _colour_step(
                            "Multi Colors 2",
                            d,
                            sets,
                            elim,
                            f"Two clusters of conjugate pairs for {d} are each coloured with two colours, "
                            f"exactly one of which is {d}. The colour of {cells_name(bad)} sees both "
                            f"colours of the other cluster ({_seen_in(x1, bad)} sees {cell_name(x1)}, "
                            f"{_seen_in(x2, bad)} sees {cell_name(x2)}); one of those is {d}, so that colour "
                            f"is not {d} and all its cells lose {d}.",
                            rank,
                        )
                else:
                    elim = 0
                    if sa1 & b1:
                        elim |= sa2 & sb2
                    if sa1 & b2:
                        elim |= sa2 & sb1
                    if sa2 & b1:
                        elim |= sa1 & sb2
                    if sa2 & b2:
                        elim |= sa1 & sb1
                    elim &= p
                    if elim and elim not in done:
                        done.add(elim)
                        # name the first pair of colours that see each other
                        for x, y, ox, oy in ((a1, b1, a2, b2), (a1, b2, a2, b1), (a2, b1, a1, b2), (a2, b2, a1, b1)):  # noqa: B007 (ox, oy: of the pair found)
                            cx, cy = _pair_between(x, y)
                            if cx:
                                break
                        yield _colour_step(
                            "Multi Colors 1",
                            d,
                            sets,
                            elim,
                            f"Two clusters of conjugate pairs for {d} are each coloured with two colours, "
                            f"exactly one of which is {d}. {cx} and {cy}, of different clusters, see each "
                            f"other, so their colours are not both {d}: the opposite colour of one of them "
                            f"({cells_name(ox)} or {cells_name(oy)}) is {d}, and a cell that sees both "
                            f"opposite colours cannot be {d}.",
                            rank,
                        )


@technique("Multi Colors 1", local="digit")
def multi_colors_1(grid: Grid, digits: int | None = None) -> Iterator[Step]:
    """Two colours of different clusters that see each other: candidates seeing both of their
    opposite colours are false."""
    return _multi_colors(grid, 1, digits)


@technique("Multi Colors 2", local="digit")
def multi_colors_2(grid: Grid, digits: int | None = None) -> Iterator[Step]:
    """A colour whose cells see both colours of another cluster is false."""
    return _multi_colors(grid, 2, digits)
