"""The grid's pictures in SVG: a standalone picture of a step (:func:`svg_grid`), the
empty grid the HTML page's script draws into (:func:`page_grid`), and the links of a chain
as a step writes them (:func:`chain_links`), drawn as arrows, one colour per chain.

Highlights take the colours of :data:`sudoku_logic.api.render.ROLES`, as in the terminal;
the page that steps through a path is :mod:`sudoku_logic.api.html`.
"""

from __future__ import annotations

import re

from sudoku_logic.api.render import CELL_BG_HTML, ROLES, step_roles
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT
from sudoku_logic.core.step import Step

CELL = 44  # cell size in SVG units
PAD = 3  # margin around the grid
SIZE = 9 * CELL + 2 * PAD
LABEL = 22  # room for the r1..r9 labels on the left and c1..c9 on top of the page's grid

#: One colour per chain of a step (the first is the arrow colour of a step with one chain).
CHAIN_COLOURS = ("#e65100", "#2962ff", "#aa00ff", "#00897b", "#c51162", "#6d4c41", "#827717", "#1a237e")
#: The kinds of link, in the order the page's data numbers them.
LINK_KINDS = ("strong", "weak", "implies")

_EUREKA_NODE = re.compile(r"(?:\((\d)(?:([-=])(\d))?\))?r(\d+)c(\d+)")
_NET_NODE = re.compile(r"r(\d+)c(\d+)(?:=|<>)(\d)")

Node = tuple[list[int], int]  # the cells of a node (one, or a group) and its digit


def _cells(rows: str, cols: str) -> list[int]:
    """The cells of ``r13c4`` as written (rows then columns)."""
    return [(int(r) - 1) * 9 + int(c) - 1 for r in rows for c in cols]


def node_links(chain: str) -> list[tuple[Node, Node, str]]:
    """The links of a chain between nodes that keep their whole group: see :func:`chain_links`."""
    text = re.sub(r"\[[^\]]*\]", "", chain)
    text = re.sub(r"\(with [^)]*\)", "", text)
    return _net_links(text) if " -> " in text else _eureka_links(text)


def _net_links(text: str) -> list[tuple[Node, Node, str]]:
    """The implications of a forcing chain or net, branch by branch (``and`` between them)."""
    links: list[tuple[Node, Node, str]] = []
    for branch in text.split(" and "):
        nodes = [(_cells(r, c), int(d)) for r, c, d in _NET_NODE.findall(branch)]
        links += [(a, b, "implies") for a, b in zip(nodes, nodes[1:])]
    return links


def _eureka_links(text: str) -> list[tuple[Node, Node, str]]:
    """The strong and weak links of a chain in Eureka notation, inside a node's cell too."""
    links: list[tuple[Node, Node, str]] = []
    prev: Node | None = None
    end = 0
    for m in _EUREKA_NODE.finditer(text):
        d_in, inner, d_out, rows, cols = m.groups()
        between, end = text[end : m.start()], m.end()
        if d_in is not None:
            node = (_cells(rows, cols), int(d_in))
        elif prev is not None:  # a node without its digit has the digit of the one before
            node = (_cells(rows, cols), prev[1])
        else:
            continue
        kind = "strong" if "=" in between else "weak" if "-" in between else None
        if prev is not None and kind:
            links.append((prev, node, kind))
        prev = node
        if inner:  # (5=2)r1c7: a link inside the node, from 5 to 2
            prev = (node[0], int(d_out))
            links.append((node, prev, "strong" if inner == "=" else "weak"))
    return links


def chain_links(chain: str) -> list[tuple[int, int, int, int, str]]:
    """The links of a chain as written in a step: ``(cell, digit, cell, digit, kind)``, kind
    ``strong`` (``=``), ``weak`` (``-``) or ``implies`` (``->`` of a forcing chain or net).

    Reads Eureka notation, SE's (``(4)r5c9-(4)r6c7=(4)r3c7``, ``[...]`` parents left out)
    and HoDoKu's (``(9)r1c6-r1c9=(9-4)r2c9``: a node without a digit has the one before,
    ``(9-4)`` links two digits of one cell; a group node counts as its first cell), and the
    implication form of forcing chains and nets (``r1c2=5 -> r1c9<>5``; ``and`` starts a new
    branch, ``(with ...)`` is left out)."""
    return [(a[0][0], a[1], b[0][0], b[1], kind) for a, b, kind in node_links(chain)]


def _center(cell: int, d: int) -> tuple[float, float]:
    r, c = divmod(cell, 9)
    sub = CELL / 3
    k = d - 1
    return PAD + c * CELL + sub * (k % 3) + sub / 2, PAD + r * CELL + sub * (k // 3) + sub / 2


def _marker(i: int, prefix: str = "") -> str:
    """The id of the arrowhead of chain ``i``: ``arrow``, then ``arrow2``, ``arrow3``... (after
    ``prefix``, which tells the grids of a page of several puzzles apart)."""
    i %= len(CHAIN_COLOURS)
    return prefix + ("arrow" if i == 0 else f"arrow{i + 1}")


def _markers(prefix: str = "") -> str:
    """The ``<defs>`` of one arrowhead per chain colour."""
    return (
        "<defs>"
        + "".join(
            f'<marker id="{_marker(i, prefix)}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" '
            f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
            for i, colour in enumerate(CHAIN_COLOURS)
        )
        + "</defs>"
    )


def _arrows(step: Step | None) -> list[str]:
    """SVG lines with arrowheads for the links of the step's chains (strong solid, weak
    dashed, an implication of a net thin), each chain in its colour of :data:`CHAIN_COLOURS`."""
    if step is None or not step.chains:
        return []
    out: list[str] = []
    seen: set = set()
    for i, chain in enumerate(step.chains):
        colour = CHAIN_COLOURS[i % len(CHAIN_COLOURS)]
        for ca, da, cb, db, kind in chain_links(chain):
            if (ca, da, cb, db) in seen or (ca, da) == (cb, db):
                continue
            seen.add((ca, da, cb, db))
            (x1, y1), (x2, y2) = _center(ca, da), _center(cb, db)
            length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            x1, y1, x2, y2 = x1 + ux * 6, y1 + uy * 6, x2 - ux * 8, y2 - uy * 8
            dash = ' stroke-dasharray="4 3"' if kind == "weak" else ""
            width = "1" if kind == "implies" else "1.6"
            out.append(
                f'<line class="link {kind}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="{colour}" stroke-width="{width}"{dash} marker-end="url(#{_marker(i)})"/>'
            )
    return out


def svg_grid(grid: Grid, step: Step | None = None) -> str:
    """A standalone SVG picture of the candidate grid with ``step``'s highlights (the grid
    as it is before the step) and an arrow for each link of its chains. Styling is by
    presentation attributes, so the picture looks the same inside a page or saved on its
    own."""
    roles = step_roles(step)
    cells = set(step.cells) if step is not None else set()
    sub = CELL / 3
    back = [f'<rect x="0" y="0" width="{SIZE}" height="{SIZE}" fill="#fff"/>']
    marks: list[str] = []
    cands: list[str] = []
    values: list[str] = []
    for cell in sorted(cells):
        r, c = divmod(cell, 9)
        back.append(
            f'<rect x="{PAD + c * CELL}" y="{PAD + r * CELL}" width="{CELL}" height="{CELL}" fill="{CELL_BG_HTML}"/>'
        )
    for cell in range(81):
        r, c = divmod(cell, 9)
        x0, y0 = PAD + c * CELL, PAD + r * CELL
        v = grid.values[cell]
        if v:
            given = grid.givens >> cell & 1
            style = ' font-weight="600"' if given else ' fill="#1565c0"'
            values.append(f'<text x="{x0 + CELL / 2:g}" y="{y0 + CELL / 2 + 1:g}"{style}>{v}</text>')
            continue
        m = grid.cands[cell]
        for d in range(1, 10):
            if not m & DIGIT_BIT[d]:
                continue
            k = d - 1
            cx, cy = x0 + sub * (k % 3) + sub / 2, y0 + sub * (k // 3) + sub / 2
            role = roles.get((cell, d))
            if role:
                rr = ROLES[role]
                marks.append(
                    f'<rect x="{cx - 6.5:.1f}" y="{cy - 6.5:.1f}" width="13" height="13" rx="3" fill="{rr.bg}"/>'
                )
                if role == "eliminated":
                    marks.append(
                        f'<line x1="{cx - 6:.1f}" y1="{cy + 6:.1f}" x2="{cx + 6:.1f}" y2="{cy - 6:.1f}" '
                        f'stroke="#fff" stroke-width="1.2"/>'
                    )
                cands.append(f'<text x="{cx:.1f}" y="{cy + 0.5:.1f}" fill="{rr.fg}" font-weight="700">{d}</text>')
            else:
                cands.append(f'<text x="{cx:.1f}" y="{cy + 0.5:.1f}">{d}</text>')
    links = _arrows(step)
    return "".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" role="img">',
            *back,
            *marks,
            '<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" text-anchor="middle" dominant-baseline="central">',
            '<g font-size="12" fill="#555">',
            *cands,
            "</g>",
            '<g font-size="30" fill="#111">',
            *values,
            "</g></g>",
            _rules(PAD, PAD),
            *([_markers(), '<g fill="none">', *links, "</g>"] if links else []),
            "</svg>",
        ]
    )


def _rules(x0: float, y0: float) -> str:
    """The grid's lines, thin between cells and thick between boxes, from its corner (x0, y0)."""
    thin: list[str] = []
    thick: list[str] = []
    for i in range(10):
        lines = thick if i % 3 == 0 else thin
        lines.append(f'<line x1="{x0}" y1="{y0 + i * CELL}" x2="{x0 + 9 * CELL}" y2="{y0 + i * CELL}"/>')
        lines.append(f'<line x1="{x0 + i * CELL}" y1="{y0}" x2="{x0 + i * CELL}" y2="{y0 + 9 * CELL}"/>')
    return "".join(
        [
            '<g stroke="#9e9e9e" stroke-width="1">',
            *thin,
            "</g>",
            '<g stroke="#212121" stroke-width="2.5" stroke-linecap="square">',
            *thick,
            "</g>",
        ]
    )


def page_grid(prefix: str = "") -> str:
    """The page's one grid: labels, lines and arrowheads, and the empty layers the script
    fills with the shown step (shading, role marks, candidates, digits, arrows); every id
    starts with ``prefix`` (a page of several puzzles has a grid for each)."""
    x0, y0 = LABEL + PAD, LABEL + PAD
    width = x0 + 9 * CELL + PAD
    labels = "".join(
        f'<text x="{LABEL / 2 + 1}" y="{y0 + i * CELL + CELL / 2}">r{i + 1}</text>'
        f'<text x="{x0 + i * CELL + CELL / 2}" y="{LABEL / 2 + 1}">c{i + 1}</text>'
        for i in range(9)
    )
    return "".join(
        [
            f'<svg id="{prefix}grid" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {width}" role="img" '
            f'aria-label="the candidate grid of the step shown">',
            _markers(prefix),
            f'<rect x="{x0}" y="{y0}" width="{9 * CELL}" height="{9 * CELL}" fill="#fff"/>',
            f'<g id="{prefix}g-bg"></g><g id="{prefix}g-marks"></g>',
            '<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" text-anchor="middle" dominant-baseline="central">',
            f'<g font-size="13" fill="#616161">{labels}</g>',
            f'<g id="{prefix}g-cands" font-size="12" fill="#555"></g>',
            f'<g id="{prefix}g-values" font-size="30" fill="#111"></g></g>',
            _rules(x0, y0),
            f'<g id="{prefix}g-links" fill="none"></g>',
            "</svg>",
        ]
    )
