/* Simple chains (twin of strategies/hodoku/simple_chains.py: x_chain, xy_chain,
 * _simple_chains, bfs_layers, chain_to, lasso_free, _digit_links, _bivalue_links,
 * remote_pair, _remote_pairs, _remote_pair_elims).
 *
 * Every finder here is ranked: of the sets of eliminations found, HoDoKu takes the one with
 * the most, then the lowest index sum; of equal ones the finder's first yielded, which is
 * the one of the shortest chain, then the first found. */
#include "hodoku/simple_chains.h"

#include "hodoku/intersections.h"

#define MAX_LINKS 20     /* HoDoKu's restrictChainLength */
#define MAX_LAYERS (MAX_LINKS + 1)
#define PATH_BUDGET 2000 /* backtracking steps looking for a lasso-free chain */
#define MAX_TIES 64      /* sets of eliminations ranked alike that are kept apart */

/* ------------------------------------------------------------------ ranking */

/* one set of eliminations: digit ``d[i]`` from the cells ``e[i]`` (d[1] 0 when one digit) */
typedef struct {
    int d[2];
    set81 e[2];
    int length;  /* the shortest chain found for it (links or nodes, compared alike) */
} found_set;

/* the cells losing ``d`` in ``f`` */
static set81 found_cells(const found_set *f, int d) {
    set81 out = S_EMPTY;
    for (int i = 0; i < 2; i++) {
        if (f->d[i] == d) out = s_or(out, f->e[i]);
    }
    return out;
}

static int found_same(const found_set *a, const found_set *b) {
    for (int d = 1; d <= 9; d++) {
        set81 x = found_cells(a, d), y = found_cells(b, d);
        if (x.w[0] != y.w[0] || x.w[1] != y.w[1]) return 0;
    }
    return 1;
}

/* HoDoKu's index sum of the eliminations taken in (digit, cell) order (hd_index_sum) */
static long found_index_sum(const found_set *f) {
    long total = 0, weight = 1;
    for (int d = 1; d <= 9; d++) {
        for (set81 e = found_cells(f, d); s_any(e);) {
            total += (long)s_pop(&e) * weight + d;
            weight += 80;
        }
    }
    return total;
}

/* the sets ranked best so far, in the order first found */
typedef struct {
    int n;          /* how many are kept */
    int size;       /* their eliminations */
    long sum;       /* their index sum */
    found_set kept[MAX_TIES];
} ranked;

enum { WORSE = -2, NEW = -1 };

/* Where ``f`` stands: WORSE than the kept sets, NEW (better, or as good and not kept), or
 * the index of the kept set equal to it. */
static int ranked_place(const ranked *best, const found_set *f, int *size, long *sum) {
    *size = s_count(f->e[0]) + s_count(f->e[1]);
    *sum = found_index_sum(f);
    if (!best->n || *size > best->size || (*size == best->size && *sum < best->sum)) return NEW;
    if (*size != best->size || *sum != best->sum) return WORSE;
    for (int i = 0; i < best->n; i++) {
        if (found_same(&best->kept[i], f)) return i;
    }
    return NEW;
}

/* keep ``f`` where ranked_place put it (not WORSE) */
static void ranked_keep(ranked *best, const found_set *f, int size, long sum, int place) {
    if (place >= 0) {
        if (f->length < best->kept[place].length) best->kept[place].length = f->length;
        return;
    }
    if (!best->n || size != best->size || sum != best->sum) {
        best->n = 0;
        best->size = size;
        best->sum = sum;
    }
    if (best->n < MAX_TIES) best->kept[best->n++] = *f;
}

/* the step of the best set kept (the shortest of those ranked alike, then the first), its
 * eliminations in (cell, digit) order; 0 when there is none */
static int ranked_step(const ranked *best, int technique, int size_plus, hd_step *out) {
    if (!best->n) return 0;
    const found_set *pick = &best->kept[0];
    for (int i = 1; i < best->n; i++) {
        if (best->kept[i].length < pick->length) pick = &best->kept[i];
    }
    hd_begin(out, technique);
    out->size = pick->length + size_plus;
    for (int c = 0; c < 81; c++) {
        for (int d = 1; d <= 9; d++) {
            if (s_has(found_cells(pick, d), c)) hd_elim(out, c, d);
        }
    }
    return 1;
}

/* ------------------------------------------------------------------ X- and XY-Chains */

/* Candidates (nodes) as one 81-cell set per digit: node order is digit, then cell. */
typedef struct { set81 d[10]; } nodes;

/* The chains' links: an X-Chain's on one digit (weak between places that see each other,
 * strong between the two places in a house), or an XY-Chain's (weak between the same digit of
 * two bivalue cells that see each other, strong between a bivalue cell's two digits). */
typedef struct {
    const grid *g;
    int xy;
    int digit;           /* an X-Chain's */
    set81 bival;         /* an XY-Chain's cells */
    set81 strong[81];    /* an X-Chain's strong partners of each place */
} links;

static void x_links(links *L, const grid *g, int d) {
    L->g = g;
    L->xy = 0;
    L->digit = d;
    set81 p = g->pos[d];
    for (set81 e = p; s_any(e);) {
        int c = s_pop(&e);
        set81 s = S_EMPTY;
        for (int k = 0; k < 3; k++) {
            set81 hm = s_and(p, HOUSE_SET[CELL_HOUSE[c][k]]);
            if (s_count(hm) == 2) s = s_or(s, hm);
        }
        s_del(&s, c);
        L->strong[c] = s;
    }
}

/* the nodes linked to (cell, d), strong or weak, into ``out`` (or-ed) */
static void linked(const links *L, int cell, int d, int strong, nodes *out) {
    const grid *g = L->g;
    if (!L->xy) {
        set81 to = strong ? L->strong[cell] : s_and(g->pos[d], PEER_SET[cell]);
        out->d[d] = s_or(out->d[d], to);
    } else if (strong) {
        if (s_has(L->bival, cell)) {
            unsigned other = g->cand[cell] & ~(1u << (d - 1));
            if (other) s_add(&out->d[m_first(other)], cell);
        }
    } else if (s_has(L->bival, cell)) {
        out->d[d] = s_or(out->d[d], s_and(s_and(PEER_SET[cell], L->bival), g->pos[d]));
    }
}

/* Layers of a breadth-first search from (cell, d) OFF (twin of bfs_layers): layer k the nodes
 * first reached after k links, ON for odd k.  Returns how many layers. */
static int bfs_layers(const links *L, int cell, int d, nodes layers[MAX_LAYERS]) {
    nodes seen[2];
    memset(seen, 0, sizeof seen);
    memset(&layers[0], 0, sizeof layers[0]);
    s_add(&layers[0].d[d], cell);
    s_add(&seen[0].d[d], cell);
    int n = 1, pol = 0;
    for (int step = 0; step < MAX_LINKS; step++) {
        nodes nxt;
        memset(&nxt, 0, sizeof nxt);
        const nodes *frontier = &layers[n - 1];
        for (int e = 1; e <= 9; e++) {
            for (set81 f = frontier->d[e]; s_any(f);) linked(L, s_pop(&f), e, !pol, &nxt);
        }
        pol = !pol;
        int any = 0;
        for (int e = 1; e <= 9; e++) {
            nxt.d[e] = s_andnot(nxt.d[e], seen[pol].d[e]);
            any |= s_any(nxt.d[e]);
        }
        if (!any) break;
        for (int e = 1; e <= 9; e++) seen[pol].d[e] = s_or(seen[pol].d[e], nxt.d[e]);
        layers[n++] = nxt;
    }
    return n;
}

/* a chain walked back from its end: path[0] the end */
typedef struct {
    const links *L;
    const nodes *layers;
    int budget;
    int len;
    uint8_t cell[MAX_LAYERS], digit[MAX_LAYERS];
} walk;

/* HoDoKu's lasso check on the chain (path reversed): no node in the cell of an earlier node
 * other than the one just before it (twin of lasso_free) */
static int lasso_free(const walk *w) {
    set81 used = S_EMPTY;
    int prev = -1;
    for (int i = w->len - 1; i >= 0; i--) {
        int c = w->cell[i];
        if (s_has(used, c)) return 0;
        if (prev >= 0) s_add(&used, prev);
        prev = c;
    }
    return 1;
}

/* back from the path's last node, in layer ``i`` (twin of chain_to's back) */
static int back(walk *w, int i, set81 later_cells) {
    if (i == 0) return lasso_free(w);
    if (w->budget <= 0) return 0;
    w->budget--;
    int cell = w->cell[w->len - 1], d = w->digit[w->len - 1];
    nodes preds;
    memset(&preds, 0, sizeof preds);
    linked(w->L, cell, d, i & 1, &preds);
    set81 cells = later_cells;
    s_add(&cells, cell);
    for (int e = 1; e <= 9; e++) {
        for (set81 ps = s_and(preds.d[e], w->layers[i - 1].d[e]); s_any(ps);) {
            int p = s_pop(&ps);
            if (s_has(later_cells, p)) continue;
            if (w->len >= MAX_LAYERS) return 0; /* cannot happen: one node a layer */
            w->cell[w->len] = (uint8_t)p;
            w->digit[w->len] = (uint8_t)e;
            w->len++;
            if (back(w, i - 1, cells)) return 1;
            w->len--;
        }
    }
    return 0;
}

/* whether a lasso-free chain reaches (cell, d) in layer ``k`` (twin of chain_to) */
static int chain_to(const links *L, const nodes *layers, int cell, int d, int k) {
    walk w = {L, layers, PATH_BUDGET, 1, {(uint8_t)cell}, {(uint8_t)d}};
    return back(&w, k, S_EMPTY);
}

/* The chains from every candidate of ``cell`` (an XY-Chain's: bivalue cells only), keeping
 * the best eliminations (twin of _simple_chains' loop body). */
static void chains_from(const links *L, int cell, int d, ranked *best) {
    const grid *g = L->g;
    nodes strong;
    memset(&strong, 0, sizeof strong);
    linked(L, cell, d, 1, &strong);
    int any = 0;
    for (int e = 1; e <= 9; e++) any |= s_any(strong.d[e]);
    if (!any) return;
    nodes layers[MAX_LAYERS];
    int n = bfs_layers(L, cell, d, layers);
    set81 see_start = s_and(g->pos[d], PEER_SET[cell]);
    for (int k = 3; k < n; k += 2) {
        for (set81 ends = layers[k].d[d]; s_any(ends);) {
            int ecell = s_pop(&ends);
            if (ecell == cell) continue;
            set81 elim = s_and(see_start, PEER_SET[ecell]);
            if (!s_any(elim)) continue;
            found_set f = {{d, 0}, {elim, S_EMPTY}, k};
            int size;
            long sum;
            int place = ranked_place(best, &f, &size, &sum);
            if (place == WORSE || (place >= 0 && best->kept[place].length <= k)) continue;
            if (!chain_to(L, layers, ecell, d, k)) continue;
            ranked_keep(best, &f, size, sum, place);
        }
    }
}

int x_chain(const grid *g, hd_step *out) {
    links L;
    L.digit = 0;
    ranked best;
    best.n = 0;
    for (set81 cells = g->empty; s_any(cells);) {
        int cell = s_pop(&cells);
        for (unsigned m = g->cand[cell]; m; m &= m - 1) {
            int d = __builtin_ctz(m) + 1;
            if (L.digit != d) x_links(&L, g, d); /* the digit's links, made again when it changes */
            chains_from(&L, cell, d, &best);
        }
    }
    return ranked_step(&best, H_X_CHAIN, 1, out);
}

int xy_chain(const grid *g, hd_step *out) {
    set81 by_size[4];
    cells_by_size(g, by_size);
    links L;
    L.g = g;
    L.xy = 1;
    L.digit = 0;
    L.bival = by_size[1];
    ranked best;
    best.n = 0;
    for (set81 cells = by_size[1]; s_any(cells);) {
        int cell = s_pop(&cells);
        for (unsigned m = g->cand[cell]; m; m &= m - 1) chains_from(&L, cell, __builtin_ctz(m) + 1, &best);
    }
    return ranked_step(&best, H_XY_CHAIN, 1, out);
}

/* ------------------------------------------------------------------ Remote Pairs */

#define RP_CELLS 10 /* a chain of MAX_LINKS - 1 links at most: 2 * 9 + 1 */

/* every chain of the cells ``cells`` holding the digits ``a`` < ``b``, depth first (twin of
 * _remote_pairs' loop body and _remote_pair_elims) */
static void rp_group(const grid *g, set81 cells, int a, int b, ranked *best) {
    uint8_t nb[81][20];
    int nn[81] = {0};
    for (set81 e = cells; s_any(e);) {
        int c = s_pop(&e);
        for (set81 f = s_and(PEER_SET[c], cells); s_any(f);) {
            int q = s_pop(&f);
            if (nn[c] < 20) nb[c][nn[c]++] = (uint8_t)q;
        }
    }
    for (set81 starts = cells; s_any(starts);) {
        int start = s_pop(&starts);
        for (int k0 = 0; k0 < 2; k0++) {
            int sd = k0 ? b : a;
            set81 see_start = s_and(PEER_SET[start], g->pos[sd]);
            int path[RP_CELLS], it[RP_CELLS], depth = 0;
            set81 on_path = S_EMPTY;
            path[0] = start;
            it[0] = 0;
            s_add(&on_path, start);
            while (depth >= 0) {
                int c = path[depth];
                if (it[depth] >= nn[c]) {
                    s_del(&on_path, c);
                    depth--;
                    continue;
                }
                int nxt = nb[c][it[depth]++];
                if (s_has(on_path, nxt)) continue;
                if (depth + 1 >= RP_CELLS) continue; /* cannot happen: the chain stops at MAX_LINKS */
                depth++;
                path[depth] = nxt;
                it[depth] = 0;
                s_add(&on_path, nxt);
                int nlinks = 2 * depth + 1;
                if (depth >= 3 && depth % 2 == 1 && s_any(s_and(see_start, PEER_SET[nxt]))) {
                    found_set f = {{a, b}, {S_EMPTY, S_EMPTY}, nlinks};
                    for (int i = 0; i <= depth; i++) {
                        for (int j = i + 3; j <= depth; j += 2) {
                            set81 see = s_and(PEER_SET[path[i]], PEER_SET[path[j]]);
                            f.e[0] = s_or(f.e[0], s_and(see, g->pos[a]));
                            f.e[1] = s_or(f.e[1], s_and(see, g->pos[b]));
                        }
                    }
                    int size;
                    long sum;
                    int place = ranked_place(best, &f, &size, &sum);
                    if (place != WORSE) ranked_keep(best, &f, size, sum, place);
                }
                if (nlinks + 1 >= MAX_LINKS) {
                    s_del(&on_path, nxt);
                    depth--;
                }
            }
        }
    }
}

int remote_pair(const grid *g, hd_step *out) {
    set81 by_size[4];
    cells_by_size(g, by_size);
    ranked best;
    best.n = 0;
    uint8_t done[512] = {0};
    for (set81 e = by_size[1]; s_any(e);) {
        int c = s_pop(&e);
        unsigned cm = g->cand[c];
        if (done[cm]) continue;
        done[cm] = 1;
        set81 cells = S_EMPTY;
        for (set81 f = by_size[1]; s_any(f);) {
            int q = s_pop(&f);
            if (g->cand[q] == cm) s_add(&cells, q);
        }
        if (s_count(cells) < 4) continue;
        rp_group(g, cells, m_first(cm), m_last(cm), &best);
    }
    /* the chain's nodes: two candidates a cell, one more than its links */
    return ranked_step(&best, H_REMOTE_PAIR, 1, out);
}
