/* Solutions of a position counted (se_solutions.c, twin of core/dlx.py's count_solutions). */
#ifndef SE_SOLUTIONS_H
#define SE_SOLUTIONS_H

#include "se_grid.h"

/* How many ways the empty cells of ``values`` (0 for empty) can be filled from ``cands``
 * so that every house holds each digit once, counting up to ``limit`` (at least one). */
int se_count_solutions(const uint8_t *values, const uint16_t *cands, int limit);

#endif
