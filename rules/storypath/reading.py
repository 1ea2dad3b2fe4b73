"""Small readers for the Storypath JSON: each names the field path when a value is wrong.

Examples
--------
>>> read_int({"might": 3}, "might", "stats.attributes", 1)
3
>>> read_int({"might": "3"}, "might", "stats.attributes", 1)
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: stats.attributes.might: expected a whole number, got '3'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from battlemap.rules.registry import RulesError

__all__ = [
    "check_keys", "read_bool", "read_int", "read_list", "read_mapping", "read_str",
    "read_strings",
]


def check_keys(data: Mapping[str, Any], allowed: Iterable[str], where: str) -> None:
    """Refuse a key that is not ``allowed`` (a typo must not pass silently)."""
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise RulesError(f"{where}.{unknown[0]}: unknown key (known: {', '.join(sorted(allowed))})")


def read_mapping(data: Mapping[str, Any], key: str, where: str) -> Mapping[str, Any]:
    """``data[key]`` as an object (empty when absent)."""
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise RulesError(f"{where}.{key}: expected an object, got {value!r}")
    return value


def read_list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """``data[key]`` as a list (empty when absent)."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise RulesError(f"{where}.{key}: expected a list, got {value!r}")
    return value


def read_int(data: Mapping[str, Any], key: str, where: str, default: int,
             minimum: int = 0, maximum: int = 99) -> int:
    """``data[key]`` as a whole number within ``minimum``..``maximum``."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{where}.{key}: expected a whole number, got {value!r}")
    if not minimum <= value <= maximum:
        raise RulesError(f"{where}.{key}: {value} is not between {minimum} and {maximum}")
    return value


def read_bool(data: Mapping[str, Any], key: str, where: str) -> bool:
    """``data[key]`` as true or false (false when absent)."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RulesError(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def read_str(data: Mapping[str, Any], key: str, where: str, default: str | None = None,
             choices: Iterable[str] | None = None) -> str:
    """``data[key]`` as a text, one of ``choices`` when given."""
    value = data.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"{where}.{key}: expected a text, got {value!r}")
    allowed = tuple(choices) if choices is not None else ()
    if allowed and value.lower() not in allowed:
        raise RulesError(f"{where}.{key}: {value!r} is not one of {', '.join(allowed)}")
    return value.lower() if allowed else value


def read_strings(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    """``data[key]`` as a list of texts."""
    items = read_list(data, key, where)
    for index, item in enumerate(items):
        if not isinstance(item, str):
            raise RulesError(f"{where}.{key}[{index}]: expected a text, got {item!r}")
    return tuple(items)
