/* Bivalue Universal Graves (bug.c, twin of strategies/se/bug.py):
 * each writes its first hint in SE's order to *out and returns 1, or returns 0. */
#ifndef SE_BUG_H
#define SE_BUG_H

#include "se/hint.h"

int se_bivalue_universal_graves(const grid *g, se_hint *out);

#endif
