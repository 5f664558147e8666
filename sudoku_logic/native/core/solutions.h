/* Solutions of a position counted (solutions.c, twin of sudoku_logic/core/dlx.py's count_solutions). */
#ifndef CORE_SOLUTIONS_H
#define CORE_SOLUTIONS_H

#include "core/grid.h"

/* How many ways the empty cells of ``values`` (0 for empty) can be filled from ``cands``
 * so that every house holds each digit once, counting up to ``limit`` (at least one). */
int count_solutions(const uint8_t *values, const uint16_t *cands, int limit);

/* Whether the position has exactly one solution; if so it is written to ``solution`` (81 values). */
int unique_solution(const uint8_t *values, const uint16_t *cands, uint8_t solution[81]);

/* Nodes between two calls of a search's poll. */
#define SOLUTIONS_POLL 65536L
/* A search's poll: nonzero stops the search. */
typedef int (*solutions_poll)(void *ctx);
/* count_solutions, calling ``poll(ctx)`` (when not NULL) every SOLUTIONS_POLL nodes; -1 if
 * the poll stopped it.  Two equal givens in a house count 0 at once. */
int count_solutions_polled(const uint8_t *values, const uint16_t *cands, int limit, solutions_poll poll, void *ctx);

#endif
