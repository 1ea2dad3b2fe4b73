"""Facing: which arc of a defender an attacker stands in, and whether it is the shield side.

Bearings are degrees clockwise from up the screen (-y), like ``Body.facing``. The defaults
follow GURPS hex facing: the front arc is the three hexes ahead (90 degrees either side of
the facing), the back arc the hex behind (30 degrees either side), the rest left or right.

Examples
--------
>>> from geometry.shapes import Body
>>> guard = Body("guard", 5.0, 5.0, facing=0.0)  # looking up the screen
>>> facing_arc(guard, (5.0, 9.0))
FacingView(arc=<Arc.BACK: 'back'>, bearing=180.0, is_shield_side=False)
>>> facing_arc(guard, (2.0, 6.0)).arc, facing_arc(guard, (2.0, 6.0)).is_shield_side
(<Arc.LEFT: 'left'>, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from geometry.errors import GeometryError, require_finite, require_point
from geometry.shapes import Body, Point

__all__ = ["Arc", "FacingView", "Side", "bearing_to", "facing_arc"]


class Arc(StrEnum):
    FRONT = "front"
    LEFT = "left"
    RIGHT = "right"
    BACK = "back"


class Side(StrEnum):
    """The hand that holds the shield."""

    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class FacingView:
    """Where a point lies around a defender: its arc, bearing relative to the facing (0-360)."""

    arc: Arc
    bearing: float
    is_shield_side: bool


def bearing_to(origin: Point, point: Point) -> float:
    """Degrees clockwise from up (-y) of the direction ``origin -> point``, in [0, 360).

    Examples
    --------
    >>> bearing_to((0, 0), (1, 0)), bearing_to((0, 0), (0, 1)), bearing_to((0, 0), (0, 0))
    (90.0, 180.0, 0.0)
    """
    angle = math.degrees(math.atan2(point[0] - origin[0], origin[1] - point[1]))
    return angle % 360.0


def facing_arc(
    defender: Body,
    point: Point,
    *,
    shield: Side = Side.LEFT,
    front_half_angle: float = 90.0,
    back_half_angle: float = 30.0,
) -> FacingView:
    """The arc of ``defender`` that ``point`` lies in; a point on the defender is in front.

    The shield side is the half on the shield hand's side (left: bearings 180-360).

    Examples
    --------
    >>> facing_arc(Body("d", 0, 0, facing=90.0), (3.0, 0.5)).arc
    <Arc.FRONT: 'front'>
    """
    require_finite("front_half_angle", front_half_angle)
    require_finite("back_half_angle", back_half_angle)
    if not 0.0 <= back_half_angle <= 180.0 - front_half_angle <= 180.0:
        raise GeometryError(
            f"arcs overlap or are negative: front_half_angle {front_half_angle}, "
            f"back_half_angle {back_half_angle}"
        )
    where = require_point("point", point)
    relative = (bearing_to((defender.x, defender.y), where) - defender.facing) % 360.0
    left_half = relative > 180.0
    shield_side = left_half if shield is Side.LEFT else 0.0 < relative < 180.0
    return FacingView(_arc(relative, front_half_angle, back_half_angle), relative, shield_side)


def _arc(relative: float, front: float, back: float) -> Arc:
    off_front = min(relative, 360.0 - relative)
    if off_front <= front:
        return Arc.FRONT
    if off_front >= 180.0 - back:
        return Arc.BACK
    return Arc.RIGHT if relative < 180.0 else Arc.LEFT
