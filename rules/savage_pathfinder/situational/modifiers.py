"""Attack modifiers that depend on where and how the attack is made.

The engine (:mod:`battlemap.rules.savage_pathfinder.modifiers`) already turns the Cover category,
the hand/head/vitals/limb Called Shots, Aim, Wild Attack and Desperate Attack of an
:class:`~battlemap.rules.savage_pathfinder.context.AttackContext` into modifiers. This module
supplies what it needs from the map (the Cover category from the measured fraction, a prone target
as Medium Cover) and the rules it does not cover: Called Shots at a face, an item or an unarmored
area, Aim's stillness, Unstable Platform, Touch Attack, Two Weapons, Unarmed Defender and
Off-Hand Attacks. Each returns :class:`~battlemap.rules.events.Modifier` values for the roll
breakdown, or None.

Examples
--------
>>> cover_from_fraction(0.5)
<Cover.MEDIUM: 'medium'>
>>> precise_shot_modifier(PreciseShot.FACE).value, touch_attack_modifier().value
(-5, 2)
"""

from __future__ import annotations

from enum import StrEnum

from battlemap.rules.events import Modifier
from battlemap.rules.registry import RulesError
from battlemap.rules.savage_pathfinder.context import Cover
from battlemap.rules.savage_pathfinder.modifiers import COVER_PENALTY
from battlemap.rules.savage_pathfinder.situational.scale import Scale
from battlemap.rules.savage_pathfinder.statblock import off_hand_parry

__all__ = [
    "PreciseShot", "check_aiming", "cover_from_fraction", "effective_cover", "face_armor_bypass",
    "off_hand_modifier",
    "off_hand_parry", "precise_shot_damage", "precise_shot_modifier", "touch_attack_modifier",
    "two_weapons_modifier", "unarmed_defender_modifier", "unstable_platform_modifier",
]

_COVER_FROM = ((0.9, Cover.NEAR_TOTAL), (0.75, Cover.HEAVY), (0.5, Cover.MEDIUM),
               (0.25, Cover.LIGHT))


def cover_from_fraction(fraction: float) -> Cover:
    """The Cover category for the measured fraction of the target that is obscured.

    Cover: a quarter obscured is Light, half Medium, three-quarters Heavy; "hidden or barely
    visible" is Near Total, taken here as nine-tenths or more.

    Examples
    --------
    >>> [cover_from_fraction(f).name for f in (0.2, 0.25, 0.6, 0.8, 0.95)]
    ['NONE', 'LIGHT', 'MEDIUM', 'HEAVY', 'NEAR_TOTAL']
    """
    if not 0.0 <= fraction <= 1.0:
        raise ValueError(f"cover fraction must be between 0 and 1, not {fraction}")
    return next((cover for least, cover in _COVER_FROM if fraction >= least), Cover.NONE)


def effective_cover(cover: Cover, target_prone: bool, ranged: bool, distance: float) -> Cover:
    """Cover, or Medium Cover (-4) for a prone target shot at from 3" or more if that is worse.

    Prone: ranged attacks suffer -4 against prone targets from 3" or greater, which "does not
    stack with Cover"; the Cover table lists a prone target as Medium Cover.

    Examples
    --------
    >>> effective_cover(Cover.LIGHT, True, ranged=True, distance=5)
    <Cover.MEDIUM: 'medium'>
    >>> effective_cover(Cover.LIGHT, True, ranged=True, distance=2)
    <Cover.LIGHT: 'light'>
    >>> effective_cover(Cover.HEAVY, True, ranged=True, distance=5)
    <Cover.HEAVY: 'heavy'>
    """
    prone_counts = target_prone and ranged and distance >= 3
    if prone_counts and COVER_PENALTY[cover] > COVER_PENALTY[Cover.MEDIUM]:
        return Cover.MEDIUM
    return cover


class PreciseShot(StrEnum):
    """Called Shots beyond the engine's hand, head, vitals and limb."""

    FACE = "face in an open helmet"
    ITEM = "item"
    UNARMORED_AREA = "unarmored area"


def precise_shot_modifier(shot: PreciseShot, part_scale: Scale | None = None) -> Modifier:
    """The attack penalty of a Called Shot at a face, an item or an unarmored area.

    A face in an open-faced helmet is -5. Items and unarmored areas take the Scale modifier of
    their own size (``part_scale``): a dagger-sized item is Very Small (-4), a helmet's eye slit
    Tiny (-6).

    Examples
    --------
    >>> precise_shot_modifier(PreciseShot.FACE)
    Modifier(value=-5, reason='Called Shot: face in an open helmet')
    >>> precise_shot_modifier(PreciseShot.UNARMORED_AREA, Scale.TINY)
    Modifier(value=-6, reason='Called Shot: unarmored area (Tiny)')
    """
    if shot is PreciseShot.FACE:
        return Modifier(-5, f"Called Shot: {shot.value}")
    if part_scale is None:
        raise ValueError(f"a Called Shot at an {shot.value} needs the Scale of what is aimed at")
    return Modifier(part_scale.modifier, f"Called Shot: {shot.value} ({part_scale.value})")


def precise_shot_damage(shot: PreciseShot, living: bool = True) -> Modifier | None:
    """+4 damage for hitting the face of a living creature (it is its head); None otherwise.

    Examples
    --------
    >>> precise_shot_damage(PreciseShot.FACE), precise_shot_damage(PreciseShot.ITEM)
    (Modifier(value=4, reason='Called Shot: face in an open helmet'), None)
    """
    if shot is PreciseShot.FACE and living:
        return Modifier(4, f"Called Shot: {shot.value}")
    return None


def face_armor_bypass(armor: int, ap: int = 0) -> Modifier | None:
    """A face Called Shot bypasses the open-faced helmet's Armor: the target's Armor as damage,
    less what the weapon's Armor Piercing ``ap`` already takes off (the Armor is gone once, not
    twice).

    Called Shots: "target the face of someone wearing an open-faced helmet (thus bypassing the
    helmet's Armor)". The stat block keeps one Armor value, taken as the helmet's.

    Examples
    --------
    >>> face_armor_bypass(2), face_armor_bypass(0), face_armor_bypass(2, ap=2)
    (Modifier(value=2, reason='face: bypasses Armor 2'), None, None)
    >>> face_armor_bypass(3, ap=1)
    Modifier(value=2, reason='face: bypasses Armor 3 (AP 1 takes the rest)')
    """
    left = armor - min(max(ap, 0), armor)
    if left <= 0:
        return None
    rest = f" (AP {ap} takes the rest)" if left < armor else ""
    return Modifier(left, f"face: bypasses Armor {armor}{rest}")


def check_aiming(walked: bool, ran: bool, riding: bool, jostled: bool) -> None:
    """Aim: "The shooter must be relatively stationary": ``RulesError`` saying why not.

    Examples
    --------
    >>> check_aiming(walked=False, ran=False, riding=True, jostled=False)
    Traceback (most recent call last):
    ...
    battlemap.rules.registry.RulesError: aim: the shooter must be stationary, but rides a mount
    """
    why = [text for flag, text in ((walked, "walked"), (ran, "ran"), (riding, "rides a mount"),
                                   (jostled, "is constantly jostled")) if flag]
    if why:
        raise RulesError("aim: the shooter must be stationary, but " + " and ".join(why))


def unstable_platform_modifier() -> Modifier:
    """-2 to Shooting or throwing from a mount, a moving vehicle or other unstable platform.

    Examples
    --------
    >>> unstable_platform_modifier()
    Modifier(value=-2, reason='Unstable Platform')
    """
    return Modifier(-2, "Unstable Platform")


def touch_attack_modifier() -> Modifier:
    """+2 to a Fighting roll that only needs to touch the foe.

    Examples
    --------
    >>> touch_attack_modifier().value
    2
    """
    return Modifier(2, "Touch Attack")


def two_weapons_modifier(
    attacker_melee_weapons: int, defender_weapons: int, defender_shield: bool,
    defender_natural_weapons: bool,
) -> Modifier | None:
    """+1 with two melee weapons against a foe with one weapon or none and no shield.

    Natural weapons: foes fighting with Two Weapons gain no advantage against them.

    Examples
    --------
    >>> two_weapons_modifier(2, 1, False, False), two_weapons_modifier(2, 1, True, False)
    (Modifier(value=1, reason='Two Weapons'), None)
    """
    applies = attacker_melee_weapons >= 2 and defender_weapons <= 1
    if not applies or defender_shield or defender_natural_weapons:
        return None
    return Modifier(1, "Two Weapons")


def unarmed_defender_modifier(
    attacker_armed: bool, defender_armed: bool, defender_shield: bool, the_drop: bool
) -> Modifier | None:
    """+2 with a melee weapon against a foe with no weapon or shield; not with The Drop.

    ``defender_armed`` counts natural weapons (creatures with them "aren't Unarmed Defenders").

    Examples
    --------
    >>> unarmed_defender_modifier(True, False, False, the_drop=False)
    Modifier(value=2, reason='Unarmed Defender')
    >>> unarmed_defender_modifier(True, False, False, the_drop=True) is None
    True
    """
    if not attacker_armed or defender_armed or defender_shield or the_drop:
        return None
    return Modifier(2, "Unarmed Defender")


def off_hand_modifier(ambidextrous: bool) -> Modifier | None:
    """-2 to Fighting or Shooting done solely with the off-hand (none if Ambidextrous: a house
    default, :class:`~battlemap.rules.savage_pathfinder.context.HouseRules`; the text gives
    Ambidextrous only the off-hand weapon's Parry).

    Examples
    --------
    >>> off_hand_modifier(False), off_hand_modifier(True)
    (Modifier(value=-2, reason='off-hand'), None)
    """
    return None if ambidextrous else Modifier(-2, "off-hand")

