/* SE's Forcing Chains & Cycles: bidirectional X-, Y- and XY-cycles and forcing (X-)chains,
 * the first hint in SE's order (twin of strategies/se/chaining.py's Chaining.first for
 * the rule without multiple or dynamic chains: _unary, _cycles, _forcing, _cycle_hint,
 * _forcing_hint, _unary_depths).
 *
 * A node is a candidate on or off: key (cell * 9 + d - 1) * 2 + on, as on the Python
 * side.  Searches keep their nodes in one array, each with the index of its parent (a
 * static chain has one), so a chain is walked back from its last node.  Nothing is
 * allocated per node. */
#include <stdlib.h>

#include "se/chain_links.h"
#include "se/forcing_chains_cycles.h"
#include "core/scratch.h"
#include "se/link_graph.h"

#define KEY_WORDS ((N_KEYS + 63) / 64)
/* nodes one search may make: at most 729 on nodes, each drawing at most 28 off nodes,
 * each of which closes at most one cycle */
#define MAX_NODES (N_CANDS + 2 * N_CANDS * CHAIN_MAX_LINKS + 16)

typedef struct {
    uint16_t key;
    int8_t cause;
    int32_t parent;  /* -1 for the start */
} cnode;

typedef struct { uint64_t w[KEY_WORDS]; } keyset;

static inline int ks_has(const keyset *s, int k) { return (int)(s->w[k >> 6] >> (k & 63) & 1u); }
static inline void ks_add(keyset *s, int k) { s->w[k >> 6] |= (uint64_t)1 << (k & 63); }

/* The links of every node for each pass, drawn when first asked (the grid does not change
 * during a search), and for each pass those a cycle can take (cycle_links_of). */
typedef struct {
    int8_t n[3][N_KEYS];  /* -1: not drawn yet */
    uint16_t key[3][N_KEYS][CHAIN_MAX_LINKS];
    int8_t cause[3][N_KEYS][CHAIN_MAX_LINKS];
    int8_t cn[3][N_KEYS];  /* -1: not drawn yet */
    uint16_t ckey[3][N_KEYS][CHAIN_MAX_LINKS];
    int8_t ccause[3][N_KEYS][CHAIN_MAX_LINKS];
} link_cache;

static void forget_links(link_cache *c) {
    memset(c->n, -1, sizeof c->n);
    memset(c->cn, -1, sizeof c->cn);
}

typedef struct {
    const grid *g;
    link_cache *links;
    cnode *nodes;     /* MAX_NODES */
    int *pend_a;      /* MAX_NODES: the pending nodes of one layer ... */
    int *pend_b;      /* ... and of the next */
    int count;
    int overflow;
} search;

/* chain_links of pass (y, x) from ``key``, from the cache: their count, the links in *lk and
 * *lc.  An on node's links do not depend on x, so passes Y and XY share them. */
static int links_of(search *s, int key, int y, int x, const uint16_t **lk, const int8_t **lc) {
    int pass = y ? (x && !(key & 1) ? 2 : 1) : 0;
    link_cache *c = s->links;
    if (c->n[pass][key] < 0) c->n[pass][key] = (int8_t)chain_links(s->g, key, y, x, c->key[pass][key], c->cause[pass][key]);
    *lk = c->key[pass][key];
    *lc = c->cause[pass][key];
    return c->n[pass][key];
}

static link_cache *new_link_cache(void) {
    link_cache *c = sx_alloc(sizeof(link_cache));
    if (c) forget_links(c);
    return c;
}

/* The strongly connected components of the links without x links (pass Y).  Every node
 * of a Y-cycle lies in a bivalue cell (an off node turns on only its cell's other
 * candidate), where on(c, a) and off(c, b) always share a component (each leads to the
 * other); so the graph is worked out on candidates of bivalue cells, (c, a) standing for
 * both, with an edge to (c', b') for every bivalue peer c' holding a (on(c, a), off(c', a),
 * on(c', b')). */
typedef struct {
    int16_t comp[N_KEYS];    /* node key -> component, -1 outside bivalue cells */
    uint8_t removes[N_CANDS];  /* by component: a cycle in it could remove a candidate */
    /* Tarjan's scratch, by candidate */
    int16_t index[N_CANDS], low[N_CANDS], stack[N_CANDS];
    int top, counter, ncomp;
} y_scope;

/* whether a cycle within the component of ``keys[0..n)`` (candidates of bivalue cells)
 * could remove a candidate: one seeing an on node and an off node of its digit */
static int y_removes(const grid *g, const int16_t *cands, int n) {
    set81 on[9], off[9];
    memset(on, 0, sizeof on);
    memset(off, 0, sizeof off);
    for (int k = 0; k < n; k++) {
        int cell = cands[k] / 9, a = cands[k] % 9, b = m_first(g->cand[cell] & ~(1u << a)) - 1;
        on[a] = s_or(on[a], PEER_SET[cell]);   /* on(cell, a) */
        off[b] = s_or(off[b], PEER_SET[cell]); /* off(cell, b) */
    }
    for (int v = 0; v < 9; v++) {
        if (s_any(s_and(g->pos[v + 1], s_and(on[v], off[v])))) return 1;
    }
    return 0;
}

/* Tarjan's visit of candidate ``i`` (of a bivalue cell) and what it leads to */
static void y_visit(const grid *g, y_scope *y, set81 bivalue, int i) {
    y->index[i] = y->low[i] = (int16_t)y->counter++;
    y->stack[y->top++] = (int16_t)i;
    int cell = i / 9, a = i % 9;
    set81 next = s_and(s_and(PEER_SET[cell], bivalue), g->pos[a + 1]);
    for (int c; (c = s_pop(&next)) >= 0;) {
        int j = c * 9 + m_first(g->cand[c] & ~(1u << a)) - 1;
        if (y->index[j] < 0) {
            y_visit(g, y, bivalue, j);
            if (y->low[j] < y->low[i]) y->low[i] = y->low[j];
        } else if (y->comp[j << 1 | 1] < 0 && y->index[j] < y->low[i]) {
            y->low[i] = y->index[j];
        }
    }
    if (y->low[i] != y->index[i]) return;
    int first = y->top;
    do first--; while (y->stack[first] != i);
    int c = y->ncomp++, n = y->top - first;
    for (int k = first; k < y->top; k++) {
        int j = y->stack[k], cellj = j / 9;
        y->comp[j << 1 | 1] = (int16_t)c;
        y->comp[(cellj * 9 + m_first(g->cand[cellj] & ~(1u << (j % 9))) - 1) << 1] = (int16_t)c;
    }
    y->removes[c] = (uint8_t)(n > 1 && y_removes(g, y->stack + first, n));
    y->top = first;
}

/* the components of pass Y on ``g`` */
static void y_scope_build(const grid *g, y_scope *y) {
    for (int k = 0; k < N_KEYS; k++) y->comp[k] = -1;
    for (int i = 0; i < N_CANDS; i++) y->index[i] = -1;
    y->top = y->counter = y->ncomp = 0;
    set81 bivalue = S_EMPTY;
    for (int c = 0; c < 81; c++) {
        if (m_count(g->cand[c]) == 2) s_add(&bivalue, c);
    }
    set81 todo = bivalue;
    for (int c; (c = s_pop(&todo)) >= 0;) {
        for (unsigned m = g->cand[c]; m; m &= m - 1) {
            int i = c * 9 + m_first(m) - 1;
            if (y->index[i] < 0) y_visit(g, y, bivalue, i);
        }
    }
}

/* Where a cycle of one pass can go: the components of the pass's links (node key ->
 * component), and whether a cycle through an on node could remove anything. */
typedef struct {
    const link_graph *lg;  /* passes X and XY: lg's components (those of pass XY) */
    const y_scope *y;      /* pass Y */
} cycle_scope;

static inline const int16_t *scope_comp(const cycle_scope *sc, int y, int x) {
    return y && !x ? sc->y->comp : sc->lg->comp;
}

/* whether a cycle of pass (y, x) through on node ``skey`` could remove a candidate (when
 * it could not, every cycle the search would close is dropped) */
static int cycle_may_remove(const cycle_scope *sc, int skey, int y, int x) {
    if (y && !x) {
        int c = sc->y->comp[skey];
        return c >= 0 && sc->y->removes[c];
    }
    return lg_cycle_may_remove(sc->lg, skey, y);
}

/* cycle_links_of's links of ``key`` in pass ``pass`` drawn into the cache */
static void draw_cycle_links(search *s, const cycle_scope *sc, int key, int y, int x, int pass) {
    link_cache *c = s->links;
    const uint16_t *all;
    const int8_t *cause;
    const int16_t *comp = scope_comp(sc, y, x);
    int n = links_of(s, key, y, x, &all, &cause), k = 0;
    for (int j = 0; j < n; j++) {
        if (comp[all[j]] != comp[key]) continue;
        c->ckey[pass][key][k] = all[j];
        c->ccause[pass][key][k++] = cause[j];
    }
    c->cn[pass][key] = (int8_t)k;
}

/* The links of pass (y, x) from ``key`` that a cycle through it can take, from the cache:
 * those within its component of the pass's links (nothing outside leads back).  Same
 * order. */
static inline int cycle_links_of(search *s, const cycle_scope *sc, int key, int y, int x, const uint16_t **lk,
                                 const int8_t **lc) {
    int pass = y ? (x ? 2 : 1) : 0;
    link_cache *c = s->links;
    if (c->cn[pass][key] < 0) draw_cycle_links(s, sc, key, y, x, pass);
    *lk = c->ckey[pass][key];
    *lc = c->ccause[pass][key];
    return c->cn[pass][key];
}

static int new_node(search *s, int key, int cause, int parent) {
    if (s->count >= MAX_NODES) { s->overflow = 1; return -1; }
    cnode *n = &s->nodes[s->count];
    n->key = (uint16_t)key;
    n->cause = (int8_t)cause;
    n->parent = parent;
    return s->count++;
}

/* whether ``key`` is node ``i`` or one of its ancestors */
static int on_path(const search *s, int i, int key) {
    for (; i >= 0; i = s->nodes[i].parent) {
        if (s->nodes[i].key == key) return 1;
    }
    return 0;
}

/* distinct candidates (keys) among node ``i`` and its ancestors: SE's ancestor count */
static int ancestor_count(const search *s, int i) {
    keyset seen;
    memset(&seen, 0, sizeof seen);
    int n = 0;
    for (; i >= 0; i = s->nodes[i].parent) {
        int k = s->nodes[i].key;
        if (!ks_has(&seen, k)) { ks_add(&seen, k); n++; }
    }
    return n;
}

/* The greatest complexity a hint of (base, sort) may have and still come before the best
 * (_unary_depths): layers beyond it cannot give a better hint. */
static int depth_for(const best_key *b, double base, int sort) {
    if (!b->found) return 1 << 30;
    int c = 1;
    while (hint_before(b, chain_difficulty(base, c + 1), c + 1, sort)) c++;
    return c;
}

/* the chain of node ``i`` written into the hint: its nodes from the start on */
static int write_path(const search *s, int i, se_hint *out) {
    int n = 0;
    for (int j = i; j >= 0; j = s->nodes[j].parent) n++;
    out->npath = n;
    if (n > SE_MAX_PATH) return -1;
    for (int j = i, k = n - 1; j >= 0; j = s->nodes[j].parent, k--) {
        out->path_key[k] = s->nodes[j].key;
        out->path_cause[k] = s->nodes[j].cause;
    }
    return 0;
}

enum { PASS_X, PASS_Y, PASS_XY };
static const int SORT[3] = {2, 3, 4};
static const int CYCLE_TECH[3] = {T_X_CYCLE, T_Y_CYCLE, T_XY_CYCLE};
static const int CHAIN_TECH[3] = {T_FORCING_X_CHAIN, 0, T_FORCING_CHAIN};
/* SE's number of a pass's cycles and forcing chains (the table's; pass Y has no forcing chain) */
static double cycle_base(int pass) { return se_base(CYCLE_TECH[pass]); }
static double chain_base(int pass) { return pass == PASS_Y ? 0.0 : se_base(CHAIN_TECH[pass]); }

typedef struct {
    best_key key;
    se_hint *out;
    int error;
} best_hint;

/* _cycle_hint's eliminations: a candidate outside the cycle's cells that sees an on node
 * and an off node of its digit goes; off keys by cell, then digit, into ``elims``; returns
 * their count */
static int cycle_removals(const search *s, int closing, uint16_t *elims) {
    const grid *g = s->g;
    set81 cells = S_EMPTY;
    for (int j = closing; s->nodes[j].parent >= 0; j = s->nodes[j].parent) s_add(&cells, (s->nodes[j].key >> 1) / 9);
    set81 forw[10], back[10];
    memset(forw, 0, sizeof forw);
    memset(back, 0, sizeof back);
    for (int j = closing; s->nodes[j].parent >= 0; j = s->nodes[j].parent) {
        int k = s->nodes[j].key, c = (k >> 1) / 9, v = (k >> 1) % 9 + 1;
        set81 seen = s_andnot(s_and(PEER_SET[c], g->pos[v]), cells);
        if (k & 1) forw[v] = s_or(forw[v], seen);
        else back[v] = s_or(back[v], seen);
    }
    set81 any = S_EMPTY;
    for (int v = 1; v <= 9; v++) any = s_or(any, s_and(forw[v], back[v]));
    int n = 0;
    for (int c; (c = s_pop(&any)) >= 0;) {
        for (int v = 1; v <= 9; v++) {
            if (s_has(forw[v], c) && s_has(back[v], c)) elims[n++] = (uint16_t)((c * 9 + v - 1) << 1);
        }
    }
    return n;
}

/* the eliminations ``elims`` (off keys) written into the hint */
static void write_elims(se_hint *out, const uint16_t *elims, int n) {
    for (int i = 0; i < n; i++) hint_elim(out, (elims[i] >> 1) / 9, (elims[i] >> 1) % 9 + 1);
}

/* _cycle_hint: the cycle's hint, offered as the best if it is (none without eliminations) */
static void offer_cycle(const search *s, int closing, int pass, best_hint *best) {
    uint16_t elims[81 * 9];
    int ne = cycle_removals(s, closing, elims);
    if (!ne) return;
    int complexity = ancestor_count(s, closing);
    double diff = chain_difficulty(cycle_base(pass), complexity);
    if (!hint_before(&best->key, diff, complexity, SORT[pass])) return;
    se_hint *out = best->out;
    hint_begin(out, CYCLE_TECH[pass]);
    write_elims(out, elims, ne);
    hint_arg(out, 0);  /* a cycle */
    hint_args(out, pass != PASS_Y, pass != PASS_X, complexity);
    if (write_path(s, closing, out) < 0) best->error = 1;
    best_key_set(&best->key, diff, complexity, SORT[pass]);
}

/* _forcing_hint: an off target goes; an on target is placed (its other candidates go). */
static void offer_chain(const search *s, int target, int pass, best_hint *best) {
    int k = s->nodes[target].key, cell = (k >> 1) / 9, d = (k >> 1) % 9 + 1;
    uint16_t elims[9];
    int ne = conclusion_removals(s->g, cell, d, !(k & 1), elims);
    if (!ne) return;  /* nothing to remove */
    int complexity = ancestor_count(s, target);
    double diff = chain_difficulty(chain_base(pass), complexity);
    if (!hint_before(&best->key, diff, complexity, SORT[pass])) return;
    se_hint *out = best->out;
    hint_begin(out, CHAIN_TECH[pass]);
    if (k & 1) hint_place(out, cell, d);
    write_elims(out, elims, ne);
    hint_arg(out, 1);  /* a forcing chain */
    hint_args(out, 1, pass == PASS_XY, complexity);
    if (write_path(s, target, out) < 0) best->error = 1;
    best_key_set(&best->key, diff, complexity, SORT[pass]);
}

/* _cycles: breadth first in alternating layers from ``skey`` on (off nodes once per path,
 * on nodes once); an on node back at the start after four layers or more closes a cycle.
 * At most ``depth`` layers, within the start's component of ``scope`` (cycle_links_of).
 * The closing nodes' indexes go to ``closing`` (as many as ``max_closing``; the count is
 * returned). */
static int unary_cycles(search *s, int skey, int y, int x, int depth, int *closing, int max_closing,
                        const cycle_scope *scope) {
    int nclosing = 0;
    keyset to_on;
    memset(&to_on, 0, sizeof to_on);
    ks_add(&to_on, skey);
    s->count = 0;
    int *pend_on = s->pend_a, *pend_off = s->pend_b;
    int non = 0, noff;
    pend_on[non++] = new_node(s, skey, 0, -1);
    int length = 0;
    const uint16_t *lk;
    const int8_t *lc;
    while (non && length < depth) {
        length++;
        noff = 0;
        for (int i = 0; i < non; i++) {
            int e = pend_on[i];
            int n = cycle_links_of(s, scope, s->nodes[e].key, y, x, &lk, &lc);
            for (int j = 0; j < n; j++) {
                if (on_path(s, e, lk[j])) continue;
                int q = new_node(s, lk[j], lc[j], e);
                if (q < 0) return nclosing;
                pend_off[noff++] = q;
            }
        }
        length++;
        non = 0;
        if (length > depth) break;
        int closes = length >= 4;
        for (int i = 0; i < noff; i++) {
            int e = pend_off[i];
            int n = cycle_links_of(s, scope, s->nodes[e].key, y, x, &lk, &lc);
            for (int j = 0; j < n; j++) {
                if (!ks_has(&to_on, lk[j])) {
                    ks_add(&to_on, lk[j]);
                    int q = new_node(s, lk[j], lc[j], e);
                    if (q < 0) return nclosing;
                    pend_on[non++] = q;
                } else if (closes && lk[j] == skey) {
                    int q = new_node(s, lk[j], lc[j], e);
                    if (q < 0) return nclosing;
                    if (nclosing < max_closing) closing[nclosing++] = q;
                    else s->overflow = 1;
                }
            }
        }
    }
    return nclosing;
}

/* one layer of _forcing: what the nodes ``pend`` imply; a new node is drawn once (``seen``,
 * into ``drawn``), a node opposite to the start ends a chain (once per candidate).  Returns
 * 1 once it does: a search has one such node to meet (the start's opposite), so it can end
 * no other chain; -1 beyond the bounds, else 0. */
static int forcing_layer(search *s, int skey, int y, const int *pend, int npend, keyset *seen, int *drawn,
                         int *ndrawn, keyset *found, int *targets, int *ntargets, int max_targets) {
    const uint16_t *lk;
    const int8_t *lc;
    for (int i = 0; i < npend; i++) {
        int e = pend[i];
        int n = links_of(s, s->nodes[e].key, y, 1, &lk, &lc);
        for (int j = 0; j < n; j++) {
            int key = lk[j];
            int target = (key ^ 1) == skey && !ks_has(found, key);
            int fresh = !ks_has(seen, key);
            if (!target && !fresh) continue;
            int q = new_node(s, key, lc[j], e);
            if (q < 0) return -1;
            if (target) {
                ks_add(found, key);
                if (*ntargets < max_targets) targets[(*ntargets)++] = q;
                else s->overflow = 1;
                return 1;
            }
            if (fresh) {
                ks_add(seen, key);
                drawn[(*ndrawn)++] = q;
            }
        }
    }
    return 0;
}

/* _forcing: breadth first from ``skey`` (on or off) in alternating layers, on then off;
 * a node opposite to the start ends a forcing chain (``found`` is shared by the start's
 * two searches), and the search with it.  At most ``depth`` layers.  The chain's last node
 * goes to ``targets``; returns their count. */
static int unary_forcing(search *s, int skey, int y, int depth, keyset *found, int *targets, int max_targets) {
    int ntargets = 0;
    keyset to_on, to_off;
    memset(&to_on, 0, sizeof to_on);
    memset(&to_off, 0, sizeof to_off);
    s->count = 0;
    int *pend_on = s->pend_a, *pend_off = s->pend_b;
    int non = 0, noff = 0;
    int root = new_node(s, skey, 0, -1);
    if (skey & 1) { pend_on[non++] = root; ks_add(&to_on, skey); }
    else { pend_off[noff++] = root; ks_add(&to_off, skey); }
    int layers = 0;
    while (non || noff) {
        if (non) {
            layers++;
            if (layers > depth) return ntargets;
        }
        if (forcing_layer(s, skey, y, pend_on, non, &to_off, pend_off, &noff, found, targets, &ntargets,
                          max_targets)) return ntargets;
        non = 0;
        if (!noff) break;
        layers++;
        if (layers > depth) return ntargets;
        if (forcing_layer(s, skey, y, pend_off, noff, &to_on, pend_on, &non, found, targets, &ntargets,
                          max_targets)) return ntargets;
        noff = 0;
    }
    return ntargets;
}

/* The fewest layers in which a cycle closes (on, off, on, off back to the start: a node never
 * links to its own candidate) and a forcing chain ends (a candidate's on and off nodes are
 * three links apart at the least). */
enum { CYCLE_LAYERS = 4, CHAIN_LAYERS = 3 };

static int best_key_same(const best_key *a, const best_key *b) {
    return a->found == b->found && a->diff == b->diff && a->complexity == b->complexity && a->sort == b->sort;
}

/* SE's Forcing Chains & Cycles: X-cycles and forcing X-chains, then Y-cycles, then cycles
 * and forcing chains with both kinds of links; from every candidate of every cell with two
 * or more (cell by cell, digits in order); the first hint in SE's order.  A search stops
 * at the depth past which it could only find a later hint.  args: 0 cycle / 1 forcing
 * chain, x links, y links, complexity; the chain's nodes in ``path``.  Returns 1 found, 0
 * none, -1 beyond the bounds (the Python finder then answers). */
int se_forcing_chains_cycles(const grid *g, se_hint *out) {
    search s = {g, new_link_cache(), sx_alloc(sizeof(cnode) * MAX_NODES), sx_alloc(sizeof(int) * MAX_NODES),
                sx_alloc(sizeof(int) * MAX_NODES), 0, 0};
    int *closing = sx_alloc(sizeof(int) * MAX_NODES);
    best_hint best = {{0, 0.0, 0, 0}, out, 0};
    link_graph *lg = sx_alloc(sizeof(link_graph));
    y_scope *ys = sx_alloc(sizeof(y_scope));
    cycle_scope scope = {lg, ys};
    uint8_t *possible = sx_alloc(N_CANDS);
    int result = 0;
    if (!s.links || !s.nodes || !s.pend_a || !s.pend_b || !closing || !lg || !ys || !possible) { result = -1; goto done; }
    /* the graph of the grid's links: which searches can make a hint at all, and the
     * component a cycle stays in */
    link_graph_build(g, lg);
    lg_parts(lg, possible);
    for (int pass = PASS_X; pass <= PASS_XY; pass++) {
        int y = pass != PASS_X, x = pass != PASS_Y;
        if (pass == PASS_Y) y_scope_build(g, ys);
        best_key depths_for = best.key;
        int cycle_depth = depth_for(&best.key, cycle_base(pass), SORT[pass]);
        int chain_depth = pass == PASS_Y ? -1 : depth_for(&best.key, chain_base(pass), SORT[pass]) - 1;
        for (int cell = 0; cell < 81; cell++) {
            unsigned m = g->cand[cell];
            if (g->value[cell] || m_count(m) < 2) continue;
            for (unsigned dm = m; dm; dm &= dm - 1) {
                int d = m_first(dm);
                if (!best_key_same(&best.key, &depths_for)) {  /* a better hint: shallower searches */
                    depths_for = best.key;
                    cycle_depth = depth_for(&best.key, cycle_base(pass), SORT[pass]);
                    chain_depth = pass == PASS_Y ? -1 : depth_for(&best.key, chain_base(pass), SORT[pass]) - 1;
                }
                /* shallower searches cannot close a cycle or end a forcing chain */
                if (cycle_depth < CYCLE_LAYERS && chain_depth < CHAIN_LAYERS) continue;
                if (m_count(m) > 2 && !x) continue;  /* Y-cycles start in bivalue cells */
                int skey = ((cell * 9 + d - 1) << 1) | 1;
                int parts = possible[cell * 9 + d - 1];
                if (cycle_depth >= CYCLE_LAYERS && (parts & 1) && cycle_may_remove(&scope, skey, y, x)) {
                    int n = unary_cycles(&s, skey, y, x, cycle_depth, closing, MAX_NODES, &scope);
                    for (int i = 0; i < n; i++) offer_cycle(&s, closing[i], pass, &best);
                }
                if (x && chain_depth >= CHAIN_LAYERS) {
                    keyset found;
                    int cleared = 0;
                    int targets[4];
                    /* the two searches share ``found`` but look for different keys */
                    if ((parts & 2) && lg_forcing_within(lg, g, skey, y, chain_depth)) {
                        memset(&found, 0, sizeof found);
                        cleared = 1;
                        int n = unary_forcing(&s, skey, y, chain_depth, &found, targets, 4);
                        for (int i = 0; i < n; i++) offer_chain(&s, targets[i], pass, &best);
                    }
                    if ((parts & 4) && lg_forcing_within(lg, g, skey ^ 1, y, chain_depth)) {
                        if (!cleared) memset(&found, 0, sizeof found);
                        int n = unary_forcing(&s, skey ^ 1, y, chain_depth, &found, targets, 4);
                        for (int i = 0; i < n; i++) offer_chain(&s, targets[i], pass, &best);
                    }
                }
                if (s.overflow || best.error) { result = -1; goto done; }
            }
        }
    }
    result = best.key.found;
done:
    sx_free(lg);
    sx_free(ys);
    sx_free(possible);
    sx_free(s.links);
    sx_free(s.nodes);
    sx_free(s.pend_a);
    sx_free(s.pend_b);
    sx_free(closing);
    return result;
}

/* ------------------------------------------------------------------ nested use */

/* The keys of node ``i``'s chain back to its start, each once, into ``seq`` after ``key``
 * and their count (one target of a signature); ``flip``: every node's state flipped (the
 * reversed cycle); ``skip_root``: the start is the target's own key again (a cycle). */
static void sig_target(const search *s, int i, int flip, key_seq *seq) {
    int key = s->nodes[i].key ^ flip;
    ks_push(seq, key);
    int at = seq->n;
    ks_push(seq, 0);
    int n = 0;
    for (int j = i; j >= 0; j = s->nodes[j].parent) {
        if (s->nodes[j].parent < 0 && j != i && (s->nodes[j].key ^ flip) == key) break;  /* a cycle's start */
        ks_push(seq, s->nodes[j].key ^ flip);
        n++;
    }
    if (!seq->error) seq->k[at] = (uint16_t)n;
}

/* The rule parents of node ``i``'s chain (its start has none): each on node's, the states
 * flipped with ``flip`` (a reversed cycle keeps each node's cause). */
static void chain_parents(const search *s, int i, int flip, const grid *src, nh_keyset *seen, key_seq *par) {
    for (int j = i; s->nodes[j].parent >= 0; j = s->nodes[j].parent) {
        int key = s->nodes[j].key ^ flip;
        if (key & 1) rule_parents_of(src, s->g, key, s->nodes[j].cause, seen, par);
    }
}

typedef struct {
    const grid *src;
    sig_table *sigs;
    nhint_list *out;
    key_seq seq, par;
} nested_out;

/* _cycle_hint of a nested search: the hint, with its signature and rule parents, added */
static void collect_cycle(const search *s, int closing, int pass, nested_out *o) {
    uint16_t elims[81 * 9];
    int ne = cycle_removals(s, closing, elims);
    if (!ne) return;
    int complexity = ancestor_count(s, closing);
    o->seq.n = o->par.n = 0;
    sig_target(s, closing, 0, &o->seq);
    sig_target(s, closing, 1, &o->seq);
    nh_keyset seen;
    memset(&seen, 0, sizeof seen);
    chain_parents(s, closing, 0, o->src, &seen, &o->par);
    chain_parents(s, closing, 1, o->src, &seen, &o->par);
    nh_add_chain(o->out, o->sigs, &o->seq, &o->par, chain_difficulty(cycle_base(pass), complexity), complexity,
                 SORT[pass], elims, ne);
}

/* _forcing_hint of a nested search: the hint, with its signature and rule parents, added */
static void collect_chain(const search *s, int target, int pass, nested_out *o) {
    int k = s->nodes[target].key;
    uint16_t elims[9];
    int ne = conclusion_removals(s->g, (k >> 1) / 9, (k >> 1) % 9 + 1, !(k & 1), elims);
    if (!ne) return;
    int complexity = ancestor_count(s, target);
    o->seq.n = o->par.n = 0;
    sig_target(s, target, 0, &o->seq);
    nh_keyset seen;
    memset(&seen, 0, sizeof seen);
    chain_parents(s, target, 0, o->src, &seen, &o->par);
    nh_add_chain(o->out, o->sigs, &o->seq, &o->par, chain_difficulty(chain_base(pass), complexity), complexity,
                 SORT[pass], elims, ne);
}

/* The unary searches ``parts`` (1 cycles, 2 forcing chains from the candidate on, 4 from it
 * off) of pass ``pass`` from each candidate, as ``parts_of`` gives them, their hints added
 * to o->out (cycles kept within their start's component). */
static int nested_searches(search *s, int *closing, const cycle_scope *scope, int pass, const uint8_t *parts_of,
                           const uint8_t *more, nested_out *o) {
    const grid *w = s->g;
    int y = pass != PASS_X, x = pass != PASS_Y;
    for (int cell = 0; cell < 81; cell++) {
        unsigned m = w->cand[cell];
        if (w->value[cell] || m_count(m) < 2) continue;
        if (m_count(m) > 2 && !x) continue;  /* Y-cycles start in bivalue cells */
        for (unsigned dm = m; dm; dm &= dm - 1) {
            int d = m_first(dm), i = cell * 9 + d - 1;
            int parts = parts_of[i] | (more ? more[i] : 0);
            if (!parts) continue;
            int skey = (i << 1) | 1;
            if ((parts & 1) && cycle_may_remove(scope, skey, y, x)) {
                int n = unary_cycles(s, skey, y, x, 1 << 30, closing, MAX_NODES, scope);
                for (int k = 0; k < n; k++) collect_cycle(s, closing[k], pass, o);
            }
            if (x) {
                keyset found;
                memset(&found, 0, sizeof found);
                int targets[4];
                if (parts & 2) {
                    int n = unary_forcing(s, skey, y, 1 << 30, &found, targets, 4);
                    for (int k = 0; k < n; k++) collect_chain(s, targets[k], pass, o);
                }
                if (parts & 4) {
                    int n = unary_forcing(s, skey ^ 1, y, 1 << 30, &found, targets, 4);
                    for (int k = 0; k < n; k++) collect_chain(s, targets[k], pass, o);
                }
            }
            if (s->overflow || o->out->error) return -1;
        }
    }
    return 0;
}

/* Chaining.parented_hints of Forcing Chains & Cycles: a hint has rule parents only if its
 * chains cross a new strong link, so the searches that can (the graph's components decide)
 * run first; if none of their hints has parents there is none, else every search runs
 * and the list is SE's (a hint without parents may come first with the same eliminations
 * and keep the other out). */
struct chain_scratch {
    link_cache *links;
    cnode *nodes;
    int *pend_a, *pend_b, *closing;
    link_graph *lg;
    y_scope *ys;
    uint8_t live[3][N_CANDS];
    uint8_t possible[N_CANDS];
};

chain_scratch *chain_scratch_new(void) {
    chain_scratch *c = sx_calloc(sizeof(chain_scratch));
    if (!c) return NULL;
    c->links = sx_alloc(sizeof(link_cache));
    c->nodes = sx_alloc(sizeof(cnode) * MAX_NODES);
    c->pend_a = sx_alloc(sizeof(int) * MAX_NODES);
    c->pend_b = sx_alloc(sizeof(int) * MAX_NODES);
    c->closing = sx_alloc(sizeof(int) * MAX_NODES);
    c->lg = sx_alloc(sizeof(link_graph));
    c->ys = sx_alloc(sizeof(y_scope));
    if (!c->links || !c->nodes || !c->pend_a || !c->pend_b || !c->closing || !c->lg || !c->ys) {
        chain_scratch_free(c);
        return NULL;
    }
    return c;
}

void chain_scratch_free(chain_scratch *c) {
    if (!c) return;
    sx_free(c->links);
    sx_free(c->nodes);
    sx_free(c->pend_a);
    sx_free(c->pend_b);
    sx_free(c->closing);
    sx_free(c->lg);
    sx_free(c->ys);
    sx_free(c);
}

int se_forcing_chains_cycles_nested(const grid *w, const grid *src, sig_table *sigs, nhint_list *out,
                                    chain_scratch *c) {
    forget_links(c->links);
    search s = {w, c->links, c->nodes, c->pend_a, c->pend_b, 0, 0};
    link_graph *lg = c->lg;
    nested_out o = {src, sigs, out, {0}, {0}};
    int result = 0;
    out->n = out->nkeys = 0;
    link_graph_build(w, lg);
    if (!unary_searches(w, src, lg, c->live, c->possible)) goto done;
    y_scope_build(w, c->ys);
    cycle_scope scope = {lg, c->ys};
    for (int pass = PASS_X; pass <= PASS_XY; pass++) {
        if (nested_searches(&s, c->closing, &scope, pass, c->live[pass], NULL, &o) < 0) { result = -1; goto done; }
    }
    int any = 0;
    for (int i = 0; i < out->n && !any; i++) any = out->h[i].npar > 0;
    if (!any) { out->n = out->nkeys = 0; goto done; }
    out->n = out->nkeys = 0;
    for (int pass = PASS_X; pass <= PASS_XY; pass++) {
        if (nested_searches(&s, c->closing, &scope, pass, c->possible, c->live[pass], &o) < 0) { result = -1; goto done; }
    }
    nh_finish(out);
    result = out->error ? -1 : out->n;
done:
    ks_free(&o.seq);
    ks_free(&o.par);
    return result;
}
