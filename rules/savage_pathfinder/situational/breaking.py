"""Breaking Things: hitting an object, its Hardness, and damage without raises or Aces.

The attack's target number is the wielder's Parry if the object is held, or 2 if it is
motionless. A damage roll equal to or above the object's Hardness breaks it. Attacks against
solid objects get no bonus damage from raises and their damage dice don't Ace. Certain damage
types can't break certain objects (a club can't cut a rope): :data:`BREAKS_WITH` gives the
common-sense defaults for the Hardness table's objects (:func:`damage_type_problem` says why
not), or the GM says so with ``can_damage=False``.

Dice order for :func:`roll_object_damage`: the Strength die (hand weapons), then the weapon's
dice left to right, each rolled once.

Examples
--------
>>> HARDNESS["rope"], HARDNESS["iron lock"]
(4, 12)
>>> object_target_number(held_by_parry=None), object_target_number(held_by_parry=6)
(2, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from battlemap.rules.dice import DiceSource
from battlemap.rules.events import Modifier, RollMade
from battlemap.rules.savage_pathfinder.expressions import roll_plain
from battlemap.rules.savage_pathfinder.penalties import (
    condition_modifiers,
    holds_joker,
    joker_modifier,
)
from battlemap.rules.savage_pathfinder.statblock import Combatant, Weapon
from battlemap.rules.savage_pathfinder.traits import RolledTrait, roll_trait

__all__ = ["BREAKS_WITH", "HARDNESS", "DamageType", "ObjectDamage", "damage_type_problem",
           "object_target_number", "roll_item_damage", "roll_object_damage", "strike_object"]

HARDNESS = {
    "rope": 4, "web": 4, "net": 4,
    "bow": 6,
    "polearm": 8, "thin wooden door": 8, "thin wooden wall": 8,
    "shield": 10, "longsword": 10, "thick wooden door": 10, "thick wooden wall": 10,
    "iron lock": 12, "manacles": 12, "shackles": 12,
}
"""The Hardness table (webs and nets are "generally Hardness 4" like rope)."""


class DamageType(StrEnum):
    """What a weapon does to an object: cuts (an axe), pierces (a spear), or bludgeons."""

    CUTTING = "cutting"
    PIERCING = "piercing"
    BLUNT = "blunt"


_SOFT = frozenset({DamageType.CUTTING})
_WOOD = frozenset({DamageType.CUTTING, DamageType.BLUNT})
_METAL = frozenset({DamageType.BLUNT})
BREAKS_WITH = {
    "rope": _SOFT, "web": _SOFT, "net": _SOFT, "bow": _WOOD, "polearm": _WOOD,
    "thin wooden door": _WOOD, "thin wooden wall": _WOOD, "shield": _WOOD, "longsword": _METAL,
    "thick wooden door": _WOOD, "thick wooden wall": _WOOD, "iron lock": _METAL,
    "manacles": _METAL, "shackles": _METAL,
}
"""The damage types that can break each object of :data:`HARDNESS` ("Use common sense"): only
a blade cuts rope, webs and nets; wood is hewn or smashed; metal is only smashed. A point
breaks none of them. The GM may rule otherwise (an object not in the table takes any type)."""


def damage_type_problem(thing: str, damage: DamageType) -> str | None:
    """Why a ``damage`` attack cannot break ``thing`` ("A club can't cut a rope"), or None.

    Examples
    --------
    >>> damage_type_problem("rope", DamageType.BLUNT)
    "a blunt weapon can't break the rope (only cutting)"
    >>> damage_type_problem("thick wooden door", DamageType.CUTTING) is None
    True
    """
    able = BREAKS_WITH.get(thing)
    if able is None or damage in able:
        return None
    kinds = " or ".join(sorted(d.value for d in able))
    return f"a {damage.value} weapon can't break the {thing} (only {kinds})"


def object_target_number(held_by_parry: int | None) -> int:
    """The target number to hit an object: its wielder's Parry if held, 2 if motionless.

    Examples
    --------
    >>> object_target_number(5)
    5
    """
    return 2 if held_by_parry is None else held_by_parry


def strike_object(dice: DiceSource, attacker: Combatant, weapon: Weapon,
                  held_by_parry: int | None = None,
                  modifiers: tuple[Modifier, ...] = ()) -> RolledTrait:
    """The attack roll at an object (S20): Fighting with a melee or thrown weapon swung,
    Shooting with a ranged one, against :func:`object_target_number`; with the attacker's own
    modifiers (:func:`~battlemap.rules.savage_pathfinder.penalties.condition_modifiers`) and
    ``modifiers`` (the light).

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
    >>> axe = Weapon("Axe", DamageDice(True, (6,)))
    >>> hero = Combatant("h1", skills=(("fighting", TraitDie(6)),))
    >>> strike_object(ScriptedDice([2]), hero, axe).result.succeeded  # 2 vs TN 2
    True
    >>> strike_object(ScriptedDice([2]), hero, axe, held_by_parry=5).result.succeeded
    False
    """
    skill = "shooting" if weapon.range is not None and not weapon.thrown else "fighting"
    return roll_trait(dice, attacker.skill(skill), wild_card=attacker.wild_card,
                      purpose=f"{skill.title()} at the object", actor=attacker.id,
                      modifiers=(*condition_modifiers(attacker, trait=skill), *modifiers),
                      target=object_target_number(held_by_parry))


@dataclass(frozen=True, slots=True)
class ObjectDamage:
    """A damage roll against an object and whether it broke the object."""

    roll: RollMade
    hardness: int
    broken: bool


def roll_item_damage(
    dice: DiceSource, attacker: Combatant, weapon: Weapon, modifiers: tuple[Modifier, ...] = ()
) -> RollMade:
    """Damage against an item: the weapon's damage with no raise bonus and no Aces.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
    >>> sword = Weapon("Longsword", DamageDice(True, (8,)))
    >>> roll_item_damage(ScriptedDice([6, 8]), Combatant(id="h1"), sword).total
    14
    """
    rolled = []
    if weapon.damage.strength:
        rolled.append(roll_plain(dice, attacker.strength.sides, "Strength die (item damage)"))
    rolled += [roll_plain(dice, sides, f"{weapon.name} d{sides} (item damage)")
               for sides in weapon.damage.dice]
    bonus = attacker.strength.bonus * weapon.damage.strength + weapon.damage.bonus
    mods = (*((Modifier(bonus, weapon.name),) if bonus else ()),
            *joker_modifier(holds_joker(attacker)), *modifiers)
    total = sum(d.total for d in rolled) + sum(m.value for m in mods)
    return RollMade(attacker.id, f"{weapon.name} damage to an item", tuple(rolled), mods,
                    total, None, str(total))


def roll_object_damage(
    dice: DiceSource, attacker: Combatant, weapon: Weapon, hardness: int,
    modifiers: tuple[Modifier, ...] = (), can_damage: bool = True,
) -> ObjectDamage:
    """Damage against an object of ``hardness``: no raise bonus, no Aces; broken at Hardness.

    Examples
    --------
    >>> from battlemap.rules.dice import ScriptedDice
    >>> from battlemap.rules.savage_pathfinder.expressions import DamageDice
    >>> axe = Weapon("Axe", DamageDice(True, (6,)))
    >>> hit = roll_object_damage(ScriptedDice([6, 4]), Combatant(id="h1"), axe, HARDNESS["rope"])
    >>> hit.roll.total, hit.broken
    (10, True)
    """
    damage = roll_item_damage(dice, attacker, weapon, modifiers)
    broken = can_damage and damage.total >= hardness
    roll = replace(damage, purpose=f"{weapon.name} damage vs Hardness", target=hardness,
                   result="broken" if broken else "holds")
    return ObjectDamage(roll, hardness, broken)
