/* Basic fish (twin of strategies/fish.py: basic_fish, _orientations, _combos): digit by digit,
 * rows as base lines then columns, base lines in combination order.  Finned and Sashimi basic
 * fish (twin of strategies/fish.py: finned_basic_fish, shared_finned_basic_fish, is_sashimi,
 * _cover_choices): the one search both share, each technique taking the first fish of its kind;
 * a digit's candidates it found nothing in are not searched again (hodoku/digit_memo.h). */
#include "hodoku/fish.h"

#include "hodoku/combinations.h"
#include "hodoku/digit_memo.h"

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

static const int FINNED[5] = {0, 0, H_FINNED_X_WING, H_FINNED_SWORDFISH, H_FINNED_JELLYFISH};
static const int SASHIMI[5] = {0, 0, H_SASHIMI_X_WING, H_SASHIMI_SWORDFISH, H_SASHIMI_JELLYFISH};
/* the most fins a fish may have (strategies/fish_search.py's MAX_FINS) */
#define MAX_FINS 5

/* the fewest lines of a 9-bit line mask outside one stack (band) */
static int outside_stack(unsigned m) {
    int best = 9;
    for (int st = 0; st < 3; st++) {
        int k = m_count(m & ~(7u << (3 * st)));
        if (k < best) best = k;
    }
    return best;
}

/* The cover choices of the union of base lines ``umask`` (_cover_choices): its splits into
 * ``size`` cover lines and fin lines (one at least) inside one stack, as cover masks in
 * ``covers`` in the order of the cover lines' combinations; how many (9 at most: three stacks,
 * three nonempty subsets of a stack's lines each of one size). */
static int cover_choices(unsigned umask, int size, unsigned covers[9]) {
    int n = 0;
    for (int st = 0; st < 3; st++) {
        unsigned inside = umask & 7u << (3 * st);
        for (unsigned fins = inside; fins; fins = (fins - 1) & inside) {
            unsigned cover = umask & ~fins;
            if (m_count(cover) != size || n >= 9) continue;
            /* insert in lexicographic order of the lines: a set comes first when the
             * lowest line of the two sets' difference is its own */
            int k = n++;
            while (k > 0) {
                unsigned diff = covers[k - 1] ^ cover;
                if (covers[k - 1] & diff & -diff) break;
                covers[k] = covers[k - 1];
                k--;
            }
            covers[k] = cover;
        }
    }
    return n;
}

/* The fish with base lines ``bmask`` and cover lines ``cover`` of digit ``d`` (its
 * candidates ``p``, each base line's mask of cover lines ``masks``): 1 and the step in
 * ``out`` when it is finned, its fins in one box, it removes something and it is of the
 * kind asked (``sashimi``: is_sashimi), else 0. */
static int finned_cover(int d, set81 p, const unsigned *masks, int by_cols, unsigned bmask, unsigned cover,
                        int size, int sashimi, hd_step *out) {
    set81 fins = S_EMPTY;
    int nfins = 0, kind = 0; /* kind, is_sashimi: a base line keeps one candidate at most without its fins */
    for (int i = 0; i < 9; i++) {
        if (!(bmask >> i & 1)) continue;
        if (m_count(masks[i] & cover) <= 1) kind = 1;
        for (unsigned f = masks[i] & ~cover; f; f &= f - 1) {
            int line = __builtin_ctz(f);
            s_add(&fins, by_cols ? line * 9 + i : i * 9 + line);
            nfins++;
        }
    }
    if (nfins > MAX_FINS || !nfins || kind != sashimi) return 0;
    int box = CELL_HOUSE[s_first(fins)][2];
    if (!s_subset(fins, HOUSE_SET[box])) return 0;
    int any = 0;
    for (int j = 0; j < 9; j++) { /* a box's cells ascending */
        int c = HOUSE_CELLS[box][j], base = by_cols ? c % 9 : c / 9, line = by_cols ? c / 9 : c % 9;
        if (s_has(p, c) && (cover >> line & 1) && !(bmask >> base & 1)) {
            if (!any) hd_begin(out, sashimi ? SASHIMI[size] : FINNED[size]);
            any = 1;
            hd_elim(out, c, d);
        }
    }
    return any;
}

/* the candidate sets each kind of search (size, sashimi) found no fish in */
static _Thread_local digit_memo none_seen[5][2];

int finned_basic_fish(const grid *g, int size, int sashimi, hd_step *out) {
    if (size < 2 || size > 4) return 0;
    sashimi = sashimi != 0;
    for (int d = 1; d <= 9; d++) {
        set81 p = g->pos[d];
        if (!s_any(p) || dm_known(&none_seen[size][sashimi], p)) continue;
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
                if (masks[i]) units[n++] = i;
            }
            int idx[4];
            for (int ok = comb_first(idx, size, n); ok; ok = comb_next(idx, size, n)) {
                unsigned umask = 0, bmask = 0;
                for (int k = 0; k < size; k++) { umask |= masks[units[idx[k]]]; bmask |= 1u << units[idx[k]]; }
                if (outside_stack(umask) > size || m_count(umask) <= size) continue;
                unsigned covers[9];
                int nc = cover_choices(umask, size, covers);
                for (int k = 0; k < nc; k++) {
                    if (finned_cover(d, p, masks, by_cols, bmask, covers[k], size, sashimi, out)) return 1;
                }
            }
        }
        dm_note(&none_seen[size][sashimi], p);
    }
    return 0;
}
