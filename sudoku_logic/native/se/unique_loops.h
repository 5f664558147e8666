/* Unique Rectangles and Loops (unique_loops.c, twin of strategies/se/unique_loops.py):
 * each writes its first hint in SE's order to *out and returns 1, or returns 0. */
#ifndef SE_UNIQUE_LOOPS_H
#define SE_UNIQUE_LOOPS_H

#include "se/hint.h"

int se_unique_loops(const grid *g, se_hint *out);

#endif
