"""Illumination: the light the roll is made in, and the rolls it never touches.

The engine (:mod:`battlemap.rules.savage_pathfinder.modifiers`) puts the Illumination table's
penalty on the attack: Dim -2, Dark -4, Pitch Darkness -6. This module decides which level applies
from the light measured at the target and the distance: Dim limits visibility to about 25" and Dark
to 10"; a target farther away than anyone can see counts as hidden, i.e. Pitch Darkness. It also
lists the rolls the text says "should not be penalized".

Examples
--------
>>> illumination_at(Illumination.DARK, distance=4), illumination_at(Illumination.DARK, 12)
(<Illumination.DARK: 'dark'>, <Illumination.PITCH: 'pitch'>)
>>> illumination_modifier(Illumination.DIM, 3, RollKind.NOTICE)
Modifier(value=-2, reason='dim light')
>>> illumination_modifier(Illumination.PITCH, 1, RollKind.RECOVERY) is None
True
"""

from __future__ import annotations

from enum import StrEnum

from battlemap.rules.events import Modifier
from battlemap.rules.savage_pathfinder.context import Illumination
from battlemap.rules.savage_pathfinder.modifiers import ILLUMINATION_PENALTY

__all__ = ["ILLUMINATION_EXEMPT", "VISIBLE_WITHIN", "RollKind", "illumination_at",
           "illumination_modifier"]

VISIBLE_WITHIN = {Illumination.DIM: 25.0, Illumination.DARK: 10.0}
"""How far anyone can see, in inches: Dim about 25" (50 yards), Dark 10"."""


class RollKind(StrEnum):
    """What a Trait roll is for, as far as Illumination cares."""

    ATTACK = "attack"
    NOTICE = "Notice"
    ARCANE = "arcane skill"
    OTHER_ACTIVE = "other active roll"
    RESIST_POWER = "resisting a power"
    RESIST_GRAPPLE = "resisting a grapple"
    RECOVERY = "recovering from Shaken or Stunned"
    VERBAL_SUPPORT = "verbal Support"
    VERBAL_TEST = "verbal Test"
    ADJACENT_FRIENDLY = "friendly adjacent help by touch"


ILLUMINATION_EXEMPT = frozenset({
    RollKind.RESIST_POWER, RollKind.RESIST_GRAPPLE, RollKind.RECOVERY, RollKind.VERBAL_SUPPORT,
    RollKind.VERBAL_TEST, RollKind.ADJACENT_FRIENDLY,
})
"""The text's examples of rolls that "should not be penalized" by Illumination."""


def illumination_at(light: Illumination, distance: float) -> Illumination:
    """The Illumination level for a target ``distance`` inches away in ``light``.

    Examples
    --------
    >>> illumination_at(Illumination.DIM, 25), illumination_at(Illumination.DIM, 26)
    (<Illumination.DIM: 'dim'>, <Illumination.PITCH: 'pitch'>)
    """
    limit = VISIBLE_WITHIN.get(light)
    return Illumination.PITCH if limit is not None and distance > limit else light


def illumination_modifier(
    light: Illumination, distance: float, roll: RollKind = RollKind.ATTACK
) -> Modifier | None:
    """The Illumination penalty on any Trait roll (Notice, arcane skills, ...), or None.

    Examples
    --------
    >>> illumination_modifier(Illumination.DARK, 11)
    Modifier(value=-6, reason='pitch light')
    >>> illumination_modifier(Illumination.BRIGHT, 30) is None
    True
    """
    level = illumination_at(light, distance)
    if level is Illumination.BRIGHT or roll in ILLUMINATION_EXEMPT:
        return None
    return Modifier(ILLUMINATION_PENALTY[level], f"{level.value} light")
