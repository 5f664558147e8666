/* Pointing and claiming (intersections.c, twin of strategies/se/intersections.py):
 * each writes its first hint in SE's order to *out and returns 1, or returns 0. */
#ifndef SE_INTERSECTIONS_H
#define SE_INTERSECTIONS_H

#include "se/hint.h"

int se_intersections(const grid *g, se_hint *out);

#endif
