/* The hints a chaining rule gives a nesting rule: signatures, the sorted and deduplicated
 * list, rule parents (twin of strategies/se/chaining.py's Chaining._sorted,
 * strategies/se/chain_nodes.py's ChainHint.signature and strategies/se/hint_list.py's
 * chain_rule_parents).  The arrays grow by doubling; every write
 * is bounded by them, and running out of memory sets ``error``. */
#include <stdlib.h>

#include "se/chain_links.h"
#include "se/hint_list.h"

/* ``p`` with room for ``need`` items of ``size`` bytes (``*cap`` counts them), or ``p``
 * unchanged and ``*fail`` set when memory runs out */
static void *grow(void *p, int *cap, int need, size_t size, int *fail) {
    if (need <= *cap) return p;
    int c = *cap ? *cap : 64;
    while (c < need) {
        if (c > (1 << 28)) { *fail = 1; return p; }
        c *= 2;
    }
    void *q = realloc(p, (size_t)c * size);
    if (!q) { *fail = 1; return p; }
    *cap = c;
    return q;
}

static uint64_t hash_keys(const uint16_t *k, int n) {
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) {
        h ^= k[i];
        h *= 1099511628211ull;
    }
    return h ^ (uint64_t)n;
}

/* ------------------------------------------------------------------ signatures */

void sig_init(sig_table *t) { memset(t, 0, sizeof *t); }

void sig_free(sig_table *t) {
    free(t->pool);
    free(t->e);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

static int rehash(sig_table *t, int nslots) {
    int *slots = malloc(sizeof(int) * (size_t)nslots);
    if (!slots) return -1;
    for (int i = 0; i < nslots; i++) slots[i] = -1;
    for (int id = 0; id < t->n; id++) {
        int s = (int)(t->e[id].hash & (uint64_t)(nslots - 1));
        while (slots[s] >= 0) s = (s + 1) & (nslots - 1);
        slots[s] = id;
    }
    free(t->slots);
    t->slots = slots;
    t->nslots = nslots;
    return 0;
}

int sig_intern(sig_table *t, const uint16_t *seq, int len) {
    if (t->error) return -1;
    uint64_t h = hash_keys(seq, len);
    if (t->nslots) {
        for (int s = (int)(h & (uint64_t)(t->nslots - 1)); t->slots[s] >= 0; s = (s + 1) & (t->nslots - 1)) {
            int id = t->slots[s];
            const sig_entry *e = &t->e[id];
            if (e->hash == h && e->len == len && !memcmp(t->pool + e->start, seq, sizeof(uint16_t) * (size_t)len))
                return id;
        }
    }
    int fail = 0;
    t->pool = grow(t->pool, &t->poolcap, t->npool + len, sizeof(uint16_t), &fail);
    if (!fail) t->e = grow(t->e, &t->cap, t->n + 1, sizeof(sig_entry), &fail);
    if (fail) {
        t->error = 1;
        return -1;
    }
    int id = t->n++;
    t->e[id].start = t->npool;
    t->e[id].len = len;
    t->e[id].hash = h;
    if (len) memcpy(t->pool + t->npool, seq, sizeof(uint16_t) * (size_t)len);
    t->npool += len;
    if (t->n * 2 > t->nslots) {
        if (rehash(t, t->nslots ? t->nslots * 2 : 256) < 0) { t->error = 1; return -1; }
    } else {
        int s = (int)(h & (uint64_t)(t->nslots - 1));
        while (t->slots[s] >= 0) s = (s + 1) & (t->nslots - 1);
        t->slots[s] = id;
    }
    return id;
}

/* ------------------------------------------------------------------ key sequences */

void ks_init(key_seq *s) { memset(s, 0, sizeof *s); }
void ks_free(key_seq *s) { free(s->k); memset(s, 0, sizeof *s); }
void ks_push(key_seq *s, int key) {
    if (s->error) return;
    int fail = 0;
    s->k = grow(s->k, &s->cap, s->n + 1, sizeof(uint16_t), &fail);
    if (fail) { s->error = 1; return; }
    s->k[s->n++] = (uint16_t)key;
}

/* ------------------------------------------------------------------ hint lists */

void nh_init(nhint_list *l) { memset(l, 0, sizeof *l); }

void nh_free(nhint_list *l) {
    free(l->h);
    free(l->keys);
    memset(l, 0, sizeof *l);
}

void nh_add(nhint_list *l, double diff, int complexity, int sort, const uint16_t *elims, int nelim,
            const uint16_t *parents, int npar, int sig) {
    if (l->error) return;
    int fail = 0;
    l->h = grow(l->h, &l->cap, l->n + 1, sizeof(nhint), &fail);
    if (!fail) l->keys = grow(l->keys, &l->keycap, l->nkeys + nelim + npar, sizeof(uint16_t), &fail);
    if (fail) {
        l->error = 1;
        return;
    }
    nhint *h = &l->h[l->n++];
    h->diff = diff;
    h->complexity = complexity;
    h->sort = sort;
    h->sig = sig;
    h->elim0 = l->nkeys;
    h->nelim = nelim;
    if (nelim) memcpy(l->keys + l->nkeys, elims, sizeof(uint16_t) * (size_t)nelim);
    l->nkeys += nelim;
    h->par0 = l->nkeys;
    h->npar = npar;
    if (npar) memcpy(l->keys + l->nkeys, parents, sizeof(uint16_t) * (size_t)npar);
    l->nkeys += npar;
    h->effect = hash_keys(elims, nelim);
}

int nh_add_chain(nhint_list *l, sig_table *sigs, const key_seq *seq, const key_seq *par, double diff, int complexity,
                 int sort, const uint16_t *elims, int nelim) {
    int sig = seq->error || par->error ? -1 : sig_intern(sigs, seq->k, seq->n);
    if (sig < 0) {
        l->error = 1;
        return -1;
    }
    nh_add(l, diff, complexity, sort, elims, nelim, par->k, par->n, sig);
    return l->error ? -1 : 0;
}

static int before(const nhint *a, const nhint *b) {
    if (a->diff != b->diff) return a->diff < b->diff;
    if (a->complexity != b->complexity) return a->complexity < b->complexity;
    return a->sort < b->sort;
}

/* stable merge sort of ``h[0..n)`` by ``before``, ``tmp`` as scratch */
static void merge_sort(nhint *h, nhint *tmp, int n) {
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = before(&h[j], &h[i]) ? h[j++] : h[i++];
            while (i < mid) tmp[k++] = h[i++];
            while (j < hi) tmp[k++] = h[j++];
        }
        memcpy(h, tmp, sizeof(nhint) * (size_t)n);
    }
}

void nh_finish(nhint_list *l) {
    if (l->error || !l->n) return;
    nhint *tmp = malloc(sizeof(nhint) * (size_t)l->n);
    int nslots = 64;
    while (nslots < 2 * l->n) nslots *= 2;
    int *slots = malloc(sizeof(int) * (size_t)nslots);
    if (!tmp || !slots) { free(tmp); free(slots); l->error = 1; return; }
    merge_sort(l->h, tmp, l->n);
    for (int i = 0; i < nslots; i++) slots[i] = -1;
    int kept = 0;
    /* tmp[0..kept_all) holds every hint kept (the dedup table indexes it) */
    int kept_all = 0;
    for (int i = 0; i < l->n; i++) {
        nhint *h = &l->h[i];
        int s = (int)(h->effect & (uint64_t)(nslots - 1)), dup = 0;
        for (; slots[s] >= 0; s = (s + 1) & (nslots - 1)) {
            const nhint *o = &tmp[slots[s]];
            if (o->effect == h->effect && o->nelim == h->nelim
                && !memcmp(l->keys + o->elim0, l->keys + h->elim0, sizeof(uint16_t) * (size_t)h->nelim)) {
                dup = 1;
                break;
            }
        }
        if (dup) continue;
        slots[s] = kept_all;
        tmp[kept_all++] = *h;
    }
    for (int i = 0; i < kept_all; i++) {
        if (tmp[i].npar) l->h[kept++] = tmp[i];
    }
    l->n = kept;
    free(tmp);
    free(slots);
}

/* ------------------------------------------------------------------ rule parents */

void rule_parents_of(const grid *src, const grid *work, int key, int cause, nh_keyset *seen, key_seq *out) {
    int cell = (key >> 1) / 9, d = (key >> 1) % 9 + 1;
    if (cause == NAKED) {
        for (unsigned gone = src->cand[cell] & ~work->cand[cell]; gone; gone &= gone - 1) {
            int k = (cell * 9 + m_first(gone) - 1) << 1;
            if (!nk_has(seen, k)) { nk_add(seen, k); ks_push(out, k); }
        }
    } else if (cause >= 0 && cause < 27) {
        set81 gone = s_andnot(s_and(src->pos[d], HOUSE_SET[cause]), work->pos[d]);
        for (int c; (c = s_pop(&gone)) >= 0;) {
            int k = (c * 9 + d - 1) << 1;
            if (!nk_has(seen, k)) { nk_add(seen, k); ks_push(out, k); }
        }
    }
}
