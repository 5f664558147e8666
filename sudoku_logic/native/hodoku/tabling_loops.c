/* Nice loops and AICs (twin of strategies/hodoku/tabling_loops.py: nice_loops, loop_chain,
 * _loop_targets, _check_loop, _continuous_elims, _check_aics, _keep, _loop_cmp).
 *
 * Python sorts every loop and AIC found by HoDoKu's comparator (_loop_cmp) and the slot
 * takes the first: here only the best are kept as they are found (loops of all premises,
 * then the AICs): most eliminations, then the lowest index sum (the top group, each chain
 * of it before every other).  Within the top group _loop_cmp orders only chains of one
 * kind and eliminations (the shorter first) and calls the others equal: with one such key
 * the first is its shortest chain, with several keys of one chain each the first found.
 * With several keys one of which has two chains the comparator is not transitive and the
 * first is what Python's sort makes of the whole list: the engine leaves it to Python. */
#include "hodoku/tabling_loops.h"

#include <stdlib.h>

#include "hodoku/tabling.h"

enum { CONTINUOUS, DISCONTINUOUS, AIC };

/* the distinct keys (kind, grouped, eliminations) of the top group followed */
#define TOP_KEYS 8

typedef struct {
    int kind, grouped, length, count; /* its shortest chain, how many chains _keep kept */
} top_key;

typedef struct {
    int found, nelim, nkeys, overflow;
    long isum;
    uint8_t elim[N_CANDS][2]; /* the group's first key's (cell, digit), digit then cell order */
    top_key keys[TOP_KEYS];
    uint8_t key_elims[TOP_KEYS][N_CANDS][2];
} best_loop;

/* a chain's eliminations: a mark per candidate, then listed digit then cell */
typedef struct {
    uint8_t mark[81][10];
    int n;
    uint8_t elim[N_CANDS][2];
} elims;

static void e_clear(elims *e) {
    memset(e->mark, 0, sizeof e->mark);
    e->n = 0;
}
static void e_add(elims *e, int c, int d) { e->mark[c][d] = 1; }
static void e_list(elims *e) {
    e->n = 0;
    for (int d = 1; d <= 9; d++) {
        for (int c = 0; c < 81; c++) {
            if (e->mark[c][d] && e->n < N_CANDS) {
                e->elim[e->n][0] = (uint8_t)c;
                e->elim[e->n][1] = (uint8_t)d;
                e->n++;
            }
        }
    }
}

static long e_isum(const elims *e) {
    long total = 0, weight = 1;
    for (int i = 0; i < e->n; i++) {
        total += (long)e->elim[i][0] * weight + e->elim[i][1];
        weight += 80;
    }
    return total;
}

/* HoDoKu's checks on a chain (loop_chain): 0 where it must be dropped */
static int loop_chain(const tb_graph *t, const uint16_t *path, int len, int nice_loop, int aic) {
    if (len < 2) return 0;
    if (nice_loop && tb_cell(t, path[len - 1]) == tb_cell(t, path[len - 2])) return 0;
    set81 lasso = S_EMPTY;
    int last_cell = -1, last_node = -1, first_cell = tb_cell(t, path[0]);
    for (int i = 0; i < len; i++) {
        int n = path[i], c = tb_cell(t, n);
        if (s_has(lasso, c)) return 0;
        if (last_cell != -1 && (last_cell != first_cell || aic)) lasso = s_or(lasso, tb_cells(t, last_node));
        last_cell = c;
        last_node = n;
    }
    return 1;
}

/* keep ``e`` (a chain of ``kind``) if it is in the top group so far (_loop_cmp, _keep) */
static void keep(best_loop *b, int kind, int grouped, elims *e, int length) {
    e_list(e);
    if (!e->n) return;
    long isum = e_isum(e);
    if (b->found && (e->n < b->nelim || (e->n == b->nelim && isum > b->isum))) return;
    if (!b->found || e->n > b->nelim || isum < b->isum) {
        b->found = 1;
        b->nelim = e->n;
        b->isum = isum;
        b->nkeys = 0;
        b->overflow = 0;
        memcpy(b->elim, e->elim, (size_t)e->n * 2);
    }
    size_t bytes = (size_t)e->n * 2;
    for (int k = 0; k < b->nkeys; k++) {
        top_key *key = &b->keys[k];
        if (key->kind == kind && key->grouped == grouped && !memcmp(b->key_elims[k], e->elim, bytes)) {
            if (length < key->length) { /* _keep: a shorter chain of a key is kept too */
                key->length = length;
                key->count++;
            }
            return;
        }
    }
    if (b->nkeys >= TOP_KEYS) {
        b->overflow = 1;
        return;
    }
    top_key *key = &b->keys[b->nkeys];
    key->kind = kind;
    key->grouped = grouped;
    key->length = length;
    key->count = 1;
    memcpy(b->key_elims[b->nkeys], e->elim, bytes);
    b->nkeys++;
}

/* whether Python's sort of the top group is beyond a rule (see the top of the file) */
static int ambiguous(const best_loop *b, int more_keys) {
    if (b->overflow) return 1;
    int keys = b->nkeys + more_keys, dup = 0;
    for (int k = 0; k < b->nkeys; k++) dup |= b->keys[k].count > 1;
    return keys > 1 && dup;
}

static int path_grouped(const uint16_t *path, int len) {
    for (int i = 0; i < len; i++) {
        if (path[i] >= TB_NORMAL) return 1;
    }
    return 0;
}

/* the eliminations of a continuous nice loop (_continuous_elims) */
static void continuous_elims(const tb_graph *t, const uint16_t *nl, int len, int first_strong, int last_strong,
                             int sc, int ec, elims *out) {
    const grid *g = t->g;
    int end = len - 1, si = tb_cell(t, nl[0]);
    set81 chain_cells = S_EMPTY;
    for (int i = 0; i < end; i++) chain_cells = s_or(chain_cells, tb_cells(t, nl[i]));
    for (int i = 0; i <= end; i++) {
        int ni = nl[i];
        if ((i == 0 && first_strong && last_strong) ||
            (i > 0 && tb_on(ni) && i <= end - 2 && tb_cell(t, nl[i - 1]) != tb_cell(t, ni))) {
            if (i == 0 || (!tb_on(nl[i + 1]) && tb_cell(t, ni) == tb_cell(t, nl[i + 1]) && tb_on(nl[i + 2]) &&
                           tb_cell(t, nl[i + 1]) != tb_cell(t, nl[i + 2]))) {
                int c1 = i == 0 ? sc : tb_digit(t, ni), c2 = i == 0 ? ec : tb_digit(t, nl[i + 2]);
                int ci = tb_cell(t, ni);
                for (int x = 1; x <= 9; x++) {
                    if ((g->cand[ci] >> (x - 1) & 1) && x != c1 && x != c2) e_add(out, ci, x);
                }
            }
        }
        if (i > 0 && !tb_on(ni) && tb_cell(t, nl[i - 1]) != tb_cell(t, ni)) {
            int d = tb_digit(t, ni);
            set81 see = s_and(s_and(tb_buddies(t, nl[i - 1]), tb_buddies(t, ni)), g->pos[d]);
            see = s_andnot(see, chain_cells);
            s_del(&see, si);
            for (int x; (x = s_pop(&see)) >= 0;) e_add(out, x, d);
        }
    }
}

/* HoDoKu's checkNiceLoop: the chain from the premise back to its cell at ``n`` */
static void check_loop(const tb_graph *t, int n, uint16_t *path, best_loop *b, elims *e) {
    int len = tb_path(t, n, path, TB_MAX_ENTRIES);
    if (!loop_chain(t, path, len, 1, 0) || tb_cell(t, path[0]) == tb_cell(t, path[1])) return;
    const grid *g = t->g;
    int p = path[0];
    int first_strong = !tb_on(p), last_strong = tb_on(n);
    int sc = tb_digit(t, p), ec = tb_digit(t, n), si = tb_cell(t, p);
    int kind = DISCONTINUOUS;
    e_clear(e);
    if (!first_strong && !last_strong && sc == ec) {
        e_add(e, si, sc);
    } else if (first_strong && last_strong && sc == ec) {
        for (int x = 1; x <= 9; x++) {
            if ((g->cand[si] >> (x - 1) & 1) && x != sc) e_add(e, si, x);
        }
    } else if (first_strong != last_strong && sc != ec) {
        e_add(e, si, !first_strong ? sc : ec);
    } else if ((!first_strong && !last_strong && m_count(g->cand[si]) == 2 && sc != ec) ||
               (first_strong && last_strong && sc != ec) || (first_strong != last_strong && sc == ec)) {
        kind = CONTINUOUS;
        continuous_elims(t, path, len, first_strong, last_strong, sc, ec, e);
    } else {
        return;
    }
    keep(b, kind, path_grouped(path, len), e, len);
}

/* HoDoKu's checkAics on an OFF premise's table, at hit ``n`` */
static void check_aic(const tb_graph *t, int p, int n, uint16_t *path, best_loop *b, elims *e) {
    const grid *g = t->g;
    if (n < TB_ON || n >= TB_NORMAL) return;
    int si = p % 81, sc = p / 81 + 1, ei = n % 81, ec = (n - TB_ON) / 81 + 1;
    if (ei == si) return;
    e_clear(e);
    if (sc == ec) {
        set81 see = s_and(s_and(PEER_SET[si], PEER_SET[ei]), g->pos[sc]);
        if (!s_many(see) || t->parent[n] == p) return;
        for (int x; (x = s_pop(&see)) >= 0;) e_add(e, x, sc);
    } else {
        if (!s_has(PEER_SET[si], ei)) return;
        if (!((g->cand[ei] >> (sc - 1) & 1) && (g->cand[si] >> (ec - 1) & 1))) return;
        if (t->parent[n] == p) return;
        e_add(e, si, ec);
        e_add(e, ei, sc);
    }
    int len = tb_path(t, n, path, TB_MAX_ENTRIES);
    if (!loop_chain(t, path, len, 0, 1)) return;
    keep(b, AIC, path_grouped(path, len), e, len);
}

/* whether ``n`` (in premise ``p``'s table) can end a nice loop or an AIC (_loop_targets) */
static int is_target(const grid *g, int p, int n) {
    if (n >= TB_NORMAL || n == p) return 0;
    int c = p % 81, x = n % 81;
    if (x == c) return 1;
    if (p >= TB_ON || n < TB_ON) return 0;
    int d = p / 81 + 1, e = (n - TB_ON) / 81 + 1;
    if (e == d) return s_many(s_and(s_and(PEER_SET[c], PEER_SET[x]), g->pos[d]));
    return (g->cand[c] >> (e - 1) & 1) && s_has(PEER_SET[c], x) && s_has(g->pos[d], x);
}

typedef struct {
    tb_graph graph;
    tb_closures close;
    best_loop loops, aics;
    elims e;
    uint16_t path[TB_MAX_ENTRIES];
    uint16_t hits[TB_MAX_ENTRIES];
    uint8_t direct[TB_MAX_NODES];
    uint8_t wanted[TB_MAX_NODES];
} loop_search;

int nice_loops(const grid *g, int grouped, hd_step *out) {
    loop_search *s = malloc(sizeof *s);
    if (!s) return -1;
    tb_graph *t = &s->graph;
    tb_build(t, g, grouped);
    s->loops.found = s->aics.found = 0;
    memset(s->direct, 0, sizeof s->direct);
    memset(s->wanted, 0, sizeof s->wanted);
    tb_close(t, &s->close);
    for (int is_on = 1; is_on >= 0; is_on--) {
        for (set81 e = g->empty; s_any(e);) {
            int c = s_pop(&e);
            for (int d = 1; d <= 9; d++) {
                if (!(g->cand[c] >> (d - 1) & 1)) continue;
                int p = (d - 1) * 81 + c + (is_on ? TB_ON : 0);
                if (!t->nlinks[p]) continue;
                /* the ends it reaches (_loop_targets): the table is expanded until it
                 * holds them all; a loop or AIC has more than one link: its end is no
                 * direct consequence */
                for (int k = 0; k < t->nlinks[p]; k++) s->direct[t->links[p][k]] = 1;
                const uint64_t *reach = tb_reach(&s->close, p);
                int nwanted = 0;
                for (int x = 0; x < (TB_NORMAL + 63) / 64; x++) {
                    for (uint64_t bits = reach[x]; bits; bits &= bits - 1) {
                        int n = x * 64 + __builtin_ctzll(bits);
                        if (n < TB_NORMAL && !s->direct[n] && is_target(g, p, n)) {
                            s->wanted[n] = 1;
                            nwanted++;
                        }
                    }
                }
                int nhits = 0;
                if (nwanted) {
                    tb_table_until(t, p, s->wanted, nwanted);
                    for (int j = 1; j < t->norder; j++) {
                        int n = t->order[j];
                        if (s->wanted[n]) s->hits[nhits++] = (uint16_t)n;
                    }
                    for (int x = 0; x < (TB_NORMAL + 63) / 64; x++) {
                        for (uint64_t bits = reach[x]; bits; bits &= bits - 1) s->wanted[x * 64 + __builtin_ctzll(bits)] = 0;
                    }
                }
                for (int k = 0; k < t->nlinks[p]; k++) s->direct[t->links[p][k]] = 0;
                for (int j = 0; j < nhits; j++) {
                    int n = s->hits[j];
                    if (n % 81 == c && t->parent[n] != p) check_loop(t, n, s->path, &s->loops, &s->e);
                }
                if (!is_on) {
                    for (int j = 0; j < nhits; j++) check_aic(t, p, s->hits[j], s->path, &s->aics, &s->e);
                }
            }
        }
    }
    /* the found list is the loops, then the AICs: the top group of both, the loops first */
    const best_loop *b = &s->loops, *a = &s->aics;
    int tie = a->found && b->found && a->nelim == b->nelim && a->isum == b->isum;
    if (a->found && (!b->found || a->nelim > b->nelim || (a->nelim == b->nelim && a->isum < b->isum))) {
        b = &s->aics;
        a = NULL;
    } else if (!tie) {
        a = NULL;
    }
    int found = b->found;
    if (t->overflow || (found && (ambiguous(b, a ? a->nkeys : 0) || (a && ambiguous(a, b->nkeys))))) found = -1;
    if (found > 0) {
        static const int KIND[3] = {H_CONTINUOUS_NICE_LOOP, H_DISCONTINUOUS_NICE_LOOP, H_AIC};
        const top_key *key = &b->keys[0];
        int base = KIND[key->kind];
        hd_begin(out, key->grouped ? base + 3 : base);
        out->scored_as = grouped ? base + 3 : base;
        out->size = key->length;
        /* the step's eliminations in (cell, digit) order */
        for (int c = 0; c < 81; c++) {
            for (int i = 0; i < b->nelim; i++) {
                if (b->elim[i][0] == c) hd_elim(out, c, b->elim[i][1]);
            }
        }
    }
    free(s);
    return found;
}
