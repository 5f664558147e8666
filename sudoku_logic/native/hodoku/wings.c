/* Wings (twin of strategies/wings.py: w_wing, _w_link, xy_wing, xyz_wing, wxyz_wing): a pivot and pincers
 * (or two bivalue cells and a strong link) forcing one digit z into one of some cells; the
 * cells seeing all of those lose z. */
#include "hodoku/wings.h"

#include "hodoku/intersections.h"

/* the step removing ``z`` from the cells ``elim``, in cell order */
static void wing_step(hd_step *out, int technique, int z, set81 elim) {
    hd_begin(out, technique);
    for (int c; (c = s_pop(&elim)) >= 0;) hd_elim(out, c, z);
}

/* ------------------------------------------------------------------ W-Wing */

/* Whether a house (rows, columns, boxes) holds ``y`` in exactly two cells, neither ``c1`` nor
 * ``c2``, one seeing ``c1`` and the other ``c2`` (twin of _w_link). */
static int w_link(const grid *g, int y, int c1, int c2) {
    for (int h = 0; h < 27; h++) {
        set81 m = s_and(g->pos[y], HOUSE_SET[h]);
        if (s_count(m) != 2 || s_has(m, c1) || s_has(m, c2)) continue;
        int a = s_pop(&m), b = s_pop(&m);
        if (s_has(PEER_SET[a], c1) && s_has(PEER_SET[b], c2)) return 1;
        if (s_has(PEER_SET[b], c1) && s_has(PEER_SET[a], c2)) return 1;
    }
    return 0;
}

/* Two bivalue cells with the same digits, in cell order, x the lower digit then the higher:
 * the cells seeing both lose x when a strong link on the other digit joins them. */
int w_wing(const grid *g, hd_step *out) {
    set81 by_size[4];
    cells_by_size(g, by_size);
    for (set81 rest = by_size[1]; s_any(rest);) {
        int c1 = s_pop(&rest);
        unsigned m = g->cand[c1];
        int d1 = m_first(m), d2 = m_last(m);
        for (set81 e = rest; s_any(e);) {
            int c2 = s_pop(&e);
            if (g->cand[c2] != m) continue;
            set81 both = s_and(PEER_SET[c1], PEER_SET[c2]);
            for (int k = 0; k < 2; k++) {
                int x = k ? d2 : d1, y = k ? d1 : d2;
                set81 elim = s_and(g->pos[x], both);
                if (!s_any(elim) || !w_link(g, y, c1, c2)) continue;
                wing_step(out, H_W_WING, x, elim);
                return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ XY-Wing */

/* The wing whose three cells, ascending, come first, then by the pivot's place among them. */
int xy_wing(const grid *g, hd_step *out) {
    set81 by_size[4];
    cells_by_size(g, by_size);
    set81 bimask = by_size[1];
    int best[4] = {0}, found = 0, best_z = 0; /* sorted cells, pivot's place */
    set81 best_elim = S_EMPTY;
    for (set81 ps = bimask; s_any(ps);) {
        int pivot = s_pop(&ps);
        unsigned pm = g->cand[pivot], xbit = pm & -pm;
        int with_x[20], with_y[20], nx = 0, ny = 0; /* a cell has 20 peers */
        for (set81 qs = s_and(PEER_SET[pivot], bimask); s_any(qs);) {
            int q = s_pop(&qs);
            unsigned common = g->cand[q] & pm;
            if (m_count(common) != 1) continue;
            if (common == xbit) { if (nx < 20) with_x[nx++] = q; }
            else if (ny < 20) with_y[ny++] = q;
        }
        for (int i = 0; i < nx; i++) {
            int a = with_x[i];
            unsigned zm = g->cand[a] & ~pm;
            for (int j = 0; j < ny; j++) {
                int b = with_y[j];
                if ((g->cand[b] & ~pm) != zm) continue;
                int z = m_first(zm);
                set81 elim = s_and(g->pos[z], s_and(PEER_SET[a], PEER_SET[b]));
                if (!s_any(elim)) continue;
                int trio[3] = {pivot, a, b};
                for (int s = 0; s < 2; s++) { /* sort three */
                    for (int t = 0; t < 2 - s; t++) {
                        if (trio[t] > trio[t + 1]) { int x = trio[t]; trio[t] = trio[t + 1]; trio[t + 1] = x; }
                    }
                }
                int key[4] = {trio[0], trio[1], trio[2], trio[0] == pivot ? 0 : trio[1] == pivot ? 1 : 2};
                int before = !found;
                for (int t = 0; t < 4 && !before; t++) {
                    if (key[t] != best[t]) { before = key[t] < best[t]; break; }
                }
                if (!before) continue;
                for (int t = 0; t < 4; t++) best[t] = key[t];
                found = 1; best_z = z; best_elim = elim;
            }
        }
    }
    if (!found) return 0;
    wing_step(out, H_XY_WING, best_z, best_elim);
    return 1;
}

/* ------------------------------------------------------------------ XYZ-Wing */

/* A pivot of three digits and two of its bivalue peers inside them (pivots in cell order,
 * pincers in combination order): the cells seeing all three lose the digit they share. */
int xyz_wing(const grid *g, hd_step *out) {
    set81 by_size[4];
    cells_by_size(g, by_size);
    for (set81 ps = by_size[2]; s_any(ps);) {
        int pivot = s_pop(&ps);
        unsigned pm = g->cand[pivot];
        int subs[20], n = 0;
        for (set81 qs = s_and(PEER_SET[pivot], by_size[1]); s_any(qs);) {
            int q = s_pop(&qs);
            if (!(g->cand[q] & ~pm) && n < 20) subs[n++] = q;
        }
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                int a = subs[i], b = subs[j];
                if (g->cand[a] == g->cand[b]) continue;
                int z = m_first(g->cand[a] & g->cand[b]);
                set81 elim = s_and(s_and(g->pos[z], PEER_SET[pivot]), s_and(PEER_SET[a], PEER_SET[b]));
                if (!s_any(elim)) continue;
                wing_step(out, H_XYZ_WING, z, elim);
                return 1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ WXYZ-Wing */

/* The digits of three pincers that are not restricted: held by two pincers that do not see
 * each other (the pivot sees every pincer). */
static unsigned wxyz_free(const grid *g, const int q[3]) {
    unsigned loose = 0;
    for (int i = 0; i < 3; i++) {
        for (int j = i + 1; j < 3; j++) {
            if (!s_has(PEER_SET[q[i]], q[j])) loose |= g->cand[q[i]] & g->cand[q[j]];
        }
    }
    return loose;
}

/* A pivot and three of its peers holding four digits, one of them (z) not restricted: the
 * cells seeing every cell of the four that holds z lose it. */
int wxyz_wing(const grid *g, hd_step *out) {
    set81 by_size[4];
    cells_by_size(g, by_size);
    set81 small = s_or(s_or(by_size[1], by_size[2]), by_size[3]);
    for (set81 ps = small; s_any(ps);) {
        int pivot = s_pop(&ps);
        unsigned pm = g->cand[pivot];
        int wings[20], n = 0;
        for (set81 qs = s_and(PEER_SET[pivot], small); s_any(qs);) {
            int q = s_pop(&qs);
            if (m_count(g->cand[q] | pm) <= 4 && n < 20) wings[n++] = q;
        }
        for (int i = 0; i + 2 < n; i++) {
            for (int j = i + 1; j + 1 < n; j++) {
                if (m_count(pm | g->cand[wings[i]] | g->cand[wings[j]]) > 4) continue;
                for (int k = j + 1; k < n; k++) {
                    int q[3] = {wings[i], wings[j], wings[k]};
                    if (m_count(pm | g->cand[q[0]] | g->cand[q[1]] | g->cand[q[2]]) != 4) continue;
                    unsigned loose = wxyz_free(g, q);
                    if (m_count(loose) != 1) continue;
                    /* The finder skips four cells met before with a lower pivot; both pivots
                     * then see the other three, so the free digit and the eliminations were the
                     * same, and none: the first step is the same without the check. */
                    int quad[4] = {pivot, q[0], q[1], q[2]};
                    int z = m_first(loose);
                    set81 elim = g->pos[z];
                    for (int c = 0; c < 4; c++) {
                        s_del(&elim, quad[c]);
                        if (g->cand[quad[c]] & loose) elim = s_and(elim, PEER_SET[quad[c]]);
                    }
                    if (!s_any(elim)) continue;
                    wing_step(out, H_WXYZ_WING, z, elim);
                    return 1;
                }
            }
        }
    }
    return 0;
}
