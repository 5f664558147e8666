/* Candidate sets a digit-by-digit search found nothing in, kept between calls: such a search
 * (a fish of one digit) reads nothing of the grid but the digit's candidates, so a set met
 * again (a solve's later positions leave most digits as they were) needs no search.  Keyed by
 * the set itself, it holds for any puzzle; direct-mapped, an entry is overwritten by the next
 * set of its slot.  Each search keeps its own tables, one per thread, as the scratch memory is. */
#ifndef HODOKU_DIGIT_MEMO_H
#define HODOKU_DIGIT_MEMO_H

#include "core/grid.h"

#define DM_SLOTS 256

typedef struct { set81 seen[DM_SLOTS]; } digit_memo;

/* the entry of ``p`` in ``m`` */
static inline set81 *dm_slot(digit_memo *m, set81 p) {
    uint64_t h = (p.w[0] ^ (p.w[1] * 0x9e3779b97f4a7c15ull)) * 0xff51afd7ed558ccdull;
    return &m->seen[(h >> 56) % DM_SLOTS];
}
/* whether the search found nothing in the (non-empty) candidate set ``p`` */
static inline int dm_known(digit_memo *m, set81 p) {
    const set81 *e = dm_slot(m, p);
    return e->w[0] == p.w[0] && e->w[1] == p.w[1];
}
/* the search found nothing in ``p`` */
static inline void dm_note(digit_memo *m, set81 p) { *dm_slot(m, p) = p; }

#endif
