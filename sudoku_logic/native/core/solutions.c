/* Solutions of a position counted (twin of sudoku_logic/core/dlx.py's count_solutions): each empty cell
 * takes one of its candidates that no placed digit of its houses rules out, and each house
 * holds each digit it lacks exactly once.  Singles are placed until none is left, then the
 * cell with the fewest candidates is branched on.  The count is DLX's, up to ``limit``. */
#include "core/solutions.h"

typedef struct {
    uint16_t cand[81];  /* empty cells' candidates; 0 once filled */
    uint8_t open[81];   /* 1 for an empty cell */
    uint16_t need[27];  /* digits each house still lacks */
    int left;           /* empty cells */
    uint8_t value[81];  /* the digits placed, givens included */
} cstate;

static int place(cstate *s, int cell, int d) {
    unsigned bit = 1u << (d - 1);
    s->open[cell] = 0;
    s->cand[cell] = 0;
    s->value[cell] = (uint8_t)d;
    s->left--;
    for (int t = 0; t < 3; t++) {
        int h = CELL_HOUSE[cell][t];
        if (!(s->need[h] & bit)) return 0;  /* the digit twice in a house */
        s->need[h] &= (uint16_t)~bit;
        for (int i = 0; i < 9; i++) s->cand[HOUSE_CELLS[h][i]] &= (uint16_t)~bit;
    }
    return 1;
}

/* Place naked and hidden singles until none is left; 0 on a contradiction. */
static int propagate(cstate *s) {
    for (int changed = 1; changed;) {
        changed = 0;
        for (int c = 0; c < 81; c++) {
            if (!s->open[c]) continue;
            unsigned m = s->cand[c];
            if (!m) return 0;
            if (!(m & (m - 1))) {
                if (!place(s, c, m_first(m))) return 0;
                changed = 1;
            }
        }
        for (int h = 0; h < 27; h++) {
            unsigned once = 0, twice = 0, any = 0;
            int cells = 0;
            for (int i = 0; i < 9; i++) {
                int c = HOUSE_CELLS[h][i];
                if (!s->open[c]) continue;
                cells++;
                unsigned m = s->cand[c];
                twice |= once & m;
                once |= m;
                any |= m;
            }
            if (!cells) continue;
            if ((s->need[h] & any) != s->need[h]) return 0;  /* a lacking digit has no place */
            unsigned single = s->need[h] & once & ~twice;
            for (; single; single &= single - 1) {
                int d = m_first(single);
                for (int i = 0; i < 9; i++) {
                    int c = HOUSE_CELLS[h][i];
                    if (s->open[c] && s->cand[c] >> (d - 1) & 1) {
                        if (!place(s, c, d)) return 0;
                        changed = 1;
                        break;
                    }
                }
            }
        }
    }
    return 1;
}

/* One search: its bound, the nodes it has visited and its poll (core/solutions.h). */
typedef struct {
    long nodes;
    solutions_poll poll;
    void *ctx;
    int stopped;
    uint8_t *first;     /* where the first solution found goes, or NULL */
    int found;
} csearch;

static int count(cstate *s, int limit, csearch *k) {
    if (k->poll && ++k->nodes % SOLUTIONS_POLL == 0 && k->poll(k->ctx)) k->stopped = 1;
    if (k->stopped || !propagate(s)) return 0;
    if (!s->left) {
        if (k->first && !k->found) memcpy(k->first, s->value, 81);
        k->found = 1;
        return 1;
    }
    int best = -1, fewest = 10;
    for (int c = 0; c < 81; c++) {
        if (s->open[c] && m_count(s->cand[c]) < fewest) {
            fewest = m_count(s->cand[c]);
            best = c;
        }
    }
    int n = 0;
    for (unsigned m = s->cand[best]; m && n < limit && !k->stopped; m &= m - 1) {
        cstate t = *s;
        if (place(&t, best, m_first(m))) n += count(&t, limit - n, k);
    }
    return n;
}

/* count_solutions_polled, the first solution found written to ``first`` (when not NULL) */
static int count_from(const uint8_t *values, const uint16_t *cands, int limit, solutions_poll poll, void *ctx,
                      uint8_t *first) {
    cstate s;
    s.left = 0;
    for (int h = 0; h < 27; h++) s.need[h] = 0x1ff;
    for (int c = 0; c < 81; c++) {
        int d = values[c];
        if (d < 0 || d > 9) return 0;
        if (!d) continue;
        for (int t = 0; t < 3; t++) {
            int h = CELL_HOUSE[c][t];
            if (!(s.need[h] & (1u << (d - 1)))) return 0;  /* two equal givens in a house: none */
            s.need[h] &= (uint16_t)~(1u << (d - 1));
        }
    }
    for (int c = 0; c < 81; c++) {
        s.value[c] = values[c];
        s.open[c] = values[c] == 0;
        s.cand[c] = 0;
        if (!s.open[c]) continue;
        s.left++;
        uint16_t m = cands[c] & 0x1ff;
        for (int t = 0; t < 3; t++) m &= s.need[CELL_HOUSE[c][t]];
        s.cand[c] = m;
    }
    csearch k = {0, poll, ctx, 0, first, 0};
    int n = count(&s, limit > 0 ? limit : 1, &k);  /* as DLX: the first solution is always counted */
    return k.stopped ? -1 : n;
}

int count_solutions_polled(const uint8_t *values, const uint16_t *cands, int limit, solutions_poll poll, void *ctx) {
    return count_from(values, cands, limit, poll, ctx, NULL);
}

int count_solutions(const uint8_t *values, const uint16_t *cands, int limit) {
    return count_from(values, cands, limit, NULL, NULL, NULL);
}

int unique_solution(const uint8_t *values, const uint16_t *cands, uint8_t solution[81]) {
    return count_from(values, cands, 2, NULL, NULL, solution) == 1;
}
