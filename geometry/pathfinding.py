"""Ways around walls: which barriers a path crosses, and the shortest path that crosses none.

A :class:`Barriers` is a set of straight segments a mover may not pass (which walls those are
is for the caller to say: closed doors, solid walls). A leg of a path crosses a barrier when
the two meet; a leg through the very end of a barrier that ends free slips past it, one
through a joint where two barriers meet does not (a corner cannot be cut).

:func:`shortest_path` finds the cheapest path from a start to a goal that crosses no barrier,
counted as :func:`geometry.movement.path_length` counts a path (each leg on the grid,
difficult ground twice):

- ``square``: A* over the cells one step (of the eight) at a time, from the start's place in
  its cell (a large token's corner lattice as well as cell centres);
- ``hex``: A* over the hexes, six neighbours each;
- ``gridless``: A* over the visibility graph of the barriers' outer corners (each pushed
  ``clearance`` cells off the corner), the start and the goal; a node's neighbours are those
  inside its :func:`~geometry.visibility.visibility_polygon`, checked against the barriers.

Examples
--------
>>> from geometry.grid import GridKind
>>> from geometry.index import Battlefield
>>> wall = Barriers.of([(2.0, 0.0, 2.0, 3.0)])
>>> wall.crossed((0.5, 0.5), (3.5, 0.5)).tolist(), wall.crossed((0.5, 3.5), (3.5, 3.5)).tolist()
([0], [])
>>> field = Battlefield.build(grid=GridKind.SQUARE)
>>> path = shortest_path(field, wall, (0.5, 0.5), (3.5, 0.5), (0.0, 0.0, 6.0, 6.0))
>>> path
((0.5, 0.5), (1.5, 1.5), (1.5, 2.5), (1.5, 3.5), (2.5, 2.5), (2.5, 1.5), (3.5, 0.5))
>>> path_cost(field, path)  # three rows down, round the wall's free end at (2, 3), three up
6.0
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import numpy as np
import numpy.typing as npt
import shapely

from geometry.errors import GeometryError, require_non_negative, require_point
from geometry.grid import GridKind, hex_cell, hex_centre, planar_distance
from geometry.index import Battlefield
from geometry.shapes import AreaKind, Point
from geometry.visibility import Box, visibility_polygon

__all__ = ["CLEARANCE", "END_SLIP", "Barriers", "crossings_along", "path_cost", "shortest_path"]

FloatArray = npt.NDArray[np.float64]
IndexArray = npt.NDArray[np.intp]

END_SLIP = 1e-6
"""How much of a barrier's free end is left out of the crossing test (a leg through the very
end passes it)."""
CLEARANCE = 0.2
"""How far (cells) the gridless graph's corner nodes stand off the corners they go round."""
JOIN = 1e-6
"""Ends closer than this are one joint."""
_SQUARE_STEPS: tuple[tuple[int, int], ...] = (
    (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_HEX_STEPS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass(frozen=True, slots=True, eq=False)
class Barriers:
    """Segments a mover may not cross (rows ``x1, y1, x2, y2`` of ``segments``), indexed once.

    Build it with :meth:`of`; ``tested`` are the segments the crossing test uses (free ends
    shortened by :data:`END_SLIP`), ``tree`` an STRtree over them.
    """

    segments: FloatArray
    tested: FloatArray = field(repr=False)
    tree: shapely.STRtree = field(repr=False)

    @classmethod
    def of(cls, segments: Iterable[Sequence[float]]) -> Barriers:
        """The barriers along ``segments`` (each ``(x1, y1, x2, y2)``); zero-length ones are
        dropped.

        Examples
        --------
        >>> Barriers.of([(0, 0, 1, 0), (2, 2, 2, 2)]).segments.tolist()
        [[0.0, 0.0, 1.0, 0.0]]
        >>> Barriers.of([(0, 0, float("nan"), 0)])
        Traceback (most recent call last):
        ...
        geometry.errors.GeometryError: barrier 0 must be 4 finite numbers, got [0.0, 0.0, nan, 0.0]
        """
        rows = np.array([list(map(float, s)) for s in segments], dtype=np.float64).reshape(-1, 4)
        for n, row in enumerate(rows):
            if not np.all(np.isfinite(row)):
                raise GeometryError(f"barrier {n} must be 4 finite numbers, got {row.tolist()}")
        rows = rows[np.hypot(rows[:, 2] - rows[:, 0], rows[:, 3] - rows[:, 1]) > 0]
        tested = _slip_free_ends(rows)
        tree = shapely.STRtree(shapely.linestrings(tested.reshape(-1, 2, 2)))
        return cls(rows, tested, tree)

    def __len__(self) -> int:
        return len(self.segments)

    def crossed(self, start: Point, end: Point) -> IndexArray:
        """Indices of the barriers the leg ``start -> end`` meets, nearest ``start`` first.

        Examples
        --------
        >>> walls = Barriers.of([(3, 0, 3, 2), (1, 0, 1, 2), (1, 2, 3, 2)])
        >>> walls.crossed((0.0, 1.0), (4.0, 1.0)).tolist()
        [1, 0]
        >>> walls.crossed((0.0, 3.0), (2.0, 1.0)).tolist()  # through the joint at (1, 2)
        [1, 2]
        """
        a, b = require_point("leg start", start), require_point("leg end", end)
        if a == b or len(self) == 0:
            return np.empty(0, dtype=np.intp)
        found: IndexArray = self.tree.query(shapely.LineString([a, b]), predicate="intersects")
        if len(found) < 2:
            return found
        rows = self.tested[found]
        along = _along(a, b, rows)
        ordered: IndexArray = found[np.argsort(along, kind="stable")]
        return ordered

    def crossed_at(self, start: Point, end: Point) -> tuple[tuple[int, Point], ...]:
        """The barriers the leg ``start -> end`` meets, nearest ``start`` first, each with
        where the leg meets it.

        Examples
        --------
        >>> Barriers.of([(2, 0, 2, 4)]).crossed_at((0.0, 1.0), (4.0, 3.0))
        ((0, (2.0, 2.0)),)
        """
        found = self.crossed(start, end)
        along = _along(start, end, self.tested[found])
        dx, dy = end[0] - start[0], end[1] - start[1]
        return tuple((int(n), (start[0] + float(t) * dx, start[1] + float(t) * dy))
                     for n, t in zip(found.tolist(), along.tolist(), strict=True))

    def clear_steps(self, starts: FloatArray, ends: FloatArray) -> npt.NDArray[np.bool_]:
        """For each leg ``starts[i] -> ends[i]`` (rows x, y), whether it meets no barrier.

        Examples
        --------
        >>> walls = Barriers.of([(1, 0, 1, 2)])
        >>> starts, ends = np.array([[0.5, 0.5], [0.5, 3.0]]), np.array([[1.5, 0.5], [1.5, 3.0]])
        >>> walls.clear_steps(starts, ends)
        array([False,  True])
        """
        clear = np.ones(len(starts), dtype=bool)
        if len(self) == 0 or len(starts) == 0:
            return clear
        lines = shapely.linestrings(np.stack([starts, ends], axis=1))
        hits = self.tree.query(lines, predicate="intersects")
        clear[hits[0]] = False
        return clear


def _slip_free_ends(rows: FloatArray) -> FloatArray:
    """``rows`` with each end that no other barrier's end shares pulled in by END_SLIP."""
    ends = np.round(rows.reshape(-1, 2) / JOIN).astype(np.int64)
    _, inverse, counts = np.unique(ends, axis=0, return_inverse=True, return_counts=True)
    free = (counts[inverse.reshape(-1)] == 1).reshape(-1, 2)
    dx, dy = rows[:, 2] - rows[:, 0], rows[:, 3] - rows[:, 1]
    length = np.hypot(dx, dy)
    pull = np.minimum(END_SLIP, length / 4.0) / np.where(length > 0, length, 1.0)
    tested = rows.copy()
    tested[:, 0] += np.where(free[:, 0], dx * pull, 0.0)
    tested[:, 1] += np.where(free[:, 0], dy * pull, 0.0)
    tested[:, 2] -= np.where(free[:, 1], dx * pull, 0.0)
    tested[:, 3] -= np.where(free[:, 1], dy * pull, 0.0)
    return tested


def _along(a: Point, b: Point, rows: FloatArray) -> FloatArray:
    """How far along ``a -> b`` (0 to 1) each segment of ``rows`` is met (collinear: its
    nearer end)."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    ex, ey = rows[:, 2] - rows[:, 0], rows[:, 3] - rows[:, 1]
    denominator = dx * ey - dy * ex
    wx, wy = rows[:, 0] - ax, rows[:, 1] - ay
    length2 = dx * dx + dy * dy
    ends = np.minimum((wx * dx + wy * dy), ((rows[:, 2] - ax) * dx + (rows[:, 3] - ay) * dy))
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(denominator != 0, (wx * ey - wy * ex) / denominator, ends / length2)
    result: FloatArray = np.clip(t, 0.0, 1.0)
    return result


def crossings_along(barriers: Barriers, points: Sequence[Point]) -> tuple[tuple[int, ...], ...]:
    """For each leg of the path through ``points``, the barriers it meets (nearest first).

    Examples
    --------
    >>> door = Barriers.of([(2, 0, 2, 1)])
    >>> crossings_along(door, [(0.5, 0.5), (1.5, 0.5), (2.5, 0.5), (2.5, 2.5)])
    ((), (0,), ())
    """
    return tuple(tuple(barriers.crossed(a, b).tolist()) for a, b in pairwise(points))


def _rough(field: Battlefield, crawling: bool) -> shapely.Geometry | None:
    shapes = [shape for _, shape in field.areas_of_kind(AreaKind.DIFFICULT)]
    if crawling or not shapes:
        return None
    rough = shapely.union_all(shapes)
    shapely.prepare(rough)
    return rough


def _leg_costs(field: Battlefield, rough: shapely.Geometry | None, starts: FloatArray,
               ends: FloatArray) -> FloatArray:
    """What each leg costs as :func:`geometry.movement.path_length` counts it."""
    d = ends - starts
    counted = np.array([planar_distance(float(x), float(y), field.grid) for x, y in d])
    if rough is None or len(starts) == 0:
        return counted
    lines = shapely.linestrings(np.stack([starts, ends], axis=1))
    length = np.hypot(d[:, 0], d[:, 1])
    touched = shapely.intersects(lines, rough)
    inside = np.zeros(len(starts))
    if touched.any():
        inside[touched] = shapely.length(shapely.intersection(lines[touched], rough))
    share = np.divide(inside, length, out=np.zeros_like(inside), where=length > 0)
    result: FloatArray = counted * (1.0 + share)
    return result


def path_cost(field: Battlefield, points: Sequence[Point], *, crawling: bool = False) -> float:
    """The cost of the path through ``points`` as the search counts it (the same count as
    :func:`geometry.movement.path_length`).

    Examples
    --------
    >>> path_cost(Battlefield.build(grid=GridKind.HEX), [(0.5, 0.577), (2.5, 0.577)])
    2.0
    """
    if len(points) < 2:
        return 0.0
    array = np.array(points, dtype=np.float64)
    return float(_leg_costs(field, _rough(field, crawling), array[:-1], array[1:]).sum())


def shortest_path(field: Battlefield, barriers: Barriers, start: Point, goal: Point,
                  bounds: Box, *, crawling: bool = False,
                  clearance: float = CLEARANCE) -> tuple[Point, ...] | None:
    """The cheapest path from ``start`` to ``goal`` that crosses none of ``barriers``, its
    points from ``start`` to ``goal``; None when the barriers shut the goal away. Nodes stay
    inside ``bounds`` (min x, min y, max x, max y); ``crawling`` ignores difficult ground.

    Examples
    --------
    >>> room = Barriers.of([(0, 0, 4, 0), (4, 0, 4, 4), (4, 4, 0, 4), (0, 4, 0, 0)])
    >>> field = Battlefield.build(grid=GridKind.GRIDLESS)
    >>> shortest_path(field, room, (1.0, 1.0), (6.0, 1.0), (-1.0, -1.0, 8.0, 8.0)) is None
    True
    >>> wall = Barriers.of([(2, -2, 2, 3)])
    >>> path = shortest_path(field, wall, (1.0, 1.0), (3.0, 1.0), (-2.0, -2.0, 5.0, 5.0))
    >>> [(round(x, 2), round(y, 2)) for x, y in path]
    [(1.0, 1.0), (2.0, 3.2), (3.0, 1.0)]
    """
    a, b = require_point("start", start), require_point("goal", goal)
    require_non_negative("clearance", clearance)
    rough = _rough(field, crawling)
    if field.grid is GridKind.GRIDLESS:
        return _visibility_search(field, barriers, rough, a, b, bounds, clearance)
    return _grid_search(field, barriers, rough, a, b, bounds)


Node = tuple[int, int]


def _grid_search(field: Battlefield, barriers: Barriers, rough: shapely.Geometry | None,
                 start: Point, goal: Point, bounds: Box) -> tuple[Point, ...] | None:
    """A* over the squares (the start's lattice) or the hexes."""
    if field.grid is GridKind.HEX:
        centre: Callable[[Node], Point] = lambda n: hex_centre(*n)  # noqa: E731
        first, last, steps = hex_cell(*start), hex_cell(*goal), _HEX_STEPS
    else:
        ox, oy = start[0] - math.floor(start[0]), start[1] - math.floor(start[1])
        def centre(n: Node) -> Point:
            return (n[0] + ox, n[1] + oy)
        first = (math.floor(start[0]), math.floor(start[1]))
        last = (round(goal[0] - ox), round(goal[1] - oy))
        steps = _SQUARE_STEPS
    x0, y0, x1, y1 = bounds

    def inside(n: Node) -> bool:
        x, y = centre(n)
        return n in (first, last) or (x0 <= x <= x1 and y0 <= y <= y1)

    def neighbours(n: Node) -> list[tuple[Node, float]]:
        near = [(n[0] + dq, n[1] + dr) for dq, dr in steps]
        near = [m for m in near if inside(m)]
        here = np.array([centre(n)] * len(near))
        there = np.array([centre(m) for m in near]).reshape(-1, 2)
        clear = barriers.clear_steps(here, there)
        costs = _leg_costs(field, rough, here, there)
        return [(m, float(c)) for m, c, ok in zip(near, costs, clear, strict=True) if ok]

    def estimate(n: Node) -> float:
        p, q = centre(n), centre(last)
        return planar_distance(q[0] - p[0], q[1] - p[1], field.grid)

    found = _astar(first, last, neighbours, estimate, lambda n: centre(n))
    if found is None:
        return None
    points = [start, *(centre(n) for n in found[1:-1]), goal]
    if len(found) == 1:
        points = [start, goal]
    if barriers.crossed(points[-2], goal).size or barriers.crossed(start, points[1]).size:
        return None  # the goal (or the start) sits off its cell's point, behind a wall
    return tuple(points)


def _astar(first: Hashable, last: Hashable,
           neighbours: Callable[[Node], list[tuple[Node, float]]],
           estimate: Callable[[Node], float],
           where: Callable[[Node], Point]) -> list[Node] | None:
    """The nodes of the cheapest way ``first -> last``; equal costs prefer the straighter
    (shorter on the page) way."""
    assert isinstance(first, tuple) and isinstance(last, tuple)
    best: dict[Node, tuple[float, float]] = {first: (0.0, 0.0)}
    came: dict[Node, Node] = {}
    queue: list[tuple[float, float, int, Node]] = [(estimate(first), 0.0, 0, first)]
    done: set[Node] = set()
    counter = 1
    while queue:
        _, _, _, node = heapq.heappop(queue)
        if node in done:
            continue
        if node == last:
            return _walk_back(came, node)
        done.add(node)
        cost, drawn = best[node]
        for other, step in neighbours(node):
            p, q = where(node), where(other)
            key = (cost + step, drawn + math.dist(p, q))
            if other not in done and key < best.get(other, (math.inf, math.inf)):
                best[other], came[other] = key, node
                heapq.heappush(queue, (key[0] + estimate(other), key[1], counter, other))
                counter += 1
    return None


def _walk_back(came: dict[Node, Node], node: Node) -> list[Node]:
    path = [node]
    while path[-1] in came:
        path.append(came[path[-1]])
    return path[::-1]


def _corner_nodes(barriers: Barriers, clearance: float) -> FloatArray:
    """A point ``clearance`` off each outer corner of the barriers (each free end, each joint
    with an angle over 180 degrees free)."""
    rows = barriers.segments
    if len(rows) == 0:
        return np.empty((0, 2))
    ends = rows.reshape(-1, 2)
    others = rows[:, [2, 3, 0, 1]].reshape(-1, 2)
    keys = np.round(ends / JOIN).astype(np.int64)
    _, group = np.unique(keys, axis=0, return_inverse=True)
    group = group.reshape(-1)
    angles = np.arctan2(others[:, 1] - ends[:, 1], others[:, 0] - ends[:, 0])
    nodes: list[Point] = []
    for g in np.unique(group):
        members = np.flatnonzero(group == g)
        at = ends[members[0]]
        turns = np.sort(angles[members])
        gaps = np.diff(np.append(turns, turns[0] + 2 * math.pi))
        for turn, gap in zip(turns, gaps, strict=True):
            if gap > math.pi + 1e-9:
                middle = turn + gap / 2.0
                nodes.append((at[0] + clearance * math.cos(middle),
                              at[1] + clearance * math.sin(middle)))
    return np.array(nodes, dtype=np.float64).reshape(-1, 2)


def _visibility_search(field: Battlefield, barriers: Barriers, rough: shapely.Geometry | None,
                       start: Point, goal: Point, bounds: Box,
                       clearance: float) -> tuple[Point, ...] | None:
    """A* over the visibility graph of the corner nodes, the start and the goal."""
    if barriers.clear_steps(np.array([start]), np.array([goal]))[0]:
        return (start, goal)
    x0, y0, x1, y1 = bounds
    corners = _corner_nodes(barriers, clearance)
    keep = ((corners[:, 0] >= x0) & (corners[:, 0] <= x1)
            & (corners[:, 1] >= y0) & (corners[:, 1] <= y1))
    points = np.vstack([np.array([start, goal]), corners[keep]])
    box = (min(x0, start[0], goal[0]) - 1, min(y0, start[1], goal[1]) - 1,
           max(x1, start[0], goal[0]) + 1, max(y1, start[1], goal[1]) + 1)
    blockers, spots = barriers.segments, shapely.points(points)

    def neighbours(n: Node) -> list[tuple[Node, float]]:
        eye = (float(points[n[0], 0]), float(points[n[0], 1]))
        ring = visibility_polygon(eye, blockers, box)
        if len(ring) < 3:
            return []
        seen = shapely.Polygon(ring)
        lo, hi = np.min(ring, axis=0) - 1e-6, np.max(ring, axis=0) + 1e-6
        near = np.flatnonzero(np.all((points >= lo) & (points <= hi), axis=1))
        near = near[near != n[0]]
        near = near[shapely.dwithin(seen, spots[near], 1e-6)]
        here = np.repeat(points[n[0]][None, :], len(near), axis=0)
        clear = barriers.clear_steps(here, points[near])
        near = near[clear]
        costs = _leg_costs(field, rough, here[clear], points[near])
        return [((int(m), 0), float(c)) for m, c in zip(near, costs, strict=True)]

    def estimate(n: Node) -> float:
        return math.dist(points[n[0]], goal)

    found = _astar((0, 0), (1, 0), neighbours, estimate,
                   lambda n: (float(points[n[0], 0]), float(points[n[0], 1])))
    if found is None:
        return None
    return tuple((float(points[i, 0]), float(points[i, 1])) for i, _ in found)
