/* What every compiled engine shares: 81-cell sets, the candidate grid, the board's tables and
 * the sizes of the candidate and node indexes (the twin of sudoku_logic/core/grid.py and
 * sudoku_logic/core/houses.py).
 *
 * Cells are 0..80 row by row, houses 0..26 (rows, columns, boxes), digits 1..9 with bit
 * d - 1 in a 9-bit mask, as on the Python side.  Fixed arrays only: no allocation. */
#ifndef CORE_GRID_H
#define CORE_GRID_H

#include <stdint.h>
#include <string.h>

/* Candidates by index ``cell * 9 + d - 1``, and chain nodes by key ``index * 2 + on`` (a
 * candidate on or off), as on the Python side. */
#define N_CANDS 729
#define N_KEYS (2 * N_CANDS)

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

/* the tables above, worked out once */
void grid_tables_init(void);

/* ------------------------------------------------------------------ the grid */

typedef struct {
    uint8_t value[81];   /* placed digit or 0 */
    uint16_t cand[81];   /* 9-bit candidate mask of an empty cell, 0 once placed */
    set81 pos[10];       /* pos[d]: empty cells with candidate d (pos[0] unused, empty) */
    set81 placed[10];    /* placed[d]: cells holding d */
    set81 empty;         /* cells without a value */
    set81 given;         /* cells whose value is a given (HoDoKu's uniqueness tests ask; empty unless set) */
} grid;

/* The grid with these values and candidates (cand of a placed cell ignored); the sets are
 * worked out from them.  Returns 0, or -1 if a value or a mask is out of range. */
int grid_load(grid *g, const uint8_t *values, const uint16_t *cands);
/* The grid of a puzzle's givens (81 values, 0 empty), every other candidate left; -1 where
 * a value is out of range or two givens clash. */
int grid_load_givens(grid *g, const uint8_t givens[81]);
void grid_place(grid *g, int cell, int d);
int grid_eliminate(grid *g, int cell, int d);
/* the grid as 81 values and 81 little-endian candidate masks, as the Python face packs one */
#define GRID_SNAPSHOT 243
void grid_snapshot(const grid *g, uint8_t out[GRID_SNAPSHOT]);
/* whether Grid.contradiction() finds nothing */
int grid_sound(const grid *g);
/* cells with exactly one candidate */
set81 grid_one_candidate_cells(const grid *g);

#endif
