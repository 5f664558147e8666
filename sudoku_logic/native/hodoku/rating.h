/* HoDoKu's arithmetic and a whole rating in C (rating.c, the twin of grading/hodoku.py's
 * path_rating and of the HoDoKu path of grading/rater.py's Rater.rate).  The numbers are the
 * table's, written into hodoku/tables.h by grading/native_tables.py. */
#ifndef HODOKU_RATING_H
#define HODOKU_RATING_H

#include "core/status.h"
#include "hodoku/singles_queue.h"

/* One puzzle's HoDoKu rating, as grading/hodoku_batch.py's RECORD reads it (24 bytes). */
typedef struct {
    double ms;         /* time the rating took */
    int32_t score;
    int32_t steps;
    int16_t hardest;   /* technique code (H_*) of the hardest step; -1 none */
    uint8_t level;     /* 0 Easy .. 4 Extreme */
    uint8_t solved;    /* by logic alone: no Brute Force step */
    uint8_t status;    /* RATE_* */
    uint8_t pad[3];
} hd_rating_rec;

/* Rate the puzzle ``givens`` (81 values, 0 empty) on HoDoKu's path over ``techniques`` (codes in
 * HoDoKu's order), taking at most ``max_steps`` steps: level, score and hardest technique
 * folded as grading/hodoku.py's path_rating does.  The path reaching a technique the engine
 * has no finder for is RATE_BEYOND: the Python path rates that puzzle.  The techniques that
 * assume one solution are asked only once the puzzle is known to have one: counted the first
 * time one of them comes up.  ``step`` and ``queue`` are scratch space. */
void hd_rate(const uint8_t givens[81], const uint8_t *techniques, int ntechniques, int max_steps, hd_step *step,
             hd_queue *queue, hd_rating_rec *out);

/* HoDoKu's loading of a puzzle: the givens set cell by cell on an empty grid, queuing the
 * singles that leaves (the twin of strategies/hodoku/singles_queue.py's SinglesQueue.start for
 * a grid of givens); -1 where a value is out of range or two givens clash. */
int hd_load(grid *g, hd_queue *q, const uint8_t givens[81]);

#endif
