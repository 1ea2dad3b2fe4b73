"""Small vectorized plane helpers shared by the measuring modules.

Examples
--------
>>> x, y = np.array([0.5, 3.0]), np.array([0.2, 0.0])
>>> inside_triangle(x, y, ((0.0, 0.0), (2.0, 0.0), (0.0, 2.0))).tolist()
[True, False]
>>> distance_to_segment(x, y, (0.0, 1.0), (4.0, 1.0)).tolist()
[0.8, 1.0]
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt
import shapely

from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Point

__all__ = [
    "crossing_matrix",
    "crossings_among",
    "distance_to_segment",
    "inside_triangle",
    "segment_crossings",
    "union_length",
]

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IndexArray = npt.NDArray[np.intp]


def union_length(intervals: Iterable[tuple[float, float]]) -> float:
    """Total length of the union of the intervals ``(lo, hi)``.

    Examples
    --------
    >>> union_length([(0.0, 2.0), (1.0, 3.0), (5.0, 6.0), (5.5, 5.75)])
    4.0
    """
    total, reach = 0.0, -math.inf
    for lo, hi in sorted(intervals):
        total += max(0.0, hi - max(lo, reach))
        reach = max(reach, hi)
    return total


def inside_triangle(x: FloatArray, y: FloatArray, corners: tuple[Point, Point, Point]) -> BoolArray:
    """Whether each point lies inside or on the triangle (either winding).

    Examples
    --------
    >>> inside_triangle(np.array([1.0]), np.array([1.0]), ((0, 0), (0, 2), (2, 0))).tolist()
    [True]
    """
    a, b, c = (
        (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        for (x1, y1), (x2, y2) in zip(corners, (*corners[1:], corners[0]), strict=True)
    )
    inside: BoolArray = ((a >= 0) & (b >= 0) & (c >= 0)) | ((a <= 0) & (b <= 0) & (c <= 0))
    return inside


def distance_to_segment(x: FloatArray, y: FloatArray, start: Point, end: Point) -> FloatArray:
    """Distance from each point to the segment ``start -> end`` (a point if they coincide).

    Examples
    --------
    >>> distance_to_segment(np.array([3.0]), np.array([4.0]), (0.0, 0.0), (0.0, 0.0)).tolist()
    [5.0]
    """
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return np.hypot(x - x1, y - y1)
    t = np.clip(((x - x1) * dx + (y - y1) * dy) / length2, 0.0, 1.0)
    return np.hypot(x - x1 - t * dx, y - y1 - t * dy)


def crossings_among(
    field: Battlefield, walls: IndexArray, start: Point, end: Point
) -> tuple[IndexArray, FloatArray]:
    """The occluders among ``walls`` that the segment ``start -> end`` crosses, and where
    (0..1 along it), nearest first (walls crossed at the same point by number).

    ``walls`` must hold every occluder whose bounding box meets the segment's (more do no
    harm). Touching an occluder's end counts; running along one (parallel) does not.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Occluder
    >>> field = Battlefield.build(occluders=[Occluder("w", 2, -1, 2, 1), Occluder("v", 1, 0, 1, 1)])
    >>> walls, where = crossings_among(field, np.array([0, 1]), (0.0, 0.0), (4.0, 0.0))
    >>> walls.tolist(), where.tolist()
    ([1, 0], [0.25, 0.5])
    """
    if len(walls) <= FEW_WALLS:
        return _crossings_among_few(field, walls, start, end)
    (px, py), (qx, qy) = start, end
    x1, y1, bx, by = field.wall_table[:4, walls]
    ax, ay = x1 - px, y1 - py
    rx, ry = qx - px, qy - py
    denom = rx * by - ry * bx
    # parallel: inf or nan; all but parallel: a quotient past the floats (overflow); both dropped
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        t, along = (ax * by - ay * bx) / denom, (ax * ry - ay * rx) / denom
    hit = np.flatnonzero((np.minimum(t, along) >= 0.0) & (np.maximum(t, along) <= 1.0))  # NaN: no
    walls, t = walls[hit], t[hit]
    if len(hit) > 1:
        order = np.lexsort((walls, t))
        walls, t = walls[order], t[order]
    return walls, t


FEW_WALLS = 24
"""Up to this many candidate walls, :func:`crossings_among` tests them one by one in plain
floats (the same floats: numpy's per-call cost would outweigh the work)."""


def _crossings_among_few(
    field: Battlefield, walls: IndexArray, start: Point, end: Point
) -> tuple[IndexArray, FloatArray]:
    """:func:`crossings_among` wall by wall in plain floats (a division by zero is a line
    parallel to the wall: numpy's infinity or NaN, no crossing)."""
    (px, py), (qx, qy) = start, end
    rx, ry = qx - px, qy - py
    hits = []
    x1s, y1s, bxs, bys = field.wall_table[:4, walls].tolist()
    for w, x1, y1, bx, by in zip(walls.tolist(), x1s, y1s, bxs, bys, strict=True):
        ax, ay = x1 - px, y1 - py
        denom = rx * by - ry * bx
        if denom != 0.0:
            t, along = (ax * by - ay * bx) / denom, (ax * ry - ay * rx) / denom
            if min(t, along) >= 0.0 and max(t, along) <= 1.0:
                hits.append((t, w))
    hits.sort()
    return np.array([w for _, w in hits], dtype=np.intp), np.array([t for t, _ in hits])


def segment_crossings(
    field: Battlefield, starts: FloatArray, ends: FloatArray
) -> tuple[IndexArray, IndexArray, FloatArray]:
    """Every (segment, occluder) crossing for segments ``starts[i] -> ends[i]`` (arrays n x 2).

    Returns the segment numbers, occluder numbers and where along the segment (0..1) each
    crossing lies. Touching an end counts; running parallel along an occluder does not.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Occluder
    >>> field = Battlefield.build(occluders=[Occluder("w", 2, -1, 2, 1)])
    >>> seg, wall, where = segment_crossings(field, np.array([[0.0, 0.0]]), np.array([[4.0, 0.0]]))
    >>> seg.tolist(), wall.tolist(), where.tolist()
    ([0], [0], [0.5])
    """
    lines = shapely.linestrings(np.concatenate((starts, ends), axis=1).reshape(-1, 2, 2))
    s, w = field.wall_tree.query(lines)
    px, py = starts[s, 0], starts[s, 1]
    rx, ry = ends[s, 0] - px, ends[s, 1] - py
    ax, ay = field.wall_x1[w] - px, field.wall_y1[w] - py
    bx, by = field.wall_dx[w], field.wall_dy[w]
    denom = rx * by - ry * bx
    safe = np.where(denom == 0.0, 1.0, denom)
    t, along = (ax * by - ay * bx) / safe, (ax * ry - ay * rx) / safe
    hit = (denom != 0.0) & (t >= 0.0) & (t <= 1.0) & (along >= 0.0) & (along <= 1.0)
    return s[hit], w[hit], t[hit]


def crossing_matrix(
    field: Battlefield, start: Point, ends_x: FloatArray, ends_y: FloatArray,
    walls: IndexArray | None = None,
) -> tuple[IndexArray, BoolArray, FloatArray]:
    """Which occluders each segment ``start -> end[i]`` crosses, for segments sharing a start.

    Returns the candidate occluders (``walls`` if given, else those whose bounding boxes meet
    the segments'), a matrix ``crossed[i, j]`` and where along segment ``i`` the crossing lies
    (0..1).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Occluder
    >>> field = Battlefield.build(occluders=[Occluder("w", 2, -1, 2, 1)])
    >>> ends_x, ends_y = np.array([4.0, 1.0]), np.zeros(2)
    >>> walls, crossed, where = crossing_matrix(field, (0.0, 0.0), ends_x, ends_y)
    >>> walls.tolist(), crossed.tolist(), where[0].tolist()
    ([0], [[True], [False]], [0.5])
    """
    px, py = start
    if walls is None:
        xs, ys = [px, *ends_x.tolist()], [py, *ends_y.tolist()]
        w = field.occluders_near(shapely.box(min(xs), min(ys), max(xs), max(ys)))
    else:
        w = walls
    rx, ry = (ends_x - px)[:, None], (ends_y - py)[:, None]
    ax, ay = field.wall_x1[w] - px, field.wall_y1[w] - py
    bx, by = field.wall_dx[w], field.wall_dy[w]
    denom = rx * by - ry * bx
    with np.errstate(divide="ignore", invalid="ignore"):
        t, along = (ax * by - ay * bx) / denom, (ax * ry - ay * rx) / denom
    crossed = (denom != 0.0) & (t >= 0.0) & (t <= 1.0) & (along >= 0.0) & (along <= 1.0)
    return w, crossed, t
