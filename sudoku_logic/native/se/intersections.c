/* SE's Intersections: pointing and claiming (twin of strategies/se/intersections.py's
 * se_intersections). */
#include "se/intersections.h"
#include "se/order.h"

/* A digit with two or more places in a house, all inside a crossing house, whose other
 * cells lose it; pairs box/column, box/row, column/box, row/box, digits 1-9.
 * args: first house, second house, digit. */
int se_intersections(const grid *g, se_hint *out) {
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < 9; i++) {
            int h1 = SE_CROSSING[k][0] + i;
            unsigned by_rank[3];
            se_locked_digits(g, k, h1, by_rank);
            for (int r = 0; r < 3; r++) {
                for (unsigned m = by_rank[r]; m; m &= m - 1) {
                    int d = m_first(m), rank;
                    set81 inside = s_and(g->pos[d], HOUSE_SET[h1]);
                    int h2 = se_crossing_house(k, s_first(inside), &rank);
                    set81 elim = s_andnot(s_and(g->pos[d], HOUSE_SET[h2]), HOUSE_SET[h1]);
                    if (!s_any(elim)) continue;
                    hint_begin(out, h1 >= 18 ? T_POINTING : T_CLAIMING);
                    for (int c; (c = s_pop(&elim)) >= 0;) hint_elim(out, c, d);
                    hint_args(out, h1, h2, d);
                    return 1;
                }
            }
        }
    }
    return 0;
}
