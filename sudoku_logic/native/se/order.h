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

/* A house's places for each digit (``places[d]``) and the digits with two to ``most``
 * places (``eligible``, ascending); returns their count (the twin of
 * order.confined_sets: a digit with more places than a set has cells is never in it,
 * and the subsets of the others in increasing order are SE's that can succeed, in its order). */
static inline int house_places(const grid *g, int h, int most, set81 places[10], int eligible[9]) {
    int n = 0;
    for (int d = 1; d <= 9; d++) {
        places[d] = s_and(g->pos[d], HOUSE_SET[h]);
        int k = s_count(places[d]);
        if (k >= 2 && k <= most) eligible[n++] = d;
    }
    return n;
}
/* Whether the ``size`` eligible digits of subset ``sub`` (a mask over ``eligible``) fill
 * exactly ``size`` cells: those cells in *cells, the digits as a mask in *digits. */
static inline int confined_set(const set81 places[10], const int *eligible, int n, unsigned sub, int size,
                               set81 *cells, unsigned *digits) {
    set81 uni = S_EMPTY;
    unsigned mask = 0;
    for (int j = 0; j < n; j++) {
        if (sub >> j & 1) {
            uni = s_or(uni, places[eligible[j]]);
            mask |= 1u << (eligible[j] - 1);
        }
    }
    *cells = uni;
    *digits = mask;
    return s_count(uni) == size;
}

/* House ``h``'s places and eligible digits (house_places) for hidden sets of ``size``, when it
 * has more than ``least`` empty cells and ``size`` eligible digits; returns their count, else 0. */
static inline int set_house(const grid *g, int h, int least, int size, set81 places[10], int eligible[9]) {
    if (s_count(s_and(g->empty, HOUSE_SET[h])) <= least) return 0;
    int n = house_places(g, h, size, places, eligible);
    return n < size ? 0 : n;
}
/* The next subset of ``size`` of the ``n`` eligible digits, from number *t on in SE's order,
 * that is a confined set (confined_set, its cells and digits in *cells and *digits);
 * returns 0 when none is left. */
static inline int next_confined_set(const set81 places[10], const int *eligible, int n, int size, int *t,
                                    set81 *cells, unsigned *digits) {
    while (*t < SE_SUBSET_COUNT[n][size]) {
        if (confined_set(places, eligible, n, SE_SUBSETS[n][size][(*t)++], size, cells, digits)) return 1;
    }
    return 0;
}

/* SE's crossing pairs of houses, by kind in its order: box/column, box/row, column/box,
 * row/box (first houses from these numbers, second houses from these) */
static const uint8_t SE_CROSSING[4][2] = {{18, 9}, {18, 0}, {9, 18}, {0, 18}};

/* The house of kind ``k``'s second kind through ``cell``, and in *rank its place (0-2)
 * among the three that cross the first house holding ``cell``, in increasing order. */
static inline int se_crossing_house(int k, int cell, int *rank) {
    int r = cell / 9, c = cell % 9;
    switch (k) {
    case 0: *rank = c % 3; return 9 + c;
    case 1: *rank = r % 3; return r;
    case 2: *rank = r / 3; return CELL_HOUSE[cell][2];
    default: *rank = c / 3; return CELL_HOUSE[cell][2];
    }
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
