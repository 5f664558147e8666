/* HoDoKu's chain graph and chain tables (twin of strategies/hodoku/tabling.py: group_nodes,
 * chain_links, group_links; and of strategies/hodoku/chain_tables.py: chain_table). */
#include "hodoku/tabling.h"

/* append link ``to`` to node ``n``'s list (bounded: a full list marks the graph overflowed) */
static void link(tb_graph *t, int n, int to) {
    if (n < 0 || n >= TB_MAX_NODES || t->nlinks[n] >= TB_MAX_LINKS) {
        t->overflow = 1;
        return;
    }
    t->links[n][t->nlinks[n]++] = (uint16_t)to;
}

static int has_link(const tb_graph *t, int n, int to) {
    for (int i = 0; i < t->nlinks[n]; i++) {
        if (t->links[n][i] == to) return 1;
    }
    return 0;
}

/* HoDoKu's group nodes in its order (GroupNode.getGroupNodes): rows, then columns; in each
 * line digit by digit, box by box. */
static void group_nodes(tb_graph *t) {
    const grid *g = t->g;
    t->ngroups = 0;
    for (int h = 0; h < 18; h++) {
        for (int d = 1; d <= 9; d++) {
            set81 inh = s_and(HOUSE_SET[h], g->pos[d]);
            if (!s_any(inh)) continue;
            for (int b = 18; b < 27; b++) {
                set81 cells = s_and(inh, HOUSE_SET[b]);
                if (!s_many(cells) || t->ngroups >= TB_MAX_GROUPS) continue;
                tb_group *gr = &t->groups[t->ngroups++];
                gr->digit = d;
                gr->cells = cells;
                gr->first = s_first(cells);
                gr->box = b - 18;
                gr->line = h < 9 ? h : -1;
                gr->col = h < 9 ? -1 : h - 9;
                set81 bud = PEER_SET[gr->first];
                for (set81 e = cells; s_any(e);) bud = s_and(bud, PEER_SET[s_pop(&e)]);
                gr->buddies = bud;
            }
        }
    }
}

/* what ON(c, d) turns off: the cell's other candidates, then d in its row, its column, the
 * rest of its box (strategies/chain_core.py's weak_links over tabling.py's _SEGMENTS) */
static void weak_links(tb_graph *t, int c, int d) {
    const grid *g = t->g;
    int on = TB_ON + (d - 1) * 81 + c;
    unsigned others = g->cand[c] & ~(1u << (d - 1));
    for (int e = 1; e <= 9; e++) {
        if (others >> (e - 1) & 1) link(t, on, (e - 1) * 81 + c);
    }
    const uint8_t *hs = CELL_HOUSE[c];
    set81 row = HOUSE_SET[hs[0]], col = HOUSE_SET[hs[1]];
    set81 segs[3] = {row, col, s_andnot(s_andnot(HOUSE_SET[hs[2]], row), col)};
    for (int k = 0; k < 3; k++) {
        set81 m = s_and(g->pos[d], segs[k]);
        s_del(&m, c);
        for (int x; (x = s_pop(&m)) >= 0;) link(t, on, (d - 1) * 81 + x);
    }
}

/* what OFF(c, d) turns on: the other candidate of a bivalue cell, then the other place of d
 * in each of its houses holding d twice (each once) (chain_core.py's strong_links) */
static void strong_links(tb_graph *t, int c, int d) {
    const grid *g = t->g;
    int off = (d - 1) * 81 + c;
    unsigned m = g->cand[c];
    if (m_count(m) == 2) link(t, off, TB_ON + (m_first(m & ~(1u << (d - 1))) - 1) * 81 + c);
    set81 got = S_EMPTY;
    for (int k = 0; k < 3; k++) {
        set81 r = s_and(g->pos[d], HOUSE_SET[CELL_HOUSE[c][k]]);
        if (s_count(r) != 2) continue;
        s_del(&r, c);
        if (s_any(s_and(r, got))) continue;
        got = s_or(got, r);
        link(t, off, TB_ON + (d - 1) * 81 + s_first(r));
    }
}

static int group_in_house(const tb_group *gr, int h) {
    if (h < 9) return gr->line == h;
    if (h < 18) return gr->col == h - 9;
    return gr->box == h - 18;
}

/* HoDoKu's fillTablesWithGroupNodes: the group nodes' tables and the links into them */
static void group_links(tb_graph *t) {
    const grid *g = t->g;
    for (int i = 0; i < t->ngroups; i++) {
        const tb_group *gr = &t->groups[i];
        int d = gr->digit, base = (d - 1) * 81;
        int g_off = TB_NORMAL + 2 * i, g_on = g_off + 1;
        set81 see = s_and(g->pos[d], gr->buddies);
        for (set81 e = see; s_any(e);) {
            int x = s_pop(&e);
            link(t, g_on, base + x);
            link(t, TB_ON + base + x, g_off);
        }
        int bh = 18 + gr->box, lh = gr->line >= 0 ? gr->line : 9 + gr->col;
        const int hs[2] = {bh, lh};
        for (int k = 0; k < 2; k++) {
            set81 one = s_and(see, HOUSE_SET[hs[k]]);
            if (!s_one(one)) continue;
            int x = base + s_first(one);
            if (!has_link(t, g_off, TB_ON + x)) link(t, g_off, TB_ON + x);
            link(t, x, g_on);
        }
        /* other group nodes of the digit sharing the line or the box, not overlapping */
        int line_o = -1, box_o = -1, nline = 0, nbox = 0;
        for (int j = 0; j < t->ngroups; j++) {
            const tb_group *o = &t->groups[j];
            if (j == i || o->digit != d || s_any(s_and(o->cells, gr->cells))) continue;
            int in_line = group_in_house(o, lh), in_box = group_in_house(o, bh);
            if (in_line) { nline++; line_o = j; }
            if (in_box) { nbox++; box_o = j; }
            if (in_line || in_box) link(t, g_on, TB_NORMAL + 2 * j);
        }
        const int hj[2][3] = {{nline, line_o, lh}, {nbox, box_o, bh}};
        for (int k = 0; k < 2; k++) {
            if (hj[k][0] != 1) continue;
            int j = hj[k][1];
            set81 rest = s_andnot(s_andnot(s_and(HOUSE_SET[hj[k][2]], g->pos[d]), gr->cells), t->groups[j].cells);
            if (!s_any(rest)) link(t, g_off, TB_NORMAL + 2 * j + 1);
        }
    }
}

static void start(tb_graph *t, const grid *g, int grouped) {
    t->g = g;
    t->overflow = 0;
    t->ngroups = 0;
    t->net = NULL;
    t->net_start = NULL;
    t->net_len = NULL;
    if (grouped) group_nodes(t);
    t->nnodes = TB_NORMAL + 2 * t->ngroups;
    memset(t->nlinks, 0, sizeof t->nlinks);
    memset(t->stamp, 0, sizeof t->stamp);
    t->table = 0;
    t->norder = 0;
}

void tb_build_net(tb_graph *t, const grid *g, const uint16_t *net, const int *net_start, const uint16_t *net_len) {
    start(t, g, 1);
    t->net = net;
    t->net_start = net_start;
    t->net_len = net_len;
    group_links(t);
}

void tb_build(tb_graph *t, const grid *g, int grouped) {
    start(t, g, grouped);
    for (set81 e = g->empty; s_any(e);) {
        int c = s_pop(&e);
        for (int d = 1; d <= 9; d++) {
            if (!(g->cand[c] >> (d - 1) & 1)) continue;
            weak_links(t, c, d);
            strong_links(t, c, d);
        }
    }
    if (grouped) group_links(t);
}

int tb_cell(const tb_graph *t, int n) { return n < TB_NORMAL ? n % 81 : t->groups[(n - TB_NORMAL) >> 1].first; }

set81 tb_cells(const tb_graph *t, int n) {
    if (n < TB_NORMAL) {
        set81 s = S_EMPTY;
        s_add(&s, n % 81);
        return s;
    }
    return t->groups[(n - TB_NORMAL) >> 1].cells;
}

int tb_digit(const tb_graph *t, int n) { return n < TB_NORMAL ? (n % TB_ON) / 81 + 1 : t->groups[(n - TB_NORMAL) >> 1].digit; }

int tb_on(int n) { return n < TB_NORMAL ? n >= TB_ON : (n - TB_NORMAL) & 1; }

set81 tb_buddies(const tb_graph *t, int n) {
    return n < TB_NORMAL ? PEER_SET[n % 81] : t->groups[(n - TB_NORMAL) >> 1].buddies;
}

static void expand(tb_graph *t, int p, const uint8_t *wanted, int nwanted, int target);

/* the whole table: no target (-1) ever counts down */
void tb_table(tb_graph *t, int p) { expand(t, p, NULL, 1, -1); }

void tb_table_to(tb_graph *t, int p, int target) { expand(t, p, NULL, 1, target); }

void tb_table_until(tb_graph *t, int p, const uint8_t *wanted, int nwanted) { expand(t, p, wanted, nwanted, -1); }

/* premise p's table until it holds nwanted of wanted's nodes, or target (wanted NULL) */
static void expand(tb_graph *t, int p, const uint8_t *wanted, int nwanted, int target) {
    int stamp = ++t->table;
    t->order[0] = (uint16_t)p;
    t->parent[p] = -1;
    t->stamp[p] = stamp;
    int size = 1, left = target == p ? 0 : nwanted;
    for (int j = 0; j < size && left > 0; j++) {
        int u = t->order[j];
        int nnet = t->net && u < TB_NORMAL ? t->net_len[u] : 0;
        for (int k = 0; k < nnet + t->nlinks[u]; k++) {
            int w = k < nnet ? t->net[t->net_start[u] + k] : t->links[u][k - nnet];
            if (t->stamp[w] == stamp) continue;
            if (size >= TB_MAX_ENTRIES) {
                t->norder = size;
                return;
            }
            t->stamp[w] = stamp;
            t->parent[w] = (int16_t)u;
            t->order[size++] = (uint16_t)w;
            left -= wanted ? wanted[w] : w == target;
        }
    }
    t->norder = size;
}

/* node u's k-th link of its nnet + nlinks */
static inline int link_at(const tb_graph *t, int u, int k, int nnet) {
    return k < nnet ? t->net[t->net_start[u] + k] : t->links[u][k - nnet];
}
static inline int nnet_of(const tb_graph *t, int u) { return t->net && u < TB_NORMAL ? t->net_len[u] : 0; }

void tb_close(const tb_graph *t, tb_closures *c) {
    int n = t->nnodes, counter = 0, ncomp = 0, sp = 0, words = (n + 63) / 64;
    c->words = words;
    for (int v = 0; v < n; v++) {
        c->index[v] = c->comp[v] = -1;
        c->on_stack[v] = 0;
    }
    for (int root = 0; root < n; root++) {
        if (c->index[root] >= 0) continue;
        int depth = 0;
        c->frame[0] = root;
        c->edge[0] = 0;
        c->index[root] = c->low[root] = counter++;
        c->stack[sp++] = root;
        c->on_stack[root] = 1;
        while (depth >= 0) {
            int v = c->frame[depth], nnet = nnet_of(t, v), deg = nnet + t->nlinks[v];
            if (c->edge[depth] < deg) {
                int w = link_at(t, v, c->edge[depth]++, nnet);
                if (c->index[w] < 0) {
                    /* depth < n: a node is on the call stack once */
                    depth++;
                    c->frame[depth] = w;
                    c->edge[depth] = 0;
                    c->index[w] = c->low[w] = counter++;
                    c->stack[sp++] = w;
                    c->on_stack[w] = 1;
                } else if (c->on_stack[w] && c->index[w] < c->low[v]) {
                    c->low[v] = c->index[w];
                }
                continue;
            }
            if (c->low[v] == c->index[v]) {
                /* a component: its members, then what their links reach */
                uint64_t *row = c->reach[ncomp];
                memset(row, 0, (size_t)words * sizeof row[0]);
                int first = sp;
                do {
                    first--;
                    int m = c->stack[first];
                    c->on_stack[m] = 0;
                    c->comp[m] = ncomp;
                    row[m >> 6] |= (uint64_t)1 << (m & 63);
                } while (c->stack[first] != v);
                for (int i = first; i < sp; i++) {
                    int m = c->stack[i], mnet = nnet_of(t, m);
                    for (int k = 0; k < mnet + t->nlinks[m]; k++) {
                        int w = link_at(t, m, k, mnet);
                        if (c->comp[w] == ncomp || c->comp[w] < 0) continue; /* (< 0: never) */
                        const uint64_t *other = c->reach[c->comp[w]];
                        for (int x = 0; x < words; x++) row[x] |= other[x];
                    }
                }
                sp = first;
                ncomp++;
            }
            depth--;
            if (depth >= 0) {
                int u = c->frame[depth];
                if (c->low[v] < c->low[u]) c->low[u] = c->low[v];
            }
        }
    }
}

int tb_reach_count(const tb_closures *c, int n) {
    const uint64_t *row = tb_reach(c, n);
    int k = 0;
    for (int x = 0; x < c->words; x++) k += pop64(row[x]);
    return k;
}

int tb_path(const tb_graph *t, int n, uint16_t *path, int cap) {
    int len = 0;
    for (int x = n; x >= 0 && len < cap; x = t->parent[x]) path[len++] = (uint16_t)x;
    for (int i = 0, j = len - 1; i < j; i++, j--) {
        uint16_t s = path[i];
        path[i] = path[j];
        path[j] = s;
    }
    return len;
}
