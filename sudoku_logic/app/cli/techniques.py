"""``sudoku techniques``: every technique with its family and its ratings on both scales."""

from __future__ import annotations

from rich.console import Console


def list_techniques() -> None:
    """List the techniques with their family and ratings on both scales: Sudoku Explainer's
    in SE's order, then those only HoDoKu has, in HoDoKu's order; then the other names
    accepted by -t and --until-technique (short names, SE's rule names, groups)."""
    from grading.names import ABBREVIATIONS, GROUPS
    from grading.scales import all_names
    from grading.tables import RATINGS
    from strategies.registry import REGISTRY, RULES

    out = Console(highlight=False, soft_wrap=True)
    se_names = all_names("se")
    names = se_names + [n for n in all_names("hodoku") if n not in se_names]
    unique = {t for r in RULES.values() if r.needs_unique for t in r.techniques}
    width = max(len(n) for n in names)  # the columns line up, SE's nested forcing chains included
    fam = max(len(RATINGS[n].family) for n in names)
    out.print(f"{'technique':<{width}}  {'family':<{fam}} {'SE':>4}  {'HoDoKu':<8} {'score':>5}  notes", markup=False)
    for name in names:
        r = RATINGS[name]
        t = REGISTRY.get(name)
        off = t is not None and not t.default and name not in se_names
        needs = name in unique or (t is not None and t.needs_unique)
        flags = "; ".join(f for f, on in (("off by default", off), ("assumes uniqueness", needs)) if on)
        se = f"{r.se:.1f}" if r.se is not None else "-"
        level = r.level or "-"
        score = str(r.score) if r.score is not None else "-"
        out.print(f"{name:<{width}}  {r.family:<{fam}} {se:>4}  {level:<8} {score:>5}  {flags}".rstrip(), markup=False)
    out.print()
    out.print(
        "Also accepted (case, spaces and hyphens do not matter; a family name stands for its techniques):", markup=False
    )
    for group, members in GROUPS.items():
        out.print(f"  {group}: {', '.join(m for m in members if m in RATINGS)}", markup=False)
    for short, target in ABBREVIATIONS.items():
        out.print(f"  {short}: {target}", markup=False)
