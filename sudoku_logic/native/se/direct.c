/* SE's direct rules: Direct Pointing and Claiming, Direct Hidden Pairs and Triplets (twins
 * of strategies/se/direct.py's se_direct_intersections and _direct_hidden). */
#include "se/direct.h"
#include "se/order.h"

/* Locked candidates after which a house of the first house's kind crossing the second has
 * one place left for the digit; (first house, second house) pairs in SE's order, box/column,
 * box/row, column/box, row/box, each crossing pair by index (``_DIRECT_LOCKING``), then
 * digits.  args: pair index, digit, third house, cell. */
int se_direct_intersections(const grid *g, se_hint *out) {
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < 9; i++) {
            int h1 = SE_CROSSING[k][0] + i;
            int kind = h1 >= 18 ? 18 : (h1 >= 9 ? 9 : 0);
            unsigned by_rank[3];
            se_locked_digits(g, k, h1, by_rank);
            for (int r = 0; r < 3; r++) {
                for (unsigned dm = by_rank[r]; dm; dm &= dm - 1) {
                    int d = m_first(dm), rank;
                    set81 pd = g->pos[d], m1 = HOUSE_SET[h1];
                    int h2 = se_crossing_house(k, s_first(s_and(pd, m1)), &rank);
                    set81 m2 = HOUSE_SET[h2];
                    set81 removed = s_andnot(s_and(pd, m2), m1);
                    if (!s_any(removed)) continue;
                    for (int h3 = kind; h3 < kind + 9; h3++) {
                        if (h3 == h2 || h3 == h1 || !s_any(s_and(HOUSE_SET[h3], m2))) continue;
                        set81 p3 = s_and(pd, HOUSE_SET[h3]);
                        if (!s_many(p3)) continue;
                        set81 rest = s_andnot(p3, m2);
                        if (!s_one(rest)) continue;
                        int cell = s_first(rest);
                        hint_begin(out, h1 >= 18 ? T_DIRECT_POINTING : T_DIRECT_CLAIMING);
                        hint_place(out, cell, d);
                        for (int c; (c = s_pop(&removed)) >= 0;) hint_elim(out, c, d);
                        hint_args(out, (k * 9 + i) * 3 + r, d, h3, cell);
                        return 1;
                    }
                }
            }
        }
    }
    return 0;
}

/* ``size`` digits of a house, each with two or more places there, confined to ``size``
 * cells, after which another digit (the first) has one place left; only houses with more
 * than ``size`` empty cells.  args: house, digits (9-bit mask), cells (two words), cell,
 * digit placed. */
int se_direct_hidden_sets(const grid *g, int size, se_hint *out) {
    for (int i = 0; i < 27; i++) {
        int h = SE_HOUSES[i];
        int eligible[9], n = set_house(g, h, size, size, eligible);
        if (!n) continue;
        confined_list sets;
        confined_sets(g, h, eligible, n, size, &sets);
        for (int t = 0; t < sets.n; t++) {
            set81 uni = house_cells_of(h, sets.uni[t]);
            unsigned combo = sets.sub[t];
            for (int w = 1; w <= 9; w++) {
                if (combo >> (w - 1) & 1) continue;
                set81 places = s_and(g->pos[w], HOUSE_SET[h]);
                if (!s_many(places)) continue;
                set81 rest = s_andnot(places, uni);
                if (!s_one(rest)) continue;
                int cell = s_first(rest);
                hint_begin(out, size == 2 ? T_DIRECT_HIDDEN_PAIR : T_DIRECT_HIDDEN_TRIPLET);
                hint_place(out, cell, w);
                set81 cells = uni;
                for (int c; (c = s_pop(&cells)) >= 0;) {
                    unsigned other = g->cand[c] & ~combo;
                    for (; other; other &= other - 1) hint_elim(out, c, m_first(other));
                }
                hint_args(out, h, combo);
                hint_set81(out, uni);
                hint_args(out, cell, w);
                return 1;
            }
        }
    }
    return 0;
}
