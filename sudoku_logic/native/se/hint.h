/* The record an SE rule fills for a hint, and the techniques by code (the twin of the steps
 * strategies/se/se_compiled.py makes from it). */
#ifndef SE_HINT_H
#define SE_HINT_H

#include "core/grid.h"


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
    int rule;          /* index in the compiled rules (loop.c) */
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

/* A new hint of ``technique``: nothing placed, removed or recorded yet. */
static inline void hint_begin(se_hint *h, int technique) {
    h->technique = technique;
    h->nplace = h->nelim = h->nargs = 0;
}
/* the hint places ``d`` in ``cell`` */
static inline void hint_place(se_hint *h, int cell, int d) {
    h->nplace = 1;
    h->place[0] = (uint8_t)cell;
    h->place[1] = (uint8_t)d;
}
static inline void hint_elim(se_hint *h, int cell, int d) {
    if (h->nelim < SE_MAX_ELIMS) { h->elim[h->nelim][0] = (uint8_t)cell; h->elim[h->nelim][1] = (uint8_t)d; }
    h->nelim++;  /* counted past the bound: the caller rejects an overflowing hint */
}
static inline void hint_arg(se_hint *h, uint64_t v) {
    if (h->nargs < SE_MAX_ARGS) h->args[h->nargs] = v;
    h->nargs++;
}
/* the values ``...`` added to the pattern in order: hint_args(h, house, digit, cell) */
#define hint_args(h, ...)                                                                      \
    hint_args_of((h), (const uint64_t[]){__VA_ARGS__},                                           \
                 (int)(sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t)))
static inline void hint_args_of(se_hint *h, const uint64_t *v, int n) {
    for (int i = 0; i < n; i++) hint_arg(h, v[i]);
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

#endif
