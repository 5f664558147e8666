"""Sudoku Explainer's basic fish (``Fisherman``: X-Wings, Swordfishes, Jellyfishes) in its
order, as the steps of :mod:`strategies.fish`. Twin of ``sudoku_logic/native/se/fish.c``."""

from __future__ import annotations

from collections.abc import Iterator

from strategies.fish import SIZE_NAMES, fish_step
from strategies.fish_search import Fish
from strategies.registry import se_rule
from strategies.se.order import SE_INDEX_COMBOS
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import HOUSE_MASK, cols_of, rows_of
from sudoku_logic.core.step import Step


def se_fisherman(grid: Grid, size: int) -> Iterator[Step]:
    """SE's basic fish (``Fisherman``): columns as base against rows, then rows against
    columns; base sets in SE's order of index sets, digits 1-9 for each, only digits placed
    at most ``9 - 2 * size`` times; each base line needs two or more candidates."""
    pos = grid.pos
    placed = [p.bit_count() for p in grid.placed]
    digits = [d for d in range(1, 10) if placed[d] + 2 * size <= 9]
    for base_off, cover_off in ((9, 0), (0, 9)):
        line_index = rows_of if cover_off == 0 else cols_of
        # per digit: each base line's candidates, and the cover lines they lie in (None:
        # fewer than two candidates, the line cannot be part of a base)
        tables = []
        for d in digits:
            p = pos[d]
            cells = [p & HOUSE_MASK[base_off + i] for i in range(9)]
            tables.append((d, p, cells, [line_index(m) if m & (m - 1) else None for m in cells]))
        for combo in SE_INDEX_COMBOS[size]:
            for d, p, cells, lines_of in tables:
                lines = 0  # cover lines (as a 9-bit set of indexes) holding the base candidates
                base81 = 0
                for i in combo:
                    li = lines_of[i]
                    if li is None:
                        break
                    base81 |= cells[i]
                    lines |= li
                else:
                    if lines.bit_count() != size:
                        continue
                    cover = tuple(cover_off + j for j in range(9) if lines >> j & 1)
                    cover81 = 0
                    for h in cover:
                        cover81 |= HOUSE_MASK[h]
                    elims = p & cover81 & ~base81
                    if elims:
                        yield se_fish_step(size, d, tuple(base_off + i for i in combo), cover, base81, elims)


def se_fish_step(size: int, d: int, base: tuple[int, ...], cover: tuple[int, ...], base81: int, elims: int) -> Step:
    """SE's basic fish of ``size`` on digit ``d``: its base and cover houses, the base
    candidates and the eliminations (81-bit sets)."""
    step = fish_step(Fish(d, base, cover, base81, 0, 0, 0, elims), SIZE_NAMES[size])
    step.facts = {"base": base, "cover": cover, "digit": d}
    return step


def _se_fish_rule(size: int) -> None:
    plural = {2: "X-Wings", 3: "Swordfishes", 4: "Jellyfishes"}[size]

    def rule(grid: Grid) -> Iterator[Step]:
        return se_fisherman(grid, size)

    rule.__name__ = f"se_{plural.lower().replace('-', '_')}"
    rule.__doc__ = f"SE's {SIZE_NAMES[size]}s, in SE's order."
    se_rule(plural, (SIZE_NAMES[size],))(rule)


for _size in (2, 3, 4):
    _se_fish_rule(_size)
