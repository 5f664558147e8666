/* Aligned Pair and Triplet Exclusion (aligned_exclusion.c, twin of
 * strategies/se/aligned_exclusion.py): each writes its first hint in SE's order to *out and returns 1, or returns 0. */
#ifndef SE_ALIGNED_EXCLUSION_H
#define SE_ALIGNED_EXCLUSION_H

#include "se/hint.h"

int se_aligned_pair_exclusion(const grid *g, se_hint *out);
int se_aligned_triplet_exclusion(const grid *g, se_hint *out);

#endif
