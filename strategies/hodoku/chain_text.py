"""How a chain is shown: the chain printer every HoDoKu chain step uses (Eureka notation,
HoDoKu's own notation, the links in words, the highlighted candidates) on the nodes of the
chain (:class:`PathNodes`), why two nodes are linked in words (:func:`strong_reason`,
:func:`weak_reason`), the lazily written step of a chain (:func:`chain_step`), and a chain
of facts with arrows (``r1c2=3 -> r1c8<>3``) for the forcing chains. The literals, terms and
link marks both programs write are the chain core's (:mod:`strategies.chain_core`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from strategies.chain_core import link_mark, term
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import (
    HOUSE_MASK,
    MASK_DIGITS,
    cell_list,
    cell_name,
    cells_name,
    house_name,
)
from sudoku_logic.core.step import LazyStep, Step


class PathNodes:
    """The nodes of a chain for the printer: ``digit[n]`` and ``cells[n]`` (an 81-bit set) of
    node ``n``, numbered as they are added (:func:`candidate_nodes`: the candidates'
    numbering, ``(d - 1) * 81 + cell``); an ALS node (:meth:`add_als`) is printed from two
    ids in a row (the digit leaves, the others are locked), a cell the ALS leaves with one
    candidate from a node saying so (:meth:`add_forcing`) before the cell's ON node."""

    def __init__(self, grid: Grid, digit: list[int] | None = None, cells: list[int] | None = None) -> None:
        self.grid = grid
        self.digit: list[int] = digit if digit is not None else []
        self.cells: list[int] = cells if cells is not None else []
        #: ALS nodes: id -> (cell set, candidate mask, entry digit)
        self.als_nodes: dict[int, tuple[int, int, int]] = {}
        #: cells an ALS forces: id -> (cell, mask of the digits it loses, forced digit)
        self.forcing_nodes: dict[int, tuple[int, int, int]] = {}

    def add(self, digit: int, cells: int) -> int:
        """A candidate or group node: its id."""
        self.digit.append(digit)
        self.cells.append(cells)
        return len(self.digit) - 1

    def add_als(self, cells: int, cands: int, digit: int) -> int:
        """An ALS entered by ``digit``: its id."""
        n = self.add(digit, cells)
        self.als_nodes[n] = (cells, cands, digit)
        return n

    def add_forcing(self, cell: int, lost: int, digit: int) -> int:
        """The step "``cell`` loses the digits of mask ``lost``" before it is ``digit``."""
        n = self.add(digit, 1 << cell)
        self.forcing_nodes[n] = (cell, lost, digit)
        return n

    def strong_reason(self, a: int, b: int) -> str:
        return strong_reason(self.grid, self.digit[a], self.cells[a], self.digit[b], self.cells[b])

    def weak_reason(self, a: int, b: int) -> str:
        return weak_reason(self.cells[a], self.cells[b])


_CANDIDATE_DIGITS = tuple(n // 81 + 1 for n in range(729))
_CANDIDATE_CELLS = tuple(1 << (n % 81) for n in range(729))


def candidate_nodes(grid: Grid) -> PathNodes:
    """The candidates of ``grid`` as the printer's nodes, numbered ``(d - 1) * 81 + cell``."""
    return PathNodes(grid, list(_CANDIDATE_DIGITS), list(_CANDIDATE_CELLS))


# ---------------------------------------------------------------- links in words, notation
def strong_reason(grid: Grid, da: int, ca: int, db: int, cb: int) -> str:
    """Why ``da`` in cells ``ca`` = ``db`` in cells ``cb`` is a strong link, as a phrase."""
    if ca == cb:
        return f"{cells_name(ca)} holds only {da} and {db}"
    both = ca | cb
    for h in _houses_of(both):
        if grid.pos[da] & HOUSE_MASK[h] & ~both == 0:
            return f"{da} has only these places in {house_name(h, False)}"
    return f"{da} has only these places in a house"


def weak_reason(ca: int, cb: int) -> str:
    """Why two nodes on cells ``ca`` and ``cb`` are weakly linked, as a phrase."""
    if ca == cb:
        return "same cell"
    both = ca | cb
    hs = _houses_of(both)
    return f"same {house_name(hs[0], False)}" if hs else "they see each other"


def _houses_of(bits: int) -> list[int]:
    return [h for h in range(27) if bits & HOUSE_MASK[h] == bits]


def arrows(parts: Iterable[str]) -> str:
    """Facts one after another, each implying the next: ``a -> b -> c``."""
    return " -> ".join(parts)


def eureka(table: PathNodes, nodes: list[int], on: bool) -> str:
    """Eureka notation of a chain of nodes whose first literal has polarity ``on``:
    ``(4)r1c2=r1c8-(4=7)r3c8-...``. A link into an ON literal is strong (=), into an OFF one
    weak (-); two nodes of the same cell(s) share one term ``(a=b)cell``."""
    digit, cells = table.digit, table.cells
    pols = [on ^ bool(i & 1) for i in range(len(nodes))]
    out = []
    prev_digit = None
    i = 0
    while i < len(nodes):
        n = nodes[i]
        if i:
            out.append(link_mark(pols[i]))
        j = i + 1
        if n in table.forcing_nodes:
            c, gm, v = table.forcing_nodes[n]
            out.append(f"({''.join(str(x) for x in MASK_DIGITS[gm])}){cell_name(c)}")
            prev_digit = None
            i += 1
            continue
        if j < len(nodes) and nodes[j] == n and n in table.als_nodes:
            # ALS node: "(j=k)cells" with k the digit it hands on (or the locked digits)
            nxt = digit[nodes[j + 1]] if j + 1 < len(nodes) else None
            am, dm, ent = table.als_nodes[n]
            rest = str(nxt) if nxt else "".join(str(x) for x in MASK_DIGITS[dm] if x != ent)
            out.append(f"({ent}={rest}){cells_name(am)}")
            prev_digit = nxt
            i += 2
            continue
        if j < len(nodes) and cells[nodes[j]] == cells[n] and digit[nodes[j]] != digit[n]:
            link = link_mark(pols[j])
            out.append(f"({digit[n]}{link}{digit[nodes[j]]}){cells_name(cells[n])}")
            prev_digit = digit[nodes[j]]
            i += 2
            continue
        if digit[n] == prev_digit:
            out.append(cells_name(cells[n]))
        else:
            out.append(term(digit[n], cells_name(cells[n])))
        prev_digit = digit[n]
        i += 1
    return "".join(out)


def native(table: PathNodes, nodes: list[int], on: bool) -> str:
    """HoDoKu's own chain print: ``r1c2 =4= r1c8 -4- r5c8`` (links inside a cell are not
    printed)."""
    digit, cells = table.digit, table.cells
    parts = [cells_name(cells[nodes[0]])]
    pol = on
    for i in range(1, len(nodes)):
        pol = not pol
        n = nodes[i]
        if cells[n] == cells[nodes[i - 1]]:
            continue
        s = "=" if pol else "-"
        parts.append(f"{s}{digit[n]}{s} {cells_name(cells[n])}")
    return " ".join(parts)


def links_text(table: PathNodes, nodes: list[int], on: bool) -> str:
    """One phrase per link saying which inference it uses."""
    digit, cells = table.digit, table.cells
    phrases = []
    pol = on
    for i in range(1, len(nodes)):
        pol = not pol
        a, b = nodes[i - 1], nodes[i]
        na = f"{digit[a]}{cells_name(cells[a])}"
        nb = f"{digit[b]}{cells_name(cells[b])}"
        if b in table.forcing_nodes:
            c, gm, v = table.forcing_nodes[b]
            phrases.append(f"the ALS removes {''.join(str(x) for x in MASK_DIGITS[gm])} from {cell_name(c)}")
        elif a in table.forcing_nodes:
            phrases.append(f"{cells_name(cells[b])} is left with {digit[b]} only (strong)")
        elif a == b:
            am, dm, ent = table.als_nodes[a]
            phrases.append(
                f"{cells_name(am)} without {ent} is a locked set of "
                f"{''.join(str(x) for x in MASK_DIGITS[dm] if x != ent)} (strong, inside the ALS)"
            )
        elif a in table.als_nodes or b in table.als_nodes:
            phrases.append(f"{na}-{nb} (weak: the {digit[b]}s see every {digit[b]} of the ALS)")
        elif pol:
            phrases.append(f"{na}={nb} (strong: {table.strong_reason(a, b)})")
        else:
            phrases.append(f"{na}-{nb} (weak: {table.weak_reason(a, b)})")
    return "; ".join(phrases)


def highlight(table: PathNodes, nodes: list[int], on: bool) -> list[tuple[int, int, str]]:
    out = []
    pol = on
    for n in nodes:
        role = "on" if pol else "off"
        for c in cell_list(table.cells[n]):
            out.append((c, table.digit[n], role))
        pol = not pol
    return out


def chain_cells(table: PathNodes, nodes: list[int]) -> list[int]:
    m = 0
    for n in nodes:
        m |= table.cells[n]
    return cell_list(m)


def digits_of(elims) -> str:
    return "".join(str(d) for d in sorted({d for _, d in elims}))


def chain_step(
    name: str,
    chain_of: Callable[[], tuple[PathNodes, list[int]]],
    on: bool,
    elims,
    why: str,
    detail: Callable[[str, PathNodes, list[int]], str],
    facts: dict,
) -> Step:
    """The step of a chain: ``chain_of`` makes its nodes (the printer's view and the chain,
    first literal of polarity ``on``); ``detail`` writes the notation's middle part from the
    chain's Eureka notation, the view and the chain. The text is built only when the step
    is looked at: most chains a search finds are never shown."""

    def fill() -> dict:
        table, nodes = chain_of()
        chain = eureka(table, nodes, on)
        return dict(
            cells=chain_cells(table, nodes),
            candidates=highlight(table, nodes, on),
            detail=detail(chain, table, nodes),
            explanation=f"Links: {links_text(table, nodes, on)}. {why}",
            chains=[chain],
        )

    return LazyStep(name, fill, eliminations=sorted(elims), facts=facts)
