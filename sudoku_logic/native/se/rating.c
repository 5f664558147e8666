/* Sudoku Explainer's arithmetic and a whole rating (twin of grading/se.py's raw_difficulty
 * and path_rating, and of the SE path of grading/rater.py's Rater.rate). */
#include "core/status.h"  /* first: it asks for clock_gettime */
#include "se/chain_links.h"
#include "se/loop.h"
#include "se/rating.h"
#include "core/solutions.h"

/* the complexity a chaining hint carries in its args (strategies/se/se_compiled.py's
 * _facts_chain, _facts_reduction and _facts_dynamic) */
static int chain_complexity(const se_hint *h) {
    if (h->technique <= T_FORCING_CHAIN || h->technique == T_CELL_FORCING || h->technique == T_REGION_FORCING)
        return (int)h->args[3];
    return (int)h->args[5];
}

double se_raw_difficulty(const se_hint *h) {
    int tech = h->technique;
    if (tech < 0 || tech >= T_COUNT) return 0.0;
    double se = se_base(tech);
    switch (se_kind(tech)) {
    case K_UNRATED:
        return 0.0;
    case K_HIDDEN_SINGLE:
        return se_hidden_single((int)h->args[2]);
    case K_CHAIN:
        return chain_difficulty(se, chain_complexity(h));
    case K_UNIQUE_LOOP: {
        se = se_loop_difficulty(se, h->npath);
        if (h->args[0] == 3) se += (double)((int)h->args[4] - (h->args[5] ? 2 : 1)) * SE_SUBSET_EXTRA;
        return se;
    }
    case K_BUG:
        if (h->args[0] == 3) se += (double)(m_count((unsigned)h->args[3]) - 1) * SE_SUBSET_EXTRA;
        return se;
    default:
        return se;
    }
}

double se_shown(double raw) {
    return (double)(int)((raw + 0.05) * 10) / 10;
}

_Static_assert(sizeof(se_rating_rec) == 40, "the record's layout is grading/se_batch.py's RECORD");

static int needs_unique(int rule) {
    return rule == R_UNIQUE_LOOPS || rule == R_BIVALUE_UNIVERSAL_GRAVES;
}


void se_rate(const uint8_t givens[81], const uint8_t *rules, int nrules, int max_steps,
             se_hint *hint, se_rating_rec *out) {
    double t0 = now_ms();
    memset(out, 0, sizeof *out);
    out->hardest = -1;
    grid g;
    if (grid_load_givens(&g, givens) < 0) {
        out->status = RATE_INVALID;
        return;
    }
    if (!grid_sound(&g)) {
        out->status = RATE_STUCK;
        return;
    }
    int unique = -1;  /* unknown until a uniqueness rule comes up */
    double er = 0.0, ep = 0.0, ed = 0.0;
    int placed = 0, steps = 0, status = RATE_OK;
    while (s_any(g.empty)) {
        if (steps >= max_steps) { status = RATE_BEYOND; break; }
        int found = 0;
        for (int i = 0; i < nrules && !found; i++) {
            if (needs_unique(rules[i])) {
                if (unique < 0) unique = count_solutions(g.value, g.cand, 2) == 1;
                if (!unique) { status = RATE_NOT_UNIQUE; break; }
            }
            found = se_rule_first(&g, rules[i], hint);
        }
        if (status != RATE_OK) break;
        if (found < 0) { status = RATE_BEYOND; break; }
        if (!found) { status = RATE_STUCK; break; }
        double d = se_raw_difficulty(hint);
        if (d > er) {
            er = d;
            out->hardest = (int16_t)hint->technique;
        }
        if (!steps) ed = er;
        if (!placed) {
            ep = er;
            placed = hint->nplace > 0;
        }
        steps++;
        se_apply(&g, hint);
        if (hint->nelim && !grid_sound(&g)) { status = RATE_STUCK; break; }
    }
    if (status == RATE_OK && !grid_sound(&g)) status = RATE_STUCK;
    out->status = (uint8_t)status;
    if (status == RATE_OK) {
        out->er = se_shown(er);
        out->ep = se_shown(ep);
        out->ed = se_shown(ed);
        out->steps = steps;
        out->solved = 1;
    }
    out->ms = now_ms() - t0;
}
