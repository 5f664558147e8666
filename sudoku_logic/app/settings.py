"""The options of a solve as a user sets them: a settings file, ``--set KEY=VALUE``, and the
options HoDoKu's regression tester sets for a variant of its regression library.

Every key names one field of :class:`~sudoku_logic.core.context.Settings`, the options the
finders read from their :class:`~sudoku_logic.core.context.SolveContext`:

- ``als_nodes``: ALS nodes in grouped nice loops and AICs (HoDoKu's "allow ALS in chains");
- ``als.allow_overlap``, ``als.chain_forward_only``, ``als.chain_max_rcs``,
  ``als.only_one_per_elimination``, ``als.db_max_als_per_digit``, ``als.chain_budget``: the
  ALS techniques' switches (:class:`~sudoku_logic.core.context.AlsOptions`).

A settings file is TOML (read with the standard library's ``tomllib``)::

    als_nodes = true
    [als]
    allow_overlap = true

Unknown keys and values of the wrong type are reported with the key's name and the file;
nothing is guessed.
"""
from __future__ import annotations

import os
from dataclasses import fields, replace
from typing import Any, Iterable

from sudoku_logic.core.context import DEFAULT_SETTINGS, AlsOptions, Settings

#: The environment variable naming a settings file read when ``--settings`` is not given.
ENV = "SUDOKU_LOGIC_SETTINGS"


class SettingsError(ValueError):
    """A settings file, ``--set`` or value that cannot be used; the message is one line."""


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
        close = get_close_matches(key, list(KEYS), n=1)
        hint = f": did you mean {close[0]}?" if close else f": known keys are {', '.join(KEYS)}"
        raise SettingsError(f"unknown setting {key!r}{at}{hint}")
    kind = KEYS[key]
    if kind is bool and not isinstance(value, bool) or kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise SettingsError(f"setting {key}{at} must be {'true or false' if kind is bool else 'a whole number'}, not {value!r}")
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


def load_file(path: str, base: Settings = DEFAULT_SETTINGS) -> Settings:
    """``base`` with the keys of the TOML settings file ``path``."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        raise SettingsError("settings files need Python 3.11 or later (tomllib)") from None
    try:
        with open(path, "rb") as fh:
            doc = tomllib.load(fh)
    except OSError as e:
        raise SettingsError(f"cannot read settings file {path}: {e.strerror or e}") from None
    except tomllib.TOMLDecodeError as e:
        raise SettingsError(f"settings file {path} is not valid TOML: {e}") from None
    out = base
    for key, value in _flatten(doc):
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
    return [f"{k}={str(get(settings, k)).lower() if isinstance(get(settings, k), bool) else get(settings, k)}"
            for k in KEYS]
