/* SE's Aligned Pair Exclusion: the first hint in SE's order (twin of
 * strategies/aligned_exclusion.py's aligned_pair_exclusion: _bases, _seen_twice,
 * pair_exclusions). */
#include "se_grid.h"

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
static unsigned pair_exclusions(const se_grid *g, int a, int b, set81 common) {
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

/* Base cells: two or more candidates, seeing no cell with one and at least one bivalue cell
 * (its excluders), in reading order; pairs by their later cell, then their earlier one,
 * seeing two common excluders.  args: a, b, common excluders (two words), a's and b's
 * masks of eliminated digits. */
int se_aligned_pair_exclusion(const se_grid *g, se_hint *out) {
    set81 at1 = S_EMPTY, at2 = S_EMPTY, at3 = S_EMPTY;
    for (int d = 1; d <= 9; d++) {
        at3 = s_or(at3, s_and(at2, g->pos[d]));
        at2 = s_or(at2, s_and(at1, g->pos[d]));
        at1 = s_or(at1, g->pos[d]);
    }
    set81 small = s_andnot(at2, at3);
    set81 singles = s_andnot(at1, at2), blocked = S_EMPTY;
    for (int c; (c = s_pop(&singles)) >= 0;) blocked = s_or(blocked, PEER_SET[c]);
    set81 excluders[81];
    set81 bases = S_EMPTY;
    set81 rest = s_andnot(at2, blocked);
    for (int c; (c = s_pop(&rest)) >= 0;) {
        excluders[c] = s_and(PEER_SET[c], small);
        if (s_any(excluders[c])) s_add(&bases, c);
    }
    set81 todo = bases;
    for (int b; (b = s_pop(&todo)) >= 0;) {
        set81 eb = excluders[b];
        set81 below = S_EMPTY;  /* cells before b */
        if (b < 64) below.w[0] = ((uint64_t)1 << b) - 1;
        else { below.w[0] = ~(uint64_t)0; below.w[1] = ((uint64_t)1 << (b - 64)) - 1; }
        set81 partners = s_and(s_and(seen_twice(eb), bases), below);
        for (int a; (a = s_pop(&partners)) >= 0;) {
            set81 common = s_and(excluders[a], eb);
            unsigned removed = pair_exclusions(g, a, b, common);
            if (!removed) continue;
            out->technique = T_ALIGNED_PAIR;
            out->nplace = 0;
            out->nelim = 0;
            /* sorted by cell (a < b), then digit */
            for (unsigned m = removed & 0x1FF; m; m &= m - 1) hint_elim(out, a, m_first(m));
            for (unsigned m = removed >> 9; m; m &= m - 1) hint_elim(out, b, m_first(m));
            out->nargs = 0;
            hint_arg(out, (uint64_t)a);
            hint_arg(out, (uint64_t)b);
            hint_set81(out, common);
            hint_arg(out, removed & 0x1FF);
            hint_arg(out, removed >> 9);
            return 1;
        }
    }
    return 0;
}
