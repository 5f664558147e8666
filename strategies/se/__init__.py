"""Sudoku Explainer's own rules: its chaining engine (the twin of ``sudoku_logic/native``),
its uniqueness and BUG rules and Aligned Exclusion, and its orders and codes."""
