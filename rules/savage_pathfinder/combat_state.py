"""The shape of the combat state Savage Pathfinder keeps (``board.combat``), checked when a
file loads: the Action Cards, the Distracted/Vulnerable clocks and the effects of a turn.

Examples
--------
>>> check_combat({"timers": [{"token": "a", "status": "Vulnerable", "turn_ends": 2}]})
>>> check_combat({"effects": [{"token": "a"}]})
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: combat.effects[0].kind: missing
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlemap.rules.combat_checks import check_records
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.initiative import InitiativeError
from battlemap.rules.savage_pathfinder.initiative_json import initiative_from_json

__all__ = ["check_combat"]


def check_combat(combat: Mapping[str, Any]) -> None:
    """``RulesError`` naming the first field of ``combat`` the system could not read."""
    try:
        initiative_from_json(combat.get("initiative") or {})
    except InitiativeError as error:
        raise RulesError(str(error)) from None
    check_records(combat, "timers", {"token": str, "status": str, "turn_ends": int})
    check_records(combat, "effects", {"token": str, "kind": str, "value": int, "skill": str,
                                      "turn_ends": int},
                  optional=("value", "skill", "turn_ends"))
