/* XY-Wings and, with ``xyz``, XYZ-Wings (wings.c, twin of strategies/se/wings.py):
 * each writes its first hint in SE's order to *out and returns 1, or returns 0. */
#ifndef SE_WINGS_H
#define SE_WINGS_H

#include "se/hint.h"

int se_xy_wings(const grid *g, int xyz, se_hint *out);

#endif
