/* SE's naked and hidden sets (twins of strategies/se/subsets.py's se_naked_sets and
 * se_hidden_sets). */
#include "se/subsets.h"
#include "se/order.h"

static const int NAKED[5] = {0, 0, T_NAKED_PAIR, T_NAKED_TRIPLE, T_NAKED_QUADRUPLE};
static const int HIDDEN[5] = {0, 0, T_HIDDEN_PAIR, T_HIDDEN_TRIPLE, T_HIDDEN_QUADRUPLE};

/* In blocks, columns, then rows with at least 2 * size empty cells: ``size`` cells of the
 * house (SE's order), each with two or more candidates, holding ``size`` digits between
 * them; the house's other cells lose those digits (eliminations by cell, then digit).
 * args: house, the cells' indexes in the house (9-bit mask), the digits (9-bit mask). */
int se_naked_sets(const grid *g, int size, se_hint *out) {
    for (int i = 0; i < 27; i++) {
        int h = SE_HOUSES[i];
        if (s_count(s_and(g->empty, HOUSE_SET[h])) < 2 * size) continue;
        /* only cells with 2 to ``size`` candidates can be in the set; the subsets of those
         * in increasing order are SE's subsets of the house that can succeed, in its order */
        unsigned masks[9];
        int at[9], n = 0;
        for (int j = 0; j < 9; j++) {
            unsigned m = g->cand[HOUSE_CELLS[h][j]];
            int k = m_count(m);
            if (k >= 2 && k <= size) {
                masks[n] = m;
                at[n++] = j;
            }
        }
        if (n < size) continue;
        confined_list sets;
        confined_subsets(masks, at, n, size, &sets);
        for (int t = 0; t < sets.n; t++) {
            unsigned sub = sets.sub[t], uni = sets.uni[t];
            set81 cm = house_cells_of(h, sub);
            set81 others = s_andnot(HOUSE_SET[h], cm);
            set81 seen = S_EMPTY;
            for (unsigned m = uni; m; m &= m - 1) seen = s_or(seen, g->pos[m_first(m)]);
            if (!s_any(s_and(seen, others))) continue;
            hint_begin(out, NAKED[size]);
            /* by cell, then digit */
            set81 rest = others;
            for (int c; (c = s_pop(&rest)) >= 0;) {
                for (unsigned m = g->cand[c] & uni; m; m &= m - 1) hint_elim(out, c, m_first(m));
            }
            hint_args(out, h, sub, uni);
            return 1;
        }
    }
    return 0;
}

/* In blocks, columns, then rows with more than 2 * size empty cells: ``size`` digits (SE's
 * order), each with two or more places in the house, confined to ``size`` cells; those
 * cells lose their other digits.  args: house, the digits (9-bit mask), the cells (two
 * words). */
int se_hidden_sets(const grid *g, int size, se_hint *out) {
    for (int i = 0; i < 27; i++) {
        int h = SE_HOUSES[i];
        int eligible[9], n = set_house(g, h, 2 * size, size, eligible);
        if (!n) continue;
        confined_list sets;
        confined_sets(g, h, eligible, n, size, &sets);
        for (int t = 0; t < sets.n; t++) {
            set81 uni = house_cells_of(h, sets.uni[t]);
            unsigned keep = sets.sub[t];
            int nelim = 0;
            set81 cells = uni;
            for (int c; (c = s_pop(&cells)) >= 0;) nelim += m_count(g->cand[c] & ~keep);
            if (!nelim) continue;
            hint_begin(out, HIDDEN[size]);
            cells = uni;
            for (int c; (c = s_pop(&cells)) >= 0;) {
                for (unsigned m = g->cand[c] & ~keep & 0x1FF; m; m &= m - 1) hint_elim(out, c, m_first(m));
            }
            hint_args(out, h, keep);
            hint_set81(out, uni);
            return 1;
        }
    }
    return 0;
}
