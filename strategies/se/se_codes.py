"""The compiled SE engine's ids, as the engine gives them: SE's rules by id and techniques
by code (``sudoku_logic/native/se/tables.h``, written from ``grading/tables.py``), and
whether the engine is in use. Kept apart from :mod:`.se_compiled` (which turns hints into
steps) so that a whole rating in C (``grading/se_batch.py``) loads no finder."""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_logic.native import se as engine

#: SE's rules by the compiled engine's id (``R_*``, SE's order); empty without the engine.
RULES: tuple[str, ...] = tuple(getattr(engine, "RULES", ()))
RULE_ID: dict[str, int] = {name: i for i, name in enumerate(RULES)}

#: The nesting levels of SE's Dynamic Forcing Chains the C engine has.
LEVELS = (0, 1, 2, 3, 4, 5)

#: Techniques by the compiled engine's code (``T_*``); empty without the engine.
TECHNIQUES: tuple[str, ...] = tuple(getattr(engine, "TECHNIQUES", ()))

#: Whether the compiled engine is in use, with its rules.
AVAILABLE = bool(RULES)


def rule_ids(names: Sequence[str]) -> bytes:
    """The C engine's ids of SE's rules ``names`` (each one it has)."""
    return bytes(RULE_ID[n] for n in names)
