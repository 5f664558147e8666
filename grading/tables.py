"""Difficulty tables: one row per technique, the only place ratings live.

Columns:

- ``name``: as HoDoKu spells it (the key everywhere); SE-only techniques use SE's name.
- ``family``: the strategies module family.
- ``code``: HoDoKu's regression-library code (``-`` for SE-only techniques and for HoDoKu's
  Brute Force, which the library does not test).
- ``se``: Sudoku Explainer's difficulty of the technique, for the techniques SE's own rules
  produce (its ``*Hint.getDifficulty``); SE adds to it for some facts of a step (a hidden
  single in a line, a unique loop's length, a chain's complexity: see
  ``grading.se``). ``-`` for a technique SE does not have (HoDoKu's single-digit
  patterns, finned and Franken fish, colouring, ALS, its forcing chains, Brute Force...):
  those are never on SE's path.
- ``level``/``score``: HoDoKu's level and score per step (HoDoKu 2.2 ``Options.DEFAULT_SOLVER_STEPS``);
  ``-`` for techniques HoDoKu lacks.
- ``order``: HoDoKu's search order (``StepConfig`` index, lower first); ties in the SE path fall
  back to it. Techniques sharing one HoDoKu StepConfig (the nice loops, colours, forcing
  chains) share its score; techniques with the same order are searched together and their
  best step is taken (HoDoKu finds nice loops and AICs in one search and keeps the one that
  eliminates most; contradiction and verity forcing chains, and nets, likewise: HoDoKu's
  ``TablingSolver.getStep`` collects both kinds and sorts them with its ``TablingComparator``,
  see ``sudoku_logic.solve.policies``; the colours' ``ColoringSolver.getStep`` returns the
  first step of either type of its one pass, wraps and traps alike). The second type of
  Kraken fish, which HoDoKu searches in its own pass, and the duals (found by their parent's
  search when HoDoKu's ``allowDualsAndSiamese`` is on) get a number just after, so they come
  right after.
  Siamese fish score and rate like their finned fish (HoDoKu reports them under its type) and
  are off by default in HoDoKu, like the duals.
- ``on``: ``y`` if HoDoKu's default configuration searches it when rating, ``n`` if it is
  disabled there (Death Blossom, Franken/Finned Franken Jellyfish, Mutant and Kraken fish,
  duals), ``-`` where HoDoKu lacks the technique.

Sources: HoDoKu 2.2 ``src/sudoku/Options.java`` (DEFAULT_SOLVER_STEPS, DEFAULT_DIFFICULTY_LEVELS);
Sudoku Explainer 1.2.1 / 1to9only's SukakuExplainer (``*Hint.getDifficulty``,
``ChainingHint.getLengthDifficulty``, ``Chaining.getDifficulty``).
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
#: HoDoKu: a puzzle's level is raised while its total score exceeds the level's maximum.
LEVEL_MAX_SCORE = {"Easy": 800, "Medium": 1000, "Hard": 1600, "Unfair": 1800, "Extreme": (1 << 31) - 1}
#: HoDoKu's last resort when nothing else applies (``BRUTE_FORCE``): Extreme, 10000 points.
BRUTE_FORCE_SCORE = 10000


@dataclass(frozen=True)
class Rating:
    """Difficulty of one technique on both scales (None where a scale lacks it)."""

    name: str
    family: str
    code: str
    se: float | None
    level: str | None
    score: int | None
    order: int | None
    hodoku_default: bool = False

    @property
    def on_se(self) -> bool:
        """Whether Sudoku Explainer's scale knows this technique."""
        return self.se is not None

    @property
    def on_hodoku(self) -> bool:
        """Whether HoDoKu has this technique (it may still be off by default there)."""
        return self.level is not None


#: The names of SE's nesting levels 0-5 of Dynamic Forcing Chains end with these.
SE_NESTED_SUFFIX = (
    "",
    " (+)",
    " (+ Forcing Chains)",
    " (+ Multiple Forcing Chains)",
    " (+ Dynamic Forcing Chains)",
    " (+ Dynamic Forcing Chains (+ Forcing Chains))",
)
#: The four hints of Dynamic Forcing Chains at each level, in the compiled engine's order.
SE_DYNAMIC_KINDS = ("Contradiction", "Double", "Cell", "Region")

_ROWS = """
# name                                      | family         | code  | se   | level   | score | order | on
Full House                                  | singles        | 0000  | 1.0  | Easy    |     4 |   100 | y
Naked Single                                | singles        | 0003  | 2.3  | Easy    |     4 |   200 | y
Hidden Single                               | singles        | 0002  | 1.2  | Easy    |    14 |   300 | y
Direct Pointing                             | direct         | -     | 1.7  | -       |     - |     - | -
Direct Claiming                             | direct         | -     | 1.9  | -       |     - |     - | -
Direct Hidden Pair                          | direct         | -     | 2.0  | -       |     - |     - | -
Direct Hidden Triplet                       | direct         | -     | 2.5  | -       |     - |     - | -
Locked Pair                                 | intersections  | 0110  | -    | Medium  |    40 |  1000 | y
Locked Triple                               | intersections  | 0111  | -    | Medium  |    60 |  1100 | y
Locked Candidates Type 1 (Pointing)         | intersections  | 0100  | 2.6  | Medium  |    50 |  1200 | y
Locked Candidates Type 2 (Claiming)         | intersections  | 0101  | 2.8  | Medium  |    50 |  1210 | y
Naked Pair                                  | subsets        | 0200  | 3.0  | Medium  |    60 |  1300 | y
Naked Triple                                | subsets        | 0201  | 3.6  | Medium  |    80 |  1400 | y
Hidden Pair                                 | subsets        | 0210  | 3.4  | Medium  |    70 |  1500 | y
Hidden Triple                               | subsets        | 0211  | 4.0  | Medium  |   100 |  1600 | y
Naked Quadruple                             | subsets        | 0202  | 5.0  | Hard    |   120 |  2000 | y
Hidden Quadruple                            | subsets        | 0212  | 5.4  | Hard    |   150 |  2100 | y
X-Wing                                      | fish           | 0300  | 3.2  | Hard    |   140 |  2200 | y
Swordfish                                   | fish           | 0301  | 3.8  | Hard    |   150 |  2300 | y
Jellyfish                                   | fish           | 0302  | 5.2  | Hard    |   160 |  2400 | y
Remote Pair                                 | chains         | 0703  | -    | Hard    |   110 |  2800 | y
Bivalue Universal Grave + 1                 | uniqueness     | 0610  | 5.6  | Hard    |   100 |  2900 | y
Skyscraper                                  | single_digit   | 0400  | -    | Hard    |   130 |  3000 | y
2-String Kite                               | single_digit   | 0401  | -    | Hard    |   150 |  3100 | y
Turbot Fish                                 | single_digit   | 0403  | -    | Hard    |   120 |  3120 | y
Empty Rectangle                             | single_digit   | 0402  | -    | Hard    |   120 |  3170 | y
Dual 2-String Kite                          | single_digit   | 0404  | -    | Hard    |   150 |  3110 | n
Dual Empty Rectangle                        | single_digit   | 0405  | -    | Hard    |   120 |  3180 | n
W-Wing                                      | wings          | 0803  | -    | Hard    |   150 |  3200 | y
XY-Wing                                     | wings          | 0800  | 4.2  | Hard    |   160 |  3300 | y
XYZ-Wing                                    | wings          | 0801  | 4.4  | Hard    |   180 |  3400 | y
WXYZ-Wing                                   | wings          | 0802  | -    | Hard    |   200 |  3450 | n
Uniqueness Test 1                           | uniqueness     | 0600  | -    | Hard    |   100 |  3500 | y
Uniqueness Test 2                           | uniqueness     | 0601  | -    | Hard    |   100 |  3600 | y
Uniqueness Test 3                           | uniqueness     | 0602  | -    | Hard    |   100 |  3700 | y
Uniqueness Test 4                           | uniqueness     | 0603  | -    | Hard    |   100 |  3800 | y
Uniqueness Test 5                           | uniqueness     | 0604  | -    | Hard    |   100 |  3900 | y
Uniqueness Test 6                           | uniqueness     | 0605  | -    | Hard    |   100 |  4000 | y
Hidden Rectangle                            | uniqueness     | 0606  | -    | Hard    |   100 |  4010 | y
Avoidable Rectangle Type 1                  | uniqueness     | 0607  | -    | Hard    |   100 |  4020 | y
Avoidable Rectangle Type 2                  | uniqueness     | 0608  | -    | Hard    |   100 |  4030 | y
Finned X-Wing                               | fish           | 0310  | -    | Hard    |   130 |  4100 | y
Sashimi X-Wing                              | fish           | 0320  | -    | Hard    |   150 |  4200 | y
Finned Swordfish                            | fish           | 0311  | -    | Unfair  |   200 |  4300 | y
Siamese Finned Swordfish                    | fish           | 03111 | -    | Unfair  |   200 |  4310 | n
Sashimi Swordfish                           | fish           | 0321  | -    | Unfair  |   240 |  4400 | y
Siamese Sashimi Swordfish                   | fish           | 03211 | -    | Unfair  |   240 |  4410 | n
Finned Jellyfish                            | fish           | 0312  | -    | Unfair  |   250 |  4500 | y
Siamese Finned Jellyfish                    | fish           | 03121 | -    | Unfair  |   250 |  4510 | n
Sashimi Jellyfish                           | fish           | 0322  | -    | Unfair  |   260 |  4600 | y
Siamese Sashimi Jellyfish                   | fish           | 03221 | -    | Unfair  |   260 |  4610 | n
Sue de Coq                                  | sue_de_coq     | 1101  | -    | Unfair  |   250 |  5300 | y
Simple Colors Trap                          | coloring       | 0500  | -    | Hard    |   150 |  5330 | y
Simple Colors Wrap                          | coloring       | 0501  | -    | Hard    |   150 |  5330 | y
Multi Colors 1                              | coloring       | 0502  | -    | Hard    |   200 |  5360 | y
Multi Colors 2                              | coloring       | 0503  | -    | Hard    |   200 |  5360 | y
X-Chain                                     | chains         | 0701  | -    | Unfair  |   260 |  5400 | y
XY-Chain                                    | chains         | 0702  | -    | Unfair  |   260 |  5500 | y
Continuous Nice Loop                        | chains         | 0706  | -    | Unfair  |   280 |  5600 | y
Discontinuous Nice Loop                     | chains         | 0707  | -    | Unfair  |   280 |  5600 | y
AIC                                         | chains         | 0708  | -    | Unfair  |   280 |  5600 | y
Grouped Continuous Nice Loop                | chains         | 0709  | -    | Unfair  |   300 |  5650 | y
Grouped Discontinuous Nice Loop             | chains         | 0710  | -    | Unfair  |   300 |  5650 | y
Grouped AIC                                 | chains         | 0711  | -    | Unfair  |   300 |  5650 | y
Almost Locked Set XZ-Rule                   | als            | 0901  | -    | Unfair  |   300 |  5700 | y
Almost Locked Set XY-Wing                   | als            | 0902  | -    | Unfair  |   320 |  5800 | y
Almost Locked Set XY-Chain                  | als            | 0903  | -    | Unfair  |   340 |  5900 | y
Death Blossom                               | als            | 0904  | -    | Unfair  |   360 |  6000 | n
Franken X-Wing                              | fish           | 0330  | -    | Unfair  |   300 |  6100 | y
Franken Swordfish                           | fish           | 0331  | -    | Unfair  |   350 |  6200 | y
Franken Jellyfish                           | fish           | 0332  | -    | Unfair  |   370 |  6300 | n
Finned Franken X-Wing                       | fish           | 0340  | -    | Unfair  |   390 |  6700 | y
Finned Franken Swordfish                    | fish           | 0341  | -    | Unfair  |   410 |  6800 | y
Siamese Finned Franken Swordfish            | fish           | 03411 | -    | Unfair  |   410 |  6810 | n
Finned Franken Jellyfish                    | fish           | 0342  | -    | Unfair  |   430 |  6900 | n
Siamese Finned Franken Jellyfish            | fish           | 03421 | -    | Unfair  |   430 |  6910 | n
Mutant X-Wing                               | fish           | 0350  | -    | Extreme |   450 |  7300 | n
Mutant Swordfish                            | fish           | 0351  | -    | Extreme |   450 |  7400 | n
Mutant Jellyfish                            | fish           | 0352  | -    | Extreme |   450 |  7500 | n
Finned Mutant X-Wing                        | fish           | 0360  | -    | Extreme |   470 |  7900 | n
Finned Mutant Swordfish                     | fish           | 0361  | -    | Extreme |   470 |  8000 | n
Finned Mutant Jellyfish                     | fish           | 0362  | -    | Extreme |   470 |  8100 | n
Siamese Finned Mutant Jellyfish             | fish           | 03621 | -    | Extreme |   470 |  8110 | n
Kraken Fish Type 1                          | kraken         | 0371  | -    | Extreme |   500 |  8450 | n
Kraken Fish Type 2                          | kraken         | 0372  | -    | Extreme |   500 |  8451 | n
Forcing Chain Contradiction                 | forcing        | 1301  | -    | Extreme |   500 |  8500 | y
Forcing Chain Verity                        | forcing        | 1302  | -    | Extreme |   500 |  8500 | y
Forcing Net Contradiction                   | forcing        | 1303  | -    | Extreme |   700 |  8600 | y
Forcing Net Verity                          | forcing        | 1304  | -    | Extreme |   700 |  8600 | y
Nested Forcing Net                          | forcing        | 1305  | -    | Extreme |  1000 |  8700 | n
Brute Force                                 | brute_force    | -     | -    | Extreme | 10000 |  8900 | y
# Sudoku Explainer's own rules that HoDoKu lacks (its unique loops, BUG types, aligned
# exclusion, cycles and forcing chains); the se column is the base SE adds to
Unique Rectangle Type 1                     | unique_loops   | -     | 4.5  | -       |     - |     - | -
Unique Rectangle Type 2                     | unique_loops   | -     | 4.5  | -       |     - |     - | -
Unique Rectangle Type 3                     | unique_loops   | -     | 4.5  | -       |     - |     - | -
Unique Rectangle Type 4                     | unique_loops   | -     | 4.5  | -       |     - |     - | -
Unique Loop Type 1                          | unique_loops   | -     | 4.5  | -       |     - |     - | -
Unique Loop Type 2                          | unique_loops   | -     | 4.5  | -       |     - |     - | -
Unique Loop Type 3                          | unique_loops   | -     | 4.5  | -       |     - |     - | -
Unique Loop Type 4                          | unique_loops   | -     | 4.5  | -       |     - |     - | -
Bivalue Universal Grave Type 2              | bug            | -     | 5.7  | -       |     - |     - | -
Bivalue Universal Grave Type 3              | bug            | -     | 5.7  | -       |     - |     - | -
Bivalue Universal Grave Type 4              | bug            | -     | 5.7  | -       |     - |     - | -
Aligned Pair Exclusion                      | aligned        | -     | 6.2  | -       |     - |     - | -
Aligned Triplet Exclusion                   | aligned        | -     | 7.5  | -       |     - |     - | -
Bidirectional X-Cycle                       | se_chains      | -     | 6.5  | -       |     - |     - | -
Bidirectional Y-Cycle                       | se_chains      | -     | 6.5  | -       |     - |     - | -
Forcing X-Chain                             | se_chains      | -     | 6.6  | -       |     - |     - | -
Bidirectional Cycle                         | se_chains      | -     | 7.0  | -       |     - |     - | -
Forcing Chain                               | se_chains      | -     | 7.0  | -       |     - |     - | -
Nishio Forcing Chains                       | se_chains      | -     | 7.5  | -       |     - |     - | -
Cell Forcing Chains                         | se_chains      | -     | 8.0  | -       |     - |     - | -
Region Forcing Chains                       | se_chains      | -     | 8.0  | -       |     - |     - | -
""" + "".join(
    f"Dynamic {kind} Forcing Chains{suffix:<46}| se_chains      | -     | {base:<4} | -       |     - |     - | -\n"
    for suffix, base in zip(SE_NESTED_SUFFIX, (8.5, 9.0, 9.5, 10.0, 10.5, 11.0))
    for kind in SE_DYNAMIC_KINDS
)


#: Sudoku Explainer's producers in the order its solver asks them (``Solver``'s constructor,
#: b1f9ed4): the SE scale's selection policy takes the first hint of the first producer
#: that finds one. Names are our rule names (``strategies.registry.RULES``).
SE_RULES = (
    "Hidden Singles",
    "Direct Intersections",
    "Direct Hidden Pairs",
    "Naked Singles",
    "Direct Hidden Triplets",
    "Intersections",
    "Naked Pairs",
    "X-Wings",
    "Hidden Pairs",
    "Naked Triplets",
    "Swordfishes",
    "Hidden Triplets",
    "XY-Wings",
    "XYZ-Wings",
    "Unique Loops",
    "Naked Quads",
    "Jellyfishes",
    "Hidden Quads",
    "Bivalue Universal Graves",
    "Aligned Pair Exclusion",
    "Forcing Chains & Cycles",
    "Aligned Triplet Exclusion",
    "Nishio Forcing Chains",
    "Multiple Forcing Chains",
    "Dynamic Forcing Chains",
    "Dynamic Forcing Chains (+)",
    "Dynamic Forcing Chains (+ Forcing Chains)",
    "Dynamic Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
)

#: The techniques of SE's rules by the compiled engine's code: (the C name after ``T_``,
#: the technique, a row of the table). ``sudoku_logic/native/se/tables.h`` is written from
#: this (``python -m grading.native_tables``); the engine gives the names back to Python.
SE_TECHNIQUES: tuple[tuple[str, str], ...] = (
    (
        ("FULL_HOUSE", "Full House"),
        ("HIDDEN_SINGLE", "Hidden Single"),
        ("NAKED_SINGLE", "Naked Single"),
        ("DIRECT_POINTING", "Direct Pointing"),
        ("DIRECT_CLAIMING", "Direct Claiming"),
        ("DIRECT_HIDDEN_PAIR", "Direct Hidden Pair"),
        ("DIRECT_HIDDEN_TRIPLET", "Direct Hidden Triplet"),
        ("POINTING", "Locked Candidates Type 1 (Pointing)"),
        ("CLAIMING", "Locked Candidates Type 2 (Claiming)"),
        ("NAKED_PAIR", "Naked Pair"),
        ("NAKED_TRIPLE", "Naked Triple"),
        ("NAKED_QUADRUPLE", "Naked Quadruple"),
        ("HIDDEN_PAIR", "Hidden Pair"),
        ("HIDDEN_TRIPLE", "Hidden Triple"),
        ("HIDDEN_QUADRUPLE", "Hidden Quadruple"),
        ("X_WING", "X-Wing"),
        ("SWORDFISH", "Swordfish"),
        ("JELLYFISH", "Jellyfish"),
        ("XY_WING", "XY-Wing"),
        ("XYZ_WING", "XYZ-Wing"),
        ("X_CYCLE", "Bidirectional X-Cycle"),
        ("Y_CYCLE", "Bidirectional Y-Cycle"),
        ("XY_CYCLE", "Bidirectional Cycle"),
        ("FORCING_X_CHAIN", "Forcing X-Chain"),
        ("FORCING_CHAIN", "Forcing Chain"),
    )
    + tuple(
        (f"{kind}_{n}", f"Unique {shape} Type {n}")
        for kind, shape in (("UR", "Rectangle"), ("UL", "Loop"))
        for n in range(1, 5)
    )
    + (
        ("BUG_1", "Bivalue Universal Grave + 1"),
        ("BUG_2", "Bivalue Universal Grave Type 2"),
        ("BUG_3", "Bivalue Universal Grave Type 3"),
        ("BUG_4", "Bivalue Universal Grave Type 4"),
        ("ALIGNED_PAIR", "Aligned Pair Exclusion"),
        ("ALIGNED_TRIPLET", "Aligned Triplet Exclusion"),
        ("CELL_FORCING", "Cell Forcing Chains"),
        ("REGION_FORCING", "Region Forcing Chains"),
        ("NISHIO", "Nishio Forcing Chains"),
    )
    + tuple(
        (f"DYN{level or ''}_{kind.upper()}", f"Dynamic {kind} Forcing Chains{suffix}")
        for level, suffix in enumerate(SE_NESTED_SUFFIX)
        for kind in SE_DYNAMIC_KINDS
    )
)

#: SE ratings that depend on a fact of the step (``Step.facts``) rather than its name alone:
#: a hidden single is 1.2 in a block, 1.5 in a row or column (``HiddenSingleHint``).
SE_HIDDEN_SINGLE = {"box": 1.2, "row": 1.5, "col": 1.5}
#: A unique loop adds to its type's rating by its number of cells (``UniqueLoopHint``):
#: this much from 10 cells on, and then the first of (at least this many cells, added).
SE_LOOP_LONG = (10, 0.3)
SE_LOOP_EXTRA = ((8, 0.2), (6, 0.1))
#: Unique loop type 3 and BUG type 3 add this much per cell of their naked set beyond the
#: first (a pair adds 0.1); a unique loop's hidden set counts its cells outside the loop
#: (a hidden pair adds nothing).
SE_SUBSET_EXTRA = 0.1


def _parse(text: str) -> dict[str, Rating]:
    out: dict[str, Rating] = {}
    for line in text.strip().splitlines():
        if line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 7:  # a row in the older format (no ``on`` column): on by default
            parts.append("y")
        name, family, code, se, level, score, order, on = parts
        if level != "-" and level not in LEVELS:
            raise ValueError(f"unknown HoDoKu level {level!r} for {name}")
        if (level == "-") != (score == "-") or (level == "-") != (order == "-"):
            raise ValueError(f"{name}: level, score and order must all be given or all be '-'")
        if se == "-" and level == "-":
            raise ValueError(f"{name}: a technique needs a rating on at least one scale")
        out[name] = Rating(
            name,
            family,
            code,
            None if se == "-" else float(se),
            None if level == "-" else level,
            None if score == "-" else int(score),
            None if order == "-" else int(order),
            on == "y",
        )
    return out


RATINGS: dict[str, Rating] = _parse(_ROWS)
