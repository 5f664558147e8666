"""Fish against HoDoKu's regression library and exemplars, the fast basic path against the
general search, HoDoKu's notation, and solve paths checked step by step against DLX."""

import pytest

from grading.tables import RATINGS
from helpers import (
    check_path,
    check_reglib_case,
    collection,
    exemplar_sections,
    reglib_cases,
    reglib_ids,
)
from strategies.fish import basic_fish, finned_basic_fish, fish_step, general_fish
from strategies.fish_search import BASIC, FRANKEN, MUTANT, search, shape
from strategies.registry import REGISTRY, lookup
from sudoku_logic.api.solver import Solver
from sudoku_logic.core.formats import parse

SIZES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

CODES = {
    "0300": ["X-Wing"],
    "0301": ["Swordfish"],
    "0302": ["Jellyfish"],
    "0310": ["Finned X-Wing"],
    "0311": ["Finned Swordfish"],
    "0312": ["Finned Jellyfish"],
    "0320": ["Sashimi X-Wing"],
    "0321": ["Sashimi Swordfish"],
    "0322": ["Sashimi Jellyfish"],
    "0330": ["Franken X-Wing"],
    "0331": ["Franken Swordfish"],
    "0332": ["Franken Jellyfish"],
    "0340": ["Finned Franken X-Wing"],
    "0341": ["Finned Franken Swordfish"],
    "0342": ["Finned Franken Jellyfish"],
    "0350": ["Mutant X-Wing"],
    "0351": ["Mutant Swordfish"],
    "0352": ["Mutant Jellyfish"],
    "0360": ["Finned Mutant X-Wing"],
    "0361": ["Finned Mutant Swordfish"],
    "0362": ["Finned Mutant Jellyfish"],
    "03111": ["Siamese Finned Swordfish"],
    "03121": ["Siamese Finned Jellyfish"],
    "03211": ["Siamese Sashimi Swordfish"],
    "03221": ["Siamese Sashimi Jellyfish"],
    "03411": ["Siamese Finned Franken Swordfish"],
    "03421": ["Siamese Finned Franken Jellyfish"],
    "03621": ["Siamese Finned Mutant Jellyfish"],
}
#: Mutant searches over all 27 houses take seconds per position: run in the sweep.
SLOW = {"0362", "03621"}


def _params(codes):
    cases = [(c, CODES[c.base_code]) for c in reglib_cases(*codes)]
    return cases, reglib_ids([c for c, _ in cases])


FAST_CASES, FAST_IDS = _params([c for c in CODES if c not in SLOW])
SLOW_CASES, SLOW_IDS = _params(sorted(SLOW))


@pytest.mark.parametrize("case,techniques", FAST_CASES, ids=FAST_IDS)
def test_reglib(case, techniques):
    check_reglib_case(case, techniques)


@pytest.mark.sweep
@pytest.mark.parametrize("case,techniques", SLOW_CASES, ids=SLOW_IDS)
def test_reglib_mutant(case, techniques):
    check_reglib_case(case, techniques)


def test_reglib_has_every_fish_code_with_lines():
    """Every fish code that has lines in the library is tested (sizes 5 and 6 aside)."""
    have = {c.base_code for c, _ in FAST_CASES + SLOW_CASES}
    assert have == {
        "0300",
        "0301",
        "0302",
        "0310",
        "0311",
        "0312",
        "0320",
        "0321",
        "0322",
        "0331",
        "0332",
        "0340",
        "0341",
        "0342",
        "0362",
        "03111",
        "03121",
        "03211",
        "03221",
        "03411",
        "03421",
        "03621",
    }


# ---------------------------------------------------------------- notation

NOTATION = [
    # (reglib code, line number within the code, HoDoKu's text up to "=>")
    ("0300", 1, "X-Wing: 3 r37 c34"),
    ("0310", 1, "Finned X-Wing: 3 r24 c15 fr2c6"),
    ("0311", 3, "Finned Swordfish: 4 c168 r247 fr1c6"),
    ("0312", 4, "Finned Jellyfish: 7 r1569 c4689 fr9c7"),
    ("0322", 3, "Sashimi Jellyfish: 6 r1269 c5678 fr9c4"),
    ("0331", 2, "Franken Swordfish: 8 r236 c24b3"),
]


@pytest.mark.parametrize("code,nth,text", NOTATION, ids=[t.split(":")[0] for _, _, t in NOTATION])
def test_notation_like_hodoku(code, nth, text):
    case = reglib_cases(code)[nth - 1]
    name = text.split(":")[0]
    steps = list(lookup([name])[0].finder(case.grid))
    want = set(case.eliminations)
    match = [s for s in steps if set(s.eliminations) == want]
    assert match, [s.notation for s in steps]
    step = match[0]
    assert step.notation.startswith(text + " => "), step.notation
    assert step.explanation
    if name.startswith(("Finned", "Sashimi")):
        assert "fin" in step.explanation
        assert any(role == "fin" for _, _, role in step.candidates)
    # cells: the base candidates (fins included)
    assert {c for c, _, _ in step.candidates} == set(step.cells)


def test_finned_step_shows_fins_and_houses():
    case = reglib_cases("0310")[0]
    step = next(
        s
        for s in lookup(["Finned X-Wing"])[0].finder(case.grid)
        if s.notation.startswith("Finned X-Wing: 3 r24 c15 fr2c6")
    )
    assert [h for h in step.houses] == [1, 3, 9, 13]  # r2 r4 c1 c5
    roles = {(c, role) for c, _, role in step.candidates}
    assert (1 * 9 + 5, "fin") in roles  # r2c6
    assert all(role in ("pattern", "fin") for _, _, role in step.candidates)
    assert "r2c6" in step.explanation
    assert "cannot be 3 either way" in step.explanation and "goes there" not in step.explanation


def test_endo_fin_notation():
    """HoDoKu's Finned Franken Jellyfish with an endo fin (reglib 0342, 'mit endo fins')."""
    case = [c for c in reglib_cases("0342") if "2+5.89+8" in c.line][0]
    steps = [
        s
        for s in lookup(["Finned Franken Jellyfish"])[0].finder(case.grid)
        if set(s.eliminations) == set(case.eliminations)
    ]
    assert steps
    assert any(" ef" in s.detail and any(r == "endofin" for _, _, r in s.candidates) for s in steps)


def test_cannibalism():
    """A base candidate in two cover houses goes (Franken Jellyfish 8 r2367 c24b37: r7c2 lies
    in c2 and b7), shown with the role "cannibal"."""
    from helpers import assert_step_true_in_position

    case = reglib_cases("0331")[1]
    steps = [
        s
        for s in lookup(["Franken Jellyfish"])[0].finder(case.grid)
        if s.notation.startswith("Franken Jellyfish: 8 r2367 c24b37 ")
    ]
    assert steps and steps[0].eliminations == [(6 * 9 + 1, 8)]
    assert (6 * 9 + 1, 8, "cannibal") in steps[0].candidates
    assert "two cover houses" in steps[0].explanation
    assert_step_true_in_position(case.grid, steps[0])


def test_siamese_notation():
    case = reglib_cases("03111")[1]
    steps = [
        s
        for s in lookup(["Siamese Finned Swordfish"])[0].finder(case.grid)
        if set(s.eliminations) == set(case.eliminations)
    ]
    assert steps
    assert steps[0].notation.startswith("Siamese Finned Swordfish: 5 ")
    assert "/" in steps[0].detail


# ---------------------------------------------------------------- fast path vs general search


def _positions(n_each=15):
    """Positions where the basic techniques are stuck, from two hard collections."""
    basic = Solver(["singles", "intersections", "subsets"])
    out = []
    for name in ("qqwing_expert.txt", "top1465.txt"):
        found = 0
        for p in collection(name, limit=n_each * 4, every=7):
            r = basic.solve(parse(p))
            if not r.solved:
                out.append(r.grid)
                found += 1
                if found == n_each:
                    break
    return out


POSITIONS = _positions()


def _key(f):
    return (f.digit, f.base, f.cover, f.fins, f.elims)


@pytest.mark.parametrize("size", [2, 3, 4])
def test_fast_basic_path_agrees_with_general_search(size):
    """The 9-bit fast path finds exactly the basic fish the general search finds."""
    for g in POSITIONS:
        for finned in (False, True):
            general = set()
            for d in range(1, 10):
                for base, cover in ((range(9), range(9, 18)), (range(9, 18), range(9))):
                    for f in search(d, g.pos[d], size, base, cover, finned):
                        assert shape(f.base, f.cover) == BASIC
                        general.add(_key(f))
            if finned:
                fast = {_key(f) for f in finned_basic_fish(g, size, None)}
            else:
                fast = {_key(f) for f in basic_fish(g, size)}
            assert fast == general, (g.values_string(), size, finned)


def test_shared_finned_search_follows_the_position():
    """Finned and Sashimi finders share one search per position; consuming it partly,
    changing the grid and asking again on an equal or a different position stays exact."""
    from strategies.fish import shared_finned_basic_fish

    for start in POSITIONS[:8]:
        g = start.copy()
        for size in (2, 3):
            first = next(shared_finned_basic_fish(g, size, False), None)
            if first is not None:
                g.apply(fish_step(first))  # the grid object the search began on changes
            for pos_grid in (start.copy(), g):
                for sashimi in (False, True):
                    shared = [_key(f) for f in shared_finned_basic_fish(pos_grid, size, sashimi)]
                    direct = [_key(f) for f in finned_basic_fish(pos_grid.copy(), size, sashimi)]
                    assert shared == direct


def test_general_fish_kinds():
    """Franken finders give Franken fish, Mutant finders Mutant fish; every step is true."""
    from helpers import assert_step_true_in_position

    for g in POSITIONS[::10]:
        for kind, prefix, sizes in ((FRANKEN, "Franken", (2, 3)), (MUTANT, "Mutant", (2,))):
            for size in sizes:
                for finned in (False, True):
                    name = f"{'Finned ' if finned else ''}{prefix} {SIZES[size]}"
                    for step in REGISTRY[name].finder(g):
                        assert step.technique == name
                        assert_step_true_in_position(g, step)
                    for f in general_fish(g, size, kind, finned):
                        assert shape(f.base, f.cover) == kind
                        assert bool(f.fins) == finned


# ---------------------------------------------------------------- exemplars and solve paths

BASICS = ["singles", "intersections", "subsets"]
FISH = [t.name for t in REGISTRY.values() if t.family == "fish" and not t.name.startswith("Siamese")]
DEFAULT_FISH = [t.name for t in REGISTRY.values() if t.family == "fish" and t.default]

SECTIONS = {
    "X-Wing": "X-Wing",
    "Swordfish": "Swordfish",
    "Jellyfish": "Jellyfish",
    "Finned X-Wing": "Finned X-Wing",
    "Finned Swordfish": "Finned Swordfish",
    "Finned Jellyfish": "Finned Jellyfish",
    "Sashimi X-Wing": "Sashimi X-Wing",
    "Sashimi Swordfish": "Sashimi Swordfish",
    "Sashimi Jellyfish": "Sashimi Jellyfish",
    "Franken Jellyfish": "Franken Jellyfish",
    "Finned Franken Swordfish": "Finned Franken Swordfish",
    "Finned Franken Jellyfish": "Finned Franken Jellyfish",
    "Finned Mutant Jellyfish": "Finned Mutant Jellyfish",
}
EXEMPLARS = [(title, p) for title, ps in exemplar_sections().items() if title in SECTIONS for p in ps]

#: Exemplars whose HoDoKu path uses techniques of other families before the fish ('x' in the
#: exemplar comment): with only the basics and fish, the path gets stuck before the fish
#: (the test checks that it is stuck there). All are Franken/Mutant sections.
NEEDS_OTHER_FAMILIES = {
    ".....29...3......49..13...7....84..5..83...6....71.38.5............41...3495..6..": "HoDoKu path: x ff4(2) x",
    "..9..64...638..........981.12.....4........513.8...7...8.2..9.77...9......2..1...": "HoDoKu path: x ff4(2) x",
    ".2....635.....37....4.5.....4.28..6.1.9...........43......37.9...59.....9....64..": "HoDoKu path: x fff3(3) x",
    "....52..496.14..2.3..........34.58.......1..68...6.........753.1.......7.9....4..": "HoDoKu path: x fff3(3) x",
    ".64..............2.93.8..4.......7.9..6....3..1...2.86..7..89.5..82.1.......49...": "HoDoKu path: x fff3(2) x",
    "...........89....1..6..3..4.....9..53..65.....7.13...94......3.59.3164........192": "HoDoKu path: x fff4(3) x",
    ".5.....8.......7...4..57.314.3..2..89.....4....58......2...4..7..8739..2...2..3..": "HoDoKu path: x fff4(1) s",
    "......8.1162.........4........67.....2..34....7821..4.2.......5.517.9..88.6....9.": "HoDoKu path: x fff4(1) s",
    "49..7.61..5...649..6..347......45.....92............6.67............3.5..13...9.4": "HoDoKu path: x fff4(1) s",
    "9......8387.2....1......6.......7..9.8.3......358.6...........2......71.5419.....": "HoDoKu path: x fmf4(1) s",
    ".7...95..1....5....8..2.16.....1........97.3.6..2...188.7.6..5...9...3.........4.": "HoDoKu path: x fmf4(1) ssts",
    "....8..1..4516..372....45..3.......1.84..12...2.8.....8..4....9.72...3....6......": "HoDoKu path: x fmf4(2) x",
    "5.2....8.61....2........593..5612....4698.........5..8....4.....2...1.5...7...9..": "HoDoKu path: x fmf4(1) x",
}


def _solver_up_to(tech: str) -> Solver:
    """The basics and every fish HoDoKu tries no later than ``tech``, in HoDoKu's order."""
    limit = RATINGS[tech].order
    return Solver(BASICS + [f for f in FISH if RATINGS[f].order <= limit], order="hodoku")


def _sibling(name: str) -> str | None:
    """Finned <-> Sashimi of the same size (HoDoKu's exemplar paths and its finders disagree
    on which of the two some fish are)."""
    if name.startswith("Sashimi "):
        return "Finned " + name[len("Sashimi ") :]
    if name.startswith("Finned ") and name.split()[1] in SIZES.values():
        return "Sashimi " + name[len("Finned ") :]
    return None


def check_exemplar(title: str, puzzle: str) -> None:
    """Solving in HoDoKu's order with the basics and the fish up to the section's technique
    uses that technique (every step true). Where HoDoKu's exemplar path names the Sashimi
    form and we apply the Finned one found earlier in the same order (or vice versa), the
    section's technique must at least be available at that point of the path."""
    tech = SECTIONS[title]
    result = check_path(puzzle, _solver_up_to(tech))
    used = [s.technique for s in result.steps]
    if puzzle in NEEDS_OTHER_FAMILIES:
        assert result.stuck and tech not in used, "now reaches its technique: drop it from the list"
        return
    if tech in used:
        return
    sib = _sibling(tech)
    assert sib and sib in used, f"{tech} not in path: {sorted(set(used))}"
    grid = result.start.copy()
    finder = REGISTRY[tech].finder
    for step in result.steps:
        if step.technique == sib and next(iter(finder(grid)), None) is not None:
            return
        grid.apply(step)
    raise AssertionError(f"{tech} never available along the path; {sib} used instead")


FAST_SECTIONS = {
    "X-Wing",
    "Swordfish",
    "Jellyfish",
    "Finned X-Wing",
    "Finned Swordfish",
    "Finned Jellyfish",
    "Sashimi X-Wing",
    "Sashimi Swordfish",
    "Sashimi Jellyfish",
}


def _exemplar_params(fast: bool):
    out = []
    for i, (title, p) in enumerate(EXEMPLARS):
        if (title in FAST_SECTIONS) != fast:
            continue
        out.append(pytest.param(title, p, id=f"{title}-{i}"))
    return out


@pytest.mark.parametrize("title,puzzle", _exemplar_params(True))
def test_exemplar_uses_its_technique(title, puzzle):
    check_exemplar(title, puzzle)


@pytest.mark.sweep
@pytest.mark.parametrize("title,puzzle", _exemplar_params(False))
def test_exemplar_uses_its_technique_franken_mutant(title, puzzle):
    check_exemplar(title, puzzle)


SAMPLE = collection("qqwing_expert.txt", limit=50, every=3) + collection("top1465.txt", limit=50, every=7)


def test_solve_paths_with_fish_are_true():
    """100 hard puzzles solved with the basics and the default fish: every step true."""
    solver = Solver(BASICS + DEFAULT_FISH, order="hodoku")
    used = set()
    for p in SAMPLE:
        used.update(s.technique for s in check_path(p, solver).steps)
    assert {"X-Wing", "Finned X-Wing", "Swordfish"} <= used


@pytest.mark.sweep
def test_solve_paths_with_all_fish_are_true():
    """Every fifth puzzle of the sample with Franken and Mutant fish too (a stuck position
    runs every fish search in full, seconds each)."""
    solver = Solver(BASICS + FISH, order="hodoku")
    for p in SAMPLE[::5]:
        check_path(p, solver)
