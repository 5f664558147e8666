/* Unique and avoidable rectangles, BUG+1 (twin of strategies/hodoku/uniqueness.py: _rectangles,
 * _ur1, _ur25, _ur3, _ur3_subsets, _ur4, _ur6, _hidden_rectangle, _avoidable, bug_plus_1).
 *
 * Rectangles are searched in HoDoKu's order: from each bivalue cell {a, b} ascending, a
 * partner in its box and line, then the opposite pair along the perpendicular lines in
 * another box.  The Python finder keeps the list of rectangles per position and drops a
 * rectangle met twice; every check here depends only on the rectangle's cells and digits,
 * so a rectangle met again finds what it found the first time (nothing), and the first step
 * is the same without the list.  Every step's eliminations are listed by cell, then digit. */
#include "hodoku/uniqueness.h"

#include "core/solutions.h"
#include "hodoku/intersections.h"

/* ------------------------------------------------------------------ geometry */

static inline int row_of(int c) { return c / 9; }
static inline int col_of(int c) { return c % 9; }
static inline int box_of(int c) { return CELL_HOUSE[c][2] - 18; }
static inline unsigned bit(int d) { return 1u << (d - 1); }

/* The opposite pairs (c21, c22) completing a rectangle with ``i`` and its partner ``j`` (one
 * box, one line) in another box, in HoDoKu's order (uniqueness.py's _partners); how many (6). */
static int opposite_pairs(int i, int j, int pairs[6][2]) {
    int n = 0;
    for (int k = 0; k < 9 && n < 6; k++) {
        int c21, c22;
        if (row_of(i) == row_of(j)) {
            if (k / 3 == row_of(i) / 3) continue;  /* the same box as i */
            c21 = k * 9 + col_of(i);
            c22 = k * 9 + col_of(j);
        } else {
            if (k / 3 == col_of(i) / 3) continue;
            c21 = row_of(i) * 9 + k;
            c22 = row_of(j) * 9 + k;
        }
        pairs[n][0] = c21;
        pairs[n][1] = c22;
        n++;
    }
    return n;
}

/* The partners of ``i``: the cells of its box in its row or column, in the box's order;
 * how many (4). */
static int partners(int i, int out[4]) {
    int n = 0;
    for (int t = 0; t < 9 && n < 4; t++) {
        int j = HOUSE_CELLS[CELL_HOUSE[i][2]][t];
        if (j == i || (row_of(i) != row_of(j) && col_of(i) != col_of(j))) continue;
        out[n++] = j;
    }
    return n;
}

/* ------------------------------------------------------------------ eliminations */

/* The step of ``technique`` removing the digits of ``by_cell[c]`` from each cell c, listed by
 * cell then digit; 0 if it removes nothing. */
static int emit(hd_step *out, int technique, const uint16_t by_cell[81]) {
    int any = 0;
    for (int c = 0; c < 81; c++) {
        if (!by_cell[c]) continue;
        if (!any) hd_begin(out, technique);
        any = 1;
        for (unsigned m = by_cell[c]; m; m &= m - 1) hd_elim(out, c, m_first(m));
    }
    return any;
}

/* The step removing the digits ``digits`` from the ascending ``cells`` where they are
 * candidates (_Rect.removal); 0 if none is. */
static int removal(const grid *g, hd_step *out, int technique, const int *cells, int n, unsigned digits) {
    uint16_t by_cell[81] = {0};
    for (int k = 0; k < n; k++) by_cell[cells[k]] = (uint16_t)(g->cand[cells[k]] & digits);
    return emit(out, technique, by_cell);
}

/* The step removing ``d`` from the cells of ``targets``; 0 if there are none. */
static int remove_from(hd_step *out, int technique, set81 targets, int d) {
    if (!s_any(targets)) return 0;
    hd_begin(out, technique);
    for (int c; (c = s_pop(&targets)) >= 0;) hd_elim(out, c, d);
    return 1;
}

/* ------------------------------------------------------------------ unique rectangles */

/* A candidate unique rectangle (uniqueness.py's _Rect): digits a < b, the corners, and the
 * corners split into those holding only a/b (``two``) and those with more (``extra``),
 * each ascending. */
typedef struct {
    int a, b;
    unsigned ur;
    set81 mask;
    int two[4], ntwo;
    int extra[4], nextra;
} ur_rect;

static void rect_make(const grid *g, ur_rect *r, const int corners[4], int a, int b) {
    int sorted[4];
    for (int k = 0; k < 4; k++) {
        int x = corners[k], t = k;
        for (; t > 0 && sorted[t - 1] > x; t--) sorted[t] = sorted[t - 1];
        sorted[t] = x;
    }
    r->a = a;
    r->b = b;
    r->ur = bit(a) | bit(b);
    r->mask = S_EMPTY;
    r->ntwo = r->nextra = 0;
    for (int k = 0; k < 4; k++) {
        int c = sorted[k];
        s_add(&r->mask, c);
        if (g->cand[c] & ~r->ur) r->extra[r->nextra++] = c;
        else r->two[r->ntwo++] = c;
    }
}

static inline int diagonal(int x1, int x2) { return row_of(x1) != row_of(x2) && col_of(x1) != col_of(x2); }

typedef int (*ur_check)(const grid *g, const ur_rect *r, int want, hd_step *out);

static int ur1(const grid *g, const ur_rect *r, int want, hd_step *out) {
    (void)want;
    if (r->ntwo != 3) return 0;
    return removal(g, out, H_UNIQUENESS_TEST_1, r->extra, 1, r->ur);
}

/* Uniqueness Test 2 and 5 (``want`` says which). */
static int ur25(const grid *g, const ur_rect *r, int want, hd_step *out) {
    if (r->ntwo != 1 && r->ntwo != 2) return 0;
    unsigned add = 0;
    set81 seen = {{~0ull, ~0ull}};
    for (int k = 0; k < r->nextra; k++) {
        add |= g->cand[r->extra[k]] & ~r->ur;
        seen = s_and(seen, PEER_SET[r->extra[k]]);
    }
    if (m_count(add) != 1) return 0;
    int c = m_first(add);
    int name = r->nextra == 3 || diagonal(r->extra[0], r->extra[1]) ? H_UNIQUENESS_TEST_5 : H_UNIQUENESS_TEST_2;
    if (name != want) return 0;
    return remove_from(out, name, s_and(seen, g->pos[c]), c);
}

/* whether the cells all lie in one row or all in one column */
static int same_line(const int *cells, int n) {
    int rows = 1, cols = 1;
    for (int k = 1; k < n; k++) {
        rows &= row_of(cells[k]) == row_of(cells[0]);
        cols &= col_of(cells[k]) == col_of(cells[0]);
    }
    return rows || cols;
}

/* HoDoKu's recursive UR3 search (_ur3_subsets): cells of house ``h`` added to ``akt`` (the
 * two extra corners first) until the set's digits number one less than its cells. */
static int ur3_subsets(const grid *g, int h, const int *others, int nothers, int start, unsigned dmask, int *akt,
                       int nakt, hd_step *out) {
    if (nakt >= 9) return 0;
    for (int i = start; i < nothers; i++) {
        akt[nakt] = others[i];
        int n = nakt + 1;
        unsigned m = dmask | g->cand[others[i]];
        if ((h < 18 || !same_line(akt, n)) && m_count(m) == n - 1) {
            set81 inside = S_EMPTY;
            for (int k = 0; k < n; k++) s_add(&inside, akt[k]);
            uint16_t by_cell[81] = {0};
            int any = 0;
            for (int t = 0; t < 9; t++) {
                int c = HOUSE_CELLS[h][t];
                if (s_has(inside, c)) continue;
                by_cell[c] = (uint16_t)(g->cand[c] & m);
                any |= by_cell[c] != 0;
            }
            if (any) {
                int one_box = 1;
                for (int k = 1; k < n; k++) one_box &= box_of(akt[k]) == box_of(akt[0]);
                if (h < 18 && one_box) {
                    /* a locked subset: it also clears the rest of its box */
                    int b = 18 + box_of(akt[0]);
                    for (int t = 0; t < 9; t++) {
                        int c = HOUSE_CELLS[b][t];
                        if (!s_has(inside, c)) by_cell[c] = (uint16_t)(by_cell[c] | (g->cand[c] & m));
                    }
                }
                return emit(out, H_UNIQUENESS_TEST_3, by_cell);
            }
        }
        if (ur3_subsets(g, h, others, nothers, i + 1, m, akt, n, out)) return 1;
    }
    return 0;
}

static int ur3(const grid *g, const ur_rect *r, int want, hd_step *out) {
    (void)want;
    if (r->ntwo != 2) return 0;
    int x1 = r->extra[0], x2 = r->extra[1];
    unsigned u3 = (g->cand[x1] | g->cand[x2]) & ~r->ur;
    int houses[3], nh = 0;
    for (int t = 0; t < 3; t++) {
        if (CELL_HOUSE[x1][t] == CELL_HOUSE[x2][t]) houses[nh++] = CELL_HOUSE[x1][t];
    }
    for (int k = 0; k < nh; k++) {
        int h = houses[k], others[9], nothers = 0;
        for (int t = 0; t < 9; t++) {
            int c = HOUSE_CELLS[h][t];
            if (g->cand[c] && !(g->cand[c] & r->ur) && !s_has(r->mask, c)) others[nothers++] = c;
        }
        if (!nothers) continue;
        int akt[9] = {x1, x2};
        if (ur3_subsets(g, h, others, nothers, 0, u3, akt, 2, out)) return 1;
    }
    return 0;
}

static int ur4(const grid *g, const ur_rect *r, int want, hd_step *out) {
    (void)want;
    if (r->ntwo != 2) return 0;
    int x1 = r->extra[0], x2 = r->extra[1];
    if (diagonal(x1, x2)) return 0;
    set81 both = s_and(PEER_SET[x1], PEER_SET[x2]);
    int dele;
    if (!s_any(s_and(both, g->pos[r->a]))) dele = r->b;
    else if (!s_any(s_and(both, g->pos[r->b]))) dele = r->a;
    else return 0;
    return removal(g, out, H_UNIQUENESS_TEST_4, r->extra, 2, bit(dele));
}

static int ur6(const grid *g, const ur_rect *r, int want, hd_step *out) {
    (void)want;
    if (r->ntwo != 2) return 0;
    int x1 = r->extra[0], x2 = r->extra[1];
    if (!diagonal(x1, x2)) return 0;
    set81 lines = s_or(s_or(HOUSE_SET[CELL_HOUSE[x1][0]], HOUSE_SET[CELL_HOUSE[x2][0]]),
                       s_or(HOUSE_SET[CELL_HOUSE[x1][1]], HOUSE_SET[CELL_HOUSE[x2][1]]));
    lines = s_andnot(lines, r->mask);
    int d;
    if (!s_any(s_and(lines, g->pos[r->a]))) d = r->a;
    else if (!s_any(s_and(lines, g->pos[r->b]))) d = r->b;
    else return 0;
    return removal(g, out, H_UNIQUENESS_TEST_6, r->extra, 2, bit(d));
}

static int hidden(const grid *g, const ur_rect *r, int want, hd_step *out) {
    (void)want;
    if (r->ntwo != 1 && r->ntwo != 2) return 0;
    if (r->ntwo == 2 && !diagonal(r->two[0], r->two[1])) return 0;
    for (int k = 0; k < r->ntwo; k++) {
        int corner = r->two[k], x1 = r->extra[0], x2 = r->extra[1];
        int line = row_of(x1) != row_of(corner) ? row_of(x1) : row_of(x2);
        int col = col_of(x1) != col_of(corner) ? col_of(x1) : col_of(x2);
        int target = line * 9 + col;
        for (int swap = 0; swap < 2; swap++) {
            int x = swap ? r->b : r->a, y = swap ? r->a : r->b;
            set81 p = s_andnot(g->pos[x], r->mask);
            if (s_any(s_and(p, HOUSE_SET[line])) || s_any(s_and(p, HOUSE_SET[9 + col]))) continue;
            if (!(g->cand[target] & bit(y))) continue;
            hd_begin(out, H_HIDDEN_RECTANGLE);
            hd_elim(out, target, y);
            return 1;
        }
    }
    return 0;
}

/* The first step ``check`` finds on the rectangles in HoDoKu's order (_rectangles and
 * _ur_finder): all four corners empty and allowing a and b (no placed peer holds them). */
static int ur_search(const grid *g, ur_check check, int want, hd_step *out) {
    set81 by_size[4], seen[10];
    cells_by_size(g, by_size);
    for (int d = 0; d <= 9; d++) seen[d] = S_EMPTY;
    for (int c = 0; c < 81; c++) {
        if (g->value[c] >= 1 && g->value[c] <= 9) seen[g->value[c]] = s_or(seen[g->value[c]], PEER_SET[c]);
    }
    for (set81 bivalue = by_size[1]; s_any(bivalue);) {
        int i = s_pop(&bivalue), a = m_first(g->cand[i]), b = m_last(g->cand[i]);
        set81 ok = s_andnot(s_andnot(g->empty, seen[a]), seen[b]);
        int js[4], nj = partners(i, js);
        for (int t = 0; t < nj; t++) {
            if (!s_has(ok, js[t])) continue;
            int pairs[6][2], np = opposite_pairs(i, js[t], pairs);
            for (int k = 0; k < np; k++) {
                if (!s_has(ok, pairs[k][0]) || !s_has(ok, pairs[k][1])) continue;
                int corners[4] = {i, js[t], pairs[k][0], pairs[k][1]};
                ur_rect r;
                rect_make(g, &r, corners, a, b);
                if (check(g, &r, want, out)) return 1;
            }
        }
    }
    return 0;
}

int uniqueness_1(const grid *g, hd_step *out) { return ur_search(g, ur1, 0, out); }
int uniqueness_2(const grid *g, hd_step *out) { return ur_search(g, ur25, H_UNIQUENESS_TEST_2, out); }
int uniqueness_3(const grid *g, hd_step *out) { return ur_search(g, ur3, 0, out); }
int uniqueness_4(const grid *g, hd_step *out) { return ur_search(g, ur4, 0, out); }
int uniqueness_5(const grid *g, hd_step *out) { return ur_search(g, ur25, H_UNIQUENESS_TEST_5, out); }
int uniqueness_6(const grid *g, hd_step *out) { return ur_search(g, ur6, 0, out); }
int hidden_rectangle(const grid *g, hd_step *out) { return ur_search(g, hidden, 0, out); }

/* ------------------------------------------------------------------ avoidable rectangles */

/* Whether the givens alone have exactly one solution (_givens_unique). */
static int givens_unique(const grid *g) {
    uint8_t values[81];
    uint16_t cands[81];
    for (int c = 0; c < 81; c++) {
        values[c] = s_has(g->given, c) ? g->value[c] : 0;
        cands[c] = 0x1ff;
    }
    return count_solutions(values, cands, 2) == 1;
}

/* The first avoidable rectangle of type ``type`` (1 or 2) (_avoidable): from each placed,
 * non-given cell ascending, a placed non-given partner and the opposite pair. */
static int avoidable(const grid *g, int type, hd_step *out) {
    set81 solved = S_EMPTY;
    for (int c = 0; c < 81; c++) {
        if (g->value[c] && !s_has(g->given, c)) s_add(&solved, c);
    }
    for (set81 e = solved; s_any(e);) {
        int i = s_pop(&e), d1 = g->value[i];
        int js[4], nj = partners(i, js);
        for (int t = 0; t < nj; t++) {
            int j = js[t];
            if (!s_has(solved, j)) continue;
            int d2 = g->value[j];
            int pairs[6][2], np = opposite_pairs(i, j, pairs);
            for (int k = 0; k < np; k++) {
                int c21 = pairs[k][0], c22 = pairs[k][1], v21 = g->value[c21], v22 = g->value[c22];
                int e21 = !v21 && (g->cand[c21] & bit(d2)) && m_count(g->cand[c21]) == 2;
                int e22 = !v22 && (g->cand[c22] & bit(d1)) && m_count(g->cand[c22]) == 2;
                if (!((v21 == d2 && !s_has(g->given, c21) && e22) || (v22 == d1 && !s_has(g->given, c22) && e21) ||
                      (e21 && e22)))
                    continue;
                if (v21 || v22) {
                    int cell = v21 ? c22 : c21, d = v21 ? d1 : d2;
                    if (type != 1 || !(g->cand[cell] & bit(d))) continue;
                    if (!givens_unique(g)) return 0;
                    hd_begin(out, H_AVOIDABLE_RECTANGLE_TYPE_1);
                    hd_elim(out, cell, d);
                    return 1;
                }
                int x = m_first(g->cand[c21] & ~bit(d2));
                if (type != 2 || !(g->cand[c22] & bit(x))) continue;
                set81 targets = s_and(s_and(PEER_SET[c21], PEER_SET[c22]), g->pos[x]);
                if (!s_any(targets)) continue;
                if (!givens_unique(g)) return 0;
                return remove_from(out, H_AVOIDABLE_RECTANGLE_TYPE_2, targets, x);
            }
        }
    }
    return 0;
}

int avoidable_rectangle_1(const grid *g, hd_step *out) { return avoidable(g, 1, out); }
int avoidable_rectangle_2(const grid *g, hd_step *out) { return avoidable(g, 2, out); }

/* ------------------------------------------------------------------ BUG + 1 */

int bug_plus_1(const grid *g, hd_step *out) {
    int index3 = -1;
    if (!s_any(g->empty)) return 0;
    for (set81 e = g->empty; s_any(e);) {
        int c = s_pop(&e), n = m_count(g->cand[c]);
        if (n == 2) continue;
        if (n != 3 || index3 >= 0) return 0;
        index3 = c;
    }
    if (index3 < 0) return 0;
    int extra = 0, houses[3] = {-1, -1, -1};
    for (int d = 1; d <= 9; d++) {
        set81 p = g->pos[d];
        if (!s_any(p)) continue;
        for (int h = 0; h < 27; h++) {
            int n = s_count(s_and(p, HOUSE_SET[h]));
            if (n == 0 || n == 2) continue;
            if (n != 3 || (extra && extra != d) || houses[h / 9] >= 0) return 0;
            extra = d;
            houses[h / 9] = h;
        }
    }
    if (!extra || !(g->cand[index3] & bit(extra))) return 0;
    for (int t = 0; t < 3; t++) {
        if (houses[t] != CELL_HOUSE[index3][t]) return 0;
    }
    hd_begin(out, H_BIVALUE_UNIVERSAL_GRAVE_PLUS_1);
    for (unsigned m = g->cand[index3] & ~bit(extra); m; m &= m - 1) hd_elim(out, index3, m_first(m));
    return 1;
}
