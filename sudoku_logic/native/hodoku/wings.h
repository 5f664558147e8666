/* Wings: W-Wing, XY-Wing, XYZ-Wing, WXYZ-Wing (the twins of strategies/wings.py: w_wing,
 * xy_wing, xyz_wing, wxyz_wing): the first step the Python finder yields in ``out`` and 1, or 0. */
#ifndef HODOKU_WINGS_H
#define HODOKU_WINGS_H

#include "hodoku/step.h"

int w_wing(const grid *g, hd_step *out);
int xy_wing(const grid *g, hd_step *out);
int xyz_wing(const grid *g, hd_step *out);
int wxyz_wing(const grid *g, hd_step *out);

#endif
