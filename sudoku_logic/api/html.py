"""A self-contained HTML stepper for a solve path: one grid, the step list beside it.

The page needs nothing else (no network, no font, no image file): send it, open it
offline, print it. Its one SVG grid (rows and columns labelled r1..r9, c1..c9) is drawn by
an inline script from compact per-step data embedded as JSON: for each step the candidate
grid before it, its highlights by role (colours of :data:`sudoku_logic.api.render.ROLES`),
the links of its chains (drawn as arrows, one colour per chain), its notation line,
explanation and chain text. Previous/Next, the Left/Right arrow keys, Home/End and a click
in the step list move through the path; the location hash (``page.html#12``) names the
step shown, so a link, a bookmark or a reload opens it. The grid and its arrows are drawn
as in :mod:`sudoku_logic.api.svg`, whose :func:`~sudoku_logic.api.svg.svg_grid` draws one
standalone picture of a step without the page.
"""

from __future__ import annotations

import html as _html
import json
import re
from collections.abc import Iterable

from sudoku_logic.api.render import CELL_BG_HTML, ROLES, step_roles, used_roles
from sudoku_logic.api.svg import CELL, CHAIN_COLOURS, LABEL, LINK_KINDS, PAD, node_links, page_grid
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import DIGIT_BIT
from sudoku_logic.core.step import Step
from sudoku_logic.solve.loop import SolveResult

_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 1em auto;
       max-width: 76em; color: #212121; padding: 0 1em; }
h1 { font-size: 1.4em; margin: 0 0 .2em; }
p { margin: .35em 0; }
.meta { color: #555; margin-top: 0; font-family: ui-monospace, monospace; font-size: .85em;
        word-break: break-all; }
.legend span, .roles span { display: inline-block; padding: .05em .45em; margin: .1em .25em .1em 0;
               border-radius: .3em; font-size: .85em; }
.legend svg { vertical-align: middle; }
.stepper { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; margin-top: .6em; }
.board { flex: none; width: 31em; max-width: 100%; }
.board > svg { display: block; width: 100%; height: auto; }
.nav { display: flex; align-items: center; gap: .5em; margin: .4em 0 .5em; }
.nav button { font: inherit; padding: .25em .9em; border: 1px solid #9e9e9e; background: #f5f5f5;
              color: #212121; cursor: pointer; }  /* square: a clicked button repaints the same */
.nav button:disabled { color: #aaa; cursor: default; }
.where { color: #555; font-size: .9em; }
.line { font-size: 1em; margin: 0 0 .3em; font-family: ui-monospace, monospace; font-weight: 600;
        overflow-wrap: anywhere; }
.explanation { line-height: 1.4; }
.chain { font-family: ui-monospace, monospace; font-size: .82em; color: #333; overflow-wrap: break-word;
         border-left: .3em solid #e65100; padding-left: .4em; }
.side { flex: 1; min-width: 20em; }
.steps { list-style: none; margin: 0; padding: 0; max-height: 40em; overflow-y: auto; border: 1px solid #ddd;
         font-family: ui-monospace, monospace; font-size: .8em;
         position: relative; /* the entries' offsetTop is within the list */ }
.steps a { display: block; padding: .12em .5em; color: inherit; text-decoration: none; overflow-wrap: anywhere; }
.steps a:hover { background: #eeeeee; }
.steps li.current a { background: #1565c0; color: #fff; }
noscript p { color: #b71c1c; }
section.puzzle { border-top: 2px solid #ddd; margin-top: 1.6em; padding-top: .4em; }
.contents { font-size: .9em; }
@media print {
  body { margin: 0; max-width: none; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .nav button, noscript { display: none; }
  .stepper { display: block; }
  .board { width: 15cm; break-after: page; }
  .steps { max-height: none; overflow: visible; border: none; }
  .steps li.current a { font-weight: 700; }
  section.puzzle { break-before: page; }
}
"""

# The stepper: reads the JSON data, draws the grid of the step the hash names, moves on a click
# or a key. Every drawing is a function of the step alone, so a step looks the same however
# it was reached.
_SCRIPT = r"""
(() => {
"use strict";
const NS = "http://www.w3.org/2000/svg";

/** The stepper of one path: its data D, its elements' ids after the prefix P ("" on a page
    of one puzzle; "p3-" for the section "p3" of a page of several). */
function stepper(P, D) {
const C = D.cell, X0 = D.origin[0], Y0 = D.origin[1], SUB = C / 3;
const $ = id => document.getElementById(P + id);
const root = P ? document.getElementById(P.slice(0, -1)) : document.body;
const layer = {bg: $("g-bg"), marks: $("g-marks"), cands: $("g-cands"), values: $("g-values"), links: $("g-links")};
const items = Array.from($("steps").querySelectorAll("li"));
const last = D.steps.length - 1;
let current = -1;

/** The element e with these attributes and text. */
function fill(e, attrs, text) {
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}
const el = (name, attrs, text) => fill(document.createElementNS(NS, name), attrs, text);
const html = (name, attrs, text) => fill(document.createElement(name), attrs, text);
/** The centre of candidate d of a cell. */
function centre(cell, d) {
  const r = Math.floor(cell / 9), c = cell % 9, k = d - 1;
  return [X0 + c * C + SUB * (k % 3) + SUB / 2, Y0 + r * C + SUB * Math.floor(k / 3) + SUB / 2];
}
const fmt = x => x.toFixed(1);

/** Cell shading, candidates with their role marks, and the digits of the step's grid. */
function drawGrid(step) {
  for (const k in layer) layer[k].replaceChildren();
  const roles = new Map(step.marks.map(([cell, d, r]) => [cell * 10 + d, D.roles[r]]));
  for (const cell of step.cells) {
    layer.bg.append(el("rect", {x: X0 + cell % 9 * C, y: Y0 + Math.floor(cell / 9) * C, width: C, height: C,
                                fill: D.cellBg}));
  }
  step.grid.forEach((m, cell) => {
    const x = X0 + cell % 9 * C + C / 2, y = Y0 + Math.floor(cell / 9) * C + C / 2;
    if (m < 0) {
      const given = D.givens[cell] !== ".";
      layer.values.append(el("text", given ? {x, y: y + 1, "font-weight": 600} : {x, y: y + 1, fill: "#1565c0"}, -m));
      return;
    }
    for (let d = 1; d <= 9; d++) {
      if (!(m >> (d - 1) & 1)) continue;
      const [cx, cy] = centre(cell, d), role = roles.get(cell * 10 + d);
      if (!role) { layer.cands.append(el("text", {x: fmt(cx), y: fmt(cy + .5)}, d)); continue; }
      layer.marks.append(el("rect", {x: fmt(cx - 6.5), y: fmt(cy - 6.5), width: 13, height: 13, rx: 3, fill: role[1],
                                     "data-cell": cell, "data-digit": d, "data-role": role[0]}));
      if (role[0] === "eliminated") {
        layer.marks.append(el("line", {x1: fmt(cx - 6), y1: fmt(cy + 6), x2: fmt(cx + 6), y2: fmt(cy - 6),
                                       stroke: "#fff", "stroke-width": 1.2}));
      }
      layer.cands.append(el("text", {x: fmt(cx), y: fmt(cy + .5), fill: role[2], "font-weight": 700}, d));
    }
  });
}

/** The two nearest candidates of two nodes (a node is a cell or a group of cells). */
function ends(a, da, b, db) {
  let best = null;
  for (const ca of [].concat(a)) for (const cb of [].concat(b)) {
    const p = centre(ca, da), q = centre(cb, db), dist = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (!best || dist < best[2]) best = [p, q, dist];
  }
  return best;
}
/** The candidates drawn in the grid, as points. */
function candidatePoints(grid) {
  const out = [];
  grid.forEach((m, cell) => { for (let d = 1; d <= 9; d++) if (m > 0 && m >> (d - 1) & 1) out.push(centre(cell, d)); });
  return out;
}
/** How many candidates (other than the ends) the curve p-k-q runs through. */
function hits(points, p, k, q) {
  let n = 0;
  for (const [x, y] of points) {
    if (Math.hypot(x - p[0], y - p[1]) < 6 || Math.hypot(x - q[0], y - q[1]) < 6) continue;
    for (let s = 1; s < 16; s++) {
      const t = s / 16, u = 1 - t;
      const cx = u * u * p[0] + 2 * u * t * k[0] + t * t * q[0], cy = u * u * p[1] + 2 * u * t * k[1] + t * t * q[1];
      if (Math.hypot(cx - x, cy - y) < 5) { n++; break; }
    }
  }
  return n;
}
const inside = ([x, y]) => x > X0 && x < X0 + 9 * C && y > Y0 && y < Y0 + 9 * C;
/** The path of one arrow: straight, or bent (to the side that crosses fewer candidates and
    stays in the grid) when it would run through candidates; ``shift`` moves a link drawn by
    an earlier chain aside. */
function arrowPath(points, p, q, shift) {
  const dx = q[0] - p[0], dy = q[1] - p[1], len = Math.hypot(dx, dy), nx = -dy / len, ny = dx / len;
  p = [p[0] + nx * shift, p[1] + ny * shift];
  q = [q[0] + nx * shift, q[1] + ny * shift];
  const mid = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  let k = null;
  if (len > SUB * 1.5 && hits(points, p, mid, q)) {
    const bend = Math.min(Math.max(len * .18, 9), 30);
    const sides = [1, -1].map(s => [mid[0] + s * nx * bend, mid[1] + s * ny * bend])
      .map(c => [hits(points, p, c, q) + (inside(c) ? 0 : 100), c]);
    k = sides[1][0] < sides[0][0] ? sides[1][1] : sides[0][1];
  }
  const toward = (from, to, by) => {
    const l = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
    return [from[0] + (to[0] - from[0]) / l * by, from[1] + (to[1] - from[1]) / l * by];
  };
  const a = toward(p, k || q, 6), b = toward(q, k || p, 8);
  return k ? `M${fmt(a[0])},${fmt(a[1])} Q${fmt(k[0])},${fmt(k[1])} ${fmt(b[0])},${fmt(b[1])}`
           : `M${fmt(a[0])},${fmt(a[1])} L${fmt(b[0])},${fmt(b[1])}`;
}
/** An arrow for every link of every chain of the step, each chain in its own colour. */
function drawLinks(step) {
  const drawn = new Map(), points = candidatePoints(step.grid);
  step.links.forEach((links, i) => {
    const j = i % D.colours.length, colour = D.colours[j], marker = j ? "arrow" + (j + 1) : "arrow";
    for (const [a, da, b, db, k] of links) {
      const e = ends(a, da, b, db);
      if (!e || e[2] === 0) continue;
      const key = [e[0], e[1]].map(String).sort().join("|");
      const seen = drawn.get(key) || 0;
      if (seen && drawn.get(key + "#" + i)) continue;
      drawn.set(key, seen + 1);
      drawn.set(key + "#" + i, 1);
      const kind = D.kinds[k], attrs = {class: "link " + kind, d: arrowPath(points, e[0], e[1], seen * 3),
                                        stroke: colour, "stroke-width": kind === "implies" ? 1.1 : 1.6,
                                        "marker-end": `url(#${P}${marker})`, "data-chain": i};
      if (kind === "weak") attrs["stroke-dasharray"] = "4 3";
      layer.links.append(el("path", attrs));
    }
  });
}

/** The step's line, explanation, role chips and chains under the grid. */
function showText(step) {
  $("line").textContent = step.line;
  $("explanation").textContent = step.explanation || "";
  const used = D.roles.filter((r, i) => step.marks.some(m => m[2] === i));
  $("roles").replaceChildren(...used.map(r => html("span", {style: `background:${r[1]};color:${r[2]}`}, r[3])));
  $("chains").replaceChildren(...step.chains.map((text, i) =>
    html("p", {class: "chain", style: `border-left-color:${D.colours[i % D.colours.length]}`}, text)));
}

/** The step list: the current entry marked and scrolled to the middle of the list. */
function showInList(i) {
  items.forEach((li, j) => {
    li.classList.toggle("current", j === i);
    if (j === i) li.setAttribute("aria-current", "step"); else li.removeAttribute("aria-current");
  });
  const list = $("steps"), li = items[i];
  list.scrollTop = Math.max(0, li.offsetTop - (list.clientHeight - li.offsetHeight) / 2);
}

const hashOf = i => P + (i === last ? "end" : String(i + 1));
/** Show entry i of the path (0: the first step; the last entry: the grid at the end); with
    ``mark``, the location hash names it. */
function go(i, mark) {
  i = Math.max(0, Math.min(last, i));
  if (i !== current) {
    current = i;
    const step = D.steps[i];
    drawGrid(step);
    drawLinks(step);
    showText(step);
    showInList(i);
    $("where").textContent = i === last ? `end (${last} steps)` : `step ${i + 1} of ${last}`;
    $("prev").disabled = i === 0;
    $("next").disabled = i === last;
    root.dataset.step = hashOf(i).slice(P.length);
  }
  if (mark && location.hash.slice(1) !== hashOf(i)) {
    try { history.replaceState(null, "", "#" + hashOf(i)); } catch (e) { /* a page that may not rewrite its URL */ }
  }
}
/** Whether the hash h names this path: #12 on a page of one; #p3, #p3-12 or #p3-end for the section p3. */
const owns = h => !P || h === P.slice(0, -1) || h.startsWith(P);
/** The entry a hash this path owns names: 12 or step12 the 12th step, end the end; else the first. */
function fromHash(h) {
  h = h.slice(P.length);
  if (h === "end") return last;
  const m = /^(?:step)?(\d+)$/.exec(h);
  return m ? Number(m[1]) - 1 : 0;
}

const self = {root, owns, move: by => go(current + by, true), to: i => go(i, true), last,
              open: h => go(fromHash(h), true)};
$("prev").addEventListener("click", () => go(current - 1, true));
$("next").addEventListener("click", () => go(current + 1, true));
$("steps").addEventListener("click", e => {
  const li = e.target.closest("li");
  if (!li) return;
  e.preventDefault();
  go(items.indexOf(li), true);
});
go(0, false);
return self;
}

const steppers = Array.from(document.querySelectorAll('script[type="application/json"][id$="stepper-data"]'))
  .map(s => stepper(s.id.slice(0, -"stepper-data".length), JSON.parse(s.textContent)));
let active = steppers[0];  // the path the keys move: the one last clicked or named by the hash
/** How many pixels of an element are in the window. */
function seen(e) {
  const r = e.getBoundingClientRect();
  return Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
}
/** The path the keys move: the one last used while it is in sight, else the one most in sight. */
function target() {
  if (steppers.length === 1 || seen(active.root) > 0) return active;
  return steppers.reduce((a, b) => seen(b.root) > seen(a.root) ? b : a);
}
/** The path the hash names opens there (on a page of several, scrolled into sight). */
function fromHash(scroll) {
  const h = location.hash.slice(1), s = steppers.find(s => s.owns(h));
  if (!s) return;
  active = s;
  s.open(h);
  if (scroll && steppers.length > 1) s.root.scrollIntoView();
}
for (const s of steppers) s.root.addEventListener("click", () => { active = s; });
document.addEventListener("keydown", e => {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const s = target(), by = {ArrowLeft: -1, ArrowRight: 1}[e.key];
  if (by !== undefined) s.move(by);
  else if (e.key === "Home") s.to(0);
  else if (e.key === "End") s.to(s.last);
  else return;
  active = s;
  e.preventDefault();
});
window.addEventListener("hashchange", () => fromHash(true));
fromHash(true);
})();
"""


def _esc(text: str) -> str:
    """``text`` safe inside an HTML element or a quoted attribute."""
    return _html.escape(text, quote=True)


def _chain_text(chain: str) -> str:
    """A chain as page text: breaks allowed only between links, never inside ``->``."""
    text = chain.replace(" -> ", "\u00a0\u2192 ")
    return re.sub(r"(?<=\d)([-=])(?=\()", "\\1\u200b", text)


def _grid_data(grid: Grid) -> list[int]:
    """The grid as 81 numbers: ``-d`` for a cell holding digit d, else its candidate mask
    (bit d-1 set for candidate d)."""
    return [-v if v else m for v, m in zip(grid.values, grid.cands)]


def _node_data(cells: list[int]) -> int | list[int]:
    """A node's cells as the page's data writes them: the cell, or a group's list."""
    return cells[0] if len(cells) == 1 else cells


def _links_data(step: Step) -> list[list[list]]:
    """Per chain of the step, its links as ``[cells, digit, cells, digit, kind]`` (cells one
    cell or a group's list, kind an index of :data:`LINK_KINDS`)."""
    return [
        [[_node_data(a[0]), a[1], _node_data(b[0]), b[1], LINK_KINDS.index(kind)] for a, b, kind in node_links(chain)]
        for chain in step.chains
    ]


def _step_data(grid: Grid, step: Step | None, line: str, explanation: str) -> dict:
    """What the script needs to show one entry: the grid before the step, its shaded cells,
    its highlighted candidates ``[cell, digit, role index]`` (those in the grid), its chains'
    links, its line, explanation and chain text."""
    role_index = {name: i for i, name in enumerate(ROLES)}
    marks = [
        [cell, d, role_index[role]]
        for (cell, d), role in sorted(step_roles(step).items())
        if not grid.values[cell] and grid.cands[cell] & DIGIT_BIT[d]
    ]
    return {
        "grid": _grid_data(grid),
        "cells": sorted(set(step.cells)) if step else [],
        "marks": marks,
        "links": _links_data(step) if step else [],
        "line": line,
        "explanation": explanation,
        "chains": [_chain_text(c) for c in step.chains] if step else [],
    }


def _path_data(grid: Grid, result: SolveResult) -> dict:
    """The page's data: every step of the path from ``grid``, then the grid at the end."""
    givens = "".join(str(v) if grid.givens >> cell & 1 else "." for cell, v in enumerate(grid.values))
    steps = []
    g = grid.copy()
    for i, step in enumerate(result.steps, 1):
        steps.append(_step_data(g, step, f"{i}. {step.notation}", step.explanation))
        g.apply(step)
    steps.append(_step_data(g, None, _end_line(result), g.values_string()))
    return {
        "cell": CELL,
        "origin": [LABEL + PAD, LABEL + PAD],
        "givens": givens,
        "cellBg": CELL_BG_HTML,
        "roles": [[name, r.bg, r.fg, r.label] for name, r in ROLES.items()],
        "colours": list(CHAIN_COLOURS),
        "kinds": list(LINK_KINDS),
        "steps": steps,
    }


def _end_line(result: SolveResult) -> str:
    """The list's last entry: what the grid after the last step is."""
    return "The solution." if result.solved else "Where the steps stop."


def _json_script(data: dict, prefix: str = "") -> str:
    """``data`` as an inert JSON script element the page's script reads (``<`` escaped, so no
    text in it can end the element)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    return f'<script type="application/json" id="{prefix}stepper-data">{text}</script>'


def _step_list(result: SolveResult, prefix: str = "") -> str:
    """The numbered step lines, then the end, each a link to its entry (``#12``, ``#end``;
    ``#p3-12`` in the section ``p3``)."""
    items = [f'<li><a href="#{prefix}{i}">{i}. {_esc(s.notation)}</a></li>' for i, s in enumerate(result.steps, 1)]
    items.append(f'<li><a href="#{prefix}end">{_esc(_end_line(result))}</a></li>')
    return f'<ol id="{prefix}steps" class="steps" aria-label="steps">' + "".join(items) + "</ol>"


def _legend(steps: Iterable[Step]) -> str:
    """The colours of the roles the path uses, and the kinds of arrow its chains draw."""
    steps = list(steps)
    present: set[str] = set()
    for s in steps:
        present.update(used_roles(s))
    names = [n for n in ROLES if n in present]
    chips = "".join(
        f'<span style="background:{ROLES[n].bg};color:{ROLES[n].fg}">{_esc(ROLES[n].label)}</span>' for n in names
    )
    kinds = {kind for s in steps for chain in s.chains for _, _, kind in node_links(chain)}
    arrows = _arrow_legend([k for k in LINK_KINDS if k in kinds])
    return f'<p class="legend">Colours: {chips}{arrows}</p>' if chips or arrows else ""


_ARROW_LABELS = {"strong": "strong link", "weak": "weak link", "implies": "implication"}


def _arrow_legend(kinds: list[str]) -> str:
    """A small picture of each kind of arrow, drawn as in the grid."""
    if not kinds:
        return ""
    width = 100 * len(kinds)
    parts = []
    for i, kind in enumerate(kinds):
        x = 100 * i
        dash = ' stroke-dasharray="4 3"' if kind == "weak" else ""
        stroke = "1.1" if kind == "implies" else "1.6"
        parts.append(
            f'<line class="link {kind}" x1="{x + 2}" y1="9" x2="{x + 26}" y2="9" stroke="{CHAIN_COLOURS[0]}" '
            f'stroke-width="{stroke}"{dash} marker-end="url(#arrow)"/>'
            f'<text x="{x + 32}" y="13" font-size="12" fill="#212121">{_ARROW_LABELS[kind]}</text>'
        )
    return (
        f' Arrows: <svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="18" viewBox="0 0 {width} 18">'
        + "".join(parts)
        + "</svg> (one colour per chain)"
    )


def _rating_text(rating) -> str:
    """The rating of the path shown, on its own scale(s): what the rater says of this path."""
    parts = []
    if rating.se_solved is not None:
        parts.append(
            f"Sudoku Explainer ER {rating.er:.1f} (EP {rating.ep:.1f}, ED {rating.ed:.1f}; "
            f"hardest step {_esc(rating.se_hardest)})"
        )
    if rating.hodoku_solved is not None:
        parts.append(f"HoDoKu {_esc(rating.level)} ({rating.score}; hardest step {_esc(rating.hodoku_hardest)})")
    if not parts:
        return "These techniques are not all on one program's scale: no rating."
    return "Rating of this path: " + "; ".join(parts) + "."


def path_summary(grid: Grid, result: SolveResult) -> str:
    """The lines above a path's stepper: the puzzle, how the path ends and its rating, the
    colours and arrows it uses."""
    from grading.rater import rate_path

    puzzle = grid.values_string()
    ends = "solved" if result.solved else "stuck: no enabled technique applies at the end"
    return "\n".join(
        [
            f'<p class="meta">{_esc(puzzle)}</p>',
            f"<p>{len(result.steps)} steps; {ends}. {_rating_text(rate_path(puzzle, result, 0.0))}</p>",
            _legend(result.steps),
        ]
    )


def stepper_html(grid: Grid, result: SolveResult, prefix: str = "") -> str:
    """One path's stepper: its grid, Prev/Next, the step's text, the step list beside it, and
    the data its script draws from; every id starts with ``prefix`` (``p3-`` in the section
    ``p3`` of a page of several puzzles)."""
    line = "h3" if prefix else "h2"  # under the puzzle's own heading on a page of several
    return "\n".join(
        [
            '<div class="stepper"><div class="board">',
            page_grid(prefix),
            f'<div class="nav"><button id="{prefix}prev" type="button" title="previous step (Left arrow; Home: first)">'
            f'\u25c0 Prev</button><button id="{prefix}next" type="button" title="next step (Right arrow; End: the end)">'
            f'Next \u25b6</button><span id="{prefix}where" class="where"></span></div>',
            f'<{line} id="{prefix}line" class="line"></{line}><p id="{prefix}roles" class="roles"></p>'
            f'<p id="{prefix}explanation" class="explanation"></p><div id="{prefix}chains"></div>',
            '</div><div class="side">',
            _step_list(result, prefix),
            "</div></div>",
            _json_script(_path_data(grid, result), prefix),
        ]
    )


def page_head(title: str) -> str:
    """The page's start, up to its heading: the styles, the title."""
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_esc(title)}</title><style>{_CSS}</style></head><body>",
            f"<h1>{_esc(title)}</h1>",
        ]
    )


#: What the page says without its script, before its steppers.
NOSCRIPT = (
    "<noscript><p>This page draws the grid of each step with JavaScript: turn it on to see the pictures. "
    "The steps are all listed below.</p></noscript>"
)
#: The page's end: the script that runs every stepper on it.
PAGE_END = f"<script>{_SCRIPT}</script>\n</body></html>\n"


def render_page(grid: Grid, result: SolveResult, title: str | None = None) -> str:
    """The HTML stepper page for a solve path that starts at ``grid``: header, one grid
    drawn by its script, the step list beside it."""
    return "\n".join(
        [
            page_head(title or "Sudoku, step by step"),
            path_summary(grid, result),
            NOSCRIPT,
            f"<main>{stepper_html(grid, result)}</main>",
            PAGE_END,
        ]
    )


def write_html(path: str, grid: Grid, result: SolveResult, title: str | None = None) -> None:
    """Write :func:`render_page` to ``path`` (raises OSError if it cannot be written)."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(render_page(grid, result, title))
