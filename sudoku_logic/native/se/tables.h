/* Sudoku Explainer's tables for the compiled engine: rule ids, technique codes, kind codes
 * and SE's numbers.  Written by `python -m grading.native_tables` from grading/tables.py, where
 * each is written once: do not edit (tests/test_native_sources.py fails
 * when this file is not what the generator writes). */
#ifndef SE_TABLES_H
#define SE_TABLES_H

/* SE's rules by id, in SE's order (grading/tables.py's SE_RULES). */
enum {
    R_HIDDEN_SINGLES,
    R_DIRECT_INTERSECTIONS,
    R_DIRECT_HIDDEN_PAIRS,
    R_NAKED_SINGLES,
    R_DIRECT_HIDDEN_TRIPLETS,
    R_INTERSECTIONS,
    R_NAKED_PAIRS,
    R_X_WINGS,
    R_HIDDEN_PAIRS,
    R_NAKED_TRIPLETS,
    R_SWORDFISHES,
    R_HIDDEN_TRIPLETS,
    R_XY_WINGS,
    R_XYZ_WINGS,
    R_UNIQUE_LOOPS,
    R_NAKED_QUADS,
    R_JELLYFISHES,
    R_HIDDEN_QUADS,
    R_BIVALUE_UNIVERSAL_GRAVES,
    R_ALIGNED_PAIR_EXCLUSION,
    R_FORCING_CHAINS_CYCLES,
    R_ALIGNED_TRIPLET_EXCLUSION,
    R_NISHIO_FORCING_CHAINS,
    R_MULTIPLE_FORCING_CHAINS,
    R_DYNAMIC_FORCING_CHAINS,
    R_DYNAMIC_FORCING_CHAINS_PLUS,
    R_DYNAMIC_FORCING_CHAINS_PLUS_FORCING_CHAINS,
    R_DYNAMIC_FORCING_CHAINS_PLUS_MULTIPLE_FORCING_CHAINS,
    R_DYNAMIC_FORCING_CHAINS_PLUS_DYNAMIC_FORCING_CHAINS,
    R_DYNAMIC_FORCING_CHAINS_PLUS_DYNAMIC_FORCING_CHAINS_PLUS_FORCING_CHAINS,
    R_COUNT
};

/* The techniques by code (grading/tables.py's SE_TECHNIQUES). */
enum {
    T_FULL_HOUSE,
    T_HIDDEN_SINGLE,
    T_NAKED_SINGLE,
    T_DIRECT_POINTING,
    T_DIRECT_CLAIMING,
    T_DIRECT_HIDDEN_PAIR,
    T_DIRECT_HIDDEN_TRIPLET,
    T_POINTING,
    T_CLAIMING,
    T_NAKED_PAIR,
    T_NAKED_TRIPLE,
    T_NAKED_QUADRUPLE,
    T_HIDDEN_PAIR,
    T_HIDDEN_TRIPLE,
    T_HIDDEN_QUADRUPLE,
    T_X_WING,
    T_SWORDFISH,
    T_JELLYFISH,
    T_XY_WING,
    T_XYZ_WING,
    T_X_CYCLE,
    T_Y_CYCLE,
    T_XY_CYCLE,
    T_FORCING_X_CHAIN,
    T_FORCING_CHAIN,
    T_UR_1,
    T_UR_2,
    T_UR_3,
    T_UR_4,
    T_UL_1,
    T_UL_2,
    T_UL_3,
    T_UL_4,
    T_BUG_1,
    T_BUG_2,
    T_BUG_3,
    T_BUG_4,
    T_ALIGNED_PAIR,
    T_ALIGNED_TRIPLET,
    T_CELL_FORCING,
    T_REGION_FORCING,
    T_NISHIO,
    T_DYN_CONTRADICTION,
    T_DYN_DOUBLE,
    T_DYN_CELL,
    T_DYN_REGION,
    T_DYN1_CONTRADICTION,
    T_DYN1_DOUBLE,
    T_DYN1_CELL,
    T_DYN1_REGION,
    T_DYN2_CONTRADICTION,
    T_DYN2_DOUBLE,
    T_DYN2_CELL,
    T_DYN2_REGION,
    T_DYN3_CONTRADICTION,
    T_DYN3_DOUBLE,
    T_DYN3_CELL,
    T_DYN3_REGION,
    T_DYN4_CONTRADICTION,
    T_DYN4_DOUBLE,
    T_DYN4_CELL,
    T_DYN4_REGION,
    T_DYN5_CONTRADICTION,
    T_DYN5_DOUBLE,
    T_DYN5_CELL,
    T_DYN5_REGION,
    T_COUNT
};

/* How a technique's difficulty is worked out from its number (grading/native_tables.py's SE_KINDS). */
enum {
    K_PLAIN,
    K_HIDDEN_SINGLE,
    K_CHAIN,
    K_UNIQUE_LOOP,
    K_BUG,
    K_UNRATED,
};

/* SE's number of each technique, by code (the table's se column; 0 where SE has none). */
static inline double se_base(int technique) {
    static const double base[T_COUNT] = {
        1.0, 1.2, 2.3, 1.7, 1.9, 2.0, 2.5, 2.6, 2.8, 3.0, 3.6, 5.0, 3.4, 4.0, 5.4, 3.2, 3.8, 5.2,
        4.2, 4.4, 6.5, 6.5, 7.0, 6.6, 7.0, 4.5, 4.5, 4.5, 4.5, 4.5, 4.5, 4.5, 4.5, 5.6, 5.7, 5.7,
        5.7, 6.2, 7.5, 8.0, 8.0, 7.5, 8.5, 8.5, 8.5, 8.5, 9.0, 9.0, 9.0, 9.0, 9.5, 9.5, 9.5, 9.5,
        10.0, 10.0, 10.0, 10.0, 10.5, 10.5, 10.5, 10.5, 11.0, 11.0, 11.0, 11.0,
    };
    return base[technique];
}

/* How each technique's difficulty is worked out (K_*), by code. */
static inline int se_kind(int technique) {
    static const unsigned char kind[T_COUNT] = {
        0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3, 0, 4, 4, 4, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 2, 2, 2,
    };
    return kind[technique];
}

/* A unique loop's number ``se`` with what its ``cells`` cells add, in grading/se.py's order
 * (grading/tables.py's SE_LOOP_LONG and SE_LOOP_EXTRA); each further digit of a unique
 * loop's or a BUG's set adds SE_SUBSET_EXTRA. */
static inline double se_loop_difficulty(double se, int cells) {
    if (cells >= 10) se += 0.3;
    if (cells >= 8) se += 0.2;
    else if (cells >= 6) se += 0.1;
    return se;
}
#define SE_SUBSET_EXTRA 0.1

/* A hidden single's number by its house: 0-8 rows, 9-17 columns, 18-26 boxes (grading/tables.py's
 * SE_HIDDEN_SINGLE). */
static inline double se_hidden_single(int house) {
    return house < 9 ? 1.5 : house < 18 ? 1.5 : 1.2;
}

/* The names of the rules and of the techniques, by id and by code (for the Python face). */
static inline const char *se_rule_name(int rule) {
    static const char *const name[R_COUNT] = {
        "Hidden Singles", "Direct Intersections", "Direct Hidden Pairs", "Naked Singles",
        "Direct Hidden Triplets", "Intersections", "Naked Pairs", "X-Wings", "Hidden Pairs",
        "Naked Triplets", "Swordfishes", "Hidden Triplets", "XY-Wings", "XYZ-Wings", "Unique Loops",
        "Naked Quads", "Jellyfishes", "Hidden Quads", "Bivalue Universal Graves",
        "Aligned Pair Exclusion", "Forcing Chains & Cycles", "Aligned Triplet Exclusion",
        "Nishio Forcing Chains", "Multiple Forcing Chains", "Dynamic Forcing Chains",
        "Dynamic Forcing Chains (+)", "Dynamic Forcing Chains (+ Forcing Chains)",
        "Dynamic Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    };
    return name[rule];
}
static inline const char *se_technique_name(int technique) {
    static const char *const name[T_COUNT] = {
        "Full House", "Hidden Single", "Naked Single", "Direct Pointing", "Direct Claiming",
        "Direct Hidden Pair", "Direct Hidden Triplet", "Locked Candidates Type 1 (Pointing)",
        "Locked Candidates Type 2 (Claiming)", "Naked Pair", "Naked Triple", "Naked Quadruple",
        "Hidden Pair", "Hidden Triple", "Hidden Quadruple", "X-Wing", "Swordfish", "Jellyfish",
        "XY-Wing", "XYZ-Wing", "Bidirectional X-Cycle", "Bidirectional Y-Cycle",
        "Bidirectional Cycle", "Forcing X-Chain", "Forcing Chain", "Unique Rectangle Type 1",
        "Unique Rectangle Type 2", "Unique Rectangle Type 3", "Unique Rectangle Type 4",
        "Unique Loop Type 1", "Unique Loop Type 2", "Unique Loop Type 3", "Unique Loop Type 4",
        "Bivalue Universal Grave + 1", "Bivalue Universal Grave Type 2",
        "Bivalue Universal Grave Type 3", "Bivalue Universal Grave Type 4",
        "Aligned Pair Exclusion", "Aligned Triplet Exclusion", "Cell Forcing Chains",
        "Region Forcing Chains", "Nishio Forcing Chains", "Dynamic Contradiction Forcing Chains",
        "Dynamic Double Forcing Chains", "Dynamic Cell Forcing Chains",
        "Dynamic Region Forcing Chains", "Dynamic Contradiction Forcing Chains (+)",
        "Dynamic Double Forcing Chains (+)", "Dynamic Cell Forcing Chains (+)",
        "Dynamic Region Forcing Chains (+)",
        "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Forcing Chains)",
        "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
        "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
        "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    };
    return name[technique];
}

#endif
