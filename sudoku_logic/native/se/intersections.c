/* SE's Intersections: pointing and claiming (twin of strategies/se/intersections.py's
 * se_intersections). */
#include "se/intersections.h"

/* A digit with two or more places in a house, all inside a crossing house, whose other
 * cells lose it; pairs box/column, box/row, column/box, row/box, digits 1-9.
 * args: first house, second house, digit. */
int se_intersections(const grid *g, se_hint *out) {
    static const int kinds[4][2] = {{18, 9}, {18, 0}, {9, 18}, {0, 18}};
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < 9; i++) {
            for (int j = 0; j < 9; j++) {
                int h1 = kinds[k][0] + i, h2 = kinds[k][1] + j;
                set81 m1 = HOUSE_SET[h1], m2 = HOUSE_SET[h2];
                if (!s_any(s_and(m1, m2))) continue;
                for (int d = 1; d <= 9; d++) {
                    set81 inside = s_and(g->pos[d], m1);
                    if (!s_many(inside) || !s_subset(inside, m2)) continue;
                    set81 elim = s_andnot(s_and(g->pos[d], m2), m1);
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
