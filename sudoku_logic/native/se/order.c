/* SE's orders (twin of strategies/se/order.py). */
#include "se/order.h"

uint8_t SE_HOUSES[27];
uint8_t SE_HOUSE_CELLS[81][20];
uint16_t SE_SUBSETS[10][10][126];
uint8_t SE_SUBSET_COUNT[10][10];
uint8_t SE_CROSSING_HOUSE[4][81], SE_CROSSING_RANK[4][81];

void se_order_init(void) {
    for (int c = 0; c < 81; c++) {
        /* SE's house cells: block, then row, then column, each cell once, the cell left out */
        int n = 0;
        const int order[3] = {CELL_HOUSE[c][2], CELL_HOUSE[c][0], CELL_HOUSE[c][1]};
        set81 seen = S_EMPTY;
        s_add(&seen, c);
        for (int k = 0; k < 3; k++) {
            for (int j = 0; j < 9; j++) {
                int x = HOUSE_CELLS[order[k]][j];
                if (!s_has(seen, x) && n < 20) {
                    s_add(&seen, x);
                    SE_HOUSE_CELLS[c][n++] = (uint8_t)x;
                }
            }
        }
    }
    for (int c = 0; c < 81; c++) {
        int r = c / 9, col = c % 9;
        const int house[4] = {9 + col, r, CELL_HOUSE[c][2], CELL_HOUSE[c][2]};
        const int rank[4] = {col % 3, r % 3, r / 3, col / 3};
        for (int k = 0; k < 4; k++) {
            SE_CROSSING_HOUSE[k][c] = (uint8_t)house[k];
            SE_CROSSING_RANK[k][c] = (uint8_t)rank[k];
        }
    }
    for (int i = 0; i < 9; i++) {
        SE_HOUSES[i] = (uint8_t)(18 + i);
        SE_HOUSES[9 + i] = (uint8_t)(9 + i);
        SE_HOUSES[18 + i] = (uint8_t)i;
    }
    /* SE's Permutations(k, n): k-subsets of n items by increasing bit mask */
    for (int n = 0; n <= 9; n++) {
        for (int k = 0; k <= n; k++) {
            int count = 0;
            if (n > 0) {
                for (unsigned m = 0; m < (1u << n); m++) {
                    if (m_count(m) == k && count < 126) SE_SUBSETS[n][k][count++] = (uint16_t)m;
                }
            }
            SE_SUBSET_COUNT[n][k] = (uint8_t)count;
        }
    }
}
