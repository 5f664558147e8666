/* Franken fish, finned or not (twin of strategies/fish.py: general_fish with kind FRANKEN, and of
 * strategies/fish_search.py: search, shape, fin_buddies).  Digit by digit, rows and boxes as
 * base houses against columns and boxes, then columns and boxes against rows and boxes; base
 * sets in combination order; for each base set the exact-cover search of its cover sets (the
 * lowest base candidate not yet handled is covered by one of its houses or declared a fin).
 * The Python finder yields a base set's fish sorted by their cover houses, so the first fish
 * is the first base set's lexicographically first cover set of Franken shape. */
#include "hodoku/franken_fish.h"

#include "hodoku/combinations.h"
#include "hodoku/digit_memo.h"

/* HoDoKu's defaults (fish_search.py's MAX_FINS, MAX_ENDO_FINS): fins in all, endo fins */
#define MAX_FINS 5
#define MAX_ENDO_FINS 2
#define MAX_SIZE 4

static const int FRANKEN[MAX_SIZE + 1] = {0, 0, H_FRANKEN_X_WING, H_FRANKEN_SWORDFISH, H_FRANKEN_JELLYFISH};
static const int FINNED_FRANKEN[MAX_SIZE + 1] = {0, 0, H_FINNED_FRANKEN_X_WING, H_FINNED_FRANKEN_SWORDFISH,
                                                 H_FINNED_FRANKEN_JELLYFISH};

/* 27-bit house sets of each kind */
#define ROWS27 0x1ffu
#define COLS27 (0x1ffu << 9)
#define BOXES27 (0x1ffu << 18)

/* One base set's search: its candidates, the allowed cover houses and the best fish so far. */
typedef struct {
    int size, finned;
    uint32_t base;      /* the base houses */
    set81 bcells;       /* the digit's candidates in the base houses */
    set81 endo;         /* base candidates in two base houses */
    set81 target;       /* where an elimination can fall at all */
    uint32_t allowed;   /* cover houses holding a base candidate, outside the base set */
    set81 cover[27];    /* the digit's candidates of each allowed cover house */
    uint32_t best;      /* the first cover set (lexicographically) found so far; 0: none */
    set81 best_elims;
} search;

static const set81 S_ALL = {{~(uint64_t)0, ~(uint64_t)0}};

/* the cells that see every cell of ``fins`` (fin_buddies; all cells when there is none) */
static set81 fin_buddies(set81 fins) {
    set81 seen = S_ALL;
    for (int c; (c = s_pop(&fins)) >= 0;) seen = s_and(seen, PEER_SET[c]);
    return seen;
}

/* fish_search.py's shape is FRANKEN: lines (and boxes) against the other lines (and boxes) */
static int franken_shape(uint32_t base, uint32_t cover) {
    unsigned bm = (base & ROWS27 ? 1u : 0) | (base & COLS27 ? 2u : 0) | (base & BOXES27 ? 4u : 0);
    unsigned cm = (cover & ROWS27 ? 1u : 0) | (cover & COLS27 ? 2u : 0) | (cover & BOXES27 ? 4u : 0);
    if ((bm == 1 && cm == 2) || (bm == 2 && cm == 1)) return 0; /* basic */
    return ((bm == 1 || bm == 5) && (cm == 2 || cm == 6)) || ((bm == 2 || bm == 6) && (cm == 1 || cm == 5));
}

/* whether cover set ``a`` comes before ``b`` (as many houses) as sorted tuples do: the lowest
 * house of their difference is a's */
static int cover_before(uint32_t a, uint32_t b) {
    uint32_t diff = a ^ b;
    return (a & diff & -diff) != 0;
}

/* a complete cover set ``picked``: keep it if it removes something, is Franken and comes first */
static void finish(search *s, set81 covered, set81 cann, set81 fb, uint32_t picked) {
    set81 elims = s_and(s_or(s_andnot(covered, s->bcells), cann), fb);
    if (!s_any(elims) || !franken_shape(s->base, picked)) return;
    if (!s->best || cover_before(picked, s->best)) {
        s->best = picked;
        s->best_elims = elims;
    }
}

/* the cells that see a cell of ``fbt`` (where an elimination can fall and every fin is seen):
 * the cells that can still be fins */
static set81 finable_of(set81 fbt) {
    set81 finable = S_EMPTY;
    for (int t; (t = s_pop(&fbt)) >= 0;) finable = s_or(finable, PEER_SET[t]);
    return finable;
}

/* every base candidate is covered or a fin with ``k`` covers: each way to add the rest of the
 * covers from the allowed houses holding no fin (search.rec's extra covers) */
static void extras(search *s, set81 covered, set81 cann, set81 declared, set81 fb, uint32_t picked, int k) {
    int extra[27], n = 0;
    for (int h = 0; h < 27; h++) {
        if ((s->allowed >> h & 1) && !(picked >> h & 1) && !s_any(s_and(s->cover[h], declared))) extra[n++] = h;
    }
    int idx[MAX_SIZE];
    for (int ok = comb_first(idx, s->size - k, n); ok; ok = comb_next(idx, s->size - k, n)) {
        set81 cv = covered, cn = cann;
        uint32_t pk = picked;
        for (int j = 0; j < s->size - k; j++) {
            int h = extra[idx[j]];
            cn = s_or(cn, s_and(cv, s->cover[h]));
            cv = s_or(cv, s->cover[h]);
            pk |= 1u << h;
        }
        finish(s, cv, cn, fb, pk);
    }
}

/* one cover left and base candidates ``todo`` not handled: each allowed house holding no fin as
 * the last cover, what it leaves of ``todo`` the last fins (the leaves search.rec reaches
 * below this node, each cover set once) */
static void last_cover(search *s, set81 covered, set81 cann, set81 declared, set81 fb, set81 finable, set81 todo,
                       uint32_t picked, int nfins) {
    int room = s->finned ? MAX_FINS - nfins : 0;
    uint32_t free = s->allowed & ~picked;
    set81 must = s_andnot(todo, finable);
    if (s_any(must)) { /* a cell that cannot be a fin: the last cover is one of its houses */
        int x = s_first(must);
        free &= 1u << CELL_HOUSE[x][0] | 1u << CELL_HOUSE[x][1] | 1u << CELL_HOUSE[x][2];
    }
    for (; free; free &= free - 1) {
        int h = __builtin_ctz(free);
        set81 c = s->cover[h];
        if (s_any(s_and(c, declared))) continue;
        set81 rest = s_andnot(todo, c);
        /* the last fins: few enough, one at least when finned, each seeing a cell where an
         * elimination can fall and every fin is seen */
        if (s_any(s_andnot(rest, finable)) || (!s_any(rest) && s->finned && !nfins)) continue;
        set81 cv = s_or(covered, c), cn = s_or(cann, s_and(covered, c));
        set81 elims = s_and(s_or(s_andnot(cv, s->bcells), cn), fb);
        int n = 0;
        for (set81 r = rest; s_any(elims) && s_any(r) && n <= room; n++) elims = s_and(elims, PEER_SET[s_pop(&r)]);
        if (n > room || !s_any(elims)) continue;
        finish(s, cv, cn, elims, picked | 1u << h);
    }
}

/* search.rec: ``covered`` the candidates of the cover houses ``picked`` (``k`` of them),
 * ``cann`` those in two of them, ``declared`` the exo fins so far, ``fb`` the cells seeing
 * every fin so far, ``finable`` the cells that can still be fins */
static void rec(search *s, set81 covered, set81 cann, set81 declared, set81 fb, set81 finable, uint32_t picked,
                int k, int nfins) {
    set81 fins = s_or(declared, s->endo);
    set81 todo = s_andnot(s_andnot(s->bcells, covered), fins);
    if (k == s->size && s_any(todo)) {
        /* every cover is chosen: what is left must be fins */
        if (!s->finned || nfins + s_count(todo) > MAX_FINS) return;
        declared = s_or(declared, todo);
        fins = s_or(fins, todo);
        fb = s_and(fb, fin_buddies(todo));
        todo = S_EMPTY;
    }
    if (!s_any(todo)) {
        if (s->finned && !s_any(fins)) return;
        if (k == s->size) {
            finish(s, covered, cann, fb, picked);
            return;
        }
        extras(s, covered, cann, declared, fb, picked, k);
        return;
    }
    if (k == s->size - 1) {
        last_cover(s, covered, cann, declared, fb, finable, todo, picked, nfins);
        return;
    }
    /* a base candidate that sees no cell where an elimination could still fall cannot be a
     * fin: branch on such a cell first (it must be covered) */
    set81 forced = s_andnot(todo, finable), pick = s_any(forced) ? forced : todo;
    int x = s_first(pick);
    for (int j = 0; j < 3; j++) {
        int h = CELL_HOUSE[x][j];
        if (!(s->allowed >> h & 1) || (picked >> h & 1) || s_any(s_and(s->cover[h], declared))) continue;
        rec(s, s_or(covered, s->cover[h]), s_or(cann, s_and(covered, s->cover[h])), declared, fb, finable,
            picked | 1u << h, k + 1, nfins);
    }
    if (s->finned && !s_any(forced) && nfins < MAX_FINS) {
        set81 nfb = s_and(fb, PEER_SET[x]);
        if (s_any(s_and(nfb, s->target))) {
            set81 nd = declared;
            s_add(&nd, x);
            rec(s, covered, cann, nd, nfb, finable_of(s_and(nfb, s->target)), picked, k, nfins + 1);
        }
    }
}

/* search.covers: the cover sets of the base set ``s->base``; s->best the first Franken one */
static void covers(search *s, set81 p, const int *cover_houses, int ncover) {
    s->allowed = 0;
    s->best = 0;
    set81 reach = S_EMPTY, multi = S_EMPTY;
    for (int i = 0; i < ncover; i++) {
        int h = cover_houses[i];
        set81 c = s_and(p, HOUSE_SET[h]);
        if (!s_any(s_and(c, s->bcells)) || (s->base >> h & 1)) continue;
        s->allowed |= 1u << h;
        s->cover[h] = c;
        multi = s_or(multi, s_and(reach, c));
        reach = s_or(reach, c);
    }
    /* eliminations fall on cover cells outside the base, or on base cells two covers share */
    s->target = s_andnot(reach, s_andnot(s->bcells, multi));
    set81 fb = S_ALL;
    if (s_any(s->endo)) {
        fb = fin_buddies(s->endo);
        if (!s_any(s_andnot(s_and(fb, s->target), s->endo))) return;
    }
    set81 finable = s->finned ? finable_of(s_and(fb, s->target)) : S_EMPTY;
    rec(s, S_EMPTY, S_EMPTY, S_EMPTY, fb, finable, 0, 0, s_count(s->endo));
}

/* The base houses of one orientation and what the search needs to go through their sets. */
typedef struct {
    int n;
    int house[18];
    set81 cells[18];
    const int *cover_houses;
    int ncover;
    set81 p;
} bases_of;

/* search.bases: base sets from unit ``start`` on, ``chosen`` of them so far (``picked``);
 * 1 once a base set has a Franken fish (in s->best) */
static int bases(search *s, const bases_of *b, int start, int chosen, uint32_t picked, int first, set81 uni, set81 endo) {
    for (int i = start; i <= b->n - (s->size - chosen); i++) {
        set81 cells = b->cells[i], overlap = s_and(uni, cells), new_endo = endo;
        if (s_any(overlap)) {
            if (!s->finned) continue;
            new_endo = s_or(endo, overlap);
            if (s_count(new_endo) > MAX_ENDO_FINS) continue;
        }
        int h = b->house[i], f = chosen ? first : h;
        if (chosen + 1 == s->size) {
            if (f >= 18) continue; /* boxes alone make no Franken base set */
            s->base = picked | 1u << h;
            s->bcells = s_or(uni, cells);
            s->endo = new_endo;
            covers(s, b->p, b->cover_houses, b->ncover);
            if (s->best) return 1;
        } else if (bases(s, b, i + 1, chosen + 1, picked | 1u << h, f, s_or(uni, cells), new_endo)) {
            return 1;
        }
    }
    return 0;
}

static const int ROWS_BOXES[18] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 18, 19, 20, 21, 22, 23, 24, 25, 26};
static const int COLS_BOXES[18] = {9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26};

/* the candidate sets each kind of search (size, finned) found no fish in */
static _Thread_local digit_memo none_seen[MAX_SIZE + 1][2];

int general_fish(const grid *g, int size, int finned, hd_step *out) {
    if (size < 2 || size > MAX_SIZE) return 0;
    search s;
    s.size = size;
    s.finned = finned = finned != 0;
    for (int d = 1; d <= 9; d++) {
        set81 p = g->pos[d];
        if (!s_any(p)) continue;
        if (dm_known(&none_seen[size][finned], p)) continue;
        int found = 0;
        for (int by_cols = 0; by_cols < 2; by_cols++) {
            bases_of b;
            const int *base_houses = by_cols ? COLS_BOXES : ROWS_BOXES;
            b.cover_houses = by_cols ? ROWS_BOXES : COLS_BOXES;
            b.ncover = 18;
            b.p = p;
            b.n = 0;
            for (int i = 0; i < 18; i++) {
                set81 cells = s_and(p, HOUSE_SET[base_houses[i]]);
                if (s_any(cells) && (finned || s_count(cells) <= size)) {
                    b.house[b.n] = base_houses[i];
                    b.cells[b.n] = cells;
                    b.n++;
                }
            }
            if (b.n < size || !bases(&s, &b, 0, 0, 0, 0, S_EMPTY, S_EMPTY)) continue;
            hd_begin(out, finned ? FINNED_FRANKEN[size] : FRANKEN[size]);
            for (int c; (c = s_pop(&s.best_elims)) >= 0;) hd_elim(out, c, d);
            found = 1;
            break;
        }
        if (found) return 1;
        dm_note(&none_seen[size][finned], p);
    }
    return 0;
}
