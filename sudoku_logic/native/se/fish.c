/* SE's basic fish: X-Wings, Swordfishes, Jellyfishes (twin of strategies/se/fish.py's
 * se_fisherman). */
#include "se/fish.h"
#include "se/order.h"

static const int FISH[5] = {0, 0, T_X_WING, T_SWORDFISH, T_JELLYFISH};

/* The 9-bit set of the rows (``rows`` true) or columns holding the cells of ``s``. */
static unsigned lines_of(set81 s, int rows) {
    unsigned out = 0;
    for (int c; (c = s_pop(&s)) >= 0;) out |= 1u << (rows ? c / 9 : c % 9);
    return out;
}

/* Columns as base against rows, then rows against columns; base sets in SE's order, digits
 * 1-9 placed at most 9 - 2 * size times; each base line with two or more candidates.
 * args: digit, base houses' first index (9 or 0), base lines (9-bit mask), cover lines
 * (9-bit mask). */
int se_fisherman(const grid *g, int size, se_hint *out) {
    int digits[9], nd = 0;
    for (int d = 1; d <= 9; d++) {
        if (s_count(g->placed[d]) + 2 * size <= 9) digits[nd++] = d;
    }
    for (int pass = 0; pass < 2; pass++) {
        int base_off = pass == 0 ? 9 : 0, cover_off = pass == 0 ? 0 : 9;
        /* SE takes the base sets in order, each digit in turn: the first hit is the digit
         * whose first hit comes first (the lower set of base lines, then the lower digit).
         * Each digit's can only use lines with two to ``size`` candidates; the subsets of
         * those in increasing order are its base sets that can succeed, in SE's order. */
        int best_k = -1;
        unsigned best_sub = 0, best_cover = 0;
        set81 best_elim = S_EMPTY;
        for (int k = 0; k < nd; k++) {
            set81 cells[9];
            unsigned lines[9];
            int at[9], n = 0;
            for (int i = 0; i < 9; i++) {
                set81 c = s_and(g->pos[digits[k]], HOUSE_SET[base_off + i]);
                if (!s_many(c)) continue;
                unsigned l = lines_of(c, cover_off == 0);
                if (m_count(l) > size) continue;
                cells[n] = c;
                lines[n] = l;
                at[n++] = i;
            }
            if (n < size) continue;
            for (int t = 0; t < SE_SUBSET_COUNT[n][size]; t++) {
                unsigned pick = SE_SUBSETS[n][size][t], cover = 0, sub = 0;
                set81 base = S_EMPTY;
                for (int j = 0; j < n; j++) {
                    if (!(pick >> j & 1)) continue;
                    base = s_or(base, cells[j]);
                    cover |= lines[j];
                    sub |= 1u << at[j];
                }
                if (best_k >= 0 && sub >= best_sub) break;  /* no earlier than the best */
                if (m_count(cover) != size) continue;
                set81 cover81 = S_EMPTY;
                for (int j = 0; j < 9; j++) {
                    if (cover >> j & 1) cover81 = s_or(cover81, HOUSE_SET[cover_off + j]);
                }
                set81 elim = s_andnot(s_and(g->pos[digits[k]], cover81), base);
                if (!s_any(elim)) continue;
                best_k = k;
                best_sub = sub;
                best_cover = cover;
                best_elim = elim;
                break;
            }
        }
        if (best_k < 0) continue;
        int d = digits[best_k];
        hint_begin(out, FISH[size]);
        for (int c; (c = s_pop(&best_elim)) >= 0;) hint_elim(out, c, d);
        hint_args(out, d, base_off, best_sub, best_cover);
        return 1;
    }
    return 0;
}
