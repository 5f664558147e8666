"""Hints at three levels, from a nudge to the whole step.

- Level 1 says where to look: a house (or a few), and the digit when the step is about one
  digit, and whether something can be placed or removed there.
- Level 2 adds the technique's name.
- Level 3 is the whole step: its notation line, explanation and the chains the explanation
  does not spell out (the CLI adds the grid).

The step hinted is the one the solver's program takes next (:meth:`Solver.next_step`): with
Sudoku Explainer's order, the step of the path its ER is computed on. ``skip`` N gives the
step numbered N+1 in the list of every step (:func:`distinct_steps`), easiest first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from sudoku_logic.api.solver import Solver
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import BOX_OF, CELL_HOUSES, HOUSE_CELLS, cell_name, common_houses, house_name, mask_of
from sudoku_logic.core.step import Step

LEVELS = (1, 2, 3)
_KINDS = (("row", "rows"), ("column", "columns"), ("box", "boxes"))
#: the region of a Region Forcing Chains step, as its detail names it (``every place of 9 in c4``)
_REGION = re.compile(r"every place of ([1-9]) in ([rcb])([1-9])\b")


def _region(step: Step) -> tuple[int, int] | None:
    """(house, digit) of a region forcing chain: the region whose every place of the digit
    leads to the step's result; None for other steps."""
    if "Region Forcing Chains" not in step.technique:
        return None
    found = _REGION.search(step.detail or "")
    return ("rcb".index(found[2]) * 9 + int(found[3]) - 1, int(found[1])) if found else None


def distinct_steps(solver: Solver, grid: Grid) -> Iterator[Step]:
    """Every step available for ``grid``, easiest first (:meth:`Policy.every_step`: with
    SE's order by SE's difficulty, then SE's rule order), each deduction only once.

    Two steps that would make the same changes (a Naked Single that is also a Hidden
    Single) count once, under the one that comes first.
    """
    seen: set[tuple[frozenset, frozenset]] = set()
    for step in solver.policy.every_step(grid, solver.context()):
        key = (
            frozenset((c, d) for c, d in step.placements if not grid.values[c]),
            frozenset((c, d) for c, d in step.eliminations if grid.has(c, d)),
        )
        if key in seen:
            continue
        seen.add(key)
        yield step


def pick_step(solver: Solver, grid: Grid, skip: int = 0) -> Step | None:
    """The step the solver's path takes (``skip`` 0), else the step numbered ``skip + 1`` of
    :func:`distinct_steps`, or None."""
    if not skip:
        return solver.next_step(grid)  # the step a solve takes (the compiled engine's, if built)
    for i, step in enumerate(distinct_steps(solver, grid)):
        if i >= skip:
            return step
    return None


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def houses_phrase(houses: list[int]) -> str:
    """``box 5``, ``rows 2 and 8``, ``row 2 and column 5``: houses named as a sentence does."""
    parts = []
    for kind in range(3):
        nums = sorted(h % 9 + 1 for h in houses if h // 9 == kind)
        if nums:
            one, many = _KINDS[kind]
            parts.append(f"{one if len(nums) == 1 else many} {_join([str(n) for n in nums])}")
    return _join(parts)


def step_digits(step: Step) -> list[int]:
    """The digits a step is about: its pattern candidates' digits and the digits it changes."""
    ds = {d for _, d, _ in step.candidates} | {d for _, d in step.placements} | {d for _, d in step.eliminations}
    return sorted(ds)


def step_area(step: Step) -> list[int]:
    """The houses to look at for a step: its own houses (at most four; of more, the leading
    houses of one kind, such as a fish's base houses), else the box (or line) holding all its
    pattern cells, else the boxes those cells lie in (at most four). Empty means the whole
    grid. A region forcing chain's area is its region (where the digit's every place leads
    to the same result), not the box of its result."""
    region = _region(step)
    if region is not None:
        return [region[0]]
    if step.houses:
        hs = list(dict.fromkeys(step.houses))
        if len(hs) <= 4:
            return hs
        lead = [h for h in hs[: next((i for i, h in enumerate(hs) if h // 9 != hs[0] // 9), len(hs))]]
        if len(lead) <= 4:  # a fish: its base houses (listed first), not the boxes its cells lie in
            return lead
    cells = list(dict.fromkeys(step.cells or [c for c, _, _ in step.candidates] or [c for c, _ in step.placements]))
    if not cells:
        return []
    common = common_houses(mask_of(cells))
    if common:
        boxes = [h for h in common if h >= 18]
        return boxes[:1] or common[:1]
    boxes = sorted({18 + BOX_OF[c] for c in cells})
    return boxes if len(boxes) <= 4 else []


def _area_text(step: Step) -> tuple[str, str]:
    """(where, digit phrase) for levels 1 and 2."""
    area = step_area(step)
    where = houses_phrase(area) if area else "the whole grid"
    region = _region(step)
    digits = [region[1]] if region is not None else step_digits(step)
    return where, (f"the digit {digits[0]}" if len(digits) == 1 else "")


def _effect(step: Step) -> str:
    if step.placements:
        return "a digit can be placed" if len(step.placements) == 1 else "digits can be placed"
    n = len(step.eliminations)
    return "a candidate can be removed" if n == 1 else f"{n} candidates can be removed"


def chain_lines(step: Step) -> list[str]:
    """The step's chains that neither its line nor its explanation already spell out (a
    forcing net's or a Kraken fish's explanation only counts their steps), one line each."""
    text = step.notation + "\n" + (step.explanation or "")
    return [c for c in step.chains if c and c not in text]


def hint_text(step: Step, level: int = 3) -> str:
    """The hint for ``step`` at ``level`` (1, 2 or 3) as plain text.

    >>> s = Step("Hidden Single", placements=[(40, 5)], cells=[40], houses=[22],
    ...          candidates=[(40, 5, "pattern")], explanation="In box 5, 5 can only go in r5c5.")
    >>> hint_text(s, 1)
    'Look at box 5 for the digit 5: a digit can be placed.'
    >>> hint_text(s, 2)
    'Hidden Single in box 5, on the digit 5: a digit can be placed.'
    >>> print(hint_text(s, 3))
    Hidden Single: r5c5=5
    In box 5, 5 can only go in r5c5.
    """
    if level not in LEVELS:
        raise ValueError(f"hint level must be 1, 2 or 3, not {level}")
    where, digit = _area_text(step)
    if level == 1:
        return f"Look at {where}{' for ' + digit if digit else ''}: {_effect(step)}."
    if level == 2:
        return f"{step.technique} in {where}{', on ' + digit if digit else ''}: {_effect(step)}."
    lines = [step.notation] + ([step.explanation] if step.explanation else [])
    chains = chain_lines(step)
    if len(chains) == 1:
        lines.append(f"Chain: {chains[0]}")
    else:
        lines.extend(f"Chain {i}: {c}" for i, c in enumerate(chains, 1))
    return "\n".join(lines)


def _clash(values: list[int], cell: int, given_mask: int) -> tuple[int, int] | None:
    """(house, cell) of another digit equal to the one in ``cell`` in one of its houses
    (a given first, then the nearest house: row, column, box), or None."""
    found = [
        (not given_mask >> other & 1, house, other)
        for house in CELL_HOUSES[cell]
        for other in HOUSE_CELLS[house]
        if other != cell and values[other] == values[cell]
    ]
    return min(found)[1:] if found else None


def _counted(n: int, one: str, many: str) -> str:
    return one if n == 1 else many.format(n)


def mistake_lines(values: list[int], given_mask: int, problems: list, level: int = 3) -> list[str]:
    """What is wrong with a position (``problems``: :class:`~sudoku_logic.api.position.Problem`),
    told at ``level`` without giving more away than it asks: 1 names a rule a digit breaks, or
    the box holding each wrong digit or needed candidate; 2 the cell; 3 the solution's digit."""
    if level not in LEVELS:
        raise ValueError(f"hint level must be 1, 2 or 3, not {level}")
    if level == 3:
        return [p.message for p in problems]
    lines: list[str] = []
    boxes: dict[tuple[int, str], int] = {}
    for p in problems:
        clash = _clash(values, p.cell, given_mask) if p.kind == "placed" else None
        if clash is not None:
            house, other = clash
            lines.append(
                f"{cell_name(p.cell)}: {house_name(house, short=False)} already has a {p.digit} in {cell_name(other)}"
            )
        elif level == 2:
            lines.append(
                f"{cell_name(p.cell)}: the {p.digit} you placed there is wrong"
                if p.kind == "placed"
                else f"{cell_name(p.cell)}: you removed a candidate the solution needs there"
            )
        else:
            key = (BOX_OF[p.cell], p.kind)
            boxes[key] = boxes.get(key, 0) + 1
    for (box, kind), n in sorted(boxes.items()):
        lines.append(
            f"box {box + 1}: "
            + (
                _counted(n, "a digit you placed is wrong", "{} digits you placed are wrong")
                if kind == "placed"
                else _counted(n, "a candidate you removed is needed", "{} candidates you removed are needed")
            )
        )
    return lines


__all__ = [
    "LEVELS",
    "chain_lines",
    "distinct_steps",
    "mistake_lines",
    "pick_step",
    "hint_text",
    "houses_phrase",
    "step_area",
    "step_digits",
]
