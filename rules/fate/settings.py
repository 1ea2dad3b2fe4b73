"""The GM's readings of the text where Fate players differ (``board.combat["settings"]``).

``defender_wins`` (turn-based fights): ``stress`` (the default; L1 "In either case, the winner
inflicts a number of points of Health stress on the loser") or ``no-stress`` (the usual Fate
reading: a defense that wins only stops the attack). ``maneuver_cost``: ``fate-point`` (the
default; L33 "Expending a fate point to add or remove the aspect is usually required") or
``free``.

Examples
--------
>>> setting(Board("fate"), "defender_wins")
'stress'
>>> setting(Board("fate", combat={"settings": {"defender_wins": "no-stress"}}), "defender_wins")
'no-stress'
"""

from __future__ import annotations

from battlemap.rules.interface import FieldKind, StatField
from battlemap.rules.registry import RulesError
from battlemap.rules.table import Board

__all__ = ["SETTINGS", "setting"]

SETTINGS = (
    StatField("defender_wins", "A turn-based defender who wins", FieldKind.CHOICE, "Combat",
              choices=("stress", "no-stress"), default="stress",
              help="stress: he inflicts his shifts as stress (the text, L1); no-stress: his "
                   "defense only stops the attack (the usual Fate reading)"),
    StatField("maneuver_cost", "A maneuver's aspect costs", FieldKind.CHOICE, "Aspects",
              choices=("fate-point", "free"), default="fate-point",
              help="fate-point: adding or removing an aspect by a maneuver costs a fate point "
                   "of a character who has them (the text, L33: usually required); free: no "
                   "cost (Fate Core's Create an Advantage)"),
)
"""Every FATE setting (the rules-settings dialog and CLI)."""


def setting(board: Board, key: str) -> str:
    """The value of setting ``key`` on ``board`` (its default when unset; ``RulesError`` for a
    value the setting does not offer)."""
    field = next(f for f in SETTINGS if f.key == key)
    value = board.combat.get("settings", {}).get(key, field.default)
    if value not in field.choices:
        raise RulesError(f"combat.settings.{key}: {value!r} is not one of "
                         f"{', '.join(field.choices)}")
    return str(value)
