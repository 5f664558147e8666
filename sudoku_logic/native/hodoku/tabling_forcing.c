/* Forcing chains and nets (twin of strategies/hodoku/tabling_forcing.py: contradictions,
 * verity_conclusions, verities, contradiction_found, ChainSearch, conclusions, fact_steps,
 * net_fill, net_links, _WorkingCopy).
 *
 * Every premise's table (tabling.c, group nodes included; for nets each candidate's net fill
 * first) is built once and kept as its ON and OFF facts (729-bit sets); the first conclusion
 * in HoDoKu's order is then proved again, proof by proof, the chains' lengths read from the
 * premises' tables rebuilt. */
#include "hodoku/tabling_forcing.h"

#include <stdlib.h>

#include "hodoku/tabling.h"

#define W729 12 /* 64-bit words of a 729-bit set */

typedef struct { uint64_t w[W729]; } set729;

static inline int b_has(const set729 *s, int i) { return (int)(s->w[i >> 6] >> (i & 63) & 1); }
static inline void b_add(set729 *s, int i) { s->w[i >> 6] |= (uint64_t)1 << (i & 63); }
/* the n <= 64 bits of s from bit ``off`` (off + n <= 729) */
static inline uint64_t bits_at(const set729 *s, int off, int n) {
    int w = off >> 6, b = off & 63;
    uint64_t x = s->w[w] >> b;
    if (b && w + 1 < W729) x |= s->w[w + 1] << (64 - b);
    return n == 64 ? x : x & (((uint64_t)1 << n) - 1);
}
/* digit d's 81 cells of a 729-bit set */
static set81 slice(const set729 *s, int d) {
    int base = (d - 1) * 81;
    set81 out = {{bits_at(s, base, 64), bits_at(s, base + 64, 17)}};
    return out;
}

typedef struct {
    tb_graph graph;
    tb_closures close;
    set729 on[TB_NORMAL], off[TB_NORMAL]; /* each premise's facts (its table's normal nodes) */
    set81 allowed[10];                    /* HoDoKu's candidatesAllowed */
    uint16_t path[TB_MAX_ENTRIES];
} forcing_search;

/* premise p's table, kept as its facts: everything p reaches, or where that is HoDoKu's
 * limit of entries or more, the table's entries (ChainSearch.sets) */
static void fill_sets(forcing_search *s, int p) {
    tb_graph *t = &s->graph;
    memset(&s->on[p], 0, sizeof s->on[p]);
    memset(&s->off[p], 0, sizeof s->off[p]);
    if (tb_reach_count(&s->close, p) < TB_MAX_ENTRIES) {
        const uint64_t *row = tb_reach(&s->close, p);
        for (int x = 0; x < (TB_NORMAL + 63) / 64; x++) {
            for (uint64_t bits = row[x]; bits; bits &= bits - 1) {
                int n = x * 64 + __builtin_ctzll(bits);
                if (n < TB_ON) b_add(&s->off[p], n);
                else if (n < TB_NORMAL) b_add(&s->on[p], n - TB_ON);
            }
        }
        return;
    }
    tb_table(t, p);
    for (int j = 0; j < t->norder; j++) {
        int n = t->order[j];
        if (n < TB_ON) b_add(&s->off[p], n);
        else if (n < TB_NORMAL) b_add(&s->on[p], n - TB_ON);
    }
}

/* whether premise p's table holds a contradiction HoDoKu's checkOneChain looks for */
static int contradiction_found(const forcing_search *s, int p) {
    const grid *g = s->graph.g;
    const set729 *on = &s->on[p], *off = &s->off[p];
    for (int k = 0; k < W729; k++) {
        if (on->w[k] & off->w[k]) return 1;
    }
    int i = p % TB_ON;
    if (p >= TB_ON ? b_has(off, i) : b_has(on, i)) return 1;
    set81 seen = S_EMPTY, ons[10], offs[10];
    for (int e = 1; e <= 9; e++) {
        ons[e] = slice(on, e);
        offs[e] = slice(off, e);
        if (s_any(s_and(ons[e], seen))) return 1;
        seen = s_or(seen, ons[e]);
    }
    for (int e = 1; e <= 9; e++) {  /* a digit set twice in a house */
        if (!s_many(ons[e])) continue;
        uint32_t houses = 0;
        for (set81 x = ons[e]; s_any(x);) {
            int c = s_pop(&x);
            uint32_t hs = 1u << CELL_HOUSE[c][0] | 1u << CELL_HOUSE[c][1] | 1u << CELL_HOUSE[c][2];
            if (houses & hs) return 1;
            houses |= hs;
        }
    }
    set81 cells = s_andnot(g->empty, seen);
    for (int d = 1; d <= 9; d++) cells = s_and(cells, s_or(offs[d], s_andnot(g->empty, g->pos[d])));
    /* (~pos[d] outside the empty cells is cut by ``cells`` anyway) */
    if (s_any(cells)) return 1;
    for (int d = 1; d <= 9; d++) {  /* a digit with no place left in a house: one of offs' */
        uint32_t houses = 0;
        for (set81 x = offs[d]; s_any(x);) {
            int c = s_pop(&x);
            houses |= 1u << CELL_HOUSE[c][0] | 1u << CELL_HOUSE[c][1] | 1u << CELL_HOUSE[c][2];
        }
        for (; houses; houses &= houses - 1) {
            set81 a = s_and(HOUSE_SET[__builtin_ctz(houses)], s->allowed[d]);
            if (s_any(a) && s_subset(a, offs[d])) return 1;
        }
    }
    return 0;
}

/* every 729-bit fact */
static void b_all(set729 *s) {
    for (int k = 0; k < W729 - 1; k++) s->w[k] = ~(uint64_t)0;
    s->w[W729 - 1] = ((uint64_t)1 << (N_CANDS - 64 * (W729 - 1))) - 1;
}

/* the ON premises of the places of each house and digit with some, houses then digits in
 * order (_house_premises): the places of house h's digit d */
static set81 house_places(const grid *g, int h, int d) { return s_and(g->pos[d], HOUSE_SET[h]); }

/* the conclusions of the verity checks (verity_conclusions) */
static void verity_conclusions(const forcing_search *s, set729 *place, set729 *elim) {
    const grid *g = s->graph.g;
    for (set81 e = g->empty; s_any(e);) {
        int c = s_pop(&e);
        set729 ton, toff, pair_on, pair_off;
        b_all(&ton);
        b_all(&toff);
        for (int d = 1; d <= 9; d++) {
            if (!(g->cand[c] >> (d - 1) & 1)) continue;
            int i = (d - 1) * 81 + c;
            const set729 *a_on = &s->on[TB_ON + i], *a_off = &s->off[TB_ON + i];
            const set729 *b_on = &s->on[i], *b_off = &s->off[i];
            for (int k = 0; k < W729; k++) {
                pair_on.w[k] = a_on->w[k] & b_on->w[k];
                pair_off.w[k] = a_off->w[k] & b_off->w[k];
                ton.w[k] &= a_on->w[k];
                toff.w[k] &= a_off->w[k];
            }
            for (int x = 0; x < 9; x++) {  /* keep: not the cell's own candidates */
                pair_on.w[(x * 81 + c) >> 6] &= ~((uint64_t)1 << ((x * 81 + c) & 63));
                pair_off.w[(x * 81 + c) >> 6] &= ~((uint64_t)1 << ((x * 81 + c) & 63));
            }
            for (int k = 0; k < W729; k++) {
                place->w[k] |= pair_on.w[k];
                elim->w[k] |= pair_off.w[k];
            }
        }
        for (int k = 0; k < W729; k++) {
            place->w[k] |= ton.w[k];
            elim->w[k] |= toff.w[k];
        }
    }
    for (int h = 0; h < 27; h++) {
        for (int d = 1; d <= 9; d++) {
            set81 t = house_places(g, h, d);
            if (!s_any(t)) continue;
            set729 ton, toff;
            b_all(&ton);
            b_all(&toff);
            for (int x; (x = s_pop(&t)) >= 0;) {
                int p = TB_ON + (d - 1) * 81 + x;
                for (int k = 0; k < W729; k++) {
                    ton.w[k] &= s->on[p].w[k];
                    toff.w[k] &= s->off[p].w[k];
                }
            }
            for (int k = 0; k < W729; k++) {
                place->w[k] |= ton.w[k];
                elim->w[k] |= toff.w[k];
            }
        }
    }
}

/* the first conclusion in HoDoKu's order (conclusions): placements first, then
 * eliminations, each by cell then digit; a node id (ON: a placement), or -1 */
static int first_conclusion(forcing_search *s) {
    const grid *g = s->graph.g;
    set729 place, elim;
    memset(&place, 0, sizeof place);
    memset(&elim, 0, sizeof elim);
    for (set81 e = g->empty; s_any(e);) {
        int c = s_pop(&e);
        for (int d = 1; d <= 9; d++) {
            if (!(g->cand[c] >> (d - 1) & 1)) continue;
            int i = (d - 1) * 81 + c;
            if (contradiction_found(s, TB_ON + i)) b_add(&elim, i);
            if (contradiction_found(s, i)) b_add(&place, i);
        }
    }
    verity_conclusions(s, &place, &elim);
    for (int pass = 0; pass < 2; pass++) {
        const set729 *b = pass ? &elim : &place;
        for (int c = 0; c < 81; c++) {
            for (int d = 1; d <= 9; d++) {
                int i = (d - 1) * 81 + c;
                if (b_has(b, i)) return pass ? i : TB_ON + i;
            }
        }
    }
    return -1;
}

/* the length of HoDoKu's chain from premise p to fact f (its nodes): premise p's table
 * expanded as far as f (the table last expanded, when it is p's and holds f) */
static int chain_length(forcing_search *s, int p, int f) {
    tb_graph *t = &s->graph;
    if (!(t->norder > 0 && t->order[0] == p && tb_holds(t, f))) tb_table_to(t, p, f);
    if (!tb_holds(t, f)) return 0; /* (never: the facts were read from this table) */
    return tb_path(t, f, s->path, TB_MAX_ENTRIES);
}

/* a proof's facts for premise q (contradictions), as node ids */
typedef struct {
    int n;
    uint16_t node[81];
} facts;

static void f_add(facts *f, int n) {
    if (f->n < 81) f->node[f->n++] = (uint16_t)n;
}

/* keep the first shortest proof of each kind: 0 contradiction, 1 verity */
typedef struct {
    int found[2], length[2];
} best_proof;

static void keep(best_proof *b, int kind, int length) {
    if (!b->found[kind] || length < b->length[kind]) {
        b->found[kind] = 1;
        b->length[kind] = length;
    }
}

static int contradiction_length(forcing_search *s, int q, const facts *f) {
    int n = 0;
    for (int i = 0; i < f->n; i++) n += chain_length(s, q, f->node[i]);
    return n;
}

/* HoDoKu's contradiction proofs of premise q, in its order (contradictions) */
static void contradictions(forcing_search *s, int q, best_proof *b) {
    const grid *g = s->graph.g;
    const set729 *on = &s->on[q], *off = &s->off[q];
    int i = q % TB_ON;
    facts f;
    f.n = 0;
    if (q >= TB_ON) {
        if (b_has(off, i)) f_add(&f, i);
    } else if (b_has(on, i)) {
        f_add(&f, TB_ON + i);
    }
    if (f.n) keep(b, 0, contradiction_length(s, q, &f));
    set81 ons[10], offs[10];
    for (int e = 1; e <= 9; e++) {
        ons[e] = slice(on, e);
        offs[e] = slice(off, e);
    }
    for (int e = 1; e <= 9; e++) {
        set81 x = s_and(ons[e], offs[e]);
        if (!s_any(x)) continue;
        int c = s_first(x);
        f.n = 0;
        f_add(&f, (e - 1) * 81 + c);
        f_add(&f, TB_ON + (e - 1) * 81 + c);
        keep(b, 0, contradiction_length(s, q, &f));
    }
    for (int e = 1; e <= 9; e++) {
        if (!s_any(ons[e])) continue;
        for (int h = e + 1; h <= 9; h++) {
            set81 x = s_and(ons[e], ons[h]);
            if (!s_any(x)) continue;
            int c = s_first(x);
            f.n = 0;
            f_add(&f, TB_ON + (e - 1) * 81 + c);
            f_add(&f, TB_ON + (h - 1) * 81 + c);
            keep(b, 0, contradiction_length(s, q, &f));
        }
    }
    for (int first = 0; first < 27; first += 9) {
        for (int e = 1; e <= 9; e++) {
            if (!s_many(ons[e])) continue;
            for (int h = first; h < first + 9; h++) {
                set81 t = s_and(ons[e], HOUSE_SET[h]);
                if (!s_many(t)) continue;
                f.n = 0;
                for (int x; (x = s_pop(&t)) >= 0;) f_add(&f, TB_ON + (e - 1) * 81 + x);
                keep(b, 0, contradiction_length(s, q, &f));
            }
        }
    }
    set81 empty_cells = g->empty;
    for (int e = 1; e <= 9; e++) {
        empty_cells = s_and(empty_cells, s_or(offs[e], s_andnot(g->empty, g->pos[e])));
        empty_cells = s_andnot(empty_cells, ons[e]);
    }
    for (int x; (x = s_pop(&empty_cells)) >= 0;) {
        f.n = 0;
        for (int e = 1; e <= 9; e++) {
            if (g->cand[x] >> (e - 1) & 1) f_add(&f, (e - 1) * 81 + x);
        }
        keep(b, 0, contradiction_length(s, q, &f));
    }
    for (int first = 0; first < 27; first += 9) {
        for (int e = 1; e <= 9; e++) {
            if (!s_any(offs[e])) continue;
            for (int h = first; h < first + 9; h++) {
                set81 t = s_and(HOUSE_SET[h], s->allowed[e]);
                if (!s_any(t) || !s_subset(t, offs[e])) continue;
                f.n = 0;
                for (int x; (x = s_pop(&t)) >= 0;) f_add(&f, (e - 1) * 81 + x);
                keep(b, 0, contradiction_length(s, q, &f));
            }
        }
    }
}

static int holds(const forcing_search *s, int p, int f) {
    return f >= TB_ON ? b_has(&s->on[p], f - TB_ON) : b_has(&s->off[p], f);
}

/* HoDoKu's verity proofs of fact f, in its order (verities) */
static void verities(forcing_search *s, int f, best_proof *b) {
    const grid *g = s->graph.g;
    int fc = f % 81;
    for (set81 e = g->empty; s_any(e);) {
        int c = s_pop(&e);
        if (c == fc) continue;
        for (int d = 1; d <= 9; d++) {
            if (!(g->cand[c] >> (d - 1) & 1)) continue;
            int i = (d - 1) * 81 + c;
            if (holds(s, TB_ON + i, f) && holds(s, i, f))
                keep(b, 1, chain_length(s, TB_ON + i, f) + chain_length(s, i, f));
        }
    }
    for (set81 e = g->empty; s_any(e);) {
        int c = s_pop(&e), all = 1;
        for (int d = 1; d <= 9 && all; d++) {
            if (g->cand[c] >> (d - 1) & 1) all = holds(s, TB_ON + (d - 1) * 81 + c, f);
        }
        if (!all) continue;
        int n = 0;
        for (int d = 1; d <= 9; d++) {
            if (g->cand[c] >> (d - 1) & 1) n += chain_length(s, TB_ON + (d - 1) * 81 + c, f);
        }
        keep(b, 1, n);
    }
    for (int h = 0; h < 27; h++) {
        for (int d = 1; d <= 9; d++) {
            set81 t = house_places(g, h, d);
            if (!s_any(t)) continue;
            int all = 1;
            for (set81 u = t; s_any(u) && all;) all = holds(s, TB_ON + (d - 1) * 81 + s_pop(&u), f);
            if (!all) continue;
            int n = 0;
            for (int x; (x = s_pop(&t)) >= 0;) n += chain_length(s, TB_ON + (d - 1) * 81 + x, f);
            keep(b, 1, n);
        }
    }
}

/* ------------------------------------------------------------------ net fills */

/* HoDoKu's working copy of the position for one net premise (_WorkingCopy): candidates go
 * one by one, queuing the singles they leave; the queues are read, never consumed.  A
 * candidate goes once: at most one naked and three hidden entries each. */
typedef struct {
    uint16_t cand[81];
    set81 pos[10];
    uint8_t value[81];
    int nn, nh;
    uint8_t naked[N_CANDS][2], hidden[3 * N_CANDS][2];
} work;

static void w_push(uint8_t (*q)[2], int *n, int cap, int cell, int d) {
    if (*n < cap) {
        q[*n][0] = (uint8_t)cell;
        q[*n][1] = (uint8_t)d;
        (*n)++;
    }
}

static void w_single_place(work *w, set81 rest, int d) {
    if (s_one(rest)) w_push(w->hidden, &w->nh, 3 * N_CANDS, s_first(rest), d);
}

/* delCandidate */
static void w_delete(work *w, int cell, int d) {
    unsigned m = w->cand[cell];
    if (!(m >> (d - 1) & 1)) return;
    m &= ~(1u << (d - 1));
    w->cand[cell] = (uint16_t)m;
    s_del(&w->pos[d], cell);
    for (int k = 0; k < 3; k++) w_single_place(w, s_and(w->pos[d], HOUSE_SET[CELL_HOUSE[cell][k]]), d);
    if (m && !(m & (m - 1))) w_push(w->naked, &w->nn, N_CANDS, cell, m_last(m));
}

/* setCell: d leaves the peers in cell order, then the cell's candidates go */
static void w_place(work *w, int cell, int d) {
    if (w->value[cell]) return;
    set81 p = w->pos[d];
    set81 peers = s_and(PEER_SET[cell], p);
    for (int j; (j = s_pop(&peers)) >= 0;) {
        s_del(&p, j);
        unsigned m = w->cand[j] & ~(1u << (d - 1));
        w->cand[j] = (uint16_t)m;
        for (int k = 0; k < 3; k++) w_single_place(w, s_and(p, HOUSE_SET[CELL_HOUSE[j][k]]), d);
        if (m && !(m & (m - 1))) w_push(w->naked, &w->nn, N_CANDS, j, m_last(m));
    }
    w->pos[d] = p;
    for (int e = 1; e <= 9; e++) {
        if (!(w->cand[cell] >> (e - 1) & 1)) continue;
        s_del(&w->pos[e], cell);
        if (e != d) {
            for (int k = 0; k < 3; k++) w_single_place(w, s_and(w->pos[e], HOUSE_SET[CELL_HOUSE[cell][k]]), e);
        }
    }
    w->cand[cell] = 0;
    w->value[cell] = (uint8_t)d;
}

/* one net fill being made: its facts in order, each once */
typedef struct {
    const grid *g;
    work w;
    int stamp;
    int seen[TB_NORMAL];
    int n;
    uint16_t out[TB_NORMAL];
    uint8_t singles[N_CANDS + 81][2];
} filler;

static void f_put(filler *f, int node) {
    if (f->seen[node] == f->stamp || f->n >= TB_NORMAL) return;
    f->seen[node] = f->stamp;
    f->out[f->n++] = (uint16_t)node;
}

/* x = e: what setting it rules out in the position, then x's other candidates left */
static void fill_cell(filler *f, int x, int e) {
    int base = (e - 1) * 81;
    f_put(f, TB_ON + base + x);
    set81 peers = s_and(f->g->pos[e], PEER_SET[x]);
    for (int y; (y = s_pop(&peers)) >= 0;) f_put(f, base + y);
    for (int k = 1; k <= 9; k++) {
        if ((f->w.cand[x] >> (k - 1) & 1) && k != e) f_put(f, (k - 1) * 81 + x);
    }
    w_place(&f->w, x, e);
}

/* the naked singles, then the hidden singles, in queue order (one hidden per cell) */
static int singles(filler *f) {
    work *w = &f->w;
    int n = 0;
    for (int i = 0; i < w->nn; i++) {
        if (w->value[w->naked[i][0]] || n >= N_CANDS + 81) continue;
        f->singles[n][0] = w->naked[i][0];
        f->singles[n][1] = w->naked[i][1];
        n++;
    }
    set81 seen = S_EMPTY;
    for (int i = 0; i < w->nh; i++) {
        int c = w->hidden[i][0], d = w->hidden[i][1];
        if (w->value[c] || s_has(seen, c)) continue;
        for (int k = 0; k < 3; k++) {
            if (s_one(s_and(w->pos[d], HOUSE_SET[CELL_HOUSE[c][k]]))) {
                if (n < N_CANDS + 81) {
                    f->singles[n][0] = (uint8_t)c;
                    f->singles[n][1] = (uint8_t)d;
                    n++;
                }
                s_add(&seen, c);
                break;
            }
        }
    }
    return n;
}

/* HoDoKu's net table of a premise before expansion (net_fill): in f->out, premise first */
static void net_fill(filler *f, int c, int d, int on) {
    const grid *g = f->g;
    f->stamp++;
    f->n = 0;
    memcpy(f->w.cand, g->cand, sizeof g->cand);
    memcpy(f->w.pos, g->pos, sizeof g->pos);
    memcpy(f->w.value, g->value, sizeof g->value);
    f->w.nn = f->w.nh = 0;
    if (on) {
        fill_cell(f, c, d);
    } else {
        f_put(f, (d - 1) * 81 + c);
        w_delete(&f->w, c, d);
        unsigned m = f->w.cand[c];
        if (m && !(m & (m - 1))) fill_cell(f, c, m_last(m));
    }
    for (int round = 0; round < 4; round++) {  /* LOOK_AHEAD */
        int n = singles(f);
        for (int i = 0; i < n; i++) fill_cell(f, f->singles[i][0], f->singles[i][1]);
    }
}

/* ------------------------------------------------------------------ the search */

static int forcing(const grid *g, forcing_search *s, hd_step *out, int net) {
    tb_graph *t = &s->graph;
    tb_close(t, &s->close);
    for (int d = 1; d <= 9; d++) {
        set81 seen = S_EMPTY;
        for (set81 e = g->placed[d]; s_any(e);) seen = s_or(seen, PEER_SET[s_pop(&e)]);
        s->allowed[d] = s_andnot(g->empty, seen);
    }
    for (set81 e = g->empty; s_any(e);) {
        int c = s_pop(&e);
        for (int d = 1; d <= 9; d++) {
            if (!(g->cand[c] >> (d - 1) & 1)) continue;
            fill_sets(s, TB_ON + (d - 1) * 81 + c);
            fill_sets(s, (d - 1) * 81 + c);
        }
    }
    if (t->overflow) return -1;
    int f = first_conclusion(s);
    if (f < 0) return 0;
    best_proof b = {{0, 0}, {0, 0}};
    int q = f >= TB_ON ? f - TB_ON : f + TB_ON; /* the premise whose falsehood gives f */
    if (contradiction_found(s, q)) contradictions(s, q, &b);
    verities(s, f, &b);
    /* an elimination's steps by length, the contradiction first on a tie; a placement's
     * contradiction first */
    int kind = -1;
    if (b.found[0] && b.found[1])
        kind = f < TB_ON && b.length[1] < b.length[0] ? 1 : 0;
    else if (b.found[0] || b.found[1])
        kind = b.found[0] ? 0 : 1;
    if (kind < 0) return -1; /* (never: a conclusion has a proof) */
    static const int TECH[2][2] = {{H_FORCING_CHAIN_CONTRADICTION, H_FORCING_CHAIN_VERITY},
                                   {H_FORCING_NET_CONTRADICTION, H_FORCING_NET_VERITY}};
    hd_begin(out, TECH[net][kind]);
    out->size = b.length[kind];
    if (f >= TB_ON) hd_place(out, f % 81, (f - TB_ON) / 81 + 1);
    else hd_elim(out, f % 81, f / 81 + 1);
    return 1;
}

int forcing_chains(const grid *g, hd_step *out) {
    forcing_search *s = malloc(sizeof *s);
    if (!s) return -1;
    tb_build(&s->graph, g, 1);
    int found = forcing(g, s, out, 0);
    free(s);
    return found;
}

int forcing_nets(const grid *g, hd_step *out) {
    int ncands = 0;
    for (int c = 0; c < 81; c++) ncands += g->value[c] ? 0 : m_count(g->cand[c]);
    /* a fill holds each of the 2 * ncands candidate nodes once at most */
    size_t cap = (size_t)(2 * ncands) * (size_t)(2 * ncands) + 1;
    forcing_search *s = malloc(sizeof *s);
    filler *f = malloc(sizeof *f);
    uint16_t *flat = malloc(cap * sizeof *flat);
    int *start = malloc(TB_NORMAL * sizeof *start);
    uint16_t *len = calloc(TB_NORMAL, sizeof *len);
    int found = -1;
    if (s && f && flat && start && len) {
        f->g = g;
        f->stamp = 0;
        memset(f->seen, 0, sizeof f->seen);
        size_t used = 0;
        int fits = 1;
        for (set81 e = g->empty; s_any(e) && fits;) {
            int c = s_pop(&e);
            for (int d = 1; d <= 9 && fits; d++) {
                if (!(g->cand[c] >> (d - 1) & 1)) continue;
                for (int on = 1; on >= 0; on--) {
                    int p = (d - 1) * 81 + c + (on ? TB_ON : 0);
                    net_fill(f, c, d, on);
                    int n = f->n - 1; /* without the premise */
                    if (used + (size_t)(n > 0 ? n : 0) > cap) { fits = 0; break; }
                    start[p] = (int)used;
                    len[p] = (uint16_t)(n > 0 ? n : 0);
                    for (int i = 1; i < f->n; i++) flat[used++] = f->out[i];
                }
            }
        }
        if (fits) {
            tb_build_net(&s->graph, g, flat, start, len);
            found = forcing(g, s, out, 1);
        }
    }
    free(s);
    free(f);
    free(flat);
    free(start);
    free(len);
    return found;
}
