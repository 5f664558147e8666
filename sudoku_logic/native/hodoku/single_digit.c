/* Single-digit patterns (twin of strategies/hodoku/single_digit.py: _skyscrapers,
 * _kites_for_digit, dual_two_string_kite, turbot_fish, _er_raw, _ers_for_digit,
 * empty_rectangle, dual_empty_rectangle): strong links (a house holding the digit in exactly
 * two cells) chained through one weak link, in the Python finders' order. */
#include "hodoku/single_digit.h"

/* A digit's strong links (twin of strategies/_pattern_tools.py: conjugate_pairs): house,
 * lower cell, higher cell, houses ``first`` to ``last - 1`` in order. */
typedef struct { int n; uint8_t link[27][3]; } pairs;

static void conjugate_pairs(set81 p, int first, int last, pairs *out) {
    out->n = 0;
    for (int h = first; h < last; h++) {
        set81 m = s_and(p, HOUSE_SET[h]);
        if (s_count(m) != 2) continue;
        int a = s_pop(&m), b = s_pop(&m);
        out->link[out->n][0] = (uint8_t)h;
        out->link[out->n][1] = (uint8_t)a;
        out->link[out->n][2] = (uint8_t)b;
        out->n++;
    }
}

/* the step removing ``d`` from the cells ``elim``, in cell order */
static void digit_step(hd_step *out, int technique, int d, set81 elim) {
    hd_begin(out, technique);
    for (int c; (c = s_pop(&elim)) >= 0;) hd_elim(out, c, d);
}

static inline int row_of(int c) { return c / 9; }
static inline int col_of(int c) { return c % 9; }
static inline int box_of(int c) { return CELL_HOUSE[c][2] - 18; }

/* ------------------------------------------------------------------ Skyscraper */

/* Two strong links in rows (then in columns), digit by digit, their first or their second
 * ends in one line and the other ends not: the cells seeing both free ends lose the digit. */
int skyscraper(const grid *g, hd_step *out) {
    for (int lines = 1; lines >= 0; lines--) {
        for (int d = 1; d <= 9; d++) {
            set81 p = g->pos[d];
            pairs pr;
            conjugate_pairs(p, lines ? 0 : 9, lines ? 9 : 18, &pr);
            for (int i = 0; i < pr.n; i++) {
                int a1 = pr.link[i][1], b1 = pr.link[i][2];
                for (int j = i + 1; j < pr.n; j++) {
                    int a2 = pr.link[j][1], b2 = pr.link[j][2];
                    int ka1 = lines ? col_of(a1) : row_of(a1), ka2 = lines ? col_of(a2) : row_of(a2);
                    int kb1 = lines ? col_of(b1) : row_of(b1), kb2 = lines ? col_of(b2) : row_of(b2);
                    int f1, f2, kf1, kf2;
                    if (ka1 == ka2) { f1 = b1; f2 = b2; kf1 = kb1; kf2 = kb2; }
                    else if (kb1 == kb2) { f1 = a1; f2 = a2; kf1 = ka1; kf2 = ka2; }
                    else continue;
                    if (kf1 == kf2) continue; /* an X-Wing */
                    set81 elim = s_and(p, s_and(PEER_SET[f1], PEER_SET[f2]));
                    if (!s_any(elim)) continue;
                    digit_step(out, H_SKYSCRAPER, d, elim);
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ 2-String Kite */

/* a kite: its row and column links' ends joined in a box, and the cell its free ends cross */
typedef struct { uint8_t r0, c0, cross; } kite;

/* Every kite of ``d`` in the finder's order (twin of _kites_for_digit: rows outer, columns
 * inner), at most ``max``; how many. */
static int kites_for_digit(const grid *g, int d, kite *out, int max) {
    set81 p = g->pos[d];
    pairs rows, cols;
    conjugate_pairs(p, 0, 9, &rows);
    if (!rows.n) return 0;
    conjugate_pairs(p, 9, 18, &cols);
    int n = 0;
    for (int i = 0; i < rows.n; i++) {
        for (int j = 0; j < cols.n && n < max; j++) {
            int r0 = rows.link[i][1], r1 = rows.link[i][2], c0 = cols.link[j][1], c1 = cols.link[j][2], t;
            if (box_of(r0) != box_of(c0)) {
                if (box_of(r0) == box_of(c1)) {
                    t = c0; c0 = c1; c1 = t;
                } else if (box_of(r1) == box_of(c0)) {
                    t = r0; r0 = r1; r1 = t;
                } else if (box_of(r1) == box_of(c1)) {
                    t = r0; r0 = r1; r1 = t;
                    t = c0; c0 = c1; c1 = t;
                } else {
                    continue;
                }
            }
            if (r0 == c0 || r0 == c1 || r1 == c0 || r1 == c1) continue; /* the links share a cell */
            int cross = row_of(c1) * 9 + col_of(r1);
            if (!s_has(p, cross)) continue;
            out[n].r0 = (uint8_t)r0;
            out[n].c0 = (uint8_t)c0;
            out[n].cross = (uint8_t)cross;
            n++;
        }
    }
    return n;
}

/* the first kite of the lowest digit that has one */
int two_string_kite(const grid *g, hd_step *out) {
    for (int d = 1; d <= 9; d++) {
        kite k;
        if (!kites_for_digit(g, d, &k, 1)) continue;
        hd_begin(out, H_2_STRING_KITE);
        hd_elim(out, k.cross, d);
        return 1;
    }
    return 0;
}

/* Two kites of one digit joined by the same two box cells, crossing in different cells: the
 * first pair in the finder's order, the two crossings as it lists them. */
int dual_two_string_kite(const grid *g, hd_step *out) {
    kite ks[81]; /* a row link and a column link each: 9 x 9 at most */
    for (int d = 1; d <= 9; d++) {
        int n = kites_for_digit(g, d, ks, 81);
        for (int i = 0; i + 1 < n; i++) {
            for (int j = i + 1; j < n; j++) {
                int same = (ks[i].r0 == ks[j].r0 && ks[i].c0 == ks[j].c0) || (ks[i].r0 == ks[j].c0 && ks[i].c0 == ks[j].r0);
                if (!same || ks[i].cross == ks[j].cross) continue;
                hd_begin(out, H_DUAL_2_STRING_KITE);
                hd_elim(out, ks[i].cross, d);
                hd_elim(out, ks[j].cross, d);
                return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ Turbot Fish */

/* Every chain strong - weak - strong of one digit, one per set of eliminations: the set with
 * the most cells, then the lowest sum of cells, then the lowest digit, then the first found. */
int turbot_fish(const grid *g, hd_step *out) {
    int best_n = 0, best_sum = 0, best_d = 0;
    set81 best = S_EMPTY;
    for (int d = 1; d <= 9; d++) {
        set81 p = g->pos[d];
        pairs pr;
        conjugate_pairs(p, 0, 27, &pr);
        /* each cell's partners in the order of their links, a pair seen in a line and a box once */
        uint8_t partner[81][3];
        int npartner[81] = {0}, distinct = 0;
        set81 linked = S_EMPTY;
        for (int i = 0; i < pr.n; i++) {
            int a = pr.link[i][1], b = pr.link[i][2], dup = 0;
            for (int k = 0; k < npartner[a]; k++) dup |= partner[a][k] == b;
            if (dup) continue;
            distinct++;
            if (npartner[a] < 3) partner[a][npartner[a]++] = (uint8_t)b;
            if (npartner[b] < 3) partner[b][npartner[b]++] = (uint8_t)a;
            s_add(&linked, a);
            s_add(&linked, b);
        }
        if (distinct < 2) continue;
        for (set81 as = linked; s_any(as);) {
            int a = s_pop(&as);
            for (int i = 0; i < npartner[a]; i++) {
                int b = partner[a][i];
                set81 cs = s_and(PEER_SET[b], linked);
                s_del(&cs, a);
                for (int c; (c = s_pop(&cs)) >= 0;) {
                    for (int k = 0; k < npartner[c]; k++) {
                        int e = partner[c][k];
                        if (e == a || e == b) continue;
                        set81 elim = s_and(p, s_and(PEER_SET[a], PEER_SET[e]));
                        if (!s_any(elim)) continue;
                        int n = s_count(elim), sum = 0;
                        for (set81 x = elim; s_any(x);) sum += s_pop(&x);
                        /* digits come in order: a later digit never wins a tie */
                        if (best_d && (n < best_n || (n == best_n && sum >= best_sum))) continue;
                        best_n = n; best_sum = sum; best_d = d; best = elim;
                    }
                }
            }
        }
    }
    if (!best_d) return 0;
    digit_step(out, H_TURBOT_FISH, best_d, best);
    return 1;
}

/* ------------------------------------------------------------------ Empty Rectangle */

/* an empty rectangle: its box, the strong link's ends (x in the box's row or column) and the
 * cell losing the digit */
typedef struct { uint8_t box, x, y, target; } rect;

#define MAX_RECTS 1024 /* per digit: 9 boxes x 36 link ends x 3 lines through the box, at most */

/* Adds the empty rectangles of ``d`` to ``out`` (``*n`` of them, at most ``max``) in the
 * finder's order (twin of _er_raw): ``two_only``: only those whose row and column parts hold
 * one candidate each, else only the others; one already in ``out`` is not added again. */
static void ers_raw(const grid *g, int d, int two_only, rect *out, int *n, int max) {
    set81 p = g->pos[d];
    for (int b = 0; b < 9; b++) {
        set81 bm = HOUSE_SET[18 + b];
        set81 bc = s_and(p, bm);
        int count = s_count(bc);
        if (count < 2 || count > 5) continue;
        int r0 = b / 3 * 3, c0 = b % 3 * 3;
        for (int ro = 2; ro >= 0; ro--) {
            for (int co = 2; co >= 0; co--) {
                int er_row = r0 + ro, er_col = c0 + co, clash = 0;
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < 3; j++) {
                        if (i != ro && j != co) clash |= s_has(bc, (r0 + i) * 9 + c0 + j);
                    }
                }
                if (clash) continue;
                set81 rowm = HOUSE_SET[er_row], colm = HOUSE_SET[9 + er_col];
                set81 in_row = s_and(bc, rowm), in_col = s_and(bc, colm);
                if (!s_any(s_andnot(in_row, colm)) || !s_any(s_andnot(in_col, rowm))) continue;
                int few = s_count(in_row) < 2 && s_count(in_col) < 2;
                if (few != two_only) continue;
                /* a strong link in a column with one end in the ER row, then in a row with
                 * one end in the ER column */
                for (int by_row = 0; by_row < 2; by_row++) {
                    set81 xs = s_andnot(s_and(p, by_row ? colm : rowm), bm);
                    for (int x; (x = s_pop(&xs)) >= 0;) {
                        set81 pair = s_and(p, HOUSE_SET[by_row ? row_of(x) : 9 + col_of(x)]);
                        if (s_count(pair) != 2) continue;
                        s_del(&pair, x);
                        int y = s_first(pair);
                        int target = by_row ? er_row * 9 + col_of(y) : row_of(y) * 9 + er_col;
                        if (!s_has(p, target) || s_has(bm, target)) continue;
                        int seen = 0;
                        for (int k = 0; k < *n && !seen; k++) {
                            seen = out[k].box == b && out[k].x == x && out[k].y == y && out[k].target == target;
                        }
                        if (seen || *n >= max) continue;
                        rect r = {(uint8_t)b, (uint8_t)x, (uint8_t)y, (uint8_t)target};
                        out[(*n)++] = r;
                        if (*n >= max) return;
                    }
                }
            }
        }
    }
}

/* the first ordinary rectangle of the lowest digit, else the first with one candidate a part */
int empty_rectangle(const grid *g, hd_step *out) {
    for (int two_only = 0; two_only < 2; two_only++) {
        for (int d = 1; d <= 9; d++) {
            rect r;
            int n = 0;
            ers_raw(g, d, two_only, &r, &n, 1);
            if (!n) continue;
            hd_begin(out, H_EMPTY_RECTANGLE);
            hd_elim(out, r.target, d);
            return 1;
        }
    }
    return 0;
}

/* Two empty rectangles of one digit in the same box with different targets (twin of
 * dual_empty_rectangle over _ers_for_digit): the first pair, the targets as it lists them. */
int dual_empty_rectangle(const grid *g, hd_step *out) {
    for (int d = 1; d <= 9; d++) {
        rect rs[MAX_RECTS];
        int n = 0;
        ers_raw(g, d, 0, rs, &n, MAX_RECTS);
        ers_raw(g, d, 1, rs, &n, MAX_RECTS);
        for (int i = 0; i + 1 < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (rs[j].box != rs[i].box || rs[j].target == rs[i].target) continue;
                hd_begin(out, H_DUAL_EMPTY_RECTANGLE);
                hd_elim(out, rs[i].target, d);
                hd_elim(out, rs[j].target, d);
                return 1;
            }
        }
    }
    return 0;
}
