"""Everything only HoDoKu does: the technique families only its path takes (single-digit
patterns, colouring, its uniqueness tests and BUG+1, Sue de Coq, ALS and ALS chains, its
X-/XY-Chains and Remote Pairs, nice loops and AICs, forcing chains and nets, Kraken fish,
Brute Force), the engines they run on (the tabling search with its tables, loops and
forcing parts; the propagation of forcing nets; the chain printer) and its singles queues.
The families both programs use are at the top of :mod:`strategies`."""
