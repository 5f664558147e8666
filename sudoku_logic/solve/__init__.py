"""solve layer."""

#: Steps a path takes at most: far above any real path (at most 81 placements + 729
#: eliminations); the Python loop and the compiled engine's whole ratings stop there.
MAX_STEPS = 2000
