/* SE's Multiple Forcing Chains: cell and region reductions over static chains, the first
 * hint in SE's order (twin of strategies/se/chaining.py's Chaining.first for the rule with
 * multiple and without dynamic chains: _cell_chains, _region_chains, _on_chaining,
 * _static_chaining, _cell_hint, _region_hint).
 *
 * A propagation from one candidate on keeps its nodes in arrays (key, parent index, cause)
 * in the order made, and each key's node index; a node is made once per key (SE's on and
 * off sets), the propagation stopping at the first candidate found both on and off.  Each
 * candidate's propagation is made once per search (a cell's reduction and the region
 * reductions of its houses share them). */
#include <stdlib.h>

#include "se/chain_links.h"
#include "se/multiple.h"
#include "core/scratch.h"
#include "se/link_graph.h"

#define PROP_NODES (N_KEYS + 1)

typedef struct {
    int n;
    uint16_t key[PROP_NODES];
    int16_t parent[PROP_NODES];
    int8_t cause[PROP_NODES];
    int16_t index_of[N_KEYS];  /* by key: its node, or -1 */
} prop;

/* _static_chaining from ``start`` (an on key): on nodes drawn before off nodes, first come
 * first served; stops at the first candidate found both on and off. */
static void propagate(const grid *g, int start, prop *p) {
    int16_t queue_on[PROP_NODES], queue_off[PROP_NODES];
    int on_head = 0, on_tail = 0, off_head = 0, off_tail = 0;
    for (int k = 0; k < N_KEYS; k++) p->index_of[k] = -1;
    p->n = 0;
    p->key[0] = (uint16_t)start;
    p->parent[0] = -1;
    p->cause[0] = 0;
    p->index_of[start] = 0;
    p->n = 1;
    queue_on[on_tail++] = 0;
    uint16_t lk[32];
    int8_t lc[32];
    while (on_head < on_tail || off_head < off_tail) {
        int e = on_head < on_tail ? queue_on[on_head++] : queue_off[off_head++];
        int n = chain_links(g, p->key[e], 1, 1, lk, lc);
        for (int i = 0; i < n; i++) {
            int key = lk[i];
            if (p->index_of[key ^ 1] >= 0) return;  /* a contradiction ends it */
            if (p->index_of[key] >= 0) continue;
            if (p->n >= PROP_NODES) return;  /* cannot happen: a node per key */
            int q = p->n++;
            p->key[q] = (uint16_t)key;
            p->parent[q] = (int16_t)e;
            p->cause[q] = lc[i];
            p->index_of[key] = (int16_t)q;
            if (key & 1) queue_on[on_tail++] = (int16_t)q;
            else queue_off[off_tail++] = (int16_t)q;
        }
    }
}

typedef struct {
    const grid *g;
    prop *memo[N_CANDS];  /* by candidate: its propagation on, once made */
    int error;
    hint_sink sink;
} multi_search;

static prop *on_chaining(multi_search *s, int cell, int d) {
    int i = cell * 9 + d - 1;
    if (!s->memo[i]) {
        s->memo[i] = sx_alloc(sizeof(prop));
        if (!s->memo[i]) { s->error = 1; return NULL; }
        propagate(s->g, ((i) << 1) | 1, s->memo[i]);
    }
    return s->memo[i];
}

static int path_length(const prop *p, int node) {
    int n = 0;
    for (; node >= 0; node = p->parent[node]) n++;
    return n;
}

/* A reduction to ``key`` from each of ``n`` propagations (its node in each): offered as
 * the best if it comes before it.  An on key places its digit (its cell's other candidates
 * go), an off key's candidate goes.  args: kind (5 cell, 6 region), source cell or house,
 * digit (region), complexity; path: each chain from its start, a chain's first node marked
 * with cause -2. */
static void collect(multi_search *s, int kind, int where, int digit, int key, prop *const *props, int n,
                    int complexity, unsigned others);

static void offer(multi_search *s, int kind, int where, int digit, int key, prop *const *props, int n) {
    const grid *g = s->g;
    int cell = (key >> 1) / 9, d = (key >> 1) % 9 + 1;
    unsigned others = g->cand[cell] & ~(1u << (d - 1));
    if ((key & 1) && !others) return;
    int complexity = 0;
    for (int i = 0; i < n; i++) complexity += path_length(props[i], props[i]->index_of[key]);
    if (s->sink.list) {
        collect(s, kind, where, digit, key, props, n, complexity, others);
        return;
    }
    double diff = chain_difficulty(se_base(T_CELL_FORCING), complexity);
    if (!hint_before(&s->sink.best, diff, complexity, kind)) return;
    se_hint *out = s->sink.out;
    hint_begin(out, kind == HINT_CELL ? T_CELL_FORCING : T_REGION_FORCING);
    if (key & 1) {
        hint_place(out, cell, d);
        for (unsigned o = others; o; o &= o - 1) hint_elim(out, cell, m_first(o));
    } else {
        hint_elim(out, cell, d);
    }
    hint_args(out, kind, where, digit, complexity);
    int k = 0;
    for (int i = 0; i < n; i++) {
        const prop *p = props[i];
        int len = path_length(p, p->index_of[key]);
        if (k + len > SE_MAX_PATH) { s->error = 1; return; }
        int j = k + len - 1;
        for (int node = p->index_of[key]; node >= 0; node = p->parent[node], j--) {
            out->path_key[j] = p->key[node];
            out->path_cause[j] = node == 0 ? -2 : p->cause[node];
        }
        k += len;
    }
    out->npath = k;
    best_key_set(&s->sink.best, diff, complexity, kind);
}

/* A reduction of a nested search added to the list with its signature (each chain's keys
 * from its end) and rule parents (each chain's on nodes'; a chain's start relies on the
 * source cell, NAKED, or on the house ``where`` of a region). */
static void collect(multi_search *s, int kind, int where, int digit, int key, prop *const *props, int n,
                    int complexity, unsigned others) {
    uint16_t elims[9];
    int ne = conclusion_removals(s->g, (key >> 1) / 9, (key >> 1) % 9 + 1, !(key & 1), elims);
    s->sink.seq.n = s->sink.par.n = 0;
    nh_keyset seen;
    memset(&seen, 0, sizeof seen);
    for (int i = 0; i < n; i++) {
        const prop *p = props[i];
        int node = p->index_of[key];
        ks_push(&s->sink.seq, key);
        ks_push(&s->sink.seq, path_length(p, node));
        for (int j = node; j >= 0; j = p->parent[j]) {
            int k = p->key[j];
            ks_push(&s->sink.seq, k);
            int cause = j == 0 ? (kind == HINT_CELL ? NAKED : where) : p->cause[j];
            if (k & 1) rule_parents_of(s->sink.src, s->g, k, cause, &seen, &s->sink.par);
        }
    }
    hint_sink *k = &s->sink;
    double diff = chain_difficulty(se_base(T_CELL_FORCING), complexity);
    if (nh_add_chain(k->list, k->sigs, &k->seq, &k->par, diff, complexity, kind, elims, ne) < 0)
        s->error = 1;
    (void)digit;
    (void)others;
}

/* the keys of ``first`` (on ones or off ones) found in every one of ``props``, in the order
 * ``first`` made them, offered as reductions */
static void reductions(multi_search *s, int kind, int where, int digit, prop *const *props, int n, int on) {
    const prop *first = props[0];
    for (int i = 0; i < first->n; i++) {
        int key = first->key[i];
        if ((key & 1) != on) continue;
        int everywhere = 1;
        for (int j = 1; j < n && everywhere; j++) everywhere = props[j]->index_of[key] >= 0;
        if (everywhere) offer(s, kind, where, digit, key, props, n);
    }
}

/* region_chains' two ends for this search: its propagations, its region reductions */
static void *memo_on(void *s, int cell, int d) { return on_chaining(s, cell, d); }
static void region_reductions(void *s, int h, int d, void *const *chains, int n, int on) {
    prop *props[9];
    for (int i = 0; i < n; i++) props[i] = chains[i];
    reductions(s, HINT_REGION, h, d, props, n, on);
}

/* From every cell with three or more candidates, cell by cell: each candidate's region
 * reductions, then the cell's reductions (on, then off). */
static int multiple_search(const grid *g, se_hint *out, const grid *src, sig_table *sigs, nhint_list *list) {
    multi_search *s = sx_calloc(sizeof(multi_search));
    if (!s) return -1;
    s->g = g;
    s->sink.out = out;
    s->sink.src = src;
    s->sink.sigs = sigs;
    s->sink.list = list;
    /* the graph of the grid's links tells which cells can have a reduction at all */
    link_graph *lg = sx_alloc(sizeof(link_graph));
    if (!lg) s->error = 1;
    else link_graph_build(g, lg);
    for (int cell = 0; cell < 81 && !s->error; cell++) {
        unsigned m = g->cand[cell];
        if (g->value[cell] || m_count(m) < 3 || !lg_may_reduce(g, lg, cell)) continue;
        prop *props[9];
        int n = 0;
        for (unsigned dm = m; dm && !s->error; dm &= dm - 1) {
            int d = m_first(dm);
            props[n] = on_chaining(s, cell, d);
            if (!props[n]) break;
            n++;
            region_chains(g, cell, d, s, memo_on, region_reductions);
        }
        if (s->error) break;
        reductions(s, HINT_CELL, cell, 0, props, n, 1);
        reductions(s, HINT_CELL, cell, 0, props, n, 0);
    }
    int result = s->error ? -1 : s->sink.best.found;
    if (list && !s->error) {
        nh_finish(list);
        result = list->error ? -1 : list->n;
    }
    for (int i = 0; i < N_CANDS; i++) sx_free(s->memo[i]);
    sx_free(lg);
    ks_free(&s->sink.seq);
    ks_free(&s->sink.par);
    sx_free(s);
    return result;
}

int se_multiple_forcing_chains(const grid *g, se_hint *out) { return multiple_search(g, out, NULL, NULL, NULL); }

int se_multiple_forcing_chains_nested(const grid *w, const grid *src, sig_table *sigs, nhint_list *out) {
    out->n = out->nkeys = 0;
    return multiple_search(w, NULL, src, sigs, out);
}
