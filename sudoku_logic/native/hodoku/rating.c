/* HoDoKu's arithmetic and a whole rating (twin of grading/hodoku.py's path_rating, and of the
 * HoDoKu path of grading/rater.py's Rater.rate). */
#include "hodoku/rating.h"  /* first: core/status.h asks for clock_gettime */

#include "core/solutions.h"
#include "hodoku/loop.h"

_Static_assert(sizeof(hd_rating_rec) == 24, "the record's layout is grading/hodoku_batch.py's RECORD");

/* drop the entries of cells holding a value, keeping the others' order */
static void keep_empty(hd_entry *a, int *head, int *tail, const grid *g) {
    int n = 0;
    for (int i = *head; i < *tail; i++) {
        if (!g->value[a[i].cell]) a[n++] = a[i];
    }
    *head = 0;
    *tail = n;
}

int hd_load(grid *g, hd_queue *q, const uint8_t givens[81]) {
    grid check;
    if (grid_load_givens(&check, givens) < 0) return -1;
    static const uint8_t none[81];
    uint16_t all[81];
    for (int c = 0; c < 81; c++) all[c] = 0x1FF;
    grid_load(g, none, all);
    hd_queue_load(q, g, NULL, 0, NULL, 0);
    for (int c = 0; c < 81; c++) {
        if (givens[c]) set_cell(g, q, c, givens[c]);
    }
    keep_empty(q->naked, &q->nhead, &q->ntail, g);
    keep_empty(q->hidden, &q->hhead, &q->htail, g);
    for (int c = 0; c < 81; c++) {
        if (givens[c]) s_add(&g->given, c);
    }
    return 0;
}

void hd_rate(const uint8_t givens[81], const uint8_t *techniques, int ntechniques, int max_steps, hd_step *step,
             hd_queue *queue, hd_rating_rec *out) {
    double t0 = now_ms();
    memset(out, 0, sizeof *out);
    out->hardest = -1;
    grid g;
    if (hd_load(&g, queue, givens) < 0) {
        out->status = RATE_INVALID;
        return;
    }
    if (!grid_sound(&g)) {
        out->status = RATE_STUCK;
        return;
    }
    int unique = -1;  /* unknown until a technique assuming it comes up */
    long score = 0;
    int level = 0, steps = 0, status = RATE_OK, hardest_level = -1, hardest_score = -1, guessed = 0;
    while (s_any(g.empty)) {
        if (steps >= max_steps) { status = RATE_BEYOND; break; }
        int found = 0;
        for (int i = 0; i < ntechniques && !found && status == RATE_OK; i = hd_next(techniques, ntechniques, i)) {
            int t = techniques[i];
            if (!hd_compiled(t)) { status = RATE_BEYOND; break; }
            if (hd_needs_unique(t)) {
                if (unique < 0) unique = count_solutions(g.value, g.cand, 2) == 1;
                if (!unique) { status = RATE_NOT_UNIQUE; break; }
            }
            found = hd_find_at(techniques, ntechniques, i, &g, queue, step);
        }
        if (status != RATE_OK) break;
        if (queue->overflow) { status = RATE_BEYOND; break; }  /* a search beyond its bounds */
        if (!found) { status = RATE_STUCK; break; }
        int s = hd_score(step->scored_as), l = hd_level(step->scored_as);
        score += s;
        if (l > level) level = l;
        if (l > hardest_level || (l == hardest_level && s > hardest_score)) {
            hardest_level = l;
            hardest_score = s;
            out->hardest = (int16_t)step->technique;
        }
        steps++;
        guessed |= step->technique == H_BRUTE_FORCE;
        hd_apply(&g, queue, step);
        if (queue->overflow) { status = RATE_BEYOND; break; }
        if (step->nelim && !grid_sound(&g)) { status = RATE_STUCK; break; }
    }
    if (status == RATE_OK && !grid_sound(&g)) status = RATE_STUCK;
    out->status = (uint8_t)status;
    if (status == RATE_OK) {
        while (level < HD_LEVELS - 1 && score > hd_level_max_score(level)) level++;
        out->score = (int32_t)score;
        out->level = (uint8_t)level;
        out->steps = steps;
        out->solved = !guessed;  /* by logic: without a Brute Force step */
    }
    out->ms = now_ms() - t0;
}
