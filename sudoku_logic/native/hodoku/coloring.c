/* Colouring (twin of strategies/hodoku/coloring.py: color_clusters, _sees_itself,
 * _simple_colors, _multi_colors): digit by digit, the clusters of conjugate pairs started from
 * their lowest cell, for Multi Colors every ordered pair of clusters. */
#include "hodoku/coloring.h"

/* at most 81 / 2 clusters of two cells or more */
#define MAX_CLUSTERS 41

/* The two colours of each conjugate-pair cluster of ``d`` (color_clusters), in ``c1``/``c2``:
 * how many. */
static int color_clusters(const grid *g, int d, set81 *c1, set81 *c2) {
    uint8_t mates[81][3], nmates[81] = {0};
    set81 p = g->pos[d], todo = S_EMPTY;
    for (int h = 0; h < 27; h++) {
        set81 m = s_and(p, HOUSE_SET[h]);
        if (s_count(m) != 2) continue;
        int a = s_pop(&m), b = s_pop(&m);
        /* a cell lies in three houses: three mates at most */
        if (nmates[a] < 3) mates[a][nmates[a]++] = (uint8_t)b;
        if (nmates[b] < 3) mates[b][nmates[b]++] = (uint8_t)a;
        s_add(&todo, a);
        s_add(&todo, b);
    }
    int n = 0;
    for (set81 starts = todo; s_any(starts);) {
        int start = s_pop(&starts);
        if (!s_has(todo, start)) continue;
        set81 sets[2] = {S_EMPTY, S_EMPTY};
        uint8_t stack[81][2];
        int top = 0;
        stack[top][0] = (uint8_t)start;
        stack[top][1] = 0;
        top++;
        s_del(&todo, start);
        while (top > 0) {
            top--;
            int cell = stack[top][0], colour = stack[top][1];
            s_add(&sets[colour], cell);
            for (int k = 0; k < nmates[cell]; k++) {
                int other = mates[cell][k];
                /* each cell goes on the stack once (it leaves todo then): 81 at most */
                if (s_has(todo, other) && top < 81) {
                    s_del(&todo, other);
                    stack[top][0] = (uint8_t)other;
                    stack[top][1] = (uint8_t)(1 - colour);
                    top++;
                }
            }
        }
        if (s_any(sets[0]) && s_any(sets[1]) && n < MAX_CLUSTERS) {
            c1[n] = sets[0];
            c2[n] = sets[1];
            n++;
        }
    }
    return n;
}

/* the cells every cell of ``s`` sees, together */
static set81 union_peers(set81 s) {
    set81 out = S_EMPTY;
    for (set81 e = s; s_any(e);) out = s_or(out, PEER_SET[s_pop(&e)]);
    return out;
}

/* whether two cells of ``s`` see each other */
static int sees_itself(set81 s) {
    for (set81 e = s; s_any(e);) {
        if (s_any(s_and(PEER_SET[s_pop(&e)], s))) return 1;
    }
    return 0;
}

/* clusters of one digit in a rank (the Python twin's _CLUSTERS) */
#define RANK_CLUSTERS 64

/* a step of ``technique`` removing ``d`` from the cells of ``elim``, its place in HoDoKu's
 * pass ``rank`` (coloring.py's facts["rank"]) in its size */
static int colour_step(int technique, int d, set81 elim, int rank, hd_step *out) {
    hd_begin(out, technique);
    for (set81 e = elim; s_any(e);) hd_elim(out, s_pop(&e), d);
    out->size = rank;
    return 1;
}

int simple_colors(const grid *g, int kinds, hd_step *out) {
    set81 c1[MAX_CLUSTERS], c2[MAX_CLUSTERS];
    for (int d = 1; d <= 9; d++) {
        int n = color_clusters(g, d, c1, c2);
        for (int i = 0; i < n; i++) {
            if (kinds & COLOR_SECOND) { /* the wrap first, as HoDoKu's one pass */
                set81 elim = S_EMPTY;
                if (sees_itself(c1[i])) elim = s_or(elim, c1[i]);
                if (sees_itself(c2[i])) elim = s_or(elim, c2[i]);
                if (s_any(elim)) return colour_step(H_SIMPLE_COLORS_WRAP, d, elim, 2 * (d * RANK_CLUSTERS + i), out);
            }
            if (kinds & COLOR_FIRST) {
                set81 elim = s_and(g->pos[d], s_and(union_peers(c1[i]), union_peers(c2[i])));
                if (s_any(elim)) return colour_step(H_SIMPLE_COLORS_TRAP, d, elim, 2 * (d * RANK_CLUSTERS + i) + 1, out);
            }
        }
    }
    return 0;
}

int multi_colors(const grid *g, int kinds, hd_step *out) {
    set81 c1[MAX_CLUSTERS], c2[MAX_CLUSTERS], seen1[MAX_CLUSTERS], seen2[MAX_CLUSTERS];
    for (int d = 1; d <= 9; d++) {
        int n = color_clusters(g, d, c1, c2);
        if (n < 2) continue;
        for (int i = 0; i < n; i++) {
            seen1[i] = union_peers(c1[i]);
            seen2[i] = union_peers(c2[i]);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i == j) continue;
                set81 a1 = c1[i], a2 = c2[i], b1 = c1[j], b2 = c2[j];
                set81 sa1 = seen1[i], sa2 = seen2[i], sb1 = seen1[j], sb2 = seen2[j];
                int rank = 2 * ((d * RANK_CLUSTERS + i) * RANK_CLUSTERS + j);
                if (kinds & COLOR_SECOND) { /* Multi Colors 2 first, as HoDoKu's one pass */
                    /* a colour whose cells see both colours of the other cluster is false */
                    set81 elim = S_EMPTY;
                    if (s_any(s_and(sa1, b1)) && s_any(s_and(sa1, b2))) elim = s_or(elim, a1);
                    if (s_any(s_and(sa2, b1)) && s_any(s_and(sa2, b2))) elim = s_or(elim, a2);
                    if (s_any(elim)) return colour_step(H_MULTI_COLORS_2, d, elim, rank, out);
                }
                if (kinds & COLOR_FIRST) {
                    /* two colours that see each other: one of their opposites is true */
                    set81 elim = S_EMPTY;
                    if (s_any(s_and(sa1, b1))) elim = s_or(elim, s_and(sa2, sb2));
                    if (s_any(s_and(sa1, b2))) elim = s_or(elim, s_and(sa2, sb1));
                    if (s_any(s_and(sa2, b1))) elim = s_or(elim, s_and(sa1, sb2));
                    if (s_any(s_and(sa2, b2))) elim = s_or(elim, s_and(sa1, sb1));
                    elim = s_and(elim, g->pos[d]);
                    if (s_any(elim)) return colour_step(H_MULTI_COLORS_1, d, elim, rank + 1, out);
                }
            }
        }
    }
    return 0;
}
