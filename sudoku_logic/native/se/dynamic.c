/* SE's Dynamic Forcing Chains and Nishio Forcing Chains without nesting: the first hint in
 * SE's order (twin of strategies/se/chaining.py's Chaining.first for the dynamic rules of
 * level 0: _cell_chains, _binary, _region_chains, _nishio_chains, _propagate, _dead_end).
 *
 * A propagation keeps its nodes in arrays in the order made: key, cause, and its parents
 * (the node it follows from, then, in a dynamic search, the off nodes that emptied its cell
 * or house: SE's hidden parents).  The working grid loses each off node's candidate once
 * its consequences are drawn.  A hint's complexity counts the distinct nodes its chains
 * need, walked back through every parent. */
#include <stdlib.h>

#include "se/chain_links.h"
#include "se/dynamic.h"
#include "se/forcing_chains_cycles.h"
#include "se/multiple.h"
#include "core/scratch.h"
#include "se/nested_rules.h"

#define DYN_NODES (N_KEYS + 2)
/* an on node has at most 9 parents, an off node 14 (a nested rule's) */
#define MAX_PARENTS (DYN_NODES * 12)
#define ADVANCED (-2) /* a node's cause: an elimination of a nested rule */

typedef struct {
    int n, nparents;
    uint16_t key[DYN_NODES];
    int8_t cause[DYN_NODES];
    int32_t first_parent[DYN_NODES + 1];
    int16_t parents[MAX_PARENTS];
    int16_t index_of[N_KEYS];  /* by key: its node in the on and off sets, or -1 */
    /* an elimination of a nested chaining rule: that hint's signature id and complexity
     * (-1 for other nodes) */
    int32_t nested_sig[DYN_NODES], nested_cplx[DYN_NODES];
    int absurd_on, absurd_off;  /* the candidate found both on and off: its two nodes, or -1 */
    int error;
} dprop;

static int add_node(dprop *p, int key, int cause, const int *parents, int nparents) {
    if (p->n >= DYN_NODES || p->nparents + nparents > MAX_PARENTS) { p->error = 1; return -1; }
    int q = p->n++;
    p->key[q] = (uint16_t)key;
    p->cause[q] = (int8_t)cause;
    p->first_parent[q] = p->nparents;
    for (int i = 0; i < nparents; i++) p->parents[p->nparents++] = (int16_t)parents[i];
    p->first_parent[q + 1] = p->nparents;
    p->nested_sig[q] = -1;
    p->nested_cplx[q] = 0;
    return q;
}

/* What a nested search asks its nesting rules with: its level, scratch for their hints
 * (the signatures are kept for the whole search: nodes refer to them), and the records and
 * buffers its searches reuse. */
typedef struct {
    int level;
    adv_list *adv;
    sig_table sigs;
    nhint_list list;
    sx_pool *pool;
    chain_scratch *chains;
} nesting;

static int dynamic_nested(const grid *w, const grid *src, int level, sig_table *sigs, nhint_list *out,
                          sx_pool *pool, chain_scratch *chains);

/* _advanced: the eliminations the first of the nested rules of ``level`` that has any
 * finds on the working grid (``cand``, ``pos``) with a parent in the chain, made off nodes
 * (cause ADVANCED, their parents the chain's off nodes the rule relied on, and a chaining
 * rule's hint as their nested chain) and queued; returns how many were made, -1 on an
 * error.  The basic rules first; level 2 then asks Forcing Chains & Cycles, level 3 also
 * Multiple Forcing Chains; level 4 Dynamic Forcing Chains, level 5 also Dynamic Forcing
 * Chains (+ Forcing Chains). */
/* One nested hint's eliminations ``elims`` made off nodes of the chain and queued: those not
 * already off, each with the chain's off nodes of the keys ``parents`` as its parents and
 * the nested chain ``sig``, ``complexity`` (-1, 0 for a basic rule); returns how many were
 * made, -1 on an error. */
static int add_eliminations(dprop *p, const uint16_t *parents, int nparents, const uint16_t *elims, int nelims,
                            int sig, int complexity, int16_t *queue_off, int *off_tail) {
    int nodes[64], np = 0, made = 0;
    for (int j = 0; j < nparents; j++) {
        int r = p->index_of[parents[j]];
        if (r < 0 || np >= 64) return -1;
        nodes[np++] = r;
    }
    for (int j = 0; j < nelims; j++) {
        int key = elims[j];
        if (p->index_of[key] >= 0) continue;
        int q = add_node(p, key, ADVANCED, nodes, np);
        if (q < 0) return -1;
        p->index_of[key] = (int16_t)q;
        p->nested_sig[q] = sig;
        p->nested_cplx[q] = complexity;
        queue_off[(*off_tail)++] = (int16_t)q;
        made++;
    }
    return made;
}

static int advanced(const grid *g, const uint16_t *cand, const set81 *pos, nesting *nc, dprop *p,
                    int16_t *queue_off, int *off_tail) {
    adv_list *adv = nc->adv;
    int nh = se_basic_advanced(g, cand, pos, adv);
    if (nh < 0) return -1;
    int made = 0;
    for (int i = 0; i < nh; i++) {
        int p0 = i ? adv->parent_end[i - 1] : 0, e0 = i ? adv->elim_end[i - 1] : 0;
        int m = add_eliminations(p, adv->parent + p0, adv->parent_end[i] - p0, adv->elim + e0, adv->elim_end[i] - e0,
                                 -1, 0, queue_off, off_tail);
        if (m < 0) return -1;
        made += m;
    }
    if (nh || nc->level < 2) return made;
    grid w = *g;
    memcpy(w.cand, cand, sizeof w.cand);
    memcpy(w.pos, pos, sizeof w.pos);
    nhint_list *list = &nc->list;
    for (int rule = 0; rule < 2; rule++) {
        int n;
        if (nc->level < 4) {
            if (rule == 0) n = se_forcing_chains_cycles_nested(&w, g, &nc->sigs, list, nc->chains);
            else if (nc->level >= 3) n = se_multiple_forcing_chains_nested(&w, g, &nc->sigs, list);
            else break;
        } else {
            if (rule == 0) n = dynamic_nested(&w, g, 0, &nc->sigs, list, nc->pool, nc->chains);
            else if (nc->level >= 5) n = dynamic_nested(&w, g, 2, &nc->sigs, list, nc->pool, nc->chains);
            else break;
        }
        if (n < 0) return -1;
        if (!n) continue;
        for (int i = 0; i < n; i++) {
            const nhint *h = &list->h[i];
            int m = add_eliminations(p, list->keys + h->par0, h->npar, list->keys + h->elim0, h->nelim, h->sig,
                                     h->complexity, queue_off, off_tail);
            if (m < 0) return -1;
            made += m;
        }
        return made;
    }
    return 0;
}

/* _propagate from ``start`` (a key, on or off) on ``g``; ``y``: cell links (not Nishio).
 * On nodes are drawn before off nodes, first come first served; with nesting (``level``
 * > 0) the nested rules are asked whenever nothing is left to draw.  Stops at the first
 * candidate found both on and off (``absurd_on``, ``absurd_off``). */
static void propagate(const grid *g, int start, int y, nesting *nc, dprop *p) {
    uint16_t cand[81];
    set81 pos[10];
    memcpy(cand, g->cand, sizeof cand);
    memcpy(pos, g->pos, sizeof pos);
    int16_t queue_on[DYN_NODES], queue_off[DYN_NODES];
    int on_head = 0, on_tail = 0, off_head = 0, off_tail = 0;
    for (int k = 0; k < N_KEYS; k++) p->index_of[k] = -1;
    p->n = p->nparents = 0;
    p->absurd_on = p->absurd_off = -1;
    p->error = 0;
    p->first_parent[0] = 0;
    int root = add_node(p, start, 0, NULL, 0);
    p->index_of[start] = (int16_t)root;
    if (start & 1) queue_on[on_tail++] = (int16_t)root;
    else queue_off[off_tail++] = (int16_t)root;
    static const int kinds[3] = {2, 0, 1};  /* box, row, column */
    for (;;) {
        if (on_head == on_tail && off_head == off_tail) {
            if (!nc) return;
            int made = advanced(g, cand, pos, nc, p, queue_off, &off_tail);
            if (made < 0) { p->error = 1; return; }
            if (!made) return;
        }
        if (on_head < on_tail) {
            int e = queue_on[on_head++];
            int cell = (p->key[e] >> 1) / 9, d = (p->key[e] >> 1) % 9 + 1;
            if (y) {
                for (unsigned m = cand[cell] & ~(1u << (d - 1)); m; m &= m - 1) {
                    int v = m_first(m);
                    int key = (cell * 9 + v - 1) << 1;
                    int conj = p->index_of[key | 1];
                    if (conj >= 0 || p->index_of[key] < 0) {
                        int q = add_node(p, key, NAKED, &e, 1);
                        if (q < 0) return;
                        if (conj >= 0) { p->absurd_on = conj; p->absurd_off = q; return; }
                        p->index_of[key] = (int16_t)q;
                        queue_off[off_tail++] = (int16_t)q;
                    }
                }
            }
            set81 done = S_EMPTY;
            s_add(&done, cell);
            for (int t = 0; t < 3; t++) {
                int h = CELL_HOUSE[cell][kinds[t]];
                set81 left = s_andnot(s_and(pos[d], HOUSE_SET[h]), done);
                done = s_or(done, HOUSE_SET[h]);
                for (int c; (c = s_pop(&left)) >= 0;) {
                    int key = (c * 9 + d - 1) << 1;
                    int conj = p->index_of[key | 1];
                    if (conj >= 0 || p->index_of[key] < 0) {
                        int q = add_node(p, key, h, &e, 1);
                        if (q < 0) return;
                        if (conj >= 0) { p->absurd_on = conj; p->absurd_off = q; return; }
                        p->index_of[key] = (int16_t)q;
                        queue_off[off_tail++] = (int16_t)q;
                    }
                }
            }
        } else {
            int e = queue_off[off_head++];
            int cell = (p->key[e] >> 1) / 9, d = (p->key[e] >> 1) % 9 + 1;
            unsigned bit = 1u << (d - 1);
            int parents[12];
            if (y && m_count(cand[cell]) == 2) {
                int v = m_first(cand[cell] & ~bit);
                int key = ((cell * 9 + v - 1) << 1) | 1;
                int conj = p->index_of[key ^ 1];
                if (conj >= 0 || p->index_of[key] < 0) {
                    int np = 0;
                    parents[np++] = e;
                    for (unsigned w = g->cand[cell] & ~cand[cell]; w; w &= w - 1) {
                        int r = p->index_of[(cell * 9 + m_first(w) - 1) << 1];
                        if (r < 0) { p->error = 1; return; }
                        parents[np++] = r;
                    }
                    int q = add_node(p, key, NAKED, parents, np);
                    if (q < 0) return;
                    if (conj >= 0) { p->absurd_on = q; p->absurd_off = conj; return; }
                    p->index_of[key] = (int16_t)q;
                    queue_on[on_tail++] = (int16_t)q;
                }
            }
            for (int t = 0; t < 3; t++) {
                int h = CELL_HOUSE[cell][kinds[t]];
                set81 r2 = s_and(pos[d], HOUSE_SET[h]);
                if (!s_two(r2)) continue;
                s_del(&r2, cell);
                int other = s_first(r2);
                int key = ((other * 9 + d - 1) << 1) | 1;
                int conj = p->index_of[key ^ 1];
                if (conj < 0 && p->index_of[key] >= 0) continue;
                int np = 0;
                parents[np++] = e;
                set81 gone = s_andnot(s_and(g->pos[d], HOUSE_SET[h]), pos[d]);
                for (int c; (c = s_pop(&gone)) >= 0;) {
                    int r = p->index_of[(c * 9 + d - 1) << 1];
                    if (r < 0 || np >= 12) { p->error = 1; return; }
                    parents[np++] = r;
                }
                int q = add_node(p, key, h, parents, np);
                if (q < 0) return;
                if (conj >= 0) { p->absurd_on = q; p->absurd_off = conj; return; }
                p->index_of[key] = (int16_t)q;
                queue_on[on_tail++] = (int16_t)q;
            }
            cand[cell] &= (uint16_t)~bit;
            s_del(&pos[d], cell);
        }
    }
}

/* ``node`` and its ancestors through every parent, each once, breadth first (as SE's
 * getChain lists them) into ``order``; returns their count, SE's ancestor count */
static int breadth_first(const dprop *p, int node, int16_t *order) {
    uint64_t seen[(DYN_NODES + 63) / 64];
    memset(seen, 0, sizeof seen);
    int head = 0, tail = 0;
    order[tail++] = (int16_t)node;
    seen[node >> 6] |= (uint64_t)1 << (node & 63);
    while (head < tail) {
        int e = order[head++];
        for (int j = p->first_parent[e]; j < p->first_parent[e + 1]; j++) {
            int q = p->parents[j];
            if (!(seen[q >> 6] >> (q & 63) & 1)) {
                seen[q >> 6] |= (uint64_t)1 << (q & 63);
                order[tail++] = (int16_t)q;
            }
        }
    }
    return tail;
}

typedef struct {
    const grid *g;
    int nishio, level;
    nesting *nc;        /* with nesting: what the nested rules need */
    dprop *memo[N_CANDS];   /* by candidate: its propagation on, once made */
    dprop *off;         /* the current candidate's propagation off */
    int error;
    hint_sink sink;
    sx_pool *pool;
} dyn_search;

/* SE's complexity of a hint whose chains end at ``nodes[i]`` of ``props[i]``: each chain's
 * distinct nodes, plus, with nesting of chaining rules, the complexity of each distinct
 * nested chain (by signature; the first met, breadth first, target by target). */
static int hint_complexity(dyn_search *s, dprop *const *props, const int *nodes, int n) {
    int c = 0, nested = s->nc && s->level >= 2;
    int met[256], nmet = 0;
    int16_t order[DYN_NODES];
    for (int i = 0; i < n; i++) {
        const dprop *p = props[i];
        int count = breadth_first(p, nodes[i], order);
        c += count;
        for (int k = 0; nested && k < count; k++) {
            int e = order[k], sig = p->nested_sig[e];
            if (sig < 0) continue;
            int known = 0;
            for (int m = 0; m < nmet && !known; m++) known = met[m] == sig;
            if (known) continue;
            if (nmet >= 256) { s->error = 1; return c; }
            met[nmet++] = sig;
            c += p->nested_cplx[e];
        }
    }
    return c;
}

/* A hint of a nested search added to the list: its eliminations, complexity, signature
 * (each target's key and its ancestors' keys, breadth first) and rule parents (the on
 * nodes' of every chain; a chain's start relies on the source cell for a cell reduction,
 * on the house ``where`` for a region reduction, on nothing otherwise). */
static void collect(dyn_search *s, int kind, int where, int target, int off, int complexity,
                    dprop *const *props, const int *nodes, int n) {
    uint16_t elims[9];
    int ne = conclusion_removals(s->g, (target >> 1) / 9, (target >> 1) % 9 + 1, off, elims);
    int root_cause = kind == HINT_CELL ? NAKED : kind == HINT_REGION ? where : ADVANCED;  /* ADVANCED: none */
    s->sink.seq.n = s->sink.par.n = 0;
    nh_keyset seen_par;
    memset(&seen_par, 0, sizeof seen_par);
    int16_t order[DYN_NODES];
    for (int t = 0; t < n; t++) {
        const dprop *p = props[t];
        int count = breadth_first(p, nodes[t], order);
        ks_push(&s->sink.seq, p->key[nodes[t]]);
        ks_push(&s->sink.seq, count);
        for (int k = 0; k < count; k++) {
            int e = order[k], key = p->key[e];
            ks_push(&s->sink.seq, key);
            if (key & 1) {
                int cause = e == 0 ? root_cause : p->cause[e];
                if (cause != ADVANCED) rule_parents_of(s->sink.src, s->g, key, cause, &seen_par, &s->sink.par);
            }
        }
    }
    hint_sink *k = &s->sink;
    double diff = chain_difficulty(se_base(T_DYN_CONTRADICTION + 4 * s->level), complexity);
    if (nh_add_chain(k->list, k->sigs, &k->seq, &k->par, diff, complexity, kind, elims, ne) < 0)
        s->error = 1;
}

/* Offer a hint whose chains end at ``nodes[i]`` of ``props[i]``: ``target``'s candidate goes
 * (``off``) or its cell's others go; ``placement`` a key placed, or -1; ``mark``, the key
 * whose cell the chains end in.  args: kind, source cell (or house), digit, the source's key
 * (-1 for a reduction), the key the chains end in, complexity. */
static void offer(dyn_search *s, int kind, int where, int digit, int source, int target, int off, int placement,
                  int mark, dprop *const *props, const int *nodes, int n) {
    const grid *g = s->g;
    int cell = (target >> 1) / 9, d = (target >> 1) % 9 + 1;
    unsigned others = g->cand[cell] & ~(1u << (d - 1));
    if (!off && !others) return;
    int complexity = hint_complexity(s, props, nodes, n);
    if (s->sink.list) {
        collect(s, kind, where, target, off, complexity, props, nodes, n);
        return;
    }
    double diff = chain_difficulty(se_base(s->nishio ? T_NISHIO : T_DYN_CONTRADICTION + 4 * s->level), complexity);
    if (!hint_before(&s->sink.best, diff, complexity, kind)) return;
    se_hint *out = s->sink.out;
    hint_begin(out, s->nishio ? T_NISHIO : 4 * s->level + (kind == HINT_DOUBLE ? T_DYN_DOUBLE : kind == HINT_CELL ? T_DYN_CELL
                    : kind == HINT_REGION ? T_DYN_REGION : T_DYN_CONTRADICTION));
    if (off) hint_elim(out, cell, d);
    else for (unsigned o = others; o; o &= o - 1) hint_elim(out, cell, m_first(o));
    if (placement >= 0) hint_place(out, (placement >> 1) / 9, (placement >> 1) % 9 + 1);
    hint_args(out, kind, where, digit, source + 1, mark, complexity);
    out->npath = 0;
    best_key_set(&s->sink.best, diff, complexity, kind);
}

/* offer() of a binary hint: its chains end at ``a`` in ``pa`` and ``b`` in ``pb`` */
static void offer_pair(dyn_search *s, int kind, int where, int digit, int source, int target, int off, int placement,
                       int mark, dprop *pa, int a, dprop *pb, int b) {
    dprop *props[2] = {pa, pb};
    int nodes[2] = {a, b};
    offer(s, kind, where, digit, source, target, off, placement, mark, props, nodes, 2);
}

static dprop *on_chaining(dyn_search *s, int cell, int d) {
    int i = cell * 9 + d - 1;
    if (!s->memo[i]) {
        s->memo[i] = sx_pool_get(s->pool);
        if (!s->memo[i]) { s->error = 1; return NULL; }
        propagate(s->g, (i << 1) | 1, !s->nishio, s->nc, s->memo[i]);
        if (s->memo[i]->error) s->error = 1;
    }
    return s->memo[i];
}

/* _dead_end: nothing follows from the candidate off alone */
static int dead_end(const dyn_search *s, int cell, int d) {
    const grid *g = s->g;
    if (s->level || (!s->nishio && m_count(g->cand[cell]) == 2)) return 0;
    for (int t = 0; t < 3; t++) {
        if (s_two(s_and(g->pos[d], HOUSE_SET[CELL_HOUSE[cell][t]]))) return 0;
    }
    return 1;
}

/* the off propagation of (cell, d) into s->off, or just its start where nothing follows */
static dprop *off_chaining(dyn_search *s, int cell, int d) {
    dprop *p = s->off;
    int key = (cell * 9 + d - 1) << 1;
    if (dead_end(s, cell, d)) {
        for (int k = 0; k < N_KEYS; k++) p->index_of[k] = -1;
        p->n = p->nparents = 0;
        p->absurd_on = p->absurd_off = -1;
        p->error = 0;
        p->first_parent[0] = 0;
        p->index_of[key] = (int16_t)add_node(p, key, 0, NULL, 0);
    } else {
        propagate(s->g, key, !s->nishio, s->nc, p);
        if (p->error) s->error = 1;
    }
    return p;
}

/* keys of props[0] (on or off ones) found in every one of ``props``, offered as reductions */
static void reductions(dyn_search *s, int kind, int where, int digit, dprop *const *props, int n, int on) {
    const dprop *first = props[0];
    for (int i = 0; i < first->n; i++) {
        int key = first->key[i];
        if ((key & 1) != on || first->index_of[key] != i) continue;  /* a contradiction's node is no member */
        int nodes[9], everywhere = 1;
        for (int j = 0; j < n && everywhere; j++) {
            nodes[j] = props[j]->index_of[key];
            if (nodes[j] < 0) everywhere = 0;
        }
        if (everywhere) offer(s, kind, where, digit, -1, key, !on, on ? key : -1, key, props, nodes, n);
    }
}

/* region_chains' two ends for this search: its propagations, its region reductions */
static void *memo_on(void *s, int cell, int d) { return on_chaining(s, cell, d); }
static void region_reductions(void *s, int h, int d, void *const *chains, int n, int on) {
    dprop *props[9];
    for (int i = 0; i < n; i++) props[i] = chains[i];
    reductions(s, HINT_REGION, h, d, props, n, on);
}

/* _cell_chains of a dynamic rule (not Nishio): each candidate on and off, contradictions
 * and double implications, its region reductions; then the cell's reductions. */
static void cell_chains(dyn_search *s, int cell) {
    const grid *g = s->g;
    int n = m_count(g->cand[cell]);
    dprop *props[9];
    int np = 0;
    for (unsigned dm = g->cand[cell]; dm && !s->error; dm &= dm - 1) {
        int d = m_first(dm);
        int on_key = ((cell * 9 + d - 1) << 1) | 1, off_key = on_key ^ 1;
        dprop *on = on_chaining(s, cell, d);
        if (!on) return;
        props[np++] = on;
        if (on->absurd_on >= 0) {
            offer_pair(s, HINT_CONTRADICTION, cell, d, on_key, on_key, 1, -1, on->key[on->absurd_on],
                       on, on->absurd_on, on, on->absurd_off);
        }
        dprop *off = off_chaining(s, cell, d);
        if (s->error) return;
        if (off->absurd_on >= 0) {
            offer_pair(s, HINT_CONTRADICTION, cell, d, off_key, off_key, 0, on_key, off->key[off->absurd_on],
                       off, off->absurd_on, off, off->absurd_off);
        }
        if (n >= 3) {
            for (int i = 0; i < on->n; i++) {
                int key = on->key[i];
                if (!(key & 1) || on->index_of[key] != i) continue;
                int q = off->index_of[key];
                if (q >= 0) offer_pair(s, HINT_DOUBLE, cell, d, on_key, key, 0, key, key, on, i, off, q);
            }
            for (int i = 0; i < on->n; i++) {
                int key = on->key[i];
                if ((key & 1) || on->index_of[key] != i) continue;
                int q = off->index_of[key];
                if (q >= 0) offer_pair(s, HINT_DOUBLE, cell, d, off_key, key, 1, -1, key, on, i, off, q);
            }
        }
        region_chains(g, cell, d, s, memo_on, region_reductions);
    }
    if (s->error) return;
    reductions(s, HINT_CELL, cell, 0, props, np, 1);
    reductions(s, HINT_CELL, cell, 0, props, np, 0);
}

/* _nishio_chains: each candidate on, then off, ruled out by a contradiction */
static void nishio_chains(dyn_search *s, int cell) {
    for (unsigned dm = s->g->cand[cell]; dm && !s->error; dm &= dm - 1) {
        int d = m_first(dm);
        int on_key = ((cell * 9 + d - 1) << 1) | 1, off_key = on_key ^ 1;
        dprop *p = s->off;
        propagate(s->g, on_key, 0, NULL, p);
        if (p->error) { s->error = 1; return; }
        if (p->absurd_on >= 0)
            offer_pair(s, HINT_CONTRADICTION, cell, d, on_key, on_key, 1, -1, p->key[p->absurd_on],
                       p, p->absurd_on, p, p->absurd_off);
        if (dead_end(s, cell, d)) continue;
        propagate(s->g, off_key, 0, NULL, p);
        if (p->error) { s->error = 1; return; }
        if (p->absurd_on >= 0)
            offer_pair(s, HINT_CONTRADICTION, cell, d, off_key, off_key, 0, on_key, p->key[p->absurd_on],
                       p, p->absurd_on, p, p->absurd_off);
    }
}

static int dynamic_search(const grid *g, int nishio, int level, se_hint *out, const grid *src,
                          sig_table *sigs, nhint_list *list, sx_pool *pool, chain_scratch *chains) {
    dyn_search *s = sx_calloc(sizeof(dyn_search));
    if (!s) return -1;
    s->pool = pool;
    s->g = g;
    s->nishio = nishio;
    s->level = level;
    s->sink.out = out;
    s->sink.src = src;
    s->sink.sigs = sigs;
    s->sink.list = list;
    s->off = sx_pool_get(pool);
    nesting nc = {level, NULL, {0}, {0}, pool, chains};
    sig_init(&nc.sigs);
    nh_init(&nc.list);
    if (level) {
        nc.adv = sx_alloc(sizeof(adv_list));
        s->nc = &nc;
    }
    if (!s->off || (level && !nc.adv)) { sx_pool_put(pool, s->off); sx_free(nc.adv); sx_free(s); return -1; }
    for (int cell = 0; cell < 81 && !s->error; cell++) {
        if (g->value[cell] || m_count(g->cand[cell]) < 2) continue;
        if (nishio) nishio_chains(s, cell);
        else cell_chains(s, cell);
    }
    int result = s->error ? -1 : s->sink.best.found;
    if (list && !s->error) {
        nh_finish(list);
        result = list->error ? -1 : list->n;
    }
    for (int i = 0; i < N_CANDS; i++) sx_pool_put(pool, s->memo[i]);
    ks_free(&s->sink.seq);
    ks_free(&s->sink.par);
    sx_pool_put(pool, s->off);
    sx_free(nc.adv);
    sig_free(&nc.sigs);
    nh_free(&nc.list);
    sx_free(s);
    return result;
}

/* From every cell with two or more candidates, cell by cell; ``level``: SE's nesting (0 none;
 * 1 the basic rules asked when a chain stalls, 2-5 then chaining rules, see advanced); args:
 * kind (1 double, 5 cell, 6 region, 7 contradiction), source cell (a house for a region),
 * digit, the source's key (-1 for reductions), the target key, complexity. */
static int top_search(const grid *g, int nishio, int level, se_hint *out) {
    sx_pool pool = {NULL, 0, 0, sizeof(dprop)};
    chain_scratch *chains = level >= 2 ? chain_scratch_new() : NULL;
    int result = level >= 2 && !chains ? -1 : dynamic_search(g, nishio, level, out, NULL, NULL, NULL, &pool, chains);
    chain_scratch_free(chains);
    sx_pool_release(&pool);
    return result;
}

int se_dynamic_forcing_chains(const grid *g, int level, se_hint *out) { return top_search(g, 0, level, out); }
int se_nishio_forcing_chains(const grid *g, se_hint *out) { return top_search(g, 1, 0, out); }

/* Chaining.parented_hints of Dynamic Forcing Chains of ``level`` (0, or 2 inside level 5)
 * on a nesting chain's working grid ``w``: every hint, sorted, equal eliminations kept
 * once, those with rule parents against ``src`` into ``out``; returns their count. */
static int dynamic_nested(const grid *w, const grid *src, int level, sig_table *sigs, nhint_list *out,
                          sx_pool *pool, chain_scratch *chains) {
    out->n = out->nkeys = 0;
    return dynamic_search(w, 0, level, NULL, src, sigs, out, pool, chains);
}
