/* The record an SE rule fills for a hint (the twin of the steps strategies/se/se_compiled.py
 * makes from it); its techniques by code (T_*) are se/tables.h's. */
#ifndef SE_HINT_H
#define SE_HINT_H

#include "core/grid.h"
#include "se/tables.h"


#define SE_MAX_ELIMS 128
#define SE_MAX_ARGS 10
#define SE_MAX_PATH 1024


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
