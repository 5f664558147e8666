/* SE's Aligned Pair and Triplet Exclusion: the first hint in SE's order (twins of
 * strategies/se/aligned_exclusion.py's aligned_pair_exclusion and aligned_triplet_exclusion:
 * _bases, _seen_twice, pair_exclusions, triplet_removals). */
#include "se/aligned_exclusion.h"
#include "se/order.h"

/* cells seeing at least two cells of ``cells`` */
static set81 seen_twice(set81 cells) {
    set81 ones = S_EMPTY, twos = S_EMPTY;
    for (int c; (c = s_pop(&cells)) >= 0;) {
        twos = s_or(twos, s_and(ones, PEER_SET[c]));
        ones = s_or(ones, PEER_SET[c]);
    }
    return twos;
}

/* The candidates of the aligned pair a, b that no allowed combination keeps, as a's mask
 * | b's mask << 9, given their common bivalue excluders. */
static unsigned pair_exclusions(const grid *g, int a, int b, set81 common) {
    unsigned ma = g->cand[a], mb = g->cand[b];
    unsigned links[20];
    int nlinks = 0;
    for (int e; (e = s_pop(&common)) >= 0;) {
        unsigned m = g->cand[e];
        unsigned lo = m & (0u - m), hi = m ^ lo;
        if (((lo & ma) && (hi & mb)) || ((hi & ma) && (lo & mb))) {
            int dup = 0;
            for (int i = 0; i < nlinks; i++) dup |= links[i] == m;
            if (!dup && nlinks < 20) links[nlinks++] = m;
        }
    }
    int same = s_has(PEER_SET[a], b);
    if (nlinks + same < 2) return 0;
    unsigned other[9] = {0};
    for (int i = 0; i < nlinks; i++) {
        unsigned lo = links[i] & (0u - links[i]), hi = links[i] ^ lo;
        other[__builtin_ctz(lo)] |= hi;
        other[__builtin_ctz(hi)] |= lo;
    }
    unsigned out = 0;
    for (unsigned bits = ma; bits; bits &= bits - 1) {
        unsigned p = bits & (0u - bits);
        if (!(mb & ~(other[__builtin_ctz(p)] | (same ? p : 0)))) out |= p;
    }
    for (unsigned bits = mb; bits; bits &= bits - 1) {
        unsigned q = bits & (0u - bits);
        if (!(ma & ~(other[__builtin_ctz(q)] | (same ? q : 0)))) out |= q << 9;
    }
    return out;
}

/* SE's base cells for aligned sets of ``degree`` cells (_bases): two or more candidates,
 * seeing no cell with one; ``excluders[c]``: the cells sharing a house with c that have two
 * to ``degree`` candidates (a base cell has at least one). */
static set81 bases_of(const grid *g, int degree, set81 *excluders) {
    set81 at1 = S_EMPTY, at2 = S_EMPTY, at3 = S_EMPTY, at4 = S_EMPTY;
    for (int d = 1; d <= 9; d++) {
        at4 = s_or(at4, s_and(at3, g->pos[d]));
        at3 = s_or(at3, s_and(at2, g->pos[d]));
        at2 = s_or(at2, s_and(at1, g->pos[d]));
        at1 = s_or(at1, g->pos[d]);
    }
    set81 small = degree == 2 ? s_andnot(at2, at3) : s_andnot(at2, at4);
    set81 singles = s_andnot(at1, at2), blocked = S_EMPTY;
    for (int c; (c = s_pop(&singles)) >= 0;) blocked = s_or(blocked, PEER_SET[c]);
    set81 bases = S_EMPTY;
    set81 rest = s_andnot(at2, blocked);
    for (int c; (c = s_pop(&rest)) >= 0;) {
        excluders[c] = s_and(PEER_SET[c], small);
        if (s_any(excluders[c])) s_add(&bases, c);
    }
    return bases;
}

/* the cells before ``c`` */
static set81 below(int c) {
    set81 out = S_EMPTY;
    if (c < 64) out.w[0] = ((uint64_t)1 << c) - 1;
    else { out.w[0] = ~(uint64_t)0; out.w[1] = ((uint64_t)1 << (c - 64)) - 1; }
    return out;
}

/* Base cells in reading order; pairs by their later cell, then their earlier one, seeing
 * two common excluders.  args: a, b, common excluders (two words), a's and b's masks of
 * eliminated digits. */
int se_aligned_pair_exclusion(const grid *g, se_hint *out) {
    set81 excluders[81];
    set81 bases = bases_of(g, 2, excluders);
    set81 todo = bases;
    for (int b; (b = s_pop(&todo)) >= 0;) {
        set81 eb = excluders[b];
        set81 partners = s_and(s_and(seen_twice(eb), bases), below(b));
        for (int a; (a = s_pop(&partners)) >= 0;) {
            set81 common = s_and(excluders[a], eb);
            unsigned removed = pair_exclusions(g, a, b, common);
            if (!removed) continue;
            hint_begin(out, T_ALIGNED_PAIR);
            /* sorted by cell (a < b), then digit */
            for (unsigned m = removed & 0x1FF; m; m &= m - 1) hint_elim(out, a, m_first(m));
            for (unsigned m = removed >> 9; m; m &= m - 1) hint_elim(out, b, m_first(m));
            hint_args(out, a, b);
            hint_set81(out, common);
            hint_args(out, removed & 0x1FF, removed >> 9);
            return 1;
        }
    }
    return 0;
}

/* What the aligned triplet ``cells`` loses given their common excluders: ``removed[k]``,
 * the digits of cells[k] that no allowed combination keeps (a combination is barred when two
 * cells sharing a house hold one digit, or when its digits cover an excluder's candidates).
 * Returns whether anything goes. */
static int triplet_removals(const grid *g, const int cells[3], set81 common, unsigned removed[3]) {
    unsigned m[3] = {g->cand[cells[0]], g->cand[cells[1]], g->cand[cells[2]]};
    unsigned ex[20];
    int nex = 0;
    for (int e; (e = s_pop(&common)) >= 0;) {
        /* an excluder with a digit none of the three holds bars nothing, and one like an
         * excluder kept bars what that one does */
        unsigned x = g->cand[e];
        if (x & ~(m[0] | m[1] | m[2])) continue;
        int dup = 0;
        for (int i = 0; i < nex; i++) dup |= ex[i] == x;
        if (!dup && nex < 20) ex[nex++] = x;
    }
    int same01 = s_has(PEER_SET[cells[0]], cells[1]);
    int same02 = s_has(PEER_SET[cells[0]], cells[2]);
    int same12 = s_has(PEER_SET[cells[1]], cells[2]);
    /* the third digits a pair of digits p, q leaves no excluder nothing: an excluder with
     * one candidate outside p and q bars that digit, with none every digit.  By digit, what
     * the excluders of two candidates bar beside it (one of them is p or q); by pair of
     * distinct digits, what those of two bar (everything) and those of three (the third). */
    unsigned single[9] = {0};
    uint16_t pair_bars[9][9];
    memset(pair_bars, 0, sizeof pair_bars);
    for (int i = 0; i < nex; i++) {
        unsigned x = ex[i];
        int u = __builtin_ctz(x);
        x &= x - 1;
        int v = __builtin_ctz(x);
        x &= x - 1;
        if (!x) {
            single[u] |= 1u << v;
            single[v] |= 1u << u;
            pair_bars[u][v] = pair_bars[v][u] = 0x1FF;
        } else {
            int w = __builtin_ctz(x);
            pair_bars[u][v] |= (uint16_t)(1u << w);
            pair_bars[v][u] |= (uint16_t)(1u << w);
            pair_bars[u][w] |= (uint16_t)(1u << v);
            pair_bars[w][u] |= (uint16_t)(1u << v);
            pair_bars[v][w] |= (uint16_t)(1u << u);
            pair_bars[w][v] |= (uint16_t)(1u << u);
        }
    }
    unsigned kept[3] = {0, 0, 0};
    for (unsigned ma = m[0]; ma; ma &= ma - 1) {
        unsigned p = ma & (0u - ma);
        int ip = __builtin_ctz(p);
        for (unsigned mb = m[1]; mb; mb &= mb - 1) {
            unsigned q = mb & (0u - mb);
            if (p == q && same01) continue;
            /* the third digits this pair of digits allows: not one that shares a house
             * with a cell holding it, nor one an excluder bars */
            int iq = __builtin_ctz(q);
            unsigned allowed = m[2] & ~(same02 ? p : 0) & ~(same12 ? q : 0);
            allowed &= ~(single[ip] | single[iq] | pair_bars[ip][iq]);
            if (!allowed) continue;
            kept[0] |= p;
            kept[1] |= q;
            kept[2] |= allowed;
        }
        if (kept[0] == m[0] && kept[1] == m[1] && kept[2] == m[2]) return 0;  /* all kept */
    }
    int any = 0;
    for (int k = 0; k < 3; k++) {
        removed[k] = m[k] & ~kept[k];
        any |= removed[k] != 0;
    }
    return any;
}

/* Three base cells: a pair (by later cell, then earlier, seeing two common excluders) and a
 * third among the base cells seeing two of the pair's common excluders, taken from the
 * excluders of the pair's first cell in SE's order of its house cells, then of the second's.
 * args: the three cells, their common excluders (two words), each one's eliminated digits. */
int se_aligned_triplet_exclusion(const grid *g, se_hint *out) {
    set81 excluders[81];
    set81 bases = bases_of(g, 3, excluders);
    set81 todo = bases;
    for (int c1; (c1 = s_pop(&todo)) >= 0;) {
        set81 e1 = excluders[c1];
        set81 partners = s_and(s_and(seen_twice(e1), bases), below(c1));
        for (int c0; (c0 = s_pop(&partners)) >= 0;) {
            set81 e0 = excluders[c0];
            set81 tails = s_and(s_and(seen_twice(s_and(e0, e1)), s_or(e0, e1)), bases);
            s_del(&tails, c0);
            s_del(&tails, c1);
            for (int pass = 0; pass < 2; pass++) {
                int from = pass == 0 ? c0 : c1;
                set81 pick = pass == 0 ? s_and(tails, e0) : s_andnot(tails, e0);
                for (int j = 0; j < 20; j++) {
                    int t = SE_HOUSE_CELLS[from][j];
                    if (!s_has(pick, t)) continue;
                    const int cells[3] = {c0, c1, t};
                    set81 common = s_and(s_and(e0, e1), excluders[t]);
                    unsigned removed[3];
                    if (!triplet_removals(g, cells, common, removed)) continue;
                    hint_begin(out, T_ALIGNED_TRIPLET);
                    for (int c = 0; c < 81; c++) {  /* by cell, then digit */
                        for (int k = 0; k < 3; k++) {
                            if (cells[k] != c) continue;
                            for (unsigned m = removed[k]; m; m &= m - 1) hint_elim(out, c, m_first(m));
                        }
                    }
                    hint_args(out, c0, c1, t);
                    hint_set81(out, common);
                    hint_args(out, removed[0], removed[1], removed[2]);
                    return 1;
                }
            }
        }
    }
    return 0;
}
