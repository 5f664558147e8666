"""``sudoku step``: the path as text (every forcing net's chains shown, the legend's marks),
a path stopped at a step or a technique (``--until``, ``--until-technique``) whose position
``hint`` reads back, and the rating and step counts it ends with, the numbers ``rate`` gives."""

from __future__ import annotations

import pytest

from bad_inputs import GOOD
from commands import TOP1, XYW, P, invoke, sudoku
from sudoku_logic.core.formats import parse


def _position_block(stdout: str) -> str:
    lines = stdout.splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("Position before step"))
    return "\n".join(lines[k + 1 :])


def test_forcing_net_prints_its_chains():
    """Every forcing-net step shows its chains in the terminal: in its explanation, or in
    ``Chain`` lines under it (never only a count of steps)."""
    r = invoke("step", TOP1, "--order", "hodoku", "--no-color")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    nets = [i for i, ln in enumerate(lines) if "Forcing Net" in ln and ln[:1].isdigit()]
    assert nets
    for k in nets:
        shown = lines[k + 1] + "".join(ln for ln in lines[k + 2 : k + 8] if ln.strip().startswith("Chain"))
        assert shown.count(" -> ") >= 2, lines[k : k + 3]


def test_until_technique_prints_a_position_hint_reads_back():
    r = invoke("step", XYW, "--until-technique", "xy-wing", "--no-color")
    assert r.exit_code == 0, r.stderr
    assert "(XY-Wing comes next)" in r.stdout
    block = _position_block(r.stdout)
    assert block.splitlines()[0] == XYW.replace("0", ".")
    h = invoke("hint", block, "--no-grids")
    assert h.exit_code == 0, h.stderr
    assert h.stdout.startswith("XY-Wing: ")


def test_until_step_number_and_past_the_end():
    r = invoke("step", XYW, "--until", "3", "--no-color")
    assert r.exit_code == 0
    assert "Position before step 3" in r.stdout and "\n2. " in r.stdout and "\n3. " not in r.stdout
    assert invoke("hint", _position_block(r.stdout)).exit_code == 0
    r = invoke("step", XYW, "--until", "500")
    assert r.exit_code == 2 and r.stderr.startswith("error: the path has ") and ", so no step 500" in r.stderr
    r = invoke("step", XYW, "--until-technique", "Jellyfish")
    assert r.exit_code == 2 and "no Jellyfish step" in r.stderr
    r = invoke("step", XYW, "--until-technique", "jelyfish")
    assert r.exit_code == 2 and "did you mean Jellyfish" in r.stderr


def test_legend_markers_name_one_role_each():
    from sudoku_logic.api.render import ROLES, legend
    from sudoku_logic.core.step import Step

    marks = [r.mark for k, r in ROLES.items() if k not in ("fin", "endofin", "cannibal")]
    assert len(set(marks)) == len(marks)  # the fin kinds share "!", every other role has its own
    step = Step("X", candidates=[(0, 1, "pattern"), (1, 2, "on")])
    assert legend(step, plain=True).plain == "legend: +n pattern ^n chain on"


def test_bug_plus_one_extra_candidate_is_not_a_fin():
    from sudoku_logic.api.solver import Solver

    result = Solver(order="hodoku").solve(parse(GOOD))
    from sudoku_logic.api.render import legend, step_roles

    bug = next(s for s in result.steps if s.technique == "Bivalue Universal Grave + 1")
    roles = set(step_roles(bug).values())
    assert "extra" in roles and "fin" not in roles
    assert "xn extra candidate" in legend(bug, plain=True).plain


@pytest.mark.parametrize("order", ["se", "hodoku"])
def test_step_ends_with_the_rating_rate_gives(order):
    """`step` ends with the path's rating on its scale, the numbers `rate` gives, and its steps
    counted by technique."""
    out = sudoku("step", P, "--order", order).stdout.rstrip().splitlines()
    rate = sudoku("rate", P, "--jobs", "1", "--columns", "rating,ep,ed,level,score,se_hardest,hodoku_hardest,steps")
    er, ep, ed, level, score, se_hardest, ho_hardest, steps = rate.stdout.splitlines()[1].split(",")
    if order == "se":
        assert out[-2] == f"Rating (Sudoku Explainer): ER {er}, EP {ep}, ED {ed}; hardest {se_hardest}"
        assert sum(int(part.rsplit(" ", 1)[1]) for part in out[-1][len("Steps: ") :].split(", ")) == int(steps)
    else:
        assert out[-2] == f"Rating (HoDoKu): {level}, score {score}; hardest {ho_hardest}"
    assert out[-1].startswith("Steps: ")


def test_step_takes_technique_as_hint_does():
    a = sudoku("step", P, "--technique", "hidden single,naked single")
    b = sudoku("step", P, "--techniques", "hidden single,naked single")
    assert a.stdout == b.stdout and a.returncode == b.returncode == 1, a.stderr
