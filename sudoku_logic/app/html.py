"""A self-contained HTML page of a solve path: every step drawn as an inline SVG grid.

The page needs nothing else (no script, no font, no image file): send it, open it offline,
print it. Each step shows the grid before the step with the same highlights as the
terminal (colours from :data:`sudoku_logic.app.render.ROLES`), its notation line and its
explanation.
"""
from __future__ import annotations

import html as _html
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
.chain { font-family: ui-monospace, monospace; font-size: .85em; color: #333; word-break: break-word; }
@media print { body { margin: 0; max-width: none; } .step svg { width: 18em; } }
"""


def _esc(text: str) -> str:
    return _html.escape(text, quote=True)


def svg_grid(grid: Grid, step: Step | None = None) -> str:
    """A standalone SVG picture of the candidate grid with ``step``'s highlights (the grid
    as it is before the step). Styling is by presentation attributes, so the picture looks
    the same inside the page or saved on its own."""
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
                     + "".join(f'<p class="chain">{_esc(chain)}</p>' for chain in step.chains)
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
