"""Getting back into the fight: Shaken recovery, Bennies against Shaken, and Soak rolls.

- At the start of his turn a Shaken character rolls Spirit (a free action): success removes
  Shaken (:func:`recover_from_shaken`). It "may only be tried once" a turn.
- A Benny removes Shaken at any time (:func:`unshake_with_benny`).
- Soak (:func:`soak_roll`): after damage but before Wounds are applied the defender may spend a
  Benny for a Vigor roll; a success and each raise remove one Wound of that attack. One Soak per
  attack, but further Bennies may reroll it (the best roll counts). Wound penalties he is about
  to suffer do not count; those he already has do.

Every roll here takes the roller's Wounds, Fatigue and Distracted
(:func:`~battlemap.rules.savage_pathfinder.penalties.condition_modifiers`) and, with ``joker=True``,
the Joker's +2.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition
>>> hero = Combatant("h1", wild_card=True, condition=Condition(shaken=True), bennies=1)
>>> outcome = recover_from_shaken(ScriptedDice([5, 2]), hero)
>>> outcome.states[0].condition.shaken, [type(e).__name__ for e in outcome.events]
(False, ['RollMade', 'StatusRemoved'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import BennySpent, Event, Modifier, Outcome, StatusRemoved
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.penalties import condition_modifiers
from battlemap.rules.savage_pathfinder.statblock import Combatant
from battlemap.rules.savage_pathfinder.traits import roll_trait

__all__ = ["SoakResult", "recover_from_shaken", "soak_roll", "unshake_with_benny"]


def recover_from_shaken(
    dice: DiceSource, combatant: Combatant, modifiers: tuple[Modifier, ...] = (), *,
    joker: bool = False, tried_this_turn: bool = False,
) -> Outcome[Combatant]:
    """The Spirit roll at the start of a Shaken character's turn; no roll if not Shaken.

    ``RulesError`` when ``tried_this_turn``: the roll "may only be tried once".
    """
    if not combatant.condition.shaken:
        return Outcome((), (combatant,))
    if tried_this_turn:
        raise RulesError(f"{combatant.id} already tried to recover from Shaken this turn "
                         "(it may only be tried once)")
    roll = roll_trait(dice, combatant.attribute("spirit"), wild_card=combatant.wild_card,
                      actor=combatant.id, purpose="Spirit (recover from Shaken)",
                      modifiers=(*condition_modifiers(combatant, joker=joker, trait="spirit"),
                                 *modifiers))
    if not roll.result.succeeded:
        return Outcome((roll.event,), (combatant,))
    recovered = replace(combatant, condition=replace(combatant.condition, shaken=False))
    return Outcome((roll.event, StatusRemoved(combatant.id, "Shaken")), (recovered,))


def unshake_with_benny(combatant: Combatant) -> Outcome[Combatant]:
    """Spend a Benny to remove Shaken; ``RulesError`` when not Shaken or out of Bennies.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> hero = Combatant("h1", bennies=2, condition=Condition(shaken=True))
    >>> unshake_with_benny(hero).states[0].bennies
    1
    """
    if not combatant.condition.shaken:
        raise RulesError(f"{combatant.id} is not Shaken")
    if combatant.bennies < 1:
        raise RulesError(f"{combatant.id} has no Bennies left")
    condition = replace(combatant.condition, shaken=False)
    events = (BennySpent(combatant.id, "remove Shaken"), StatusRemoved(combatant.id, "Shaken"))
    return Outcome(events, (replace(combatant, bennies=combatant.bennies - 1,
                                    condition=condition),))


@dataclass(frozen=True, slots=True)
class SoakResult:
    """The Soak's events, the Wounds it removed, and the defender with his Bennies spent."""

    events: tuple[Event, ...]
    soaked: int
    defender: Combatant


def soak_roll(
    dice: DiceSource, defender: Combatant, wounds: int, bennies: int,
    modifiers: tuple[Modifier, ...] = (), *, joker: bool = False,
) -> SoakResult:
    """Spend up to ``bennies`` Bennies (one Soak, then rerolls) against ``wounds`` Wounds.

    Rolls stop as soon as every Wound is soaked or the Bennies to spend run out.
    """
    events: list[Event] = []
    best, spent = 0, 0
    while spent < min(bennies, defender.bennies) and best < wounds:
        spent += 1
        events.append(BennySpent(defender.id, "Soak" if spent == 1 else "reroll the Soak"))
        roll = roll_trait(dice, defender.attribute("vigor"), wild_card=defender.wild_card,
                          actor=defender.id, purpose="Vigor (Soak)",
                          modifiers=(*condition_modifiers(defender, joker=joker, trait="vigor"),
                                     *modifiers))
        events.append(roll.event)
        best = max(best, 1 + roll.raises if roll.result.succeeded else 0)
    spent_defender = replace(defender, bennies=defender.bennies - spent)
    return SoakResult(tuple(events), min(best, wounds), spent_defender)
