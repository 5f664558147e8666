/* What the implications of Forcing Chains & Cycles can reach on a grid, from the strongly
 * connected components of its links, and which unary searches can make a hint, or one
 * that crosses a new strong link (link_graph.c, twin of strategies/se/link_graph.py's
 * LinkGraph, _UnarySearches and new_links). */
#ifndef SE_LINK_GRAPH_H
#define SE_LINK_GRAPH_H

#include "se/chain_links.h"

/* 729-bit sets of candidate indices ``cell * 9 + d - 1`` */
typedef struct { uint64_t w[(N_CANDS + 63) / 64]; } set729;

#define LG_SUCC CHAIN_MAX_LINKS

/* The graph of pass (y, x) = (1, 1) on one grid: its part with strong links, its
 * components and what each reaches. */
typedef struct {
    set729 cands, starts;
    uint8_t nstrong[N_CANDS];
    uint16_t strong[N_CANDS][4];     /* candidate -> on keys its off node turns on */
    int16_t comp[N_KEYS];       /* node key -> component, -1 outside the part */
    int16_t comp_size[N_KEYS];
    /* by component of more than one node, the digits d (bit d - 1) such that a cycle in it
     * of pass X (d alone) or XY (any) could remove a candidate of d (lg_cycle_may_remove) */
    uint16_t cycle_removes[N_KEYS];
    int ncomp;
    set729 reach_on[N_KEYS], reach_off[N_KEYS];  /* by component */
    /* Tarjan's scratch */
    int16_t index[N_KEYS], low[N_KEYS];
    uint8_t nsucc[N_KEYS];
    uint16_t succ[N_KEYS][LG_SUCC];
} link_graph;

/* the table of weak links (called once, by se_tables_init) */
void lg_tables_init(void);
void link_graph_build(const grid *g, link_graph *lg);

/* Whether a cycle of pass (0, 1) or (1, 1) through on node ``skey``, which keeps to its
 * component, could remove a candidate (_cycle_hint: one that sees an on node and an off
 * node of its digit in the cycle); when it could not, every cycle the search closes is
 * dropped. */
static inline int lg_cycle_may_remove(const link_graph *lg, int skey, int y) {
    int c = lg->comp[skey];
    if (c < 0) return 0;
    unsigned bits = lg->cycle_removes[c];
    return y ? bits != 0 : (int)(bits >> ((skey >> 1) % 9) & 1u);
}

/* By candidate, the unary searches (1 cycles, 2 forcing chains from the candidate on, 4
 * from it off) of each pass (0 X, 1 Y, 2 XY) that can make a hint crossing a new strong
 * link of ``work`` against ``src`` (``live``), and those that can make one at all
 * (``possible``, every pass).  Returns 0 when ``work`` has no new strong link (nothing is
 * filled in then). */
int unary_searches(const grid *work, const grid *src, const link_graph *lg, uint8_t live[3][N_CANDS],
                   uint8_t possible[N_CANDS]);

/* Whether a cell or region reduction of Multiple Forcing Chains from ``cell`` can exist on
 * the graph's grid ``g`` (Chaining._may_reduce): its candidates' chains, or the chains from
 * a house's places of one of its digits (met from the house's first place, the cell), must
 * reach something in common. */
int lg_may_reduce(const grid *g, const link_graph *lg, int cell);

/* By candidate, the unary searches that can make a hint at all in any pass (1 cycles: its
 * on node in a component of more than one node; 2, 4: a forcing chain from it on, off, needs
 * the opposite reachable).  The graph has every link, so each pass gets a superset. */
void lg_parts(const link_graph *lg, uint8_t possible[N_CANDS]);

/* Whether the forcing chain search of pass (y, 1) from node ``skey`` (on or off) on the
 * graph's grid ``g`` meets the start's opposite within ``depth`` layers: the search's layers
 * as sets of nodes, each node drawn once, as unary_forcing draws them.  When it does not,
 * that search ends without a chain. */
int lg_forcing_within(const link_graph *lg, const grid *g, int skey, int y, int depth);

/* the 729-bit set of what the on (off) node of candidate ``i`` leads to, itself included */
void lg_on_reach(const link_graph *lg, int i, set729 *on, set729 *off);
void lg_off_reach(const link_graph *lg, int i, set729 *on, set729 *off);

#endif
