"""Where a light reaches: its disc minus the shadows of the walls that block sight.

A full-height wall that blocks sight (a wall, a closed door, an object) casts a shadow away
from the light; windows, open doors and low walls cast none, as in
:func:`battlemap.geometry.illumination.illumination_at`. The result is plain data -- polygon rings
in grid cells -- for whoever draws the glow.

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import LightSource, Occluder
>>> torch = LightSource("torch", 0.0, 0.0, bright_radius=2.0, dim_radius=4.0)
>>> wall = Occluder("w", 1.0, -10.0, 1.0, 10.0)
>>> rings = lit_rings(Battlefield.build(occluders=[wall]), torch)
>>> max(x for ring in rings for x, _ in ring)
1.0
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
import shapely

from battlemap.geometry.index import Battlefield, FloatArray
from battlemap.geometry.shapes import LightSource, Point

__all__ = ["lit_rings", "lit_rings_among"]

ARC_STEP = math.radians(20.0)
"""Largest angle between two points of a shadow's far arc."""

PRECISION = 1e-6
"""Grid size the result is snapped to, which drops the slivers left where two shadows meet."""

Ring = tuple[Point, ...]
GeometryArray = npt.NDArray[np.object_]


def lit_rings(field: Battlefield, light: LightSource) -> tuple[Ring, ...]:
    """The rings (outlines, then holes) of the area ``light`` reaches; fill them even-odd.

    The full-height walls that block sight and cross the light's disc cast the shadows, in
    the field's order (see :func:`lit_rings_among`).

    Examples
    --------
    >>> from battlemap.geometry.shapes import LightSource
    >>> lamp = LightSource("lamp", 5.0, 5.0, bright_radius=1.0, dim_radius=1.0)
    >>> rings = lit_rings(Battlefield.build(), lamp)
    >>> len(rings), round(shapely.Polygon(rings[0]).area, 2)
    (1, 3.14)
    """
    radius = max(light.bright_radius, light.dim_radius)
    if radius == 0.0:
        return ()
    near = np.sort(field.occluders_near(_disc(light, radius)))  # in the field's order
    near = near[field.wall_blocks_sight[near] & np.isinf(field.wall_top[near])]
    walls = np.stack([field.wall_x1[near], field.wall_y1[near],
                      field.wall_x2[near], field.wall_y2[near]], axis=1)
    return lit_rings_among(light, walls)


def lit_rings_among(light: LightSource, walls: FloatArray) -> tuple[Ring, ...]:
    """The rings of the area ``light`` reaches past ``walls`` (rows x1, y1, x2, y2 of walls that
    stop light); fill them even-odd.

    Only the walls that cross the light's disc count, in the order given, so any list holding
    those in the same order gives the very same rings.

    Examples
    --------
    >>> from battlemap.geometry.shapes import LightSource
    >>> torch = LightSource("torch", 0.0, 0.0, bright_radius=2.0, dim_radius=4.0)
    >>> wall, far = [1.0, -10.0, 1.0, 10.0], [9.0, -1.0, 9.0, 1.0]
    >>> lit_rings_among(torch, np.array([wall, far])) == lit_rings_among(torch, np.array([wall]))
    True
    """
    radius = max(light.bright_radius, light.dim_radius)
    if radius == 0.0:
        return ()
    disc = _disc(light, radius)
    walls = walls[shapely.intersects(disc, shapely.linestrings(walls.reshape(-1, 2, 2)))]
    at_light = (np.isclose(walls[:, 0::2], light.x, rtol=1e-9, atol=0.0)
                & np.isclose(walls[:, 1::2], light.y, rtol=1e-9, atol=0.0))
    walls = walls[~at_light.any(axis=1)]  # a wall with an end on the light casts no shadow
    if len(walls) == 0:
        return tuple(_rings(shapely.set_precision(disc, PRECISION)))
    lit = shapely.difference(disc, shapely.union_all(_shadows(light, walls, 2.0 * radius)))
    return tuple(_rings(shapely.set_precision(lit, PRECISION)))


def _disc(light: LightSource, radius: float) -> shapely.Geometry:
    """The light's disc of ``radius``, a 64-gon."""
    return shapely.Point(light.x, light.y).buffer(radius, quad_segs=16)


def _shadows(light: LightSource, ends: FloatArray, reach: float) -> GeometryArray:
    """The areas behind the walls ``ends`` (rows x1, y1, x2, y2) as seen from ``light``, out
    to ``reach`` from it.

    Each is the wall, then its far arc from the second end's direction to the first's, the
    short way round, in steps of at most :data:`ARC_STEP`.
    """
    start = np.arctan2(ends[:, 1] - light.y, ends[:, 0] - light.x)
    end = np.arctan2(ends[:, 3] - light.y, ends[:, 2] - light.x)
    sweep = (start - end) - math.tau * np.round((start - end) / math.tau)  # within +-pi
    steps = np.maximum(1, np.ceil(np.abs(sweep) / ARC_STEP)).astype(int)
    shadow = np.repeat(np.arange(len(ends)), steps + 3)  # the two ends, then steps + 1 on the arc
    k = np.arange(len(shadow)) - np.repeat(np.cumsum(steps + 3) - (steps + 3), steps + 3) - 2
    angle = end[shadow] + sweep[shadow] * k / steps[shadow]
    points = np.stack([light.x + reach * np.cos(angle), light.y + reach * np.sin(angle)], axis=1)
    points[k == -2], points[k == -1] = ends[:, :2], ends[:, 2:]
    rings = shapely.linearrings(points, indices=shadow)
    return np.asarray(shapely.make_valid(shapely.polygons(rings)))


def _rings(lit: shapely.Geometry) -> list[Ring]:
    """Every ring of the polygons in ``lit``, exteriors and holes, as tuples of points."""
    rings: list[Ring] = []
    for polygon in shapely.get_parts(lit).tolist():
        if isinstance(polygon, shapely.Polygon) and not polygon.is_empty:
            for ring in (polygon.exterior, *polygon.interiors):
                rings.append(tuple((float(x), float(y)) for x, y in ring.coords))
    return rings
