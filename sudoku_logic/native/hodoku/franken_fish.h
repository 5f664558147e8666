/* Franken fish, with fins or without (the twin of strategies/fish.py's general_fish with kind
 * FRANKEN, on strategies/fish_search.py's search): the first fish of ``size`` (2 to 4) the
 * Python finder yields, as a step in ``out`` and 1, or 0.  ``finned`` 0: Franken X-Wing,
 * Swordfish, Jellyfish; 1: their Finned forms (endo fins included). */
#ifndef HODOKU_FRANKEN_FISH_H
#define HODOKU_FRANKEN_FISH_H

#include "hodoku/step.h"

int general_fish(const grid *g, int size, int finned, hd_step *out);

#endif
