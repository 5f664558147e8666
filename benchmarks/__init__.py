"""Benchmarks of sudoku-logic: its speed, and how far its ratings agree with Sudoku Explainer's and HoDoKu's.

Each module here is a script: run it from the root of the checkout as ``python -m benchmarks.NAME
[OPTIONS]`` (for example ``python -m benchmarks.se_steps --limit 5``; ``--help`` or the module's
docstring tells its options and what it prints). The project is installed in the environment
that runs them (``pip install -e .``; ``.[bench]`` adds hodoku-py and Cython for the scripts that
use them). What the scripts share (reading a puzzle sample, timing whole commands in turn,
printing a table) is in :mod:`benchmarks.common`.
"""
