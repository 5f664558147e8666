/* What SE's chaining rules share: a node's links, the region chains' houses and a chain's
 * difficulty (chain_links.c). */
#ifndef SE_CHAIN_LINKS_H
#define SE_CHAIN_LINKS_H

#include "core/grid.h"

#define NAKED (-1) /* a node's cause: the last candidate of its cell (else a house) */
/* the links one node has at most: 8 other candidates of its cell, 20 peers */
#define CHAIN_MAX_LINKS 28

/* whether ``a`` has exactly two cells (without counting them all: a strong link's test) */
static inline int s_two(set81 a) {
    if (a.w[0]) a.w[0] &= a.w[0] - 1;
    else a.w[1] &= a.w[1] - 1;
    return s_one(a);
}

/* A chaining hint's kind (its first arg, and its sort key after difficulty and complexity) */
enum { HINT_DOUBLE = 1, HINT_CELL = 5, HINT_REGION = 6, HINT_CONTRADICTION = 7 };

/* The links of pass (y, x) from node ``key`` (``(cell * 9 + d - 1) * 2 + on``) in SE's order,
 * into ``out`` with their causes; returns the count (at most CHAIN_MAX_LINKS). */
int chain_links(const grid *g, int key, int y, int x, uint16_t *out, int8_t *cause);
/* A search's propagation from candidate (cell, d) on, made or taken from its memo; NULL
 * stops the search (out of memory, or a bound passed). */
typedef void *(*on_chaining_fn)(void *search, int cell, int d);
/* What a search makes of the propagations from each place ``props[0..n)`` of digit ``d``
 * in house ``h``: its region reductions, of the on nodes (``on``) or the off nodes. */
typedef void (*region_fn)(void *search, int h, int d, void *const *props, int n, int on);

/* _region_chains: for every house of ``cell`` (box, row, column) whose places for ``d`` (two
 * or more) start at ``cell``, the propagations from each place on, handed to ``reduce`` (on nodes, then off nodes);
 * the search ends at the first that ``on_chaining`` cannot make. */
void region_chains(const grid *g, int cell, int d, void *search, on_chaining_fn on_chaining, region_fn reduce);

/* SE's raw difficulty of a chain of ``complexity`` whose technique rates ``base``. */
double chain_difficulty(double base, int complexity);

#endif
