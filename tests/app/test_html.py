"""`sudoku step --html`: one self-contained stepper page (one grid drawn by its script, the
step list beside it), checked as text and clicked through in headless Chromium."""

import json
import re

import pytest
from typer.testing import CliRunner

from chromium import Browser, colour_count, find_chromium
from commands import TOP1, invoke
from helpers import collection
from sudoku_logic.api import html as stepper
from sudoku_logic.api.html import render_page, write_html
from sudoku_logic.api.render import ROLES, step_roles
from sudoku_logic.api.solver import Solver
from sudoku_logic.api.svg import chain_links, svg_grid
from sudoku_logic.app.cli.main import app
from sudoku_logic.core.formats import parse
from sudoku_logic.core.houses import DIGIT_BIT

PUZZLE = collection("top1465.txt", 1)[0]  # a Locked Triple early (HoDoKu's order): pattern and eliminations
CHAINS = collection("top1465.txt", 2)[1]  # SE's path: Region Forcing Chains with three chains at step 9

CHROMIUM = find_chromium()
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    path = tmp_path_factory.mktemp("html") / "steps.html"
    r = CliRunner().invoke(app, ["step", PUZZLE, "--order", "hodoku", "--html", str(path)])
    assert r.exit_code == 0, r.output
    steps = int(re.match(r"Wrote (\d+) steps", r.output).group(1))
    return path, steps


@pytest.fixture(scope="module")
def path():
    """HoDoKu's path of PUZZLE: its grid and its steps."""
    grid = parse(PUZZLE)
    return grid, Solver(order="hodoku").solve(grid)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """One headless Chromium for the module's page tests, killed at the end."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install -y chromium)")
    b = Browser(CHROMIUM, str(tmp_path_factory.mktemp("chromium-profile")))
    try:
        yield b
    finally:
        b.close()


def _data(text: str) -> dict:
    """The JSON the page's script draws from."""
    found = re.findall(r'<script type="application/json" id="stepper-data">(.*?)</script>', text, re.S)
    assert len(found) == 1
    return json.loads(found[0])


def _shown_roles(grid, step) -> list[list]:
    """``[cell, digit, role]`` of the step's highlights that are candidates of the grid."""
    return sorted(
        [c, d, r] for (c, d), r in step_roles(step).items() if not grid.values[c] and grid.cands[c] & DIGIT_BIT[d]
    )


# the page as text


def test_page_is_one_self_contained_stepper(page):
    path, steps = page
    text = path.read_text()
    assert text.startswith("<!DOCTYPE html>")
    assert text.count('<svg id="grid"') == 1 and text.count("<svg") <= 2  # the grid, the arrow legend
    assert text.count("<script") == 2 and text.count('<button id="prev"') == text.count('<button id="next"') == 1
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg\b)", text)
    assert not re.search(r"\bsrc\s*=|@import|url\((?!#)", text)
    assert all(h.startswith("#") for h in re.findall(r'\bhref\s*=\s*"([^"]*)"', text))  # in-page links only
    assert "2. Locked Triple: 4,6,8 in r7c123 =&gt; " in text  # the step list, readable without the script
    assert text.count('<li><a href="#') == steps + 1  # every step, then the end
    assert ROLES["eliminated"].bg in text and ROLES["pattern"].bg in text
    assert len(_data(text)["steps"]) == steps + 1
    assert len(text.encode()) < 2_000 * steps + 30_000  # one grid and data, no picture per step


def test_page_data_is_the_path(path):
    grid, result = path
    data = _data(render_page(grid, result, title="A <title>"))
    g = grid.copy()
    for i, (step, entry) in enumerate(zip(result.steps, data["steps"]), 1):
        assert entry["grid"] == [-v if v else m for v, m in zip(g.values, g.cands)]
        assert entry["line"] == f"{i}. {step.notation}" and entry["explanation"] == step.explanation
        roles = [[c, d, list(ROLES)[r]] for c, d, r in entry["marks"]]
        assert roles == _shown_roles(g, step) and len(roles) == len(step_roles(step))
        assert len(entry["links"]) == len(entry["chains"]) == len(step.chains)
        g.apply(step)
    end = data["steps"][-1]
    assert len(data["steps"]) == len(result.steps) + 1 and end["line"] == "The solution."
    assert end["grid"] == [-v for v in g.values] and not end["marks"] and not end["links"]
    assert data["givens"] == PUZZLE.replace("0", ".")


def test_title_is_escaped_and_the_data_cannot_end_its_script(path):
    grid, result = path
    html = render_page(grid, result, title="A <title>")
    assert "<title>A &lt;title&gt;</title>" in html
    step = result.steps[0]
    step.explanation, saved = "</script><script>alert(1)</script>", step.explanation
    try:
        html = render_page(grid, result)
    finally:
        step.explanation = saved
    assert "alert(1)</script>" not in html and _data(html)["steps"][0]["explanation"].startswith("</script>")


def test_chain_links_read_se_and_hodoku_notation():
    assert chain_links("(2)r9c2-(2)r1c2=(2)r1c9[(2)r9c7]") == [(73, 2, 1, 2, "weak"), (1, 2, 8, 2, "strong")]
    # HoDoKu: a node without a digit keeps the one before; (9-4) links two digits of a cell
    assert chain_links("(9)r1c6-r1c9=(9-4)r2c9=r2c6") == [
        (5, 9, 8, 9, "weak"),
        (8, 9, 17, 9, "strong"),
        (17, 9, 17, 4, "weak"),
        (17, 4, 14, 4, "strong"),
    ]
    assert chain_links("(1=9)r4c1-(9=1)r4c7") == [
        (27, 1, 27, 9, "strong"),
        (27, 9, 33, 9, "weak"),
        (33, 9, 33, 1, "strong"),
    ]
    assert chain_links("(3)r4c46=r5c6") == [(30, 3, 41, 3, "strong")]  # a group counts as its first cell
    assert chain_links("r1c2=5 -> r3c4=5 and r1c2=6 -> r4c2=3") == [(1, 5, 21, 5, "implies"), (1, 6, 28, 3, "implies")]


def test_svg_highlights_match_the_step():
    grid = parse(PUZZLE)
    result = Solver().solve(grid)
    step = result.steps[0]
    svg = svg_grid(grid, step)
    assert svg.count(ROLES["placed"].bg) == len(step.placements)
    assert svg.count("<text") == sum(bin(m).count("1") for m in grid.cands) + bin(grid.filled()).count("1")


def test_svg_draws_each_chain_in_its_colour():
    grid = parse(CHAINS)
    result = Solver().solve(grid)
    k = next(i for i, s in enumerate(result.steps) if len(s.chains) >= 3)
    for s in result.steps[:k]:
        grid.apply(s)
    svg = svg_grid(grid, result.steps[k])
    assert all(f'stroke="{c}"' in svg for c in stepper.CHAIN_COLOURS[:3])


def test_unwritable_path_is_one_line_error(tmp_path):
    r = CliRunner().invoke(app, ["step", PUZZLE, "--html", str(tmp_path / "no" / "such" / "dir.html")])
    assert r.exit_code == 2 and r.output.startswith("error: cannot write ")


def test_every_role_has_its_own_colour_and_the_svg_stands_alone():
    named = {k: r for k, r in ROLES.items() if k != "other"}
    assert len({r.bg for r in named.values()}) == len(named)
    assert len(set(stepper.CHAIN_COLOURS)) == len(stepper.CHAIN_COLOURS)
    svg = svg_grid(parse(PUZZLE))
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and "class=" not in svg


# the page in headless Chromium

_STATE = """(() => {
  const li = document.querySelector("#steps li.current");
  const items = Array.from(document.querySelectorAll("#steps li"));
  return {step: document.body.dataset.step, hash: location.hash, current: items.indexOf(li),
          item: li && li.textContent, seen: !!li && (() => {
            const a = li.getBoundingClientRect(), b = document.getElementById("steps").getBoundingClientRect();
            return a.top >= b.top && a.bottom <= b.bottom; })(),
          currents: document.querySelectorAll("#steps li.current").length,
          line: document.getElementById("line").textContent,
          roles: Array.from(document.querySelectorAll("#grid [data-role]"))
                 .map(e => [+e.dataset.cell, +e.dataset.digit, e.dataset.role])
                 .sort((a, b) => a[0] - b[0] || a[1] - b[1]),
          prev: document.getElementById("prev").disabled, next: document.getElementById("next").disabled,
          links: Array.from(document.querySelectorAll("#g-links path")).map(e => e.getAttribute("stroke"))};
})()"""


def _state(browser) -> dict:
    return browser.evaluate(_STATE)


def _at(browser, number: int, line: str) -> None:
    """The page shows step ``number``: hash, line, the list's one current entry, scrolled into view."""
    state = _state(browser)
    assert (state["step"], state["hash"], state["current"], state["currents"]) == (
        str(number),
        f"#{number}",
        number - 1,
        1,
    )
    assert state["seen"]
    assert state["item"] == state["line"] == line


@needs_chromium
def test_next_clicks_and_right_arrows_reach_the_same_step(browser, page, path):
    file, _ = page
    grid, result = path
    browser.open(file.as_uri())
    _at(browser, 1, f"1. {result.steps[0].notation}")
    assert _state(browser)["prev"] is True
    for _ in range(3):
        browser.click("#next")
    clicked, by_click = browser.screenshot(), _state(browser)
    browser.open(file.as_uri())
    for _ in range(3):
        browser.press("ArrowRight")
    assert browser.screenshot() == clicked and _state(browser) == by_click
    step = result.steps[3]
    _at(browser, 4, f"4. {step.notation}")
    for s in result.steps[:3]:
        grid = grid.copy()
        grid.apply(s)
    assert by_click["roles"] == _shown_roles(grid, step) and len(by_click["roles"]) == len(step_roles(step)) > 10


@needs_chromium
def test_prev_comes_back_to_the_same_picture(browser, page):
    file, steps = page
    browser.open(file.as_uri() + "#2")
    before = browser.screenshot()
    browser.click("#next")
    assert browser.screenshot() != before
    browser.click("#prev")
    assert browser.screenshot() == before
    browser.open(file.as_uri() + "#2")  # afresh: a key makes the focus ring of a clicked button show
    browser.press("ArrowRight")
    assert browser.screenshot() != before
    browser.press("ArrowLeft")
    assert browser.screenshot() == before
    browser.press("End")
    state = _state(browser)
    assert (state["step"], state["hash"], state["current"], state["next"], state["seen"]) == (
        "end",
        "#end",
        steps,
        True,
        True,
    )
    assert state["line"] == "The solution." and not state["roles"] and not state["links"]
    browser.press("Home")
    assert _state(browser)["step"] == "1" and _state(browser)["prev"] is True


@needs_chromium
def test_different_steps_look_different(browser, page):
    file, _ = page
    shots = []
    for where in ("#1", "#2", "#12", "#end"):
        browser.open(file.as_uri() + where)
        shots.append(browser.screenshot("#grid"))
    assert len(set(shots)) == len(shots)


@needs_chromium
def test_hash_opens_the_step_a_click_reaches(browser, page, path):
    file, _ = page
    _, result = path
    browser.open(file.as_uri())
    browser.click("#steps li:nth-child(12) a")  # a click in the step list jumps there
    _at(browser, 12, f"12. {result.steps[11].notation}")
    browser.click("#next")
    browser.click("#prev")
    clicked = browser.screenshot()
    for url in (file.as_uri() + "#12", file.as_uri() + "#step12"):
        browser.open(url)
        _at(browser, 12, f"12. {result.steps[11].notation}")
        assert browser.screenshot() == clicked
    browser.click("#next")
    browser.reload()
    _at(browser, 13, f"13. {result.steps[12].notation}")  # a reload keeps the step


@needs_chromium
def test_several_chains_are_drawn_in_several_colours(browser, tmp_path):
    grid = parse(CHAINS)
    result = Solver().solve(grid)
    k = next(i for i, s in enumerate(result.steps) if len(s.chains) >= 3 and "Forcing Chains" in s.technique)
    one = next(i for i, s in enumerate(result.steps) if len(s.chains) == 1)
    file = tmp_path / "chains.html"
    write_html(str(file), grid, result)
    browser.open(f"{file.as_uri()}#{k + 1}")
    state = _state(browser)
    assert state["line"] == f"{k + 1}. {result.steps[k].notation}"
    colours = set(state["links"])
    assert colours == set(stepper.CHAIN_COLOURS[: len(result.steps[k].chains)])
    shot = browser.screenshot("#grid")
    assert all(colour_count(shot, c) > 20 for c in stepper.CHAIN_COLOURS[:3])  # the arrowheads, at least
    chains = browser.evaluate(
        "Array.from(document.querySelectorAll('#chains .chain')).map(p => p.style.borderLeftColor)"
    )
    assert len(set(chains)) == len(result.steps[k].chains)
    browser.open(f"{file.as_uri()}#{one + 1}")
    assert set(_state(browser)["links"]) == {stepper.CHAIN_COLOURS[0]}


# ---------------------------------------------------------------- chains drawn as arrows


def test_html_chain_has_arrows_and_breaks_only_between_links(tmp_path):
    from sudoku_logic.api.svg import chain_links

    assert chain_links("(4)r5c9-(4)r6c7=(4)r3c7") == [(44, 4, 51, 4, "weak"), (51, 4, 24, 4, "strong")]
    assert chain_links("r1c2=9 -> r1c9<>9 (with r1c4<>5) -> r2c9=9") == [
        (1, 9, 8, 9, "implies"),
        (8, 9, 17, 9, "implies"),
    ]
    f = tmp_path / "p.html"
    r = invoke("step", TOP1, "--html", str(f))
    assert r.exit_code == 0
    page = f.read_text()
    assert 'marker-end="url(#arrow)"' in page and 'class="link strong"' in page and 'class="link weak"' in page
    assert "-&gt;" not in page.split("<body>")[1]
