/* The board's tables and the candidate grid (twin of sudoku_logic/core/houses.py and
 * sudoku_logic/core/grid.py). */
#include "core/grid.h"

uint8_t MASK_COUNT[512];
uint8_t HOUSE_CELLS[27][9];
set81 HOUSE_SET[27];
set81 PEER_SET[81];
uint8_t CELL_HOUSE[81][3];

static int tables_ready = 0;

void grid_tables_init(void) {
    if (tables_ready) return;
    for (int m = 0; m < 512; m++) MASK_COUNT[m] = (uint8_t)pop64((uint64_t)m);
    for (int i = 0; i < 9; i++) {
        for (int j = 0; j < 9; j++) {
            HOUSE_CELLS[i][j] = (uint8_t)(i * 9 + j);                                  /* row i */
            HOUSE_CELLS[9 + i][j] = (uint8_t)(j * 9 + i);                              /* column i */
            HOUSE_CELLS[18 + i][j] = (uint8_t)((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3); /* box i */
        }
    }
    for (int h = 0; h < 27; h++) {
        HOUSE_SET[h] = S_EMPTY;
        for (int j = 0; j < 9; j++) {
            s_add(&HOUSE_SET[h], HOUSE_CELLS[h][j]);
        }
    }
    for (int c = 0; c < 81; c++) {
        CELL_HOUSE[c][0] = (uint8_t)(c / 9);
        CELL_HOUSE[c][1] = (uint8_t)(9 + c % 9);
        CELL_HOUSE[c][2] = (uint8_t)(18 + (c / 27) * 3 + (c % 9) / 3);
        set81 p = s_or(s_or(HOUSE_SET[CELL_HOUSE[c][0]], HOUSE_SET[CELL_HOUSE[c][1]]), HOUSE_SET[CELL_HOUSE[c][2]]);
        s_del(&p, c);
        PEER_SET[c] = p;
    }
    tables_ready = 1;
}

int grid_load(grid *g, const uint8_t *values, const uint16_t *cands) {
    memset(g, 0, sizeof *g);
    for (int c = 0; c < 81; c++) {
        if (values[c] > 9 || cands[c] > 0x1FF) return -1;
        g->value[c] = values[c];
        if (values[c]) {
            s_add(&g->placed[values[c]], c);
        } else {
            s_add(&g->empty, c);
            g->cand[c] = cands[c];
            for (unsigned m = cands[c]; m; m &= m - 1) {
                s_add(&g->pos[__builtin_ctz(m) + 1], c);
            }
        }
    }
    return 0;
}

int grid_load_givens(grid *g, const uint8_t givens[81]) {
    uint16_t seen[27] = {0};
    for (int c = 0; c < 81; c++) {
        int d = givens[c];
        if (d > 9) return -1;
        if (!d) continue;
        for (int k = 0; k < 3; k++) {
            uint16_t bit = (uint16_t)(1u << (d - 1));
            if (seen[CELL_HOUSE[c][k]] & bit) return -1;
            seen[CELL_HOUSE[c][k]] |= bit;
        }
    }
    uint16_t cands[81];
    for (int c = 0; c < 81; c++) {
        cands[c] = 0;
        if (givens[c]) continue;
        uint16_t used = (uint16_t)(seen[CELL_HOUSE[c][0]] | seen[CELL_HOUSE[c][1]] | seen[CELL_HOUSE[c][2]]);
        cands[c] = (uint16_t)(0x1FF & ~used);
    }
    return grid_load(g, givens, cands);
}

void grid_place(grid *g, int cell, int d) {
    for (unsigned m = g->cand[cell]; m; m &= m - 1) {
        s_del(&g->pos[__builtin_ctz(m) + 1], cell);
    }
    g->cand[cell] = 0;
    g->value[cell] = (uint8_t)d;
    s_add(&g->placed[d], cell);
    s_del(&g->empty, cell);
    set81 hit = s_and(g->pos[d], PEER_SET[cell]);
    g->pos[d] = s_andnot(g->pos[d], hit);
    const uint16_t nd = (uint16_t)~(1u << (d - 1));
    for (int c; (c = s_pop(&hit)) >= 0;) {
        g->cand[c] &= nd;
    }
}

int grid_eliminate(grid *g, int cell, int d) {
    const uint16_t b = (uint16_t)(1u << (d - 1));
    if (g->cand[cell] & b) {
        g->cand[cell] ^= b;
        s_del(&g->pos[d], cell);
        return 1;
    }
    return 0;
}

void grid_snapshot(const grid *g, uint8_t out[GRID_SNAPSHOT]) {
    memcpy(out, g->value, 81);
    for (int i = 0; i < 81; i++) {
        out[81 + 2 * i] = (uint8_t)(g->cand[i] & 0xFF);
        out[82 + 2 * i] = (uint8_t)(g->cand[i] >> 8);
    }
}

set81 grid_one_candidate_cells(const grid *g) {
    set81 once = S_EMPTY, twice = S_EMPTY;
    for (int d = 1; d <= 9; d++) {
        twice = s_or(twice, s_and(once, g->pos[d]));
        once = s_or(once, g->pos[d]);
    }
    return s_andnot(once, twice);
}

int grid_sound(const grid *g) {
    for (int c = 0; c < 81; c++) {
        if (!g->value[c] && !g->cand[c]) return 0;  /* an empty cell without a candidate */
    }
    for (int h = 0; h < 27; h++) {
        unsigned placed = 0, places = 0;
        for (int i = 0; i < 9; i++) {
            int c = HOUSE_CELLS[h][i], v = g->value[c];
            if (v) {
                unsigned bit = 1u << (v - 1);
                if (placed & bit) return 0;  /* a digit twice in the house */
                placed |= bit;
            } else {
                places |= g->cand[c];
            }
        }
        if ((placed | places) != 0x1FF) return 0;  /* a digit neither placed nor with a place */
    }
    return 1;
}
