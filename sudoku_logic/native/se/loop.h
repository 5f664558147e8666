/* The compiled rules by id and the solve loop over them (loop.c). */
#ifndef SE_LOOP_H
#define SE_LOOP_H

#include "se/hint.h"

/* Rule ids (R_*): se/tables.h's, in SE's order. */

/* The board's tables, SE's orders and the link graph's table, worked out once. */
void se_engine_init(void);

/* Why se_run stopped. */
enum { STOP_SOLVED, STOP_STUCK, STOP_BROKEN, STOP_LIMIT, STOP_OVERFLOW };

/* The first hint of one rule: 1 found, 0 none, -1 a hint beyond the record's bounds. */
int se_rule_first(const grid *g, int rule, se_hint *out);
/* The first hint of the first of ``rules`` that has one (same returns). */
int se_first(const grid *g, const uint8_t *rules, int nrules, se_hint *out);
/* Place and eliminate what the hint says. */
void se_apply(grid *g, const se_hint *h);
/* Take the first hint of ``rules`` and apply it until the grid is solved, none is found,
 * a step breaks the grid or ``max_steps`` are taken; ``steps`` (and ``before``, the
 * position before each, when not NULL) hold at least ``max_steps`` records.  Returns why
 * it stopped (STOP_*), the count in *nsteps. */
int se_run(grid *g, const uint8_t *rules, int nrules, int max_steps, se_hint *steps,
           grid *before, int *nsteps);

#endif
