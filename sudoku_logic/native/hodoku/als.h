/* Almost Locked Sets, their restricted commons, ALS-XZ and ALS-XY-Wing (the twins of
 * strategies/hodoku/als.py's collect_alses, _collect_rcs, als_xz and als_xy_wing) under
 * HoDoKu's default ALS settings (no overlap, forward RCs only): the Python path runs where
 * the settings differ.  The sets and RCs are worked out per position. */
#ifndef HODOKU_ALS_H
#define HODOKU_ALS_H

#include "hodoku/singles_queue.h"

/* A house gives at most one ALS per subset of 1 to 8 of its 9 cells: 2^9 - 2. */
#define HD_ALS_PER_HOUSE 510
#define HD_MAX_ALS (27 * HD_ALS_PER_HOUSE)
#define HD_ALS_WORDS ((HD_MAX_ALS + 63) / 64)
/* RCs kept at most (grown as needed up to this); a position with more is left to Python. */
#define HD_MAX_RCS (1 << 23)
#define HD_BUCKETS (9 * 81)

typedef struct {
    set81 cells;
    set81 buddies;     /* union of dbud */
    set81 dbud[9];     /* [d - 1]: cells outside that hold d and see all the set's d-cells */
    uint16_t cands;
    uint8_t size;
} hd_als;

/* A restricted common of ALS i and j (i < j): digits d1 and d2 (0 unless doubly linked). */
typedef struct {
    uint16_t i, j;
    uint8_t d1, d2;
} hd_rc;

typedef struct {
    int n;
    hd_als als[HD_MAX_ALS];
    int nrc, caprc;
    hd_rc *rc;                     /* grown with sx_alloc, at most HD_MAX_RCS */
    int rc_from[HD_MAX_ALS + 1];   /* the RCs of ALS i: rc[rc_from[i] .. rc_from[i + 1]) */
    /* RC search scratch */
    int bstart[HD_BUCKETS + 1];   /* per digit and lowest cell: bitems[bstart[b] .. bstart[b + 1]) */
    uint16_t bitems[HD_MAX_ALS * 9];
    uint64_t linked[HD_ALS_WORDS];
    uint8_t ld1[HD_MAX_ALS], ld2[HD_MAX_ALS];
} hd_als_data;

/* The ALS and forward RCs of ``g`` in a new block (hd_als_free gives it back); NULL when
 * beyond the bounds above or out of memory. */
hd_als_data *hd_als_data_new(const grid *g);
void hd_als_free(hd_als_data *a);
/* The cells outside ``a`` and ``b`` that see every candidate of a common digit (not in
 * ``exclude``) in both, added per digit to ``el`` (twin of common_elims). */
void hd_als_common_elims(const hd_als *a, const hd_als *b, unsigned exclude, set81 el[10]);
/* 1 with the step of ``technique`` removing ``el`` (sorted by cell, then digit) in ``out``,
 * 0 when ``el`` is empty. */
int hd_als_emit(int technique, const set81 el[10], hd_step *out);

/* The first step of the Python finder in ``out`` and 1, or 0; positions beyond the bounds
 * set ``q->overflow`` (the Python finders take them). */
int als_xz(const grid *g, hd_queue *q, hd_step *out);
int als_xy_wing(const grid *g, hd_queue *q, hd_step *out);

#endif
