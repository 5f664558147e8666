"""The interactive terminal: ``sudoku play`` (``play``, the Textual screen; ``play_state``, the
game without a terminal; ``play_worker``, the searches in a process of their own) and
``sudoku step --interactive`` (``interactive``, a path walked one step at a time).

Only ``play`` imports Textual. Imports the ``io`` room, the API and the layers below.
"""
