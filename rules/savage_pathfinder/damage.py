"""Damage: rolling it, and what it does to the victim (the Shaken and Wounds table).

Rolling (:func:`roll_damage`): hand weapons roll the attacker's Strength die plus the weapon's
die, ranged weapons their fixed dice, an unarmed attacker his Strength die only (plus a d4 with
Brawler). Every damage die Aces; a raise on the attack adds +1d6, which Aces too; no Wild Die.
Dice are asked for in this order: Strength die, weapon dice left to right, Brawler d4, the
raise d6 - each followed by its Aces.

Effect (:func:`take_damage`), against Toughness less the Armor the weapon's AP ignores:

==============================  =====================  ===========================
Damage                          Victim unShaken         Victim already Shaken
==============================  =====================  ===========================
below Toughness                 no effect               no effect
success (0-3 over)              Shaken                  1 Wound, remains Shaken
1 raise (4-7 over)              1 Wound and Shaken      1 Wound, remains Shaken
n raises (4n to 4n+3 over)      n Wounds and Shaken     n Wounds, remains Shaken
==============================  =====================  ===========================

At most four Wounds from one hit unless the damage is catastrophic. Before Wounds are applied
the victim may Soak (:func:`battlemap.rules.savage_pathfinder.recovery.soak_roll`); soaking them all
removes Shaken too. Extras are Incapacitated by one Wound; Wild Cards take three and are
Incapacitated beyond that (their Wounds stay at three), then roll Vigor
(:func:`battlemap.rules.savage_pathfinder.incapacitation.incapacitation_roll`).

Examples
--------
>>> damage_result(total=13, toughness=5, already_shaken=False)
(2, 2)
>>> damage_result(total=6, toughness=5, already_shaken=True)
(0, 1)
"""

from __future__ import annotations

from dataclasses import replace

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import (
    DamageRolled,
    DieRoll,
    Event,
    Incapacitated,
    Modifier,
    Outcome,
    RollMade,
    Shaken,
    Soaked,
    StatusRemoved,
    Wounded,
)
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.expressions import DamageDice, roll_acing
from battlemap.rules.savage_pathfinder.incapacitation import incapacitation_roll
from battlemap.rules.savage_pathfinder.recovery import soak_roll
from battlemap.rules.savage_pathfinder.statblock import Combatant, Edge, Weapon

__all__ = ["WOUND_CAP", "damage_result", "roll_damage", "take_damage", "take_rolled_damage"]

WOUND_CAP = 4
"""No hit causes more than four Wounds, unless the damage is catastrophic."""


def roll_damage(
    dice: DiceSource, attacker: Combatant, weapon: Weapon, raise_: bool,
    modifiers: tuple[Modifier, ...] = (), *, brawler: bool = True,
) -> RollMade:
    """Roll the weapon's damage for ``attacker``; ``raise_`` adds the bonus d6.

    ``brawler`` False switches off the house default Brawler d4 (:class:`~.context.HouseRules`).
    """
    rolled: list[DieRoll] = []
    mods = list(modifiers)
    if weapon.damage.strength:
        strength = attacker.attribute("strength")
        rolled.append(roll_acing(dice, strength.sides, "Strength die (damage)"))
        mods += [Modifier(strength.bonus, f"Strength {strength}")] * bool(strength.bonus)
    for sides in weapon.damage.dice:
        rolled.append(roll_acing(dice, sides, f"{weapon.name} d{sides} (damage)"))
    if brawler and not weapon.damage.dice and weapon.range is None and \
            attacker.has_edge(Edge.BRAWLER):
        rolled.append(roll_acing(dice, 4, "Brawler d4 (damage)"))
    if raise_:
        rolled.append(roll_acing(dice, 6, "raise bonus d6 (damage)"))
    mods += [Modifier(weapon.damage.bonus, weapon.name)] * bool(weapon.damage.bonus)
    total = sum(d.total for d in rolled) + sum(m.value for m in mods)
    return RollMade(attacker.id, f"{weapon.name} damage", tuple(rolled), tuple(mods), total,
                    None, "")


def damage_result(total: int, toughness: int, already_shaken: bool,
                  catastrophic: bool = False) -> tuple[int, int]:
    """``(raises, wounds)`` of a damage total: the table above, capped at four Wounds."""
    if total < toughness:
        return 0, 0
    raises = (total - toughness) // 4
    wounds = raises if raises else int(already_shaken)
    return raises, wounds if catastrophic else min(wounds, WOUND_CAP)


def take_damage(
    dice: DiceSource, victim: Combatant, total: int, ap: int = 0, *,
    catastrophic: bool = False, soak_bennies: int = 0, soak_modifiers: tuple[Modifier, ...] = (),
    victim_joker: bool = False, arm: str | None = None,
) -> Outcome[Combatant]:
    """Apply a damage total to ``victim``: Shaken, Soak, Wounds, Incapacitation, in that order.

    ``soak_bennies`` is how many Bennies the victim will spend on one Soak and its rerolls.
    ``victim_joker``: the victim holds a Joker (+2 to his Soak and Incapacitation Vigor).
    ``arm``: the arm a Called Shot hit ("left", "right"), for the Injury Table's Arm result.
    """
    toughness = victim.toughness - min(ap, victim.armor)
    raises, wounds = damage_result(total, toughness, victim.condition.shaken, catastrophic)
    events: list[Event] = [DamageRolled(victim.id, total, toughness, raises)]
    if total < toughness:
        return Outcome(tuple(events), (victim,))
    if wounds and soak_bennies:
        soak = soak_roll(dice, victim, wounds, soak_bennies, soak_modifiers, joker=victim_joker)
        events += soak.events
        victim, wounds = soak.defender, wounds - soak.soaked
        if soak.soaked:
            events.append(Soaked(victim.id, soak.soaked, soak.soaked + wounds))
        if not wounds:
            return _soaked_all(victim, events)
    return _wound(dice, _shake(victim, events), wounds, events, victim_joker, arm)


def _soaked_all(victim: Combatant, events: list[Event]) -> Outcome[Combatant]:
    if victim.condition.shaken:
        events.append(StatusRemoved(victim.id, "Shaken"))
        victim = replace(victim, condition=replace(victim.condition, shaken=False))
    return Outcome(tuple(events), (victim,))


def _shake(victim: Combatant, events: list[Event]) -> Combatant:
    if victim.condition.shaken:
        return victim
    events.append(Shaken(victim.id))
    return replace(victim, condition=replace(victim.condition, shaken=True))


def _wound(dice: DiceSource, victim: Combatant, wounds: int, events: list[Event],
           joker: bool, arm: str | None) -> Outcome[Combatant]:
    if not wounds:
        return Outcome(tuple(events), (victim,))
    total = victim.condition.wounds + wounds
    kept = min(total, max(victim.max_wounds, 1))
    events.append(Wounded(victim.id, wounds, kept))
    out = total > victim.max_wounds
    victim = replace(victim, condition=replace(
        victim.condition, wounds=kept, incapacitated=victim.condition.incapacitated or out))
    if not out:
        return Outcome(tuple(events), (victim,))
    events.append(Incapacitated(victim.id))
    if not victim.wild_card:
        return Outcome(tuple(events), (victim,))
    vigor = incapacitation_roll(dice, victim, joker=joker, arm=arm)
    return Outcome((*events, *vigor.events), vigor.states)


def take_rolled_damage(
    dice: DiceSource, victim: Combatant, damage: DamageDice, source: str, *,
    catastrophic: bool = False, soak_bennies: int = 0, victim_joker: bool = False,
) -> Outcome[Combatant]:
    """Damage that is no attack (a fall, fire, lava): ``damage``'s dice, each Acing, plus its
    bonus, applied by :func:`take_damage`; ``catastrophic`` lifts the cap of four Wounds
    ("Ignore the cap for catastrophic damage such as falls from great heights, extreme
    environments such as lava"). Dice: each damage die with its Aces, then Soak and
    Incapacitation as :func:`take_damage` asks.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> hero = Combatant(id="h", wild_card=True)  # Toughness 5
    >>> lava = DamageDice(False, (10, 10, 10), 0)
    >>> out = take_rolled_damage(ScriptedDice([9, 9, 9, 1, 1]), hero, lava, "lava",
    ...                          catastrophic=True)
    >>> [e.wounds for e in out.events if isinstance(e, Wounded)]  # 27 vs 5: five raises
    [5]
    """
    if damage.strength:
        raise RulesError(f"{source}: damage that is no attack has no Strength die "
                         f"(write dice and a bonus, e.g. 2d6+2), not {str(damage)!r}")
    rolled = tuple(roll_acing(dice, sides, f"{source} d{sides}") for sides in damage.dice)
    bonus = (Modifier(damage.bonus, source),) if damage.bonus else ()
    total = sum(d.total for d in rolled) + damage.bonus
    event = RollMade(victim.id, f"{source} damage", rolled, bonus, total, None, "")
    taken = take_damage(dice, victim, total, catastrophic=catastrophic,
                        soak_bennies=soak_bennies, victim_joker=victim_joker)
    return Outcome((event, *taken.events), taken.states)
