"""Illumination: the light level at a point, from areas and light sources.

The base level is the ambient light, replaced inside an illumination area by that area's
level (where areas overlap, the last one listed wins, as the one drawn on top). A light source
brightens what it reaches -- bright within ``bright_radius``, dim out to ``dim_radius`` --
unless a full-height sight-blocking wall stands between it and the point. Lights never darken.

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Area, AreaKind, LightLevel, LightSource
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

from battlemap.geometry.errors import require_point
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import AreaKind, LightLevel, LightSource, Point

__all__ = ["illumination_at"]

BRIGHTEST_FIRST = tuple(LightLevel)


def illumination_at(field: Battlefield, point: Point) -> LightLevel:
    """The light level at ``point``.

    Examples
    --------
    >>> from battlemap.geometry.shapes import LightSource, Occluder
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
    shadowed = shade.shadowed(field, point, numbers)
    return [field.lights[n] for n in numbers if n not in shadowed]


@dataclass(frozen=True, slots=True)
class _Shade:
    """The lights of one battlefield, kept with it (a survey asks about every attack): rows
    ``x, y, reach`` of ``lights``, and, made on the first question that light can answer, each
    light's walls that may shadow what it reaches (full height, blocking sight, near its disc)
    with the parts of :func:`battlemap.geometry.vectors.segment_crossings` that do not depend on the
    point lit: rows ``lx, ly, ax, ay, bx, by, cross`` of ``walls_of[n]``."""

    lights: npt.NDArray[np.float64]
    walls_of: dict[int, npt.NDArray[np.float64]]

    def shadowed(self, field: Battlefield, point: Point, numbers: list[int]) -> set[int]:
        """Those of the lights ``numbers`` whose line to ``point`` crosses a wall: the floats
        of :func:`battlemap.geometry.vectors.segment_crossings` from each light to ``point``,
        against every wall near the light's disc."""
        tables = [self._walls(field, n) for n in numbers]
        table = tables[0] if len(tables) == 1 else np.concatenate(tables, axis=1)
        lx, ly, ax, ay, bx, by, cross = table
        rx, ry = point[0] - lx, point[1] - ly
        denom = rx * by - ry * bx
        safe = np.where(denom == 0.0, 1.0, denom)
        with np.errstate(over="ignore"):  # a line nearly along a wall: far off, no crossing
            t, along = cross / safe, (ax * ry - ay * rx) / safe
        hit = (denom != 0.0) & (np.minimum(t, along) >= 0.0) & (np.maximum(t, along) <= 1.0)
        if len(numbers) == 1:
            return set(numbers) if hit.any() else set()
        light = np.repeat(numbers, [t.shape[1] for t in tables])
        return set(light[hit].tolist())

    def _walls(self, field: Battlefield, n: int) -> npt.NDArray[np.float64]:
        """Light ``n``'s rows of :attr:`walls_of`, made on the first question."""
        table = self.walls_of.get(n)
        if table is None:
            x, y, reach = self.lights[:, n].tolist()
            walls = field.wall_tree.query(shapely.box(x - reach, y - reach, x + reach, y + reach))
            walls = walls[np.isposinf(field.wall_table[6, walls])]  # blocks sight, full height
            x1, y1, bx, by = field.wall_table[:4, walls]
            ax, ay = x1 - x, y1 - y
            lx, ly = np.full(len(walls), x), np.full(len(walls), y)
            table = self.walls_of[n] = np.stack([lx, ly, ax, ay, bx, by, ax * by - ay * bx])
        return table


def _shade_of(field: Battlefield) -> _Shade:
    """The field's :class:`_Shade`, made on the first question."""
    shade = field.derived.get("shade")
    if isinstance(shade, _Shade):
        return shade
    lights = np.array(
        [(light.x, light.y, max(light.dim_radius, light.bright_radius)) for light in field.lights],
        dtype=np.float64,
    ).reshape(-1, 3).T.copy()
    shade = field.derived["shade"] = _Shade(lights, {})
    return shade
