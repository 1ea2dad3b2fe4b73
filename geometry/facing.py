"""Facing: which arc of a defender an attacker stands in, and whether it is the shield side.

Bearings are degrees clockwise from up the screen (-y), like ``Body.facing``. The defaults
follow GURPS hex facing: the front arc is the three hexes ahead (90 degrees either side of
the facing), the back arc the hex behind (30 degrees either side), the rest left or right.
On a grid, :func:`grid_arc` reads the arcs from the grid's own diagram: the facing snapped to
a side (:func:`grid_facing`) and each cell in the arc of the neighbour whose sector holds it.

Examples
--------
>>> from battlemap.geometry.shapes import Body
>>> guard = Body("guard", 5.0, 5.0, facing=0.0)  # looking up the screen
>>> facing_arc(guard, (5.0, 9.0))
FacingView(arc=<Arc.BACK: 'back'>, bearing=180.0, is_shield_side=False)
>>> facing_arc(guard, (2.0, 6.0)).arc, facing_arc(guard, (2.0, 6.0)).is_shield_side
(<Arc.LEFT: 'left'>, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum

from battlemap.geometry.errors import GeometryError, require_finite, require_point
from battlemap.geometry.shapes import Body, Point

# The grid is named by its kind's value ("hex", "square", "gridless": ``GridKind`` is a
# StrEnum), so the facing helpers need no numpy (battlemap.geometry.grid) on the table's first
# frame.
HEX, GRIDLESS = "hex", "gridless"

__all__ = ["Arc", "FacingView", "Side", "bearing_to", "facing_arc", "grid_arc", "grid_facing",
           "grid_facing_step"]


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


def grid_facing_step(kind: str) -> float:
    """Degrees between the facings a token can take on a ``kind`` grid (a ``GridKind``): a
    hex side (60) on hexes, an eighth (45) on squares and gridless maps."""
    return 60.0 if kind == HEX else 45.0


def grid_facing(facing: float, kind: str) -> float:
    """``facing`` snapped to the grid's sides, in [0, 360).

    The hexes are pointy-top, so their sides face 30, 90, 150, 210, 270 and 330 degrees; a
    facing half-way between two sides (a hex corner, such as the old default 0) takes the side
    clockwise of it. Squares face their eight neighbours (multiples of 45); a gridless map
    keeps any facing.

    Examples
    --------
    >>> [grid_facing(f, "hex") for f in (0.0, 60.0, 100.0, 359.0)]
    [30.0, 90.0, 90.0, 330.0]
    >>> grid_facing(100.0, "square"), grid_facing(100.0, "gridless")
    (90.0, 100.0)
    """
    require_finite("facing", facing)
    if kind == GRIDLESS:
        return facing % 360.0
    step = grid_facing_step(kind)
    offset = 30.0 if kind == HEX else 0.0
    return (offset + step * math.floor((facing - offset) / step + 0.5)) % 360.0


def grid_arc(defender: Body, point: Point, kind: str, *,
             shield: Side = Side.LEFT) -> FacingView:
    """The arc of ``defender`` that ``point`` lies in, read from the grid's own diagram.

    On hexes the facing is a hex side (:func:`grid_facing`): of the six neighbours the three
    ahead are the front, one the right, one the left and the one behind the back. A hex further
    off takes the arc of the neighbour whose 60-degree sector (between two spines from the
    centre) holds it, so the arcs run out by hex rows; a hex on a spine between two sectors
    takes the arc better for the defender (front before side before back). On squares the
    eight neighbours are three front, two right, two left and one back, by 45-degree sectors
    in the same way. A gridless map keeps :func:`facing_arc`'s 180-degree front and 60-degree
    back.

    Examples
    --------
    >>> guard = Body("guard", 0.0, 0.0, facing=0.0)   # snapped to the side at 30 degrees
    >>> [grid_arc(guard, (math.sin(math.radians(b)), -math.cos(math.radians(b))),
    ...           "hex").arc.value for b in (30, 90, 150, 210, 270, 330)]
    ['front', 'front', 'right', 'back', 'left', 'front']
    """
    if kind == GRIDLESS:
        return facing_arc(defender, point, shield=shield)
    faced = replace(defender, facing=grid_facing(defender.facing, kind))
    view = facing_arc(faced, point, shield=shield)
    step = grid_facing_step(kind)
    off_front = min(view.bearing, 360.0 - view.bearing)
    # the nearest neighbour's direction; a tie (a spine) goes to the one nearer the front
    sector = math.ceil(off_front / step - 0.5 - 1e-9) * step
    if sector <= step:
        arc = Arc.FRONT
    elif sector >= 180.0:
        arc = Arc.BACK
    else:
        arc = Arc.RIGHT if view.bearing < 180.0 else Arc.LEFT
    return FacingView(arc, view.bearing, view.is_shield_side)


def _arc(relative: float, front: float, back: float) -> Arc:
    off_front = min(relative, 360.0 - relative)
    if off_front <= front:
        return Arc.FRONT
    if off_front >= 180.0 - back:
        return Arc.BACK
    return Arc.RIGHT if relative < 180.0 else Arc.LEFT
