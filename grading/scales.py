"""The two scales as selection policies on the one solve loop, and the technique sets.

A scale is a program's way of choosing the next step plus its way of rating a path:

- Sudoku Explainer (``se``): SE's producers in SE's order (``tables.SE_RULES``), the first
  hint of the first that finds one (:class:`~sudoku_logic.solve.policies.RulesPolicy`);
  its chaining rules order their hints by :func:`grading.se.raw_difficulty`.
- HoDoKu (``hodoku``): HoDoKu's techniques in HoDoKu's search order (``order`` column), the
  techniques of one search slot asked together, HoDoKu's rankings and singles queues
  (:class:`~sudoku_logic.solve.policies.TechniquesPolicy`).
- ``None`` (listed): the techniques named, in the order given, the first step found.

Names are matched case-insensitively against the difficulty table's rows and families.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from strategies.registry import REGISTRY, RULES, Rule, Technique, load_all
from sudoku_logic.core.context import Settings
from sudoku_logic.solve.policies import Policy, RulesPolicy, TechniquesPolicy

from .names import is_group, lookup
from .se import raw_difficulty
from .tables import RATINGS, SE_RULES

ORDERS = ("se", "hodoku")


def resolve(names: Iterable[str]) -> list[str]:
    """Technique names (rows of the table) for ``names``: each a technique, a family, a
    group or a short name (:mod:`grading.names`), case-insensitive, in the order given.
    Raises KeyError naming the first unknown."""
    out: list[str] = []
    for _, found in _looked_up(names):
        out.extend(n for n in found if n not in out)
    return out


def _looked_up(names: Iterable[str]) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Each name of ``names`` but blank ones with the techniques it stands for; KeyError for
    an unknown one (raised when it is reached)."""
    for raw in names:
        if raw.strip():
            found = lookup(raw)
            if found is None:
                raise KeyError(raw.strip())
            yield raw, found


def expand(names: Iterable[str], keep, missing: str) -> list[str]:
    """Like :func:`resolve`, keeping only the techniques for which ``keep(name)`` holds: a
    family or group stands for its members that are kept; a technique named that is not
    kept raises ValueError (``missing`` formatted with its name), a name unknown KeyError."""
    out: list[str] = []
    for raw, members in _looked_up(names):
        if not is_group(raw):
            if not keep(members[0]):
                raise ValueError(missing.format(members[0]))
            found = list(members)
        else:
            found = [n for n in members if keep(n)]
            if not found:
                raise ValueError(missing.format(f"no technique of {raw.strip()!r}"))
        out.extend(n for n in found if n not in out)
    return out


def fits(names: Sequence[str], order: str) -> bool:
    """Whether every name of ``names`` stands for at least one technique of ``order``'s
    program (``se``: SE's rules; ``hodoku``: HoDoKu's finders)."""
    if order == "se":
        have = set(all_names("se"))
    else:
        load_all()
        have = {n for n in REGISTRY if RATINGS[n].order is not None}
    try:
        expand(names, have.__contains__, "{}")
    except ValueError:
        return False
    return True


#: the last of SE's rules whose every hint a hint's list holds (:meth:`RulesPolicy.every_step`);
#: the nested chains after it take seconds to minutes each on hard positions, so the list asks
#: them only where no easier rule has a hint, and stops at the first that has
LISTED_UP_TO = "Dynamic Forcing Chains"


def se_rules() -> list[Rule]:
    """SE's producers that exist here, in SE's order."""
    load_all()
    return [RULES[n] for n in SE_RULES if n in RULES]


def se_policy(
    names: Sequence[str] | None = None,
    *,
    uniqueness: bool = True,
    settings: Settings | None = None,
    compiled: bool = True,
) -> RulesPolicy:
    """Sudoku Explainer's policy: all its rules, or those producing the techniques
    ``names`` (only their steps kept). ``uniqueness=False`` leaves out the rules that
    assume one solution; ``compiled=False`` runs the Python finders even where the
    compiled engine has the rule. Raises ValueError for a technique SE does not have."""
    rules = se_rules()
    only = None
    if names is not None:
        made = {t for r in rules for t in r.techniques}
        wanted = expand(
            names, made.__contains__, "{} is not a Sudoku Explainer technique: use --order hodoku (or leave it out)"
        )
        only = frozenset(wanted)
        rules = [r for r in rules if only & set(r.techniques)]
    if not uniqueness:
        rules = [r for r in rules if not r.needs_unique]
    # raw_difficulty is None only for a technique SE lacks, and SE's rules rate only their own steps
    listed = frozenset(SE_RULES[: SE_RULES.index(LISTED_UP_TO) + 1])
    return RulesPolicy(rules, only, settings=settings, difficulty=raw_difficulty, compiled=compiled, listed=listed)  # type: ignore[arg-type]


def _hodoku_key(t: Technique) -> tuple:
    """HoDoKu's search order; techniques of one search slot by HoDoKu's type order (code)."""
    r = RATINGS[t.name]
    return (r.order if r.order is not None else 1 << 30, r.code)


def hodoku_techniques(names: Sequence[str] | None = None) -> list[Technique]:
    """HoDoKu's techniques in its search order: those it enables by default, or ``names``.
    Raises ValueError for a technique HoDoKu does not have."""
    load_all()
    if names is None:
        techs = [
            t
            for t in REGISTRY.values()
            if t.default and RATINGS[t.name].hodoku_default and RATINGS[t.name].order is not None
        ]
    else:
        techs = [
            REGISTRY[n]
            for n in expand(
                names,
                lambda n: RATINGS[n].order is not None and n in REGISTRY,
                "{} is not a HoDoKu technique: use --order se (or leave it out)",
            )
        ]
    return sorted(techs, key=_hodoku_key)


def _slots(techs: list[Technique]) -> list[tuple[Technique, ...]]:
    """Techniques sharing HoDoKu's search slot (same ``order``) grouped together."""
    slots: list[tuple[Technique, ...]] = []
    for t in techs:
        if slots and RATINGS[slots[-1][0].name].order == RATINGS[t.name].order:
            slots[-1] += (t,)
        else:
            slots.append((t,))
    return slots


def hodoku_policy(
    names: Sequence[str] | None = None,
    *,
    uniqueness: bool = True,
    settings: Settings | None = None,
    compiled: bool = True,
) -> TechniquesPolicy:
    """HoDoKu's policy over its default techniques (or ``names``); ``compiled=False``: the
    Python finders alone, the compiled engine's reference."""
    techs = hodoku_techniques(names)
    if not uniqueness:
        techs = [t for t in techs if not t.needs_unique]
    return TechniquesPolicy(
        _slots(techs), name="hodoku", ranked=True, queued=True, settings=settings, compiled=compiled
    )


def listed_policy(
    names: Sequence[str], *, uniqueness: bool = True, settings: Settings | None = None
) -> TechniquesPolicy:
    """The techniques ``names`` (registered finders) tried in the order given."""
    load_all()
    techs = [
        REGISTRY[n]
        for n in expand(
            names, REGISTRY.__contains__, "{} is one of Sudoku Explainer's own rules: use it with --order se"
        )
    ]
    if not uniqueness:
        techs = [t for t in techs if not t.needs_unique]
    return TechniquesPolicy([(t,) for t in techs], name="listed", settings=settings)


def policy(
    order: str | None = "se",
    names: Sequence[str] | None = None,
    *,
    uniqueness: bool = True,
    settings: Settings | None = None,
) -> Policy:
    """The policy of ``order`` (``se``, ``hodoku``, or None for ``names`` in the order
    given). Raises ValueError for an unknown order or a technique the order lacks, KeyError
    for an unknown name."""
    if order == "se":
        return se_policy(names, uniqueness=uniqueness, settings=settings)
    if order == "hodoku":
        return hodoku_policy(names, uniqueness=uniqueness, settings=settings)
    if order is None:
        if names is None:
            return se_policy(None, uniqueness=uniqueness, settings=settings)
        return listed_policy(names, uniqueness=uniqueness, settings=settings)
    raise ValueError(f"unknown order {order!r}: use one of {', '.join(ORDERS)}")


def all_names(order: str = "se") -> list[str]:
    """Every technique of a scale in its order: SE's (its rules' techniques in SE's order)
    or HoDoKu's (its search order, techniques off by default included)."""
    if order == "se":
        out: list[str] = []
        for r in se_rules():
            out.extend(t for t in r.techniques if t not in out)
        return out
    load_all()
    return [
        t.name for t in sorted((t for t in REGISTRY.values() if RATINGS[t.name].order is not None), key=_hodoku_key)
    ]


def all_techniques(order: str = "se") -> list[Technique]:
    """The registered technique finders on a scale: those SE rates, by SE rating (ties in
    HoDoKu's order), or HoDoKu's, in its search order (off-by-default ones included).
    (SE's own rules are :func:`se_rules`.)"""
    load_all()
    if order == "se":
        techs = [t for t in REGISTRY.values() if RATINGS[t.name].se is not None]
        return sorted(techs, key=lambda t: (RATINGS[t.name].se, *_hodoku_key(t)))
    if order == "hodoku":
        return sorted((t for t in REGISTRY.values() if RATINGS[t.name].order is not None), key=_hodoku_key)
    raise ValueError(f"unknown order {order!r}: use one of {', '.join(ORDERS)}")
