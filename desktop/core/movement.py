"""Where a dragged token lands and what the move costs: snapping, path length, Pace bands.

Snapping puts a token's centre where a miniature of that size sits: the centre of a cell for
odd sizes, a grid corner for even sizes (a Large 2x2 token covers four cells), the nearest hex
centre on a hex grid (pointy-top hexes one cell across, odd rows shifted half a cell right),
and anywhere on a gridless map. The cells are :mod:`battlemap.geometry.grid`'s, the grid geometry
measures on.

What a path costs is measured by :func:`battlemap.geometry.movement.path_length` (difficult ground
counts double); :func:`pace_band` says how that compares with how far the mover goes in a
turn, as its game system says (:class:`battlemap.rules.interface.Movement`).

Which walls a mover may not pass (:func:`blocks_movement`) is the map's to say, by the wall's
kind: a solid wall, a closed door, a closed window and an object stop a move; an open door or
window, a low wall and anything under :data:`STEP_OVER` cells high are gone through or
climbed over (what climbing costs is the way of moving's, as the system declares it).

Examples
--------
>>> from battlemap.desktop.core.model import GridKind
>>> snap_point(3.2, 4.9, GridKind.SQUARE, size=1)
(3.5, 4.5)
>>> snap_point(3.2, 4.9, GridKind.SQUARE, size=2)
(3.0, 5.0)
>>> from battlemap.rules.interface import Movement
>>> pace_band(7.0, Movement(pace=6, dash=12))
<PaceBand.RUNNING: 'running'>
"""

from __future__ import annotations

from enum import StrEnum

from battlemap.desktop.core.model import GridKind, Point, Wall, WallKind
from battlemap.rules.interface import Movement

__all__ = [
    "STEP_OVER",
    "PaceBand",
    "blocks_movement",
    "hex_centre",
    "nearest_hex_centre",
    "pace_band",
    "snap_corner",
    "snap_point",
]


STEP_OVER = 1.0
"""A wall lower than this (cells: a Medium creature's height) is climbed over, not a barrier."""


def blocks_movement(wall: Wall) -> bool:
    """Whether a move may not go through ``wall``.

    Examples
    --------
    >>> door = Wall("d", ((0, 0), (1, 0)), WallKind.DOOR)
    >>> blocks_movement(door), blocks_movement(Wall("d", door.points, WallKind.DOOR, is_open=True))
    (True, False)
    >>> blocks_movement(Wall("l", door.points, WallKind.LOW_WALL, height=0.5))
    False
    """
    if wall.kind is WallKind.LOW_WALL or (wall.height is not None and wall.height < STEP_OVER):
        return False
    return not (wall.is_open and wall.kind in (WallKind.DOOR, WallKind.WINDOW))


class PaceBand(StrEnum):
    """How far a move reaches: within the pace, within the dash (running), beyond."""

    PACE = "pace"
    RUNNING = "running"
    BEYOND = "beyond"


def snap_point(x: float, y: float, kind: GridKind, size: float = 1.0) -> Point:
    """The snapped centre for a token of footprint ``size`` cells dropped at ``(x, y)``.

    Examples
    --------
    >>> snap_point(0.9, 0.1, GridKind.HEX)
    (0.5, 0.577)
    >>> snap_point(2.3, 7.77, GridKind.GRIDLESS)
    (2.3, 7.77)
    """
    from battlemap.geometry import (
        grid,  # numpy: at the first snap, not for the window's first frame
    )

    if kind is GridKind.HEX:
        return nearest_hex_centre(x, y)
    return grid.snap_to_cell((x, y), grid.GridKind(kind.value), size)


def snap_corner(x: float, y: float, kind: GridKind) -> Point:
    """The nearest square-grid corner (for wall and region vertices); on hex and gridless
    maps the point itself (walls there follow the drawing, not the cells).

    Examples
    --------
    >>> snap_corner(2.4, 3.6, GridKind.SQUARE), snap_corner(2.4, 3.6, GridKind.HEX)
    ((2.0, 4.0), (2.4, 3.6))
    """
    if kind is not GridKind.SQUARE:
        return (x, y)
    return (float(round(x)), float(round(y)))


def hex_centre(col: int, row: int) -> Point:
    """The centre of hex ``(col, row)`` (:func:`battlemap.geometry.grid.offset_hex_centre`), rounded
    to 3 decimals.

    Examples
    --------
    >>> hex_centre(0, 1)
    (1.0, 1.443)
    """
    from battlemap.geometry.grid import offset_hex_centre  # plain floats, but numpy at import

    x, y = offset_hex_centre(col, row)
    return (round(x, 3), round(y, 3))


def nearest_hex_centre(x: float, y: float) -> Point:
    """The centre of the hex holding ``(x, y)`` (:func:`battlemap.geometry.grid.snap_to_cell`),
    rounded to 3 decimals; points above the first row snap into it.

    Examples
    --------
    >>> nearest_hex_centre(1.1, 1.4), nearest_hex_centre(2.2, -3.0)
    ((1.0, 1.443), (2.5, 0.577))
    """
    from battlemap.geometry import grid

    cx, cy = grid.snap_to_cell((x, max(y, grid.HEX_TOP)), grid.GridKind.HEX)
    return (round(cx, 3), round(cy, 3))


def pace_band(distance: float, movement: Movement) -> PaceBand:
    """Which band a move of ``distance`` falls in for a mover that goes this far in a turn.

    Examples
    --------
    >>> six = Movement(pace=6, dash=12)
    >>> pace_band(6.0, six), pace_band(12.0, six), pace_band(12.5, six)
    (<PaceBand.PACE: 'pace'>, <PaceBand.RUNNING: 'running'>, <PaceBand.BEYOND: 'beyond'>)
    """
    eps = 1e-9
    if distance <= movement.pace + eps:
        return PaceBand.PACE
    if distance <= movement.dash + eps:
        return PaceBand.RUNNING
    return PaceBand.BEYOND
