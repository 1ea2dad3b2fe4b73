"""The shape of the combat state FATE keeps (``board.combat``), checked when a file loads.

Examples
--------
>>> check_combat({"mode": "turns", "round": 1, "order": ["tertius"], "turn": 0})
>>> check_combat({"round": {"x": 1}})
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: combat.round: expected a whole number from 0 to 1000000000, \
got {'x': 1}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlemap.rules.combat_checks import check_records, check_text_table, check_texts, check_whole
from battlemap.rules.registry import RulesError

__all__ = ["check_combat"]

MODES = ("exchange", "turns")


def check_combat(combat: Mapping[str, Any]) -> None:
    """``RulesError`` naming the first field of ``combat`` FATE could not read."""
    mode = combat.get("mode", "exchange")
    if mode not in MODES:
        raise RulesError(f"combat.mode: {mode!r:.40} is not one of {', '.join(MODES)}")
    for key in ("round", "turn"):
        check_whole(combat, key)
    for key in ("order", "scene_aspects"):
        check_texts(combat, key)
    check_text_table(combat, "zone_aspects")
    check_records(combat, "group_rolls", {"round": int, "tokens": list, "against": str})
