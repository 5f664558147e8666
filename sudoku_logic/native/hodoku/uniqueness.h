/* The uniqueness techniques and BUG+1 (the twins of strategies/hodoku/uniqueness.py's
 * uniqueness_1 to uniqueness_6, hidden_rectangle, avoidable_rectangle_1, avoidable_rectangle_2
 * and bug_plus_1): each fills ``out`` with the first step the Python finder yields and
 * returns 1, or returns 0.  They assume the puzzle has one solution; the avoidable
 * rectangles read ``g->given``. */
#ifndef HODOKU_UNIQUENESS_H
#define HODOKU_UNIQUENESS_H

#include "hodoku/step.h"

int uniqueness_1(const grid *g, hd_step *out);
int uniqueness_2(const grid *g, hd_step *out);
int uniqueness_3(const grid *g, hd_step *out);
int uniqueness_4(const grid *g, hd_step *out);
int uniqueness_5(const grid *g, hd_step *out);
int uniqueness_6(const grid *g, hd_step *out);
int hidden_rectangle(const grid *g, hd_step *out);
int avoidable_rectangle_1(const grid *g, hd_step *out);
int avoidable_rectangle_2(const grid *g, hd_step *out);
int bug_plus_1(const grid *g, hd_step *out);

#endif
