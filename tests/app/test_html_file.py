"""`sudoku step FILE --html`: a file of several puzzles gives one page with a section per
puzzle (each the stepper the page of one puzzle shows), or with ``{n}`` in the name a page
per puzzle; a bad line is reported and the rest goes on. Checked as text, run as a real
command, and clicked through in headless Chromium."""

import json
import re

import pytest

from chromium import Browser, find_chromium
from commands import P, sudoku
from helpers import collection
from sudoku_logic.api.html import render_page
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse

SECOND = collection("qqwing_expert.txt", 2)[1]
BAD = "123bad"

CHROMIUM = find_chromium()
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")


@pytest.fixture(scope="module")
def puzzles(tmp_path_factory):
    """A file of three lines: a puzzle, a bad line, a puzzle with a label."""
    path = tmp_path_factory.mktemp("puzzles") / "three.txt"
    path.write_text(f"{P}\n{BAD}\n{SECOND} mylabel\n")
    return path


@pytest.fixture(scope="module")
def book(puzzles):
    """The page of the file, written by the real command: (its path, the command's result)."""
    page = puzzles.parent / "book.html"
    return page, sudoku("step", str(puzzles), "--html", str(page))


def _data(text: str) -> dict[str, dict]:
    """The JSON each stepper of a page draws from, by its id's prefix."""
    found = re.findall(r'<script type="application/json" id="([\w-]*)stepper-data">(.*?)</script>', text, re.S)
    return {prefix: json.loads(data) for prefix, data in found}


def _single(puzzle: str) -> str:
    """The page of one puzzle (its SE path), as --html writes it for a literal."""
    grid = parse(puzzle)
    return render_page(grid, Solver().solve(grid))


def test_a_file_of_puzzles_gives_one_page_with_a_section_each(book, puzzles):
    page, r = book
    assert r.returncode == 2  # a bad line, as the other commands on files
    assert r.stderr.splitlines() == [
        f"error: {puzzles} line 2: bad character 'b' at position 4: expected 1-9, or '.', '0', '-', '_' or '*' for empty"
    ]
    text = page.read_text()
    first, second = (_data(_single(p))[""] for p in (P, SECOND))
    assert _data(text) == {"p1-": first, "p3-": second}  # each path as the page of one shows it
    steps = len(first["steps"]) + len(second["steps"]) - 2
    assert r.stdout == f"Wrote 2 puzzles ({steps} steps) to {page}\n"
    assert f"<h2>Puzzle 1: {puzzles} line 1</h2>" in text and f"<h2>Puzzle 3: {puzzles} line 3 (mylabel)</h2>" in text
    assert re.findall(r'<section id="(\w+)"', text) == ["p1", "p3"]
    assert re.findall(r'<li><a href="#(p\d)">', text) == ["p1", "p3"]  # the list at the top
    for key in ("p1", "p3"):
        assert text.count(f'<svg id="{key}-grid"') == text.count(f'<button id="{key}-next"') == 1
        assert f'marker id="{key}-arrow"' in text
    assert text.count('<li><a href="#p3-') == len(second["steps"])  # every step of puzzle 3, then the end
    assert text.count("<script>") == 1 and not re.search(r"\bsrc\s*=|https?://(?!www\.w3\.org/2000/svg\b)", text)
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))


def test_n_in_the_name_gives_a_page_per_puzzle(puzzles, tmp_path):
    r = sudoku("step", str(puzzles), "--html", str(tmp_path / "steps-{n}.html"))
    assert r.returncode == 2 and "line 2: bad character" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["steps-1.html", "steps-3.html"]
    for n, puzzle in ((1, P), (3, SECOND)):
        text = (tmp_path / f"steps-{n}.html").read_text()
        assert _data(text) == _data(_single(puzzle))  # the page of one puzzle
        assert f"<title>Sudoku, step by step: {puzzles} line {n}</title>" in text
        steps = len(_data(text)[""]["steps"]) - 1
        assert f"Wrote {steps} steps to {tmp_path / f'steps-{n}.html'}" in r.stdout


def test_one_good_puzzle_gives_the_page_of_one(tmp_path):
    file = tmp_path / "one.txt"
    file.write_text(f"{BAD}\n{P}\n")
    r = sudoku("step", str(file), "--html", str(tmp_path / "one.html"))
    assert r.returncode == 2
    assert list(_data((tmp_path / "one.html").read_text())) == [""]


def test_a_page_of_several_that_cannot_be_written_is_one_line(puzzles, tmp_path):
    r = sudoku("step", str(puzzles), "--html", str(tmp_path / "no" / "such.html"))
    assert r.returncode == 2 and r.stdout == ""
    assert (
        r.stderr.splitlines()[-1] == f"error: cannot write {tmp_path / 'no' / 'such.html'}: No such file or directory"
    )


# the page in headless Chromium


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


_STATE = """(() => {
  const at = key => {
    const li = document.querySelector(`#${key}-steps li.current`);
    return {step: document.getElementById(key).dataset.step, line: document.getElementById(`${key}-line`).textContent,
            item: li && li.textContent, cands: document.querySelectorAll(`#${key}-g-cands text`).length};
  };
  const r = document.getElementById("p3").getBoundingClientRect();
  return {hash: location.hash, p1: at("p1"), p3: at("p3"), p3seen: r.top < innerHeight && r.bottom > 0};
})()"""


def _state(browser) -> dict:
    return browser.evaluate(_STATE)


@needs_chromium
def test_each_puzzle_steps_on_its_own(browser, book):
    page, _ = book
    browser.open(page.as_uri())
    state = _state(browser)
    assert (state["hash"], state["p1"]["step"], state["p3"]["step"]) == ("", "1", "1")
    assert state["p1"]["line"] == state["p1"]["item"] and state["p3"]["cands"] > 0  # every grid drawn
    browser.press("ArrowRight")  # the first puzzle, at first
    state = _state(browser)
    assert (state["hash"], state["p1"]["step"], state["p3"]["step"]) == ("#p1-2", "2", "1")
    browser.open(page.as_uri() + "#p3-5")  # a link to a step of puzzle 3 opens it, in sight
    state = _state(browser)
    assert (state["p1"]["step"], state["p3"]["step"], state["p3seen"]) == ("1", "5", True)
    assert state["p3"]["line"].startswith("5. ") and state["p3"]["item"] == state["p3"]["line"]
    browser.press("ArrowRight")  # the keys move the puzzle the hash named
    state = _state(browser)
    assert (state["hash"], state["p1"]["step"], state["p3"]["step"]) == ("#p3-6", "1", "6")
    browser.click("#p1-next")  # a click moves its own puzzle, and the keys follow it
    browser.press("ArrowRight")
    state = _state(browser)
    assert (state["hash"], state["p1"]["step"], state["p3"]["step"]) == ("#p1-3", "3", "6")
    browser.press("End")
    assert _state(browser)["p1"]["step"] == "end" and _state(browser)["hash"] == "#p1-end"
    browser.reload()  # a reload keeps the step the hash names
    assert _state(browser)["p1"]["step"] == "end" and _state(browser)["p3"]["step"] == "1"


@needs_chromium
def test_a_section_draws_its_step_as_the_page_of_one_does(browser, book, tmp_path):
    page, _ = book
    single = tmp_path / "second.html"
    single.write_text(_single(SECOND))
    shots = []
    for url, grid in ((f"{single.as_uri()}#7", "#grid"), (f"{page.as_uri()}#p3-7", "#p3-grid")):
        browser.open(url)
        shots.append(browser.screenshot(grid))
    assert shots[0] == shots[1]
    browser.open(f"{page.as_uri()}#p1-7")
    assert browser.screenshot("#p1-grid") != shots[0]
