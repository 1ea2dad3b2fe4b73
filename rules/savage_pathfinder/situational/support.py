"""Support and Test: helping an ally's roll, or rattling a foe.

Support: the helper rolls a skill (an action in rounds). Success gives the ally +1 to one skill
total this round, a raise +2; a Critical Failure subtracts 2. All Support together gives at most
+4, except for Strength, which has no maximum; bonuses go at the end of the recipient's turn.

Test: the attacker's skill is opposed by the attribute it is linked to (Athletics and Fighting
by Agility, Taunt by Smarts, Intimidation by Spirit, ...). Winning makes the foe Distracted or
Vulnerable (the attacker's choice); with a raise he is also Shaken (a Shaken foe Shaken again by
a Test takes no Wound). Several dice (a high Rate of Fire) are all rolled but only the highest
counts. A hero's Parry bonus never adds to the Agility that resists a Fighting Test.

Both are actions (:mod:`~battlemap.rules.savage_pathfinder.acting`: not while Shaken, Stunned or
Incapacitated; a Bound character only with a verbal skill). A Test against a Vulnerable foe is
at +2 ("Actions ... against the target are made at +2"). The Joker's +2 reaches both rolls;
``light`` is the Illumination the roll is made in, which verbal Support and verbal Tests
ignore, and so does Support given to an adjacent ally ("A friendly, cooperative, adjacent
character in Pitch Darkness where touch and communication overcome lack of sight").

Dice order of :func:`perform_test`: the attacker's skill dice and Wild Die, then (if he reached
4) the defender's attribute die and Wild Die.

Examples
--------
>>> support_bonus([1, 2, 2]), support_bonus([2, 2, 2], strength=True)
(Modifier(value=4, reason='Support'), Modifier(value=6, reason='Support'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, Outcome, RollMade, Shaken
from battlemap.rules.savage_pathfinder.acting import check_may_act, is_physical_skill
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.penalties import SUPPORT_MAXIMUM, condition_modifiers
from battlemap.rules.savage_pathfinder.situational.illumination import (
    RollKind,
    illumination_modifier,
)
from battlemap.rules.savage_pathfinder.situational.maneuvers import vulnerable_target_modifier
from battlemap.rules.savage_pathfinder.situational.opposed import roll_trait_of, trait_die_of
from battlemap.rules.savage_pathfinder.situational.states import Timer, set_timed
from battlemap.rules.savage_pathfinder.statblock import Combatant
from battlemap.rules.savage_pathfinder.traits import TraitResult, roll_trait_dice

__all__ = ["DETAILS_MODIFIER", "LINKED_ATTRIBUTE", "SUPPORT_MAXIMUM", "perform_test",
           "support_bonus", "support_roll"]

DETAILS_MODIFIER = Modifier(2, "telling details")
"""A Test that uses the details ("a shameful secret to hit a rival's ego where it hurts ...
might be worth a +2 bonus to the attacker"): the GM's call, passed in ``modifiers``."""

LINKED_ATTRIBUTE = {
    "athletics": "agility", "fighting": "agility", "shooting": "agility", "stealth": "agility",
    "thievery": "agility", "riding": "agility", "boating": "agility", "taunt": "smarts",
    "notice": "smarts", "survival": "smarts", "occult": "smarts", "academics": "smarts",
    "battle": "smarts", "intimidation": "spirit", "persuasion": "spirit", "performance": "spirit",
}
"""The attribute each skill is linked to, which resists it in a Test."""

_SUPPORT_BONUS = {TraitResult.CRITICAL_FAILURE: -2, TraitResult.FAILURE: 0,
                  TraitResult.SUCCESS: 1, TraitResult.RAISE: 2}


def _light(light: Illumination, skill: str, verbal: RollKind) -> tuple[Modifier, ...]:
    kind = RollKind.OTHER_ACTIVE if is_physical_skill(skill) else verbal
    found = illumination_modifier(light, 1.0, kind)
    return (found,) if found else ()


def support_roll(dice: DiceSource, helper: Combatant, skill: str,
                 modifiers: tuple[Modifier, ...] = (), *, joker: bool = False,
                 light: Illumination = Illumination.BRIGHT,
                 adjacent_ally: bool = False) -> tuple[RollMade, int]:
    """The helper's Support roll and the bonus it gives: -2, 0, +1 or +2; ``adjacent_ally``:
    the ally stands next to the helper (touch overcomes the dark: no light penalty).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> paladin = Combatant(id="p", wild_card=True, skills=(("riding", TraitDie(8)),))
    >>> support_roll(ScriptedDice([8, 2, 3]), paladin, "riding")[1]
    2
    """
    check_may_act(helper, "support", physical=is_physical_skill(skill))
    dark = () if adjacent_ally else _light(light, skill, RollKind.VERBAL_SUPPORT)
    roll = roll_trait_of(dice, helper, skill, f"{skill.capitalize()} (Support)",
                         dark + modifiers, joker=joker)
    return roll.event, _SUPPORT_BONUS[roll.result]


def support_bonus(bonuses: Sequence[int], strength: bool = False) -> Modifier | None:
    """The total Support on the recipient's roll: at most +4, except for Strength."""
    total = sum(bonuses)
    if not strength:
        total = min(total, SUPPORT_MAXIMUM)
    return Modifier(total, "Support") if total else None


def perform_test(
    dice: DiceSource, attacker: Combatant, skill: str, defender: Combatant, effect: str,
    timers: tuple[Timer, ...], *, dice_count: int = 1, modifiers: tuple[Modifier, ...] = (),
    during_defender_turn: bool = False, joker: bool = False,
    light: Illumination = Illumination.BRIGHT,
) -> tuple[Outcome[Combatant], tuple[Timer, ...]]:
    """A Test of ``defender`` with ``skill``; ``effect`` is "Distracted" or "Vulnerable".

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> bard = Combatant(id="b", skills=(("taunt", TraitDie(8)),))
    >>> out, timers = perform_test(ScriptedDice([8, 1, 2]), bard, "taunt", Combatant(id="o"),
    ...                    "Distracted", ())
    >>> out.states[0].condition.distracted, out.states[0].condition.shaken
    (True, True)
    """
    check_may_act(attacker, f"Test {defender.id}", physical=is_physical_skill(skill))
    vulnerable = vulnerable_target_modifier(defender.condition, the_drop=False)
    own = (*condition_modifiers(attacker, joker=joker, trait=skill),
           *_light(light, skill, RollKind.VERBAL_TEST), *((vulnerable,) if vulnerable else ()))
    best = roll_trait_dice(dice, trait_die_of(attacker, skill), dice_count,
                           wild_card=attacker.wild_card, purpose=f"{skill.capitalize()} (Test)",
                           actor=attacker.id, modifiers=own + modifiers)[0]
    if not best.result.succeeded:
        return Outcome((best.event,), (defender,)), timers
    attribute = LINKED_ATTRIBUTE.get(skill.lower(), "smarts")
    resist = roll_trait_of(dice, defender, attribute, f"{attribute.capitalize()} (resist Test)",
                           target=best.total)
    if best.total <= resist.total:
        return Outcome((best.event, resist.event), (defender,)), timers
    hit, timers = set_timed(defender, effect, timers, during_defender_turn)
    shaken = _shaken_by_raise(hit.states[0], best.total - resist.total >= 4)
    events = (best.event, resist.event, *hit.events, *shaken.events)
    return Outcome(events, shaken.states), timers


def _shaken_by_raise(defender: Combatant, raise_: bool) -> Outcome[Combatant]:
    if not raise_ or defender.condition.shaken:
        return Outcome((), (defender,))
    shaken = replace(defender, condition=replace(defender.condition, shaken=True))
    return Outcome((Shaken(defender.id),), (shaken,))
