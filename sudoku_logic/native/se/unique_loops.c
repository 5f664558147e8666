/* SE's Unique Rectangles and Unique Loops, types 1-4: the first hint in SE's order (twin
 * of strategies/se/unique_loops.py's unique_loops: _paths, _valid, _type1-_type4,
 * _loop_hints).  Sound only for a puzzle with one solution: the caller checks that. */
#include "se/unique_loops.h"
#include "se/order.h"

#include <stddef.h>

/* SE's raw difficulty of a unique loop hint of ``technique`` (grading/se.py, same floating
 * point): the table's number with what the loop's cells add, and for each cell of a type 3
 * set beyond the first (a hidden set's beyond the second). */
static double loop_difficulty(int technique, int cells, int subset, int hidden) {
    double se = se_loop_difficulty(se_base(technique), cells);
    if (subset) se += (subset - (hidden ? 2 : 1)) * SE_SUBSET_EXTRA;
    return se;
}

/* A cell holding both digits of the pair, as the walk reads it. */
typedef struct {
    uint8_t cell;
    uint8_t big;      /* more than the pair's two candidates */
    uint8_t on_loop;  /* can lie on a valid loop (loop_cells) */
    uint16_t extra;   /* its candidates beside the pair */
    uint32_t houses;  /* house_bits */
} loop_place;

/* A closed path whose hints were offered: its cells and its extra cells in the path's order
 * (the first two; the hints read no more of the order), for its pair of digits. */
typedef struct {
    set81 cells;
    uint32_t tag;  /* pair << 16 | first extra << 8 | second extra, 0 for an empty slot */
} loop_seen;

#define LOOP_MEMO 256 /* a power of two */

typedef struct {
    const grid *g;
    loop_seen seen[LOOP_MEMO];  /* cleared when first asked (seen_ready) */
    int seen_ready;
    unsigned pair;
    int a, b, start;
    loop_place places[27][9];  /* per house, its cells holding both digits, in house order */
    set81 on_loop;          /* those that can lie on a valid loop (loop_cells) */
    int nplaces[27];
    int loop[81];
    int len;
    /* the best hint so far */
    int found;
    double diff;
    int type;
    se_hint *out;
} loop_search;

/* the position of cell ``c`` in its house ``h`` (HOUSE_CELLS' order) */
static int house_index(int h, int c) {
    if (h < 9) return c % 9;
    if (h < 18) return c / 9;
    return c / 9 % 3 * 3 + c % 3;
}

static unsigned house_bits(int c) {
    return 1u << CELL_HOUSE[c][0] | 1u << CELL_HOUSE[c][1] | 1u << CELL_HOUSE[c][2];
}


/* Whether a hint of ``type`` with a set of ``subset`` cells (``hidden``) on the current loop
 * would come before the best (offer keeps only such a hint). */
static int would_keep(const loop_search *s, int type, int subset, int hidden) {
    if (!s->found) return 1;
    int technique = s->len == 4 ? T_UR_1 + type - 1 : T_UL_1 + type - 1;
    double diff = loop_difficulty(technique, s->len, subset, hidden);
    return diff < s->diff || (diff == s->diff && type < s->type);
}

/* Offer a hint: kept if it comes before the best in SE's order (difficulty, type, found
 * first).  args: type, a, b, value (type 2) or locked digit (type 4), set size, hidden,
 * set digits, set cells (indexes in the house, 9-bit mask), house; path: the loop. */
static int offer(loop_search *s, int type, int subset, int hidden, int value, unsigned set_digits,
                 unsigned set_idx, int house, const uint8_t (*elims)[2], int nelim) {
    if (!nelim) return 0;
    int technique = s->len == 4 ? T_UR_1 + type - 1 : T_UL_1 + type - 1;
    double diff = loop_difficulty(technique, s->len, subset, hidden);
    if (s->found && !(diff < s->diff || (diff == s->diff && type < s->type))) return 0;
    se_hint *out = s->out;
    hint_begin(out, technique);
    hint_elims_sorted(out, elims, nelim);
    hint_args(out, type, s->a, s->b, value, subset, hidden, set_digits, set_idx, house);
    out->npath = s->len;
    for (int i = 0; i < s->len && i < SE_MAX_PATH; i++) {
        out->path_key[i] = (uint16_t)s->loop[i];
        out->path_cause[i] = 0;
    }
    s->found = 1;
    s->diff = diff;
    s->type = type;
    return 1;
}

/* _type2: the extra digit of the first extra cell leaves every cell seeing all of them */
static void type2(loop_search *s, const int *extra, int nextra) {
    const grid *g = s->g;
    int value = m_first(g->cand[extra[0]] & ~s->pair);
    set81 seen = g->pos[value];
    for (int i = 0; i < nextra; i++) seen = s_and(seen, PEER_SET[extra[i]]);
    uint8_t elims[81][2];
    int n = 0;
    for (int c; (c = s_pop(&seen)) >= 0;) { elims[n][0] = (uint8_t)c; elims[n][1] = (uint8_t)value; n++; }
    offer(s, 2, 0, 0, value, 0, 0, 0, (const uint8_t (*)[2])elims, n);
}

/* SE's common tuple: the union of ``masks`` if each has two bits or more (``light``: one or
 * more) and the union ``degree`` bits, else 0 */
static unsigned common(const unsigned *masks, int n, int degree, int light) {
    unsigned u = 0;
    for (int i = 0; i < n; i++) {
        if (light ? masks[i] == 0 : m_count(masks[i]) < 2) return 0;
        u |= masks[i];
    }
    return m_count(u) == degree ? u : 0;
}

/* _type3: naked, then hidden sets in the houses c1 and c2 share, by growing degree */
static void type3(loop_search *s, int c1, int c2) {
    const grid *g = s->g;
    unsigned pair = s->pair;
    unsigned extra = (g->cand[c1] | g->cand[c2]) & ~pair;
    unsigned both_extra = extra & g->cand[c1] & g->cand[c2];
    int rest[9], nrest = 0;
    for (int d = 1; d <= 9; d++) {
        if (d != s->a && d != s->b && !(extra >> (d - 1) & 1)) rest[nrest++] = d;
    }
    int shared[3], nshared = 0;
    static const int kinds[3] = {2, 0, 1};  /* box, row, column */
    for (int t = 0; t < 3; t++) {
        int h = CELL_HOUSE[c1][kinds[t]];
        if (h == CELL_HOUSE[c2][kinds[t]]) shared[nshared++] = h;
    }
    /* per shared house: its empty cells, the cells other than c1 and c2 with two candidates
     * or more, and each digit's places but c2's (none of these change with the degree) */
    int mates[3][9], nmates_of[3], empty_of[3];
    unsigned dplaces[3][10];
    for (int k = 0; k < nshared; k++) {
        int h = shared[k], i2 = house_index(h, c2);
        nmates_of[k] = empty_of[k] = 0;
        memset(dplaces[k], 0, sizeof dplaces[k]);
        for (int i = 0; i < 9; i++) {
            int c = HOUSE_CELLS[h][i];
            if (!g->value[c]) empty_of[k]++;
            if (c != c1 && c != c2 && m_count(g->cand[c]) >= 2) mates[k][nmates_of[k]++] = c;
            if (i == i2) continue;
            for (unsigned m = g->cand[c] & 0x1FF; m; m &= m - 1) dplaces[k][m_first(m)] |= 1u << i;
        }
    }
    for (int degree = m_count(extra); degree < 8; degree++) {
        for (int k = 0; k < nshared; k++) {
            int h = shared[k];
            int nmates = nmates_of[k], empty = empty_of[k];
            int i1 = house_index(h, c1), i2 = house_index(h, c2);
            if (degree * 2 <= empty && m_count(extra) >= 2 && degree - 1 <= nmates && would_keep(s, 3, degree, 0)) {
                for (int t = 0; t < SE_SUBSET_COUNT[nmates][degree - 1]; t++) {
                    unsigned pick = SE_SUBSETS[nmates][degree - 1][t];
                    unsigned masks[9], naked = both_extra, set_idx = 0;
                    int nm = 0;
                    masks[nm++] = extra;
                    set81 skip = S_EMPTY;
                    s_add(&skip, c1);
                    s_add(&skip, c2);
                    for (int j = 0; j < nmates; j++) {
                        if (!(pick >> j & 1)) continue;
                        masks[nm++] = g->cand[mates[k][j]];
                        naked |= g->cand[mates[k][j]];
                        s_add(&skip, mates[k][j]);
                        set_idx |= 1u << house_index(h, mates[k][j]);
                    }
                    if (m_count(naked) != degree) continue;
                    unsigned digits = common(masks, nm, degree, 0);
                    if (!digits) continue;
                    uint8_t elims[81][2];
                    int n = 0;
                    for (int i = 0; i < 9; i++) {
                        int c = HOUSE_CELLS[h][i];
                        if (s_has(skip, c)) continue;
                        for (unsigned m = g->cand[c] & digits; m; m &= m - 1) {
                            elims[n][0] = (uint8_t)c;
                            elims[n][1] = (uint8_t)m_first(m);
                            n++;
                        }
                    }
                    offer(s, 3, degree, 0, 0, digits, set_idx, h, (const uint8_t (*)[2])elims, n);
                }
            }
            if (degree * 2 < empty && degree - 2 <= nrest && would_keep(s, 3, degree, 1)) {
                for (int t = 0; t < SE_SUBSET_COUNT[nrest][degree - 2]; t++) {
                    unsigned pick = SE_SUBSETS[nrest][degree - 2][t];
                    int digits[9], nd = 0;
                    for (int j = 0; j < nrest; j++) {
                        if (pick >> j & 1) digits[nd++] = rest[j];
                    }
                    digits[nd++] = s->a;
                    digits[nd++] = s->b;
                    unsigned places[9], dmask = 0;
                    for (int j = 0; j < nd; j++) {
                        places[j] = dplaces[k][digits[j]];
                        dmask |= 1u << (digits[j] - 1);
                    }
                    unsigned where = common(places, nd, degree, 1);
                    if (!where) continue;
                    unsigned idx = where & ~(1u << i1) & ~(1u << i2);
                    uint8_t elims[81][2];
                    int n = 0;
                    for (int i = 0; i < 9; i++) {
                        if (!(idx >> i & 1)) continue;
                        int c = HOUSE_CELLS[h][i];
                        for (unsigned m = g->cand[c] & ~dmask & 0x1FF; m; m &= m - 1) {
                            elims[n][0] = (uint8_t)c;
                            elims[n][1] = (uint8_t)m_first(m);
                            n++;
                        }
                    }
                    offer(s, 3, degree, 1, 0, dmask, idx, h, (const uint8_t (*)[2])elims, n);
                }
            }
        }
    }
}

/* _type4: a (else b) with no other place in a house of c1 and c2 (the last such house by
 * type box, row, column): neither cell can be the other digit */
static void type4(loop_search *s, int c1, int c2) {
    const grid *g = s->g;
    int lock_a = -1, lock_b = -1;
    static const int kinds[3] = {2, 0, 1};
    for (int t = 0; t < 3; t++) {
        int h = CELL_HOUSE[c1][kinds[t]];
        if (h != CELL_HOUSE[c2][kinds[t]]) continue;
        int has_a = 0, has_b = 0;
        for (int i = 0; i < 9; i++) {
            int c = HOUSE_CELLS[h][i];
            if (c == c1 || c == c2) continue;
            has_a |= g->cand[c] >> (s->a - 1) & 1;
            has_b |= g->cand[c] >> (s->b - 1) & 1;
        }
        if (!has_a) lock_a = h;
        if (!has_b) lock_b = h;
    }
    int house, lock, rem;
    if (lock_a >= 0) { house = lock_a; lock = s->a; rem = s->b; }
    else if (lock_b >= 0) { house = lock_b; lock = s->b; rem = s->a; }
    else return;
    uint8_t elims[2][2] = {{(uint8_t)c1, (uint8_t)rem}, {(uint8_t)c2, (uint8_t)rem}};
    offer(s, 4, 0, 0, lock, 0, 0, house, (const uint8_t (*)[2])elims, 2);
}

/* SE's isValidLoop for a closed path whose cells at even and at odd positions lie in houses
 * ``even`` and ``odd``: no house holds two cells of one parity of position (the walk never
 * adds such a cell), and the houses of even and of odd positions are the same. */
static int valid_loop(unsigned even, unsigned odd) {
    return even == odd;
}

/* Whether the hints of a closed path with these cells, extra cells in this order and pair
 * were offered before (and note that they now are): they would be offered again, each as
 * hard as the first time, so none would be kept (the path they carry aside).  A full memo
 * only forgets. */
static int offered_before(loop_search *s, const int *extra, int nextra) {
    set81 cells = S_EMPTY;
    for (int i = 0; i < s->len; i++) s_add(&cells, s->loop[i]);
    uint32_t tag = s->pair << 16 | (uint32_t)(nextra > 0 ? extra[0] + 1 : 0) << 8 | (uint32_t)(nextra > 1 ? extra[1] + 1 : 0);
    uint64_t h = (cells.w[0] * 0x9E3779B97F4A7C15ull) ^ (cells.w[1] * 0xC2B2AE3D27D4EB4Full) ^ tag;
    h ^= h >> 29;
    if (!s->seen_ready) {
        memset(s->seen, 0, sizeof s->seen);
        s->seen_ready = 1;
    }
    for (int probe = 0; probe < 8; probe++) {
        loop_seen *e = &s->seen[(h + (uint64_t)probe) & (LOOP_MEMO - 1)];
        if (!e->tag) {
            e->cells = cells;
            e->tag = tag;
            return 0;
        }
        if (e->tag == tag && e->cells.w[0] == cells.w[0] && e->cells.w[1] == cells.w[1]) return 1;
    }
    return 0;
}

/* The hints of a closed path (_loop_hints' body), its houses by parity of position in
 * ``even`` and ``odd``. */
static void loop_found(loop_search *s, unsigned even, unsigned odd) {
    const grid *g = s->g;
    if (!valid_loop(even, odd)) return;
    int extra[81], nextra = 0;
    for (int i = 0; i < s->len; i++) {
        if (m_count(g->cand[s->loop[i]]) > 2) extra[nextra++] = s->loop[i];
    }
    if (nextra && offered_before(s, extra, nextra)) return;
    if (nextra == 1) {
        uint8_t elims[2][2] = {{(uint8_t)extra[0], (uint8_t)s->a}, {(uint8_t)extra[0], (uint8_t)s->b}};
        offer(s, 1, 0, 0, 0, 0, 0, 0, (const uint8_t (*)[2])elims, 2);
    } else if (nextra > 2) {
        type2(s, extra, nextra);
    } else if (nextra == 2) {
        int c1 = extra[0], c2 = extra[1];
        if (m_count((g->cand[c1] | g->cand[c2]) & ~s->pair) == 1) type2(s, extra, 2);
        else type3(s, c1, c2);
        type4(s, c1, c2);
    }
}

/* SE's checkForLoops from the path so far (_paths' walk): ``ex`` gathers the extra digits
 * of every next cell tried from here, over the siblings.  A path through a cell on no valid
 * loop closes none that is reported, so it is not followed (its digits still count in ``ex``). */
static void walk(loop_search *s, int cell, set81 inside, int allowed, unsigned ex, int came_by,
                 unsigned even, unsigned odd) {
    static const int kinds[3] = {2, 0, 1};
    for (int t = 0; t < 3; t++) {
        if (t == came_by) continue;
        int h = CELL_HOUSE[cell][kinds[t]];
        for (int i = 0; i < s->nplaces[h]; i++) {
            const loop_place *p = &s->places[h][i];
            int nxt = p->cell;
            if (nxt == s->start && s->len >= 4) {
                loop_found(s, even, odd);
            } else if (!s_has(inside, nxt)) {
                ex |= p->extra;
                int big = p->big;
                if (!p->on_loop) continue;
                if (!big || m_count(ex) == 1 || allowed > 0) {
                    unsigned hb = p->houses;
                    if (s->len >= 81) continue;
                    set81 in2 = inside;
                    s_add(&in2, nxt);
                    if (s->len & 1) {
                        if (odd & hb) continue;
                        s->loop[s->len++] = nxt;
                        walk(s, nxt, in2, allowed - big, ex, t, even, odd | hb);
                    } else {
                        if (even & hb) continue;
                        s->loop[s->len++] = nxt;
                        walk(s, nxt, in2, allowed - big, ex, t, even | hb, odd);
                    }
                    s->len--;
                }
            }
        }
    }
}

/* The cells of ``both`` that can lie on a loop the walk reports: a valid loop has exactly
 * two cells in each house it touches (its houses at even and at odd positions are the same,
 * and neither parity has two cells in a house), so a cell alone in one of its houses is on
 * none, and neither is one that is alone once those are left out. */
static set81 loop_cells(set81 both) {
    for (;;) {
        set81 alone = S_EMPTY;
        for (int h = 0; h < 27; h++) {
            set81 here = s_and(both, HOUSE_SET[h]);
            if (s_any(here) && !s_many(here)) alone = s_or(alone, here);
        }
        if (!s_any(alone)) return both;
        both = s_andnot(both, alone);
    }
}

/* From every bivalue cell in reading order, every closed path through cells holding both
 * its digits; the first hint in SE's order (difficulty, type, found first).  A start on no
 * valid loop (loop_cells, worked out once per pair of digits) has no walk: it would report
 * nothing. */
int se_unique_loops(const grid *g, se_hint *out) {
    loop_search s;
    memset(&s, 0, offsetof(loop_search, seen));
    memset(&s.seen_ready, 0, sizeof s - offsetof(loop_search, seen_ready));
    s.g = g;
    s.out = out;
    set81 on_loop[512];
    uint8_t known[512];
    memset(known, 0, sizeof known);
    set81 todo = g->empty;
    for (int start; (start = s_pop(&todo)) >= 0;) {
        unsigned pair = g->cand[start];
        if (m_count(pair) != 2) continue;
        s.pair = pair;
        s.a = m_first(pair);
        s.b = m_last(pair);
        s.start = start;
        set81 both = s_and(g->pos[s.a], g->pos[s.b]);
        if (!known[pair]) {
            on_loop[pair] = loop_cells(both);
            known[pair] = 1;
        }
        if (!s_has(on_loop[pair], start)) continue;
        s.on_loop = on_loop[pair];
        for (int h = 0; h < 27; h++) {  /* a house's cells come in increasing order */
            s.nplaces[h] = 0;
            set81 here = s_and(both, HOUSE_SET[h]);
            for (int c; (c = s_pop(&here)) >= 0;) {
                loop_place *p = &s.places[h][s.nplaces[h]++];
                p->cell = (uint8_t)c;
                p->big = m_count(g->cand[c]) > 2;
                p->on_loop = (uint8_t)s_has(s.on_loop, c);
                p->extra = (uint16_t)(g->cand[c] & ~pair);
                p->houses = house_bits(c);
            }
        }
        s.loop[0] = start;
        s.len = 1;
        set81 inside = S_EMPTY;
        s_add(&inside, start);
        walk(&s, start, inside, 2, 0, -1, house_bits(start), 0);
    }
    return s.found;
}
