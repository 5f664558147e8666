"""The application: the ``sudoku`` command and what only it needs, built on the public API
(:mod:`sudoku_logic.api`), in four rooms that import one another only downward:

- :mod:`~sudoku_logic.app.io`: what the commands read and write (the input reader, the row
  writer, the standard streams, the settings file, words of messages);
- :mod:`~sudoku_logic.app.bulk`: many puzzles at a time (rating files of any size, generating
  puzzles) on worker pools: this process, local processes, a Dask cluster;
- :mod:`~sudoku_logic.app.terminal`: the interactive terminal (``sudoku play`` and
  ``sudoku step --interactive``);
- :mod:`~sudoku_logic.app.cli`: the command line, one module per command.

``io`` is the bottom room, ``bulk`` and ``terminal`` stand on it side by side (neither imports
the other), ``cli`` on all three; ``tests/test_layers.py`` holds them to it.
"""
