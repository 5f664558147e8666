/* HoDoKu's forcing chains and nets from its tables (twin of strategies/hodoku/tabling_forcing.py),
 * as the slots Forcing Chain Contradiction, Forcing Chain Verity and the two nets take them. */
#ifndef HODOKU_TABLING_FORCING_H
#define HODOKU_TABLING_FORCING_H

#include "hodoku/step.h"

/* The step HoDoKu takes from the slot Forcing Chain Contradiction, Forcing Chain Verity: the
 * first of policies.py's _slot_steps (the first of ChainSearch.steps), its ``size`` the
 * length of its chains.  1, or 0 when the search finds none; -1 where it could not run
 * (no memory: the Python finders then answer). */
int forcing_chains(const grid *g, hd_step *out);
/* The step HoDoKu takes from the slot Forcing Net Contradiction, Forcing Net Verity (the
 * first of NetSearch.steps), as forcing_chains. */
int forcing_nets(const grid *g, hd_step *out);

#endif
