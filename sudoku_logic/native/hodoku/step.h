/* The record a HoDoKu technique fills for a step (the twin of the Step the Python finder
 * yields, as strategies/hodoku/hodoku_compiled.py reads it): its technique, what it places and
 * what it removes, in the finder's order.  The words and the pattern stay in Python. */
#ifndef HODOKU_STEP_H
#define HODOKU_STEP_H

#include "core/grid.h"
#include "hodoku/tables.h"

#define HD_MAX_PLACE 81
#define HD_MAX_ELIMS N_CANDS

typedef struct {
    int technique;     /* H_* */
    int scored_as;     /* the technique whose row scores the step (found_by), else technique */
    int nplace;
    uint8_t place[HD_MAX_PLACE][2];  /* cell, digit */
    int nelim;
    uint8_t elim[HD_MAX_ELIMS][2];   /* cell, digit, in the order the finder lists them */
    int cells[4];      /* a naked or locked subset's cells (its elimination order needs them) */
    int ncells;
    int house;         /* a single's house (Full House, Hidden Single), else -1 */
    int size;          /* a chain's nodes (the Python step's facts["size"]); a colouring step's
                        * place in HoDoKu's pass (its facts["rank"], never 0); else 0 */
} hd_step;

/* A new step of ``technique``: nothing placed or removed yet. */
static inline void hd_begin(hd_step *s, int technique) {
    s->technique = s->scored_as = technique;
    s->nplace = s->nelim = s->ncells = 0;
    s->house = -1;
    s->size = 0;
}
/* the step places ``d`` in ``cell`` (bounded: a step places each cell once at most) */
static inline void hd_place(hd_step *s, int cell, int d) {
    if (s->nplace < HD_MAX_PLACE) {
        s->place[s->nplace][0] = (uint8_t)cell;
        s->place[s->nplace][1] = (uint8_t)d;
        s->nplace++;
    }
}
/* the step removes ``d`` from ``cell`` (bounded: a step removes each candidate once at most) */
static inline void hd_elim(hd_step *s, int cell, int d) {
    if (s->nelim < HD_MAX_ELIMS) {
        s->elim[s->nelim][0] = (uint8_t)cell;
        s->elim[s->nelim][1] = (uint8_t)d;
        s->nelim++;
    }
}
static inline void hd_cell(hd_step *s, int cell) {
    if (s->ncells < 4) s->cells[s->ncells++] = cell;
}

/* HoDoKu's index sum of a step's eliminations taken in (digit, cell) order (the twin of
 * sudoku_logic/core/step.py's index_sum over hodoku_rank's order). */
static inline long hd_index_sum(const hd_step *s) {
    long total = 0, weight = 1;
    for (int d = 1; d <= 9; d++) {
        for (int c = 0; c < 81; c++) {
            for (int i = 0; i < s->nelim; i++) {
                if (s->elim[i][0] == c && s->elim[i][1] == d) {
                    total += (long)c * weight + d;
                    weight += 80;
                    break;
                }
            }
        }
    }
    return total;
}
/* Whether step ``a`` comes strictly before ``b`` by HoDoKu's step comparator for one
 * technique (sudoku_logic/core/step.py's hodoku_rank: most eliminations, then the lowest
 * index sum). A ranked finder keeps the first step no later one comes before. */
static inline int hd_ranks_before(const hd_step *a, const hd_step *b) {
    if (a->nelim != b->nelim) return a->nelim > b->nelim;
    return hd_index_sum(a) < hd_index_sum(b);
}

#endif
