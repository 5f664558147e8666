/* SE's basic fish: X-Wings, Swordfishes, Jellyfishes (twin of strategies/se/fish.py's
 * se_fisherman). */
#include "se/fish.h"
#include "se/order.h"

static const int FISH[5] = {0, 0, T_X_WING, T_SWORDFISH, T_JELLYFISH};

/* By row (``rows`` true) or column i of ``s``: the columns (rows) of its cells there, as 9-bit sets. */
static void line_masks(set81 s, int rows, unsigned out[9]) {
    unsigned by_row[9];
    for (int r = 0; r < 9; r++) {
        int at = 9 * r;
        uint64_t w = at >= 64 ? s.w[1] >> (at - 64) : (s.w[0] >> at) | (at > 55 ? s.w[1] << (64 - at) : 0);
        by_row[r] = (unsigned)w & 0x1FFu;
    }
    if (rows) {
        memcpy(out, by_row, sizeof by_row);
        return;
    }
    memset(out, 0, 9 * sizeof *out);
    for (int r = 0; r < 9; r++) {
        for (unsigned m = by_row[r]; m; m &= m - 1) out[__builtin_ctz(m)] |= 1u << r;
    }
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
            int d = digits[k];
            unsigned by_line[9], lines[9];
            int ids[9], n = 0;
            line_masks(g->pos[d], base_off == 0, by_line);
            for (int i = 0; i < 9; i++) {
                int count = m_count(by_line[i]);
                if (count < 2 || count > size) continue;
                lines[n] = by_line[i];
                ids[n++] = i;
            }
            if (n < size) continue;
            confined_list sets;
            confined_subsets(lines, ids, n, size, &sets);
            for (int t = 0; t < sets.n; t++) {
                unsigned sub = sets.sub[t], cover = sets.uni[t];
                if (best_k >= 0 && sub >= best_sub) break;  /* no earlier than the best */
                set81 base = S_EMPTY, cover81 = S_EMPTY;
                for (unsigned m = sub; m; m &= m - 1) base = s_or(base, HOUSE_SET[base_off + __builtin_ctz(m)]);
                for (unsigned m = cover; m; m &= m - 1) cover81 = s_or(cover81, HOUSE_SET[cover_off + __builtin_ctz(m)]);
                set81 elim = s_andnot(s_and(g->pos[d], cover81), base);
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
