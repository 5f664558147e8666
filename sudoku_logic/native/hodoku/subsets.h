/* Naked and hidden subsets in one house (the twins of strategies/subsets.py's naked_subsets
 * and hidden_subsets): the first step the Python finder yields in ``out`` and 1, or 0. */
#ifndef HODOKU_SUBSETS_H
#define HODOKU_SUBSETS_H

#include "hodoku/step.h"

int naked_subsets(const grid *g, int size, hd_step *out);
int hidden_subsets(const grid *g, int size, hd_step *out);

#endif
