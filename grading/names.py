"""The names a user may give a technique: the table's names, family names, the names of
Sudoku Explainer's and HoDoKu's option lists, and the short names players use.

:func:`lookup` turns one name into the table's techniques it stands for; :func:`suggest`
finds the closest names for one that is unknown. Names are compared without case, spaces,
hyphens or underscores (``xy wing``, ``XY-Wing`` and ``xywing`` are one name).
"""

from __future__ import annotations

import difflib
import re

from .tables import RATINGS

_SE_CHAINS = [n for n, r in RATINGS.items() if r.family == "se_chains"]


def _dynamic(suffix: str) -> tuple[str, ...]:
    return tuple(f"Dynamic {kind} Forcing Chains{suffix}" for kind in ("Contradiction", "Double", "Cell", "Region"))


#: Names that stand for several techniques of the table: SE's rule names and the names
#: players use for a group of HoDoKu's techniques. A group keeps, like a family, only its
#: members the chosen program has.
GROUPS: dict[str, tuple[str, ...]] = {
    "Unique Rectangle": tuple(f"Unique Rectangle Type {k}" for k in range(1, 5))
    + tuple(f"Uniqueness Test {k}" for k in range(1, 7)),
    "Unique Loop": tuple(f"Unique Loop Type {k}" for k in range(1, 5)),
    "Unique Rectangles and Loops": tuple(f"Unique Rectangle Type {k}" for k in range(1, 5))
    + tuple(f"Unique Loop Type {k}" for k in range(1, 5)),
    "Bivalue Universal Grave": ("Bivalue Universal Grave + 1",)
    + tuple(f"Bivalue Universal Grave Type {k}" for k in range(2, 5)),
    "Locked Candidates": ("Locked Candidates Type 1 (Pointing)", "Locked Candidates Type 2 (Claiming)"),
    "Aligned Exclusion": ("Aligned Pair Exclusion", "Aligned Triplet Exclusion"),
    "Nice Loop": (
        "Continuous Nice Loop",
        "Discontinuous Nice Loop",
        "Grouped Continuous Nice Loop",
        "Grouped Discontinuous Nice Loop",
    ),
    "Grouped Nice Loop": ("Grouped Continuous Nice Loop", "Grouped Discontinuous Nice Loop"),
    "Simple Colors": ("Simple Colors Trap", "Simple Colors Wrap"),
    "Multi Colors": ("Multi Colors 1", "Multi Colors 2"),
    "Forcing Chains & Cycles": (
        "Bidirectional X-Cycle",
        "Bidirectional Y-Cycle",
        "Bidirectional Cycle",
        "Forcing X-Chain",
        "Forcing Chain",
    ),
    "Forcing Chains": tuple(n for n in _SE_CHAINS if "Forcing Chain" in n)
    + ("Forcing Chain Contradiction", "Forcing Chain Verity"),
    "Forcing Nets": ("Forcing Net Contradiction", "Forcing Net Verity", "Nested Forcing Net"),
    "Multiple Forcing Chains": ("Cell Forcing Chains", "Region Forcing Chains"),
    "Dynamic Forcing Chains": _dynamic(""),
    "Dynamic Forcing Chains (+)": _dynamic(" (+)"),
    "Nested Forcing Chains": tuple(n for n in _SE_CHAINS if "(+ " in n),
}

#: Short names and other spellings, each for a table name or a group.
ABBREVIATIONS: dict[str, str] = {
    "UR": "Unique Rectangle",
    "UR1": "Unique Rectangle Type 1",
    "UR2": "Unique Rectangle Type 2",
    "UR3": "Unique Rectangle Type 3",
    "UR4": "Unique Rectangle Type 4",
    "UL": "Unique Loop",
    "BUG": "Bivalue Universal Grave",
    "BUG+1": "Bivalue Universal Grave + 1",
    "BUG 1": "Bivalue Universal Grave + 1",
    "LC": "Locked Candidates",
    "LC1": "Locked Candidates Type 1 (Pointing)",
    "LC2": "Locked Candidates Type 2 (Claiming)",
    "Pointing": "Locked Candidates Type 1 (Pointing)",
    "Claiming": "Locked Candidates Type 2 (Claiming)",
    "Intersection": "Locked Candidates",
    "Naked Triplet": "Naked Triple",
    "Hidden Triplet": "Hidden Triple",
    "Naked Quad": "Naked Quadruple",
    "Hidden Quad": "Hidden Quadruple",
    "Kite": "2-String Kite",
    "Two-String Kite": "2-String Kite",
    "Dual Kite": "Dual 2-String Kite",
    "ER": "Empty Rectangle",
    "NL": "Nice Loop",
    "CNL": "Continuous Nice Loop",
    "DNL": "Discontinuous Nice Loop",
    "X-Cycle": "Bidirectional X-Cycle",
    "Y-Cycle": "Bidirectional Y-Cycle",
    "Simple Coloring": "Simple Colors",
    "Multi Coloring": "Multi Colors",
    "Coloring": "coloring",
    "Colors": "coloring",
    "ALS-XZ": "Almost Locked Set XZ-Rule",
    "ALS XZ-Rule": "Almost Locked Set XZ-Rule",
    "ALS-XY-Wing": "Almost Locked Set XY-Wing",
    "ALS-XY": "Almost Locked Set XY-Wing",
    "ALS-XY-Chain": "Almost Locked Set XY-Chain",
    "ALS Chain": "Almost Locked Set XY-Chain",
    "DB": "Death Blossom",
    "SdC": "Sue de Coq",
    "APE": "Aligned Pair Exclusion",
    "ATE": "Aligned Triplet Exclusion",
    "Kraken": "kraken",
    "Kraken Fish": "kraken",
    "Forcing Chain Cycles": "Forcing Chains & Cycles",
    "Nishio": "Nishio Forcing Chains",
    "Cell Forcing Chain": "Cell Forcing Chains",
    "Region Forcing Chain": "Region Forcing Chains",
    "Forcing Net": "Forcing Nets",
    "Brute": "Brute Force",
    "Guess": "Brute Force",
}


def normal(name: str) -> str:
    """A name as names are compared: lower case, without spaces, hyphens or underscores."""
    return re.sub(r"[\s\-_]+", "", name.strip().lower())


def _index() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Every accepted name (normalised) -> (how it is written, the table names it stands for)."""
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    families: dict[str, list[str]] = {}
    for n, r in RATINGS.items():
        families.setdefault(r.family, []).append(n)
    for fam, in_family in families.items():
        out[normal(fam)] = (fam, tuple(in_family))
    for group, members in GROUPS.items():
        out[normal(group)] = (group, tuple(m for m in members if m in RATINGS))
    for n in RATINGS:
        out[normal(n)] = (n, (n,))
    for short, target in ABBREVIATIONS.items():
        key = normal(short)
        if key not in out:
            written, members = out[normal(target)]
            out[key] = (written, members)
    return out


_INDEX = _index()


def lookup(name: str) -> tuple[str, ...] | None:
    """The table's techniques ``name`` stands for (a technique, a family, a group or a short
    name), or None if it is unknown."""
    found = _INDEX.get(normal(name))
    return found[1] if found else None


def is_group(name: str) -> bool:
    """Whether ``name`` stands for several techniques (a family or a group), so that a
    program keeps only the members it has."""
    found = _INDEX.get(normal(name))
    return found is not None and (found[0] not in RATINGS)


def suggest(name: str, n: int = 3) -> list[str]:
    """The accepted names closest to an unknown ``name``, best first, as they are written."""
    keys = difflib.get_close_matches(normal(name), list(_INDEX), n=n * 2, cutoff=0.7)
    out: list[str] = []
    for k in keys:
        written = _INDEX[k][0]
        if written not in out:
            out.append(written)
    return out[:n]


def unknown_message(name: str) -> str:
    """``unknown technique 'kyte': did you mean 2-String Kite? (...)``."""
    close = suggest(name)
    listed = ", ".join(close[:-1]) + " or " + close[-1] if len(close) > 1 else "".join(close)
    hint = f": did you mean {listed}?" if close else ""
    return f"unknown technique {name.strip()!r}{hint} (run `sudoku techniques` for the list)"
