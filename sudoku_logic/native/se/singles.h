/* Hidden and naked singles (singles.c, twin of strategies/se/singles.py):
 * each writes its first hint in SE's order to *out and returns 1, or returns 0. */
#ifndef SE_SINGLES_H
#define SE_SINGLES_H

#include "se/hint.h"

int se_hidden_singles(const grid *g, se_hint *out);
int se_naked_singles(const grid *g, se_hint *out);

#endif
