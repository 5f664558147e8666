/* HoDoKu's loop over the compiled techniques (the twin of sudoku_logic/solve/policies.py's
 * TechniquesPolicy.steps for HoDoKu's order, and of sudoku_logic/solve/loop.py's solve): each step the
 * first of the first technique that finds one, applied as HoDoKu applies it. */
#ifndef HODOKU_LOOP_H
#define HODOKU_LOOP_H

#include "hodoku/singles_queue.h"

enum { HD_STUCK, HD_SOLVED, HD_BROKEN, HD_LIMIT, HD_OVERFLOW };

/* Whether the engine has a finder for ``technique`` (H_*). */
int hd_compiled(int technique);
/* The first step of ``technique`` in ``out``: 1, or 0 when it finds none (or is not compiled). */
int hd_find(int technique, const grid *g, hd_queue *q, hd_step *out);
/* Up to ``limit`` steps from ``g`` over ``techniques`` (codes, HoDoKu's order, each compiled),
 * written to ``steps`` with the position before each (81 values and 81 masks, when
 * ``before`` is not NULL); ``g`` and ``q`` end as the last step left them.  Returns why it
 * stopped (HD_*); ``*n``: the steps taken. */
int hd_run(grid *g, hd_queue *q, const uint8_t *techniques, int ntechniques, int limit, hd_step *steps,
           uint8_t (*before)[243], int *n);

#endif
