"""The one adapter from the encounter model to geometry's input types.

:func:`battlefield_of` turns an :class:`~battlemap.desktop.core.model.Encounter` snapshot into a
:class:`battlemap.geometry.index.Battlefield` (build it once per snapshot; it never changes):

- a token becomes a :class:`~battlemap.geometry.shapes.Body` -- radius half its size, base at its
  elevation, its height and facing;
- each straight piece of a wall polyline becomes an :class:`~battlemap.geometry.shapes.Occluder`
  with the wall's id and hardness, top at the wall's height (None: full height). Windows and open
  doors do not block sight; open doors and open windows are not solid either;
- regions become areas of the same kind, lights become light sources.

Examples
--------
>>> from battlemap.desktop.core.model import Token, Wall, WallKind
>>> enc = Encounter(
...     tokens=(Token("a", "Archer", 0.5, 0.5), Token("o", "Orc", 8.5, 0.5, size=2)),
...     walls=(Wall("w", ((4, 0), (4, 1), (5, 1)), kind=WallKind.LOW_WALL, height=0.5),),
... )
>>> field = battlefield_of(enc)
>>> field.body("o").radius, [(o.id, o.top) for o in field.occluders]
(1.0, [('w', 0.5), ('w', 0.5)])
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise

from battlemap.desktop.core.model import Encounter, Light, Region, Token, Wall, WallKind
from battlemap.desktop.core.progress import step
from battlemap.geometry.grid import GridKind
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Area, AreaKind, Body, LightLevel, LightSource, Occluder

__all__ = ["FIELD_CACHE_SIZE", "battlefield_of", "body_of", "field_of", "occluders_of",
           "standing_bodies"]


def battlefield_of(encounter: Encounter) -> Battlefield:
    """The geometry of ``encounter``: its tokens, walls, regions, lights, grid and ambient light.

    Examples
    --------
    >>> battlefield_of(Encounter()).grid
    <GridKind.SQUARE: 'square'>
    """
    return field_of(encounter)


def _build(encounter: Encounter) -> Battlefield:
    step("measuring the walls and tokens")
    return Battlefield.build(
        bodies=[body_of(token) for token in encounter.tokens],
        occluders=_occluders(encounter.walls),
        areas=[_area_of(region) for region in encounter.regions],
        lights=[_light_of(light) for light in encounter.lights],
        grid=GridKind(encounter.grid.kind.value),
        ambient=LightLevel(encounter.ambient.value),
    )


_WALLS: list[tuple[tuple[Wall, ...], tuple[Occluder, ...]] | None] = [None]
"""The last walls turned into occluders, and those occluders (a move keeps the walls)."""


def _occluders(walls: tuple[Wall, ...]) -> tuple[Occluder, ...]:
    """Each wall's pieces (:func:`occluders_of`), worked out once while the map's walls are
    the same (snapshots share the tuple until a wall is edited; equal walls give equal
    pieces)."""
    last = _WALLS[0]
    if last is not None and (last[0] is walls or last[0] == walls):
        return last[1]
    pieces = tuple(piece for wall in walls for piece in occluders_of(wall))
    _WALLS[0] = (walls, pieces)
    return pieces


def body_of(token: Token) -> Body:
    """The token as a body.

    Examples
    --------
    >>> body_of(Token("g", "Giant", 2.0, 3.0, size=3, height=3, elevation=1))
    Body(id='g', x=2.0, y=3.0, radius=1.5, base_z=1.0, height=3.0, facing=0.0)
    """
    return Body(
        token.id,
        token.x,
        token.y,
        radius=token.size / 2.0,
        base_z=token.elevation,
        height=token.height,
        facing=token.facing,
    )


_STANDING: dict[object, dict[int, tuple[Token, Body]]] = {}
"""Per stature rule, the last call's bodies by token (see :func:`standing_bodies`)."""


def standing_bodies(tokens: tuple[Token, ...], stature: Callable[[Token], float]) -> list[Body]:
    """Each token's body as tall as ``stature(token)`` (:func:`body_of` with that height),
    the one made for the same token object at the last call (tokens are frozen: a commit
    that moves one token makes one body, not one per token).

    Examples
    --------
    >>> tokens = (Token("a", "A", 0.5, 0.5), Token("b", "B", 1.5, 0.5, height=2))
    >>> [b.height for b in standing_bodies(tokens, lambda t: t.height / 2)]
    [0.5, 1.0]
    """
    known, kept = _STANDING.get(stature, {}), {}
    for token in tokens:
        found = known.get(id(token))
        kept[id(token)] = found if found is not None and found[0] is token else (
            token, replace(body_of(token), height=stature(token)))
    _STANDING.clear()  # one rule at a time (the fog's): nothing else kept alive
    _STANDING[stature] = kept
    return [kept[id(token)][1] for token in tokens]


def occluders_of(wall: Wall) -> list[Occluder]:
    """One occluder per straight piece of the wall (a one-point wall is a zero-length piece).

    Examples
    --------
    >>> door = Wall("d", ((0, 0), (1, 0)), kind=WallKind.DOOR, is_open=True)
    >>> [(o.blocks_sight, o.is_solid) for o in occluders_of(door)]
    [(False, False)]
    """
    points = list(wall.points)
    if len(points) == 1:
        points = points * 2
    top = math.inf if wall.height is None else wall.height
    is_open = wall.is_open and wall.kind in (WallKind.DOOR, WallKind.WINDOW)
    wall_id, hardness, blocks, solid = wall.id, wall.hardness, wall.blocks_sight, not is_open
    return [
        Occluder(wall_id, x1, y1, x2, y2, top, hardness, blocks, solid)
        for (x1, y1), (x2, y2) in pairwise(points)
    ]


def _area_of(region: Region) -> Area:
    level = None if region.illumination is None else LightLevel(region.illumination.value)
    kind = AreaKind(region.kind.value)
    return Area(region.id, tuple(region.points), kind, name=region.name, level=level)


def _light_of(light: Light) -> LightSource:
    return LightSource(light.id, light.x, light.y, light.bright_radius, light.dim_radius)


_FIELDS: dict[int, tuple[Encounter, Battlefield]] = {}
FIELD_CACHE_SIZE = 8
"""Battlefields kept for the most recent snapshots (a hover re-measures every mouse move)."""


def field_of(encounter: Encounter) -> Battlefield:
    """The geometry of ``encounter``, built once per snapshot (snapshots never change; a
    battlefield never changes either, so every caller may share it)."""
    cached = _FIELDS.get(id(encounter))
    if cached is not None and cached[0] is encounter:
        return cached[1]
    field = _build(encounter)
    if len(_FIELDS) >= FIELD_CACHE_SIZE:
        del _FIELDS[next(iter(_FIELDS))]
    _FIELDS[id(encounter)] = (encounter, field)
    return field
