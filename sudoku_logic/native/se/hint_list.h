/* The hints a chaining rule gives a nesting rule (hint_list.c): every hint of the rule on
 * a chain's working grid, in SE's order, equal eliminations kept once, each with its rule
 * parents (twin of strategies/se/hint_list.py's sorted_hints and chain_rule_parents). */
#ifndef SE_HINT_LIST_H
#define SE_HINT_LIST_H

#include "se/hint.h"

#define NH_KEY_WORDS ((N_KEYS + 63) / 64)

typedef struct { uint64_t w[NH_KEY_WORDS]; } nh_keyset;

static inline int nk_has(const nh_keyset *s, int k) { return (int)(s->w[k >> 6] >> (k & 63) & 1u); }
static inline void nk_add(nh_keyset *s, int k) { s->w[k >> 6] |= (uint64_t)1 << (k & 63); }

/* Signatures of hints' chains (SE's FullChain equality: each target's key and its
 * ancestors' keys, breadth first), each distinct one given an id. */
typedef struct {
    int start, len;
    uint64_t hash;
} sig_entry;

typedef struct {
    uint16_t *pool;
    int npool, poolcap;
    sig_entry *e;
    int n, cap;
    int *slots;  /* open addressing over ids, -1 empty */
    int nslots;
    int error;
} sig_table;

void sig_init(sig_table *t);
void sig_free(sig_table *t);
/* the id of the signature ``seq`` (made if new); -1 when memory runs out */
int sig_intern(sig_table *t, const uint16_t *seq, int len);

/* One hint of a nested rule: its order keys, eliminations and rule parents (off keys, in
 * the list's pool), its complexity (nested chains included) and signature id. */
typedef struct {
    double diff;
    int complexity, sort;
    int elim0, nelim, par0, npar;
    int sig;
    uint64_t effect;  /* a hash of the eliminations */
} nhint;

typedef struct {
    nhint *h;
    int n, cap;
    uint16_t *keys;
    int nkeys, keycap;
    int error;
} nhint_list;

void nh_init(nhint_list *l);
void nh_free(nhint_list *l);
/* Add a hint: ``elims`` ascending off keys; ``parents`` off keys (any order, no repeats). */
void nh_add(nhint_list *l, double diff, int complexity, int sort, const uint16_t *elims, int nelim,
            const uint16_t *parents, int npar, int sig);
/* Sort the hints as SE does (difficulty, complexity, sort key, then the order found), keep
 * the first of equal eliminations, then drop those without rule parents. */
void nh_finish(nhint_list *l);

/* A growable sequence of keys (a signature or a parent list being built). */
typedef struct {
    uint16_t *k;
    int n, cap;
    int error;
} key_seq;

void ks_init(key_seq *s);
void ks_free(key_seq *s);
void ks_push(key_seq *s, int key);

/* Add a chaining hint whose signature is ``seq`` and rule parents ``par`` (the keys built
 * for it): sets l->error and returns -1 when either ran out of memory. */
int nh_add_chain(nhint_list *l, sig_table *sigs, const key_seq *seq, const key_seq *par, double diff, int complexity,
                 int sort, const uint16_t *elims, int nelim);

/* The best hint so far of a chaining rule: SE's order is difficulty, complexity, sort key,
 * then the first found. */
typedef struct {
    int found;
    double diff;
    int complexity, sort;
} best_key;

/* whether a hint of (diff, complexity, sort) comes before the best so far */
static inline int hint_before(const best_key *b, double diff, int complexity, int sort) {
    if (!b->found) return 1;
    if (diff != b->diff) return diff < b->diff;
    if (complexity != b->complexity) return complexity < b->complexity;
    return sort < b->sort;
}

/* the hint of (diff, complexity, sort) made the best so far */
static inline void best_key_set(best_key *b, double diff, int complexity, int sort) {
    b->found = 1;
    b->diff = diff;
    b->complexity = complexity;
    b->sort = sort;
}

/* Where a chaining search's hints go: the best one into ``out`` (a rule's first hint), or,
 * nested, every one into ``list`` with its signature (in ``sigs``, the nesting search's)
 * and rule parents against ``src``, built in ``seq`` and ``par``. */
typedef struct {
    best_key best;
    se_hint *out;
    const grid *src;
    sig_table *sigs;
    nhint_list *list;
    key_seq seq, par;
} hint_sink;

/* What a chain's conclusion on candidate (cell, d) removes, as off keys ascending: the
 * candidate when ``off``, else its cell's other candidates (the digit is placed); returns
 * their count (0: nothing to remove). */
static inline int conclusion_removals(const grid *g, int cell, int d, int off, uint16_t elims[9]) {
    if (off) {
        elims[0] = (uint16_t)((cell * 9 + d - 1) << 1);
        return 1;
    }
    int n = 0;
    for (unsigned o = g->cand[cell] & ~(1u << (d - 1)); o; o &= o - 1) elims[n++] = (uint16_t)((cell * 9 + m_first(o) - 1) << 1);
    return n;
}

/* The rule parents an on node ``key`` made by ``cause`` (a house, or NAKED for its cell)
 * relies on: the candidates of ``src`` gone from ``work`` in its cell (NAKED) or among its
 * digit's places in the house, as off keys, added to ``out`` once each (``seen``). */
void rule_parents_of(const grid *src, const grid *work, int key, int cause, nh_keyset *seen, key_seq *out);

#endif
