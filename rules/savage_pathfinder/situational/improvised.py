"""Improvised Weapons: light, medium and heavy objects pressed into service as weapons.

Characters with improvised weapons count as armed but subtract 2 from attack rolls. Light
(beer stein, fist-sized rock): Range 3/6/12, Str+d4, Min Str d4. Medium (hammer, chair): Range
2/4/8, Str+d6, Min Str d6. Heavy (head-size rock, log): Range 1/2/4, Str+d8, Min Str d8.

Examples
--------
>>> chair = improvised_weapon(ImprovisedWeight.MEDIUM, "wooden chair")
>>> str(chair.damage), chair.range, str(chair.min_str)
('str+d6', (2, 4, 8), 'd6')
>>> IMPROVISED_MODIFIER
Modifier(value=-2, reason='improvised weapon')
>>> improvised_named("Improvised (Heavy)").range, improvised_named("Longsword") is None
((1, 2, 4), True)
"""

from __future__ import annotations

from enum import StrEnum

from battlemap.rules.events import Modifier
from battlemap.rules.savage_pathfinder.expressions import DamageDice, TraitDie
from battlemap.rules.savage_pathfinder.statblock import Weapon

__all__ = ["IMPROVISED_MODIFIER", "IMPROVISED_NAMES", "ImprovisedWeight", "improvised_named",
           "improvised_weapon"]

IMPROVISED_MODIFIER = Modifier(-2, "improvised weapon")
"""The attack penalty for an improvised weapon, thrown or swung."""


class ImprovisedWeight(StrEnum):
    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


_PROFILE = {
    ImprovisedWeight.LIGHT: ((3, 6, 12), 4),
    ImprovisedWeight.MEDIUM: ((2, 4, 8), 6),
    ImprovisedWeight.HEAVY: ((1, 2, 4), 8),
}


def improvised_weapon(weight: ImprovisedWeight, name: str) -> Weapon:
    """The weapon an improvised object of ``weight`` makes; it can be swung or thrown.

    Examples
    --------
    >>> log = improvised_weapon(ImprovisedWeight.HEAVY, "log")
    >>> log.name, str(log.damage), log.range, log.thrown
    ('log', 'str+d8', (1, 2, 4), True)
    """
    ranges, die = _PROFILE[weight]
    return Weapon(name=name, damage=DamageDice(strength=True, dice=(die,)), range=ranges,
                  min_str=TraitDie(die), thrown=True)


IMPROVISED_NAMES = {f"Improvised ({weight.value.title()})": weight for weight in ImprovisedWeight}
"""The weapon names any token may pick without a stat block entry: "Improvised (Light)", ..."""


def improvised_named(name: str) -> Weapon | None:
    """The improvised weapon ``name`` picks (one of :data:`IMPROVISED_NAMES`, case ignored),
    or None for any other name.

    Examples
    --------
    >>> stein = improvised_named("improvised (light)")
    >>> stein.name, str(stein.damage), str(stein.min_str)
    ('Improvised (Light)', 'str+d4', 'd4')
    """
    for known, weight in IMPROVISED_NAMES.items():
        if known.lower() == name.strip().lower():
            return improvised_weapon(weight, known)
    return None
