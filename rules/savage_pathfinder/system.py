"""The Savage Pathfinder entry in the game-system registry.

It declares the stat block, the badges and every attack option and action. Its attacks, actions
and Action Cards are still reached by the desktop's own modules (``desktop/core/pipeline.py``
and its neighbours), so :attr:`table_interface` is False until they move here (issue 12).

Examples
--------
>>> from rules.registry import find_system
>>> system = find_system("spf")
>>> goblin = system.combatant_from_dict({"skills": {"fighting": "d6"}}, "tokens[g1].stats", "g1")
>>> system.combatant_to_dict(goblin)["skills"]
{'fighting': 'd6'}
>>> [f.key for f in system.statblock_schema()][:2]
['attributes.agility', 'attributes.smarts']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.interface import (
    ActionKind,
    ActionSpec,
    Badge,
    FieldKind,
    GridDefaults,
    StatField,
)
from rules.registry import GameSystem, register
from rules.savage_pathfinder.initiative_json import has_joker
from rules.savage_pathfinder.parsing import combatant_from_dict, combatant_to_dict
from rules.savage_pathfinder.situational.options import ACTIONS, ATTACK_OPTIONS
from rules.savage_pathfinder.statblock import ATTRIBUTES, Combatant
from rules.table import Board, Piece

__all__ = ["SavagePathfinder"]

FREE_ACTIONS = frozenset({"stand-up", "go-prone", "recover-shaken", "spend-benny",
                          "recover-stunned", "bleeding-out", "gain-fatigue", "recover-fatigue",
                          "rest", "evasion", "climb"})
"""Actions a Shaken (or Bound) character may still take: free ones and reactions."""

DIE_CHOICES = ("d4", "d6", "d8", "d10", "d12", "d12+1", "d12+2")

_FLAGS = (("shaken", "SHAKEN", "bad"), ("stunned", "STUN", "bad"), ("prone", "PRONE", "info"),
          ("bound", "BOUND", "bad"), ("entangled", "ENTANGLED", "bad"),
          ("on_hold", "HOLD", "good"), ("distracted", "DISTRACTED", "bad"),
          ("vulnerable", "VULNERABLE", "bad"))


def _schema() -> tuple[StatField, ...]:
    attributes = tuple(StatField(f"attributes.{a}", a.capitalize(), FieldKind.CHOICE,
                                 "Attributes", DIE_CHOICES, default="d6") for a in ATTRIBUTES)
    numbers = (
        StatField("wild_card", "Wild Card", FieldKind.FLAG, "Numbers", default=False),
        StatField("pace", "Pace", FieldKind.INTEGER, "Numbers", minimum=0, maximum=99,
                  default=6),
        StatField("armor", "Armor", FieldKind.INTEGER, "Numbers", minimum=0, maximum=99,
                  default=0),
        StatField("bennies", "Bennies", FieldKind.INTEGER, "Numbers", minimum=0, maximum=99,
                  default=0),
    )
    condition = tuple(StatField(f"condition.{key}", text.capitalize(), FieldKind.FLAG,
                                "Condition", default=False) for key, text, _ in _FLAGS)
    counts = (
        StatField("condition.wounds", "Wounds", FieldKind.INTEGER, "Condition", minimum=0,
                  maximum=6, default=0),
        StatField("condition.fatigue", "Fatigue", FieldKind.INTEGER, "Condition", minimum=0,
                  maximum=2, default=0),
    )
    lists = (
        StatField("skills", "Skills", FieldKind.TABLE, "Skills",
                  help='{"fighting": "d8", "shooting": "d6"}'),
        StatField("edges", "Edges", FieldKind.LIST, "Edges", help="one Edge per line"),
        StatField("weapons", "Weapons", FieldKind.TABLE, "Gear",
                  help='[{"name": "Sword", "damage": "Str+d8"}]'),
    )
    return (*attributes, *numbers, *condition, *counts, *lists)


@register
class SavagePathfinder(GameSystem):
    """Savage Pathfinder (Savage Worlds rules): the combatant is a :class:`Combatant`."""

    name: ClassVar[str] = "savage-pathfinder"
    title: ClassVar[str] = "Savage Pathfinder"
    aliases: ClassVar[tuple[str, ...]] = ("spf", "savage pathfinder")
    grid: ClassVar[GridDefaults] = GridDefaults("square", "in", 1.0)
    table_interface: ClassVar[bool] = False

    def statblock_schema(self) -> tuple[StatField, ...]:
        return _schema()

    def combatant_from_dict(self, data: Mapping[str, Any], where: str,
                            token_id: str) -> Combatant:
        return combatant_from_dict(data, where, token_id)

    def combatant_to_dict(self, combatant: Combatant) -> dict[str, Any]:
        return combatant_to_dict(combatant)

    def badges(self, piece: Piece, board: Board) -> tuple[Badge, ...]:
        """SHAKEN, FAT n, STUN, PRONE ... from the condition, JOKER from the Action Cards.

        >>> piece = Piece("a", "A", 0, 0, stats={"condition": {"shaken": True, "fatigue": 2}})
        >>> [b.text for b in SavagePathfinder().badges(piece, Board())]
        ['SHAKEN', 'FAT 2']
        """
        raw = piece.stats.get("condition", {})
        condition = raw if isinstance(raw, Mapping) else {}
        found = [Badge(text, key.replace("_", " "), role) for key, text, role in _FLAGS
                 if condition.get(key)]
        fatigue = condition.get("fatigue")
        if isinstance(fatigue, int) and fatigue > 0:
            found.insert(1 if condition.get("shaken") else 0,
                         Badge(f"FAT {fatigue}", "Fatigue", "bad"))
        if has_joker(board.combat, piece.id):
            found.append(Badge("JOKER", "dealt a Joker: +2 to every trait roll", "good"))
        return tuple(found)

    def actions(self) -> tuple[ActionSpec, ...]:
        options = tuple(ActionSpec(o.id, o.name, ActionKind.OPTION, excludes=o.excludes,
                                   help=o.description) for o in ATTACK_OPTIONS.values())
        acts = tuple(ActionSpec(o.id, o.name, ActionKind.ACTION, needs_target=o.targets,
                                free=o.id in FREE_ACTIONS, help=o.description)
                     for o in ACTIONS.values())
        return (ActionSpec("attack", "Attack", ActionKind.ATTACK, needs_target=True),
                ActionSpec("template", "Template", ActionKind.TEMPLATE), *options, *acts)
