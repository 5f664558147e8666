"""The difficulty table against the numbers in HoDoKu's and Sudoku Explainer's sources."""

import pytest

from grading.scales import all_names, all_techniques
from grading.se import length_increment as se_length_increment
from grading.tables import LEVEL_MAX_SCORE, RATINGS

# HoDoKu 2.2, src/sudoku/Options.java, DEFAULT_SOLVER_STEPS: StepConfig(index, type, level,
# category, baseScore, ...). name: (level, score, index, enabled by default). Where two of our
# techniques share one StepConfig but are separate searches (colours, forcing chains, Kraken),
# the second gets index + 1; the duals (found by their parent's search) parent + 10.
HODOKU = {
    "Full House": ("Easy", 4, 100, True),
    "Naked Single": ("Easy", 4, 200, True),
    "Hidden Single": ("Easy", 14, 300, True),
    "Locked Pair": ("Medium", 40, 1000, True),
    "Locked Triple": ("Medium", 60, 1100, True),
    "Locked Candidates Type 1 (Pointing)": ("Medium", 50, 1200, True),
    "Locked Candidates Type 2 (Claiming)": ("Medium", 50, 1210, True),
    "Naked Pair": ("Medium", 60, 1300, True),
    "Naked Triple": ("Medium", 80, 1400, True),
    "Hidden Pair": ("Medium", 70, 1500, True),
    "Hidden Triple": ("Medium", 100, 1600, True),
    "Naked Quadruple": ("Hard", 120, 2000, True),
    "Hidden Quadruple": ("Hard", 150, 2100, True),
    "X-Wing": ("Hard", 140, 2200, True),
    "Swordfish": ("Hard", 150, 2300, True),
    "Jellyfish": ("Hard", 160, 2400, True),
    "Remote Pair": ("Hard", 110, 2800, True),
    "Bivalue Universal Grave + 1": ("Hard", 100, 2900, True),
    "Skyscraper": ("Hard", 130, 3000, True),
    "2-String Kite": ("Hard", 150, 3100, True),
    "Turbot Fish": ("Hard", 120, 3120, True),
    "Empty Rectangle": ("Hard", 120, 3170, True),
    "W-Wing": ("Hard", 150, 3200, True),
    "XY-Wing": ("Hard", 160, 3300, True),
    "XYZ-Wing": ("Hard", 180, 3400, True),
    "Uniqueness Test 1": ("Hard", 100, 3500, True),
    "Uniqueness Test 2": ("Hard", 100, 3600, True),
    "Uniqueness Test 3": ("Hard", 100, 3700, True),
    "Uniqueness Test 4": ("Hard", 100, 3800, True),
    "Uniqueness Test 5": ("Hard", 100, 3900, True),
    "Uniqueness Test 6": ("Hard", 100, 4000, True),
    "Hidden Rectangle": ("Hard", 100, 4010, True),
    "Avoidable Rectangle Type 1": ("Hard", 100, 4020, True),
    "Avoidable Rectangle Type 2": ("Hard", 100, 4030, True),
    "Finned X-Wing": ("Hard", 130, 4100, True),
    "Sashimi X-Wing": ("Hard", 150, 4200, True),
    "Finned Swordfish": ("Unfair", 200, 4300, True),
    "Sashimi Swordfish": ("Unfair", 240, 4400, True),
    "Finned Jellyfish": ("Unfair", 250, 4500, True),
    "Sashimi Jellyfish": ("Unfair", 260, 4600, True),
    "Sue de Coq": ("Unfair", 250, 5300, True),
    "Simple Colors Trap": ("Hard", 150, 5330, True),  # SIMPLE_COLORS
    "Simple Colors Wrap": ("Hard", 150, 5330, True),  # one pass: SIMPLE_COLORS finds both
    "Multi Colors 1": ("Hard", 200, 5360, True),  # MULTI_COLORS
    "Multi Colors 2": ("Hard", 200, 5360, True),  # one pass: MULTI_COLORS finds both
    "X-Chain": ("Unfair", 260, 5400, True),
    "XY-Chain": ("Unfair", 260, 5500, True),
    "Continuous Nice Loop": ("Unfair", 280, 5600, True),  # NICE_LOOP covers loops and AICs
    "Discontinuous Nice Loop": ("Unfair", 280, 5600, True),
    "AIC": ("Unfair", 280, 5600, True),
    "Grouped Continuous Nice Loop": ("Unfair", 300, 5650, True),  # GROUPED_NICE_LOOP
    "Grouped Discontinuous Nice Loop": ("Unfair", 300, 5650, True),
    "Grouped AIC": ("Unfair", 300, 5650, True),
    "Almost Locked Set XZ-Rule": ("Unfair", 300, 5700, True),
    "Almost Locked Set XY-Wing": ("Unfair", 320, 5800, True),
    "Almost Locked Set XY-Chain": ("Unfair", 340, 5900, True),
    "Death Blossom": ("Unfair", 360, 6000, False),
    "Franken X-Wing": ("Unfair", 300, 6100, True),
    "Franken Swordfish": ("Unfair", 350, 6200, True),
    "Franken Jellyfish": ("Unfair", 370, 6300, False),
    "Finned Franken X-Wing": ("Unfair", 390, 6700, True),
    "Finned Franken Swordfish": ("Unfair", 410, 6800, True),
    "Finned Franken Jellyfish": ("Unfair", 430, 6900, False),
    "Mutant X-Wing": ("Extreme", 450, 7300, False),
    "Mutant Swordfish": ("Extreme", 450, 7400, False),
    "Mutant Jellyfish": ("Extreme", 450, 7500, False),
    "Finned Mutant X-Wing": ("Extreme", 470, 7900, False),
    "Finned Mutant Swordfish": ("Extreme", 470, 8000, False),
    "Finned Mutant Jellyfish": ("Extreme", 470, 8100, False),
    "Kraken Fish Type 1": ("Extreme", 500, 8450, False),  # KRAKEN_FISH
    "Kraken Fish Type 2": ("Extreme", 500, 8451, False),
    "Forcing Chain Contradiction": ("Extreme", 500, 8500, True),  # FORCING_CHAIN
    "Forcing Chain Verity": ("Extreme", 500, 8500, True),  # one search with the contradictions
    "Forcing Net Contradiction": ("Extreme", 700, 8600, True),  # FORCING_NET
    "Forcing Net Verity": ("Extreme", 700, 8600, True),
    "Brute Force": ("Extreme", 10000, 8900, True),  # BRUTE_FORCE: last resort, HoDoKu only
    # Siamese fish: reported under the finned fish's type, off by default (allowDualsAndSiamese)
    "Siamese Finned Swordfish": ("Unfair", 200, 4310, False),
    "Siamese Sashimi Jellyfish": ("Unfair", 260, 4610, False),
}

# Sudoku Explainer's own techniques (1to9only's SukakuExplainer, getDifficulty of each hint):
# HiddenSingleHint 1.0 last cell / 1.2 box / 1.5 line, DirectLockingHint 1.7/1.9,
# DirectHiddenSetHint 2.0/2.5, NakedSingleHint 2.3, LockingHint 2.6/2.8, NakedSetHint
# 3.0/3.6/5.0, HiddenSetHint 3.4/4.0/5.4, Fisherman 3.2/3.8/5.2, XYWingHint 4.2/4.4,
# UniqueLoopHint 4.5 (+0.1 types 2-4), BUG type 1 5.6, CycleHint 6.5, ForcingChainHint
# 6.6 (X) / 7.0 (X and Y links), Chaining.getDifficulty 8.0 multiple / 8.5 dynamic / 9.5 nested.
SE = {
    "Full House": 1.0,
    "Hidden Single": 1.2,
    "Direct Pointing": 1.7,
    "Direct Claiming": 1.9,
    "Direct Hidden Pair": 2.0,
    "Naked Single": 2.3,
    "Direct Hidden Triplet": 2.5,
    "Locked Candidates Type 1 (Pointing)": 2.6,
    "Locked Candidates Type 2 (Claiming)": 2.8,
    "Naked Pair": 3.0,
    "X-Wing": 3.2,
    "Hidden Pair": 3.4,
    "Naked Triple": 3.6,
    "Swordfish": 3.8,
    "Hidden Triple": 4.0,
    "XY-Wing": 4.2,
    "XYZ-Wing": 4.4,
    "Unique Rectangle Type 1": 4.5,
    "Unique Loop Type 3": 4.5,
    "Naked Quadruple": 5.0,
    "Jellyfish": 5.2,
    "Hidden Quadruple": 5.4,
    "Bivalue Universal Grave + 1": 5.6,
    "Bivalue Universal Grave Type 3": 5.7,
    "Aligned Pair Exclusion": 6.2,
    "Bidirectional X-Cycle": 6.5,
    "Bidirectional Y-Cycle": 6.5,
    "Forcing X-Chain": 6.6,
    "Bidirectional Cycle": 7.0,
    "Forcing Chain": 7.0,
    "Aligned Triplet Exclusion": 7.5,
    "Nishio Forcing Chains": 7.5,
    "Cell Forcing Chains": 8.0,
    "Region Forcing Chains": 8.0,
    "Dynamic Contradiction Forcing Chains": 8.5,
    "Dynamic Double Forcing Chains (+)": 9.0,
    "Dynamic Cell Forcing Chains (+ Forcing Chains)": 9.5,
    "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)": 10.0,
    "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)": 10.5,
    "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))": 11.0,
}

#: HoDoKu's techniques that SE does not have: never on SE's path, no SE number.
NOT_SE = {
    "Uniqueness Test 1",
    "Continuous Nice Loop",
    "X-Chain",
    "XY-Chain",
    "Skyscraper",
    "Finned X-Wing",
    "Forcing Chain Verity",
    "Forcing Net Contradiction",
    "Nested Forcing Net",
    "Locked Pair",
    "Sue de Coq",
    "Brute Force",
}

SE_ONLY = {"Direct Pointing", "Direct Claiming", "Direct Hidden Pair", "Direct Hidden Triplet"}


@pytest.mark.parametrize("name", sorted(HODOKU))
def test_hodoku_level_score_order(name):
    level, score, order, on = HODOKU[name]
    r = RATINGS[name]
    assert (r.level, r.score, r.order, r.hodoku_default) == (level, score, order, on)


@pytest.mark.parametrize("name", sorted(SE))
def test_se_difficulty(name):
    assert RATINGS[name].se == SE[name]


@pytest.mark.parametrize("name", sorted(NOT_SE))
def test_hodoku_only_techniques_have_no_se_number(name):
    assert RATINGS[name].se is None and name not in all_names("se")


def test_level_max_scores():
    # Options.DEFAULT_DIFFICULTY_LEVELS
    assert LEVEL_MAX_SCORE == {"Easy": 800, "Medium": 1000, "Hard": 1600, "Unfair": 1800, "Extreme": 2**31 - 1}


@pytest.mark.parametrize(
    "length,added",
    [
        (2, 0.0),
        (4, 0.0),
        (5, 0.1),
        (6, 0.1),
        (7, 0.2),
        (8, 0.2),
        (9, 0.3),
        (12, 0.3),
        (13, 0.4),
        (16, 0.4),
        (17, 0.5),
        (24, 0.5),
        (25, 0.6),
        (32, 0.6),
        (33, 0.7),
    ],
)
def test_se_length_increment(length, added):
    # ChainingHint.getLengthDifficulty: thresholds 4, 6, 8, 12, 16, 24, 32, 48, ...
    assert se_length_increment(length) == added


def test_se_only_techniques_stay_off_the_hodoku_order():
    for name in SE_ONLY:
        r = RATINGS[name]
        assert r.se is not None and r.level is None and r.score is None and r.order is None
    hodoku = {t.name for t in all_techniques("hodoku")}
    assert not SE_ONLY & hodoku and SE_ONLY <= set(all_names("se"))


def test_hodoku_order_puts_naked_before_hidden_single():
    names = [t.name for t in all_techniques("hodoku")]
    assert names[:3] == ["Full House", "Naked Single", "Hidden Single"]
    se = all_names("se")
    assert se.index("Hidden Single") < se.index("Direct Hidden Pair") < se.index("Naked Single")


def test_brute_force_is_hodokus_last_resort_only():
    hodoku = [t.name for t in all_techniques("hodoku")]
    assert hodoku[-1] == "Brute Force" and RATINGS["Brute Force"].se is None
    assert "Brute Force" not in all_names("se")
