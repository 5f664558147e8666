/* Colouring: Simple Colors Trap and Wrap, Multi Colors 1 and 2 (the twins of
 * strategies/hodoku/coloring.py's simple_colors_trap, simple_colors_wrap, multi_colors_1 and
 * multi_colors_2): the first step the Python finder yields, in ``out`` and 1, or 0. */
#ifndef HODOKU_COLORING_H
#define HODOKU_COLORING_H

#include "hodoku/step.h"

/* ``wrap`` 0: Simple Colors Trap, 1: Simple Colors Wrap */
int simple_colors(const grid *g, int wrap, hd_step *out);
/* ``kind`` 1 or 2: Multi Colors 1 or 2 */
int multi_colors(const grid *g, int kind, hd_step *out);

#endif
