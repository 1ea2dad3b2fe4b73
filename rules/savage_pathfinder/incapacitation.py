"""Incapacitation, the Injury Table and Bleeding Out.

A Wild Card Incapacitated by damage makes an immediate Vigor roll: Critical Failure, he dies;
failure, a permanent Injury and Bleeding Out; success, an Injury that lasts until all Wounds are
healed; raise, one that lasts 24 hours or until the Wounds are healed. The Injury Table is 2d6
(no Aces): 2 Unmentionables, 3-4 Arm (d6: 1-3 left, 4-6 right), 5-9 Guts (d6: 1-2 Broken,
3-4 Battered, 5-6 Busted), 10-11 Leg, 12 Head (d6: 1-3 Hideous Scar, 4-5 Blinded, 6 Brain
Damage). A character Bleeding Out rolls Vigor at the start of each turn: failure he dies,
success he rolls again next turn, raise he stabilises; an ally's successful Healing roll
stabilises him too.

Every roll takes the roller's Wounds, Fatigue and Distracted and, with ``joker=True``, the
Joker's +2. An arm hit by a Called Shot (``arm``) is the Arm result's side, not rolled.

An Incapacitated character rolls Vigor each day (:func:`daily_recovery_roll`) and is no longer
Incapacitated on a success.

Dice order of :func:`incapacitation_roll`: the Vigor die and Wild Die, then (unless he dies) the
two Injury Table d6s, then the sub-table d6 if the result has one.

Examples
--------
>>> from battlemap.rules.dice import ScriptedDice
>>> injury, events = roll_injury(ScriptedDice([3, 4, 5]), InjuryLasts.PERMANENT, "h1")
>>> injury.name, injury.lowers
('Guts: Busted (Strength -1 die type)', 'strength')
"""

from __future__ import annotations

from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import (
    Died,
    Event,
    InjuryRolled,
    Modifier,
    Outcome,
    RollMade,
    StatusAdded,
    StatusRemoved,
)
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.acting import check_may_act
from battlemap.rules.savage_pathfinder.expressions import roll_plain
from battlemap.rules.savage_pathfinder.penalties import condition_modifiers
from battlemap.rules.savage_pathfinder.situational.fatigue import treat_incapacitation
from battlemap.rules.savage_pathfinder.statblock import Combatant, Injury, InjuryLasts
from battlemap.rules.savage_pathfinder.traits import TraitResult, roll_trait

__all__ = ["bleeding_out_roll", "daily_recovery_roll", "incapacitation_roll", "roll_injury",
           "stabilise", "treat_fatigue"]

_LASTS = {TraitResult.FAILURE: InjuryLasts.PERMANENT, TraitResult.SUCCESS: InjuryLasts.UNTIL_HEALED,
          TraitResult.RAISE: InjuryLasts.DAY}
_GUTS = {1: "Broken", 2: "Broken", 3: "Battered", 4: "Battered", 5: "Busted", 6: "Busted"}
_GUTS_LOWERS = {"Broken": "agility", "Battered": "vigor", "Busted": "strength"}
_HEAD = {1: "Hideous Scar (Ugly, Major)", 2: "Hideous Scar (Ugly, Major)",
         3: "Hideous Scar (Ugly, Major)", 4: "Blinded (One Eye)", 5: "Blinded (One Eye)",
         6: "Brain Damage (Smarts -1 die type)"}


def roll_injury(dice: DiceSource, lasts: InjuryLasts, actor: str,
                arm: str | None = None) -> tuple[Injury, list[Event]]:
    """Roll on the Injury Table (2d6, then a d6 where the table says so).

    ``arm`` ("left" or "right") is the targeted arm: the Arm result rolls no side then.
    """
    if arm not in (None, "left", "right"):
        raise RulesError(f"arm: {arm!r}, not left or right")
    first, second = (roll_plain(dice, 6, f"Injury Table d6 {n}") for n in (1, 2))
    total = first.total + second.total
    events: list[Event] = [RollMade(actor, "Injury Table", (first, second), (), total, None, "")]
    if total == 2:
        return Injury("Unmentionables", lasts), events
    if total in (10, 11):
        return Injury("Leg (Slow, or Major if already Slow or injured in a leg)", lasts), events
    if 5 <= total <= 9:
        kind = _GUTS[_sub_roll(dice, "Guts", actor, events)]
        attribute = _GUTS_LOWERS[kind]
        return Injury(f"Guts: {kind} ({attribute.title()} -1 die type)", lasts, attribute), events
    if total == 12:
        head = _HEAD[_sub_roll(dice, "Head", actor, events)]
        lowers = "smarts" if head.startswith("Brain") else None
        return Injury(f"Head: {head}", lasts, lowers), events
    side = arm or ("left" if _sub_roll(dice, "Arm (1-3 left, 4-6 right)", actor, events) <= 3
                   else "right")
    return Injury(f"Arm: {side} arm unusable", lasts), events


def _sub_roll(dice: DiceSource, table: str, actor: str, events: list[Event]) -> int:
    die = roll_plain(dice, 6, f"Injury Table: {table} d6")
    events.append(RollMade(actor, f"Injury Table: {table}", (die,), (), die.total, None, ""))
    return die.total


def _own(victim: Combatant, joker: bool, modifiers: tuple[Modifier, ...],
         trait: str = "vigor") -> tuple[Modifier, ...]:
    return (*condition_modifiers(victim, joker=joker, trait=trait), *modifiers)


def incapacitation_roll(
    dice: DiceSource, victim: Combatant, modifiers: tuple[Modifier, ...] = (), *,
    joker: bool = False, arm: str | None = None,
) -> Outcome[Combatant]:
    """The Vigor roll of a Wild Card just Incapacitated by damage or injury."""
    roll = roll_trait(dice, victim.attribute("vigor"), wild_card=victim.wild_card,
                      actor=victim.id, purpose="Vigor (Incapacitated)",
                      modifiers=_own(victim, joker, modifiers))
    if roll.result is TraitResult.CRITICAL_FAILURE:
        dead = replace(victim, condition=replace(victim.condition, dead=True))
        return Outcome((roll.event, Died(victim.id)), (dead,))
    injury, events = roll_injury(dice, _LASTS[roll.result], victim.id, arm)
    bleeding = roll.result is TraitResult.FAILURE
    condition = replace(victim.condition, injuries=(*victim.condition.injuries, injury),
                        bleeding_out=victim.condition.bleeding_out or bleeding)
    events.append(InjuryRolled(victim.id, injury.name, injury.lasts.value))
    if bleeding and not victim.condition.bleeding_out:
        events.append(StatusAdded(victim.id, "Bleeding Out"))
    return Outcome((roll.event, *events), (replace(victim, condition=condition),))


def bleeding_out_roll(
    dice: DiceSource, victim: Combatant, modifiers: tuple[Modifier, ...] = (), *,
    joker: bool = False,
) -> Outcome[Combatant]:
    """The Vigor roll at the start of the turn of a character Bleeding Out."""
    roll = roll_trait(dice, victim.attribute("vigor"), wild_card=victim.wild_card,
                      actor=victim.id, purpose="Vigor (Bleeding Out)",
                      modifiers=_own(victim, joker, modifiers))
    if not roll.result.succeeded:
        dead = replace(victim, condition=replace(victim.condition, dead=True))
        return Outcome((roll.event, Died(victim.id)), (dead,))
    if roll.result is TraitResult.RAISE:
        return Outcome((roll.event, *_stable(victim).events), _stable(victim).states)
    return Outcome((roll.event,), (victim,))


def stabilise(
    dice: DiceSource, healer: Combatant, victim: Combatant, modifiers: tuple[Modifier, ...] = (),
    *, joker: bool = False,
) -> Outcome[Combatant]:
    """An ally's Healing roll (an action): success stops the victim Bleeding Out."""
    check_may_act(healer, f"stabilise {victim.id}")
    roll = roll_trait(dice, healer.skill("healing"), wild_card=healer.wild_card, actor=healer.id,
                      purpose="Healing (stop the Bleeding Out)",
                      modifiers=_own(healer, joker, modifiers, "healing"))
    if not roll.result.succeeded:
        return Outcome((roll.event,), (victim,))
    stable = _stable(victim)
    return Outcome((roll.event, *stable.events), stable.states)


def treat_fatigue(
    dice: DiceSource, healer: Combatant, victim: Combatant, modifiers: tuple[Modifier, ...] = (),
    *, joker: bool = False,
) -> Outcome[Combatant]:
    """The Healing roll of a treatment (food, water, ...) of a victim Incapacitated by Fatigue
    (S63: "If treatment is possible ... and a Healing roll is made, the character improves to
    Exhausted"); ``RulesError`` when Fatigue has not Incapacitated him.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> from battlemap.rules.savage_pathfinder.statblock import Condition
    >>> medic = Combatant("m", skills=(("healing", TraitDie(6)),))
    >>> spent = Combatant("v", condition=Condition(fatigue=3, incapacitated=True))
    >>> after = treat_fatigue(ScriptedDice([4]), medic, spent).states[0].condition
    >>> after.fatigue, after.incapacitated
    (2, False)
    """
    check_may_act(healer, f"treat {victim.id}")
    if victim.condition.fatigue < 3:
        raise RulesError(f"{victim.id} is not Incapacitated by Fatigue")
    roll = roll_trait(dice, healer.skill("healing"), wild_card=healer.wild_card, actor=healer.id,
                      purpose="Healing (treat Fatigue)",
                      modifiers=_own(healer, joker, modifiers, "healing"))
    if not roll.result.succeeded:
        return Outcome((roll.event,), (victim,))
    levels = treat_incapacitation(victim.condition.fatigue, healing_succeeded=True)
    treated = replace(victim, condition=replace(victim.condition, fatigue=levels,
                                                incapacitated=False))
    return Outcome((roll.event, StatusRemoved(victim.id, "Incapacitated")), (treated,))


def daily_recovery_roll(
    dice: DiceSource, victim: Combatant, modifiers: tuple[Modifier, ...] = ()
) -> Outcome[Combatant]:
    """The daily Vigor roll of an Incapacitated character: success ends Incapacitation."""
    roll = roll_trait(dice, victim.attribute("vigor"), wild_card=victim.wild_card,
                      actor=victim.id, purpose="Vigor (daily recovery)",
                      modifiers=_own(victim, False, modifiers))
    if not roll.result.succeeded:
        return Outcome((roll.event,), (victim,))
    awake = replace(victim, condition=replace(victim.condition, incapacitated=False))
    return Outcome((roll.event, StatusRemoved(victim.id, "Incapacitated")), (awake,))


def _stable(victim: Combatant) -> Outcome[Combatant]:
    condition = replace(victim.condition, bleeding_out=False)
    return Outcome((StatusRemoved(victim.id, "Bleeding Out"),),
                   (replace(victim, condition=condition),))
