"""The Savage Pathfinder entry in the game-system registry.

Examples
--------
>>> from rules.registry import find_system
>>> system = find_system("spf")
>>> goblin = system.combatant_from_dict({"skills": {"fighting": "d6"}}, "tokens[g1].stats", "g1")
>>> system.combatant_to_dict(goblin)["skills"]
{'fighting': 'd6'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.dice import DiceSource
from rules.events import Outcome
from rules.registry import GameSystem, register
from rules.savage_pathfinder.attack import resolve_attack
from rules.savage_pathfinder.context import AttackContext
from rules.savage_pathfinder.odds import AttackOdds, attack_odds
from rules.savage_pathfinder.parsing import combatant_from_dict, combatant_to_dict
from rules.savage_pathfinder.statblock import Combatant

__all__ = ["SavagePathfinder"]


@register
class SavagePathfinder(GameSystem):
    """Savage Pathfinder (Savage Worlds rules): the combatant is a :class:`Combatant`."""

    name: ClassVar[str] = "savage-pathfinder"
    aliases: ClassVar[tuple[str, ...]] = ("spf", "savage pathfinder")

    def combatant_from_dict(self, data: Mapping[str, Any], where: str,
                            token_id: str) -> Combatant:
        return combatant_from_dict(data, where, token_id)

    def combatant_to_dict(self, combatant: Combatant) -> dict[str, Any]:
        return combatant_to_dict(combatant)

    def resolve_attack(self, attacker: Combatant, defender: Combatant, weapon: str | None,
                       context: AttackContext, dice: DiceSource, *,
                       soak_bennies: int = 0) -> Outcome[Combatant]:
        """Resolve one attack; the defender spends up to ``soak_bennies`` on a Soak."""
        return resolve_attack(attacker, defender, weapon, context, dice,
                              soak_bennies=soak_bennies)

    def attack_odds(self, attacker: Combatant, defender: Combatant, weapon: str | None,
                    context: AttackContext) -> AttackOdds:
        return attack_odds(attacker, defender, weapon, context)
