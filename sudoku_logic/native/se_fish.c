/* SE's basic fish: X-Wings, Swordfishes, Jellyfishes (twin of strategies/fish.py's
 * se_fisherman). */
#include "se_grid.h"

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
int se_fisherman(const se_grid *g, int size, se_hint *out) {
    int digits[9], nd = 0;
    for (int d = 1; d <= 9; d++) {
        if (s_count(g->placed[d]) + 2 * size <= 9) digits[nd++] = d;
    }
    for (int pass = 0; pass < 2; pass++) {
        int base_off = pass == 0 ? 9 : 0, cover_off = pass == 0 ? 0 : 9;
        set81 cells[9][9];     /* by digit (index in digits) and base line */
        unsigned lines[9][9];  /* the cover lines of those cells; 0x200 for fewer than two */
        for (int k = 0; k < nd; k++) {
            for (int i = 0; i < 9; i++) {
                cells[k][i] = s_and(g->pos[digits[k]], HOUSE_SET[base_off + i]);
                lines[k][i] = s_many(cells[k][i]) ? lines_of(cells[k][i], cover_off == 0) : 0x200;
            }
        }
        for (int t = 0; t < SE_SUBSET_COUNT[9][size]; t++) {
            unsigned sub = SE_SUBSETS[9][size][t];
            for (int k = 0; k < nd; k++) {
                unsigned cover = 0;
                set81 base = S_EMPTY;
                int ok = 1;
                for (int i = 0; i < 9 && ok; i++) {
                    if (!(sub >> i & 1)) continue;
                    if (lines[k][i] & 0x200) { ok = 0; break; }
                    base = s_or(base, cells[k][i]);
                    cover |= lines[k][i];
                }
                if (!ok || m_count(cover) != size) continue;
                set81 cover81 = S_EMPTY;
                for (int j = 0; j < 9; j++) {
                    if (cover >> j & 1) cover81 = s_or(cover81, HOUSE_SET[cover_off + j]);
                }
                set81 elim = s_andnot(s_and(g->pos[digits[k]], cover81), base);
                if (!s_any(elim)) continue;
                int d = digits[k];
                out->technique = FISH[size];
                out->nplace = 0;
                out->nelim = 0;
                for (int c; (c = s_pop(&elim)) >= 0;) hint_elim(out, c, d);
                out->nargs = 0;
                hint_arg(out, (uint64_t)d);
                hint_arg(out, (uint64_t)base_off);
                hint_arg(out, sub);
                hint_arg(out, cover);
                return 1;
            }
        }
    }
    return 0;
}
