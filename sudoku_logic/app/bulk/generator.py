"""Puzzle generation: a random full grid, givens removed while the puzzle stays unique.

Reproducible: candidate ``i`` of a run with seed ``S`` is made from its own random stream
seeded by ``(S, i)``, so the same seed gives the same puzzles whatever the number of
processes. Uniqueness is checked after every removal (:mod:`sudoku_logic.core.bitsolve`: another
solution would have to differ in a removed cell).

Aimed at a difficulty: without ``minimal``, givens are removed down to ``max_givens`` and
then, while the puzzle is still easier than wanted, further (a removal that would make it
too hard is skipped) until it fits. Candidates are first checked cheaply (only the scale the
request needs, stopped as soon as the puzzle cannot fit); only the ones that fit get the
full ``sudoku rate`` row (both scales).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from grading.rows import rating_row
from sudoku_logic.app.bulk import aimed
from sudoku_logic.app.bulk.pool import Job, LocalPool, Pool, PoolError, SerialPool, Task, package_modules
from sudoku_logic.app.bulk.seeds import PREEMPTED, UNSEEN, path_facts
from sudoku_logic.app.bulk.workers import cpu_count
from sudoku_logic.core import bitsolve
from sudoku_logic.core.grid import Grid

SYMMETRIES = ("none", "rotational", "diagonal", "mirror")


def partner(cell: int, symmetry: str) -> int:
    """The cell that must keep or lose its given together with ``cell`` under a symmetry."""
    r, c = divmod(cell, 9)
    if symmetry == "rotational":
        return 80 - cell
    if symmetry == "diagonal":
        return c * 9 + r
    if symmetry == "mirror":
        return r * 9 + 8 - c
    if symmetry == "none":
        return cell
    raise ValueError(f"unknown symmetry {symmetry!r}: use one of {', '.join(SYMMETRIES)}")


def symmetry_groups(symmetry: str) -> list[tuple[int, ...]]:
    """The cells grouped by the symmetry (each group is removed as a whole)."""
    seen: set[int] = set()
    groups = []
    for cell in range(81):
        if cell not in seen:
            g = tuple(sorted({cell, partner(cell, symmetry)}))
            seen.update(g)
            groups.append(g)
    return groups


def is_symmetric(values: list[int], symmetry: str) -> bool:
    """Whether the givens of ``values`` keep the symmetry."""
    return all(bool(values[c]) == bool(values[partner(c, symmetry)]) for c in range(81))


def full_grid(rng: random.Random) -> list[int]:
    """A random complete sudoku grid."""
    return bitsolve.random_solution(rng)


#: A difficulty check of a unique puzzle: -1 too easy (remove more), 0 fits, 1 cannot fit.
Aim = Callable[[list[int]], int]


def make_puzzle(
    rng: random.Random, symmetry: str = "none", minimal: bool = False, max_givens: int = 30, aim: Aim | None = None
) -> list[int] | None:
    """A puzzle with exactly one solution (None if ``aim`` could not be met).

    Givens are removed group by group (a group is a cell and its symmetric partner) in random
    order, keeping each removal only if the puzzle stays unique. With ``minimal`` every group
    is tried, so no given (group) can be removed without losing uniqueness (``aim`` is not
    used). Otherwise removal stops once at most ``max_givens`` givens are left; with ``aim``
    it goes on while ``aim`` says the puzzle is too easy, skipping removals after which
    ``aim`` says it cannot fit, and the result is the first puzzle ``aim`` accepts: None if
    the groups run out first or the puzzle is already too hard at ``max_givens``. While
    singles solve the puzzle, that phase prefers a removal after which they do not (see
    :func:`_next_removal`): fewer candidates end as minimal puzzles that are still too easy.
    """
    values = full_grid(rng)
    solution = values[:]
    groups = symmetry_groups(symmetry)
    rng.shuffle(groups)
    if minimal:
        aim = None
    count = 81
    status = None  # aim's verdict on the current puzzle, once it is asked
    pool = groups[::-1]  # groups not tried yet, the next one last
    while pool:
        if not minimal and count <= max_givens:
            if aim is None:
                break
            if status is None:
                status = aim(values)
            if status >= 0:
                break
        if status is None:
            group = pool.pop()
            for c in group:
                values[c] = 0
            ok = not bitsolve.has_other_solution(values, solution, group)
        else:
            removed = _next_removal(values, solution, pool)
            if removed is None:
                break
            group = removed
            assert aim is not None  # status is aim's verdict
            verdict = aim(values)
            ok = verdict <= 0
            if ok:
                status = verdict
        if ok:
            count -= len(group)
        else:
            for c in group:
                values[c] = solution[c]
    if aim is not None:
        if status is None:
            status = aim(values)
        if status != 0:
            return None
    return values


def _next_removal(values: list[int], solution: list[int], pool: list[tuple[int, ...]]) -> tuple[int, ...] | None:
    """Remove from ``values`` the next group of ``pool`` that keeps the puzzle unique, and
    from ``pool`` the groups tried. While singles solve the puzzle, prefer (in pool order) a
    group after whose removal they do not; groups that only keep it unique stay in the pool.
    Returns the group removed (None when no group keeps the puzzle unique)."""
    easy = singles_solve(values)
    first = None  # the first group that keeps the puzzle unique
    for i in range(len(pool) - 1, -1, -1):
        group = pool[i]
        for c in group:
            values[c] = 0
        if easy and singles_solve(values):  # unique (singles solve it), still easy
            if first is None:
                first = group
        elif bitsolve.has_other_solution(values, solution, group):
            del pool[i]  # not unique now, nor after any further removal
        else:
            del pool[i]
            return group
        for c in group:
            values[c] = solution[c]
    if first is not None:
        pool.remove(first)
        for c in first:
            values[c] = 0
    return first


# ---------------------------------------------------------------- cheap checks


def singles_solve(values: list[int]) -> bool:
    """Whether naked and hidden singles alone solve the puzzle."""
    c = bitsolve.propagated(values)
    return c is not None and all(not m & (m - 1) for m in c)


#: A path a cheap check ran in whole: (the puzzle's values, its Rating, seconds taken).
Done = tuple


def level_check(values: list[int], level: str) -> tuple[int, Done | None]:
    """-1, 0 or 1 as the puzzle's HoDoKu level (as :class:`grading.rater.Rater`
    rates it) is below, at or above ``level``, and the HoDoKu path when it ran in whole.
    Only the HoDoKu path is run, and it stops as soon as a step's level or the score so far
    puts the puzzle above ``level``. A puzzle the path cannot solve (rated Extreme, but not
    solved, which no request accepts) gives 1. A puzzle that singles solve with at least 24
    givens is Easy without any path (singles score at most 14 each, and Easy allows 800)."""
    from grading.rater import Rating, hodoku_rate
    from grading.tables import LEVELS

    names = [lv.lower() for lv in LEVELS]
    target = names.index(level.lower())
    if sum(1 for v in values if v) >= 24 and singles_solve(values):
        return (-1 if target > 0 else 0), None
    t0 = time.perf_counter()
    out = Rating("")
    above = LEVELS[target] if target < len(LEVELS) - 1 else None
    if not hodoku_rate(Grid.from_values(values), out, stop_above=above):
        return 1, None
    if not out.hodoku_solved:
        return 1, None  # rated Extreme but not solved: no request accepts it
    assert out.level is not None  # a path that ran in whole has its level
    got = names.index(out.level.lower())
    return (got > target) - (got < target), (tuple(values), out, time.perf_counter() - t0)


def rating_check(values: list[int], low: float | None, high: float | None) -> tuple[int, Done | None]:
    """-1 if the puzzle's Sudoku Explainer rating (as :class:`grading.rater.Rater`
    rates it) is below ``low``, 1 if it is above ``high`` or the SE path cannot solve it,
    else 0; and the SE path when it ran in whole. Only the SE path is run, stopped at the
    first step rated above ``high``. A puzzle that singles solve rates at most 2.3 (SE's
    naked single) without any path."""
    from grading import se_batch
    from grading.rater import Rating, se_rate

    if low is not None and low > 2.3 and singles_solve(values):
        return -1, None
    if se_batch.rates_whole():
        # the whole path in the compiled engine, its ER alone (an accepted puzzle's row
        # runs the path with its steps); a puzzle it leaves goes the Python way below
        got = se_batch.rate_values([bytes(values)])[0]
        if got is not None:
            er = got[0]
            return (1 if high is not None and er > high else -1 if low is not None and er < low else 0), None
    t0 = time.perf_counter()
    out = Rating("")
    if not se_rate(Grid.from_values(values), out, stop_above=high):
        return 1, None
    if not out.se_solved:
        return 1, None
    assert out.er is not None  # a path that ran in whole has its ER
    return (-1 if low is not None and out.er < low else 0), (tuple(values), out, time.perf_counter() - t0)


def level_verdict(values: list[int], level: str) -> int:
    """The verdict of :func:`level_check`."""
    return level_check(values, level)[0]


def rating_verdict(values: list[int], low: float | None, high: float | None) -> int:
    """The verdict of :func:`rating_check`."""
    return rating_check(values, low, high)[0]


# ---------------------------------------------------------------- rated runs

#: The paths a technique can be asked on: the one ``sudoku step`` shows (SE's) and HoDoKu's.
ORDERS = ("se", "hodoku")
_PATH_NAME = {"se": "Sudoku Explainer's path", "hodoku": "HoDoKu's path"}


@dataclass(frozen=True)
class Wanted:
    """What a generated puzzle must satisfy: a HoDoKu level, an SE rating band, and a
    technique (any of ``technique``'s names: a technique or the members of a family) on the
    path of ``order``, whose ``hardest``, ``solved`` and ``steps`` the rows show."""

    level: str | None = None
    min_rating: float | None = None
    max_rating: float | None = None
    technique: tuple[str, ...] | str | None = None
    order: str = "se"
    #: no step of the path harder than the technique (``--practice``; one as hard may come first)
    practice: bool = False
    #: rows carry the path of ``order`` as ``path`` (``--with-path``): its steps' JSON
    with_path: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.technique, str):
            object.__setattr__(self, "technique", (self.technique,))
        if self.order not in ORDERS:
            raise ValueError(f"unknown order {self.order!r}: use se or hodoku")

    def miss(self, row: dict) -> str | None:
        """Why a rated candidate does not fit (a few words), None if it fits."""
        if not (row["se_solved"] and row["hodoku_solved"]):  # both paths, by logic
            return "not solved by " + ("SE's rules" if not row["se_solved"] else "HoDoKu's techniques")
        if self.level and row["level"].lower() != self.level.lower():
            return f"{row['level']}, not {self.level.capitalize()}"
        if self.min_rating is not None and row["rating"] < self.min_rating:
            return f"rated below --min-rating {self.min_rating:g}"
        if self.max_rating is not None and row["rating"] > self.max_rating:
            return f"rated above --max-rating {self.max_rating:g}"
        if self.technique and not set(self.technique) & set(row["techniques"]):
            return f"no {_names(self.technique)} on {_PATH_NAME[self.order]}{_kin(self.technique, row['techniques'])}"
        if self.technique and self.practice and not set(self.technique) & set(row["hardest_techniques"]):
            return f"{row['hardest']} is harder than {_names(self.technique)}"
        return None

    def verdict(self, values: list[int]) -> int:
        """The cheap check of a unique puzzle against the level and the band: 1 if either
        cannot fit, 0 if both fit, else -1 (too easy). The technique is not checked."""
        return Checks(self).verdict(values)

    @property
    def aimed(self) -> bool:
        """Whether there is a level or a band to aim at."""
        return bool(self.level) or self.min_rating is not None or self.max_rating is not None


def _kin(wanted: Sequence[str], taken: Sequence[str]) -> str:
    """How close a path came to a technique: ", another of its family was" when the path took
    a technique of the family of one asked for, else nothing."""
    from grading.tables import RATINGS

    families = {RATINGS[n].family for n in wanted}
    kin = any(RATINGS[n].family in families for n in taken if n in RATINGS)
    return f" (another {'/'.join(sorted(families))} technique was)" if kin else ""


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{names[0]} or another of its family"


def on_path(name: str, order: str) -> bool:
    """Whether technique ``name`` can be a step of the path of ``order``: SE's path has the
    techniques SE rates, HoDoKu's those its path searches (its default configuration,
    :func:`grading.scales.hodoku_techniques`)."""
    from grading.tables import RATINGS

    return RATINGS[name].se is not None if order == "se" else name in _hodoku_path()


def _hodoku_path() -> frozenset[str]:
    """The techniques HoDoKu's path searches."""
    from grading.scales import hodoku_techniques

    return frozenset(t.name for t in hodoku_techniques())


#: The highest ER of a puzzle singles solve (SE's Naked Single), so of every Easy puzzle.
EASY_MAX_ER = 2.3


def rare(wanted: Wanted) -> str | None:
    """What to expect of a rating band above every rule's own rating (one line), else None:
    only a chain's length takes SE's rating past its highest rule, and rarely far."""
    from grading.tables import RATINGS

    top = max(r.se for r in RATINGS.values() if r.se is not None)
    low = wanted.min_rating
    if low is None or low <= top:
        return None
    return (
        f"--min-rating {low:g}: no rule of Sudoku Explainer's is rated above {top:g}; only the length of "
        "a chain adds to it (the hardest puzzles known rate 11.9), so few candidates, if any, will fit"
    )


def _path_names(wanted: Wanted) -> tuple[list[str], list[str]]:
    """The techniques asked for that the path of ``wanted.order`` has, and those of them it
    can take (none of :data:`~.seeds.PREEMPTED`)."""
    names = [n for n in wanted.technique or () if on_path(n, wanted.order)]
    return names, [n for n in names if (wanted.order, n) not in PREEMPTED]


def unseen(wanted: Wanted) -> str | None:
    """What is known of a technique asked for that no puzzle has been seen to take (every
    name asked that its path can take is one of :data:`~.seeds.UNSEEN`), None otherwise."""
    _, taken = _path_names(wanted)
    if not taken or any((wanted.order, n) not in UNSEEN for n in taken):
        return None
    return f"{_names(taken)} is {UNSEEN[wanted.order, taken[0]]}"


def impossible(wanted: Wanted) -> str | None:
    """Why the tables show that no puzzle can fit ``wanted`` (one line), None if one may.

    A puzzle's ER is at least the rating of every step on SE's path, its HoDoKu level at
    least the level of every step on HoDoKu's path, and an Easy puzzle (singles solve it)
    rates at most 2.3; a technique is only on the path that has it. No ER is out of reach:
    a chain's length adds to its rule's rating without a fixed top (:func:`rare`)."""
    from grading.tables import LEVELS, RATINGS

    low, high, level = wanted.min_rating, wanted.max_rating, wanted.level
    if low is not None and high is not None and low > high:
        return f"--min-rating {low:g} is above --max-rating {high:g}"
    easy = level is not None and level.lower() == "easy"
    if easy and low is not None and low > EASY_MAX_ER:
        return f"--level easy --min-rating {low:g}: an easy puzzle needs only singles, rated {EASY_MAX_ER:g} at most"
    if not wanted.technique:
        return None
    asked = _names(wanted.technique)
    path = _PATH_NAME[wanted.order]
    names, taken = _path_names(wanted)
    if names and not taken:
        return f"--technique {asked}: never taken on {path}: {PREEMPTED[wanted.order, names[0]]}"
    if not names:
        other = "hodoku" if wanted.order == "se" else "se"
        hint = (
            f" (it is on {_PATH_NAME[other]}: --order {other})"
            if any(on_path(n, other) for n in wanted.technique)
            else ""
        )
        off = wanted.order == "hodoku" and any(RATINGS[n].level is not None for n in wanted.technique)
        if off and not hint:
            hint = " (HoDoKu's default configuration turns it off: `sudoku techniques` marks it off)"
        return f"--technique {asked}: never on {path}{hint}"
    if wanted.order == "se":
        rated = [se for se in (RATINGS[n].se for n in names) if se is not None]  # all: they are on SE's path
        if high is not None and all(se > high for se in rated):
            return (
                f"--technique {asked} --max-rating {high:g}: Sudoku Explainer rates it "
                f"{min(rated):g}, and a puzzle's ER is at least every step's"
            )
        if easy and all(se > EASY_MAX_ER for se in rated):
            return (
                f"--level easy --technique {asked}: an easy puzzle needs only singles, and "
                f"{path} takes no step rated above {EASY_MAX_ER:g} while a single is there"
            )
    elif level is not None:
        target = [lv.lower() for lv in LEVELS].index(level.lower())
        if all(LEVELS.index(RATINGS[n].level) > target for n in names):
            least = min(LEVELS.index(RATINGS[n].level) for n in names)
            return (
                f"--level {level.lower()} --technique {asked}: HoDoKu rates it {LEVELS[least]}, "
                "and a puzzle's level is at least every step's"
            )
    return None


class Checks:
    """The cheap checks of one candidate against ``wanted`` (:func:`level_check`,
    :func:`rating_check`), keeping the paths the last check ran in whole so that the row of
    an accepted puzzle need not run them again. One object per candidate: nothing is kept
    between candidates."""

    def __init__(self, wanted: Wanted) -> None:
        self.wanted = wanted
        self.se: Done | None = None
        self.hodoku: Done | None = None
        self.low: str | None = None  # the last check that found the puzzle too easy
        self.high: str | None = None  # the last check that found it too hard

    def verdict(self, values: list[int]) -> int:
        """1 if the level or the band cannot fit, 0 if both fit, else -1 (too easy). The band
        is checked first: SE's whole path in C is the cheaper check, and stops the other."""
        wanted = self.wanted
        self.se = self.hodoku = None
        verdicts = []
        if wanted.min_rating is not None or wanted.max_rating is not None:
            v, self.se = rating_check(values, wanted.min_rating, wanted.max_rating)
            self._note(
                v,
                f"rated below --min-rating {wanted.min_rating:g}" if wanted.min_rating is not None else "",
                f"rated above --max-rating {wanted.max_rating:g}"
                if wanted.max_rating is not None
                else "not solved by SE's rules",
            )
            if v > 0:
                return 1
            verdicts.append(v)
        if wanted.level:
            v, self.hodoku = level_check(values, wanted.level)
            self._note(v, f"below {wanted.level.capitalize()}", f"above {wanted.level.capitalize()}")
            if v > 0:
                return 1
            verdicts.append(v)
        return 0 if all(v == 0 for v in verdicts) else -1

    def _note(self, verdict: int, low: str, high: str) -> None:
        if verdict < 0:
            self.low = low
        elif verdict > 0:
            self.high = high

    def why(self) -> str:
        """Why the aim was not met (a few words), from the checks made."""
        if self.low and self.high:
            return f"{self.low}, and {self.high} with a given less"
        return self.low or self.high or "no aim met"


@dataclass
class Candidate:
    """One generated puzzle and its rating row (None when the cheap check turned it down,
    or when no puzzle met the aim: then ``puzzle`` is the last one tried), and why it does
    not fit (None when it fits)."""

    index: int
    puzzle: str
    row: dict | None
    why: str | None = None


#: The Rating fields each path fills (a path a cheap check ran in whole is not run again).
_SE_FIELDS = ("er", "ep", "ed", "se_hardest", "se_steps", "se_solved", "se_path")
_HODOKU_FIELDS = ("level", "score", "hodoku_hardest", "hodoku_steps", "hodoku_solved", "hodoku_path")


def rated_row(grid: Grid, checks: Checks | None = None, order: str = "se", with_path: bool = False) -> dict:
    """The ``sudoku rate`` row of a puzzle (both scales, as ``sudoku rate --scale ORDER``
    rates it) plus the techniques on the path of ``order`` (and with ``with_path`` its steps,
    :func:`path_steps`). A path that ``checks`` has just run in whole for
    this puzzle is used instead of running it again (the same policy, so the same steps)."""
    from grading.rater import Rating, hodoku_rate, se_rate

    key = tuple(grid.values)
    se_done = checks.se if checks is not None else None
    hodoku_done = checks.hodoku if checks is not None else None
    t0 = time.perf_counter()
    seconds = 0.0
    rating = Rating(grid.values_string())
    for done, fields, rate in ((se_done, _SE_FIELDS, se_rate), (hodoku_done, _HODOKU_FIELDS, hodoku_rate)):
        if done is not None and done[0] == key:
            for f in fields:
                setattr(rating, f, getattr(done[1], f))
            seconds += done[2]
        else:
            rate(grid, rating)
    rating.ms = (time.perf_counter() - t0 + seconds) * 1000
    row = rating_row(rating, order)
    names, tops, _, _ = path_facts(rating, order)
    row["techniques"], row["hardest_techniques"] = sorted(names), sorted(tops)
    if with_path:
        row["path"] = path_steps(rating.se_path if order == "se" else rating.hodoku_path, order)
    return row


def path_steps(steps: Sequence, order: str) -> list[dict]:
    """The steps of a path as ``sudoku step --json`` gives them: each step's record
    with the number its order gives it (``difficulty`` on SE's path, ``score`` on HoDoKu's)."""
    from grading import hodoku as hodoku_scale
    from grading import se as se_scale

    out = []
    for s in steps:
        d = s.to_dict()
        if order == "se":
            d["difficulty"] = se_scale.se_difficulty(s)
        else:
            d["score"] = hodoku_scale.step_score(s)
        out.append(d)
    return out


def candidate(
    seed: int,
    index: int,
    symmetry: str,
    minimal: bool,
    max_givens: int,
    wanted: Wanted = Wanted(),
    rate_row: Callable[[Grid], dict] | None = None,
) -> Candidate:
    """Candidate ``index`` of the run with ``seed``: generated (aimed at ``wanted``'s level
    and band unless ``minimal``), checked cheaply, and if that passes rated in full."""
    rng = random.Random(f"{seed}:{index}")
    checks = Checks(wanted)
    aim = checks.verdict if wanted.aimed else None
    values = make_puzzle(rng, symmetry, minimal, max_givens, aim)
    if values is None:
        return Candidate(index, "", None, checks.why())
    grid = Grid.from_values(values)
    if minimal and aim is not None and aim(values) != 0:
        return Candidate(index, grid.values_string(), None, checks.why())
    row = rated_row(grid, checks, wanted.order, wanted.with_path) if rate_row is None else rate_row(grid)
    return Candidate(index, grid.values_string(), row, wanted.miss(row))


def seed_aim(wanted: Wanted) -> aimed.Aim:
    """What the seed route (:mod:`.aimed`) aims at for ``wanted``."""
    names = cast(tuple, wanted.technique or ())
    return aimed.Aim(names, wanted.order, wanted.practice, wanted.min_rating, wanted.max_rating)


def seeded_candidate(seed: int, index: int, wanted: Wanted, max_givens: int = 80) -> Candidate:
    """Candidate ``index`` of the run with ``seed`` made from a technique seed (see
    :func:`aimed.walk`): rated in full when its path fits, else turned down saying why."""
    values, done, why = aimed.walk(seed, index, seed_aim(wanted), max_givens)
    grid = Grid.from_values(values)
    if why is not None:
        return Candidate(index, grid.values_string(), None, why)
    checks = Checks(wanted)
    if wanted.order == "se":
        checks.se = done
    else:
        checks.hodoku = done
    row = rated_row(grid, checks, wanted.order, wanted.with_path)
    return Candidate(index, grid.values_string(), row, wanted.miss(row))


@dataclass
class GenerateJob(Job):
    """Makes and rates candidate ``index`` of a run in a pool's worker (see :func:`candidate`)."""

    seed: int
    symmetry: str
    minimal: bool
    max_givens: int
    wanted: Wanted

    @property
    def preload(self) -> tuple[str, ...]:  # type: ignore[override]
        return ("sudoku_logic.app.bulk.generator", "grading.rater", *package_modules("strategies"))

    def run(self, index: int) -> tuple[str, object]:
        # with a level or a band too, every other candidate is dug at random: the seeds are
        # chosen by technique, and a walk does not aim at the level
        usable = aimed.usable(seed_aim(self.wanted), self.symmetry, self.minimal, self.max_givens)
        if usable and not (self.wanted.aimed and index % 2):
            return "ok", seeded_candidate(self.seed, index, self.wanted, self.max_givens)
        return "ok", candidate(self.seed, index, self.symmetry, self.minimal, self.max_givens, self.wanted)


def generate(
    count: int,
    wanted: Wanted,
    seed: int,
    symmetry: str = "none",
    minimal: bool = False,
    max_givens: int = 30,
    jobs: int | None = 1,
    max_tries: int | None = None,
    on_try: Callable[[Candidate, bool], None] | None = None,
    *,
    scheduler: str | None = None,
) -> Iterator[Candidate]:
    """Yield ``count`` rated puzzles that fit ``wanted``, the same ones for the same seed.

    Candidates are generated (aimed at the level and band, see :func:`make_puzzle`), checked
    and rated until ``count`` fit or ``max_tries`` candidates were made, on the pool of
    :mod:`sudoku_logic.app.bulk.pool` (``jobs`` processes, None for every core, 1 for this
    process) or on a Dask cluster (``scheduler``: an address or ``local``); results are taken
    in index order. Every puzzle yielded has its full ``sudoku rate`` row, which ``wanted``
    accepts. ``on_try`` sees every candidate. Raises PoolError (one line) if the pool cannot
    run the job.
    """
    partner(0, symmetry)  # validates the name
    job = GenerateJob(seed, symmetry, minimal, max_givens, wanted)
    jobs = jobs or cpu_count()
    if scheduler:
        from sudoku_logic.app.bulk.dask_pool import DaskPool

        pool: Pool = DaskPool(job, scheduler, jobs=jobs)
    elif jobs <= 1:
        pool = SerialPool(job)
    else:
        pool = LocalPool(job, jobs, window=jobs * 3)
    indices = range(max_tries) if max_tries is not None else itertools.count()
    found = 0
    given: set[str] = set()
    with pool:
        for task, kind, cand in pool.run(Task(i, i) for i in indices):
            if kind != "ok":
                raise PoolError(f"candidate {task.seq} of seed {seed}: {cand}")
            cand = cast(Candidate, cand)  # what GenerateJob.run returns
            if cand.row is not None and cand.why is None and cand.puzzle in given:
                cand.why = "a puzzle already given"
            ok = cand.row is not None and cand.why is None
            if ok:
                given.add(cand.puzzle)
            if on_try:
                on_try(cand, ok)
            if ok:
                found += 1
                yield cand
                if found >= count:
                    return
