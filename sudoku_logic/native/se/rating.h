/* Sudoku Explainer's arithmetic and a whole rating in C (rating.c, the twin of
 * grading/se.py's raw_difficulty and path_rating, and of the SE path of grading/rater.py's Rater.rate).
 *
 * The numbers are the table's (grading/tables.py), written into se/tables.h by
 * grading/native_tables.py, so each stays in one place. */
#ifndef SE_RATING_H
#define SE_RATING_H

#include "core/status.h"
#include "se/hint.h"

/* SE's raw difficulty of a hint (its sums of 0.1 unrounded, what SE sorts by). */
double se_raw_difficulty(const se_hint *h);
/* A raw difficulty as SE prints it: (int)((d + 0.05) * 10) tenths. */
double se_shown(double raw);


/* One puzzle's rating, as the Python side's structured array holds it (40 bytes). */
typedef struct {
    double er, ep, ed;  /* as SE prints them */
    double ms;          /* time the rating took */
    int32_t steps;
    int16_t hardest;    /* technique code of the first step rated ER; -1 none */
    uint8_t solved;
    uint8_t status;     /* RATE_* */
} se_rating_rec;

/* Rate the puzzle ``givens`` (81 values, 0 empty) on SE's path over ``rules`` (rule ids in
 * SE's order), taking at most ``max_steps`` steps: ER, EP and ED folded as SE's batch rater
 * does (grading/se.py's path_rating).  The uniqueness rules are asked only once the puzzle
 * is known to have one solution: counted the first time one of them comes up.  ``hint``
 * is scratch space. */
void se_rate(const uint8_t givens[81], const uint8_t *rules, int nrules, int max_steps,
             se_hint *hint, se_rating_rec *out);

#endif
