"""The compiled engines' tables, written from the Python ones: ``python -m grading.native_tables``.

SE's rule ids (the order of :data:`grading.tables.SE_RULES`), the technique codes
(:data:`grading.tables.SE_TECHNIQUES`), the kind codes (:data:`SE_KINDS`) and SE's
numbers (the table's ``se`` column and its unique-loop extras) are written once, here in
Python; the C engine reads them from ``sudoku_logic/native/se/tables.h``, which this module
writes (as CPython writes ``Include/opcode.h`` from ``Lib/opcode.py``). HoDoKu's technique
codes, slots, levels, scores and default path go to ``hodoku/tables.h`` the same way
(:func:`hodoku_header`). The headers are committed; ``tests/native/test_native_sources.py``
fails when one is not what this module writes now. ``python -m grading.native_tables --check`` says whether it is, without writing. Where
the built engine is older than its tables, run it with ``SUDOKU_ENGINE=python`` (it reads
HoDoKu's default path from the registry, which loads the package).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from .se import CHAIN_FAMILIES
from .tables import (
    BRUTE_FORCE_SCORE,
    LEVEL_MAX_SCORE,
    LEVELS,
    RATINGS,
    SE_HIDDEN_SINGLE,
    SE_LOOP_EXTRA,
    SE_LOOP_LONG,
    SE_RULES,
    SE_SUBSET_EXTRA,
    SE_TECHNIQUES,
)

#: How the compiled engine works out a technique's SE difficulty from its number in the table
#: (``K_*``, by code; grading/se.py's raw_difficulty does the same by family): as it is, a
#: hidden single's by house, a chain's by complexity, a unique loop's and a BUG's with their
#: extras, or not at all.
SE_KINDS = ("PLAIN", "HIDDEN_SINGLE", "CHAIN", "UNIQUE_LOOP", "BUG", "UNRATED")

#: Where the headers live in the source tree: SE's and HoDoKu's.
NATIVE = Path(__file__).resolve().parent.parent / "sudoku_logic" / "native"
HEADER = NATIVE / "se" / "tables.h"
HODOKU_HEADER = NATIVE / "hodoku" / "tables.h"


def hodoku_techniques() -> list[str]:
    """HoDoKu's techniques by the compiled engine's code (``H_*``): every row with a place in
    HoDoKu's search order, in that order (ties by HoDoKu's type code)."""
    rows = [r for r in RATINGS.values() if r.order is not None and r.level is not None]
    return [r.name for r in sorted(rows, key=lambda r: (r.order, r.code))]


def se_kind(name: str) -> int:
    """The code (:data:`SE_KINDS`) of how technique ``name``'s SE difficulty is worked out."""
    row = RATINGS.get(name)
    if row is None or row.se is None:
        kind = "UNRATED"
    elif name == "Hidden Single":
        kind = "HIDDEN_SINGLE"
    elif row.family in CHAIN_FAMILIES:
        kind = "CHAIN"
    else:
        kind = {"unique_loops": "UNIQUE_LOOP", "bug": "BUG"}.get(row.family, "PLAIN")
    return SE_KINDS.index(kind)


def se_base(name: str) -> float:
    """Technique ``name``'s SE number in the table, 0.0 where SE has none."""
    row = RATINGS.get(name)
    return 0.0 if row is None or row.se is None else float(row.se)


def c_name(rule: str) -> str:
    """A rule's C name after ``R_``: its words in capitals, ``+`` as PLUS, other signs dropped."""
    return re.sub(r"[^A-Z0-9]+", "_", rule.upper().replace("+", " PLUS ").replace("&", " ")).strip("_")


def _enum(prefix: str, names: list[str], count: str | None) -> str:
    lines = [f"    {prefix}{name}," for name in names]
    if count:
        lines.append(f"    {count}")
    return "enum {\n" + "\n".join(lines) + "\n};\n"


def _strings(values: list[str]) -> str:
    return _array([f'"{v}"' for v in values])


def _number(x: float) -> str:
    return repr(float(x))


def _array(values: list[str]) -> str:
    """An initializer's values, wrapped under the array's line."""
    lines, line = [], "       "
    for v in values:
        if len(line) + len(v) + 2 > 100:
            lines.append(line)
            line = "       "
        line += f" {v},"
    return "\n".join([*lines, line])


def header() -> str:
    """The text of ``se/tables.h``."""
    techniques = [name for _, name in SE_TECHNIQUES]
    extra = "\n    else ".join(f"if (cells >= {cells}) se += {_number(added)};" for cells, added in SE_LOOP_EXTRA)
    return f"""/* Sudoku Explainer's tables for the compiled engine: rule ids, technique codes, kind codes
 * and SE's numbers.  Written by `python -m grading.native_tables` from grading/tables.py, where
 * each is written once: do not edit (tests/test_native_sources.py fails
 * when this file is not what the generator writes). */
#ifndef SE_TABLES_H
#define SE_TABLES_H

/* SE's rules by id, in SE's order (grading/tables.py's SE_RULES). */
{_enum("R_", [c_name(r) for r in SE_RULES], "R_COUNT")}
/* The techniques by code (grading/tables.py's SE_TECHNIQUES). */
{_enum("T_", [code for code, _ in SE_TECHNIQUES], "T_COUNT")}
/* How a technique's difficulty is worked out from its number (grading/native_tables.py's SE_KINDS). */
{_enum("K_", list(SE_KINDS), None)}
/* SE's number of each technique, by code (the table's se column; 0 where SE has none). */
static inline double se_base(int technique) {{
    static const double base[T_COUNT] = {{
{_array([_number(se_base(n)) for n in techniques])}
    }};
    return base[technique];
}}

/* How each technique's difficulty is worked out (K_*), by code. */
static inline int se_kind(int technique) {{
    static const unsigned char kind[T_COUNT] = {{
{_array([str(se_kind(n)) for n in techniques])}
    }};
    return kind[technique];
}}

/* A unique loop's number ``se`` with what its ``cells`` cells add, in grading/se.py's order
 * (grading/tables.py's SE_LOOP_LONG and SE_LOOP_EXTRA); each further digit of a unique
 * loop's or a BUG's set adds SE_SUBSET_EXTRA. */
static inline double se_loop_difficulty(double se, int cells) {{
    if (cells >= {SE_LOOP_LONG[0]}) se += {_number(SE_LOOP_LONG[1])};
    {extra}
    return se;
}}
#define SE_SUBSET_EXTRA {_number(SE_SUBSET_EXTRA)}

/* A hidden single's number by its house: 0-8 rows, 9-17 columns, 18-26 boxes (grading/tables.py's
 * SE_HIDDEN_SINGLE). */
static inline double se_hidden_single(int house) {{
    return house < 9 ? {_number(SE_HIDDEN_SINGLE["row"])} : house < 18 ? {_number(SE_HIDDEN_SINGLE["col"])} : {_number(SE_HIDDEN_SINGLE["box"])};
}}

/* The names of the rules and of the techniques, by id and by code (for the Python face). */
static inline const char *se_rule_name(int rule) {{
    static const char *const name[R_COUNT] = {{
{_strings(list(SE_RULES))}
    }};
    return name[rule];
}}
static inline const char *se_technique_name(int technique) {{
    static const char *const name[T_COUNT] = {{
{_strings(techniques)}
    }};
    return name[technique];
}}

#endif
"""


def hodoku_header() -> str:
    """The text of ``hodoku/tables.h``."""
    from .scales import hodoku_techniques as default_path

    names = hodoku_techniques()
    rows = [RATINGS[n] for n in names]
    default = [t.name for t in default_path()]
    levels = [str(LEVELS.index(r.level or LEVELS[0])) for r in rows]
    limits = [str(LEVEL_MAX_SCORE[level]) for level in LEVELS]
    return f"""/* HoDoKu's tables for the compiled engine: technique codes in HoDoKu's search order, each
 * technique's search slot, level and score.  Written by `python -m grading.native_tables` from
 * grading/tables.py, where each is written once: do not edit (tests/native/test_native_sources.py
 * fails when this file is not what the generator writes). */
#ifndef HODOKU_TABLES_H
#define HODOKU_TABLES_H

/* The techniques by code, in HoDoKu's search order (grading/tables.py's order column). */
{_enum("H_", [c_name(n) for n in names], "H_COUNT")}
/* HoDoKu's search slot of each technique (its order column): techniques of one slot are
 * searched together. */
static inline int hd_slot(int technique) {{
    static const int slot[H_COUNT] = {{
{_array([str(r.order) for r in rows])}
    }};
    return slot[technique];
}}

/* Whether each technique assumes the puzzle has one solution (the uniqueness family). */
static inline int hd_needs_unique(int technique) {{
    static const unsigned char unique[H_COUNT] = {{
{_array([str(int(r.family == "uniqueness")) for r in rows])}
    }};
    return unique[technique];
}}

/* HoDoKu's score of one step of each technique. */
static inline int hd_score(int technique) {{
    static const int score[H_COUNT] = {{
{_array([str(r.score or 0) for r in rows])}
    }};
    return score[technique];
}}

/* HoDoKu's level of each technique: 0 Easy .. {len(LEVELS) - 1} {LEVELS[-1]} (grading/tables.py's LEVELS). */
static inline int hd_level(int technique) {{
    static const unsigned char level[H_COUNT] = {{
{_array(levels)}
    }};
    return level[technique];
}}

/* The most a path of each level may score before its level goes up (LEVEL_MAX_SCORE). */
#define HD_LEVELS {len(LEVELS)}
static inline long hd_level_max_score(int level) {{
    static const long limit[HD_LEVELS] = {{
{_array(limits)}
    }};
    return limit[level];
}}
#define HD_BRUTE_FORCE_SCORE {BRUTE_FORCE_SCORE}

/* HoDoKu's default path: the techniques its default configuration takes, in its search order
 * (grading/scales.py's hodoku_techniques(), the registry's defaults included). */
#define HD_DEFAULT_COUNT {len(default)}
static inline int hd_default_technique(int i) {{
    static const unsigned char code[HD_DEFAULT_COUNT] = {{
{_array([str(names.index(n)) for n in default])}
    }};
    return code[i];
}}

/* The names of the techniques, by code (for the Python face). */
static inline const char *hd_technique_name(int technique) {{
    static const char *const name[H_COUNT] = {{
{_strings(names)}
    }};
    return name[technique];
}}

#endif
"""


#: Each header this module writes, and the function that writes it.
HEADERS = ((HEADER, header), (HODOKU_HEADER, hodoku_header))


def main(argv: list[str]) -> int:
    """Write the headers, or with ``--check`` say whether the committed ones are current."""
    stale = 0
    for path, make in HEADERS:
        text = make()
        if "--check" in argv:
            current = path.read_text() if path.exists() else ""
            if current != text:
                print(f"{path} is stale: python -m grading.native_tables", file=sys.stderr)
                stale = 1
            continue
        path.parent.mkdir(exist_ok=True)
        path.write_text(text)
    return stale


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
