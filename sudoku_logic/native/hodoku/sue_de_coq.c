/* Sue de Coq (twin of strategies/hodoku/sue_de_coq.py: sue_de_coq, _sdc_steps,
 * _intersection_combos, _check, _subsets): rows then columns, each with the boxes it crosses,
 * the intersection's pairs each followed by the triples extending it, the line part's subsets
 * then the box part's in depth-first lexicographic order. */
#include "hodoku/sue_de_coq.h"

/* one subset of a line's or a box's cells: its cells, their digits, how many */
typedef struct {
    set81 cells;
    unsigned mask;
    int size;
} sdc_subset;

/* at most 2^9 - 1 subsets of 9 cells */
#define SDC_MAX_SUBSETS 511

typedef struct {
    const grid *g;
    const int *cells;
    int n;
    unsigned outside; /* digits outside the intersection's */
    int need;
    sdc_subset *out;
    int count;
} sdc_walk;

/* The subsets extending (``bits``, ``mask``, ``size``) by cells from ``start`` on, in
 * depth-first lexicographic order, leaving out those that cannot have ``need`` more cells than
 * digits outside the intersection's, nor can any of their extensions. */
static void subsets_from(sdc_walk *w, int start, set81 bits, unsigned mask, int size) {
    for (int i = start; i < w->n; i++) {
        unsigned nm = mask | w->g->cand[w->cells[i]];
        int room = size + 1 + w->n - i - 1;
        if (room - m_count(nm & w->outside) < w->need) continue;
        set81 nb = bits;
        s_add(&nb, w->cells[i]);
        if (w->count < SDC_MAX_SUBSETS) {
            w->out[w->count].cells = nb;
            w->out[w->count].mask = nm;
            w->out[w->count].size = size + 1;
            w->count++;
        }
        subsets_from(w, i + 1, nb, nm, size + 1);
    }
}

/* the subsets of ``set``'s cells (_subsets), written to ``out``; how many */
static int subsets(const grid *g, set81 set, unsigned im, int need, sdc_subset *out) {
    int cells[9], n = 0;
    for (set81 e = set; s_any(e) && n < 9;) cells[n++] = s_pop(&e);
    sdc_walk w = {g, cells, n, ~im & 0x1ffu, need, out, 0};
    subsets_from(&w, 0, S_EMPTY, 0, 0);
    return w.count;
}

/* the candidates of ``digits`` in ``cells`` into ``by_cell``; whether there were any */
static int collect(const grid *g, set81 cells, unsigned digits, uint16_t *by_cell) {
    int any = 0;
    for (set81 e = cells; s_any(e);) {
        int c = s_pop(&e);
        unsigned m = g->cand[c] & digits;
        if (m) { by_cell[c] |= (uint16_t)m; any = 1; }
    }
    return any;
}

/* The first Sue de Coq of the intersection cells ``ic`` (digits ``im``) of ``line`` and
 * ``box`` (their empty cells ``line_set``, ``box_set``): 1 and the step in ``out``, or 0. */
static int check(const grid *g, set81 line_set, set81 box_set, set81 ic, unsigned im, hd_step *out) {
    int n_plus = m_count(im) - s_count(ic);
    set81 line_src = s_andnot(line_set, ic);
    if (!s_any(line_src)) return 0;
    set81 box_rest = s_andnot(box_set, ic);
    sdc_subset lines[SDC_MAX_SUBSETS], boxes[SDC_MAX_SUBSETS];
    int nl = subsets(g, line_src, im, 1, lines);
    for (int li = 0; li < nl; li++) {
        set81 lc = lines[li].cells;
        unsigned lm = lines[li].mask;
        int lk = lines[li].size, extra = m_count(lm & ~im);
        if (!(m_count(lm & im) > 0 && lk > extra && lk - extra < n_plus)) continue;
        int rest = n_plus - (lk - extra);
        unsigned forbidden = lm & im; /* digits of V the line part uses */
        set81 box_src = S_EMPTY;
        for (set81 e = s_andnot(box_rest, lc); s_any(e);) {
            int c = s_pop(&e);
            if (!(g->cand[c] & forbidden)) s_add(&box_src, c);
        }
        if (!s_any(box_src)) continue;
        int nb = subsets(g, box_src, im, rest, boxes);
        for (int bi = 0; bi < nb; bi++) {
            set81 bc = boxes[bi].cells;
            unsigned bm = boxes[bi].mask;
            if (!(bm & im)) continue;
            if (boxes[bi].size - m_count(bm & ~im) != rest) continue;
            unsigned shared = bm & lm;
            unsigned box_digits = ((im | bm) & ~lm) | shared, line_digits = ((im | lm) & ~bm) | shared;
            uint16_t by_cell[81] = {0};
            int any = collect(g, s_andnot(s_andnot(box_set, bc), ic), box_digits, by_cell);
            any |= collect(g, s_andnot(s_andnot(line_set, lc), ic), line_digits, by_cell);
            if (!any) continue;
            hd_begin(out, H_SUE_DE_COQ);
            for (int c = 0; c < 81; c++) {
                for (unsigned m = by_cell[c]; m; m &= m - 1) hd_elim(out, c, m_first(m));
            }
            return 1;
        }
    }
    return 0;
}

int sue_de_coq(const grid *g, hd_step *out) {
    for (int line = 0; line < 18; line++) {
        set81 line_set = s_and(HOUSE_SET[line], g->empty);
        for (int box = 18; box < 27; box++) {
            set81 box_set = s_and(HOUSE_SET[box], g->empty);
            set81 both = s_and(line_set, box_set);
            if (!s_any(s_and(HOUSE_SET[line], HOUSE_SET[box])) || s_count(both) < 2) continue;
            int inter[3], n = 0;
            for (set81 e = both; s_any(e) && n < 3;) inter[n++] = s_pop(&e);
            /* the pairs, each followed by the triples extending it */
            for (int a = 0; a < n - 1; a++) {
                for (int b = a + 1; b < n; b++) {
                    unsigned m2 = (unsigned)g->cand[inter[a]] | g->cand[inter[b]];
                    set81 ic = S_EMPTY;
                    s_add(&ic, inter[a]);
                    s_add(&ic, inter[b]);
                    if (m_count(m2) >= 4 && check(g, line_set, box_set, ic, m2, out)) return 1;
                    for (int c = b + 1; c < n; c++) {
                        unsigned m3 = m2 | g->cand[inter[c]];
                        set81 ic3 = ic;
                        s_add(&ic3, inter[c]);
                        if (m_count(m3) >= 5 && check(g, line_set, box_set, ic3, m3, out)) return 1;
                    }
                }
            }
        }
    }
    return 0;
}
