/* SE's Nishio and Dynamic Forcing Chains, every nesting level (dynamic.c, twin of
 * strategies/se/dynamic.py). */
#ifndef SE_DYNAMIC_H
#define SE_DYNAMIC_H

#include "se/hint.h"

/* The first hint in SE's order into *out: 1, or 0 when there is none. */
int se_nishio_forcing_chains(const grid *g, se_hint *out);
/* The same for Dynamic Forcing Chains nested ``level`` deep (0-5). */
int se_dynamic_forcing_chains(const grid *g, int level, se_hint *out);

#endif
