/* HoDoKu's loop over the compiled techniques (the twin of sudoku_logic/solve/policies.py's
 * TechniquesPolicy.steps for HoDoKu's order, and of sudoku_logic/solve/loop.py's solve): each step the
 * first of the first technique that finds one, applied as HoDoKu applies it. */
#ifndef HODOKU_LOOP_H
#define HODOKU_LOOP_H

#include "hodoku/singles_queue.h"

enum { HD_STUCK, HD_SOLVED, HD_BROKEN, HD_LIMIT, HD_OVERFLOW };

/* Whether the engine has a finder for ``technique`` (H_*).  A technique searched in a slot of
 * several (hd_slot) is compiled only through its slot's finder (hd_compiled_slot), never
 * alone: the Python lead (policies.py's _compiled_lead) takes a slot whose techniques are
 * all compiled as one. */
int hd_compiled(int technique);
/* Whether ``technique`` is searched in a slot of several (its steps ranked together, as
 * policies.py's _slot_steps ranks them) that the engine has one finder for: hd_find of any
 * of the slot's techniques gives the step HoDoKu takes from the whole slot. */
int hd_compiled_slot(int technique);
/* The index after ``i`` in ``techniques`` (codes in HoDoKu's order) to search next: past the
 * rest of its slot when ``techniques[i]`` is a compiled slot's (searched once for all). */
int hd_next(const uint8_t *techniques, int ntechniques, int i);
/* The first step of ``technique`` in ``out``: 1, or 0 when it finds none (or is not compiled). */
int hd_find(int technique, const grid *g, hd_queue *q, hd_step *out);
/* The first step of the slot that starts at ``techniques[i]``: hd_find, but a colouring slot
 * searches the types listed in it together, in HoDoKu's one pass. */
int hd_find_at(const uint8_t *techniques, int ntechniques, int i, const grid *g, hd_queue *q, hd_step *out);
/* Up to ``limit`` steps from ``g`` over ``techniques`` (codes, HoDoKu's order, each compiled),
 * written to ``steps`` with the position before each (81 values and 81 masks, when
 * ``before`` is not NULL); ``g`` and ``q`` end as the last step left them.  Returns why it
 * stopped (HD_*); ``*n``: the steps taken. */
int hd_run(grid *g, hd_queue *q, const uint8_t *techniques, int ntechniques, int limit, hd_step *steps,
           uint8_t (*before)[243], int *n);

#endif
