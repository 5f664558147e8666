/* HoDoKu's singles queues (the twin of strategies/hodoku/singles_queue.py's SinglesQueue,
 * set_cell, del_candidate and hodoku_elimination_order): which single HoDoKu takes next,
 * replayed from the order in which candidates went. */
#ifndef HODOKU_SINGLES_QUEUE_H
#define HODOKU_SINGLES_QUEUE_H

#include "hodoku/step.h"

/* A queue holds at most one entry per cell (naked) and per house and digit (hidden) for each
 * time a candidate count falls to one, which happens once in a solve: 81 and 243 entries,
 * plus what a position handed over from Python carries. */
#define HD_QUEUE_MAX 512

typedef struct { uint8_t cell, d; } hd_entry;

typedef struct {
    hd_entry naked[HD_QUEUE_MAX];
    int nhead, ntail;
    hd_entry hidden[HD_QUEUE_MAX];
    int hhead, htail;
    uint8_t empties[27];   /* empty cells of each house */
    int overflow;          /* an entry did not fit: the queues no longer replay HoDoKu's */
} hd_queue;

/* The queues of ``g`` with these entries (from a Python SinglesQueue), the empties counted.
 * Returns -1 when an entry is out of range or there are too many. */
int hd_queue_load(hd_queue *q, const grid *g, const uint8_t *naked, int nnaked, const uint8_t *hidden, int nhidden);
/* Sudoku2.delCandidate and Sudoku2.setCell on the grid, queuing what they queue. */
void del_candidate(grid *g, hd_queue *q, int cell, int d);
void set_cell(grid *g, hd_queue *q, int cell, int d);
/* Apply a step as HoDoKu does: placements, then eliminations in HoDoKu's order. */
void hd_apply(grid *g, hd_queue *q, const hd_step *s);
/* HoDoKu's next Full House, Naked Single or Hidden Single: 1 with the step in ``out``, else 0. */
int full_house(const grid *g, hd_queue *q, hd_step *out);
int naked_single(const grid *g, hd_queue *q, hd_step *out);
int hidden_single(const grid *g, hd_queue *q, hd_step *out);

#endif
