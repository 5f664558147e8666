"""The ``sudoku`` command line: ``main`` registers the commands and is the entry point (the
``sudoku`` script, ``python -m sudoku_logic``); one module per command (``solve`` with
``check``, ``step``, ``hint``, ``rate``, ``play``, ``techniques``, ``generate``), each with the
options object that checks its parameters; ``options`` the options several share,
``positions`` the PUZZLE and POSITION arguments, ``common`` the exit codes and the reporter.

The top room: it may import every other room; none imports it.
"""
