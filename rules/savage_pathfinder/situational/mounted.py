"""Mounted Combat: horsemanship, falling, wounded mounts, charging and setting weapons.

- Mounts aren't dealt Action Cards; they act (and may attack) on their rider's.
- Horsemanship: a rider fights with the lower of his Fighting and Riding.
- Falling: a rider Shaken, Stunned or Wounded while mounted, or whose mount is Incapacitated,
  rolls Riding or falls; when a mount is Shaken or Wounded it rears, with the same roll. A fall
  from a running mount deals 2d4 (2d6 on a Critical Failure), more dice for fast or flying
  mounts or rough ground; the rider lands prone.
- Charging: +4 damage on a successful Fighting attack after moving 5" or more in a fairly
  straight line toward the foe. Setting weapons: against a charge, whoever has the most Reach
  adds +2 to the opposed Athletics roll to interrupt (Hold), and the winner, if he hits, adds
  the +4 charge bonus.

Dice order of :func:`fall_check`: the Riding die and Wild Die; on a fall from a running mount
the falling damage dice (with Aces), then the engine's Soak and Incapacitation dice.

Examples
--------
>>> charge_modifier(6.0)
Modifier(value=4, reason='charging mount')
>>> setting_weapon_modifiers(setter_reach=2, rider_reach=1)
(Modifier(value=2, reason='most Reach'), None)
"""

from __future__ import annotations

from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Event, Modifier, Outcome, RollMade, StatusAdded
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.damage import take_damage
from battlemap.rules.savage_pathfinder.expressions import roll_acing
from battlemap.rules.savage_pathfinder.situational.opposed import roll_trait_of
from battlemap.rules.savage_pathfinder.statblock import Combatant, Condition
from battlemap.rules.savage_pathfinder.traits import TraitResult

__all__ = ["CHARGE_DISTANCE", "charge_modifier", "fall_check", "horsemanship", "seat_at_risk",
           "set_weapon_damage", "setting_weapon_modifiers"]

CHARGE_DISTANCE = 5.0
"""A charge needs at least 5" (10 yards) of fairly straight movement toward the foe."""


def horsemanship(rider: Combatant) -> Combatant:
    """The rider as he fights mounted: Fighting becomes the lower of Fighting and Riding.

    Examples
    --------
    >>> from battlemap.rules.savage_pathfinder.expressions import TraitDie
    >>> knight = Combatant(id="k", skills=(("fighting", TraitDie(10)), ("riding", TraitDie(6))))
    >>> horsemanship(knight).skill("fighting")
    TraitDie(sides=6, bonus=0)
    """
    fighting, riding = rider.skill("fighting"), rider.skill("riding")
    if fighting is None or riding is None:
        lower = None
    else:
        lower = min(fighting, riding, key=lambda die: (die.sides, die.bonus))
    skills = tuple((name, die) for name, die in rider.skills if name != "fighting")
    if lower is not None:
        skills += (("fighting", lower),)
    return replace(rider, skills=skills)


def seat_at_risk(rider_before: Condition, rider_after: Condition, mount_before: Condition,
                 mount_after: Condition) -> bool:
    """Whether the rider must roll Riding: he was Shaken, Stunned or Wounded, or the mount was
    Shaken, Wounded (it rears) or Incapacitated.

    Examples
    --------
    >>> seat_at_risk(Condition(), Condition(), Condition(), Condition(wounds=1))
    True
    >>> seat_at_risk(Condition(), Condition(), Condition(), Condition())
    False
    """
    def hurt(before: Condition, after: Condition) -> bool:
        return ((after.shaken and not before.shaken) or after.wounds > before.wounds
                or (after.incapacitated and not before.incapacitated))
    stunned = rider_after.stunned and not rider_before.stunned
    return stunned or hurt(rider_before, rider_after) or hurt(mount_before, mount_after)


def fall_check(
    dice: DiceSource, rider: Combatant, mount_running: bool, extra_dice: int = 0,
    soak_bennies: int = 0,
) -> Outcome[Combatant]:
    """The Riding roll to stay mounted; a fall leaves the rider prone, hurt if it was running.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> out = fall_check(ScriptedDice([1, 3, 2]), Combatant(id="r"), mount_running=True)
    >>> out.events[2].total, out.states[0].condition.prone
    (5, True)
    """
    roll = roll_trait_of(dice, rider, "riding", "Riding (stay mounted)")
    if roll.result.succeeded:
        return Outcome((roll.event,), (rider,))
    fallen = replace(rider, condition=replace(rider.condition, prone=True))
    events: list[Event] = [roll.event, StatusAdded(rider.id, "fallen (prone)")]
    if not mount_running:
        return Outcome(tuple(events), (fallen,))
    sides = 6 if roll.result is TraitResult.CRITICAL_FAILURE else 4
    rolled = tuple(roll_acing(dice, sides, f"falling d{sides}") for _ in range(2 + extra_dice))
    total = sum(d.total for d in rolled)
    events.append(RollMade(rider.id, "falling damage", rolled, (), total, None, str(total)))
    taken = take_damage(dice, fallen, total, soak_bennies=soak_bennies)
    return Outcome((*events, *taken.events), taken.states)


def charge_modifier(straight_run: float) -> Modifier | None:
    """+4 damage for a rider (or a set weapon's wielder) against a charge of 5" or more.

    Examples
    --------
    >>> charge_modifier(4.5) is None
    True
    """
    return Modifier(4, "charging mount") if straight_run >= CHARGE_DISTANCE else None


def setting_weapon_modifiers(
    setter_reach: int, rider_reach: int
) -> tuple[Modifier | None, Modifier | None]:
    """+2 on the interrupt roll for whoever has the most Reach: (setter's, rider's).

    A weapon needs Reach 1 or more to be set against a charge.

    Examples
    --------
    >>> setting_weapon_modifiers(1, 2)
    (None, Modifier(value=2, reason='most Reach'))
    """
    if setter_reach < 1:
        raise ValueError("only a weapon with Reach 1 or more can be set against a charge")
    most = Modifier(2, "most Reach")
    if setter_reach == rider_reach:
        return None, None
    return (most, None) if setter_reach > rider_reach else (None, most)


def set_weapon_damage(weapon_reach: int) -> Modifier:
    """The +4 charge bonus a weapon set against a charge adds to its wielder's damage when he
    wins the interrupt and hits ("whether he's the rider or not"); Reach 1 or more only.

    Examples
    --------
    >>> set_weapon_damage(1)
    Modifier(value=4, reason='set against the charge')
    >>> set_weapon_damage(0)
    Traceback (most recent call last):
    ...
    battlemap.rules.registry.RulesError: only a weapon with Reach 1 or more can be set against a \
charge
    """
    if weapon_reach < 1:
        raise RulesError("only a weapon with Reach 1 or more can be set against a charge")
    return Modifier(4, "set against the charge")
