"""How distance is counted on each kind of grid, and where cell centres are.

- ``square``: the Savage tabletop count -- every step, diagonal too, is one cell, so the
  distance between centres is the larger of ``|dx|`` and ``|dy|`` (Chebyshev);
- ``hex``: pointy-top hexes one cell across, odd rows shifted half a cell right; the distance
  is the number of hex steps between the hexes that hold the two points;
- ``gridless``: straight-line (Euclidean) distance.

Elevation is added by Pythagoras by the callers in :mod:`battlemap.geometry.measure`. The
application snaps and draws on this grid (``battlemap.desktop.core.movement`` calls
:func:`snap_to_cell` and :func:`offset_hex_centre`), so what is drawn and what is measured cannot
drift apart.

Examples
--------
>>> planar_distance(3.0, 4.0, GridKind.SQUARE), planar_distance(3.0, 4.0, GridKind.GRIDLESS)
(4.0, 5.0)
>>> snap_to_cell((3.2, 4.9), GridKind.SQUARE)
(3.5, 4.5)
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from battlemap.geometry.errors import require_non_negative, require_point
from battlemap.geometry.grid_kind import GridKind
from battlemap.geometry.shapes import Point

__all__ = [
    "HEX_ROW_SPACING",
    "HEX_TOP",
    "GridKind",
    "hex_cell",
    "hex_centre",
    "hex_steps",
    "offset_hex_centre",
    "planar_distance",
    "planar_distances",
    "snap_to_cell",
]

FloatArray = npt.NDArray[np.float64]

HEX_ROW_SPACING = math.sqrt(3.0) / 2.0
"""Distance between hex rows when neighbouring hex centres are one cell apart."""
HEX_TOP = 1.0 / math.sqrt(3.0)
"""y of the first hex row's centres (row 0 starts at y = 0)."""


def hex_cell(x: float, y: float) -> tuple[int, int]:
    """The axial coordinates ``(q, r)`` of the hex holding ``(x, y)``; ``r`` is the row.

    Examples
    --------
    >>> hex_cell(0.5, HEX_TOP), hex_cell(1.0, HEX_TOP + HEX_ROW_SPACING)
    ((0, 0), (0, 1))
    """
    r = (y - HEX_TOP) / HEX_ROW_SPACING
    q = x - 0.5 - r / 2.0
    return _cube_round(q, r)


def _cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def hex_centre(q: int, r: int) -> Point:
    """The centre of the hex with axial coordinates ``(q, r)``.

    Examples
    --------
    >>> hex_centre(*hex_cell(1.1, 1.4))
    (1.0, 1.4433756729740645)
    """
    return (q + r / 2.0 + 0.5, HEX_TOP + r * HEX_ROW_SPACING)


def hex_steps(a: Point, b: Point) -> int:
    """The number of hex steps between the hexes holding ``a`` and ``b``.

    Examples
    --------
    >>> hex_steps((0.5, HEX_TOP), (3.5, HEX_TOP))
    3
    """
    qa, ra = hex_cell(*a)
    qb, rb = hex_cell(*b)
    dq, dr = qb - qa, rb - ra
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def planar_distance(dx: float, dy: float, kind: GridKind) -> float:
    """The distance counted on ``kind`` for an offset ``(dx, dy)`` between two points.

    On a hex grid the offset is taken from a hex centre, which makes it exact for tokens
    standing on hex centres.

    Examples
    --------
    >>> planar_distance(1.0, 1.0, GridKind.SQUARE)
    1.0
    >>> planar_distance(2.0, 0.0, GridKind.HEX)
    2.0
    """
    if kind is GridKind.SQUARE:
        return max(abs(dx), abs(dy))
    if kind is GridKind.HEX:
        return float(hex_steps((0.5, HEX_TOP), (0.5 + dx, HEX_TOP + dy)))
    return math.hypot(dx, dy)


def planar_distances(dx: FloatArray, dy: FloatArray, kind: GridKind) -> FloatArray:
    """:func:`planar_distance` for arrays of offsets (hex: the continuous hex metric).

    Examples
    --------
    >>> planar_distances(np.array([3.0, 1.0]), np.array([4.0, 1.0]), GridKind.SQUARE)
    array([4., 1.])
    """
    if kind is GridKind.SQUARE:
        return np.maximum(np.abs(dx), np.abs(dy))
    if kind is GridKind.HEX:
        r = dy / HEX_ROW_SPACING
        q = dx - r / 2.0
        result: FloatArray = (np.abs(q) + np.abs(r) + np.abs(q + r)) / 2.0
        return result
    return np.hypot(dx, dy)


def offset_hex_centre(col: int, row: int) -> Point:
    """The centre of the hex in column ``col`` of row ``row`` (odd rows shifted half a cell
    right), as the map draws them: :func:`hex_centre` in offset coordinates.

    Examples
    --------
    >>> offset_hex_centre(0, 1) == hex_centre(0, 1), offset_hex_centre(2, 2) == hex_centre(1, 2)
    (True, True)
    """
    return hex_centre(col - (row - row % 2) // 2, row)


def snap_to_cell(point: Point, kind: GridKind, size: float = 1.0) -> Point:
    """Where a token of footprint ``size`` cells dropped at ``point`` stands: on a square grid
    the centre of the cell holding it for odd sizes, the nearest grid corner for even sizes (a
    2 x 2 token covers four cells); the centre of the hex holding it; the point itself on a
    gridless map.

    Examples
    --------
    >>> snap_to_cell((2.3, 7.77), GridKind.GRIDLESS)
    (2.3, 7.77)
    >>> snap_to_cell((0.9, 0.5), GridKind.HEX)
    (0.5, 0.5773502691896258)
    >>> [snap_to_cell((3.2, 4.9), GridKind.SQUARE, size) for size in (2, 3)]
    [(3.0, 5.0), (3.5, 4.5)]
    """
    x, y = require_point("point", point)
    half = require_non_negative("size", size) / 2.0
    if kind is GridKind.SQUARE:
        shift = 0.5 - half  # 0 for size 1: the cell's floor, exactly
        return (math.floor(x + shift) + half, math.floor(y + shift) + half)
    if kind is GridKind.HEX:
        return hex_centre(*hex_cell(x, y))
    return (x, y)
