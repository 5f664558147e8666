/* The rules SE's nested chains ask for eliminations, with the candidates each relies on
 * (nested_rules.c, twin of strategies/se/nested_rules.py). */
#ifndef SE_NESTED_RULES_H
#define SE_NESTED_RULES_H

#include "core/grid.h"

#define ADV_HINTS 512
#define ADV_ELIMS 4096
#define ADV_PARENTS 8192

/* Hints of one rule on a chain's working grid: hint i removes elim[elim_end[i-1] ..
 * elim_end[i]) (off keys, ascending) and relies on parent[parent_end[i-1] .. parent_end[i])
 * (off keys of candidates the chain removed).  ``error``: more than the arrays hold. */
typedef struct {
    int nh, ne, np, error;
    int elim_end[ADV_HINTS], parent_end[ADV_HINTS];
    uint16_t elim[ADV_ELIMS];
    uint16_t parent[ADV_PARENTS];
} adv_list;

/* The hints of the first of SE's basic rules (Locking, HiddenSet(2), NakedSet(2),
 * Fisherman(2), in that order) that has any with a rule parent, on the working grid
 * (``cand``, ``pos``) of a chain that started from ``src``; returns their count (0: none). */
int se_basic_advanced(const grid *src, const uint16_t *cand, const set81 *pos, adv_list *out);

#endif
