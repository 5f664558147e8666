/* Colouring: Simple Colors Trap and Wrap, Multi Colors 1 and 2 (the twins of
 * strategies/hodoku/coloring.py's simple_colors_trap, simple_colors_wrap, multi_colors_1 and
 * multi_colors_2), each pair in HoDoKu's one pass (ColoringSolver): digit by digit, cluster by
 * cluster (pair of clusters), the second type before the first; the first step of the types
 * in ``kinds``, as the Python finders' steps merged by their rank, in ``out`` and 1, or 0. */
#ifndef HODOKU_COLORING_H
#define HODOKU_COLORING_H

#include "hodoku/step.h"

/* the types a colouring search takes: the slot's first (Trap, Multi Colors 1), its second
 * (Wrap, Multi Colors 2), or both */
#define COLOR_FIRST 1
#define COLOR_SECOND 2

int simple_colors(const grid *g, int kinds, hd_step *out);
int multi_colors(const grid *g, int kinds, hd_step *out);

#endif
