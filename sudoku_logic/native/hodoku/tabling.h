/* HoDoKu's tabling search (twin of strategies/hodoku/tabling.py: group_nodes, chain_links,
 * group_links, and of strategies/hodoku/chain_tables.py: chain_table): the chain graph of a
 * position (candidates ON and OFF, and for grouped searches HoDoKu's group nodes) and a
 * premise's chain table, expanded in HoDoKu's order.
 *
 * Node ids as on the Python side: OFF(c, d) is (d - 1) * 81 + c, ON(c, d) is 729 + that;
 * group node g is 1458 + 2 g (OFF) and 1459 + 2 g (ON).  Every array is fixed: a search
 * allocates its tb_graph once, nothing per node; every write is bounded. */
#ifndef HODOKU_TABLING_H
#define HODOKU_TABLING_H

#include "core/grid.h"

#define TB_ON 729
#define TB_NORMAL 1458
/* 18 lines x 9 digits x 3 boxes: the most line-box intersections with a digit */
#define TB_MAX_GROUPS 486
#define TB_MAX_NODES (TB_NORMAL + 2 * TB_MAX_GROUPS)
/* links out of one node: a candidate ON has at most 8 + 20 + 8 (groups seeing it), OFF
 * 1 + 3 + 8, a group ON 12 + 7, a group OFF 4 */
#define TB_MAX_LINKS 48
/* HoDoKu's Options.maxTableEntryLength (chain_tables.py's MAX_ENTRIES) */
#define TB_MAX_ENTRIES 1000

typedef struct {
    int digit;
    set81 cells;
    int first, line, col, box;  /* first cell; row or column (-1 for the other); box 0..8 */
    set81 buddies;              /* cells seeing every cell of the group */
} tb_group;

typedef struct {
    const grid *g;
    int ngroups;
    tb_group groups[TB_MAX_GROUPS];
    int nnodes;
    int overflow;                               /* a bound was reached (never, by the sizes above) */
    uint8_t nlinks[TB_MAX_NODES];
    uint16_t links[TB_MAX_NODES][TB_MAX_LINKS]; /* each node's direct consequences, HoDoKu's order */
    /* nets: a candidate's net fill (tabling_forcing.c's net_fill) comes before its links:
     * net[net_start[n] ..] (net_len[n] of them); NULL for chains */
    const uint16_t *net;
    const int *net_start;
    const uint16_t *net_len;
    /* one table (tb_table): entries in order, each node's parent while its stamp is the table's */
    int norder;
    uint16_t order[TB_MAX_ENTRIES];
    int16_t parent[TB_MAX_NODES];
    int stamp[TB_MAX_NODES];
    int table;                                  /* the current table's stamp */
} tb_graph;

/* The chain graph of ``g`` in ``t`` (``grouped``: with group nodes). */
void tb_build(tb_graph *t, const grid *g, int grouped);
/* The net graph of ``g`` in ``t``: the candidates' net fills (``net``, ``net_start``,
 * ``net_len``: kept by the caller) and the group nodes' links as for chains. */
void tb_build_net(tb_graph *t, const grid *g, const uint16_t *net, const int *net_start, const uint16_t *net_len);
/* Node ``n``'s cell (a group's first cell), cells, digit, polarity, buddies. */
int tb_cell(const tb_graph *t, int n);
set81 tb_cells(const tb_graph *t, int n);
int tb_digit(const tb_graph *t, int n);
int tb_on(int n);
set81 tb_buddies(const tb_graph *t, int n);
/* Premise ``p``'s chain table (t->order, t->parent), expanded to HoDoKu's limit of entries. */
void tb_table(tb_graph *t, int p);
/* The same table expanded only until it holds ``nwanted`` of the nodes marked in ``wanted``
 * (its entries then are the whole table's first ones, in the same order). */
void tb_table_until(tb_graph *t, int p, const uint8_t *wanted, int nwanted);
/* The same table expanded only until it holds ``target``. */
void tb_table_to(tb_graph *t, int p, int target);

/* 64-bit words of a set of nodes */
#define TB_WORDS ((TB_MAX_NODES + 63) / 64)

/* What every node reaches (itself included), as sets of nodes: strongly connected
 * components (Tarjan's, without recursion), each component's set the union of its
 * successors' (strategies/chain_core.py's closures). */
typedef struct {
    int words;                              /* the words of a set in use: the graph's nodes */
    uint64_t reach[TB_MAX_NODES][TB_WORDS]; /* by component (words beyond ``words`` unused) */
    int comp[TB_MAX_NODES];
    int index[TB_MAX_NODES], low[TB_MAX_NODES], stack[TB_MAX_NODES], frame[TB_MAX_NODES], edge[TB_MAX_NODES];
    uint8_t on_stack[TB_MAX_NODES];
} tb_closures;

/* Fill ``c`` for the graph ``t``. */
void tb_close(const tb_graph *t, tb_closures *c);
/* The set of nodes ``n`` reaches (c->words words), and its size. */
static inline const uint64_t *tb_reach(const tb_closures *c, int n) { return c->reach[c->comp[n]]; }
int tb_reach_count(const tb_closures *c, int n);
/* Whether the current table holds ``n``. */
static inline int tb_holds(const tb_graph *t, int n) { return t->stamp[n] == t->table; }
/* The chain from the premise to ``n`` (in the current table) into ``path`` (premise first,
 * at most ``cap`` nodes); its length. */
int tb_path(const tb_graph *t, int n, uint16_t *path, int cap);

#endif
