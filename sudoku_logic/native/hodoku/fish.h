/* Basic fish without fins: X-Wing, Swordfish, Jellyfish (the twin of strategies/fish.py's
 * basic_fish): the first fish the Python finder yields as a step in ``out`` and 1, or 0. */
#ifndef HODOKU_FISH_H
#define HODOKU_FISH_H

#include "hodoku/step.h"

int basic_fish(const grid *g, int size, hd_step *out);
/* Finned (``sashimi`` 0) or Sashimi (1) basic fish of ``size`` (the twin of strategies/fish.py's
 * shared_finned_basic_fish): the first fish of that kind the shared search yields, as a step in
 * ``out`` and 1, or 0. */
int finned_basic_fish(const grid *g, int size, int sashimi, hd_step *out);

#endif
