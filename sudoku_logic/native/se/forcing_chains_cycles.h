/* SE's Forcing Chains & Cycles (forcing_chains_cycles.c, twin of
 * strategies/se/forcing_chains_cycles.py): its first hint, and its hints for a nested chain. */
#ifndef SE_FORCING_CHAINS_CYCLES_H
#define SE_FORCING_CHAINS_CYCLES_H

#include "se/hint_list.h"

/* The first hint in SE's order into *out: 1, or 0 when there is none. */
int se_forcing_chains_cycles(const grid *g, se_hint *out);

/* The buffers of Forcing Chains & Cycles' searches (node arrays, the link cache, the link
 * graph), made once per nesting search and reused at every stall. */
typedef struct chain_scratch chain_scratch;
chain_scratch *chain_scratch_new(void);
void chain_scratch_free(chain_scratch *c);

/* Every hint of the rule on the working grid ``w`` of a chain that started from ``src``
 * that has rule parents, in SE's order (equal eliminations kept once, the first): into
 * ``out``, their signatures into ``sigs``.  Returns their count, -1 beyond bounds. */
int se_forcing_chains_cycles_nested(const grid *w, const grid *src, sig_table *sigs, nhint_list *out,
                                    chain_scratch *scratch);

#endif
