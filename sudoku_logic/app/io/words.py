"""Small pieces of the messages the command line prints."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for one: ``1 row``, ``2 rows``, ``0 tries``."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
