"""Difficulty tables: one row per technique, the only place ratings live.

Columns:

- ``name``: as HoDoKu spells it (the key everywhere).
- ``family``: the strategies module family.
- ``code``: HoDoKu's regression-library code.
- ``se``: Sudoku Explainer rating of the technique (length-dependent chains start here and
  get more per step); ``None`` where SE has no such technique.
- ``level``/``score``: HoDoKu's level and score per step.
- ``order``: HoDoKu's search order (lower first); ties in the SE path fall back to it.
  Techniques with the same order are searched together and their best step is taken
  (HoDoKu finds nice loops and AICs in one search and keeps the one that eliminates most).
"""
from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
#: HoDoKu: a puzzle's level is raised while its total score exceeds the level's maximum.
LEVEL_MAX_SCORE = {"Easy": 800, "Medium": 1000, "Hard": 1600, "Unfair": 1800, "Extreme": 1 << 62}


@dataclass(frozen=True)
class Rating:
    """Difficulty of one technique on both scales."""

    name: str
    family: str
    code: str
    se: float | None
    level: str
    score: int
    order: int


_ROWS = """
# name                                      | family         | code  | se   | level   | score | order
Full House                                  | singles        | 0000  | 1.0  | Easy    |     4 |   100
Naked Single                                | singles        | 0003  | 2.3  | Easy    |     4 |   200
Hidden Single                               | singles        | 0002  | 1.2  | Easy    |    14 |   300
Locked Pair                                 | intersections  | 0110  | 2.6  | Medium  |    40 |   400
Locked Triple                               | intersections  | 0111  | 2.6  | Medium  |    60 |   500
Locked Candidates Type 1 (Pointing)         | intersections  | 0100  | 2.6  | Medium  |    50 |   600
Locked Candidates Type 2 (Claiming)         | intersections  | 0101  | 2.8  | Medium  |    50 |   700
Naked Pair                                  | subsets        | 0200  | 3.0  | Medium  |    60 |   800
Naked Triple                                | subsets        | 0201  | 3.6  | Medium  |    80 |   900
Hidden Pair                                 | subsets        | 0210  | 3.4  | Medium  |    70 |  1000
Hidden Triple                               | subsets        | 0211  | 4.0  | Medium  |   100 |  1100
Naked Quadruple                             | subsets        | 0202  | 5.0  | Hard    |   120 |  1200
Hidden Quadruple                            | subsets        | 0212  | 5.4  | Hard    |   150 |  1300
X-Wing                                      | fish           | 0300  | 3.2  | Hard    |   140 |  1400
Swordfish                                   | fish           | 0301  | 3.8  | Hard    |   150 |  1500
Jellyfish                                   | fish           | 0302  | 5.2  | Hard    |   160 |  1600
Remote Pair                                 | chains         | 0703  | 6.6  | Hard    |   110 |  1700
Bivalue Universal Grave + 1                 | uniqueness     | 0610  | 5.6  | Hard    |   100 |  1800
Skyscraper                                  | single_digit   | 0400  | 6.6  | Hard    |   130 |  1900
2-String Kite                               | single_digit   | 0401  | 6.6  | Hard    |   150 |  2000
Turbot Fish                                 | single_digit   | 0403  | 6.6  | Hard    |   120 |  2100
Empty Rectangle                             | single_digit   | 0402  | 6.6  | Hard    |   120 |  2200
Dual 2-String Kite                          | single_digit   | 0404  | 6.6  | Hard    |   150 |  2300
Dual Empty Rectangle                        | single_digit   | 0405  | 6.6  | Hard    |   120 |  2400
W-Wing                                      | wings          | 0803  | 6.6  | Hard    |   150 |  2500
XY-Wing                                     | wings          | 0800  | 4.2  | Hard    |   160 |  2600
XYZ-Wing                                    | wings          | 0801  | 4.4  | Hard    |   180 |  2700
WXYZ-Wing                                   | wings          | 0802  | 5.5  | Hard    |   200 |  2800
Uniqueness Test 1                           | uniqueness     | 0600  | 4.5  | Hard    |   100 |  2900
Uniqueness Test 2                           | uniqueness     | 0601  | 4.6  | Hard    |   100 |  3000
Uniqueness Test 3                           | uniqueness     | 0602  | 4.6  | Hard    |   100 |  3100
Uniqueness Test 4                           | uniqueness     | 0603  | 4.6  | Hard    |   100 |  3200
Uniqueness Test 5                           | uniqueness     | 0604  | 4.7  | Hard    |   100 |  3300
Uniqueness Test 6                           | uniqueness     | 0605  | 4.7  | Hard    |   100 |  3400
Hidden Rectangle                            | uniqueness     | 0606  | 4.7  | Hard    |   100 |  3500
Avoidable Rectangle Type 1                  | uniqueness     | 0607  | 4.5  | Hard    |   100 |  3600
Avoidable Rectangle Type 2                  | uniqueness     | 0608  | 4.6  | Hard    |   100 |  3700
Finned X-Wing                               | fish           | 0310  | 3.4  | Hard    |   130 |  3800
Sashimi X-Wing                              | fish           | 0320  | 3.5  | Hard    |   150 |  3900
Finned Swordfish                            | fish           | 0311  | 4.0  | Unfair  |   200 |  4000
Siamese Finned Swordfish                    | fish           | 03111 | 4.0  | Unfair  |   200 |  4010
Sashimi Swordfish                           | fish           | 0321  | 4.1  | Unfair  |   240 |  4100
Siamese Sashimi Swordfish                   | fish           | 03211 | 4.1  | Unfair  |   240 |  4110
Finned Jellyfish                            | fish           | 0312  | 5.4  | Unfair  |   250 |  4200
Siamese Finned Jellyfish                    | fish           | 03121 | 5.4  | Unfair  |   250 |  4210
Sashimi Jellyfish                           | fish           | 0322  | 5.5  | Unfair  |   260 |  4300
Siamese Sashimi Jellyfish                   | fish           | 03221 | 5.5  | Unfair  |   260 |  4310
Simple Colors Trap                          | coloring       | 0500  | 6.6  | Hard    |   150 |  4400
Simple Colors Wrap                          | coloring       | 0501  | 6.6  | Hard    |   150 |  4500
Multi Colors 1                              | coloring       | 0502  | 6.7  | Hard    |   200 |  4600
Multi Colors 2                              | coloring       | 0503  | 6.7  | Hard    |   200 |  4700
Sue de Coq                                  | als            | 1101  | 5.0  | Unfair  |   250 |  4800
X-Chain                                     | chains         | 0701  | 6.6  | Unfair  |   260 |  4900
XY-Chain                                    | chains         | 0702  | 6.6  | Unfair  |   260 |  5000
Continuous Nice Loop                        | chains         | 0706  | 7.0  | Unfair  |   280 |  5100
Discontinuous Nice Loop                     | chains         | 0707  | 7.0  | Unfair  |   280 |  5100
AIC                                         | chains         | 0708  | 7.0  | Unfair  |   280 |  5100
Grouped Continuous Nice Loop                | chains         | 0709  | 7.0  | Unfair  |   300 |  5400
Grouped Discontinuous Nice Loop             | chains         | 0710  | 7.0  | Unfair  |   300 |  5400
Grouped AIC                                 | chains         | 0711  | 7.0  | Unfair  |   300 |  5400
Almost Locked Set XZ-Rule                   | als            | 0901  | 7.5  | Unfair  |   300 |  5700
Almost Locked Set XY-Wing                   | als            | 0902  | 7.6  | Unfair  |   320 |  5800
Almost Locked Set XY-Chain                  | als            | 0903  | 7.7  | Unfair  |   340 |  5900
Death Blossom                               | als            | 0904  | 7.8  | Unfair  |   360 |  6000
Franken X-Wing                              | fish           | 0330  | 3.4  | Unfair  |   300 |  6100
Franken Swordfish                           | fish           | 0331  | 4.0  | Unfair  |   350 |  6200
Franken Jellyfish                           | fish           | 0332  | 5.4  | Unfair  |   370 |  6300
Finned Franken X-Wing                       | fish           | 0340  | 3.6  | Unfair  |   390 |  6400
Finned Franken Swordfish                    | fish           | 0341  | 4.2  | Unfair  |   410 |  6500
Siamese Finned Franken Swordfish            | fish           | 03411 | 4.2  | Unfair  |   410 |  6510
Finned Franken Jellyfish                    | fish           | 0342  | 5.6  | Unfair  |   430 |  6600
Siamese Finned Franken Jellyfish            | fish           | 03421 | 5.6  | Unfair  |   430 |  6610
Mutant X-Wing                               | fish           | 0350  | 3.6  | Extreme |   450 |  6700
Mutant Swordfish                            | fish           | 0351  | 4.2  | Extreme |   450 |  6800
Mutant Jellyfish                            | fish           | 0352  | 5.6  | Extreme |   450 |  6900
Finned Mutant X-Wing                        | fish           | 0360  | 3.8  | Extreme |   470 |  7000
Finned Mutant Swordfish                     | fish           | 0361  | 4.4  | Extreme |   470 |  7100
Finned Mutant Jellyfish                     | fish           | 0362  | 5.8  | Extreme |   470 |  7200
Siamese Finned Mutant Jellyfish             | fish           | 03621 | 5.8  | Extreme |   470 |  7210
Kraken Fish Type 1                          | kraken         | 0371  | 8.0  | Extreme |   500 |  7300
Kraken Fish Type 2                          | kraken         | 0372  | 8.0  | Extreme |   500 |  7400
Forcing Chain Contradiction                 | forcing        | 1301  | 8.0  | Extreme |   500 |  7500
Forcing Chain Verity                        | forcing        | 1302  | 8.0  | Extreme |   500 |  7600
Forcing Net Contradiction                   | forcing        | 1303  | 8.5  | Extreme |   700 |  7700
Forcing Net Verity                          | forcing        | 1304  | 8.5  | Extreme |   700 |  7800
Nested Forcing Net                          | forcing        | 1305  | 9.5  | Extreme |  1000 |  7900
"""


def _parse(text: str) -> dict[str, Rating]:
    out: dict[str, Rating] = {}
    for line in text.strip().splitlines():
        if line.startswith("#"):
            continue
        name, family, code, se, level, score, order = (p.strip() for p in line.split("|"))
        if level not in LEVELS:
            raise ValueError(f"unknown HoDoKu level {level!r} for {name}")
        out[name] = Rating(name, family, code, None if se == "-" else float(se), level, int(score), int(order))
    return out


RATINGS: dict[str, Rating] = _parse(_ROWS)


def rating_of(name: str) -> Rating:
    """The table row of a technique (KeyError if unknown)."""
    return RATINGS[name]
