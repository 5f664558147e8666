/* Solutions of a position counted (solutions.c, twin of sudoku_logic/core/dlx.py's count_solutions). */
#ifndef CORE_SOLUTIONS_H
#define CORE_SOLUTIONS_H

#include "core/grid.h"

/* How many ways the empty cells of ``values`` (0 for empty) can be filled from ``cands``
 * so that every house holds each digit once, counting up to ``limit`` (at least one). */
int count_solutions(const uint8_t *values, const uint16_t *cands, int limit);

#endif
