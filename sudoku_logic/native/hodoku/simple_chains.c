/* Remote Pairs (twin of strategies/hodoku/simple_chains.py: remote_pair, _remote_pairs,
 * _remote_pair_elims): depth-first from every bivalue cell and each of its digits over the
 * cells holding the same two digits, at most MAX_LINKS links.  Of the sets of eliminations
 * found, HoDoKu takes the one with the most, then the lowest index sum; of equal ones the
 * finder's first yielded: the shortest chain, then the first found. */
#include "hodoku/simple_chains.h"

#include "hodoku/intersections.h"

#define MAX_LINKS 20 /* HoDoKu's restrictChainLength */
#define MAX_CELLS 10 /* a chain of MAX_LINKS - 1 links at most: 2 * 9 + 1 */
#define MAX_TIES 64  /* sets of eliminations ranked alike that are kept apart */

/* one set of eliminations: digit ``d[i]`` from the cells ``e[i]`` */
typedef struct {
    int d[2];
    set81 e[2];
    int links;  /* the shortest chain found for it */
} rp_found;

/* the cells losing ``d`` in ``f`` */
static set81 rp_cells(const rp_found *f, int d) {
    set81 out = S_EMPTY;
    for (int i = 0; i < 2; i++) {
        if (f->d[i] == d) out = s_or(out, f->e[i]);
    }
    return out;
}

static int rp_same(const rp_found *a, const rp_found *b) {
    for (int d = 1; d <= 9; d++) {
        set81 x = rp_cells(a, d), y = rp_cells(b, d);
        if (x.w[0] != y.w[0] || x.w[1] != y.w[1]) return 0;
    }
    return 1;
}

/* HoDoKu's index sum of the eliminations taken in (digit, cell) order (hd_index_sum) */
static long rp_index_sum(const rp_found *f) {
    long total = 0, weight = 1;
    for (int d = 1; d <= 9; d++) {
        for (set81 e = rp_cells(f, d); s_any(e);) {
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
    rp_found kept[MAX_TIES];
} rp_best;

static void rp_offer(rp_best *best, const rp_found *f) {
    int size = s_count(f->e[0]) + s_count(f->e[1]);
    long sum = rp_index_sum(f);
    if (!best->n || size > best->size || (size == best->size && sum < best->sum)) {
        best->n = 1;
        best->size = size;
        best->sum = sum;
        best->kept[0] = *f;
        return;
    }
    if (size != best->size || sum != best->sum) return;
    for (int i = 0; i < best->n; i++) {
        if (rp_same(&best->kept[i], f)) {
            if (f->links < best->kept[i].links) best->kept[i].links = f->links;
            return;
        }
    }
    if (best->n < MAX_TIES) best->kept[best->n++] = *f;
}

/* every chain of the cells ``cells`` holding the digits ``a`` < ``b`` */
static void rp_group(const grid *g, set81 cells, int a, int b, rp_best *best) {
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
            int path[MAX_CELLS], it[MAX_CELLS], depth = 0;
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
                if (depth + 1 >= MAX_CELLS) continue; /* cannot happen: the chain stops at MAX_LINKS */
                depth++;
                path[depth] = nxt;
                it[depth] = 0;
                s_add(&on_path, nxt);
                int links = 2 * depth + 1;
                if (depth >= 3 && depth % 2 == 1 && s_any(s_and(see_start, PEER_SET[nxt]))) {
                    rp_found f = {{a, b}, {S_EMPTY, S_EMPTY}, links};
                    for (int i = 0; i <= depth; i++) {
                        for (int j = i + 3; j <= depth; j += 2) {
                            set81 see = s_and(PEER_SET[path[i]], PEER_SET[path[j]]);
                            f.e[0] = s_or(f.e[0], s_and(see, g->pos[a]));
                            f.e[1] = s_or(f.e[1], s_and(see, g->pos[b]));
                        }
                    }
                    rp_offer(best, &f);
                }
                if (links + 1 >= MAX_LINKS) {
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
    rp_best best;
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
    if (!best.n) return 0;
    const rp_found *pick = &best.kept[0];
    for (int i = 1; i < best.n; i++) {
        if (best.kept[i].links < pick->links) pick = &best.kept[i];
    }
    hd_begin(out, H_REMOTE_PAIR);
    out->size = pick->links + 1; /* the chain's nodes: two candidates a cell */
    for (int c = 0; c < 81; c++) {
        for (int d = 1; d <= 9; d++) {
            if (s_has(rp_cells(pick, d), c)) hd_elim(out, c, d);
        }
    }
    return 1;
}
