/* HoDoKu's tables for the compiled engine: technique codes in HoDoKu's search order, each
 * technique's search slot, level and score.  Written by `python -m grading.native_tables` from
 * grading/tables.py, where each is written once: do not edit (tests/native/test_native_sources.py
 * fails when this file is not what the generator writes). */
#ifndef HODOKU_TABLES_H
#define HODOKU_TABLES_H

/* The techniques by code, in HoDoKu's search order (grading/tables.py's order column). */
enum {
    H_FULL_HOUSE,
    H_NAKED_SINGLE,
    H_HIDDEN_SINGLE,
    H_LOCKED_PAIR,
    H_LOCKED_TRIPLE,
    H_LOCKED_CANDIDATES_TYPE_1_POINTING,
    H_LOCKED_CANDIDATES_TYPE_2_CLAIMING,
    H_NAKED_PAIR,
    H_NAKED_TRIPLE,
    H_HIDDEN_PAIR,
    H_HIDDEN_TRIPLE,
    H_NAKED_QUADRUPLE,
    H_HIDDEN_QUADRUPLE,
    H_X_WING,
    H_SWORDFISH,
    H_JELLYFISH,
    H_REMOTE_PAIR,
    H_BIVALUE_UNIVERSAL_GRAVE_PLUS_1,
    H_SKYSCRAPER,
    H_2_STRING_KITE,
    H_DUAL_2_STRING_KITE,
    H_TURBOT_FISH,
    H_EMPTY_RECTANGLE,
    H_DUAL_EMPTY_RECTANGLE,
    H_W_WING,
    H_XY_WING,
    H_XYZ_WING,
    H_WXYZ_WING,
    H_UNIQUENESS_TEST_1,
    H_UNIQUENESS_TEST_2,
    H_UNIQUENESS_TEST_3,
    H_UNIQUENESS_TEST_4,
    H_UNIQUENESS_TEST_5,
    H_UNIQUENESS_TEST_6,
    H_HIDDEN_RECTANGLE,
    H_AVOIDABLE_RECTANGLE_TYPE_1,
    H_AVOIDABLE_RECTANGLE_TYPE_2,
    H_FINNED_X_WING,
    H_SASHIMI_X_WING,
    H_FINNED_SWORDFISH,
    H_SIAMESE_FINNED_SWORDFISH,
    H_SASHIMI_SWORDFISH,
    H_SIAMESE_SASHIMI_SWORDFISH,
    H_FINNED_JELLYFISH,
    H_SIAMESE_FINNED_JELLYFISH,
    H_SASHIMI_JELLYFISH,
    H_SIAMESE_SASHIMI_JELLYFISH,
    H_SUE_DE_COQ,
    H_SIMPLE_COLORS_TRAP,
    H_SIMPLE_COLORS_WRAP,
    H_MULTI_COLORS_1,
    H_MULTI_COLORS_2,
    H_X_CHAIN,
    H_XY_CHAIN,
    H_CONTINUOUS_NICE_LOOP,
    H_DISCONTINUOUS_NICE_LOOP,
    H_AIC,
    H_GROUPED_CONTINUOUS_NICE_LOOP,
    H_GROUPED_DISCONTINUOUS_NICE_LOOP,
    H_GROUPED_AIC,
    H_ALMOST_LOCKED_SET_XZ_RULE,
    H_ALMOST_LOCKED_SET_XY_WING,
    H_ALMOST_LOCKED_SET_XY_CHAIN,
    H_DEATH_BLOSSOM,
    H_FRANKEN_X_WING,
    H_FRANKEN_SWORDFISH,
    H_FRANKEN_JELLYFISH,
    H_FINNED_FRANKEN_X_WING,
    H_FINNED_FRANKEN_SWORDFISH,
    H_SIAMESE_FINNED_FRANKEN_SWORDFISH,
    H_FINNED_FRANKEN_JELLYFISH,
    H_SIAMESE_FINNED_FRANKEN_JELLYFISH,
    H_MUTANT_X_WING,
    H_MUTANT_SWORDFISH,
    H_MUTANT_JELLYFISH,
    H_FINNED_MUTANT_X_WING,
    H_FINNED_MUTANT_SWORDFISH,
    H_FINNED_MUTANT_JELLYFISH,
    H_SIAMESE_FINNED_MUTANT_JELLYFISH,
    H_KRAKEN_FISH_TYPE_1,
    H_KRAKEN_FISH_TYPE_2,
    H_FORCING_CHAIN_CONTRADICTION,
    H_FORCING_CHAIN_VERITY,
    H_FORCING_NET_CONTRADICTION,
    H_FORCING_NET_VERITY,
    H_NESTED_FORCING_NET,
    H_BRUTE_FORCE,
    H_COUNT
};

/* HoDoKu's search slot of each technique (its order column): techniques of one slot are
 * searched together. */
static inline int hd_slot(int technique) {
    static const int slot[H_COUNT] = {
        100, 200, 300, 1000, 1100, 1200, 1210, 1300, 1400, 1500, 1600, 2000, 2100, 2200, 2300, 2400,
        2800, 2900, 3000, 3100, 3110, 3120, 3170, 3180, 3200, 3300, 3400, 3450, 3500, 3600, 3700,
        3800, 3900, 4000, 4010, 4020, 4030, 4100, 4200, 4300, 4310, 4400, 4410, 4500, 4510, 4600,
        4610, 5300, 5330, 5330, 5360, 5360, 5400, 5500, 5600, 5600, 5600, 5650, 5650, 5650, 5700,
        5800, 5900, 6000, 6100, 6200, 6300, 6700, 6800, 6810, 6900, 6910, 7300, 7400, 7500, 7900,
        8000, 8100, 8110, 8450, 8451, 8500, 8500, 8600, 8600, 8700, 8900,
    };
    return slot[technique];
}

/* Whether each technique assumes the puzzle has one solution (the uniqueness family). */
static inline int hd_needs_unique(int technique) {
    static const unsigned char unique[H_COUNT] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    };
    return unique[technique];
}

/* HoDoKu's score of one step of each technique. */
static inline int hd_score(int technique) {
    static const int score[H_COUNT] = {
        4, 4, 14, 40, 60, 50, 50, 60, 80, 70, 100, 120, 150, 140, 150, 160, 110, 100, 130, 150, 150,
        120, 120, 120, 150, 160, 180, 200, 100, 100, 100, 100, 100, 100, 100, 100, 100, 130, 150,
        200, 200, 240, 240, 250, 250, 260, 260, 250, 150, 150, 200, 200, 260, 260, 280, 280, 280,
        300, 300, 300, 300, 320, 340, 360, 300, 350, 370, 390, 410, 410, 430, 430, 450, 450, 450,
        470, 470, 470, 470, 500, 500, 500, 500, 700, 700, 1000, 10000,
    };
    return score[technique];
}

/* HoDoKu's level of each technique: 0 Easy .. 4 Extreme (grading/tables.py's LEVELS). */
static inline int hd_level(int technique) {
    static const unsigned char level[H_COUNT] = {
        0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
        3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
    };
    return level[technique];
}

/* The most a path of each level may score before its level goes up (LEVEL_MAX_SCORE). */
#define HD_LEVELS 5
static inline long hd_level_max_score(int level) {
    static const long limit[HD_LEVELS] = {
        800, 1000, 1600, 1800, 2147483647,
    };
    return limit[level];
}
#define HD_BRUTE_FORCE_SCORE 10000

/* HoDoKu's default path: the techniques its default configuration takes, in its search order
 * (grading/scales.py's hodoku_techniques(), the registry's defaults included). */
#define HD_DEFAULT_COUNT 65
static inline int hd_default_technique(int i) {
    static const unsigned char code[HD_DEFAULT_COUNT] = {
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 25, 26,
        28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 43, 45, 47, 48, 49, 50, 51, 52, 53, 54,
        55, 56, 57, 58, 59, 60, 61, 62, 64, 65, 67, 68, 81, 82, 83, 84, 86,
    };
    return code[i];
}

/* The names of the techniques, by code (for the Python face). */
static inline const char *hd_technique_name(int technique) {
    static const char *const name[H_COUNT] = {
        "Full House", "Naked Single", "Hidden Single", "Locked Pair", "Locked Triple",
        "Locked Candidates Type 1 (Pointing)", "Locked Candidates Type 2 (Claiming)", "Naked Pair",
        "Naked Triple", "Hidden Pair", "Hidden Triple", "Naked Quadruple", "Hidden Quadruple",
        "X-Wing", "Swordfish", "Jellyfish", "Remote Pair", "Bivalue Universal Grave + 1",
        "Skyscraper", "2-String Kite", "Dual 2-String Kite", "Turbot Fish", "Empty Rectangle",
        "Dual Empty Rectangle", "W-Wing", "XY-Wing", "XYZ-Wing", "WXYZ-Wing", "Uniqueness Test 1",
        "Uniqueness Test 2", "Uniqueness Test 3", "Uniqueness Test 4", "Uniqueness Test 5",
        "Uniqueness Test 6", "Hidden Rectangle", "Avoidable Rectangle Type 1",
        "Avoidable Rectangle Type 2", "Finned X-Wing", "Sashimi X-Wing", "Finned Swordfish",
        "Siamese Finned Swordfish", "Sashimi Swordfish", "Siamese Sashimi Swordfish",
        "Finned Jellyfish", "Siamese Finned Jellyfish", "Sashimi Jellyfish",
        "Siamese Sashimi Jellyfish", "Sue de Coq", "Simple Colors Trap", "Simple Colors Wrap",
        "Multi Colors 1", "Multi Colors 2", "X-Chain", "XY-Chain", "Continuous Nice Loop",
        "Discontinuous Nice Loop", "AIC", "Grouped Continuous Nice Loop",
        "Grouped Discontinuous Nice Loop", "Grouped AIC", "Almost Locked Set XZ-Rule",
        "Almost Locked Set XY-Wing", "Almost Locked Set XY-Chain", "Death Blossom",
        "Franken X-Wing", "Franken Swordfish", "Franken Jellyfish", "Finned Franken X-Wing",
        "Finned Franken Swordfish", "Siamese Finned Franken Swordfish", "Finned Franken Jellyfish",
        "Siamese Finned Franken Jellyfish", "Mutant X-Wing", "Mutant Swordfish", "Mutant Jellyfish",
        "Finned Mutant X-Wing", "Finned Mutant Swordfish", "Finned Mutant Jellyfish",
        "Siamese Finned Mutant Jellyfish", "Kraken Fish Type 1", "Kraken Fish Type 2",
        "Forcing Chain Contradiction", "Forcing Chain Verity", "Forcing Net Contradiction",
        "Forcing Net Verity", "Nested Forcing Net", "Brute Force",
    };
    return name[technique];
}

#endif
