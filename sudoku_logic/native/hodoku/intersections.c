/* Locked Candidates and locked subsets (twin of strategies/intersections.py: pointing,
 * claiming, _locked_candidates, _locked_subsets). */
#include "hodoku/intersections.h"

#include "hodoku/combinations.h"

void cells_by_size(const grid *g, set81 out[4]) {
    set81 c[6] = {S_EMPTY, S_EMPTY, S_EMPTY, S_EMPTY, S_EMPTY, S_EMPTY}; /* c[k]: at least k */
    for (int d = 1; d <= 9; d++) {
        set81 p = g->pos[d];
        c[5] = s_or(c[5], s_and(c[4], p));
        c[4] = s_or(c[4], s_and(c[3], p));
        c[3] = s_or(c[3], s_and(c[2], p));
        c[2] = s_or(c[2], s_and(c[1], p));
        c[1] = s_or(c[1], p);
    }
    for (int k = 0; k < 4; k++) out[k] = s_andnot(c[k + 1], c[k + 2]);
}

/* For each base house and digit with two or more places there, all in one crossing house
 * (``boxes``: the bases are boxes, crossed by the first place's row, then its column; else
 * lines crossed by its box), that house's other places of the digit. */
static int locked_candidates(const grid *g, int boxes, hd_step *out) {
    int first = boxes ? 18 : 0, last = boxes ? 27 : 18;
    for (int base = first; base < last; base++) {
        set81 hm = HOUSE_SET[base];
        for (int d = 1; d <= 9; d++) {
            set81 inside = s_and(g->pos[d], hm);
            if (!s_many(inside)) continue;
            int c0 = s_first(inside);
            int covers[2] = {CELL_HOUSE[c0][0], CELL_HOUSE[c0][1]};
            int ncovers = 2;
            if (!boxes) { covers[0] = CELL_HOUSE[c0][2]; ncovers = 1; }
            for (int k = 0; k < ncovers; k++) {
                set81 cover = HOUSE_SET[covers[k]];
                if (!s_subset(inside, cover)) continue;
                set81 elim = s_andnot(s_and(g->pos[d], cover), hm);
                if (!s_any(elim)) continue;
                hd_begin(out, boxes ? H_LOCKED_CANDIDATES_TYPE_1_POINTING : H_LOCKED_CANDIDATES_TYPE_2_CLAIMING);
                for (int c; (c = s_pop(&elim)) >= 0;) hd_elim(out, c, d);
                return 1;
            }
        }
    }
    return 0;
}

int pointing(const grid *g, hd_step *out) { return locked_candidates(g, 1, out); }
int claiming(const grid *g, hd_step *out) { return locked_candidates(g, 0, out); }

/* Naked subsets of ``size`` cells inside a box-line intersection that eliminate both in the
 * box and in the line outside the box; boxes first, then lines, cells in combination order. */
static int locked_subsets(const grid *g, int size, int technique, hd_step *out) {
    set81 by_size[4];
    cells_by_size(g, by_size);
    set81 small = S_EMPTY;
    for (int n = 1; n < size; n++) small = s_or(small, by_size[n]);
    for (int b = 18; b < 27; b++) {
        for (int line = 0; line < 18; line++) {
            set81 inter = s_and(HOUSE_SET[b], HOUSE_SET[line]);
            if (!s_any(inter)) continue;
            set81 avail = s_and(inter, small);
            if (s_count(avail) < size) continue;
            int cells[3], n = 0;
            for (int c; (c = s_pop(&avail)) >= 0;) cells[n++] = c;
            set81 scope = s_or(HOUSE_SET[line], HOUSE_SET[b]);
            int idx[3];
            for (int ok = comb_first(idx, size, n); ok; ok = comb_next(idx, size, n)) {
                unsigned u = 0;
                set81 cm = S_EMPTY;
                for (int i = 0; i < size; i++) { u |= g->cand[cells[idx[i]]]; s_add(&cm, cells[idx[i]]); }
                if (m_count(u) != size) continue;
                set81 rest = s_andnot(scope, cm);
                uint16_t by_cell[81] = {0};
                int in_line = 0, in_box = 0;
                for (unsigned m = u; m; m &= m - 1) {
                    int d = __builtin_ctz(m) + 1;
                    set81 e = s_and(g->pos[d], rest);
                    for (int c; (c = s_pop(&e)) >= 0;) {
                        by_cell[c] |= (uint16_t)(1u << (d - 1));
                        if (s_has(HOUSE_SET[b], c)) in_box = 1;
                        else if (s_has(HOUSE_SET[line], c)) in_line = 1;
                    }
                }
                if (!(in_line && in_box)) continue;
                hd_begin(out, technique);
                for (int c = 0; c < 81; c++) {
                    for (unsigned m = by_cell[c]; m; m &= m - 1) hd_elim(out, c, __builtin_ctz(m) + 1);
                }
                for (int i = 0; i < size; i++) hd_cell(out, cells[idx[i]]);
                return 1;
            }
        }
    }
    return 0;
}

int locked_pair(const grid *g, hd_step *out) { return locked_subsets(g, 2, H_LOCKED_PAIR, out); }
int locked_triple(const grid *g, hd_step *out) { return locked_subsets(g, 3, H_LOCKED_TRIPLE, out); }
