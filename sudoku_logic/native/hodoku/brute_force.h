/* Brute Force: HoDoKu's last resort (the twin of strategies/hodoku/brute_force.py's
 * brute_force): the solution's digit for the middle empty cell. */
#ifndef HODOKU_BRUTE_FORCE_H
#define HODOKU_BRUTE_FORCE_H

#include "hodoku/step.h"

/* The step in ``out`` and 1; 0 when the grid is full or has no solution or several. */
int brute_force(const grid *g, hd_step *out);

#endif
