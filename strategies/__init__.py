"""Solving techniques, one module per family, registered by name in :mod:`sudoku_logic.strategies.registry`."""
from sudoku_logic.strategies.registry import REGISTRY, Technique, all_techniques, lookup, technique
from sudoku_logic.core.step import Step

__all__ = ["REGISTRY", "Step", "Technique", "all_techniques", "lookup", "technique"]
