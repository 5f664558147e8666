/* Sue de Coq (the twin of strategies/hodoku/sue_de_coq.py's sue_de_coq): the first step the
 * Python finder yields, in ``out`` and 1, or 0. */
#ifndef HODOKU_SUE_DE_COQ_H
#define HODOKU_SUE_DE_COQ_H

#include "hodoku/step.h"

int sue_de_coq(const grid *g, hd_step *out);

#endif
