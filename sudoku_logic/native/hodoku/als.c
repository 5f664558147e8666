/* Almost Locked Sets (twin of strategies/hodoku/als.py: collect_alses, _dfs_house,
 * _collect_rcs, common_elims, locked_elims, als_xz, als_xy_wing), HoDoKu's default settings:
 * RCs from an ALS to a later one only, linked ALS never overlapping. */
#include "hodoku/als.h"

#include "core/scratch.h"

/* ------------------------------------------------------------------ the sets */

static void add_als(const grid *g, hd_als_data *a, set81 cells, unsigned cands, int size) {
    if (a->n >= HD_MAX_ALS) return;  /* impossible: 510 a house at most */
    hd_als *x = &a->als[a->n++];
    x->cells = cells;
    x->cands = (uint16_t)cands;
    x->size = (uint8_t)size;
    x->buddies = S_EMPTY;
    for (int d = 1; d <= 9; d++) {
        x->dbud[d - 1] = S_EMPTY;
        if (!(cands >> (d - 1) & 1)) continue;
        set81 dc = s_and(cells, g->pos[d]);
        set81 seen = g->pos[d];
        for (set81 e = dc; s_any(e);) seen = s_and(seen, PEER_SET[s_pop(&e)]);
        set81 bud = s_andnot(seen, cells);
        x->dbud[d - 1] = bud;
        x->buddies = s_or(x->buddies, bud);
    }
}

/* whether an earlier house holds every cell of ``s`` (its ALS was found there) */
static int found_before(set81 s, int h) {
    int c = s_first(s);
    if (h >= 9 && s_subset(s, HOUSE_SET[CELL_HOUSE[c][0]])) return 1;
    return h >= 18 && s_subset(s, HOUSE_SET[CELL_HOUSE[c][1]]);
}

/* _dfs_house: cell subsets in lexicographic depth-first order; adding a cell lowers
 * (digits - cells) by one at most, so a branch that cannot reach an ALS stops */
static void dfs_house(const grid *g, hd_als_data *a, int h, const int *cells, int n, int start, set81 bits,
                      unsigned mask, int k) {
    int nk = k + 1;
    for (int i = start; i < n; i++) {
        set81 nb = bits;
        s_add(&nb, cells[i]);
        unsigned nm = mask | g->cand[cells[i]];
        int excess = m_count(nm) - nk - 1;
        if (excess == 0 && !found_before(nb, h)) add_als(g, a, nb, nm, nk);
        if (nk < 8 && excess < n - i) dfs_house(g, a, h, cells, n, i + 1, nb, nm, nk);
    }
}

/* collect_alses: houses rows, columns, boxes */
static void collect_alses(const grid *g, hd_als_data *a) {
    a->n = 0;
    for (int h = 0; h < 27; h++) {
        int cells[9], n = 0;
        for (int i = 0; i < 9; i++) {
            if (g->cand[HOUSE_CELLS[h][i]]) cells[n++] = HOUSE_CELLS[h][i];
        }
        if (n) dfs_house(g, a, h, cells, n, 0, S_EMPTY, 0, 0);
    }
}

/* ------------------------------------------------------------------ restricted commons */

static int push_rc(hd_als_data *a, int i, int j, int d1, int d2) {
    if (a->nrc == a->caprc) {
        if (a->caprc >= HD_MAX_RCS) return -1;
        int cap = a->caprc ? 2 * a->caprc : 4096;
        hd_rc *grown = sx_alloc((size_t)cap * sizeof *grown);
        if (!grown) return -1;
        if (a->nrc) memcpy(grown, a->rc, (size_t)a->nrc * sizeof *grown);
        sx_free(a->rc);
        a->rc = grown;
        a->caprc = cap;
    }
    hd_rc *r = &a->rc[a->nrc++];
    r->i = (uint16_t)i;
    r->j = (uint16_t)j;
    r->d1 = (uint8_t)d1;
    r->d2 = (uint8_t)d2;
    return 0;
}

/* _collect_rcs, forward only and without overlap: for each ALS i and each later ALS j (in
 * order), the digits whose candidates in j all see all of them in i; the first and the last
 * kept (HoDoKu keeps two).  The ALS are bucketed per digit by their lowest cell holding it:
 * j's d-candidates can all see i's only if that cell is one of i's d-buddies. */
static int collect_rcs(const grid *g, hd_als_data *a) {
    int n = a->n;
    int *start = a->bstart;
    memset(a->bstart, 0, sizeof a->bstart);
    for (int j = 0; j < n; j++) {
        for (int d = 1; d <= 9; d++) {
            if (a->als[j].cands >> (d - 1) & 1) start[(d - 1) * 81 + s_first(s_and(a->als[j].cells, g->pos[d])) + 1]++;
        }
    }
    for (int b = 0; b < HD_BUCKETS; b++) start[b + 1] += start[b];
    int cursor[HD_BUCKETS];
    memcpy(cursor, start, sizeof cursor);
    for (int j = 0; j < n; j++) {
        for (int d = 1; d <= 9; d++) {
            if (!(a->als[j].cands >> (d - 1) & 1)) continue;
            int b = (d - 1) * 81 + s_first(s_and(a->als[j].cells, g->pos[d]));
            if (cursor[b] < HD_MAX_ALS * 9) a->bitems[cursor[b]++] = (uint16_t)j;
        }
    }
    a->nrc = 0;
    memset(a->linked, 0, sizeof a->linked);
    for (int i = 0; i < n; i++) {
        const hd_als *x = &a->als[i];
        a->rc_from[i] = a->nrc;
        for (int d = 1; d <= 9; d++) {
            set81 bud = x->dbud[d - 1];
            if (!(x->cands >> (d - 1) & 1) || !s_any(bud)) continue;
            for (set81 e = bud; s_any(e);) {
                int b = (d - 1) * 81 + s_pop(&e);
                for (int k = start[b]; k < start[b + 1]; k++) {
                    int j = a->bitems[k];
                    const hd_als *y = &a->als[j];
                    if (j <= i || !s_subset(s_and(y->cells, g->pos[d]), bud) || s_any(s_and(y->cells, x->cells))) continue;
                    uint64_t bit = (uint64_t)1 << (j & 63);
                    if (a->linked[j >> 6] & bit) {
                        a->ld2[j] = (uint8_t)d;
                    } else {
                        a->linked[j >> 6] |= bit;
                        a->ld1[j] = (uint8_t)d;
                        a->ld2[j] = 0;
                    }
                }
            }
        }
        for (int w = (i + 1) >> 6; w < HD_ALS_WORDS; w++) {
            while (a->linked[w]) {
                int j = (w << 6) + __builtin_ctzll(a->linked[w]);
                a->linked[w] &= a->linked[w] - 1;
                if (push_rc(a, i, j, a->ld1[j], a->ld2[j]) < 0) return -1;
            }
        }
    }
    a->rc_from[n] = a->nrc;
    return 0;
}

hd_als_data *hd_als_data_new(const grid *g) {
    hd_als_data *a = sx_alloc(sizeof *a);
    if (!a) return NULL;
    a->rc = NULL;
    a->caprc = 0;
    collect_alses(g, a);
    if (collect_rcs(g, a) < 0) {
        hd_als_free(a);
        return NULL;
    }
    return a;
}

void hd_als_free(hd_als_data *a) {
    if (!a) return;
    sx_free(a->rc);
    sx_free(a);
}

/* ------------------------------------------------------------------ eliminations */

void hd_als_common_elims(const hd_als *a, const hd_als *b, unsigned exclude, set81 el[10]) {
    unsigned common = a->cands & b->cands & ~exclude & 0x1FF;
    if (!common || !s_any(s_and(a->buddies, b->buddies))) return;
    for (int d = 1; d <= 9; d++) {
        if (common >> (d - 1) & 1) el[d] = s_or(el[d], s_and(a->dbud[d - 1], b->dbud[d - 1]));
    }
}

/* locked_elims: ``a`` without its RCs ``rc_mask`` is locked */
static void locked_elims(const hd_als *a, const hd_als *b, unsigned rc_mask, set81 el[10]) {
    unsigned rest = a->cands & ~rc_mask & 0x1FF;
    for (int d = 1; d <= 9; d++) {
        if (rest >> (d - 1) & 1) el[d] = s_or(el[d], s_andnot(a->dbud[d - 1], b->cells));
    }
}

int hd_als_emit(int technique, const set81 el[10], hd_step *out) {
    set81 any = S_EMPTY;
    for (int d = 1; d <= 9; d++) any = s_or(any, el[d]);
    if (!s_any(any)) return 0;
    hd_begin(out, technique);
    for (int c; (c = s_pop(&any)) >= 0;) {
        for (int d = 1; d <= 9; d++) {
            if (s_has(el[d], c)) hd_elim(out, c, d);
        }
    }
    return 1;
}

static inline unsigned bit(int d) { return d ? 1u << (d - 1) : 0; }

/* ------------------------------------------------------------------ ALS-XZ */

int als_xz(const grid *g, hd_queue *q, hd_step *out) {
    hd_als_data *a = hd_als_data_new(g);
    if (!a) {
        q->overflow = 1;
        return 0;
    }
    int found = 0;
    for (int k = 0; k < a->nrc && !found; k++) {
        const hd_rc *r = &a->rc[k];
        const hd_als *x = &a->als[r->i], *y = &a->als[r->j];
        set81 el[10];
        for (int d = 0; d < 10; d++) el[d] = S_EMPTY;
        hd_als_common_elims(x, y, bit(r->d1), el);
        if (r->d2) {
            unsigned rc_mask = bit(r->d1) | bit(r->d2);
            hd_als_common_elims(x, y, bit(r->d2), el);
            locked_elims(x, y, rc_mask, el);
            locked_elims(y, x, rc_mask, el);
        }
        found = hd_als_emit(H_ALMOST_LOCKED_SET_XZ_RULE, el, out);
    }
    hd_als_free(a);
    return found;
}

/* ------------------------------------------------------------------ ALS-XY-Wing */

/* Pairs of RCs sharing an ALS, the second after the first (HoDoKu's rc1 < rc2): C the
 * shared ALS, A and B the others; Z the common digits of A and B but the RCs. */
int als_xy_wing(const grid *g, hd_queue *q, hd_step *out) {
    hd_als_data *a = hd_als_data_new(g);
    int *tstart = a ? sx_alloc((size_t)(a->n + 1) * sizeof *tstart) : NULL;
    int *touch = a ? sx_alloc((size_t)(2 * a->nrc + 1) * sizeof *touch) : NULL;
    int found = 0;
    if (!a || !tstart || !touch) {
        q->overflow = 1;
        goto done;
    }
    /* the RCs touching each ALS, in order */
    memset(tstart, 0, (size_t)(a->n + 1) * sizeof *tstart);
    for (int k = 0; k < a->nrc; k++) {
        tstart[a->rc[k].i + 1]++;
        tstart[a->rc[k].j + 1]++;
    }
    for (int i = 0; i < a->n; i++) tstart[i + 1] += tstart[i];
    for (int k = 0; k < a->nrc; k++) {
        /* an RC's k is after every one filled before it: touch lists come out sorted; the
         * cursor of ALS i is tstart[i], shifted back below */
        touch[tstart[a->rc[k].i]++] = k;
        touch[tstart[a->rc[k].j]++] = k;
    }
    for (int i = a->n; i > 0; i--) tstart[i] = tstart[i - 1];
    tstart[0] = 0;
    for (int k1 = 0; k1 < a->nrc && !found; k1++) {
        const hd_rc *r1 = &a->rc[k1];
        int i1 = r1->i, j1 = r1->j;
        unsigned m1 = bit(r1->d1) | bit(r1->d2);
        int p = tstart[i1], pe = tstart[i1 + 1], t = tstart[j1], te = tstart[j1 + 1];
        while (p < pe && touch[p] <= k1) p++;
        while (t < te && touch[t] <= k1) t++;
        while ((p < pe || t < te) && !found) {
            int k2;
            if (t >= te || (p < pe && touch[p] < touch[t])) {
                k2 = touch[p++];
            } else if (p >= pe || touch[t] < touch[p]) {
                k2 = touch[t++];
            } else {
                k2 = touch[p++];
                t++;
            }
            const hd_rc *r2 = &a->rc[k2];
            int i2 = r2->i, j2 = r2->j, c, x, y;
            if (!r1->d2 && !r2->d2 && r1->d1 == r2->d1) continue;
            if (i1 == i2 && j1 != j2) { c = i1; x = j1; y = j2; }
            else if (i1 == j2 && j1 != i2) { c = i1; x = j1; y = i2; }
            else if (j1 == i2 && i1 != j2) { c = j1; x = i1; y = j2; }
            else if (j1 == j2 && i1 != i2) { c = j1; x = i1; y = i2; }
            else continue;
            (void)c;
            const hd_als *A = &a->als[x], *B = &a->als[y];
            if (s_any(s_and(A->cells, B->cells))) continue;
            unsigned m2 = bit(r2->d1) | bit(r2->d2);
            set81 el[10];
            for (int d = 0; d < 10; d++) el[d] = S_EMPTY;
            hd_als_common_elims(A, B, m1 | m2, el);
            found = hd_als_emit(H_ALMOST_LOCKED_SET_XY_WING, el, out);
        }
    }
done:
    sx_free(touch);
    sx_free(tstart);
    hd_als_free(a);
    return found;
}
