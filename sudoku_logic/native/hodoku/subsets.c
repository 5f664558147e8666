/* Naked and hidden subsets (twin of strategies/subsets.py: naked_subsets, naked_sets,
 * hidden_subsets). HoDoKu looks at boxes, then rows, then columns. */
#include "hodoku/subsets.h"

#include "hodoku/combinations.h"
#include "hodoku/intersections.h"

static const int NAKED[5] = {0, 0, H_NAKED_PAIR, H_NAKED_TRIPLE, H_NAKED_QUADRUPLE};
static const int HIDDEN[5] = {0, 0, H_HIDDEN_PAIR, H_HIDDEN_TRIPLE, H_HIDDEN_QUADRUPLE};

static inline int house_in_order(int i) { return i < 9 ? 18 + i : i - 9; }

int naked_subsets(const grid *g, int size, hd_step *out) {
    set81 by_size[4];
    cells_by_size(g, by_size);
    set81 small = S_EMPTY;
    for (int n = 0; n < size; n++) small = s_or(small, by_size[n]);
    for (int i = 0; i < 27; i++) {
        int h = house_in_order(i);
        set81 avail = s_and(HOUSE_SET[h], small);
        if (s_count(avail) < size) continue;
        int cells[9], n = 0;
        for (int c; (c = s_pop(&avail)) >= 0;) cells[n++] = c;
        int idx[4];
        for (int ok = comb_first(idx, size, n); ok; ok = comb_next(idx, size, n)) {
            unsigned u = 0;
            set81 cm = S_EMPTY;
            for (int k = 0; k < size; k++) { u |= g->cand[cells[idx[k]]]; s_add(&cm, cells[idx[k]]); }
            if (m_count(u) != size) continue;
            set81 rest = s_andnot(HOUSE_SET[h], cm);
            uint16_t by_cell[81] = {0};
            int any = 0;
            for (unsigned m = u; m; m &= m - 1) {
                int d = __builtin_ctz(m) + 1;
                set81 e = s_and(g->pos[d], rest);
                for (int c; (c = s_pop(&e)) >= 0;) { by_cell[c] |= (uint16_t)(1u << (d - 1)); any = 1; }
            }
            if (!any) continue;
            hd_begin(out, NAKED[size]);
            for (int c = 0; c < 81; c++) {
                for (unsigned m = by_cell[c]; m; m &= m - 1) hd_elim(out, c, __builtin_ctz(m) + 1);
            }
            for (int k = 0; k < size; k++) hd_cell(out, cells[idx[k]]);
            return 1;
        }
    }
    return 0;
}

int hidden_subsets(const grid *g, int size, hd_step *out) {
    for (int i = 0; i < 27; i++) {
        int h = house_in_order(i);
        set81 hm = HOUSE_SET[h];
        if (s_count(s_and(g->empty, hm)) <= size) continue;
        int digits[9], n = 0;
        set81 places[9];
        for (int d = 1; d <= 9; d++) {
            set81 p = s_and(g->pos[d], hm);
            if (s_any(p) && s_count(p) <= size && !s_any(s_and(g->placed[d], hm))) {
                digits[n] = d;
                places[n++] = p;
            }
        }
        int idx[4];
        for (int ok = comb_first(idx, size, n); ok; ok = comb_next(idx, size, n)) {
            set81 cm = S_EMPTY;
            unsigned dm = 0;
            for (int k = 0; k < size; k++) { cm = s_or(cm, places[idx[k]]); dm |= 1u << (digits[idx[k]] - 1); }
            if (s_count(cm) != size) continue;
            int any = 0;
            for (set81 e = cm; s_any(e);) { int c = s_pop(&e); any |= (g->cand[c] & ~dm) != 0; }
            if (!any) continue;
            hd_begin(out, HIDDEN[size]);
            for (int c; (c = s_pop(&cm)) >= 0;) {
                for (unsigned m = g->cand[c] & ~dm & 0x1ffu; m; m &= m - 1) hd_elim(out, c, __builtin_ctz(m) + 1);
            }
            return 1;
        }
    }
    return 0;
}
