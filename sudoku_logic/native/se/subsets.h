/* Naked and hidden sets of ``size`` (subsets.c, twin of strategies/se/subsets.py):
 * each writes its first hint in SE's order to *out and returns 1, or returns 0. */
#ifndef SE_SUBSETS_H
#define SE_SUBSETS_H

#include "se/hint.h"

int se_naked_sets(const grid *g, int size, se_hint *out);
int se_hidden_sets(const grid *g, int size, se_hint *out);

#endif
