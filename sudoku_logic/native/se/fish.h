/* X-Wings, Swordfishes and Jellyfishes (fish.c, twin of strategies/se/fish.py):
 * each writes its first hint in SE's order to *out and returns 1, or returns 0. */
#ifndef SE_FISH_H
#define SE_FISH_H

#include "se/hint.h"

int se_fisherman(const grid *g, int size, se_hint *out);

#endif
