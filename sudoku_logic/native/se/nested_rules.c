/* The rules SE's nested chains ask for eliminations, with the candidates each relies on
 * (twin of strategies/se/nested_rules.py: locking, hidden_pairs, naked_pairs, x_wings).
 *
 * Each rule runs on a chain's working grid and keeps only hints with a *rule parent*: a
 * candidate of the chain's start position that the chain removed and the rule needed gone.
 * Eliminations and parents are off keys ``(cell * 9 + d - 1) << 1``. */
#include "se/chain_links.h"
#include "se/nested_rules.h"
#include "se/order.h"

static inline int off_key(int cell, int d) { return (cell * 9 + d - 1) << 1; }

/* Start a hint; 0 once the arrays are full (out->error set). */
static int begin(adv_list *out) {
    if (out->nh >= ADV_HINTS) { out->error = 1; return 0; }
    return 1;
}
static void add_elim(adv_list *out, int key) {
    if (out->ne >= ADV_ELIMS) { out->error = 1; return; }
    /* kept ascending: a hint's eliminations come sorted by cell, then digit */
    int i = out->ne++;
    int start = out->nh ? out->elim_end[out->nh - 1] : 0;
    while (i > start && out->elim[i - 1] > key) { out->elim[i] = out->elim[i - 1]; i--; }
    out->elim[i] = (uint16_t)key;
}
static void add_parent(adv_list *out, int key) {
    if (out->np >= ADV_PARENTS) { out->error = 1; return; }
    out->parent[out->np++] = (uint16_t)key;
}
static void end(adv_list *out) {
    if (out->error) return;
    out->elim_end[out->nh] = out->ne;
    out->parent_end[out->nh] = out->np;
    out->nh++;
}

/* SE's Locking(false) order of crossing houses: (box, column), (box, row), (column, box),
 * (row, box), each first house in order, then each second house it meets. */
static void locking(const uint16_t *cand, const set81 *pos, const set81 *removed, set81 gone_any, adv_list *out) {
    (void)cand;
    static const int firsts[4] = {18, 18, 9, 0}, seconds[4] = {9, 0, 18, 18};
    int active[9], na = 0;
    for (int d = 1; d <= 9; d++) {
        if (s_any(removed[d])) active[na++] = d;
    }
    if (!na) return;
    for (int g = 0; g < 4; g++) {
        for (int h1 = firsts[g]; h1 < firsts[g] + 9; h1++) {
            set81 m1 = HOUSE_SET[h1];
            if (!s_any(s_and(gone_any, m1))) continue;
            for (int h2 = seconds[g]; h2 < seconds[g] + 9; h2++) {
                set81 m2 = HOUSE_SET[h2];
                if (!s_any(s_and(m1, m2)) || !s_any(s_andnot(s_and(gone_any, m1), m2))) continue;
                for (int k = 0; k < na; k++) {
                    int d = active[k];
                    set81 gone = s_andnot(s_and(removed[d], m1), m2);
                    if (!s_any(gone)) continue;
                    set81 inside = s_and(pos[d], m1);
                    if (!s_many(inside) || s_any(s_andnot(inside, m2))) continue;
                    set81 elim = s_andnot(s_and(pos[d], m2), m1);
                    if (!s_any(elim) || !begin(out)) continue;
                    for (int c; (c = s_pop(&elim)) >= 0;) add_elim(out, off_key(c, d));
                    for (int i = 0; i < 9; i++) {
                        int c = HOUSE_CELLS[h1][i];
                        if (s_has(gone, c)) add_parent(out, off_key(c, d));
                    }
                    end(out);
                }
            }
        }
    }
}

/* SE's HiddenSet(2, false): two digits with the same two places in a house (of more than
 * four empty cells); parents: the pair's digits gone from the house's other cells. */
static void hidden_pairs(const grid *src, const uint16_t *cand, const set81 *pos, const set81 *removed,
                         set81 gone_any, adv_list *out) {
    for (int t = 0; t < 27; t++) {
        int h = SE_HOUSES[t];
        set81 hm = HOUSE_SET[h];
        if (!s_any(s_and(gone_any, hm)) || s_count(s_and(src->empty, hm)) <= 4) continue;
        int twos[9], nt = 0;
        set81 places[9];
        for (int d = 1; d <= 9; d++) {
            set81 p = s_and(pos[d], hm);
            if (s_two(p)) { places[nt] = p; twos[nt++] = d; }
        }
        for (int y = 1; y < nt; y++) {
            int b = twos[y];
            set81 uni = places[y];
            for (int x = 0; x < y; x++) {
                int a = twos[x];
                if (places[x].w[0] != uni.w[0] || places[x].w[1] != uni.w[1]) continue;
                if (!s_any(s_andnot(s_and(s_or(removed[a], removed[b]), hm), uni))) continue;
                unsigned keep = (1u << (a - 1)) | (1u << (b - 1));
                set81 cells = uni;
                int any = 0;
                for (int c; (c = s_pop(&cells)) >= 0;) any |= (cand[c] & ~keep) != 0;
                if (!any || !begin(out)) continue;
                cells = uni;
                for (int c; (c = s_pop(&cells)) >= 0;) {
                    for (unsigned m = cand[c] & ~keep; m; m &= m - 1) add_elim(out, off_key(c, m_first(m)));
                }
                for (int i = 0; i < 9; i++) {
                    int c = HOUSE_CELLS[h][i];
                    if (s_has(uni, c)) continue;
                    if (src->cand[c] >> (a - 1) & 1) add_parent(out, off_key(c, a));
                    if (src->cand[c] >> (b - 1) & 1) add_parent(out, off_key(c, b));
                }
                end(out);
            }
        }
    }
}

/* SE's NakedSet(2): two cells of a house (of four empty cells or more) with the same two
 * candidates, one of them having had more; parents: those cells' other candidates, gone. */
static void naked_pairs(const grid *src, const uint16_t *cand, const set81 *pos, set81 gone_any, adv_list *out) {
    for (int t = 0; t < 27; t++) {
        int h = SE_HOUSES[t];
        set81 hm = HOUSE_SET[h];
        if (!s_any(s_and(gone_any, hm)) || s_count(s_and(src->empty, hm)) < 4) continue;
        int twos[9], nt = 0;
        for (int i = 0; i < 9; i++) {
            int c = HOUSE_CELLS[h][i];
            if (m_count(cand[c]) == 2 && s_has(src->empty, c)) twos[nt++] = c;
        }
        for (int y = 1; y < nt; y++) {
            int cj = twos[y];
            unsigned uni = cand[cj];
            for (int x = 0; x < y; x++) {
                int ci = twos[x];
                if (cand[ci] != uni || (src->cand[ci] == uni && src->cand[cj] == uni)) continue;
                set81 rest = hm;
                s_del(&rest, ci);
                s_del(&rest, cj);
                int any = 0;
                for (unsigned m = uni; m; m &= m - 1) any |= s_any(s_and(pos[m_first(m)], rest));
                if (!any || !begin(out)) continue;
                for (unsigned m = uni; m; m &= m - 1) {
                    int d = m_first(m);
                    set81 elim = s_and(pos[d], rest);
                    for (int c; (c = s_pop(&elim)) >= 0;) add_elim(out, off_key(c, d));
                }
                const int pair[2] = {ci, cj};
                for (int k = 0; k < 2; k++) {
                    for (unsigned m = src->cand[pair[k]] & ~uni; m; m &= m - 1)
                        add_parent(out, off_key(pair[k], m_first(m)));
                }
                end(out);
            }
        }
    }
}

/* the 9-bit set of the rows (``rows`` true) or columns holding the cells of ``s`` */
static unsigned lines_of(set81 s, int rows) {
    unsigned out = 0;
    for (int c; (c = s_pop(&s)) >= 0;) out |= 1u << (rows ? c / 9 : c % 9);
    return out;
}

/* SE's Fisherman(2): columns against rows, then rows against columns, each base line
 * holding two places; parents: the digit's places gone from the base lines outside the
 * cover lines. */
static void x_wings(const grid *src, const set81 *pos, const set81 *removed, adv_list *out) {
    int active[9], na = 0;
    set81 gone_any = S_EMPTY;
    for (int d = 1; d <= 9; d++) {
        if (s_any(removed[d]) && s_count(src->placed[d]) + 4 <= 9) {
            active[na++] = d;
            gone_any = s_or(gone_any, removed[d]);
        }
    }
    if (!na) return;
    for (int pass = 0; pass < 2; pass++) {
        int base_off = pass == 0 ? 9 : 0, cover_off = pass == 0 ? 0 : 9;
        for (int t = 0; t < SE_SUBSET_COUNT[9][2]; t++) {
            unsigned sub = SE_SUBSETS[9][2][t];
            int i = __builtin_ctz(sub), j = 31 - __builtin_clz(sub);
            set81 bi = HOUSE_SET[base_off + i], bj = HOUSE_SET[base_off + j];
            set81 base = s_or(bi, bj);
            if (!s_any(s_and(gone_any, base))) continue;
            for (int k = 0; k < na; k++) {
                int d = active[k];
                if (!s_any(s_and(removed[d], base))) continue;
                set81 mi = s_and(pos[d], bi), mj = s_and(pos[d], bj);
                if (!s_two(mi) || !s_two(mj)) continue;
                unsigned lines = lines_of(mi, cover_off == 0) | lines_of(mj, cover_off == 0);
                if (m_count(lines) != 2) continue;
                set81 cover = S_EMPTY;
                for (int l = 0; l < 9; l++) {
                    if (lines >> l & 1) cover = s_or(cover, HOUSE_SET[cover_off + l]);
                }
                set81 gone = s_andnot(s_and(removed[d], base), cover);
                if (!s_any(gone)) continue;
                set81 elim = s_andnot(s_and(pos[d], cover), base);
                if (!s_any(elim) || !begin(out)) continue;
                for (int c; (c = s_pop(&elim)) >= 0;) add_elim(out, off_key(c, d));
                const int lines2[2] = {base_off + i, base_off + j};
                for (int l = 0; l < 2; l++) {
                    for (int q = 0; q < 9; q++) {
                        int c = HOUSE_CELLS[lines2[l]][q];
                        if (s_has(gone, c)) add_parent(out, off_key(c, d));
                    }
                }
                end(out);
            }
        }
    }
}

int se_basic_advanced(const grid *src, const uint16_t *cand, const set81 *pos, adv_list *out) {
    set81 removed[10];
    set81 gone_any = S_EMPTY;
    removed[0] = S_EMPTY;
    for (int d = 1; d <= 9; d++) {
        removed[d] = s_andnot(src->pos[d], pos[d]);
        gone_any = s_or(gone_any, removed[d]);
    }
    out->nh = out->ne = out->np = out->error = 0;
    if (!s_any(gone_any)) return 0;
    for (int rule = 0; rule < 4; rule++) {
        switch (rule) {
        case 0: locking(cand, pos, removed, gone_any, out); break;
        case 1: hidden_pairs(src, cand, pos, removed, gone_any, out); break;
        case 2: naked_pairs(src, cand, pos, gone_any, out); break;
        default: x_wings(src, pos, removed, out); break;
        }
        if (out->error) return -1;
        if (out->nh) return out->nh;
    }
    return 0;
}
