/* Direct intersections and direct hidden sets (direct.c, twin of strategies/se/direct.py):
 * each writes its first hint in SE's order to *out and returns 1, or returns 0. */
#ifndef SE_DIRECT_H
#define SE_DIRECT_H

#include "se/hint.h"

int se_direct_intersections(const grid *g, se_hint *out);
int se_direct_hidden_sets(const grid *g, int size, se_hint *out);

#endif
