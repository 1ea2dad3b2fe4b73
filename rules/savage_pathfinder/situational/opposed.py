"""Opposed rolls and the condition penalties every situational roll carries.

Grappling, Push, Test and breaking free are opposed or plain Trait rolls made with the engine's
:func:`~battlemap.rules.savage_pathfinder.traits.roll_trait`; every one takes the roller's Wounds,
Fatigue and Distracted (:func:`~battlemap.rules.savage_pathfinder.penalties.condition_modifiers`,
kept importable from here). Opposed rolls: the acting character rolls
first and must get at least 4; the defender then rolls and must meet or exceed that total, or
the attacker wins; the attacker gets a raise when beating the defender's total by 4 or more.

Dice order: the attacker's trait die (and Aces), the attacker's Wild Die; then, only if the
attacker reached 4, the defender's trait die and Wild Die.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
>>> a = Combatant(id="a", strength=TraitDie(8))
>>> d = Combatant(id="d", strength=TraitDie(6))
>>> contest = roll_opposed(ScriptedDice([6, 3]), a, "strength", d, "strength")
>>> contest.attacker_wins, contest.attacker_raise
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, RollMade
from battlemap.rules.savage_pathfinder.expressions import TraitDie
from battlemap.rules.savage_pathfinder.penalties import (
    condition_modifiers,
    status_modifiers,
    support_modifier,
)
from battlemap.rules.savage_pathfinder.statblock import ATTRIBUTES, Combatant
from battlemap.rules.savage_pathfinder.traits import RolledTrait, roll_trait

__all__ = ["OpposedRoll", "condition_modifiers", "roll_opposed", "roll_trait_of",
           "status_modifiers", "trait_die_of"]


def trait_die_of(combatant: Combatant, trait: str) -> TraitDie | None:
    """The die of an attribute or skill by name; None for a skill the combatant lacks.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> trait_die_of(Combatant(id="x", vigor=TraitDie(10)), "Vigor")
    TraitDie(sides=10, bonus=0)
    >>> trait_die_of(Combatant(id="x"), "athletics") is None
    True
    """
    name = trait.lower()
    return combatant.attribute(name) if name in ATTRIBUTES else combatant.skill(name)


def roll_trait_of(
    dice: DiceSource, combatant: Combatant, trait: str, purpose: str,
    modifiers: tuple[Modifier, ...] = (), target: int = 4, *, joker: bool = False,
    running: bool = False,
) -> RolledTrait:
    """Roll one of ``combatant``'s traits with its condition penalties, the Joker's +2 if
    ``joker``, and ``modifiers``.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> roll_trait_of(ScriptedDice([5]), Combatant(id="x"), "strength", "Strength").total
    5
    """
    return roll_trait(
        dice, trait_die_of(combatant, trait), wild_card=combatant.wild_card, purpose=purpose,
        actor=combatant.id, target=target,
        modifiers=(*condition_modifiers(combatant, joker=joker, running=running), *modifiers,
                   *support_modifier(combatant, trait)),
    )


@dataclass(frozen=True, slots=True)
class OpposedRoll:
    """Both sides of an opposed roll; ``defender`` is None when the attacker failed to reach 4."""

    attacker: RolledTrait
    defender: RolledTrait | None

    @property
    def attacker_wins(self) -> bool:
        if not self.attacker.result.succeeded or self.defender is None:
            return False
        return self.attacker.total > self.defender.total

    @property
    def attacker_raise(self) -> bool:
        """The attacker won by 4 or more over the defender's total."""
        defender_total = self.defender.total if self.defender is not None else 0
        return self.attacker_wins and self.attacker.total - defender_total >= 4

    @property
    def events(self) -> tuple[RollMade, ...]:
        rolls = (self.attacker, self.defender)
        return tuple(roll.event for roll in rolls if roll is not None)


def roll_opposed(
    dice: DiceSource, attacker: Combatant, attacker_trait: str, defender: Combatant,
    defender_trait: str, attacker_modifiers: tuple[Modifier, ...] = (),
    defender_modifiers: tuple[Modifier, ...] = (), *, attacker_joker: bool = False,
    defender_joker: bool = False,
) -> OpposedRoll:
    """Roll an opposed contest; see the module docs for the order of the dice.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> a, d = Combatant(id="a"), Combatant(id="d")
    >>> roll_opposed(ScriptedDice([3]), a, "agility", d, "agility").defender is None
    True
    >>> roll_opposed(ScriptedDice([5, 5]), a, "agility", d, "agility").attacker_wins
    False
    """
    first = roll_trait_of(dice, attacker, attacker_trait, attacker_trait.capitalize(),
                          attacker_modifiers, joker=attacker_joker)
    if not first.result.succeeded:
        return OpposedRoll(first, None)
    second = roll_trait_of(dice, defender, defender_trait, f"{defender_trait.capitalize()} "
                           "(opposed)", defender_modifiers, target=first.total,
                           joker=defender_joker)
    return OpposedRoll(first, second)
