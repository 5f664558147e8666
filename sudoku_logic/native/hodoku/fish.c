/* Basic fish (twin of strategies/fish.py: basic_fish, _orientations, _combos): digit by digit,
 * rows as base lines then columns, base lines in combination order. */
#include "hodoku/fish.h"

#include "hodoku/combinations.h"

static const int FISH[5] = {0, 0, H_X_WING, H_SWORDFISH, H_JELLYFISH};

int basic_fish(const grid *g, int size, hd_step *out) {
    for (int d = 1; d <= 9; d++) {
        set81 p = g->pos[d];
        if (!s_any(p)) continue;
        unsigned rows[9] = {0}, cols[9] = {0};
        for (set81 e = p; s_any(e);) {
            int c = s_pop(&e);
            rows[c / 9] |= 1u << (c % 9);
            cols[c % 9] |= 1u << (c / 9);
        }
        for (int by_cols = 0; by_cols < 2; by_cols++) {
            const unsigned *masks = by_cols ? cols : rows;
            int units[9], n = 0;
            for (int i = 0; i < 9; i++) {
                if (masks[i] && m_count(masks[i]) <= size) units[n++] = i;
            }
            int idx[4];
            for (int ok = comb_first(idx, size, n); ok; ok = comb_next(idx, size, n)) {
                unsigned umask = 0, bmask = 0;
                for (int k = 0; k < size; k++) { umask |= masks[units[idx[k]]]; bmask |= 1u << units[idx[k]]; }
                if (m_count(umask) != size) continue;
                /* the cover lines' candidates outside the base lines */
                int any = 0;
                for (set81 e = p; s_any(e);) {
                    int c = s_pop(&e), base = by_cols ? c % 9 : c / 9, cover = by_cols ? c / 9 : c % 9;
                    if ((umask >> cover & 1) && !(bmask >> base & 1)) {
                        if (!any) hd_begin(out, FISH[size]);
                        any = 1;
                        hd_elim(out, c, d);
                    }
                }
                if (any) return 1;
            }
        }
    }
    return 0;
}
