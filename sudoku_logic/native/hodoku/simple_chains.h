/* Remote Pair (the twin of strategies/hodoku/simple_chains.py: remote_pair): the step HoDoKu
 * takes first, the best of the finder's by hodoku_rank (hd_ranks_before), in ``out`` and 1, or 0. */
#ifndef HODOKU_SIMPLE_CHAINS_H
#define HODOKU_SIMPLE_CHAINS_H

#include "hodoku/step.h"

int remote_pair(const grid *g, hd_step *out);

#endif
