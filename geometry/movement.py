"""Movement: the cost of a dragged path, difficult ground counted twice.

Each leg of the path is counted on the grid (:func:`battlemap.geometry.grid.planar_distance`: the
tabletop count on a square grid, Euclidean gridless, the hex metric on hexes); the share of a
leg that runs over difficult ground costs double. Crawling is unaffected by difficult ground
(Savage Pathfinder, Movement: "Crawling is unaffected by Difficult Ground"); what crawling
itself costs is for the rules to say.

Examples
--------
>>> from battlemap.geometry.grid import GridKind
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Area, AreaKind
>>> mud = Area("mud", ((2, 0), (4, 0), (4, 4), (2, 4)), AreaKind.DIFFICULT)
>>> field = Battlefield.build(areas=[mud], grid=GridKind.SQUARE)
>>> path_length(field, [(0.5, 1.0), (6.5, 1.0)])
8.0
>>> path_length(field, [(0.5, 1.0), (6.5, 1.0)], crawling=True)
6.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

import shapely

from battlemap.geometry.errors import require_point
from battlemap.geometry.grid import planar_distance
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import AreaKind, Point

__all__ = ["path_length"]


def path_length(field: Battlefield, points: Sequence[Point], *, crawling: bool = False) -> float:
    """The movement cost of the path through ``points`` (0 for fewer than two points).

    Examples
    --------
    >>> from battlemap.geometry.grid import GridKind
    >>> path_length(Battlefield.build(grid=GridKind.SQUARE), [(0, 0), (3, 3), (3, 5)])
    5.0
    """
    for n, point in enumerate(points):
        require_point(f"path point {n}", point)
    difficult = [shape for _, shape in field.areas_of_kind(AreaKind.DIFFICULT)]
    rough = None if crawling or not difficult else shapely.union_all(difficult)
    total = 0.0
    for start, end in pairwise(points):
        counted = planar_distance(end[0] - start[0], end[1] - start[1], field.grid)
        total += counted * (1.0 + _rough_share(rough, start, end))
    return total


def _rough_share(rough: shapely.Geometry | None, start: Point, end: Point) -> float:
    """The share of the leg ``start -> end`` that lies over difficult ground."""
    length = math.dist(start, end)
    if rough is None or length == 0.0:
        return 0.0
    inside: float = shapely.intersection(shapely.LineString([start, end]), rough).length
    return inside / length
