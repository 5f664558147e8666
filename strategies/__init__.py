"""Solving techniques, one module per family, registered by name in
:mod:`sudoku_logic.strategies.registry` (HoDoKu's techniques and Sudoku Explainer's rules)."""

from sudoku_logic.core.step import Step
from sudoku_logic.strategies.registry import REGISTRY, RULES, Rule, Technique, lookup, se_rule, technique

__all__ = ["REGISTRY", "RULES", "Rule", "Step", "Technique", "lookup", "se_rule", "technique"]
