"""`sudoku step --html`: one self-contained page, every step drawn as an inline SVG."""
import re
import shutil
import subprocess
import tempfile

import pytest
from typer.testing import CliRunner

from helpers import collection
from sudoku_logic.app.cli import app
from sudoku_logic.core.formats import parse
from sudoku_logic.app.html import render_page, svg_grid
from sudoku_logic.app.render import ROLES
from sudoku_logic.app.solver import Solver

PUZZLE = collection("top1465.txt", 1)[0]  # a Locked Triple early (HoDoKu's order): pattern and eliminations


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    path = tmp_path_factory.mktemp("html") / "steps.html"
    r = CliRunner().invoke(app, ["step", PUZZLE, "--order", "hodoku", "--html", str(path)])
    assert r.exit_code == 0, r.output
    steps = int(re.match(r"Wrote (\d+) steps", r.output).group(1))
    return path, steps


def test_page_is_self_contained_with_one_svg_per_step(page):
    path, steps = page
    text = path.read_text()
    assert text.startswith("<!DOCTYPE html>")
    assert text.count("<svg") == steps + 1  # every step, then the final grid
    assert text.count('<section class="step"') == steps + 1
    assert "<script" not in text and not re.search(r'\b(src|href)=', text)
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text)
    assert "2. Locked Triple: 4,6,8 in r7c123 =&gt; " in text
    assert ROLES["eliminated"].bg in text and ROLES["pattern"].bg in text


def test_svg_highlights_match_the_step():
    grid = parse(PUZZLE)
    result = Solver().solve(grid)
    step = result.steps[0]
    svg = svg_grid(grid, step)
    assert svg.count(ROLES["placed"].bg) == len(step.placements)
    assert svg.count("<text") == sum(bin(m).count("1") for m in grid.cands) + bin(grid.filled()).count("1")
    html = render_page(grid, result, title="A <title>")
    assert "<title>A &lt;title&gt;</title>" in html


def test_unwritable_path_is_one_line_error(tmp_path):
    r = CliRunner().invoke(app, ["step", PUZZLE, "--html", str(tmp_path / "no" / "such" / "dir.html")])
    assert r.exit_code == 2 and r.output.startswith("error: cannot write ")


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")
def test_page_renders_in_headless_chromium(page, tmp_path):
    path, steps = page
    profile = tempfile.mkdtemp(dir=tmp_path)
    dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", path.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert dom.stdout.count("<svg") == steps + 1
    assert "Locked Triple" in dom.stdout
    shot = tmp_path / "shot.png"
    r = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--window-size=900,1200",
                        f"--screenshot={shot}", path.as_uri()], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and shot.exists()
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000  # a drawn page, not a blank one


def test_every_role_has_its_own_colour_and_the_svg_stands_alone():
    named = {k: r for k, r in ROLES.items() if k != "other"}
    assert len({r.bg for r in named.values()}) == len(named)
    svg = svg_grid(parse(PUZZLE))
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and "class=" not in svg
