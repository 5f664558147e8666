/* HoDoKu's loop over the compiled techniques (twin of sudoku_logic/solve/policies.py's
 * TechniquesPolicy.steps and of sudoku_logic/solve/loop.py's solve). */
#include "hodoku/loop.h"

#include "hodoku/fish.h"
#include "hodoku/intersections.h"
#include "hodoku/subsets.h"
#include "hodoku/tabling_forcing.h"
#include "hodoku/tabling_loops.h"

int hd_compiled(int technique) {
    switch (technique) {
    case H_FULL_HOUSE: case H_NAKED_SINGLE: case H_HIDDEN_SINGLE:
    case H_LOCKED_PAIR: case H_LOCKED_TRIPLE:
    case H_LOCKED_CANDIDATES_TYPE_1_POINTING: case H_LOCKED_CANDIDATES_TYPE_2_CLAIMING:
    case H_NAKED_PAIR: case H_NAKED_TRIPLE: case H_NAKED_QUADRUPLE:
    case H_HIDDEN_PAIR: case H_HIDDEN_TRIPLE: case H_HIDDEN_QUADRUPLE:
    case H_X_WING: case H_SWORDFISH: case H_JELLYFISH:
        return 1;
    default:
        return hd_compiled_slot(technique);
    }
}

/* Slots of several techniques (policies.py's _slot_steps): one finder for the slot. */
int hd_compiled_slot(int technique) {
    switch (technique) {
    case H_CONTINUOUS_NICE_LOOP: case H_DISCONTINUOUS_NICE_LOOP: case H_AIC:
    case H_GROUPED_CONTINUOUS_NICE_LOOP: case H_GROUPED_DISCONTINUOUS_NICE_LOOP: case H_GROUPED_AIC:
    case H_FORCING_CHAIN_CONTRADICTION: case H_FORCING_CHAIN_VERITY:
    case H_FORCING_NET_CONTRADICTION: case H_FORCING_NET_VERITY:
        return 1;
    default:
        return 0;
    }
}

int hd_next(const uint8_t *techniques, int ntechniques, int i) {
    int slot = hd_slot(techniques[i]);
    if (!hd_compiled_slot(techniques[i])) return i + 1;
    while (i < ntechniques && hd_slot(techniques[i]) == slot) i++;
    return i;
}

int hd_find(int technique, const grid *g, hd_queue *q, hd_step *out) {
    switch (technique) {
    case H_FULL_HOUSE: return full_house(g, q, out);
    case H_NAKED_SINGLE: return naked_single(g, q, out);
    case H_HIDDEN_SINGLE: return hidden_single(g, q, out);
    case H_LOCKED_PAIR: return locked_pair(g, out);
    case H_LOCKED_TRIPLE: return locked_triple(g, out);
    case H_LOCKED_CANDIDATES_TYPE_1_POINTING: return pointing(g, out);
    case H_LOCKED_CANDIDATES_TYPE_2_CLAIMING: return claiming(g, out);
    case H_NAKED_PAIR: return naked_subsets(g, 2, out);
    case H_NAKED_TRIPLE: return naked_subsets(g, 3, out);
    case H_NAKED_QUADRUPLE: return naked_subsets(g, 4, out);
    case H_HIDDEN_PAIR: return hidden_subsets(g, 2, out);
    case H_HIDDEN_TRIPLE: return hidden_subsets(g, 3, out);
    case H_HIDDEN_QUADRUPLE: return hidden_subsets(g, 4, out);
    case H_X_WING: return basic_fish(g, 2, out);
    case H_SWORDFISH: return basic_fish(g, 3, out);
    case H_JELLYFISH: return basic_fish(g, 4, out);
    case H_CONTINUOUS_NICE_LOOP: case H_DISCONTINUOUS_NICE_LOOP: case H_AIC:
        return nice_loops(g, 0, out);
    case H_GROUPED_CONTINUOUS_NICE_LOOP: case H_GROUPED_DISCONTINUOUS_NICE_LOOP: case H_GROUPED_AIC:
        return nice_loops(g, 1, out);
    case H_FORCING_CHAIN_CONTRADICTION: case H_FORCING_CHAIN_VERITY: return forcing_chains(g, out);
    case H_FORCING_NET_CONTRADICTION: case H_FORCING_NET_VERITY: return forcing_nets(g, out);
    default: return 0;
    }
}

int hd_run(grid *g, hd_queue *q, const uint8_t *techniques, int ntechniques, int limit, hd_step *steps,
           uint8_t (*before)[243], int *n) {
    *n = 0;
    for (;;) {
        if (!s_any(g->empty)) return HD_SOLVED;
        if (*n >= limit) return HD_LIMIT;
        hd_step *s = &steps[*n];
        if (before) grid_snapshot(g, before[*n]);
        int found = 0;
        for (int i = 0; i < ntechniques && !found; i = hd_next(techniques, ntechniques, i))
            found = hd_find(techniques[i], g, q, s);
        if (!found) return q->overflow ? HD_OVERFLOW : HD_STUCK;
        hd_apply(g, q, s);
        (*n)++;
        if (q->overflow) return HD_OVERFLOW;
        if (s->nelim && !grid_sound(g)) return HD_BROKEN;
    }
}
