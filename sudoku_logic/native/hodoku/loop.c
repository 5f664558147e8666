/* HoDoKu's loop over the compiled techniques (twin of sudoku_logic/solve/policies.py's
 * TechniquesPolicy.steps and of sudoku_logic/solve/loop.py's solve). */
#include "hodoku/loop.h"

#include "hodoku/brute_force.h"
#include "hodoku/coloring.h"
#include "hodoku/als.h"
#include "hodoku/als_chains.h"
#include "hodoku/fish.h"
#include "hodoku/franken_fish.h"
#include "hodoku/intersections.h"
#include "hodoku/simple_chains.h"
#include "hodoku/single_digit.h"
#include "hodoku/subsets.h"
#include "hodoku/sue_de_coq.h"
#include "hodoku/uniqueness.h"
#include "hodoku/wings.h"
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
    case H_BRUTE_FORCE:
    case H_FINNED_X_WING: case H_SASHIMI_X_WING: case H_FINNED_SWORDFISH: case H_SASHIMI_SWORDFISH:
    case H_FINNED_JELLYFISH: case H_SASHIMI_JELLYFISH: case H_SUE_DE_COQ:
    case H_SIMPLE_COLORS_TRAP: case H_SIMPLE_COLORS_WRAP: case H_MULTI_COLORS_1: case H_MULTI_COLORS_2:
    case H_BIVALUE_UNIVERSAL_GRAVE_PLUS_1: case H_UNIQUENESS_TEST_1: case H_UNIQUENESS_TEST_2:
    case H_UNIQUENESS_TEST_3: case H_UNIQUENESS_TEST_4: case H_UNIQUENESS_TEST_5: case H_UNIQUENESS_TEST_6:
    case H_HIDDEN_RECTANGLE: case H_AVOIDABLE_RECTANGLE_TYPE_1: case H_AVOIDABLE_RECTANGLE_TYPE_2:
    case H_REMOTE_PAIR: case H_SKYSCRAPER: case H_2_STRING_KITE: case H_DUAL_2_STRING_KITE:
    case H_TURBOT_FISH: case H_EMPTY_RECTANGLE: case H_DUAL_EMPTY_RECTANGLE:
    case H_W_WING: case H_XY_WING: case H_XYZ_WING: case H_WXYZ_WING: case H_X_CHAIN: case H_XY_CHAIN:
    case H_ALMOST_LOCKED_SET_XZ_RULE: case H_ALMOST_LOCKED_SET_XY_WING: case H_ALMOST_LOCKED_SET_XY_CHAIN:
    case H_DEATH_BLOSSOM:
    case H_FRANKEN_X_WING: case H_FRANKEN_SWORDFISH: case H_FINNED_FRANKEN_X_WING: case H_FINNED_FRANKEN_SWORDFISH:
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
    case H_SIMPLE_COLORS_TRAP: case H_SIMPLE_COLORS_WRAP: case H_MULTI_COLORS_1: case H_MULTI_COLORS_2:
        return 1;
    default:
        return 0;
    }
}

/* The colouring types listed in the slot that starts at ``techniques[i]`` (coloring.h). */
static int color_kinds(const uint8_t *techniques, int ntechniques, int i) {
    int kinds = 0, slot = hd_slot(techniques[i]);
    for (; i < ntechniques && hd_slot(techniques[i]) == slot; i++) {
        int t = techniques[i];
        if (t == H_SIMPLE_COLORS_TRAP || t == H_MULTI_COLORS_1) kinds |= COLOR_FIRST;
        if (t == H_SIMPLE_COLORS_WRAP || t == H_MULTI_COLORS_2) kinds |= COLOR_SECOND;
    }
    return kinds;
}

int hd_find_at(const uint8_t *techniques, int ntechniques, int i, const grid *g, hd_queue *q, hd_step *out) {
    switch (techniques[i]) {
    case H_SIMPLE_COLORS_TRAP: case H_SIMPLE_COLORS_WRAP:
        return simple_colors(g, color_kinds(techniques, ntechniques, i), out);
    case H_MULTI_COLORS_1: case H_MULTI_COLORS_2:
        return multi_colors(g, color_kinds(techniques, ntechniques, i), out);
    default:
        return hd_find(techniques[i], g, q, out);
    }
}

int hd_next(const uint8_t *techniques, int ntechniques, int i) {
    int slot = hd_slot(techniques[i]);
    if (!hd_compiled_slot(techniques[i])) return i + 1;
    while (i < ntechniques && hd_slot(techniques[i]) == slot) i++;
    return i;
}

/* a tabling search's answer: -1 (it could not run) goes to the Python finders, as a search
 * beyond its bounds does */
static int tabling(int found, hd_queue *q) {
    if (found < 0) {
        q->overflow = 1;
        return 0;
    }
    return found;
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
    case H_BRUTE_FORCE: return brute_force(g, out);
    case H_FINNED_X_WING: return finned_basic_fish(g, 2, 0, out);
    case H_SASHIMI_X_WING: return finned_basic_fish(g, 2, 1, out);
    case H_FINNED_SWORDFISH: return finned_basic_fish(g, 3, 0, out);
    case H_SASHIMI_SWORDFISH: return finned_basic_fish(g, 3, 1, out);
    case H_FINNED_JELLYFISH: return finned_basic_fish(g, 4, 0, out);
    case H_SASHIMI_JELLYFISH: return finned_basic_fish(g, 4, 1, out);
    case H_FRANKEN_X_WING: return general_fish(g, 2, 0, out);
    case H_FRANKEN_SWORDFISH: return general_fish(g, 3, 0, out);
    case H_FINNED_FRANKEN_X_WING: return general_fish(g, 2, 1, out);
    case H_FINNED_FRANKEN_SWORDFISH: return general_fish(g, 3, 1, out);
    case H_SUE_DE_COQ: return sue_de_coq(g, out);
    case H_SIMPLE_COLORS_TRAP: return simple_colors(g, COLOR_FIRST, out);
    case H_SIMPLE_COLORS_WRAP: return simple_colors(g, COLOR_SECOND, out);
    case H_MULTI_COLORS_1: return multi_colors(g, COLOR_FIRST, out);
    case H_MULTI_COLORS_2: return multi_colors(g, COLOR_SECOND, out);
    case H_BIVALUE_UNIVERSAL_GRAVE_PLUS_1: return bug_plus_1(g, out);
    case H_UNIQUENESS_TEST_1: return uniqueness_1(g, out);
    case H_UNIQUENESS_TEST_2: return uniqueness_2(g, out);
    case H_UNIQUENESS_TEST_3: return uniqueness_3(g, out);
    case H_UNIQUENESS_TEST_4: return uniqueness_4(g, out);
    case H_UNIQUENESS_TEST_5: return uniqueness_5(g, out);
    case H_UNIQUENESS_TEST_6: return uniqueness_6(g, out);
    case H_HIDDEN_RECTANGLE: return hidden_rectangle(g, out);
    case H_AVOIDABLE_RECTANGLE_TYPE_1: return avoidable_rectangle_1(g, out);
    case H_AVOIDABLE_RECTANGLE_TYPE_2: return avoidable_rectangle_2(g, out);
    case H_REMOTE_PAIR: return remote_pair(g, out);
    case H_SKYSCRAPER: return skyscraper(g, out);
    case H_2_STRING_KITE: return two_string_kite(g, out);
    case H_DUAL_2_STRING_KITE: return dual_two_string_kite(g, out);
    case H_TURBOT_FISH: return turbot_fish(g, out);
    case H_EMPTY_RECTANGLE: return empty_rectangle(g, out);
    case H_DUAL_EMPTY_RECTANGLE: return dual_empty_rectangle(g, out);
    case H_W_WING: return w_wing(g, out);
    case H_XY_WING: return xy_wing(g, out);
    case H_XYZ_WING: return xyz_wing(g, out);
    case H_WXYZ_WING: return wxyz_wing(g, out);
    case H_X_CHAIN: return x_chain(g, out);
    case H_XY_CHAIN: return xy_chain(g, out);
    case H_ALMOST_LOCKED_SET_XZ_RULE: return als_xz(g, q, out);
    case H_ALMOST_LOCKED_SET_XY_WING: return als_xy_wing(g, q, out);
    case H_ALMOST_LOCKED_SET_XY_CHAIN: return als_xy_chain(g, q, out);
    case H_DEATH_BLOSSOM: return death_blossom(g, q, out);
    case H_CONTINUOUS_NICE_LOOP: case H_DISCONTINUOUS_NICE_LOOP: case H_AIC:
        return tabling(nice_loops(g, 0, out), q);
    case H_GROUPED_CONTINUOUS_NICE_LOOP: case H_GROUPED_DISCONTINUOUS_NICE_LOOP: case H_GROUPED_AIC:
        return tabling(nice_loops(g, 1, out), q);
    case H_FORCING_CHAIN_CONTRADICTION: case H_FORCING_CHAIN_VERITY: return tabling(forcing_chains(g, out), q);
    case H_FORCING_NET_CONTRADICTION: case H_FORCING_NET_VERITY: return tabling(forcing_nets(g, out), q);
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
            found = hd_find_at(techniques, ntechniques, i, g, q, s);
        if (!found) return q->overflow ? HD_OVERFLOW : HD_STUCK;
        hd_apply(g, q, s);
        (*n)++;
        if (q->overflow) return HD_OVERFLOW;
        if (s->nelim && !grid_sound(g)) return HD_BROKEN;
    }
}
