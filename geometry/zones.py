"""Zones (FATE): which zone a point is in, which zones border each other, and zone distance.

Zones are the battlefield's areas of kind ``zone``, known by their id. Two zones are
neighbours when their polygons touch or overlap; the distance between zones is the number of
borders crossed on the shortest way (0 within a zone, None when there is no way).

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Area
>>> hall = Area("hall", ((0, 0), (4, 0), (4, 4), (0, 4)))
>>> yard = Area("yard", ((4, 0), (8, 0), (8, 4), (4, 4)))
>>> roof = Area("roof", ((9, 0), (12, 0), (12, 4), (9, 4)))
>>> field = Battlefield.build(areas=[hall, yard, roof])
>>> zone_of(field, (5.0, 1.0)), zone_neighbours(field, "hall"), zone_distance(field, "hall", "roof")
('yard', ('yard',), None)
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import shapely

from battlemap.geometry.errors import GeometryError, require_point
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import AreaKind, Point

__all__ = ["Room", "point_in_zone", "rooms", "zone_away", "zone_distance", "zone_neighbours",
           "zone_of", "zones_along"]

TOUCHING = 1e-9
FAR = 1e5
"""The length of a push's line: past the end of any map."""


def zone_of(field: Battlefield, point: Point) -> str | None:
    """The id of the first zone holding ``point`` (borders included), or None.

    Examples
    --------
    >>> zone_of(Battlefield.build(), (1.0, 1.0)) is None
    True
    """
    x, y = require_point("point", point)
    for area, shape in field.areas_of_kind(AreaKind.ZONE):
        if shapely.intersects_xy(shape, x, y):
            return area.id
    return None


def zones_along(field: Battlefield, path: Sequence[Point], step: float = 0.25) -> int:
    """How many zone borders a move along ``path`` crosses: the zones it passes through in
    turn (looked up every ``step`` cells), less one; ground in no zone does not count.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Area
    >>> strip = [Area(f"z{i}", ((i * 2, 0), (i * 2 + 2, 0), (i * 2 + 2, 2), (i * 2, 2)))
    ...          for i in range(3)]
    >>> field = Battlefield.build(areas=strip)
    >>> zones_along(field, [(0.5, 1.0), (5.5, 1.0)]), zones_along(field, [(0.5, 1.0), (1.5, 1.0)])
    (2, 0)
    >>> zones_along(field, [(0.5, 1.0), (3.0, 1.0), (0.5, 1.5)])  # there and back: two borders
    2
    """
    if not field.areas_of_kind(AreaKind.ZONE):
        return 0
    visited: list[str] = []
    for (ax, ay), (bx, by) in pairwise(path):
        samples = max(1, math.ceil(math.hypot(bx - ax, by - ay) / step))
        for k in range(samples + 1):
            zone = zone_of(field, (ax + (bx - ax) * k / samples, ay + (by - ay) * k / samples))
            if zone is not None and (not visited or visited[-1] != zone):
                visited.append(zone)
    return max(len(visited) - 1, 0)


def zone_neighbours(field: Battlefield, zone_id: str) -> tuple[str, ...]:
    """The ids of the zones touching or overlapping ``zone_id``.

    Examples
    --------
    >>> zone_neighbours(Battlefield.build(), "nowhere")
    Traceback (most recent call last):
    ...
    battlemap.geometry.errors.GeometryError: no zone with id 'nowhere' (zones: none)
    """
    zones = dict((area.id, shape) for area, shape in field.areas_of_kind(AreaKind.ZONE))
    if zone_id not in zones:
        known = ", ".join(zones) or "none"
        raise GeometryError(f"no zone with id {zone_id!r} (zones: {known})")
    mine = zones[zone_id]
    return tuple(
        other
        for other, shape in zones.items()
        if other != zone_id and shapely.distance(mine, shape) <= TOUCHING
    )


def zone_distance(field: Battlefield, a_id: str, b_id: str) -> int | None:
    """Borders crossed on the shortest way from zone ``a_id`` to zone ``b_id``; None if cut off.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Area
    >>> strip = [Area(f"z{i}", ((i, 0), (i + 1, 0), (i + 1, 1), (i, 1))) for i in range(4)]
    >>> zone_distance(Battlefield.build(areas=strip), "z0", "z3")
    3
    """
    zone_neighbours(field, b_id)
    steps = {a_id: 0}
    queue = deque([a_id])
    while queue:
        here = queue.popleft()
        if here == b_id:
            return steps[here]
        for there in zone_neighbours(field, here):
            if there not in steps:
                steps[there] = steps[here] + 1
                queue.append(there)
    return None


def zone_away(field: Battlefield, zone_id: str, start: Point, away_from: Point,
              steps: int) -> str:
    """The zone ``steps`` borders on from ``zone_id`` for something at ``start`` pushed away
    from ``away_from``: each step into the neighbour the line from ``away_from`` through
    ``start`` enters first (else the neighbour whose centre lies most that way), never back;
    fewer steps where the zones run out.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Area
    >>> hall = Area("hall", ((0, 0), (4, 0), (4, 4), (0, 4)))
    >>> east = Area("east", ((4, 2), (8, 2), (8, 4), (4, 4)))
    >>> north = Area("north", ((4, 0), (8, 0), (8, 2), (4, 2)))
    >>> field = Battlefield.build(areas=[hall, north, east])
    >>> zone_away(field, "hall", (3.5, 3.0), (2.5, 3.0), 1)  # pushed east along y = 3
    'east'
    >>> zone_away(field, "hall", (3.5, 3.0), (3.5, 3.5), 1)  # pushed north: no zone that way
    'north'
    """
    zones = {area.id: shape for area, shape in field.areas_of_kind(AreaKind.ZONE)}
    (sx, sy), (ax, ay) = require_point("start", start), require_point("away_from", away_from)
    length = math.hypot(sx - ax, sy - ay)
    dx, dy = ((sx - ax) / length, (sy - ay) / length) if length else (1.0, 0.0)
    ray = shapely.LineString([(sx, sy), (sx + dx * FAR, sy + dy * FAR)])

    def rank(zone: str) -> tuple[int, float]:
        crossed = shapely.intersection(ray, zones[zone])
        if not crossed.is_empty:
            return 0, shapely.distance(shapely.Point(sx, sy), crossed)
        centre = shapely.centroid(zones[zone])
        return 1, -((centre.x - sx) * dx + (centre.y - sy) * dy)

    here, passed = zone_id, {zone_id}
    for _ in range(steps):
        onward = [z for z in zone_neighbours(field, here) if z not in passed]
        if not onward:
            break
        here = min(onward, key=rank)
        passed.add(here)
    return here


def point_in_zone(field: Battlefield, zone_id: str, near: Point, inset: float) -> Point:
    """The point of zone ``zone_id`` nearest ``near``, ``inset`` inside its border where the
    zone is wide enough (a token's radius: the token then stands wholly in the zone).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Area
    >>> yard = Area("yard", ((4, 0), (8, 0), (8, 4), (4, 4)))
    >>> point_in_zone(Battlefield.build(areas=[yard]), "yard", (1.0, 2.0), 0.5)
    (4.5, 2.0)
    """
    zones = {area.id: shape for area, shape in field.areas_of_kind(AreaKind.ZONE)}
    if zone_id not in zones:
        raise GeometryError(f"no zone with id {zone_id!r} (zones: {', '.join(zones) or 'none'})")
    inner = shapely.buffer(zones[zone_id], -inset)
    inside = zones[zone_id] if inner.is_empty else inner
    x, y = shapely.shortest_line(inside, shapely.Point(require_point("near", near))).coords[0]
    return (round(float(x), 6), round(float(y), 6))


@dataclass(frozen=True, slots=True)
class Room:
    """An area the walls enclose: its outline (no repeated first point) and a point inside."""

    outline: tuple[Point, ...]
    inside: Point


def rooms(walls: Sequence[Sequence[Point]], smallest: float = 2.0) -> tuple[Room, ...]:
    """The areas the polylines ``walls`` enclose, of ``smallest`` square cells or more, top to
    bottom then left to right. A room within another (a closet) is a room of its own; the outer
    one's outline is its outer wall, so the two overlap there.

    Examples
    --------
    >>> box = [((0, 0), (6, 0), (6, 4), (0, 4), (0, 0)), ((3, 0), (3, 4))]
    >>> [(room.outline, room.inside) for room in rooms(box)][0]
    (((3.0, 0.0), (0.0, 0.0), (0.0, 4.0), (3.0, 4.0)), (1.5, 2.0))
    >>> len(rooms(box)), rooms([((0, 0), (5, 5))])
    (2, ())
    """
    lines = [shapely.LineString(w) for w in walls if len(w) >= 2]
    if not lines:
        return ()
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(shapely.union_all(lines))))
    found = []
    for face in faces:
        if face.area < smallest:
            continue
        ring = [(round(float(x), 6), round(float(y), 6)) for x, y in face.exterior.coords[:-1]]
        inside = face.point_on_surface()
        found.append(Room(tuple(ring), (round(inside.x, 6), round(inside.y, 6))))
    return tuple(sorted(found, key=lambda r: (min(p[1] for p in r.outline),
                                               min(p[0] for p in r.outline))))
