/* ALS-XY-Chain and Death Blossom (twin of strategies/hodoku/als_chains.py: als_xy_chain,
 * _chains, _forward_states, _actual, death_blossom, _db_combos).  ALS-XY-Chain: HoDoKu's chains of at least four ALS over forward RCs, searched
 * as states (ALS, actual RC of the incoming link, links so far capped at 3) from each first
 * link, the fewest ALS cells kept per state; of the chains' elimination sets the best by
 * HoDoKu's order (most eliminations, lowest index sum, fewest ALS, fewest cells, first
 * found). */
#include "hodoku/als_chains.h"

#include "core/scratch.h"

typedef struct {
    int ncells, plen, next;   /* ALS cells and links of the kept chain; next state of its ALS */
    uint16_t m;               /* actual RC of the incoming link, a 9-bit mask */
    uint8_t dc;               /* links so far, capped at 3 */
} chain_state;

typedef struct {
    set81 el[10];
    int nals, ncells;
} chain_entry;

typedef struct {
    const hd_als_data *a;
    const grid *g;
    long budget;
    int beyond;
    uint32_t call;
    set81 twice[10];
    /* the best elimination sets so far: all tied on count and index sum, in order found */
    int best_n;
    long long best_sum;
    int nties;
    chain_entry ties[HD_ALS_CHAIN_TIES];
    uint64_t pending[HD_ALS_WORDS];
    int head[HD_MAX_ALS], tail[HD_MAX_ALS];
    uint32_t stamp[HD_MAX_ALS];
    chain_state st[HD_ALS_CHAIN_STATES];
    int nst;
} chain_work;

static inline unsigned bit(int d) { return d ? 1u << (d - 1) : 0; }

/* _actual: the RCs of a link (d1, d2) minus the previous link's actual RC ``m`` (only its
 * lowest digit, as in HoDoKu) */
static unsigned actual(unsigned m, int d1, int d2) {
    int c = m_first(m);
    if (!d2) return c == d1 ? 0 : bit(d1);
    if (c == d2) return bit(d1);
    if (c == d1) return bit(d2);
    return bit(d1) | bit(d2);
}

static int same_elims(const set81 *x, const set81 *y) {
    for (int d = 1; d <= 9; d++) {
        if (x[d].w[0] != y[d].w[0] || x[d].w[1] != y[d].w[1]) return 0;
    }
    return 1;
}

/* record: the chain from ``s`` to ``e`` (first and last actual RCs ``excl``) with ``nals``
 * ALS and ``ncells`` cells, kept if its eliminations are among the best */
static void record(chain_work *w, int s, int e, unsigned excl, int nals, int ncells) {
    const hd_als *x = &w->a->als[s], *y = &w->a->als[e];
    set81 el[10];
    for (int d = 0; d < 10; d++) el[d] = S_EMPTY;
    hd_als_common_elims(x, y, excl, el);
    int n = 0;
    long long sum = 0, weight = 1;
    for (int d = 1; d <= 9; d++) {
        for (set81 t = el[d]; s_any(t);) {
            sum += (long long)s_pop(&t) * weight + d;
            weight += 80;
            n++;
        }
    }
    if (!n) return;
    if (w->nties && (n < w->best_n || (n == w->best_n && sum > w->best_sum))) return;
    if (!w->nties || n > w->best_n || sum < w->best_sum) {
        w->nties = 0;
        w->best_n = n;
        w->best_sum = sum;
    }
    for (int i = 0; i < w->nties; i++) {
        chain_entry *t = &w->ties[i];
        if (same_elims(t->el, el)) {
            if (t->ncells > ncells) {
                t->ncells = ncells;
                t->nals = nals;
            }
            return;
        }
    }
    if (w->nties >= HD_ALS_CHAIN_TIES) {
        w->beyond = 1;
        return;
    }
    chain_entry *t = &w->ties[w->nties++];
    memcpy(t->el, el, sizeof el);
    t->nals = nals;
    t->ncells = ncells;
}

/* a new state of ALS ``j`` in this search, after its others; -1 when beyond the bound */
static int new_state(chain_work *w, int j, unsigned m, int dc, int ncells, int plen) {
    if (w->nst >= HD_ALS_CHAIN_STATES) {
        w->beyond = 1;
        return -1;
    }
    int k = w->nst++;
    chain_state *t = &w->st[k];
    t->m = (uint16_t)m;
    t->dc = (uint8_t)dc;
    t->ncells = ncells;
    t->plen = plen;
    t->next = -1;
    if (w->stamp[j] != w->call) {
        w->stamp[j] = w->call;
        w->head[j] = k;
        w->pending[j >> 6] |= (uint64_t)1 << (j & 63);
    } else {
        w->st[w->tail[j]].next = k;
    }
    w->tail[j] = k;
    return k;
}

/* _forward_states: the search from first link s -> j0 with actual RC m0; states taken in ALS
 * order (RCs go forward only), each ALS's in the order they were reached */
static void forward_states(chain_work *w, int s, int j0, unsigned m0) {
    const hd_als_data *a = w->a;
    w->call++;
    w->nst = 0;
    if (new_state(w, j0, m0, 1, a->als[s].size + a->als[j0].size, 1) < 0) return;
    const hd_als *start = &a->als[s];
    for (int word = j0 >> 6; word < HD_ALS_WORDS;) {
        if (!w->pending[word]) {
            word++;
            continue;
        }
        int j = (word << 6) + __builtin_ctzll(w->pending[word]);
        w->pending[word] &= w->pending[word] - 1;
        const hd_als *end = &a->als[j];
        int useful = s_any(s_and(start->buddies, end->buddies)) && (start->cands & end->cands);
        for (int k = w->head[j]; k >= 0; k = w->st[k].next) {
            chain_state t = w->st[k];
            if (t.dc >= 3 && useful) record(w, s, j, m0 | t.m, t.plen + 1, t.ncells);
            int ndc = t.dc < 3 ? t.dc + 1 : 3;
            w->budget -= a->rc_from[j + 1] - a->rc_from[j];
            if (w->budget < 0) goto spent;
            for (int r = a->rc_from[j]; r < a->rc_from[j + 1]; r++) {
                const hd_rc *rc = &a->rc[r];
                int nj = rc->j;
                unsigned nm = actual(t.m, rc->d1, rc->d2);
                if (!nm) continue;
                int nc = t.ncells + a->als[nj].size, old = -1;
                if (w->stamp[nj] == w->call) {
                    for (int o = w->head[nj]; o >= 0; o = w->st[o].next) {
                        if (w->st[o].m == nm && w->st[o].dc == ndc) {
                            old = o;
                            break;
                        }
                    }
                }
                if (old < 0) {
                    if (new_state(w, nj, nm, ndc, nc, t.plen + 1) < 0) goto spent;
                } else if (nc < w->st[old].ncells) {
                    w->st[old].ncells = nc;
                    w->st[old].plen = t.plen + 1;
                }
            }
        }
    }
    return;
spent:
    /* the states left pending are dropped with this search */
    memset(w->pending, 0, sizeof w->pending);
}

int als_xy_chain(const grid *g, hd_queue *q, hd_step *out) {
    hd_als_data *a = hd_als_data_new(g);
    chain_work *w = a ? sx_alloc(sizeof *w) : NULL;
    int found = 0;
    if (!a || !w) {
        q->overflow = 1;
        goto done;
    }
    w->a = a;
    w->g = g;
    w->budget = HD_ALS_CHAIN_BUDGET;
    w->beyond = 0;
    w->call = 0;
    w->nties = 0;
    memset(w->pending, 0, sizeof w->pending);
    memset(w->stamp, 0, sizeof w->stamp);
    /* a chain from s eliminates only where a cell sees all of s's candidates of a digit and
     * all of another ALS's: cells covered twice per digit */
    set81 once[10];
    for (int d = 0; d < 10; d++) once[d] = w->twice[d] = S_EMPTY;
    for (int i = 0; i < a->n; i++) {
        for (int d = 1; d <= 9; d++) {
            if (!(a->als[i].cands >> (d - 1) & 1)) continue;
            set81 bd = a->als[i].dbud[d - 1];
            w->twice[d] = s_or(w->twice[d], s_and(once[d], bd));
            once[d] = s_or(once[d], bd);
        }
    }
    for (int s = 0; s < a->n && !w->beyond; s++) {
        if (w->budget <= 0) break;
        const hd_als *sa = &a->als[s];
        int live = 0;
        for (int d = 1; d <= 9 && !live; d++) {
            live = (sa->cands >> (d - 1) & 1) && s_any(s_and(sa->dbud[d - 1], w->twice[d]));
        }
        if (!live) continue;
        for (int r = a->rc_from[s]; r < a->rc_from[s + 1] && !w->beyond; r++) {
            const hd_rc *rc = &a->rc[r];
            forward_states(w, s, rc->j, bit(rc->d1));
            if (rc->d2 && !w->beyond) forward_states(w, s, rc->j, bit(rc->d2));
        }
    }
    if (w->beyond) {
        q->overflow = 1;
        goto done;
    }
    if (w->nties) {
        int best = 0;
        for (int i = 1; i < w->nties; i++) {
            const chain_entry *t = &w->ties[i], *b = &w->ties[best];
            if (t->nals < b->nals || (t->nals == b->nals && t->ncells < b->ncells)) best = i;
        }
        found = hd_als_emit(H_ALMOST_LOCKED_SET_XY_CHAIN, w->ties[best].el, out);
    }
done:
    sx_free(w);
    hd_als_free(a);
    return found;
}

/* ------------------------------------------------------------------ Death Blossom */

typedef struct {
    const hd_als_data *a;
    const grid *g;
    int stem, ndigits, digits[9];
    set81 stem_bit;
    uint16_t lists[81][9][HD_DB_MAX_ALS_PER_DIGIT];   /* per cell and digit: the ALS whose
                                                         d-candidates it sees, in order */
    uint8_t nlist[81][9];
    set81 el[10];
} blossom_work;

/* _db_combos: one ALS per stem digit (digits ascending, ALS in list order), cut as soon as
 * no Z digit can still eliminate; 1 with the first full choice's eliminations in w->el */
static int db_combos(blossom_work *w, int k, set81 used, int nz, const int *zd, const set81 *zacc) {
    if (k == w->ndigits) {
        int any = 0;
        for (int d = 0; d < 10; d++) w->el[d] = S_EMPTY;
        for (int i = 0; i < nz; i++) {
            set81 hit = s_and(s_andnot(s_andnot(zacc[i], used), w->stem_bit), w->g->pos[zd[i]]);
            w->el[zd[i]] = hit;
            any |= s_any(hit);
        }
        return any;
    }
    int d = w->digits[k];
    for (int l = 0; l < w->nlist[w->stem][d - 1]; l++) {
        const hd_als *x = &w->a->als[w->lists[w->stem][d - 1][l]];
        if (s_any(s_and(x->cells, used))) continue;
        set81 nused = s_or(used, x->cells);
        set81 gone = s_or(nused, w->stem_bit);
        int nd[9], n = 0;
        set81 nacc[9];
        for (int i = 0; i < nz; i++) {
            if (!(x->cands >> (zd[i] - 1) & 1)) continue;
            set81 acc = s_and(zacc[i], x->dbud[zd[i] - 1]);
            if (!s_any(s_andnot(acc, gone))) continue;
            nd[n] = zd[i];
            nacc[n++] = acc;
        }
        if (n && db_combos(w, k + 1, nused, n, nd, nacc)) return 1;
    }
    return 0;
}

int death_blossom(const grid *g, hd_queue *q, hd_step *out) {
    hd_als_data *a = hd_als_data_new(g);
    blossom_work *w = a ? sx_alloc(sizeof *w) : NULL;
    int found = 0;
    if (!a || !w) {
        q->overflow = 1;
        goto done;
    }
    w->a = a;
    w->g = g;
    memset(w->nlist, 0, sizeof w->nlist);
    for (int i = 0; i < a->n; i++) {
        for (int d = 1; d <= 9; d++) {
            if (!(a->als[i].cands >> (d - 1) & 1)) continue;
            for (set81 e = a->als[i].dbud[d - 1]; s_any(e);) {
                int c = s_pop(&e);
                if (w->nlist[c][d - 1] < HD_DB_MAX_ALS_PER_DIGIT) w->lists[c][d - 1][w->nlist[c][d - 1]++] = (uint16_t)i;
            }
        }
    }
    for (int stem = 0; stem < 81 && !found; stem++) {
        unsigned cands = g->cand[stem];
        if (!cands) continue;
        int covered = 1;
        w->ndigits = 0;
        for (int d = 1; d <= 9; d++) {
            if (!(cands >> (d - 1) & 1)) continue;
            covered &= w->nlist[stem][d - 1] > 0;
            w->digits[w->ndigits++] = d;
        }
        if (!covered) continue;
        w->stem = stem;
        w->stem_bit = S_EMPTY;
        s_add(&w->stem_bit, stem);
        int zd[9], nz = 0;
        set81 zacc[9];
        for (int z = 1; z <= 9; z++) {
            if (cands >> (z - 1) & 1) continue;
            zd[nz] = z;
            zacc[nz].w[0] = ~(uint64_t)0;
            zacc[nz++].w[1] = ((uint64_t)1 << 17) - 1;
        }
        if (db_combos(w, 0, S_EMPTY, nz, zd, zacc)) found = hd_als_emit(H_DEATH_BLOSSOM, w->el, out);
    }
done:
    sx_free(w);
    hd_als_free(a);
    return found;
}
