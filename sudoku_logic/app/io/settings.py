"""The options of a solve as a user sets them: a settings file, ``--set KEY=VALUE``, and the
options HoDoKu's regression tester sets for a variant of its regression library.

Every key names one field of :class:`~sudoku_logic.core.context.Settings`, the options the
finders read from their :class:`~sudoku_logic.core.context.SolveContext`:

- ``als_nodes``: ALS nodes in grouped nice loops, AICs, forcing chains and nets (HoDoKu's
  "allow ALS in tabling chains");
- ``als.allow_overlap``, ``als.chain_forward_only``, ``als.chain_max_rcs``,
  ``als.only_one_per_elimination``, ``als.db_max_als_per_digit``, ``als.chain_budget``: the
  ALS techniques' switches (:class:`~sudoku_logic.core.context.AlsOptions`).

A line of HoDoKu's regression library given as input is solved with the options HoDoKu's
regression tester sets for its variant (:func:`for_reglib`), then ``--set`` on top.

Three more keys choose the techniques, as HoDoKu's options do, and are the defaults of the
command-line options of the same names: ``techniques`` (the techniques to use, in the order
given: a list or a comma-separated string of names, families or short names), ``without``
(techniques to leave out) and ``order`` (``se`` or ``hodoku``).

A settings file is TOML (read with the standard library's ``tomllib``)::

    als_nodes = true
    order = "hodoku"
    without = ["uniqueness"]
    [als]
    allow_overlap = true

Unknown keys and values of the wrong type are reported with the key's name and the file;
nothing is guessed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import fields, replace
from typing import Any

from sudoku_logic.core.context import DEFAULT_SETTINGS, AlsOptions, Settings

#: The environment variable naming a settings file read when ``--settings`` is not given.
ENV = "SUDOKU_LOGIC_SETTINGS"


class SettingsError(ValueError):
    """A settings file, ``--set`` or value that cannot be used; the message is one line."""


#: Keys of a settings file (and ``--set``) that choose the techniques rather than an option
#: of a solve: the defaults of ``--techniques``, ``--without`` and ``--order``.
CHOICE_KEYS = ("techniques", "without", "order")


def _keys() -> dict[str, type]:
    out: dict[str, type] = {}
    for f in fields(Settings):
        if f.name == "als":
            for g in fields(AlsOptions):
                out[f"als.{g.name}"] = type(getattr(DEFAULT_SETTINGS.als, g.name))
        else:
            out[f.name] = type(getattr(DEFAULT_SETTINGS, f.name))
    return out


#: Every key and its type.
KEYS: dict[str, type] = _keys()


def get(settings: Settings, key: str) -> Any:
    """The value of one key."""
    if key.startswith("als."):
        return getattr(settings.als, key[4:])
    return getattr(settings, key)


def put(settings: Settings, key: str, value: Any, where: str = "") -> Settings:
    """``settings`` with ``key`` set to ``value`` (checked against the key's type)."""
    at = f" ({where})" if where else ""
    if key not in KEYS:
        from difflib import get_close_matches

        close = get_close_matches(key, list(KEYS) + list(CHOICE_KEYS), n=1)
        hint = f": did you mean {close[0]}?" if close else f": known keys are {', '.join([*KEYS, *CHOICE_KEYS])}"
        raise SettingsError(f"unknown setting {key!r}{at}{hint}")
    kind = KEYS[key]
    if (
        kind is bool
        and not isinstance(value, bool)
        or kind is int
        and (isinstance(value, bool) or not isinstance(value, int))
    ):
        raise SettingsError(
            f"setting {key}{at} must be {'true or false' if kind is bool else 'a whole number'}, not {value!r}"
        )
    if kind is int and value < 0:
        raise SettingsError(f"setting {key}{at} must not be negative")
    if key.startswith("als."):
        return replace(settings, als=replace(settings.als, **{key[4:]: value}))
    return replace(settings, **{key: value})


def _flatten(doc: dict, prefix: str = "") -> Iterable[tuple[str, Any]]:
    for k, v in doc.items():
        if isinstance(v, dict):
            yield from _flatten(v, f"{prefix}{k}.")
        else:
            yield f"{prefix}{k}", v


def parse_value(text: str) -> Any:
    """A ``--set`` value: ``true``/``false`` (also on/off, yes/no, 1/0 for switches are
    read by the key's type), a whole number, else the text."""
    t = text.strip().lower()
    if t in ("true", "on", "yes"):
        return True
    if t in ("false", "off", "no"):
        return False
    try:
        return int(t)
    except ValueError:
        return text.strip()


def _choice(key: str, value: Any, where: str) -> str:
    """A technique choice as the command line writes it (a comma-separated string)."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value) and key != "order":
        return ",".join(value)
    if not isinstance(value, str):
        raise SettingsError(
            f"setting {key} ({where}) must be "
            f"{'se or hodoku' if key == 'order' else 'a list of technique names'}, not {value!r}"
        )
    if key == "order" and value not in ("se", "hodoku"):
        raise SettingsError(f"setting order ({where}) must be se or hodoku, not {value!r}")
    return value


def read_choices(path: str | None = None, assignments: Iterable[str] = ()) -> dict[str, str]:
    """The technique choices (:data:`CHOICE_KEYS`) of the settings file and ``--set``."""
    out: dict[str, str] = {}
    path = path or os.environ.get(ENV) or None
    if path:
        for key, value in _flatten(_read_toml(path)):
            if key in CHOICE_KEYS:
                out[key] = _choice(key, value, path)
    for a in assignments:
        key, eq, value = a.partition("=")
        if eq and key.strip() in CHOICE_KEYS:
            out[key.strip()] = _choice(key.strip(), value.strip(), "--set")
    return out


def _read_toml(path: str) -> dict:
    try:
        import tomllib  # type: ignore[import-not-found]  # new in 3.11; mypy checks as 3.10 (pyproject.toml)
    except ImportError:  # Python 3.10
        raise SettingsError("settings files need Python 3.11 or later (tomllib)") from None
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise SettingsError(f"cannot read settings file {path}: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise SettingsError(
            f"settings file {path} is not UTF-8 text (line {line} has the byte {data[e.start]:#04x}): "
            "a TOML file is UTF-8"
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise SettingsError(f"settings file {path} is not valid TOML: {e}") from None


def load_file(path: str, base: Settings = DEFAULT_SETTINGS) -> Settings:
    """``base`` with the keys of the TOML settings file ``path`` (technique choices, read by
    :func:`read_choices`, aside)."""
    doc = _read_toml(path)
    out = base
    for key, value in _flatten(doc):
        if key in CHOICE_KEYS:
            continue
        if KEYS.get(key) is bool and value in (0, 1) and not isinstance(value, bool):
            value = bool(value)
        out = put(out, key, value, path)
    return out


def apply_sets(settings: Settings, assignments: Iterable[str]) -> Settings:
    """``settings`` with each ``KEY=VALUE`` of ``--set`` applied in turn."""
    for a in assignments:
        key, eq, value = a.partition("=")
        if not eq or not key.strip():
            raise SettingsError(f"--set {a!r}: expected KEY=VALUE (e.g. als_nodes=true)")
        if key.strip() in CHOICE_KEYS:
            continue
        v = parse_value(value)
        if KEYS.get(key.strip()) is bool and v in (0, 1) and not isinstance(v, bool):
            v = bool(v)
        settings = put(settings, key.strip(), v, "--set")
    return settings


def resolve_settings(path: str | None = None, assignments: Iterable[str] = ()) -> Settings:
    """The settings of a command: the file ``path`` (else the file named by the environment
    variable :data:`ENV`, if set), then ``--set`` assignments."""
    settings = DEFAULT_SETTINGS
    path = path or os.environ.get(ENV) or None
    if path:
        settings = load_file(path, settings)
    return apply_sets(settings, assignments)


#: What HoDoKu's regression tester sets for every line: its "find all steps" mode of the ALS
#: searches (RCs in both directions, chains of up to 6 RCs, every chain kept). The chain
#: budget is ours, raised so that the search over both directions ends (3.4 million RC steps
#: on the longest ALS-XY-Chain line).
REGLIB_ALL: dict[str, Any] = {
    "als.chain_forward_only": False,
    "als.chain_max_rcs": 6,
    "als.only_one_per_elimination": False,
    "als.chain_budget": 5_000_000,
}
#: The variants whose header in the library names an option: grouped nice loops and AICs
#: "with ALS" (ALS nodes in chains), ALS-XY-Wing, ALS-XY-Chain and Death Blossom "with ALS
#: overlap".
REGLIB_VARIANTS: dict[str, dict[str, Any]] = {
    **{code: {"als_nodes": True} for code in ("0709-2", "0710-3", "0710-4", "0711-3", "0711-4")},
    **{code: {"als.allow_overlap": True} for code in ("0902-2", "0903-2", "0904-2")},
}


def for_reglib(code: str, settings: Settings = DEFAULT_SETTINGS) -> Settings:
    """``settings`` with the options HoDoKu's regression tester sets for a library line of
    technique code ``code`` (``0709-2``)."""
    for key, value in {**REGLIB_ALL, **REGLIB_VARIANTS.get(code, {})}.items():
        settings = put(settings, key, value)
    return settings


def differences(settings: Settings) -> list[str]:
    """``key=value`` for each key that differs from the defaults, in :data:`KEYS` order."""
    out = []
    for key in KEYS:
        v = get(settings, key)
        if v != get(DEFAULT_SETTINGS, key):
            out.append(f"{key}={str(v).lower() if isinstance(v, bool) else v}")
    return out


def describe(settings: Settings) -> str:
    """One line: ``HoDoKu's defaults`` or the keys that differ from them."""
    diff = differences(settings)
    return "defaults (as HoDoKu ships them)" if not diff else ", ".join(diff)


def all_values(settings: Settings) -> list[str]:
    """``key=value`` for every key."""
    return [
        f"{k}={str(get(settings, k)).lower() if isinstance(get(settings, k), bool) else get(settings, k)}" for k in KEYS
    ]
