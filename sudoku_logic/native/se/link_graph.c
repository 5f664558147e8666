/* What the implications of Forcing Chains & Cycles can reach on a grid (twin of
 * strategies/se/link_graph.py's LinkGraph, _UnarySearches and new_links).
 *
 * Only an off node that starts a strong link (the other candidate of a bivalue cell, the
 * other place of its digit in a house with two) leads anywhere from an off node, and only
 * the on nodes at those links' other ends are led to from one; so every cycle, and every
 * path longer than one link, runs through that small part of the graph.  Its strongly
 * connected components (Tarjan's algorithm, iterative) and what each reaches are worked
 * out there; every other node reaches its own successors and what those reach.  Sets of
 * nodes are pairs of 729-bit sets of candidates: (on nodes, off nodes). */
#include "se/link_graph.h"

/* By candidate: the candidates its on node turns off with cell and house links. */
static set729 WEAK[N_CANDS];

static inline int sa_has(const set729 *s, int i) { return (int)(s->w[i >> 6] >> (i & 63) & 1u); }
static inline void sa_add(set729 *s, int i) { s->w[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void sa_or(set729 *a, const set729 *b) {
    for (int k = 0; k < 12; k++) a->w[k] |= b->w[k];
}
static inline int sa_any(const set729 *a) {
    uint64_t m = 0;
    for (int k = 0; k < 12; k++) m |= a->w[k];
    return m != 0;
}
static inline int sa_meets(const set729 *a, const set729 *b) {
    uint64_t m = 0;
    for (int k = 0; k < 12; k++) m |= a->w[k] & b->w[k];
    return m != 0;
}

void lg_tables_init(void) {
    memset(WEAK, 0, sizeof WEAK);
    for (int c = 0; c < 81; c++) {
        for (int d = 1; d <= 9; d++) {
            set729 *w = &WEAK[c * 9 + d - 1];
            set81 peers = PEER_SET[c];
            for (int p; (p = s_pop(&peers)) >= 0;) sa_add(w, p * 9 + d - 1);
            for (int e = 1; e <= 9; e++) {
                if (e != d) sa_add(w, c * 9 + e - 1);
            }
        }
    }
}

static void add_strong(link_graph *lg, int i, int j) {
    for (int k = 0; k < lg->nstrong[i]; k++) {
        if (lg->strong[i][k] == ((j << 1) | 1)) return;
    }
    if (lg->nstrong[i] < 4) lg->strong[i][lg->nstrong[i]++] = (uint16_t)((j << 1) | 1);
}

/* the successors of a node of the part with strong links, within that part */
static void successors(link_graph *lg, int key) {
    int i = key >> 1, n = 0;
    if (key & 1) {
        for (int k = 0; k < 12; k++) {
            for (uint64_t m = WEAK[i].w[k] & lg->cands.w[k] & lg->starts.w[k]; m; m &= m - 1) {
                if (n < LG_SUCC) lg->succ[key][n++] = (uint16_t)((k * 64 + __builtin_ctzll(m)) << 1);
            }
        }
    } else {
        for (int k = 0; k < lg->nstrong[i]; k++) lg->succ[key][n++] = lg->strong[i][k];
    }
    lg->nsucc[key] = (uint8_t)n;
}

/* cycle_removes of a component of more than one node, its nodes ``keys[0..n)``: a cycle
 * keeps to them (to those of its start's digit without y links), so a candidate it removes
 * sees an on node and an off node of its digit among them. */
static unsigned cycle_removes(const grid *g, const int16_t *keys, int n) {
    set81 on[9], off[9];
    memset(on, 0, sizeof on);
    memset(off, 0, sizeof off);
    for (int k = 0; k < n; k++) {
        int i = keys[k] >> 1;
        set81 *sees = keys[k] & 1 ? on : off;
        sees[i % 9] = s_or(sees[i % 9], PEER_SET[i / 9]);
    }
    unsigned bits = 0;
    for (int v = 0; v < 9; v++) {
        if (s_any(s_and(g->pos[v + 1], s_and(on[v], off[v])))) bits |= 1u << v;
    }
    return bits;
}

/* Tarjan's algorithm over the part with strong links, from its off nodes; each component's
 * reach worked out as it comes out (after every component it reaches). */
static void components(const grid *g, link_graph *lg) {
    int16_t stack[N_KEYS], work[N_KEYS], merged[N_KEYS];  /* merged[c]: the last component c's reach went into */
    uint8_t next[N_KEYS];
    int top = 0, wtop = 0, counter = 0;
    for (int k = 0; k < N_KEYS; k++) { lg->index[k] = -1; lg->comp[k] = -1; merged[k] = -1; }
    lg->ncomp = 0;
    for (int i = 0; i < N_CANDS; i++) {
        if (!lg->nstrong[i] || lg->index[i << 1] >= 0) continue;
        int root = i << 1;
        lg->index[root] = lg->low[root] = (int16_t)counter++;
        stack[top++] = (int16_t)root;
        successors(lg, root);
        work[wtop] = (int16_t)root;
        next[wtop++] = 0;
        while (wtop) {
            int v = work[wtop - 1];
            if (next[wtop - 1] < lg->nsucc[v]) {
                int w = lg->succ[v][next[wtop - 1]++];
                if (lg->index[w] < 0) {
                    lg->index[w] = lg->low[w] = (int16_t)counter++;
                    stack[top++] = (int16_t)w;
                    successors(lg, w);
                    work[wtop] = (int16_t)w;
                    next[wtop++] = 0;
                } else if (lg->comp[w] < 0 && lg->index[w] < lg->low[v]) {
                    lg->low[v] = lg->index[w];
                }
                continue;
            }
            wtop--;
            if (wtop) {
                int u = work[wtop - 1];
                if (lg->low[v] < lg->low[u]) lg->low[u] = lg->low[v];
            }
            if (lg->low[v] != lg->index[v]) continue;
            int c = lg->ncomp++;
            int first = top;
            do first--; while (stack[first] != v);
            set729 *on = &lg->reach_on[c], *off = &lg->reach_off[c];
            memset(on, 0, sizeof *on);
            memset(off, 0, sizeof *off);
            for (int k = first; k < top; k++) lg->comp[stack[k]] = (int16_t)c;
            lg->comp_size[c] = (int16_t)(top - first);
            lg->cycle_removes[c] = top - first > 1 ? (uint16_t)cycle_removes(g, stack + first, top - first) : 0;
            for (int k = first; k < top; k++) {
                int w = stack[k], j = w >> 1;
                if (w & 1) {
                    sa_add(on, j);
                    for (int q = 0; q < 12; q++) off->w[q] |= WEAK[j].w[q] & lg->cands.w[q];
                } else {
                    sa_add(off, j);
                }
                for (int s = 0; s < lg->nsucc[w]; s++) {
                    int cs = lg->comp[lg->succ[w][s]];
                    if (cs != c && merged[cs] != c) {
                        merged[cs] = (int16_t)c;
                        sa_or(on, &lg->reach_on[cs]);
                        sa_or(off, &lg->reach_off[cs]);
                    }
                }
            }
            top = first;
        }
    }
}

void link_graph_build(const grid *g, link_graph *lg) {
    memset(&lg->cands, 0, sizeof lg->cands);
    memset(&lg->starts, 0, sizeof lg->starts);
    memset(lg->nstrong, 0, sizeof lg->nstrong);
    for (int c = 0; c < 81; c++) {
        unsigned m = g->cand[c];
        for (unsigned o = m; o; o &= o - 1) sa_add(&lg->cands, c * 9 + __builtin_ctz(o));
        if (m_count(m) == 2) {
            int i = c * 9 + m_first(m) - 1, j = c * 9 + m_last(m) - 1;
            add_strong(lg, i, j);
            add_strong(lg, j, i);
        }
    }
    for (int d = 1; d <= 9; d++) {
        for (int h = 0; h < 27; h++) {
            set81 r = s_and(g->pos[d], HOUSE_SET[h]);
            if (!s_two(r)) continue;
            int a = s_pop(&r), b = s_pop(&r);
            int i = a * 9 + d - 1, j = b * 9 + d - 1;
            add_strong(lg, i, j);
            add_strong(lg, j, i);
        }
    }
    for (int i = 0; i < N_CANDS; i++) {
        if (lg->nstrong[i]) sa_add(&lg->starts, i);
    }
    components(g, lg);
}

void lg_on_reach(const link_graph *lg, int i, set729 *on, set729 *off) {
    int c = lg->comp[(i << 1) | 1];
    if (c >= 0) {
        *on = lg->reach_on[c];
        *off = lg->reach_off[c];
        return;
    }
    memset(on, 0, sizeof *on);
    sa_add(on, i);
    for (int k = 0; k < 12; k++) off->w[k] = WEAK[i].w[k] & lg->cands.w[k];
    for (int k = 0; k < 12; k++) {
        for (uint64_t m = off->w[k] & lg->starts.w[k]; m; m &= m - 1) {
            int cs = lg->comp[(k * 64 + __builtin_ctzll(m)) << 1];
            if (cs < 0) continue;  /* cannot happen: every start's off node is in the part */
            sa_or(on, &lg->reach_on[cs]);
            sa_or(off, &lg->reach_off[cs]);
        }
    }
}

void lg_off_reach(const link_graph *lg, int i, set729 *on, set729 *off) {
    int c = lg->comp[i << 1];
    if (c >= 0) {
        *on = lg->reach_on[c];
        *off = lg->reach_off[c];
        return;
    }
    memset(on, 0, sizeof *on);
    memset(off, 0, sizeof *off);
    sa_add(off, i);
}

static int in_scope(const link_graph *lg, int i);
static int possible_parts(const link_graph *lg, int i);

/* Whether lg_on_reach(i)'s off part holds i, read in place: its component's, else (not
 * WEAK[i]'s) a start's among WEAK[i]: a component's reach holds the reach of every start
 * whose off node it holds, so the starts lg_on_reach meets on the way add nothing. */
static int on_reaches_off(const link_graph *lg, int i) {
    int c = lg->comp[(i << 1) | 1];
    if (c >= 0) return sa_has(&lg->reach_off[c], i);
    for (int k = 0; k < 12; k++) {
        for (uint64_t m = WEAK[i].w[k] & lg->cands.w[k] & lg->starts.w[k]; m; m &= m - 1) {
            int cs = lg->comp[(k * 64 + __builtin_ctzll(m)) << 1];
            if (cs >= 0 && sa_has(&lg->reach_off[cs], i)) return 1;
        }
    }
    return 0;
}

/* LinkGraph.parts: only an on node next to a strong link's start leads further than its own
 * successors; only an off node at a start leads anywhere */
void lg_parts(const link_graph *lg, uint8_t possible[N_CANDS]) {
    set729 near = lg->starts;
    for (int k = 0; k < 12; k++) {
        for (uint64_t m = lg->starts.w[k]; m; m &= m - 1) sa_or(&near, &WEAK[k * 64 + __builtin_ctzll(m)]);
    }
    memset(possible, 0, N_CANDS);
    for (int k = 0; k < 12; k++) {
        for (uint64_t m = near.w[k] & lg->cands.w[k]; m; m &= m - 1) {
            int i = k * 64 + __builtin_ctzll(m);
            possible[i] = (uint8_t)possible_parts(lg, i);
        }
    }
}

/* lg_parts of candidate ``i`` (one near a strong link's start) */
static int possible_parts(const link_graph *lg, int i) {
    int p = in_scope(lg, i);
    /* lg_on_reach's off part and lg_off_reach's on part, read in place where a component
     * holds them */
    if (on_reaches_off(lg, i)) p |= 2;
    int coff = lg->comp[i << 1];
    if (coff >= 0 && sa_has(&lg->reach_on[coff], i)) p |= 4;  /* else its on part is empty */
    return p;
}

static int in_scope(const link_graph *lg, int i) {
    int c = lg->comp[(i << 1) | 1];
    return c >= 0 && lg->comp_size[c] > 1;
}

int unary_searches(const grid *work, const grid *src, const link_graph *lg, uint8_t live[3][N_CANDS],
                   uint8_t possible[N_CANDS]) {
    /* new_links: the strong links ``work`` has and ``src`` lacks, by the candidates whose
     * off nodes start them */
    int cell_tails[N_CANDS], house_tails[N_CANDS * 2];
    int ncell = 0, nhouse = 0;
    for (int c = 0; c < 81; c++) {
        unsigned m = work->cand[c];
        if (m_count(m) == 2 && src->cand[c] != m) {
            for (unsigned o = m; o; o &= o - 1) cell_tails[ncell++] = c * 9 + __builtin_ctz(o);
        }
    }
    for (int d = 1; d <= 9; d++) {
        if (!memcmp(&work->pos[d], &src->pos[d], sizeof(set81))) continue;
        for (int h = 0; h < 27; h++) {
            set81 r = s_and(work->pos[d], HOUSE_SET[h]), sr = s_and(src->pos[d], HOUSE_SET[h]);
            if (!s_two(r) || !memcmp(&r, &sr, sizeof r)) continue;
            for (int c; (c = s_pop(&r)) >= 0;) house_tails[nhouse++] = c * 9 + d - 1;
        }
    }
    if (!ncell && !nhouse) return 0;
    /* _UnarySearches */
    set729 tails, heads_on, heads_off, a, b;
    memset(&tails, 0, sizeof tails);
    memset(&heads_on, 0, sizeof heads_on);
    memset(&heads_off, 0, sizeof heads_off);
    static const int none = -1;
    uint64_t comps_cell[(N_KEYS + 63) / 64], comps_any[(N_KEYS + 63) / 64], comps_house[9][(N_KEYS + 63) / 64];
    memset(comps_cell, 0, sizeof comps_cell);
    memset(comps_any, 0, sizeof comps_any);
    memset(comps_house, 0, sizeof comps_house);
    for (int t = 0; t < ncell + nhouse; t++) {
        int k = t < ncell ? cell_tails[t] : house_tails[t - ncell];
        sa_add(&tails, k);
        lg_on_reach(lg, k, &a, &b);
        sa_or(&heads_on, &a);
        sa_or(&heads_off, &b);
        int c = lg->comp[k << 1];
        if (c == none) continue;  /* cannot happen: a tail starts a strong link */
        comps_any[c >> 6] |= (uint64_t)1 << (c & 63);
        if (t < ncell) comps_cell[c >> 6] |= (uint64_t)1 << (c & 63);
        else comps_house[k % 9][c >> 6] |= (uint64_t)1 << (c & 63);
    }
    memset(live, 0, sizeof(uint8_t) * 3 * N_CANDS);
    for (int i = 0; i < N_CANDS; i++) {
        if (!sa_has(&lg->cands, i)) continue;
        int scoped = in_scope(lg, i);
        if (!sa_has(&heads_on, i) && !sa_has(&heads_off, i) && !scoped) continue;
        int chains = 0;
        if (sa_has(&heads_off, i)) {
            lg_on_reach(lg, i, &a, &b);
            if (sa_has(&b, i) && sa_meets(&b, &tails)) chains = 2;
        }
        if (sa_has(&heads_on, i)) {
            lg_off_reach(lg, i, &a, &b);
            if (sa_has(&a, i) && sa_meets(&b, &tails)) chains |= 4;
        }
        if (scoped) {
            int c = lg->comp[(i << 1) | 1];
            int bit = (int)(comps_house[i % 9][c >> 6] >> (c & 63) & 1u);
            live[0][i] = (uint8_t)(chains | bit);
            live[1][i] = (uint8_t)(comps_cell[c >> 6] >> (c & 63) & 1u);
            live[2][i] = (uint8_t)(chains | (int)(comps_any[c >> 6] >> (c & 63) & 1u));
        } else {
            live[0][i] = live[2][i] = (uint8_t)chains;
        }
    }
    lg_parts(lg, possible);
    return 1;
}

/* on &= the on-reach of candidate i, off &= its off part */
static void meet_reach(const link_graph *lg, int i, set729 *on, set729 *off) {
    set729 a, b;
    lg_on_reach(lg, i, &a, &b);
    for (int k = 0; k < 12; k++) {
        on->w[k] &= a.w[k];
        off->w[k] &= b.w[k];
    }
}

static int any_of(const set729 *on, const set729 *off) {
    uint64_t m = 0;
    for (int k = 0; k < 12; k++) m |= on->w[k] | off->w[k];
    return m != 0;
}

int lg_may_reduce(const grid *g, const link_graph *lg, int cell) {
    set729 on, off;
    memset(&on, 0xff, sizeof on);
    memset(&off, 0xff, sizeof off);
    unsigned m = g->cand[cell];
    for (unsigned o = m; o; o &= o - 1) meet_reach(lg, cell * 9 + __builtin_ctz(o), &on, &off);
    if (any_of(&on, &off)) return 1;
    static const int kinds[3] = {2, 0, 1};  /* box, row, column */
    for (unsigned o = m; o; o &= o - 1) {
        int d = __builtin_ctz(o) + 1;
        for (int t = 0; t < 3; t++) {
            set81 places = s_and(g->pos[d], HOUSE_SET[CELL_HOUSE[cell][kinds[t]]]);
            if (!s_many(places) || s_first(places) != cell) continue;
            memset(&on, 0xff, sizeof on);
            memset(&off, 0xff, sizeof off);
            for (int c; (c = s_pop(&places)) >= 0;) meet_reach(lg, c * 9 + d - 1, &on, &off);
            if (any_of(&on, &off)) return 1;
        }
    }
    return 0;
}

/* lg_forcing_within without y links: the search keeps to the start's digit, its layers
 * are sets of cells, half as many (see lg_forcing_within) */
static int forcing_within_digit(const link_graph *lg, const grid *g, int skey, int depth) {
    int c0 = (skey >> 1) / 9, d = (skey >> 1) % 9 + 1, radius = depth - depth / 2;
    set81 on = S_EMPTY, off = S_EMPTY;
    if (skey & 1) s_add(&on, c0);
    else s_add(&off, c0);
    set81 seen_on = on, seen_off = off;
    for (int f = 0; f < radius; f++) {
        set81 next = S_EMPTY;
        if (s_any(on)) {  /* on nodes turn off the places of their digit they see */
            for (int c; (c = s_pop(&on)) >= 0;) next = s_or(next, PEER_SET[c]);
            off = s_andnot(s_and(next, g->pos[d]), seen_off);
            if (s_any(s_and(off, seen_on))) return 1;
            seen_off = s_or(seen_off, off);
        } else if (s_any(off)) {  /* off nodes turn on the other place of a house with two */
            for (int c; (c = s_pop(&off)) >= 0;) {
                int i = c * 9 + d - 1;
                for (int t = 0; t < lg->nstrong[i]; t++) {
                    int j = lg->strong[i][t] >> 1;
                    if (j % 9 == d - 1) s_add(&next, j / 9);
                }
            }
            on = s_andnot(next, seen_on);
            if (s_any(s_and(on, seen_off))) return 1;
            seen_on = s_or(seen_on, on);
        } else {
            return 0;
        }
    }
    return 0;
}

/* The links of a pass are their own contrapositive: on(i) -> off(j) (i and j see each other)
 * and off(i) -> on(j) (a strong link) hold both ways, so a path from a to b of n links is
 * one from b's opposite to a's of n links.  A chain from the start to its opposite of at
 * most ``depth`` links thus passes a node n with paths from the start to n and to n's
 * opposite of at most r = ceil(depth / 2) links each, together at most ``depth``.  The search
 * goes only r links deep and ends as soon as a node it draws has its opposite drawn before:
 * on and off nodes lie an even and an odd number of links from the start, so the opposite is
 * nearer, and the two distances add up to at most 2r - 1 <= depth.  An off node that starts no
 * strong link leads nowhere and is not drawn: a chain's length is odd, so at most 2r - 1, and
 * among its nodes at most r links from either end there are two, one of them an off node
 * inside the chain (which starts the strong link it goes on by).  An on node that sees the
 * start's opposite ends the search early. */
int lg_forcing_within(const link_graph *lg, const grid *g, int skey, int y, int depth) {
    if (!y) return forcing_within_digit(lg, g, skey, depth);
    int start = skey >> 1, radius = depth - depth / 2;
    set729 seen_on, seen_off;
    memset(&seen_on, 0, sizeof seen_on);
    memset(&seen_off, 0, sizeof seen_off);
    uint16_t on[N_CANDS], off[N_CANDS];
    int non = 0, noff = 0;
    if (skey & 1) {
        on[non++] = (uint16_t)start;
        sa_add(&seen_on, start);
    } else {
        off[noff++] = (uint16_t)start;
        sa_add(&seen_off, start);
    }
    for (int f = 0; f < radius; f++) {  /* the frontier lies f links from the start */
        if (non) {  /* on nodes turn off the candidates they see */
            for (int a = 0; a < non; a++) {
                int i = on[a];
                if ((skey & 1) && sa_has(&WEAK[i], start)) return 1;
                if (sa_has(&lg->starts, i)) {  /* its successors in the part: components drew them */
                    int key = (i << 1) | 1;
                    for (int t = 0; t < lg->nsucc[key]; t++) {
                        int j = lg->succ[key][t] >> 1;
                        if (sa_has(&seen_off, j)) continue;
                        if (sa_has(&seen_on, j)) return 1;
                        sa_add(&seen_off, j);
                        off[noff++] = (uint16_t)j;
                    }
                    continue;
                }
                for (int k = 0; k < 12; k++) {
                    uint64_t m = WEAK[i].w[k] & lg->cands.w[k] & lg->starts.w[k] & ~seen_off.w[k];
                    if (m & seen_on.w[k]) return 1;
                    seen_off.w[k] |= m;
                    for (; m; m &= m - 1) off[noff++] = (uint16_t)(k * 64 + __builtin_ctzll(m));
                }
            }
            non = 0;
        } else if (noff) {  /* off nodes turn on the other ends of their strong links */
            for (int a = 0; a < noff; a++) {
                int i = off[a];
                for (int t = 0; t < lg->nstrong[i]; t++) {
                    int j = lg->strong[i][t] >> 1;
                    if (sa_has(&seen_on, j)) continue;
                    if (sa_has(&seen_off, j)) return 1;
                    sa_add(&seen_on, j);
                    on[non++] = (uint16_t)j;
                }
            }
            noff = 0;
        } else {
            return 0;
        }
    }
    return 0;
}
