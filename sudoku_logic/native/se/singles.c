/* SE's Hidden Singles and Naked Singles (twins of strategies/se/singles.py's
 * se_hidden_singles and se_naked_singles). */
#include "se/singles.h"
#include "se/order.h"

static void single(se_hint *out, int technique, int cell, int d) {
    hint_begin(out, technique);
    hint_place(out, cell, d);
    hint_args(out, cell, d);
}

/* First the last empty cell of a house (blocks, columns, rows) that has one candidate,
 * then a digit with one place in a house with other empty cells (same houses, digits
 * 1-9).  args: cell, digit, house. */
int se_hidden_singles(const grid *g, se_hint *out) {
    for (int i = 0; i < 27; i++) {
        int h = SE_HOUSES[i];
        set81 e = s_and(g->empty, HOUSE_SET[h]);
        if (s_one(e)) {
            int cell = s_first(e);
            unsigned m = g->cand[cell];
            if (m && !(m & (m - 1))) {
                single(out, T_FULL_HOUSE, cell, m_last(m));
                hint_arg(out, (uint64_t)h);
                return 1;
            }
        }
    }
    for (int i = 0; i < 27; i++) {
        int h = SE_HOUSES[i];
        if (!s_many(s_and(g->empty, HOUSE_SET[h]))) continue;
        for (int d = 1; d <= 9; d++) {
            set81 m = s_and(g->pos[d], HOUSE_SET[h]);
            if (s_one(m)) {
                single(out, T_HIDDEN_SINGLE, s_first(m), d);
                hint_arg(out, (uint64_t)h);
                return 1;
            }
        }
    }
    return 0;
}

/* Empty cells with one candidate, in reading order.  args: cell, digit. */
int se_naked_singles(const grid *g, se_hint *out) {
    set81 lone = grid_one_candidate_cells(g);
    if (!s_any(lone)) return 0;
    int cell = s_first(lone);
    single(out, T_NAKED_SINGLE, cell, m_last(g->cand[cell]));
    return 1;
}
