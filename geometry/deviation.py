"""Where a missed blast lands: deviation read on a clock face along the throw.

The d12 is read "like a clock facing" the way the missile flew: 12 o'clock is **straight on**
(from the thrower through the intended point), 3 o'clock to the right of the throw, 6 o'clock
back towards the thrower, 9 o'clock to its left. The same convention as
:mod:`battlemap.rules.savage_pathfinder.situational.area`. Map coordinates have y growing down the
screen, so "to the right" of a throw up the screen (-y) is +x. The blast never deviates more
than half the distance from the thrower to the intended point (so it cannot land behind the
thrower). A blast aimed at the thrower's own feet has no direction and cannot move.

Examples
--------
>>> deviate((0.0, 0.0), (0.0, -10.0), 3.0, 3)  # thrown up the screen: 3 o'clock is +x
Landing(x=3.0, y=-10.0, distance=3.0)
>>> deviate((0.0, 0.0), (10.0, 0.0), 3.0, 12)  # thrown to the right: 12 carries on, +x
Landing(x=13.0, y=0.0, distance=3.0)
>>> deviate((0.0, 0.0), (0.0, -4.0), 6.0, 6)  # capped at half of 4, back towards the thrower
Landing(x=0.0, y=-2.0, distance=2.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from battlemap.geometry.errors import GeometryError, require_non_negative, require_point
from battlemap.geometry.shapes import Point

__all__ = ["Landing", "clock_direction", "deviate"]


@dataclass(frozen=True, slots=True)
class Landing:
    """Where the blast lands and how far it actually moved from the intended point."""

    x: float
    y: float
    distance: float


def clock_direction(hour: int, facing: Point = (0.0, -1.0)) -> Point:
    """The unit vector of ``hour`` (1..12) on a clock whose 12 points along ``facing``.

    ``facing`` is a unit vector (the throw's direction); by default up the screen (-y).

    Examples
    --------
    >>> [clock_direction(h) for h in (12, 3, 6, 9)]
    [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)]
    >>> [clock_direction(h, (1.0, 0.0)) for h in (12, 3)]
    [(1.0, 0.0), (0.0, 1.0)]
    """
    if not isinstance(hour, int) or not 1 <= hour <= 12:
        raise GeometryError(f"clock hour must be a whole number from 1 to 12, got {hour!r}")
    angle = math.radians(30.0 * hour)
    ahead, right = facing, (-facing[1], facing[0])
    along, across = math.cos(angle), math.sin(angle)
    return (round(ahead[0] * along + right[0] * across, 12) + 0.0,
            round(ahead[1] * along + right[1] * across, 12) + 0.0)


def deviate(thrower: Point, intended: Point, distance: float, hour: int) -> Landing:
    """The landing point ``distance`` from ``intended`` towards ``hour`` o'clock, capped.

    Examples
    --------
    >>> deviate((2.0, 2.0), (2.0, 2.0), 4.0, 9)  # thrown at its own feet: cannot move
    Landing(x=2.0, y=2.0, distance=0.0)
    """
    require_point("thrower", thrower)
    require_point("intended", intended)
    wanted = require_non_negative("deviation distance", distance)
    throw = math.dist(thrower, intended)
    moved = min(wanted, throw / 2.0)
    facing = ((intended[0] - thrower[0]) / throw, (intended[1] - thrower[1]) / throw) \
        if throw > 0 else (0.0, -1.0)
    dx, dy = clock_direction(hour, facing)
    return Landing(intended[0] + dx * moved, intended[1] + dy * moved, moved)
