"""Shape checks for what a game system keeps in ``board.combat``, shared by the systems.

A system reads its combat state with ``int()``, ``list()`` and ``[key]``; a file that holds a
number where a list belongs (``"order": 5``) or an object where a round belongs would then fail
deep inside a rule with a ``TypeError``. :meth:`battlemap.rules.registry.GameSystem.check_combat`
runs these checks when a file is loaded, so such a file is refused naming the field instead.

Examples
--------
>>> check_whole({"round": 2}, "round")
>>> check_whole({"round": {"x": 1}}, "round")
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: combat.round: expected a whole number from 0 to 1000000000, \
got {'x': 1}
>>> check_texts({"order": ["a", "b"]}, "order")
>>> check_records({"timers": [{"token": "a", "turn_ends": "2"}]}, "timers",
...               {"token": str, "turn_ends": int})
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: combat.timers[0].turn_ends: expected int, got '2'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlemap.rules.registry import RulesError

__all__ = ["check_records", "check_text_table", "check_texts", "check_whole"]

LARGEST = 1_000_000_000


def check_whole(combat: Mapping[str, Any], key: str, minimum: int = 0,
                maximum: int = LARGEST, where: str = "combat") -> None:
    """``combat[key]``, if present, is a whole number from ``minimum`` to ``maximum``."""
    value = combat.get(key)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise RulesError(f"{where}.{key}: expected a whole number from {minimum} to {maximum}, "
                         f"got {value!r:.40}")


def check_texts(combat: Mapping[str, Any], key: str, where: str = "combat") -> None:
    """``combat[key]``, if present, is a list of texts."""
    value = combat.get(key)
    if value is None:
        return
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RulesError(f"{where}.{key}: expected a list of texts, got {value!r:.40}")


def check_text_table(combat: Mapping[str, Any], key: str, where: str = "combat") -> None:
    """``combat[key]``, if present, maps texts to lists of texts (aspects by zone)."""
    value = combat.get(key)
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise RulesError(f"{where}.{key}: expected an object of lists, got {value!r:.40}")
    for name in value:
        check_texts(value, name, f"{where}.{key}")


def check_records(combat: Mapping[str, Any], key: str, fields: Mapping[str, type],
                  where: str = "combat", optional: tuple[str, ...] = ()) -> None:
    """``combat[key]``, if present, is a list of objects with each of ``fields`` of its type
    (``optional`` ones may be missing)."""
    value = combat.get(key)
    if value is None:
        return
    if not isinstance(value, list):
        raise RulesError(f"{where}.{key}: expected a list, got {value!r:.40}")
    for index, record in enumerate(value):
        here = f"{where}.{key}[{index}]"
        if not isinstance(record, Mapping):
            raise RulesError(f"{here}: expected an object, got {record!r:.40}")
        for name, kind in fields.items():
            if name not in record:
                if name in optional:
                    continue
                raise RulesError(f"{here}.{name}: missing")
            item = record[name]
            wrong_bool = isinstance(item, bool) and kind is not bool
            if wrong_bool or not isinstance(item, kind):
                raise RulesError(f"{here}.{name}: expected {kind.__name__}, got {item!r:.40}")
