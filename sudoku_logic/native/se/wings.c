/* SE's XY-Wings and XYZ-Wings (twin of strategies/se/wings.py's se_xy_wings). */
#include "se/wings.h"
#include "se/order.h"

/* Pivots in reading order with two (three for XYZ) candidates, each pincer a bivalue cell
 * among the pivot's house cells in SE's order.  args: pivot, first pincer, second pincer,
 * digit z. */
int se_xy_wings(const grid *g, int xyz, se_hint *out) {
    const int size = xyz ? 3 : 2;
    set81 bivalue = S_EMPTY, todo = g->empty;
    for (int c = 0; c < 81; c++) {
        if (m_count(g->cand[c]) == 2) s_add(&bivalue, c);  /* a placed cell has none */
    }
    for (int pivot; (pivot = s_pop(&todo)) >= 0;) {
        unsigned pm = g->cand[pivot];
        if (m_count(pm) != size) continue;
        if (!s_many(s_and(bivalue, PEER_SET[pivot]))) continue;  /* two pincers at least */
        /* a pincer shares all the pivot's digits but one: the first (a) by the test below,
         * the second (b) as the wing's digits (three, z in both pincers and, for an XY-wing,
         * not in the pivot) leave it no other way */
        int pincers[20], n = 0;
        for (int j = 0; j < 20; j++) {
            int q = SE_HOUSE_CELLS[pivot][j];
            if (s_has(bivalue, q) && m_count(pm & ~g->cand[q]) == 1) pincers[n++] = q;
        }
        for (int ia = 0; ia < n; ia++) {
            int a = pincers[ia];
            unsigned am = g->cand[a];
            for (int ib = 0; ib < n; ib++) {
                int b = pincers[ib];
                unsigned bm = g->cand[b];
                if (m_count(pm | am | bm) != 3 || m_count(pm & am & bm) != (xyz ? 1 : 0)) continue;
                int z = m_first(am & bm);
                set81 elim = s_and(s_and(g->pos[z], PEER_SET[a]), PEER_SET[b]);
                s_del(&elim, pivot);
                s_del(&elim, a);
                s_del(&elim, b);
                if (xyz) elim = s_and(elim, PEER_SET[pivot]);
                if (!s_any(elim)) continue;
                hint_begin(out, xyz ? T_XYZ_WING : T_XY_WING);
                for (int c; (c = s_pop(&elim)) >= 0;) hint_elim(out, c, z);
                hint_args(out, pivot, a, b, z);
                return 1;
            }
        }
    }
    return 0;
}
