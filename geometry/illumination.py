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
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely

from geometry.errors import require_point
from geometry.index import Battlefield
from geometry.shapes import AreaKind, LightLevel, LightSource, Point

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


def _lights_reaching(field: Battlefield, point: Point) -> list[LightSource]:
    """The lights whose dim radius covers ``point`` with no full-height wall in between."""
    if not field.lights:
        return []
    shade = _shade_of(field)
    dx, dy = shade.lights[0] - point[0], shade.lights[1] - point[1]
    numbers = np.flatnonzero(np.hypot(dx, dy) <= shade.lights[2]).tolist()
    if not numbers:
        return []
    shadowed = shade.shadowed(point, numbers)
    return [field.lights[n] for n in numbers if n not in shadowed]


@dataclass(frozen=True, slots=True)
class _Shade:
    """Each light's reach and the walls that may shadow what it reaches, made once per
    battlefield (a survey asks about every attack): rows ``x, y, reach`` of ``lights``, and
    for every (light, full-height sight-blocking wall near its disc) pair, by light, the
    light's number and the parts of :func:`geometry.vectors.segment_crossings` that do not
    depend on the point lit -- rows ``lx, ly, ax, ay, bx, by, cross`` of ``pairs``; light
    ``n``'s pairs are ``starts[n]`` to ``starts[n + 1]``."""

    lights: npt.NDArray[np.float64]
    light_of: npt.NDArray[np.intp]
    pairs: npt.NDArray[np.float64]
    starts: list[int]

    def shadowed(self, point: Point, numbers: list[int]) -> set[int]:
        """Those of the lights ``numbers`` whose line to ``point`` crosses a wall: the floats
        of :func:`geometry.vectors.segment_crossings` from each light to ``point``, against
        every wall near the light's disc."""
        if len(numbers) == 1:  # the common case: a view, no gather
            rows: slice | npt.NDArray[np.intp] = slice(
                self.starts[numbers[0]], self.starts[numbers[0] + 1])
        else:
            rows = np.concatenate([np.arange(self.starts[n], self.starts[n + 1]) for n in numbers])
        lx, ly, ax, ay, bx, by, cross = self.pairs[:, rows]
        rx, ry = point[0] - lx, point[1] - ly
        denom = rx * by - ry * bx
        safe = np.where(denom == 0.0, 1.0, denom)
        with np.errstate(over="ignore"):  # a line nearly along a wall: far off, no crossing
            t, along = cross / safe, (ax * ry - ay * rx) / safe
        hit = (denom != 0.0) & (np.minimum(t, along) >= 0.0) & (np.maximum(t, along) <= 1.0)
        return set(self.light_of[rows][hit].tolist())


def _shade_of(field: Battlefield) -> _Shade:
    """The field's :class:`_Shade`, made on the first question."""
    shade = field.derived.get("shade")
    if isinstance(shade, _Shade):
        return shade
    lights = np.array(
        [(light.x, light.y, max(light.dim_radius, light.bright_radius)) for light in field.lights],
        dtype=np.float64,
    ).reshape(-1, 3).T.copy()
    x, y, reach = lights
    light_of, walls = field.wall_tree.query(shapely.box(x - reach, y - reach, x + reach, y + reach))
    stops = np.isposinf(field.wall_table[6, walls])  # blocks sight, full height
    order = np.argsort(light_of[stops], kind="stable")
    light_of, walls = light_of[stops][order], walls[stops][order]
    lx, ly = x[light_of], y[light_of]
    ax, ay = field.wall_x1[walls] - lx, field.wall_y1[walls] - ly
    bx, by = field.wall_dx[walls], field.wall_dy[walls]
    pairs = np.stack([lx, ly, ax, ay, bx, by, ax * by - ay * bx]).reshape(7, -1)
    starts = np.searchsorted(light_of, np.arange(len(field.lights) + 1)).tolist()
    shade = field.derived["shade"] = _Shade(lights, light_of, pairs, starts)
    return shade
