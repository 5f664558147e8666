/* The compiled rules in SE's order and the solve loop over them (twin of
 * sudoku_logic/solve/policies.py's RulesPolicy.next_step and sudoku_logic/solve/loop.py's solve). */
#include "se/loop.h"

#include "se/aligned_exclusion.h"
#include "se/bug.h"
#include "se/direct.h"
#include "se/dynamic.h"
#include "se/fish.h"
#include "se/forcing_chains_cycles.h"
#include "se/intersections.h"
#include "se/link_graph.h"
#include "se/multiple.h"
#include "se/order.h"
#include "se/singles.h"
#include "se/subsets.h"
#include "se/unique_loops.h"
#include "se/wings.h"

void se_engine_init(void) {
    grid_tables_init();
    se_order_init();
    lg_tables_init();
}

/* The first hint of rule ``rule`` (an R_* id) into *out. */
int se_rule_first(const grid *g, int rule, se_hint *out) {
    int found = 0;
    out->npath = 0;
    switch (rule) {
    case R_HIDDEN_SINGLES: found = se_hidden_singles(g, out); break;
    case R_DIRECT_INTERSECTIONS: found = se_direct_intersections(g, out); break;
    case R_DIRECT_HIDDEN_PAIRS: found = se_direct_hidden_sets(g, 2, out); break;
    case R_NAKED_SINGLES: found = se_naked_singles(g, out); break;
    case R_DIRECT_HIDDEN_TRIPLETS: found = se_direct_hidden_sets(g, 3, out); break;
    case R_INTERSECTIONS: found = se_intersections(g, out); break;
    case R_NAKED_PAIRS: found = se_naked_sets(g, 2, out); break;
    case R_X_WINGS: found = se_fisherman(g, 2, out); break;
    case R_HIDDEN_PAIRS: found = se_hidden_sets(g, 2, out); break;
    case R_NAKED_TRIPLETS: found = se_naked_sets(g, 3, out); break;
    case R_SWORDFISHES: found = se_fisherman(g, 3, out); break;
    case R_HIDDEN_TRIPLETS: found = se_hidden_sets(g, 3, out); break;
    case R_XY_WINGS: found = se_xy_wings(g, 0, out); break;
    case R_XYZ_WINGS: found = se_xy_wings(g, 1, out); break;
    case R_NAKED_QUADS: found = se_naked_sets(g, 4, out); break;
    case R_JELLYFISHES: found = se_fisherman(g, 4, out); break;
    case R_HIDDEN_QUADS: found = se_hidden_sets(g, 4, out); break;
    case R_FORCING_CHAINS_CYCLES: found = se_forcing_chains_cycles(g, out); break;
    case R_UNIQUE_LOOPS: found = se_unique_loops(g, out); break;
    case R_BIVALUE_UNIVERSAL_GRAVES: found = se_bivalue_universal_graves(g, out); break;
    case R_ALIGNED_PAIR_EXCLUSION: found = se_aligned_pair_exclusion(g, out); break;
    case R_ALIGNED_TRIPLET_EXCLUSION: found = se_aligned_triplet_exclusion(g, out); break;
    case R_MULTIPLE_FORCING_CHAINS: found = se_multiple_forcing_chains(g, out); break;
    case R_NISHIO_FORCING_CHAINS: found = se_nishio_forcing_chains(g, out); break;
    case R_DYNAMIC_FORCING_CHAINS: found = se_dynamic_forcing_chains(g, 0, out); break;
    case R_DYNAMIC_FORCING_CHAINS_PLUS: found = se_dynamic_forcing_chains(g, 1, out); break;
    case R_DYNAMIC_FORCING_CHAINS_PLUS_FORCING_CHAINS: found = se_dynamic_forcing_chains(g, 2, out); break;
    case R_DYNAMIC_FORCING_CHAINS_PLUS_MULTIPLE_FORCING_CHAINS: found = se_dynamic_forcing_chains(g, 3, out); break;
    case R_DYNAMIC_FORCING_CHAINS_PLUS_DYNAMIC_FORCING_CHAINS: found = se_dynamic_forcing_chains(g, 4, out); break;
    case R_DYNAMIC_FORCING_CHAINS_PLUS_DYNAMIC_FORCING_CHAINS_PLUS_FORCING_CHAINS: found = se_dynamic_forcing_chains(g, 5, out); break;
    default: return 0;
    }
    if (found > 0) {
        out->rule = rule;
        if (out->nelim > SE_MAX_ELIMS || out->nargs > SE_MAX_ARGS || out->npath > SE_MAX_PATH) return -1;
    }
    return found;
}

int se_first(const grid *g, const uint8_t *rules, int nrules, se_hint *out) {
    for (int i = 0; i < nrules; i++) {
        int found = se_rule_first(g, rules[i], out);
        if (found) return found;
    }
    return 0;
}

void se_apply(grid *g, const se_hint *h) {
    for (int i = 0; i < h->nplace; i++) {
        if (!g->value[h->place[0]]) grid_place(g, h->place[0], h->place[1]);
    }
    for (int i = 0; i < h->nelim && i < SE_MAX_ELIMS; i++) grid_eliminate(g, h->elim[i][0], h->elim[i][1]);
}

int se_run(grid *g, const uint8_t *rules, int nrules, int max_steps, se_hint *steps,
           grid *before, int *nsteps) {
    int n = 0;
    int why = STOP_STUCK;
    while (1) {
        if (!s_any(g->empty)) { why = STOP_SOLVED; break; }
        if (n >= max_steps) { why = STOP_LIMIT; break; }
        int found = se_first(g, rules, nrules, &steps[n]);
        if (found < 0) { why = STOP_OVERFLOW; break; }
        if (!found) { why = STOP_STUCK; break; }
        if (before) before[n] = *g;
        se_apply(g, &steps[n]);
        n++;
        if (steps[n - 1].nelim && !grid_sound(g)) { why = STOP_BROKEN; break; }
    }
    *nsteps = n;
    return why;
}
