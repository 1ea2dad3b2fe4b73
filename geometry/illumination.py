"""Illumination: the light level at a point, from areas and light sources.

The base level is the ambient light, replaced inside an illumination area by that area's
level (where areas overlap, the last one listed wins, as the one drawn on top). A light source
brightens what it reaches -- bright within ``bright_radius``, dim out to ``dim_radius`` --
unless a full-height sight-blocking wall stands between it and the point. Lights never darken.

Examples
--------
>>> from geometry.index import Battlefield
>>> from geometry.shapes import Area, AreaKind, LightLevel, LightSource
>>> cellar = Area("cellar", ((0, 0), (10, 0), (10, 10), (0, 10)), AreaKind.ILLUMINATION,
...               level=LightLevel.DARK)
>>> torch = LightSource("torch", 2.0, 2.0, bright_radius=2.0, dim_radius=4.0)
>>> field = Battlefield.build(areas=[cellar], lights=[torch])
>>> [illumination_at(field, p).value for p in [(2, 3), (2, 5), (2, 9), (20, 20)]]
['bright', 'dim', 'dark', 'bright']
"""

from __future__ import annotations

import math
from weakref import WeakKeyDictionary

import numpy as np
import numpy.typing as npt
import shapely

from geometry.errors import require_point
from geometry.index import Battlefield
from geometry.shapes import AreaKind, LightLevel, LightSource, Point
from geometry.vectors import segment_crossings

__all__ = ["illumination_at"]

BRIGHTEST_FIRST = tuple(LightLevel)


def illumination_at(field: Battlefield, point: Point) -> LightLevel:
    """The light level at ``point``.

    Examples
    --------
    >>> from geometry.shapes import LightSource, Occluder
    >>> lamp = LightSource("lamp", 0.0, 0.0, bright_radius=5.0, dim_radius=5.0)
    >>> wall = Occluder("w", 1.0, -3.0, 1.0, 3.0)
    >>> field = Battlefield.build(lights=[lamp], occluders=[wall], ambient=LightLevel.PITCH)
    >>> illumination_at(field, (2.0, 0.0)), illumination_at(field, (-2.0, 0.0))
    (<LightLevel.PITCH: 'pitch'>, <LightLevel.BRIGHT: 'bright'>)
    """
    point = require_point("point", point)
    level = field.ambient
    for area, shape in field.areas_of_kind(AreaKind.ILLUMINATION):
        if area.level is not None and shapely.intersects_xy(shape, *point):
            level = area.level
    for light in _lights_reaching(field, point):
        reach = math.dist((light.x, light.y), point)
        lit = LightLevel.BRIGHT if reach <= light.bright_radius else LightLevel.DIM
        level = min(level, lit, key=BRIGHTEST_FIRST.index)
    return level


_LIGHT_TABLES: WeakKeyDictionary[Battlefield, npt.NDArray[np.float64]] = WeakKeyDictionary()
"""Each battlefield's lights as rows ``x, y, reach`` (made once: a survey asks every attack)."""


def _light_table(lights: tuple[LightSource, ...]) -> npt.NDArray[np.float64]:
    rows = [(light.x, light.y, max(light.dim_radius, light.bright_radius)) for light in lights]
    return np.array(rows, dtype=np.float64).reshape(-1, 3)


def _lights_reaching(field: Battlefield, point: Point) -> list[LightSource]:
    """The lights whose dim radius covers ``point`` with no full-height wall in between."""
    if not field.lights:
        return []
    table = _LIGHT_TABLES.get(field)
    if table is None:
        table = _LIGHT_TABLES[field] = _light_table(field.lights)
    dx, dy = table[:, 0] - point[0], table[:, 1] - point[1]
    numbers = np.flatnonzero(np.hypot(dx, dy) <= table[:, 2])
    if not len(numbers):
        return []
    near = [field.lights[n] for n in numbers.tolist()]
    starts = table[numbers, :2]
    ends = np.tile(np.array(point, dtype=np.float64), (len(near), 1))
    seg, walls, _ = segment_crossings(field, starts, ends)
    blocking = field.wall_blocks_sight[walls] & np.isinf(field.wall_top[walls])
    shadowed = set(seg[blocking].tolist())
    return [light for n, light in enumerate(near) if n not in shadowed]
