"""The shape of the combat state Storypath keeps (``board.combat``), checked when a file loads.

Examples
--------
>>> check_combat({"round": 2, "acting": "mara", "grapples": []})
>>> check_combat({"round": "two"})
Traceback (most recent call last):
...
battlemap.rules.registry.RulesError: combat.round: expected a whole number from 0 to 1000000000, \
got 'two'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from battlemap.rules.combat_checks import check_whole
from battlemap.rules.registry import RulesError
from battlemap.rules.storypath.settings import settings_from_combat
from battlemap.rules.storypath.state import grapples_from_combat, items_from_combat

__all__ = ["check_combat"]


def check_combat(combat: Mapping[str, Any]) -> None:
    """``RulesError`` naming the first field of ``combat`` Storypath could not read."""
    check_whole(combat, "round")
    acting = combat.get("acting")
    if acting is not None and not isinstance(acting, str):
        raise RulesError(f"combat.acting: expected a token's id, got {acting!r:.40}")
    grapples_from_combat(combat)
    items_from_combat(combat)
    settings_from_combat(combat)
