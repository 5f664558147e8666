"""Many puzzles at a time: ``sudoku rate`` on files of any size (``rating``, resumable with
``progress``) and ``sudoku generate`` (``generator``), both on one worker pool (``pool``: this
process or local worker processes; ``dask_pool``: a Dask cluster), in processes whose garbage
collector ``gc_tuning`` sets.

Imports the ``io`` room, the API and the layers below; the workers import these modules by
name (a job's ``preload``), so their names are part of what a Dask cluster runs.
"""
