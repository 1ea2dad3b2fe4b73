"""Distances between bodies, the gaps between their edges, and a weapon's range band.

Distance is centre to centre, counted on the battlefield's grid (:mod:`battlemap.geometry.grid`),
with the difference in base elevation added by Pythagoras. The edge gap is the space between the
footprints (square grid: square footprints, so the Chebyshev distance minus both half-sizes;
elsewhere discs), combined by Pythagoras with any vertical gap between the bodies; it is 0
for bodies that touch or overlap.

Examples
--------
>>> from battlemap.geometry.grid import GridKind
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body
>>> field = Battlefield.build(
...     bodies=[Body("a", 0.5, 0.5), Body("b", 3.5, 4.5)], grid=GridKind.SQUARE
... )
>>> distance_between(field, "a", "b"), edge_gap(field, "a", "b")
(4.0, 3.0)
>>> range_band(4.0, 3.0, weapon_ranges=(12, 24, 48))
<RangeBand.SHORT: 'short'>
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from battlemap.geometry.errors import GeometryError, require_non_negative
from battlemap.geometry.grid import planar_distance, planar_distances
from battlemap.geometry.index import Battlefield

__all__ = [
    "ADJACENT_GAP",
    "RangeBand",
    "distance_between",
    "edge_gap",
    "edge_gap_rows",
    "edge_gaps",
    "range_band",
]

FloatArray = npt.NDArray[np.float64]

ADJACENT_GAP = 1.0 - 1e-9
"""Bodies whose edge gap is below this are adjacent (less than one grid unit apart)."""
EXTREME_FACTOR = 4.0
"""Extreme range reaches this many times the Long range."""


class RangeBand(StrEnum):
    MELEE = "melee"
    REACH = "reach"
    SHORT = "short"
    MEDIUM = "medium"
    LONG = "long"
    EXTREME = "extreme"
    OUT_OF_RANGE = "out_of_range"


def distance_between(field: Battlefield, a_id: str, b_id: str) -> float:
    """Centre-to-centre distance on the grid, elevation difference added by Pythagoras.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 3, 0, base_z=4)])
    >>> distance_between(field, "a", "b")
    5.0
    """
    a, b = field.body(a_id), field.body(b_id)
    planar = planar_distance(b.x - a.x, b.y - a.y, field.grid)
    return math.hypot(planar, b.base_z - a.base_z)


def edge_gaps(field: Battlefield, index: int) -> FloatArray:
    """The edge gap from body number ``index`` to every body (itself included: 0).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 2, 0), Body("c", 0, 9)])
    >>> edge_gaps(field, 0).tolist()
    [0.0, 1.0, 8.0]
    """
    gaps: FloatArray = edge_gap_rows(field, [index])[0]
    return gaps


def edge_gap_rows(field: Battlefield, indices: Sequence[int]) -> FloatArray:
    """:func:`edge_gaps` from several bodies at once: one row per body number in ``indices``.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 2, 0), Body("c", 0, 9)])
    >>> edge_gap_rows(field, [0, 2]).round(3).tolist()
    [[0.0, 1.0, 8.0], [8.0, 8.22, 0.0]]
    """
    me = np.asarray(indices, dtype=np.intp)[:, None]
    dx = field.body_x - field.body_x[me]
    dy = field.body_y - field.body_y[me]
    reach = field.body_radius + field.body_radius[me]
    planar: FloatArray = np.maximum(planar_distances(dx, dy, field.grid) - reach, 0.0)
    if field.bodies_level:  # no body is above another: no vertical gap
        return planar
    top, base = field.body_base + field.body_height, field.body_base
    vertical = np.maximum(np.maximum(base - top[me], base[me] - top), 0.0)
    gaps: FloatArray = np.hypot(planar, vertical)
    return gaps


def edge_gap(field: Battlefield, a_id: str, b_id: str) -> float:
    """The gap between the edges of two bodies (0 when they touch or overlap).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 0.5, 0)])
    >>> edge_gap(field, "a", "b")
    0.0
    """
    return float(edge_gaps(field, field.index_of(a_id))[field.index_of(b_id)])


def range_band(
    distance: float,
    gap: float,
    *,
    weapon_ranges: tuple[float, float, float] | None = None,
    reach: float = 0.0,
) -> RangeBand:
    """The band of an attack at ``distance`` (centres) with edge ``gap``.

    Without ``weapon_ranges`` the weapon is a melee weapon: melee when adjacent (gap below
    one unit), reach when the gap is below ``1 + reach``, else out of range. With Short/Medium/
    Long ranges: short, medium, long, extreme up to 4 x Long, then out of range.

    Examples
    --------
    >>> [range_band(d, d - 1, weapon_ranges=(12, 24, 48)).value for d in (12, 30, 100, 193)]
    ['short', 'long', 'extreme', 'out_of_range']
    >>> range_band(2.0, 1.0, reach=1).value, range_band(1.0, 0.0).value
    ('reach', 'melee')
    """
    require_non_negative("reach", reach)
    require_non_negative("distance", distance)
    require_non_negative("gap", gap)
    if weapon_ranges is None:
        if gap < ADJACENT_GAP:
            return RangeBand.MELEE
        return RangeBand.REACH if gap < ADJACENT_GAP + reach else RangeBand.OUT_OF_RANGE
    short, medium, long = _checked_ranges(weapon_ranges)
    bands = (
        (short, RangeBand.SHORT),
        (medium, RangeBand.MEDIUM),
        (long, RangeBand.LONG),
        (EXTREME_FACTOR * long, RangeBand.EXTREME),
    )
    return next((band for limit, band in bands if distance <= limit), RangeBand.OUT_OF_RANGE)


def _checked_ranges(ranges: tuple[float, float, float]) -> tuple[float, float, float]:
    short, medium, long = (require_non_negative("weapon_ranges", r) for r in ranges)
    if not short <= medium <= long:
        raise GeometryError(f"weapon_ranges must be short <= medium <= long, got {ranges!r}")
    return short, medium, long
