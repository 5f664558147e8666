"""Isomorphs of a sudoku: digits relabelled, rows and columns permuted within their band or
stack, bands and stacks permuted, the grid transposed. Each keeps the number of solutions
and of givens; a logical path may change with the cell order (HoDoKu breaks ties by it)."""

from __future__ import annotations

import random
from collections.abc import Sequence


def _line_order(rng: random.Random) -> list[int]:
    """A random order of the nine rows (or columns) that keeps each band (stack) together."""
    bands = [0, 1, 2]
    rng.shuffle(bands)
    out: list[int] = []
    for b in bands:
        lines = [0, 1, 2]
        rng.shuffle(lines)
        out.extend(3 * b + i for i in lines)
    return out


def random_isomorph(values: Sequence[int], rng: random.Random, transpose: bool = True) -> list[int]:
    """A random isomorph of ``values`` (81 digits, 0 for an empty cell), drawn from ``rng``.
    ``transpose=False`` never transposes (a mirror symmetry of the givens survives only so)."""
    digits = list(range(1, 10))
    rng.shuffle(digits)
    relabel = [0, *digits]
    rows, cols = _line_order(rng), _line_order(rng)
    flip = transpose and rng.random() < 0.5
    out = [0] * 81
    for r in range(9):
        for c in range(9):
            src = rows[r] * 9 + cols[c]
            if flip:
                src = cols[c] * 9 + rows[r]
            out[r * 9 + c] = relabel[values[src]]
    return out
