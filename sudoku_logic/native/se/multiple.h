/* SE's Multiple Forcing Chains (multiple.c, twin of strategies/se/multiple.py): its first
 * hint, and its hints for a nested chain. */
#ifndef SE_MULTIPLE_H
#define SE_MULTIPLE_H

#include "se/hint_list.h"

/* The first hint in SE's order into *out: 1, or 0 when there is none. */
int se_multiple_forcing_chains(const grid *g, se_hint *out);
/* Every hint with rule parents on a chain's working grid, as
 * se_forcing_chains_cycles_nested gives them. */
int se_multiple_forcing_chains_nested(const grid *w, const grid *src, sig_table *sigs, nhint_list *out);

#endif
