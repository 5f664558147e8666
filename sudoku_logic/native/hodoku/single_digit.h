/* Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle and the dual
 * kite and rectangle (the twins of strategies/hodoku/single_digit.py: skyscraper,
 * two_string_kite, dual_two_string_kite, turbot_fish, empty_rectangle, dual_empty_rectangle):
 * the first step the Python finder yields in ``out`` and 1, or 0. */
#ifndef HODOKU_SINGLE_DIGIT_H
#define HODOKU_SINGLE_DIGIT_H

#include "hodoku/step.h"

int skyscraper(const grid *g, hd_step *out);
int two_string_kite(const grid *g, hd_step *out);
int dual_two_string_kite(const grid *g, hd_step *out);
int turbot_fish(const grid *g, hd_step *out);
int empty_rectangle(const grid *g, hd_step *out);
int dual_empty_rectangle(const grid *g, hd_step *out);

#endif
