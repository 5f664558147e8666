/* Brute Force (twin of strategies/hodoku/brute_force.py: brute_force). */
#include "hodoku/brute_force.h"

#include "core/solutions.h"

int brute_force(const grid *g, hd_step *out) {
    int n = s_count(g->empty);
    if (!n) return 0;
    uint8_t solution[81];
    if (!unique_solution(g->value, g->cand, solution)) return 0;
    set81 e = g->empty;
    int cell = -1;
    for (int i = 0; i <= n / 2; i++) cell = s_pop(&e);
    hd_begin(out, H_BRUTE_FORCE);
    hd_place(out, cell, solution[cell]);
    return 1;
}
