"""Where a light reaches: its disc minus the shadows of the walls that block sight.

A full-height wall that blocks sight (a wall, a closed door, an object) casts a shadow away
from the light; windows, open doors and low walls cast none, as in
:func:`geometry.illumination.illumination_at`. The result is plain data -- polygon rings in
grid cells -- for whoever draws the glow.

Examples
--------
>>> from geometry.index import Battlefield
>>> from geometry.shapes import LightSource, Occluder
>>> torch = LightSource("torch", 0.0, 0.0, bright_radius=2.0, dim_radius=4.0)
>>> wall = Occluder("w", 1.0, -10.0, 1.0, 10.0)
>>> rings = lit_rings(Battlefield.build(occluders=[wall]), torch)
>>> max(x for ring in rings for x, _ in ring)
1.0
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from geometry.index import Battlefield
from geometry.shapes import LightSource, Point

__all__ = ["lit_rings"]

ARC_STEP = math.radians(20.0)
"""Largest angle between two points of a shadow's far arc."""

PRECISION = 1e-6
"""Grid size the result is snapped to, which drops the slivers left where two shadows meet."""

Ring = tuple[Point, ...]


def lit_rings(field: Battlefield, light: LightSource) -> tuple[Ring, ...]:
    """The rings (outlines, then holes) of the area ``light`` reaches; fill them even-odd.

    Examples
    --------
    >>> from geometry.shapes import LightSource
    >>> lamp = LightSource("lamp", 5.0, 5.0, bright_radius=1.0, dim_radius=1.0)
    >>> rings = lit_rings(Battlefield.build(), lamp)
    >>> len(rings), round(shapely.Polygon(rings[0]).area, 2)
    (1, 3.14)
    """
    radius = max(light.bright_radius, light.dim_radius)
    if radius == 0.0:
        return ()
    disc = shapely.Point(light.x, light.y).buffer(radius, quad_segs=16)
    walls = field.occluders_near(disc)
    walls = walls[field.wall_blocks_sight[walls] & np.isinf(field.wall_top[walls])]
    shadows = [_shadow(field, light, int(w), 2.0 * radius) for w in walls.tolist()]
    lit = shapely.difference(disc, shapely.union_all(shadows)) if shadows else disc
    return tuple(_rings(shapely.set_precision(lit, PRECISION)))


def _shadow(field: Battlefield, light: LightSource, w: int, reach: float) -> shapely.Geometry:
    """The area behind wall ``w`` as seen from ``light``, out to ``reach`` from the light."""
    ends = [(float(field.wall_x1[w]), float(field.wall_y1[w])),
            (float(field.wall_x2[w]), float(field.wall_y2[w]))]
    if any(math.isclose(x, light.x) and math.isclose(y, light.y) for x, y in ends):
        return shapely.Polygon()
    start, end = (math.atan2(y - light.y, x - light.x) for x, y in ends)
    sweep = math.remainder(start - end, math.tau)  # the short way round, from end to start
    steps = max(1, math.ceil(abs(sweep) / ARC_STEP))
    arc = [
        (light.x + reach * math.cos(end + sweep * k / steps),
         light.y + reach * math.sin(end + sweep * k / steps))
        for k in range(steps + 1)
    ]
    return shapely.make_valid(shapely.Polygon([ends[0], ends[1], *arc]))


def _rings(lit: shapely.Geometry) -> list[Ring]:
    """Every ring of the polygons in ``lit``, exteriors and holes, as tuples of points."""
    rings: list[Ring] = []
    for polygon in shapely.get_parts(lit).tolist():
        if isinstance(polygon, shapely.Polygon) and not polygon.is_empty:
            for ring in (polygon.exterior, *polygon.interiors):
                rings.append(tuple((float(x), float(y)) for x, y in ring.coords))
    return rings
