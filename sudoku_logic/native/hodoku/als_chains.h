/* ALS-XY-Chain and Death Blossom (the twins of strategies/hodoku/als_chains.py's
 * als_xy_chain and death_blossom) under HoDoKu's default ALS settings: forward RCs only,
 * no overlap, one chain kept per set of eliminations, the chain search bounded as
 * AlsOptions.chain_budget bounds it, 100 ALS per stem candidate. */
#ifndef HODOKU_ALS_CHAINS_H
#define HODOKU_ALS_CHAINS_H

#include "hodoku/als.h"

/* RC steps a position's chain search may take (AlsOptions.chain_budget's default) */
#define HD_ALS_CHAIN_BUDGET 300000
/* states of one search from a first link: one, and one per RC followed within the budget */
#define HD_ALS_CHAIN_STATES (HD_ALS_CHAIN_BUDGET + 2)
/* ALS kept per cell and digit for Death Blossom (AlsOptions.db_max_als_per_digit's default) */
#define HD_DB_MAX_ALS_PER_DIGIT 100
/* distinct elimination sets tied on count and index sum kept at once */
#define HD_ALS_CHAIN_TIES 64

/* The first step the Python finder yields (HoDoKu's best chain) in ``out`` and 1, or 0;
 * positions beyond the bounds set ``q->overflow`` (the Python finders take them). */
int als_xy_chain(const grid *g, hd_queue *q, hd_step *out);
int death_blossom(const grid *g, hd_queue *q, hd_step *out);

#endif
