/* Basic fish without fins: X-Wing, Swordfish, Jellyfish (the twin of strategies/fish.py's
 * basic_fish): the first fish the Python finder yields as a step in ``out`` and 1, or 0. */
#ifndef HODOKU_FISH_H
#define HODOKU_FISH_H

#include "hodoku/step.h"

int basic_fish(const grid *g, int size, hd_step *out);

#endif
