"""Where a missed blast lands: deviation read on a clock face.

12 o'clock points **up the screen** (-y, "north" on the map), 3 o'clock to the right (+x),
6 o'clock down, 9 o'clock to the left -- the same way whichever side the thrower stands on,
as when a d12 is read against the printed map. The blast never deviates more than half the
distance from the thrower to the intended point (so it cannot land behind the thrower).

Examples
--------
>>> deviate((0.0, 0.0), (0.0, -10.0), 3.0, 3)
Landing(x=3.0, y=-10.0, distance=3.0)
>>> deviate((0.0, 0.0), (0.0, -4.0), 6.0, 6)  # capped at half of 4
Landing(x=0.0, y=-2.0, distance=2.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from geometry.errors import GeometryError, require_non_negative, require_point
from geometry.shapes import Point

__all__ = ["Landing", "clock_direction", "deviate"]


@dataclass(frozen=True, slots=True)
class Landing:
    """Where the blast lands and how far it actually moved from the intended point."""

    x: float
    y: float
    distance: float


def clock_direction(hour: int) -> Point:
    """The unit vector of ``hour`` (1..12) on the clock face, 12 pointing up (-y).

    Examples
    --------
    >>> [clock_direction(h) for h in (12, 3, 6, 9)]
    [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)]
    """
    if not isinstance(hour, int) or not 1 <= hour <= 12:
        raise GeometryError(f"clock hour must be a whole number from 1 to 12, got {hour!r}")
    angle = math.radians(30.0 * hour)
    return (round(math.sin(angle), 12) + 0.0, round(-math.cos(angle), 12) + 0.0)


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
    cap = math.dist(thrower, intended) / 2.0
    moved = min(wanted, cap)
    dx, dy = clock_direction(hour)
    return Landing(intended[0] + dx * moved, intended[1] + dy * moved, moved)
