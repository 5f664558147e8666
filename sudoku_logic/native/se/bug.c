/* SE's Bivalue Universal Grave, types 1-4: the first hint SE adds that removes something
 * (twin of strategies/se/bug.py's bivalue_universal_graves: find_bug, _type3, _type4,
 * bug_hints).  Sound only for a puzzle with one solution: the caller checks that. */
#include "se/bug.h"
#include "se/order.h"

static const int SE_REGIONS[27] = {18, 19, 20, 21, 22, 23, 24, 25, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8,
                                   9, 10, 11, 12, 13, 14, 15, 16, 17};

typedef struct {
    int cells[81];      /* the BUG cells in the order found */
    unsigned values[81]; /* by cell: its BUG values */
    int ncells;
    unsigned all;       /* every BUG value */
    int common[20];     /* the cells seeing every BUG cell, in SE's order of the first's peers */
    int ncommon;
} bug;

static int is_bug_cell(const bug *b, int c) {
    for (int i = 0; i < b->ncells; i++) {
        if (b->cells[i] == c) return 1;
    }
    return 0;
}

/* find_bug: 1 and the pattern, or 0 when there is none or SE gives up on it */
static int find_bug(const grid *g, bug *b) {
    uint16_t twin[81];
    memcpy(twin, g->cand, sizeof twin);
    memset(b, 0, sizeof *b);
    int have_common = 0;
    for (int k = 0; k < 27; k++) {
        int h = SE_REGIONS[k];
        /* by digit, its places in the house (counted in bit planes) and among the cells with
         * three candidates or more (none, one, more) */
        unsigned ones, twos, fours, eights, big_one = 0, big_more = 0;
        place_counts(g, h, &ones, &twos, &fours, &eights);
        for (int i = 0; i < 9; i++) {
            unsigned m = g->cand[HOUSE_CELLS[h][i]];
            if (m_count(m) >= 3) {
                big_more |= big_one & m;
                big_one |= m;
            }
        }
        unsigned none = ~(ones | twos | fours | eights), two = twos & ~(ones | fours | eights);
        for (unsigned odd = ~(none | two) & 0x1FFu; odd; odd &= odd - 1) {
            unsigned bit = odd & (0u - odd);
            if (!(big_one & bit)) return 0;
            if (big_more & bit) continue;
            int c = -1;
            for (int i = 0; i < 9 && c < 0; i++) {
                int x = HOUSE_CELLS[h][i];
                if ((g->cand[x] & bit) && m_count(g->cand[x]) >= 3) c = x;
            }
            if (!is_bug_cell(b, c)) b->cells[b->ncells++] = c;
            b->values[c] |= bit;
            b->all |= bit;
            twin[c] &= (uint16_t)~bit;
            if (!have_common) {
                have_common = 1;
                for (int j = 0; j < 20; j++) b->common[j] = SE_HOUSE_CELLS[c][j];
                b->ncommon = 20;
            } else {
                int n = 0;
                for (int j = 0; j < b->ncommon; j++) {
                    if (s_has(PEER_SET[c], b->common[j])) b->common[n++] = b->common[j];
                }
                b->ncommon = n;
            }
            int n = 0;
            for (int j = 0; j < b->ncommon; j++) {
                if (!is_bug_cell(b, b->common[j])) b->common[n++] = b->common[j];
            }
            b->ncommon = n;
            if (b->ncells > 1 && m_count(b->all) > 1 && !b->ncommon) return 0;
        }
    }
    for (int c = 0; c < 81; c++) {
        if (!g->value[c] && m_count(twin[c]) != 2) return 0;
    }
    for (int h = 0; h < 27; h++) {  /* every digit with no place or two in every house */
        unsigned ones = 0, twos = 0, more = 0;
        for (int i = 0; i < 9; i++) {
            unsigned m = twin[HOUSE_CELLS[h][i]];
            more |= twos & ones & m;
            twos ^= ones & m;
            ones ^= m;
        }
        if ((ones | more) & 0x1FFu) return 0;
    }
    return 1;
}

/* the house of type t (0 box, 1 row, 2 column) holding every BUG cell, or -1 */
static int shared_house(const bug *b, int t) {
    static const int kinds[3] = {2, 0, 1};
    int h = CELL_HOUSE[b->cells[0]][kinds[t]];
    for (int i = 1; i < b->ncells; i++) {
        if (CELL_HOUSE[b->cells[i]][kinds[t]] != h) return -1;
    }
    return h;
}

/* the hint: technique, eliminations sorted by cell then digit, args: kind (1-4), house,
 * digit (type 2's x, type 4's y), set digits (type 3), set cells as a 9-bit mask over the
 * region (type 3), all BUG values; path: the BUG cells (cause: their BUG values) */
static void write_hint(const bug *b, int technique, int kind, int house, int digit, unsigned set_digits,
                       unsigned set_idx, const uint8_t (*elims)[2], int nelim, se_hint *out) {
    hint_begin(out, technique);
    hint_elims_sorted(out, elims, nelim);
    hint_args(out, kind, house + 1, digit, set_digits, set_idx, b->all);
    out->npath = b->ncells;
    for (int i = 0; i < b->ncells && i < SE_MAX_PATH; i++) {
        out->path_key[i] = (uint16_t)b->cells[i];
        out->path_cause[i] = (int16_t)b->values[b->cells[i]];
    }
}

/* _type4 on two BUG cells: their one shared digit y that is no BUG value; each cell loses
 * what is neither y nor its BUG values (the first house type they share) */
static int type4(const grid *g, const bug *b, se_hint *out) {
    int c1 = b->cells[0], c2 = b->cells[1];
    unsigned shared = g->cand[c1] & g->cand[c2] & ~b->all;
    if (m_count(shared) != 1) return 0;
    for (int t = 0; t < 3; t++) {
        int h = shared_house(b, t);
        if (h < 0) continue;
        uint8_t elims[18][2];
        int n = 0;
        const int pair[2] = {c1, c2};
        for (int k = 0; k < 2; k++) {
            int c = pair[k];
            for (unsigned m = g->cand[c] & ~b->values[c] & ~shared & 0x1FF; m; m &= m - 1) {
                elims[n][0] = (uint8_t)c;
                elims[n][1] = (uint8_t)m_first(m);
                n++;
            }
        }
        if (!n) continue;
        write_hint(b, T_BUG_4, 4, h, m_first(shared), 0, 0, (const uint8_t (*)[2])elims, n, out);
        return 1;
    }
    return 0;
}

/* _type3: the BUG cells' shared house, by type; naked sets of the common cells there with
 * the BUG values, by size and SE's order of subsets */
static int type3(const grid *g, const bug *b, se_hint *out) {
    for (int t = 0; t < 3; t++) {
        int h = shared_house(b, t);
        if (h < 0) continue;
        static const int kinds[3] = {2, 0, 1};
        int region[20], nregion = 0;
        for (int j = 0; j < b->ncommon; j++) {
            if (CELL_HOUSE[b->common[j]][kinds[t]] == h) region[nregion++] = b->common[j];
        }
        for (int degree = 2; degree < 7; degree++) {
            if (nregion < degree) continue;
            for (int k = 0; k < SE_SUBSET_COUNT[nregion][degree - 1]; k++) {
                unsigned pick = SE_SUBSETS[nregion][degree - 1][k];
                unsigned uni = 0, digits = b->all;
                int ok = m_count(b->all) >= 2;
                for (int j = 0; j < nregion; j++) {
                    if (!(pick >> j & 1)) continue;
                    unsigned m = g->cand[region[j]];
                    uni |= m;
                    digits |= m;
                    if (m_count(m) < 2) ok = 0;
                }
                if (m_count(uni) != degree) continue;
                if (!ok || m_count(digits) != degree) continue;
                uint8_t elims[81][2];
                int n = 0;
                for (int j = 0; j < nregion; j++) {
                    int c = region[j];
                    if (pick >> j & 1 || is_bug_cell(b, c)) continue;
                    for (unsigned m = g->cand[c] & digits; m; m &= m - 1) {
                        elims[n][0] = (uint8_t)c;
                        elims[n][1] = (uint8_t)m_first(m);
                        n++;
                    }
                }
                if (!n) continue;
                write_hint(b, T_BUG_3, 3, h, 0, digits, pick, (const uint8_t (*)[2])elims, n, out);
                return 1;
            }
        }
    }
    return 0;
}

/* The hints in the order SE adds them (type 1; else type 2 then type 4; else type 4 then
 * type 3); the first that removes something. */
int se_bivalue_universal_graves(const grid *g, se_hint *out) {
    bug b;
    if (!find_bug(g, &b) || !b.ncells) return 0;
    if (b.ncells == 1) {
        int c = b.cells[0];
        uint8_t elims[9][2];
        int n = 0;
        for (unsigned m = g->cand[c] & ~b.all & 0x1FF; m; m &= m - 1) {
            elims[n][0] = (uint8_t)c;
            elims[n][1] = (uint8_t)m_first(m);
            n++;
        }
        if (!n) return 0;
        write_hint(&b, T_BUG_1, 1, -1, 0, 0, 0, (const uint8_t (*)[2])elims, n, out);
        return 1;
    }
    if (m_count(b.all) == 1) {
        int x = m_first(b.all);
        uint8_t elims[20][2];
        int n = 0;
        for (int j = 0; j < b.ncommon; j++) {
            if (g->cand[b.common[j]] & b.all) {
                elims[n][0] = (uint8_t)b.common[j];
                elims[n][1] = (uint8_t)x;
                n++;
            }
        }
        if (n) {
            write_hint(&b, T_BUG_2, 2, -1, x, 0, 0, (const uint8_t (*)[2])elims, n, out);
            return 1;
        }
        return b.ncells == 2 ? type4(g, &b, out) : 0;
    }
    if (b.ncommon) {
        if (b.ncells == 2 && type4(g, &b, out)) return 1;
        return type3(g, &b, out);
    }
    return 0;
}
