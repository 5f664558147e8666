/* Combinations of k of n items in itertools.combinations' (lexicographic) order. */
#ifndef HODOKU_COMBINATIONS_H
#define HODOKU_COMBINATIONS_H

/* The first combination (0, 1, .., k - 1); 0 when there is none (k > n). */
static inline int comb_first(int *idx, int k, int n) {
    if (k > n) return 0;
    for (int i = 0; i < k; i++) idx[i] = i;
    return 1;
}
/* The next combination after ``idx``; 0 after the last. */
static inline int comb_next(int *idx, int k, int n) {
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) i--;
    if (i < 0) return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    return 1;
}

#endif
