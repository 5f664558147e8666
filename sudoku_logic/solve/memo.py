"""Searching again only where a position changed: :class:`SearchMemo`.

A house- or digit-local technique (see :mod:`strategies.registry`) that found
nothing in a position need only look again, in a later position of the same solve, in the
houses (digits) whose candidates changed since. One memo belongs to one solve (it lives in
the solve's :class:`~sudoku_logic.core.context.SolveContext`); the steps found, and their
order, are those of a full search.
"""

from __future__ import annotations

from collections.abc import Iterator

from strategies.registry import Technique
from sudoku_logic.core.context import SolveContext
from sudoku_logic.core.grid import Grid
from sudoku_logic.core.houses import CELL_HOUSE_BITS, union_peers
from sudoku_logic.core.step import Step, step_changes


def snapshot(grid: Grid) -> tuple:
    """What local searches depend on: the empty cells and every digit's places (which
    determine every cell's candidates)."""
    return grid.empty, tuple(grid.pos)


def changed_digits(old: tuple, new: tuple) -> int:
    """9-bit set (bit ``d - 1``) of the digits whose places differ between two snapshots."""
    out = 0
    a, b = old[1], new[1]
    for d in range(1, 10):
        if a[d] != b[d]:
            out |= 1 << (d - 1)
    return out


def changed_houses(old: tuple, new: tuple) -> int:
    """27-bit set of the houses holding a cell that differs between two snapshots."""
    a, b = old[1], new[1]
    cells = (
        (old[0] ^ new[0])
        | (a[1] ^ b[1])
        | (a[2] ^ b[2])
        | (a[3] ^ b[3])
        | (a[4] ^ b[4])
        | (a[5] ^ b[5])
        | (a[6] ^ b[6])
        | (a[7] ^ b[7])
        | (a[8] ^ b[8])
        | (a[9] ^ b[9])
    )
    return union_peers(cells, CELL_HOUSE_BITS)


class SearchMemo:
    """For each house- or digit-local technique (see :mod:`strategies.registry`), the
    position where it last searched the whole grid and found nothing: the next search of a
    later position then looks only in the houses (digits) whose candidates changed since,
    and is skipped when none did. The steps found, and their order, are those of a full
    search."""

    def __init__(self) -> None:
        self._clean: dict[str, tuple] = {}
        # dirty sets worked out against the current snapshot, by (old snapshot's id, kind):
        # many techniques went clean at the same position and share one. The old snapshots
        # are held in the entries, so their ids stay theirs while the entries live.
        self._snap: tuple | None = None
        self._dirty: dict[tuple[int, str | None], tuple[tuple, int]] = {}

    def search(self, t: Technique, grid: Grid, snap: tuple, ctx: SolveContext | None = None) -> Iterator[Step]:
        """The steps of ``t`` that change ``grid`` (whose :func:`snapshot` is ``snap``)."""
        old = self._clean.get(t.name)
        if old is None:
            it = t.find(grid, ctx)
        else:
            if snap is not self._snap:
                self._snap = snap
                self._dirty = {}
            key = (id(old), t.local)
            hit = self._dirty.get(key)
            if hit is None:
                dirty = changed_houses(old, snap) if t.local == "house" else changed_digits(old, snap)
                self._dirty[key] = (old, dirty)
            else:
                dirty = hit[1]
            if not dirty:
                return
            it = t.find(grid, ctx, dirty)
        found = False
        for step in it:
            if step_changes(grid, step):
                found = True
                yield step
        if not found:
            self._clean[t.name] = snap


def solve_memo(ctx: SolveContext) -> SearchMemo:
    """The search memo of the solve ``ctx`` belongs to (made on first use)."""
    table = ctx.search_memo
    memo = table.get("memo")
    if memo is None:
        memo = table["memo"] = SearchMemo()
    return memo
