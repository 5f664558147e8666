"""`sudoku hint --all` and `--skip` with Sudoku Explainer's order: every step of every rule,
easiest first (issue 40, item 5)."""

import json

import sudoku_logic as sl
from commands import invoke
from grading.se import raw_difficulty
from helpers import collection

PUZZLE = collection("top1465.txt", 1)[0]


def _position() -> str:
    """The top1465 position before step 25 of SE's path, as `sudoku step --until 25` prints it."""
    r = invoke("step", PUZZLE, "--until", "25", "--no-color")
    assert r.exit_code == 0, r.output
    return r.output


def _hints(position: str, *args: str, status: int = 0) -> dict:
    r = invoke("hint", "-", "--json", *args, input=position)
    assert r.exit_code == status, r.output
    return json.loads(r.output)


def test_all_lists_every_rules_steps_easiest_first_and_skip_walks_that_list():
    position = _position()
    listed = _hints(position, "--all")["steps"]
    techniques = {s["technique"] for s in listed}
    assert len(listed) > 10
    # the same list from the API, on the pencilmarks `step` printed: its SE ratings rise
    marks = position.split("Position before step 25")[1].splitlines()[2:15]
    steps = sl.steps(PUZZLE + "\n" + "\n".join(marks))
    assert [s.notation for s in steps] == [s["text"] for s in listed]
    ratings = [raw_difficulty(s) for s in steps]
    assert ratings == sorted(ratings)  # type: ignore[type-var]  # SE rates every SE step
    assert {"Region Forcing Chains", "Dynamic Cell Forcing Chains", "Dynamic Region Forcing Chains"} <= techniques
    only = _hints(position, "-t", "Dynamic Cell Forcing Chains")["steps"][0]
    assert only["text"] in [s["text"] for s in listed]
    for skip in (1, 3, len(listed) - 1):
        assert _hints(position, "--skip", str(skip))["steps"][0]["text"] == listed[skip]["text"]
    assert _hints(position, "--skip", str(len(listed)), status=1)["hints"] == []  # 1: no step found
    path_step = _hints(position)["steps"][0]
    assert path_step["technique"] == "Region Forcing Chains" and path_step["text"] == listed[0]["text"]


def test_a_region_forcing_chain_is_hinted_at_its_region_not_at_its_result():
    """Issue 40, item 12: the chain's region is every place of 9 in c4, its result r1c6<>9."""
    position = _position()
    assert _hints(position, "--level", "2")["hints"] == [
        "Region Forcing Chains in column 4, on the digit 9: a candidate can be removed."
    ]
    r = invoke("hint", "-", "--level", "1", input=position)
    assert r.output.splitlines()[-1] == "Look at column 4 for the digit 9: a candidate can be removed."
