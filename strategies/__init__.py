"""Solving techniques, one module per family, registered by name in :mod:`strategies.registry`."""
from .registry import REGISTRY, Technique, all_techniques, lookup, technique
from .step import Step

__all__ = ["REGISTRY", "Step", "Technique", "all_techniques", "lookup", "technique"]
