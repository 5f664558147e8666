"""A self-contained HTML page of a solve path: every step drawn as an inline SVG grid.

The page needs nothing else (no script, no font, no image file): send it, open it offline,
print it. Each step shows the grid before the step with the same highlights as the
terminal (colours from :data:`sudoku_logic.app.render.ROLES`), its notation line and its
explanation.
"""
from __future__ import annotations

import html as _html
import re
from typing import Iterable

from sudoku_logic.core.step import Step

from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT
from sudoku_logic.app.render import CELL_BG_HTML, ROLES, step_roles, used_roles
from sudoku_logic.solve.loop import SolveResult

CELL = 44          # cell size in SVG units
PAD = 3            # margin around the grid
SIZE = 9 * CELL + 2 * PAD

_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 1.5em auto;
       max-width: 60em; color: #212121; padding: 0 1em; }
h1 { font-size: 1.4em; margin-bottom: .2em; }
.meta { color: #555; margin-top: 0; font-family: ui-monospace, monospace; font-size: .85em;
        word-break: break-all; }
.legend span { display: inline-block; padding: .1em .5em; margin: .15em .3em .15em 0;
               border-radius: .3em; font-size: .85em; }
.step { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; padding: 1em 0;
        border-top: 1px solid #ddd; break-inside: avoid; page-break-inside: avoid; }
.step svg { width: 22em; max-width: 100%; height: auto; flex: none; }
.text { flex: 1; min-width: 16em; }
.text h2 { font-size: 1em; margin: 0 0 .4em; font-family: ui-monospace, monospace;
           font-weight: 600; word-break: break-word; }
.text p { margin: .3em 0; line-height: 1.4; }
.chain { font-family: ui-monospace, monospace; font-size: .85em; color: #333; overflow-wrap: break-word; }
@media print { body { margin: 0; max-width: none; } .step svg { width: 18em; } }
"""


def _esc(text: str) -> str:
    return _html.escape(text, quote=True)


_EUREKA_NODE = re.compile(r"\((\d)\)r(\d)\d*c(\d)\d*")
_NET_NODE = re.compile(r"r(\d)\d*c(\d)\d*(?:=|<>)(\d)")


def chain_links(chain: str) -> list[tuple[int, int, int, int, str]]:
    """The links of a chain as written in a step: ``(cell, digit, cell, digit, kind)``, kind
    ``strong`` (``=``), ``weak`` (``-``) or ``implies`` (``->`` of a forcing chain or net).

    Reads Eureka notation (``(4)r5c9-(4)r6c7=(4)r3c7``; a group node counts as its first
    cell, ``[...]`` parents are left out) and the implication form of forcing chains and
    nets (``r1c2=5 -> r1c9<>5``; ``and`` starts a new branch, ``(with ...)`` is left out)."""
    text = re.sub(r"\[[^\]]*\]", "", chain)
    text = re.sub(r"\(with [^)]*\)", "", text)
    links: list[tuple[int, int, int, int, str]] = []
    if " -> " in text:
        for branch in text.split(" and "):
            nodes = [((int(r) - 1) * 9 + int(c) - 1, int(d)) for r, c, d in _NET_NODE.findall(branch)]
            links += [(a[0], a[1], b[0], b[1], "implies") for a, b in zip(nodes, nodes[1:])]
        return links
    found = list(_EUREKA_NODE.finditer(text))
    for a, b in zip(found, found[1:]):
        between = text[a.end():b.start()]
        kind = "strong" if "=" in between else "weak" if "-" in between else None
        if kind:
            ca = (int(a.group(2)) - 1) * 9 + int(a.group(3)) - 1
            cb = (int(b.group(2)) - 1) * 9 + int(b.group(3)) - 1
            links.append((ca, int(a.group(1)), cb, int(b.group(1)), kind))
    return links


def _center(cell: int, d: int) -> tuple[float, float]:
    r, c = divmod(cell, 9)
    sub = CELL / 3
    k = d - 1
    return PAD + c * CELL + sub * (k % 3) + sub / 2, PAD + r * CELL + sub * (k // 3) + sub / 2


def _arrows(step: Step | None) -> list[str]:
    """SVG lines with arrowheads for the links of the step's chains (strong solid, weak
    dashed, an implication of a net thin)."""
    if step is None or not step.chains:
        return []
    out: list[str] = []
    seen: set = set()
    for chain in step.chains:
        for ca, da, cb, db, kind in chain_links(chain):
            if (ca, da, cb, db) in seen or (ca, da) == (cb, db):
                continue
            seen.add((ca, da, cb, db))
            (x1, y1), (x2, y2) = _center(ca, da), _center(cb, db)
            length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** .5
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            x1, y1, x2, y2 = x1 + ux * 6, y1 + uy * 6, x2 - ux * 8, y2 - uy * 8
            dash = ' stroke-dasharray="4 3"' if kind == "weak" else ""
            width = "1" if kind == "implies" else "1.6"
            out.append(f'<line class="link {kind}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                       f'stroke-width="{width}"{dash} marker-end="url(#arrow)"/>')
    return out


def _chain_html(chain: str) -> str:
    """A chain as page text: breaks allowed only between links, never inside ``->``."""
    text = _esc(chain).replace(" -&gt; ", "\u00a0\u2192 ")
    return re.sub(r"(?<=\d)([-=])(?=\()", "\\1\u200b", text)


def svg_grid(grid: Grid, step: Step | None = None) -> str:
    """A standalone SVG picture of the candidate grid with ``step``'s highlights (the grid
    as it is before the step) and an arrow for each link of its chains. Styling is by
    presentation attributes, so the picture looks the same inside the page or saved on its
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
        back.append(f'<rect x="{PAD + c * CELL}" y="{PAD + r * CELL}" width="{CELL}" height="{CELL}" fill="{CELL_BG_HTML}"/>')
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
                marks.append(f'<rect x="{cx - 6.5:.1f}" y="{cy - 6.5:.1f}" width="13" height="13" rx="3" fill="{rr.bg}"/>')
                if role == "eliminated":
                    marks.append(f'<line x1="{cx - 6:.1f}" y1="{cy + 6:.1f}" x2="{cx + 6:.1f}" y2="{cy - 6:.1f}" '
                                 f'stroke="#fff" stroke-width="1.2"/>')
                cands.append(f'<text x="{cx:.1f}" y="{cy + .5:.1f}" fill="{rr.fg}" font-weight="700">{d}</text>')
            else:
                cands.append(f'<text x="{cx:.1f}" y="{cy + .5:.1f}">{d}</text>')
    links = _arrows(step)
    thin, thick = [], []
    for i in range(10):
        p = PAD + i * CELL
        lines = thick if i % 3 == 0 else thin
        lines.append(f'<line x1="{PAD}" y1="{p}" x2="{SIZE - PAD}" y2="{p}"/>')
        lines.append(f'<line x1="{p}" y1="{PAD}" x2="{p}" y2="{SIZE - PAD}"/>')
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" role="img">',
        *back, *marks,
        '<g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" text-anchor="middle" dominant-baseline="central">',
        '<g font-size="12" fill="#555">', *cands, "</g>",
        '<g font-size="30" fill="#111">', *values, "</g></g>",
        '<g stroke="#9e9e9e" stroke-width="1">', *thin, "</g>",
        '<g stroke="#212121" stroke-width="2.5" stroke-linecap="square">', *thick, "</g>",
        *(['<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" '
           'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#e65100"/></marker></defs>'
           '<g stroke="#e65100" fill="none">', *links, "</g>"] if links else []),
        "</svg>",
    ])


def _legend(steps: Iterable[Step]) -> str:
    present: set[str] = set()
    for s in steps:
        present.update(used_roles(s))
    names = [n for n in ROLES if n in present]
    chips = "".join(f'<span style="background:{ROLES[n].bg};color:{ROLES[n].fg}">{_esc(ROLES[n].label)}</span>'
                    for n in names)
    return f'<p class="legend">Colours: {chips}</p>' if chips else ""


def _rating_text(rating) -> str:
    """The rating of the path shown, on its own scale(s): what the rater says of this path."""
    parts = []
    if rating.se_solved is not None:
        parts.append(f"Sudoku Explainer ER {rating.er:.1f} (EP {rating.ep:.1f}, ED {rating.ed:.1f}; "
                     f"hardest step {_esc(rating.se_hardest)})")
    if rating.hodoku_solved is not None:
        parts.append(f"HoDoKu {_esc(rating.level)} ({rating.score}; hardest step {_esc(rating.hodoku_hardest)})")
    if not parts:
        return "These techniques are not all on one program's scale: no rating."
    return "Rating of this path: " + "; ".join(parts) + "."


def render_page(grid: Grid, result: SolveResult, title: str | None = None) -> str:
    """The HTML page for a solve path that starts at ``grid``."""
    from sudoku_logic.grading.rater import rate_path
    puzzle = grid.values_string()
    rating = rate_path(puzzle, result, 0.0)
    title = title or "Sudoku, step by step"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_esc(title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{_esc(title)}</h1>",
        f'<p class="meta">{_esc(puzzle)}</p>',
        f"<p>{len(result.steps)} steps; {'solved' if result.solved else 'stuck: no enabled technique applies at the end'}. "
        f"{_rating_text(rating)}</p>",
        _legend(result.steps),
    ]
    g = grid.copy()
    for i, step in enumerate(result.steps, 1):
        parts.append(f'<section class="step" id="step{i}">{svg_grid(g, step)}<div class="text">'
                     f"<h2>{i}. {_esc(step.notation)}</h2>"
                     + (f"<p>{_esc(step.explanation)}</p>" if step.explanation else "")
                     + "".join(f'<p class="chain">{_chain_html(chain)}</p>' for chain in step.chains)
                     + "</div></section>")
        g.apply(step)
    end = "The solution." if result.solved else "Where the steps stop."
    parts.append(f'<section class="step" id="end">{svg_grid(g)}<div class="text"><h2>{_esc(end)}</h2>'
                 f"<p class=\"meta\">{_esc(g.values_string())}</p></div></section>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def write_html(path: str, grid: Grid, result: SolveResult, title: str | None = None) -> None:
    """Write :func:`render_page` to ``path`` (raises OSError if it cannot be written)."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(render_page(grid, result, title))
