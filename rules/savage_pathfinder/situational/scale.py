"""Size and Scale: the Scale modifiers the situational rules rely on.

A creature's Size (the stat block's ``size``) puts it in a Scale category; each category has a
modifier. Called Shots use the modifier of the part aimed at ("targeting something the size of
a dagger ... is -4"), grappling subtracts the difference in Scale, and a Push goes twice as far
when the attacker's Scale is larger. Sizes -4 to -2 are Tiny, Very Small and Small; -1 to +3
Normal; +4 to +7 Large; +8 to +11 Huge; +12 and more Gargantuan.

Examples
--------
>>> scale_of_size(4), scale_of_size(0).modifier
(<Scale.LARGE: 'Large'>, 0)
>>> scale_difference(attacker_size=8, defender_size=0)
4
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["SCALE_MODIFIER", "Scale", "attack_scale", "scale_difference", "scale_of_size",
           "sizes_larger"]


class Scale(StrEnum):
    """The Scale categories, smallest first."""

    TINY = "Tiny"
    VERY_SMALL = "Very Small"
    SMALL = "Small"
    NORMAL = "Normal"
    LARGE = "Large"
    HUGE = "Huge"
    GARGANTUAN = "Gargantuan"

    @property
    def modifier(self) -> int:
        """The Scale modifier: Tiny -6, Very Small -4, Small -2, Normal 0, Large +2, ..."""
        return SCALE_MODIFIER[self]


SCALE_MODIFIER = {
    Scale.TINY: -6, Scale.VERY_SMALL: -4, Scale.SMALL: -2, Scale.NORMAL: 0,
    Scale.LARGE: 2, Scale.HUGE: 4, Scale.GARGANTUAN: 6,
}
"""Modifier per Scale: a penalty to Called Shots at small things, the dragon's "Huge +4"."""

_LOWEST_SIZE_OF = (
    (12, Scale.GARGANTUAN), (8, Scale.HUGE), (4, Scale.LARGE), (-1, Scale.NORMAL),
    (-2, Scale.SMALL), (-3, Scale.VERY_SMALL),
)


def scale_of_size(size: int) -> Scale:
    """The Scale category of a creature of ``size``.

    Examples
    --------
    >>> scale_of_size(-4), scale_of_size(-1), scale_of_size(12)
    (<Scale.TINY: 'Tiny'>, <Scale.NORMAL: 'Normal'>, <Scale.GARGANTUAN: 'Gargantuan'>)
    """
    for lowest, scale in _LOWEST_SIZE_OF:
        if size >= lowest:
            return scale
    return Scale.TINY


def scale_difference(attacker_size: int, defender_size: int) -> int:
    """How far apart the two Scales are (never negative), as grappling subtracts it.

    Examples
    --------
    >>> scale_difference(0, 8), scale_difference(0, 3)
    (4, 0)
    """
    attacker = scale_of_size(attacker_size).modifier
    defender = scale_of_size(defender_size).modifier
    return abs(attacker - defender)


def sizes_larger(attacker_size: int, defender_size: int) -> int:
    """How many Sizes the defender is larger than the attacker (negative when smaller).

    Examples
    --------
    >>> sizes_larger(0, 3), sizes_larger(4, 0)
    (3, -4)
    """
    return defender_size - attacker_size


def attack_scale(attacker_size: int, defender_size: int) -> int:
    """The Scale modifier on an attack roll: the target's Scale modifier less the attacker's
    (S31 "Use the Scale Modifiers table to determine any bonus or penalty for the target's
    Scale"; S78 "The difference between Huge and Normal Scales is 4"): a man striking a Huge
    dragon +4, a Tiny pixie -6; the dragon striking the man -4.

    Examples
    --------
    >>> attack_scale(0, 8), attack_scale(0, -4), attack_scale(8, 0), attack_scale(2, 3)
    (4, -6, -4, 0)
    """
    return scale_of_size(defender_size).modifier - scale_of_size(attacker_size).modifier
