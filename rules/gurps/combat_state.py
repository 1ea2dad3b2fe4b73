"""The shape of the combat state GURPS keeps (``board.combat``), checked when a file loads.

Examples
--------
>>> check_combat({"round": 1, "order": ["archer", "orc"], "acting": 0})
>>> check_combat({"order": 5})
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: combat.order: expected a list of texts, got 5
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlemap.rules.combat_checks import check_texts, check_whole

__all__ = ["check_combat"]


def check_combat(combat: Mapping[str, Any]) -> None:
    """``RulesError`` naming the first field of ``combat`` GURPS could not read."""
    check_whole(combat, "round")
    check_whole(combat, "acting")
    check_texts(combat, "order")
