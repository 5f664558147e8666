"""Solving techniques, registered by name in :mod:`strategies.registry` (HoDoKu's techniques
and Sudoku Explainer's rules): at the top the families both programs find and the chain
core both programs' chain engines read, in :mod:`strategies.hodoku` everything only HoDoKu
does, in :mod:`strategies.se` everything only Sudoku Explainer does."""

from strategies.registry import REGISTRY, RULES, Rule, Technique, lookup, se_rule, technique
from sudoku_logic.core.step import Step

__all__ = ["REGISTRY", "RULES", "Rule", "Step", "Technique", "lookup", "se_rule", "technique"]
