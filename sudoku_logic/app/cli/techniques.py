"""``sudoku techniques``: every technique with its family and its ratings on both scales,
on a terminal in its width (a long name wraps at its spaces; the numbers stay on its first
line), piped one line a technique."""

from __future__ import annotations

from textwrap import wrap

from rich.console import Console

#: the width the list fits
WIDTH = 80
#: what the notes column says, and what each word means
NOTES = (("off", "off by default (-t NAME uses it)"), ("unique", "assumes the puzzle has one solution"))


def packed(head: str, items: list[str], width: int = WIDTH, indent: str = "    ") -> list[str]:
    """``head`` then ``items`` joined by commas, in lines of at most ``width`` characters
    broken only between items (an item longer than a line keeps a line of its own)."""
    lines = [head]
    for i, item in enumerate(items):
        word = item + ("," if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        elif len(indent) + len(word) <= width:
            lines.append(indent + word)
        else:  # longer than a line: wrapped as a name in the table is
            lines.extend(indent + line for line in name_lines(word, width - len(indent)))
    return lines


def name_lines(name: str, width: int) -> list[str]:
    """``name`` in lines of at most ``width``: whole if it fits, else broken before its
    parentheses (``Dynamic Cell Forcing Chains`` / ``(+ Forcing Chains)``), then at spaces;
    the lines after the first indented by two."""
    if len(name) <= width:
        return [name]
    first, *rest = name.split(" (")
    out = wrap(first, width, subsequent_indent="  ")
    for piece in ("(" + p for p in rest):
        if len(out[-1]) + 1 + len(piece) <= width and out[-1].startswith("  "):
            out[-1] += " " + piece
        else:
            out.extend(wrap(piece, width, initial_indent="  ", subsequent_indent="  "))
    return out


def table_lines(rows: list[tuple[str, str, str, str, str, str]], width: int | None = WIDTH) -> list[str]:
    """The table of ``rows`` (name, family, SE, HoDoKu level, score, notes) in ``width``
    columns: the name column is what the others leave, a longer name wraps at its spaces;
    with ``width`` None, one line a technique (the name column as wide as the longest)."""
    fam = max(len(r[1]) for r in rows)
    level = max(len(r[3]) for r in rows + [("", "", "", "HoDoKu", "", "")])
    notes = max(len(r[5]) for r in rows + [("", "", "", "", "", "notes")])
    longest = max(len(r[0]) for r in rows)
    name_w = (
        longest if width is None else min(longest, max(width - (2 + fam + 1 + 4 + 2 + level + 1 + 5 + 2 + notes), 20))
    )
    out = [f"{'technique':<{name_w}}  {'family':<{fam}} {'SE':>4}  {'HoDoKu':<{level}} {'score':>5}  notes"]
    for name, family, se, lvl, score, note in rows:
        parts = name_lines(name, name_w)
        out.append(f"{parts[0]:<{name_w}}  {family:<{fam}} {se:>4}  {lvl:<{level}} {score:>5}  {note}".rstrip())
        out.extend(parts[1:])
    return out


def list_techniques() -> None:
    """List the techniques with their family and ratings on both scales: Sudoku Explainer's
    in SE's order, then those only HoDoKu has, in HoDoKu's order; then the other names
    accepted by -t and --until-technique (short names, SE's rule names, groups)."""
    from grading.names import ABBREVIATIONS, GROUPS
    from grading.scales import all_names, hodoku_techniques
    from grading.tables import RATINGS
    from strategies.registry import REGISTRY, RULES

    out = Console(highlight=False, soft_wrap=True)
    se_names = all_names("se")
    names = se_names + [n for n in all_names("hodoku") if n not in se_names]
    unique = {t for r in RULES.values() if r.needs_unique for t in r.techniques}
    on_hodoku = {t.name for t in hodoku_techniques()}  # what HoDoKu's default configuration searches
    rows = []
    for name in names:
        r = RATINGS[name]
        t = REGISTRY.get(name)
        off = name not in se_names and (name not in on_hodoku or (t is not None and not t.default))
        needs = name in unique or (t is not None and t.needs_unique)
        note = ",".join(word for (word, _), on in zip(NOTES, (off, needs)) if on)
        se = f"{r.se:.1f}" if r.se is not None else "-"
        score = str(r.score) if r.score is not None else "-"
        rows.append((name, r.family, se, r.level or "-", score, note))
    # on a terminal the table fits its width; piped, a technique is one line (for grep)
    for line in table_lines(rows, max(out.width, 60) if out.is_terminal else None):
        out.print(line, markup=False)
    for line in wrap(
        "notes: " + "; ".join(f"{word}: {meaning}" for word, meaning in NOTES), WIDTH, subsequent_indent="  "
    ):
        out.print(line, markup=False)
    out.print()
    for line in wrap(
        "Also accepted (case, spaces and hyphens do not matter; a family name stands for its techniques):"
    ):
        out.print(line, markup=False)
    for group, members in GROUPS.items():
        for line in packed(f"  {group}:", [m for m in members if m in RATINGS]):
            out.print(line, markup=False)
    for short, target in ABBREVIATIONS.items():
        for line in packed(f"  {short}:", [target]):
            out.print(line, markup=False)
