/* SE's orders: its houses, each cell's peers and the subsets in the order SE tries them
 * (the twin of strategies/se/order.py). */
#ifndef SE_ORDER_H
#define SE_ORDER_H

#include "core/grid.h"

extern uint8_t SE_HOUSES[27];          /* boxes, columns, rows */
extern uint8_t SE_HOUSE_CELLS[81][20]; /* peers: box, then rest of row, then rest of column */
/* the k-subsets of 0..n-1 (n <= 9) as bit masks in SE's order (increasing numbers) */
extern uint16_t SE_SUBSETS[10][10][126];
extern uint8_t SE_SUBSET_COUNT[10][10];

/* the tables above, worked out once (after grid_tables_init) */
void se_order_init(void);

/* How many places each digit has in house ``h``, for the nine digits at once in bit planes
 * (bit d - 1 of *ones, *twos, *fours, *eights: the count's bits), added up over the house's
 * candidate masks. */
static inline void place_counts(const grid *g, int h, unsigned *ones, unsigned *twos, unsigned *fours,
                                unsigned *eights) {
    unsigned o = 0, t = 0, f = 0, e = 0;
    for (int j = 0; j < 9; j++) {
        unsigned m = g->cand[HOUSE_CELLS[h][j]], c1 = o & m, c2 = t & c1;
        o ^= m;
        t ^= c1;
        e |= f & c2;
        f ^= c2;
    }
    *ones = o;
    *twos = t;
    *fours = f;
    *eights = e;
}

/* The digits with two to ``most`` places in house ``h`` (``eligible``, ascending); returns
 * their count (the twin of order.confined_sets: a digit with more places than a set has
 * cells is never in it, and the subsets of the others in increasing order are SE's that can
 * succeed, in its order).  ``most`` is at most 4. */
static inline int eligible_digits(const grid *g, int h, int most, int eligible[9]) {
    unsigned ones, twos, fours, eights;
    place_counts(g, h, &ones, &twos, &fours, &eights);
    unsigned at_most = most <= 2 ? ~(fours | eights | (twos & ones))
                       : most == 3 ? ~(fours | eights) : ~(eights | (fours & (ones | twos)));
    unsigned pick = (twos | fours | eights) & at_most & 0x1ffu;
    int n = 0;
    for (; pick; pick &= pick - 1) eligible[n++] = m_first(pick);
    return n;
}

/* House ``h``'s eligible digits (eligible_digits) for hidden sets of ``size``, when it
 * has more than ``least`` empty cells and ``size`` eligible digits; returns their count, else 0. */
static inline int set_house(const grid *g, int h, int least, int size, int eligible[9]) {
    if (s_count(s_and(g->empty, HOUSE_SET[h])) <= least) return 0;
    int n = eligible_digits(g, h, size, eligible);
    return n < size ? 0 : n;
}

/* Up to 126 subsets of some items (digits of a house, lines of a fish) whose 9-bit masks
 * (places, cover lines) fill exactly as many bits as they have items, in SE's order: each as
 * the items' mask (``sub``) and its union (``uni``). */
typedef struct {
    int n;
    uint16_t sub[126];
    uint16_t uni[126];
} confined_list;

/* Appends a subset to ``out``; never past its end (n <= 9 items give at most 126). */
static inline void confined_push(confined_list *out, unsigned sub, unsigned uni) {
    if (out->n >= (int)(sizeof out->sub / sizeof out->sub[0])) return;
    out->sub[out->n] = (uint16_t)sub;
    out->uni[out->n++] = (uint16_t)uni;
}

/* confined_subsets from the ``left`` last items on, taken among the items [0, below): item j
 * is bit ids[j] of ``sub`` and has the mask local[j] */
static inline void confined_from(const unsigned *local, const int *ids, int below, int left, int size, unsigned uni,
                                 unsigned sub, confined_list *out) {
    for (int j = left - 1; j < below; j++) {
        unsigned u = uni | local[j];
        if (m_count(u) > size) continue;  /* a larger set only grows */
        unsigned sj = sub | 1u << ids[j];
        if (left > 1) {
            confined_from(local, ids, j, left - 1, size, u, sj, out);
        } else if (m_count(u) == size) {
            confined_push(out, sj, u);
        }
    }
}

/* The subsets of ``size`` of ``n`` items (n <= 9; item j: bit ids[j], mask local[j], ids
 * increasing) whose masks fill exactly ``size`` bits, in SE's order: increasing sets of
 * items, that is by their last item, then the one before, and so on.  A subset whose last
 * items already fill more bits is passed over with all it would grow into (pairs and
 * triples in plain loops, larger sets by confined_from). */
static inline void confined_subsets(const unsigned *local, const int *ids, int n, int size, confined_list *out) {
    out->n = 0;
    if (size == 2) {  /* by the last item, then the first */
        for (int j = 1; j < n; j++) {
            for (int i = 0; i < j; i++) {
                unsigned u = local[i] | local[j];
                if (m_count(u) != 2) continue;
                confined_push(out, 1u << ids[i] | 1u << ids[j], u);
            }
        }
    } else if (size == 3) {  /* by the last item, then the one before, then the first */
        for (int k = 2; k < n; k++) {
            for (int j = 1; j < k; j++) {
                unsigned uj = local[j] | local[k];
                if (m_count(uj) > 3) continue;
                for (int i = 0; i < j; i++) {
                    unsigned u = uj | local[i];
                    if (m_count(u) != 3) continue;
                    confined_push(out, 1u << ids[i] | 1u << ids[j] | 1u << ids[k], u);
                }
            }
        }
    } else {
        confined_from(local, ids, n, size, size, 0, 0, out);
    }
}

/* The confined sets of ``size`` eligible digits of house ``h`` (eligible_digits, ``n`` of
 * them): ``sub``, the digits as a 9-bit mask; ``uni``, their cells as a mask of the house's
 * (HOUSE_CELLS' order). */
static inline void confined_sets(const grid *g, int h, const int *eligible, int n, int size, confined_list *out) {
    unsigned by_digit[9] = {0}, local[9], pick = 0;
    int ids[9];
    for (int k = 0; k < n; k++) pick |= 1u << (eligible[k] - 1);
    for (int j = 0; j < 9; j++) {
        for (unsigned m = g->cand[HOUSE_CELLS[h][j]] & pick; m; m &= m - 1) by_digit[__builtin_ctz(m)] |= 1u << j;
    }
    for (int k = 0; k < n; k++) {
        ids[k] = eligible[k] - 1;
        local[k] = by_digit[ids[k]];
    }
    confined_subsets(local, ids, n, size, out);
}

/* the cells of house ``h`` in ``idx`` (a mask of its cells in HOUSE_CELLS' order) */
static inline set81 house_cells_of(int h, unsigned idx) {
    set81 out = S_EMPTY;
    for (; idx; idx &= idx - 1) s_add(&out, HOUSE_CELLS[h][__builtin_ctz(idx)]);
    return out;
}

/* SE's crossing pairs of houses, by kind in its order: box/column, box/row, column/box,
 * row/box (first houses from these numbers, second houses from these) */
static const uint8_t SE_CROSSING[4][2] = {{18, 9}, {18, 0}, {9, 18}, {0, 18}};

/* By kind of crossing pair and cell: the house of the pair's second kind through the cell,
 * and its place (0-2) among the three that cross the first house holding the cell, in
 * increasing order (se_crossing_house) */
extern uint8_t SE_CROSSING_HOUSE[4][81], SE_CROSSING_RANK[4][81];

/* The house of kind ``k``'s second kind through ``cell``, and in *rank its place (0-2)
 * among the three that cross the first house holding ``cell``, in increasing order. */
static inline int se_crossing_house(int k, int cell, int *rank) {
    *rank = SE_CROSSING_RANK[k][cell];
    return SE_CROSSING_HOUSE[k][cell];
}

/* For first house ``h1`` of kind ``k``, by the rank of the crossing house (se_crossing_house):
 * the digits with two or more places in ``h1``, all inside that crossing house.  Those pairs
 * are the only ones of ``h1`` where a digit is locked, so a search by crossing house, then
 * digit, meets them in SE's order. */
static inline void se_locked_digits(const grid *g, int k, int h1, unsigned by_rank[3]) {
    by_rank[0] = by_rank[1] = by_rank[2] = 0;
    for (int d = 1; d <= 9; d++) {
        set81 p = s_and(g->pos[d], HOUSE_SET[h1]);
        if (!s_many(p)) continue;
        int rank, h2 = se_crossing_house(k, s_first(p), &rank);
        if (s_subset(p, HOUSE_SET[h2])) by_rank[rank] |= 1u << (d - 1);
    }
}

#endif
