"""Solving techniques, one module per family, registered by name in
:mod:`strategies.registry` (HoDoKu's techniques and Sudoku Explainer's rules)."""

from strategies.registry import REGISTRY, RULES, Rule, Technique, lookup, se_rule, technique
from sudoku_logic.core.step import Step

__all__ = ["REGISTRY", "RULES", "Rule", "Step", "Technique", "lookup", "se_rule", "technique"]
