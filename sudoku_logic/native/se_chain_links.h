/* What SE's chaining rules share (se_chain_links.c). */
#ifndef SE_CHAIN_LINKS_H
#define SE_CHAIN_LINKS_H

#include "se_grid.h"

#define NAKED (-1) /* a node's cause: the last candidate of its cell (else a house) */

/* The links of pass (y, x) from node ``key`` (``(cell * 9 + d - 1) * 2 + on``) in SE's order,
 * into ``out`` with their causes; returns the count (at most 28). */
int chain_links(const se_grid *g, int key, int y, int x, uint16_t *out, int8_t *cause);
/* SE's raw difficulty of a chain of ``complexity`` whose technique rates ``base``. */
double chain_difficulty(double base, int complexity);

#endif
