/* HoDoKu's singles queues (twin of strategies/hodoku/singles_queue.py: SinglesQueue, set_cell,
 * del_candidate and hodoku_elimination_order). */
#include "hodoku/singles_queue.h"

static void push(hd_entry *a, int *head, int *tail, int *overflow, int cell, int d) {
    if (*tail == HD_QUEUE_MAX && *head > 0) {
        /* drop the entries taken already */
        memmove(a, a + *head, (size_t)(*tail - *head) * sizeof *a);
        *tail -= *head;
        *head = 0;
    }
    if (*tail >= HD_QUEUE_MAX) {
        *overflow = 1;
        return;
    }
    a[*tail].cell = (uint8_t)cell;
    a[*tail].d = (uint8_t)d;
    (*tail)++;
}

static void push_naked(hd_queue *q, int cell, int d) { push(q->naked, &q->nhead, &q->ntail, &q->overflow, cell, d); }
static void push_hidden(hd_queue *q, int cell, int d) { push(q->hidden, &q->hhead, &q->htail, &q->overflow, cell, d); }

int hd_queue_load(hd_queue *q, const grid *g, const uint8_t *naked, int nnaked, const uint8_t *hidden, int nhidden) {
    q->nhead = q->ntail = q->hhead = q->htail = q->overflow = 0;
    if (nnaked < 0 || nhidden < 0 || nnaked > HD_QUEUE_MAX || nhidden > HD_QUEUE_MAX) return -1;
    for (int i = 0; i < nnaked; i++) {
        if (naked[2 * i] > 80 || naked[2 * i + 1] < 1 || naked[2 * i + 1] > 9) return -1;
        push_naked(q, naked[2 * i], naked[2 * i + 1]);
    }
    for (int i = 0; i < nhidden; i++) {
        if (hidden[2 * i] > 80 || hidden[2 * i + 1] < 1 || hidden[2 * i + 1] > 9) return -1;
        push_hidden(q, hidden[2 * i], hidden[2 * i + 1]);
    }
    for (int h = 0; h < 27; h++) q->empties[h] = (uint8_t)s_count(s_and(g->empty, HOUSE_SET[h]));
    return 0;
}

/* the house's places ``rest`` down to one: it is queued for ``d`` */
static inline void single_place(hd_queue *q, set81 rest, int d) {
    if (s_one(rest)) push_hidden(q, s_first(rest), d);
}

void del_candidate(grid *g, hd_queue *q, int cell, int d) {
    unsigned bit = 1u << (d - 1);
    unsigned m = g->cand[cell];
    if (!(m & bit)) return;
    m ^= bit;
    g->cand[cell] = (uint16_t)m;
    s_del(&g->pos[d], cell);
    for (int k = 0; k < 3; k++) single_place(q, s_and(g->pos[d], HOUSE_SET[CELL_HOUSE[cell][k]]), d);
    if (m && !(m & (m - 1))) push_naked(q, cell, m_last(m));
}

void set_cell(grid *g, hd_queue *q, int cell, int d) {
    if (g->value[cell]) return;
    set81 p = g->pos[d];
    const uint16_t nd = (uint16_t)~(1u << (d - 1));
    /* the places of d left in each house touched (counted when first touched): a house is
     * queued when they fall to one */
    uint8_t left[27];
    uint32_t counted = 0;
    set81 peers = s_and(PEER_SET[cell], p);
    for (int j; (j = s_pop(&peers)) >= 0;) {
        s_del(&p, j);
        unsigned m = g->cand[j] & nd;
        g->cand[j] = (uint16_t)m;
        for (int k = 0; k < 3; k++) {
            int h = CELL_HOUSE[j][k];
            if (counted >> h & 1) {
                left[h]--;
            } else {
                left[h] = (uint8_t)s_count(s_and(p, HOUSE_SET[h]));
                counted |= 1u << h;
            }
            if (left[h] == 1) push_hidden(q, s_first(s_and(p, HOUSE_SET[h])), d);
        }
        if (m && !(m & (m - 1))) push_naked(q, j, m_last(m));
    }
    g->pos[d] = p;
    for (unsigned m = g->cand[cell]; m; m &= m - 1) {
        int e = __builtin_ctz(m) + 1;
        s_del(&g->pos[e], cell);
        if (e != d) {
            for (int k = 0; k < 3; k++) single_place(q, s_and(g->pos[e], HOUSE_SET[CELL_HOUSE[cell][k]]), e);
        }
    }
    g->cand[cell] = 0;
    for (int k = 0; k < 3; k++) q->empties[CELL_HOUSE[cell][k]]--;
    grid_place(g, cell, d);  /* the value: the candidates are gone already */
}

/* a naked or locked subset: HoDoKu removes its candidates house by house */
static int house_by_house(int technique) {
    return technique == H_NAKED_PAIR || technique == H_NAKED_TRIPLE || technique == H_NAKED_QUADRUPLE ||
           technique == H_LOCKED_PAIR || technique == H_LOCKED_TRIPLE;
}

void hd_apply(grid *g, hd_queue *q, const hd_step *s) {
    for (int i = 0; i < s->nplace; i++) set_cell(g, q, s->place[i][0], s->place[i][1]);
    if (!house_by_house(s->technique) || s->ncells == 0 || s->nelim < 2) {
        for (int i = 0; i < s->nelim; i++) del_candidate(g, q, s->elim[i][0], s->elim[i][1]);
        return;
    }
    uint16_t left[81] = {0};
    for (int i = 0; i < s->nelim; i++) left[s->elim[i][0]] |= (uint16_t)(1u << (s->elim[i][1] - 1));
    for (int k = 0; k < 3; k++) {
        int h = CELL_HOUSE[s->cells[0]][k], all = 1;
        for (int i = 1; i < s->ncells; i++) all &= CELL_HOUSE[s->cells[i]][k] == h;
        if (!all) continue;
        for (int i = 0; i < 9; i++) {
            int c = HOUSE_CELLS[h][i];
            for (unsigned m = left[c]; m; m &= m - 1) del_candidate(g, q, c, __builtin_ctz(m) + 1);
            left[c] = 0;
        }
    }
    for (int i = 0; i < s->nelim; i++) {
        int c = s->elim[i][0], d = s->elim[i][1];
        if (left[c] >> (d - 1) & 1) del_candidate(g, q, c, d);
    }
}

int full_house(const grid *g, hd_queue *q, hd_step *out) {
    int any = 0;
    for (int h = 0; h < 27; h++) any |= q->empties[h] == 1;
    if (!any) return 0;
    /* entries of solved cells change nothing: drop them from the front, skip them further on */
    while (q->nhead < q->ntail) {
        hd_entry e = q->naked[q->nhead];
        if (g->value[e.cell] || g->cand[e.cell] != 1u << (e.d - 1)) q->nhead++;
        else break;
    }
    for (int i = q->nhead; i < q->ntail; i++) {
        hd_entry e = q->naked[i];
        if (g->value[e.cell] || g->cand[e.cell] != 1u << (e.d - 1)) continue;
        for (int k = 0; k < 3; k++) {
            int h = CELL_HOUSE[e.cell][k];
            if (q->empties[h] == 1) {
                hd_begin(out, H_FULL_HOUSE);
                hd_place(out, e.cell, e.d);
                out->house = h;
                return 1;
            }
        }
    }
    return 0;
}

int naked_single(const grid *g, hd_queue *q, hd_step *out) {
    while (q->nhead < q->ntail) {
        hd_entry e = q->naked[q->nhead++];
        if (!g->value[e.cell] && g->cand[e.cell] == 1u << (e.d - 1)) {
            hd_begin(out, H_NAKED_SINGLE);
            hd_place(out, e.cell, e.d);
            return 1;
        }
    }
    return 0;
}

int hidden_single(const grid *g, hd_queue *q, hd_step *out) {
    while (q->hhead < q->htail) {
        hd_entry e = q->hidden[q->hhead++];
        if (g->value[e.cell]) continue;
        if (!(g->cand[e.cell] >> (e.d - 1) & 1)) return 0;  /* broken: the contradiction check says */
        for (int k = 0; k < 3; k++) {
            int h = CELL_HOUSE[e.cell][k];
            if (s_one(s_and(g->pos[e.d], HOUSE_SET[h]))) {
                hd_begin(out, H_HIDDEN_SINGLE);
                hd_place(out, e.cell, e.d);
                out->house = h;
                return 1;
            }
        }
        return 0;  /* HoDoKu stops at the first empty cell in the queue */
    }
    return 0;
}
