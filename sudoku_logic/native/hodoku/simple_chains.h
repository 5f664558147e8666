/* Simple chains: X-Chain, XY-Chain and Remote Pair (the twins of
 * strategies/hodoku/simple_chains.py: x_chain, xy_chain, remote_pair): the step HoDoKu takes
 * first, the best of the finder's by hodoku_rank (hd_ranks_before), in ``out`` and 1, or 0. */
#ifndef HODOKU_SIMPLE_CHAINS_H
#define HODOKU_SIMPLE_CHAINS_H

#include "hodoku/step.h"

int x_chain(const grid *g, hd_step *out);
int xy_chain(const grid *g, hd_step *out);
int remote_pair(const grid *g, hd_step *out);

#endif
