/* HoDoKu's nice loops and AICs from its chain tables (twin of
 * strategies/hodoku/tabling_loops.py), as the slot of the three (or their three grouped
 * variants) takes them. */
#ifndef HODOKU_TABLING_LOOPS_H
#define HODOKU_TABLING_LOOPS_H

#include "hodoku/step.h"

/* The step HoDoKu takes from the slot Continuous Nice Loop, Discontinuous Nice Loop, AIC
 * (``grouped``: their grouped variants' slot, whose search runs through group nodes): the
 * first of policies.py's _slot_steps, its ``scored_as`` the searching technique, its
 * ``size`` the chain's nodes.  1, or 0 when the search finds none; -1 where it could not run
 * (no memory) or Python's sort decides (see tabling_loops.c): the Python finders then answer. */
int nice_loops(const grid *g, int grouped, hd_step *out);

#endif
