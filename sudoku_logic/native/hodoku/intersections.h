/* Locked Candidates (Pointing, Claiming) and Locked Pair, Locked Triple (the twins of
 * strategies/intersections.py's pointing, claiming, locked_pair and locked_triple): each
 * fills ``out`` with the first step the Python finder yields and returns 1, or returns 0. */
#ifndef HODOKU_INTERSECTIONS_H
#define HODOKU_INTERSECTIONS_H

#include "hodoku/step.h"

int pointing(const grid *g, hd_step *out);
int claiming(const grid *g, hd_step *out);
int locked_pair(const grid *g, hd_step *out);
int locked_triple(const grid *g, hd_step *out);

/* The empty cells with exactly 1, 2, 3 and 4 candidates (Grid.cells_by_size). */
void cells_by_size(const grid *g, set81 out[4]);

#endif
