"""Shared helpers for the single-digit, wing and colouring finders.

Nothing here registers a technique: conjugate pairs computed once per call, and HoDoKu's
compact cell printing so that notation lines read exactly as HoDoKu prints them.
"""

from __future__ import annotations

from sudoku_logic.core.houses import HOUSE_MASK, MASK_DIGITS


def digit_list(digits: int | None):
    """The digits of a 9-bit set (bit ``d - 1``), all nine for None: what a digit-local
    finder (see :mod:`strategies.registry`) searches."""
    return range(1, 10) if digits is None else MASK_DIGITS[digits]


#: HoDoKu lists houses as rows, columns, then boxes (its "constraints" order).
ALL_HOUSES = range(27)


def conjugate_pairs(pos: int, houses=ALL_HOUSES) -> list[tuple[int, int, int]]:
    """``(house, a, b)`` with ``a < b`` for every house in which the 81-bit set ``pos`` (one
    digit's candidates) has exactly two cells: a strong link, one of the two holds the digit."""
    out = []
    for h in houses:
        m = pos & HOUSE_MASK[h]
        if m and m.bit_count() == 2:
            low = m & -m
            out.append((h, low.bit_length() - 1, (m ^ low).bit_length() - 1))
    return out
