/* What SE's chaining rules share: the links of a node on a grid that does not change, and
 * the difficulty of a chain (twins of strategies/se/chain_links.py's node_links and
 * of the chain arithmetic of grading/se.py). */
#include "se/chain_links.h"

/* The links of pass (y, x) from node ``key`` in SE's order (node_links): an on node turns
 * off, with y, its cell's other candidates, then its digit's other places house by house
 * (box, row, column, each cell once); an off node turns on, with y, the other candidate
 * of a bivalue cell, then with x the other place of its digit in each house with two.
 * Returns the count (at most CHAIN_MAX_LINKS). */
int chain_links(const grid *g, int key, int y, int x, uint16_t *out, int8_t *cause) {
    int cell = (key >> 1) / 9, d = (key >> 1) % 9 + 1;
    unsigned m = g->cand[cell];
    int n = 0;
    if (!(m >> (d - 1) & 1)) return 0;
    if (key & 1) {
        if (y) {
            for (unsigned o = m & ~(1u << (d - 1)); o; o &= o - 1) {
                out[n] = (uint16_t)((cell * 9 + __builtin_ctz(o)) << 1);
                cause[n++] = NAKED;
            }
        }
        set81 done = S_EMPTY;
        s_add(&done, cell);
        static const int kinds[3] = {2, 0, 1};  /* box, row, column */
        for (int k = 0; k < 3; k++) {
            int h = CELL_HOUSE[cell][kinds[k]];
            set81 left = s_andnot(s_and(g->pos[d], HOUSE_SET[h]), done);
            done = s_or(done, HOUSE_SET[h]);
            for (int c; (c = s_pop(&left)) >= 0;) {
                out[n] = (uint16_t)((c * 9 + d - 1) << 1);
                cause[n++] = (int8_t)h;
            }
        }
        return n;
    }
    if (y && m_count(m) == 2) {
        out[n] = (uint16_t)(((cell * 9 + m_first(m & ~(1u << (d - 1))) - 1) << 1) | 1);
        cause[n++] = NAKED;
    }
    if (x) {
        static const int kinds[3] = {2, 0, 1};
        for (int k = 0; k < 3; k++) {
            int h = CELL_HOUSE[cell][kinds[k]];
            set81 r = s_and(g->pos[d], HOUSE_SET[h]);
            if (!s_two(r)) continue;
            s_del(&r, cell);
            int other = (((s_first(r) * 9 + d - 1) << 1) | 1);
            int dup = 0;
            for (int i = 0; i < n; i++) dup |= out[i] == other;
            if (!dup) {
                out[n] = (uint16_t)other;
                cause[n++] = (int8_t)h;
            }
        }
    }
    return n;
}

/* SE's raw difficulty of a chain of ``complexity`` whose technique rates ``base``
 * (grading/se.py's raw_difficulty, in the same floating point). */
double chain_difficulty(double base, int complexity) {
    double added = 0.0;
    int ceil = 4, odd = 0, length = complexity - 2;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return base + added;
}


void region_chains(const grid *g, int cell, int d, void *search, on_chaining_fn on_chaining, region_fn reduce) {
    static const int kinds[3] = {2, 0, 1};  /* box, row, column */
    for (int t = 0; t < 3; t++) {
        int h = CELL_HOUSE[cell][kinds[t]];
        set81 places = s_and(g->pos[d], HOUSE_SET[h]);
        if (!s_many(places) || s_first(places) != cell) continue;
        void *props[9];
        int n = 0;
        for (int i = 0; i < 9; i++) {
            int c = HOUSE_CELLS[h][i];
            if (!s_has(places, c)) continue;
            props[n] = on_chaining(search, c, d);
            if (!props[n]) return;
            n++;
        }
        reduce(search, h, d, props, n, 1);
        reduce(search, h, d, props, n, 0);
    }
}
