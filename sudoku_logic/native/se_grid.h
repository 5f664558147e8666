/* The compiled SE engine's data: 81-cell sets, the candidate grid, the board's tables and
 * the record a rule fills for a hint (the twin of sudoku_logic/core/grid.py and houses.py).
 *
 * Cells are 0..80 row by row, houses 0..26 (rows, columns, boxes), digits 1..9 with bit
 * d - 1 in a 9-bit mask, as on the Python side.  Fixed arrays only: no allocation. */
#ifndef SE_GRID_H
#define SE_GRID_H

#include <stdint.h>
#include <string.h>

/* ------------------------------------------------------------------ 81-cell sets */

/* Cells 0-63 in w[0], 64-80 in w[1] (bits 0-16). */
typedef struct { uint64_t w[2]; } set81;

/* Bits set in a word: the CPU's instruction where the build may use it, else the classic
 * bit-parallel sum inline (x86-64's baseline has no POPCNT, and GCC would call a library
 * routine for every count). */
static inline int pop64(uint64_t x) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

static inline set81 s_and(set81 a, set81 b) { set81 r = {{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; return r; }
static inline set81 s_or(set81 a, set81 b) { set81 r = {{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; return r; }
static inline set81 s_andnot(set81 a, set81 b) { set81 r = {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; return r; }
static inline int s_any(set81 a) { return (a.w[0] | a.w[1]) != 0; }
static inline int s_count(set81 a) { return pop64(a.w[0]) + pop64(a.w[1]); }
/* at least two cells */
static inline int s_many(set81 a) {
    return (a.w[0] & (a.w[0] - 1)) != 0 || (a.w[1] & (a.w[1] - 1)) != 0 || (a.w[0] && a.w[1]);
}
/* exactly one cell */
static inline int s_one(set81 a) { return s_any(a) && !s_many(a); }
static inline int s_has(set81 a, int c) { return (int)((a.w[c >> 6] >> (c & 63)) & 1u); }
static inline void s_add(set81 *a, int c) { a->w[c >> 6] |= (uint64_t)1 << (c & 63); }
static inline void s_del(set81 *a, int c) { a->w[c >> 6] &= ~((uint64_t)1 << (c & 63)); }
static inline int s_subset(set81 a, set81 b) { return !((a.w[0] & ~b.w[0]) | (a.w[1] & ~b.w[1])); }
/* the lowest cell of a non-empty set */
static inline int s_first(set81 a) {
    return a.w[0] ? __builtin_ctzll(a.w[0]) : 64 + __builtin_ctzll(a.w[1]);
}
/* the lowest cell of *a, removed from it; -1 once empty */
static inline int s_pop(set81 *a) {
    if (a->w[0]) { int c = __builtin_ctzll(a->w[0]); a->w[0] &= a->w[0] - 1; return c; }
    if (a->w[1]) { int c = 64 + __builtin_ctzll(a->w[1]); a->w[1] &= a->w[1] - 1; return c; }
    return -1;
}
static const set81 S_EMPTY = {{0, 0}};

/* candidates in a 9-bit mask */
extern uint8_t MASK_COUNT[512];
static inline int m_count(unsigned m) { return MASK_COUNT[m & 0x1ff]; }
/* the lowest digit (1-9) of a non-empty 9-bit mask */
static inline int m_first(unsigned m) { return __builtin_ctz(m) + 1; }
/* the highest digit of a non-empty mask (Python's ``mask.bit_length()``) */
static inline int m_last(unsigned m) { return 32 - __builtin_clz(m); }

/* ------------------------------------------------------------------ tables */

extern uint8_t HOUSE_CELLS[27][9];
extern set81 HOUSE_SET[27];
extern set81 PEER_SET[81];
extern uint8_t CELL_HOUSE[81][3];      /* row, column, box house */
extern uint8_t SE_HOUSES[27];          /* boxes, columns, rows */
extern uint8_t SE_HOUSE_CELLS[81][20]; /* peers: box, then rest of row, then rest of column */
/* the k-subsets of 0..n-1 (n <= 9) as bit masks in SE's order (increasing numbers) */
extern uint16_t SE_SUBSETS[10][10][126];
extern uint8_t SE_SUBSET_COUNT[10][10];

void se_tables_init(void);

/* ------------------------------------------------------------------ the grid */

typedef struct {
    uint8_t value[81];   /* placed digit or 0 */
    uint16_t cand[81];   /* 9-bit candidate mask of an empty cell, 0 once placed */
    set81 pos[10];       /* pos[d]: empty cells with candidate d (pos[0] unused, empty) */
    set81 placed[10];    /* placed[d]: cells holding d */
    set81 empty;         /* cells without a value */
} se_grid;

/* The grid with these values and candidates (cand of a placed cell ignored); the sets are
 * worked out from them.  Returns 0, or -1 if a value or a mask is out of range. */
int se_grid_load(se_grid *g, const uint8_t *values, const uint16_t *cands);
void se_grid_place(se_grid *g, int cell, int d);
int se_grid_eliminate(se_grid *g, int cell, int d);
/* whether Grid.contradiction() finds nothing */
int se_grid_sound(const se_grid *g);
/* cells with exactly one candidate */
set81 se_one_candidate_cells(const se_grid *g);

/* ------------------------------------------------------------------ hints */

#define SE_MAX_ELIMS 128
#define SE_MAX_ARGS 10
#define SE_MAX_PATH 1024

/* Techniques by code: the order of strategies/se/se_compiled.py's TECHNIQUES. */
enum {
    T_FULL_HOUSE, T_HIDDEN_SINGLE, T_NAKED_SINGLE, T_DIRECT_POINTING, T_DIRECT_CLAIMING,
    T_DIRECT_HIDDEN_PAIR, T_DIRECT_HIDDEN_TRIPLET, T_POINTING, T_CLAIMING,
    T_NAKED_PAIR, T_NAKED_TRIPLE, T_NAKED_QUADRUPLE, T_HIDDEN_PAIR, T_HIDDEN_TRIPLE,
    T_HIDDEN_QUADRUPLE, T_X_WING, T_SWORDFISH, T_JELLYFISH, T_XY_WING, T_XYZ_WING,
    T_X_CYCLE, T_Y_CYCLE, T_XY_CYCLE, T_FORCING_X_CHAIN, T_FORCING_CHAIN,
    T_UR_1, T_UR_2, T_UR_3, T_UR_4, T_UL_1, T_UL_2, T_UL_3, T_UL_4,
    T_BUG_1, T_BUG_2, T_BUG_3, T_BUG_4, T_ALIGNED_PAIR, T_ALIGNED_TRIPLET, T_CELL_FORCING,
    T_REGION_FORCING, T_NISHIO, T_DYN_CONTRADICTION, T_DYN_DOUBLE, T_DYN_CELL, T_DYN_REGION,
    T_DYN1_CONTRADICTION, T_DYN1_DOUBLE, T_DYN1_CELL, T_DYN1_REGION,
    T_DYN2_CONTRADICTION, T_DYN2_DOUBLE, T_DYN2_CELL, T_DYN2_REGION,
    T_DYN3_CONTRADICTION, T_DYN3_DOUBLE, T_DYN3_CELL, T_DYN3_REGION,
    T_DYN4_CONTRADICTION, T_DYN4_DOUBLE, T_DYN4_CELL, T_DYN4_REGION,
    T_DYN5_CONTRADICTION, T_DYN5_DOUBLE, T_DYN5_CELL, T_DYN5_REGION,
    T_COUNT
};

/* One hint: its technique, what it places and removes, and the pattern (``args``, by
 * technique, as strategies/se/se_compiled.py reads them). */
typedef struct {
    int rule;          /* index in the compiled rules (se_loop.c) */
    int technique;
    int nplace;        /* 0 or 1 */
    uint8_t place[2];  /* cell, digit */
    int nelim;
    uint8_t elim[SE_MAX_ELIMS][2];
    int nargs;
    uint64_t args[SE_MAX_ARGS];
    int npath;         /* a chain's nodes from its start (chaining rules; 0 otherwise) */
    uint16_t path_key[SE_MAX_PATH];
    int16_t path_cause[SE_MAX_PATH]; /* by rule: a chain node's house (-1: its cell) */
} se_hint;

static inline void hint_elim(se_hint *h, int cell, int d) {
    if (h->nelim < SE_MAX_ELIMS) { h->elim[h->nelim][0] = (uint8_t)cell; h->elim[h->nelim][1] = (uint8_t)d; }
    h->nelim++;  /* counted past the bound: the caller rejects an overflowing hint */
}
static inline void hint_arg(se_hint *h, uint64_t v) {
    if (h->nargs < SE_MAX_ARGS) h->args[h->nargs] = v;
    h->nargs++;
}
static inline void hint_set81(se_hint *h, set81 s) { hint_arg(h, s.w[0]); hint_arg(h, s.w[1]); }
/* the eliminations ``elims`` (cell, digit pairs in any order) added sorted by cell, then digit */
static inline void hint_elims_sorted(se_hint *h, const uint8_t (*elims)[2], int n) {
    uint16_t by_cell[81] = {0};
    for (int i = 0; i < n; i++) by_cell[elims[i][0]] |= (uint16_t)(1u << (elims[i][1] - 1));
    for (int c = 0; c < 81; c++) {
        for (unsigned m = by_cell[c]; m; m &= m - 1) hint_elim(h, c, __builtin_ctz(m) + 1);
    }
}

/* ------------------------------------------------------------------ hidden sets */

/* A house's places for each digit (``places[d]``) and the digits with two to ``most``
 * places (``eligible``, ascending); returns their count (the twin of
 * _se_order.confined_sets: a digit with more places than a set has cells is never in it,
 * and the subsets of the others in increasing order are SE's that can succeed, in its order). */
static inline int house_places(const se_grid *g, int h, int most, set81 places[10], int eligible[9]) {
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

/* The rules: each writes its first hint in SE's order to *out and returns 1, or returns 0
 * (the twins of the Python finders of the same names). */
int se_hidden_singles(const se_grid *g, se_hint *out);
int se_naked_singles(const se_grid *g, se_hint *out);
int se_direct_intersections(const se_grid *g, se_hint *out);
int se_direct_hidden_sets(const se_grid *g, int size, se_hint *out);
int se_intersections(const se_grid *g, se_hint *out);
int se_naked_sets(const se_grid *g, int size, se_hint *out);
int se_hidden_sets(const se_grid *g, int size, se_hint *out);
int se_fisherman(const se_grid *g, int size, se_hint *out);
int se_xy_wings(const se_grid *g, int xyz, se_hint *out);
int se_forcing_chains_cycles(const se_grid *g, se_hint *out);
int se_unique_loops(const se_grid *g, se_hint *out);
int se_bivalue_universal_graves(const se_grid *g, se_hint *out);
int se_aligned_pair_exclusion(const se_grid *g, se_hint *out);
int se_aligned_triplet_exclusion(const se_grid *g, se_hint *out);
int se_multiple_forcing_chains(const se_grid *g, se_hint *out);
int se_nishio_forcing_chains(const se_grid *g, se_hint *out);
int se_dynamic_forcing_chains(const se_grid *g, int level, se_hint *out);

#endif
