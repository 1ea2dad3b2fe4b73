"""Ways around walls: which barriers a path crosses, and the shortest path that crosses none.

A :class:`Barriers` is a set of straight segments a mover may not pass (which walls those are
is for the caller to say: closed doors, solid walls). A leg of a path crosses a barrier when
the two meet; a leg through the very end of a barrier that ends free slips past it, one
through a joint where two barriers meet does not (a corner cannot be cut).

:func:`shortest_path` finds the cheapest path from a start to a goal that crosses no barrier,
counted as :func:`battlemap.geometry.movement.path_length` counts a path (each leg on the grid,
difficult ground twice):

- ``square``: A* over the cells one step (of the eight) at a time, from the start's place in
  its cell (a large token's corner lattice as well as cell centres);
- ``hex``: A* over the hexes, six neighbours each;
- ``gridless``: A* over the visibility graph of the barriers' outer corners (each pushed
  ``clearance`` cells off the corner), the start and the goal; a node's neighbours are those
  inside its :func:`~battlemap.geometry.visibility.visibility_polygon`, checked against the
  barriers.

Examples
--------
>>> from battlemap.geometry.grid import GridKind
>>> from battlemap.geometry.index import Battlefield
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

from battlemap.geometry.errors import GeometryError, require_non_negative, require_point
from battlemap.geometry.grid import (
    GridKind,
    hex_cell,
    hex_centre,
    planar_distance,
    planar_distances,
)
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import AreaKind, Point
from battlemap.geometry.visibility import Box, Ring, visibility_polygon

__all__ = ["CLEARANCE", "END_SLIP", "FIT_SLACK", "Barriers", "SearchAbandoned", "crossings_along",
           "path_cost", "shortest_path"]

FloatArray = npt.NDArray[np.float64]
IndexArray = npt.NDArray[np.intp]

END_SLIP = 1e-6
"""How much of a barrier's free end is left out of the crossing test (a leg through the very
end passes it)."""
CLEARANCE = 0.2
"""How far (cells) the gridless graph's corner nodes stand off the corners they go round."""
JOIN = 1e-6
"""Ends closer than this are one joint."""
FIT_SLACK = 0.1
"""How much (cells) a mover's footprint gives on each side: a body of size 2 fits through a
gap 1.8 cells wide, and stands against a wall without touching it."""
WINDOWS = (30.0, math.inf)
"""Half the sides (cells) of the windows a node of the gridless graph casts its sight in, the
next one when the sight reaches the edge of the last (a node sees only the walls near it)."""
ARC_STEP = math.pi / 4.0
"""Round a corner, a large body's graph nodes stand at most this angle apart."""
_SQUARE_STEPS: tuple[tuple[int, int], ...] = (
    (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
_HEX_STEPS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


LEGS_KEPT = 1024
"""Legs whose crossings a :class:`Barriers` keeps (:meth:`Barriers.crossed_at`)."""


@dataclass(frozen=True, slots=True, eq=False)
class Barriers:
    """Segments a mover may not cross (rows ``x1, y1, x2, y2`` of ``segments``), indexed once.

    Build it with :meth:`of`; ``tested`` are the segments the crossing test uses (free ends
    shortened by :data:`END_SLIP`), ``tree`` an STRtree over them.
    """

    segments: FloatArray
    tested: FloatArray = field(repr=False)
    tree: shapely.STRtree = field(repr=False)
    _legs: dict[tuple[float, float, float, float], tuple[tuple[int, Point], ...]] = field(
        default_factory=dict, repr=False)
    """:meth:`crossed_at`'s answers by leg (a drag asks again for every leg of its path at
    each step; the barriers never change), at most :data:`LEGS_KEPT`."""

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
        battlemap.geometry.errors.GeometryError: barrier 0 must be 4 finite numbers, got [0.0, \
0.0, nan, 0.0]
        """
        rows = np.array(segments, dtype=np.float64).reshape(-1, 4)
        bad = ~np.isfinite(rows).all(axis=1)  # checked at once: a map has 500,000 pieces
        if bad.any():
            n = int(np.argmax(bad))
            raise GeometryError(f"barrier {n} must be 4 finite numbers, got {rows[n].tolist()}")
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
        key = (float(start[0]), float(start[1]), float(end[0]), float(end[1]))
        kept = self._legs.get(key)  # (a leg with a NaN is never found: checked each time)
        if kept is not None:
            return kept
        found = self.crossed(start, end)
        along = _along(start, end, self.tested[found])
        dx, dy = end[0] - start[0], end[1] - start[1]
        answer = tuple((int(n), (start[0] + float(t) * dx, start[1] + float(t) * dy))
                       for n, t in zip(found.tolist(), along.tolist(), strict=True))
        if len(self._legs) >= LEGS_KEPT:
            self._legs.clear()
        self._legs[key] = answer
        return answer

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

    def clear_sweeps(self, starts: FloatArray, ends: FloatArray, body: float,
                     square: bool) -> npt.NDArray[np.bool_]:
        """For each leg ``starts[i] -> ends[i]``, whether a body ``body`` cells across (a
        square one on a square grid, else a disc) sweeps along it touching no barrier (it
        gives :data:`FIT_SLACK` on each side); ``body`` 0 is the centre line
        (:meth:`clear_steps`).

        Examples
        --------
        >>> door = Barriers.of([(2, 0, 2, 1), (2, 2, 2, 4)])  # a gap 1 cell wide at y 1..2
        >>> starts, ends = np.array([[0.5, 1.5]]), np.array([[3.5, 1.5]])
        >>> door.clear_sweeps(starts, ends, 0.0, False), door.clear_sweeps(starts, ends, 2.0, False)
        (array([ True]), array([False]))
        """
        if body <= 0:
            return self.clear_steps(starts, ends)
        clear = np.ones(len(starts), dtype=bool)
        if len(self) == 0 or len(starts) == 0:
            return clear
        hits = self.tree.query(_sweeps(starts, ends, body, square), predicate="intersects")
        clear[hits[0]] = False
        return clear

    def swept(self, start: Point, end: Point, body: float, square: bool) -> IndexArray:
        """The barriers a body ``body`` cells across meets sweeping ``start -> end`` (see
        :meth:`clear_sweeps`), nearest ``start`` first.

        Examples
        --------
        >>> walls = Barriers.of([(2, 0, 2, 1), (2, 2, 2, 4), (9, 0, 9, 4)])
        >>> walls.swept((0.5, 1.5), (3.5, 1.5), 2.0, True).tolist()
        [0, 1]
        """
        a, b = require_point("leg start", start), require_point("leg end", end)
        if len(self) == 0:
            return np.empty(0, dtype=np.intp)
        shape = _sweeps(np.array([a]), np.array([b]), body, square)[0]
        found: IndexArray = self.tree.query(shape, predicate="intersects")
        near = shapely.distance(shapely.points(np.array([a])), self._lines(found))
        ordered: IndexArray = found[np.argsort(near, kind="stable")]
        return ordered

    def nearest_on(self, start: Point, end: Point, index: int) -> Point:
        """The point of the leg ``start -> end`` nearest barrier ``index``.

        Examples
        --------
        >>> Barriers.of([(2, 1, 2, 3)]).nearest_on((0.0, 0.0), (4.0, 0.0), 0)
        (2.0, 0.0)
        """
        leg = shapely.LineString([start, end]) if start != end else shapely.Point(start)
        line = shapely.shortest_line(leg, self._lines(np.array([index]))[0])
        x, y = shapely.get_coordinates(line)[0]
        return (float(x), float(y))

    def _lines(self, rows: IndexArray) -> npt.NDArray[np.object_]:
        lines: npt.NDArray[np.object_] = shapely.linestrings(
            self.segments[rows].reshape(-1, 2, 2))
        return lines


def _sweeps(starts: FloatArray, ends: FloatArray, body: float,
            square: bool) -> npt.NDArray[np.object_]:
    """The ground a body ``body`` cells across covers going each leg: on squares the hull of
    its square at both ends, else the leg's disc-swept band (less :data:`FIT_SLACK` a side)."""
    half = max(body / 2.0 - FIT_SLACK, 1e-3)
    if square:
        offsets = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
        corners = np.concatenate([starts[:, None, :] + offsets, ends[:, None, :] + offsets],
                                 axis=1)
        hulls: npt.NDArray[np.object_] = shapely.convex_hull(shapely.multipoints(corners))
        return hulls
    moving = np.hypot(*(ends - starts).T) > 0
    shapes = shapely.buffer(shapely.points(starts), half, quad_segs=8)
    if moving.any():
        lines = shapely.linestrings(np.stack([starts[moving], ends[moving]], axis=1))
        shapes[moving] = shapely.buffer(lines, half, quad_segs=8)
    result: npt.NDArray[np.object_] = shapes
    return result


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
    """What each leg costs as :func:`battlemap.geometry.movement.path_length` counts it."""
    d = ends - starts
    if field.grid is GridKind.HEX:  # whole hexes, as the count steps them
        counted = np.array([planar_distance(float(x), float(y), field.grid) for x, y in d])
    else:
        counted = planar_distances(d[:, 0], d[:, 1], field.grid)
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
    :func:`battlemap.geometry.movement.path_length`).

    Examples
    --------
    >>> path_cost(Battlefield.build(grid=GridKind.HEX), [(0.5, 0.577), (2.5, 0.577)])
    2.0
    """
    if len(points) < 2:
        return 0.0
    array = np.array(points, dtype=np.float64)
    return float(_leg_costs(field, _rough(field, crawling), array[:-1], array[1:]).sum())


class SearchAbandoned(Exception):
    """The search for a way was told to stop (``stop`` said so: its time is spent, or a newer
    search is wanted) before it ended."""


def shortest_path(field: Battlefield, barriers: Barriers, start: Point, goal: Point,
                  bounds: Box, *, crawling: bool = False, clearance: float = CLEARANCE,
                  body: float = 0.0,
                  stop: Callable[[], bool] | None = None) -> tuple[Point, ...] | None:
    """The cheapest path from ``start`` to ``goal`` that crosses none of ``barriers``, its
    points from ``start`` to ``goal``; None when the barriers shut the goal away. Nodes stay
    inside ``bounds`` (min x, min y, max x, max y); ``crawling`` ignores difficult ground.

    ``body`` is the mover's size in cells: 0 moves its centre line, a larger body must sweep
    each leg touching no barrier (:meth:`Barriers.clear_sweeps`: its square on squares, a
    disc on hexes and gridless), so it does not squeeze through a gap narrower than itself.
    ``stop`` is asked as the search goes; when it says True the search raises
    :class:`SearchAbandoned`.

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
    >>> gap = Barriers.of([(2, -2, 2, 1), (2, 2, 2, 5)])  # a gap 1 cell wide at y 1..2
    >>> len(shortest_path(field, gap, (1.0, 1.5), (3.0, 1.5), (-2.0, -3.0, 5.0, 6.0)))
    2
    >>> big = shortest_path(field, gap, (1.0, 1.5), (3.0, 1.5), (-3.0, -5.0, 7.0, 9.0), body=2)
    >>> min(y for _, y in big) < -2  # round the top end of the wall, not through the gap
    True
    """
    a, b = require_point("start", start), require_point("goal", goal)
    require_non_negative("clearance", clearance)
    require_non_negative("body", body)
    rough = _rough(field, crawling)
    if field.grid is GridKind.GRIDLESS:
        return _visibility_search(field, barriers, rough, a, b, bounds, clearance, body, stop)
    return _grid_search(field, barriers, rough, a, b, bounds, body, stop)


Node = tuple[int, int]


def _grid_search(field: Battlefield, barriers: Barriers, rough: shapely.Geometry | None,
                 start: Point, goal: Point, bounds: Box, body: float,
                 stop: Callable[[], bool] | None) -> tuple[Point, ...] | None:
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
    square = field.grid is GridKind.SQUARE

    def inside(n: Node) -> bool:
        x, y = centre(n)
        return n in (first, last) or (x0 <= x <= x1 and y0 <= y <= y1)

    def neighbours(n: Node) -> list[tuple[Node, float]]:
        near = [(n[0] + dq, n[1] + dr) for dq, dr in steps]
        near = [m for m in near if inside(m)]
        here = np.array([centre(n)] * len(near))
        there = np.array([centre(m) for m in near]).reshape(-1, 2)
        clear = barriers.clear_sweeps(here, there, body, square)
        costs = _leg_costs(field, rough, here, there)
        return [(m, float(c)) for m, c, ok in zip(near, costs, clear, strict=True) if ok]

    def estimate(n: Node) -> float:
        p, q = centre(n), centre(last)
        return planar_distance(q[0] - p[0], q[1] - p[1], field.grid)

    found = _astar(first, last, neighbours, estimate, lambda n: centre(n), stop)
    if found is None:
        return None
    points = [start, *(centre(n) for n in found[1:-1]), goal]
    if len(found) == 1:
        points = [start, goal]
    ends = np.array([points[0], points[-2]]), np.array([points[1], points[-1]])
    if not barriers.clear_sweeps(*ends, body, square).all():
        return None  # the goal (or the start) sits off its cell's point, behind a wall
    return tuple(points)


def _astar(first: Hashable, last: Hashable,
           neighbours: Callable[[Node], list[tuple[Node, float]]],
           estimate: Callable[[Node], float],
           where: Callable[[Node], Point],
           stop: Callable[[], bool] | None = None) -> list[Node] | None:
    """The nodes of the cheapest way ``first -> last``; equal costs prefer the straighter
    (shorter on the page) way. ``stop`` is asked before each node is opened."""
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
        if stop is not None and stop():
            raise SearchAbandoned(f"stopped after {len(done)} places")
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


def _corner_nodes(barriers: Barriers, clearance: float, body: float = 0.0) -> FloatArray:
    """A point ``clearance`` off each outer corner of the barriers (each free end, each joint
    with an angle over 180 degrees free). For a ``body`` over 0, points round the corner's
    free side, at most :data:`ARC_STEP` apart, far enough out that the legs between them
    keep the body (and ``clearance``) off the corner."""
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
            if gap <= math.pi + 1e-9:
                continue
            if body <= 0:
                middle = turn + gap / 2.0
                nodes.append((at[0] + clearance * math.cos(middle),
                              at[1] + clearance * math.sin(middle)))
                continue
            count = math.ceil((gap - math.pi) / ARC_STEP) + 1
            spread = (gap - math.pi) / count  # the arc from one side's normal to the other's
            far = (body / 2.0 + clearance) / math.cos(spread / 2.0)
            for k in range(count + 1):
                heading = turn + math.pi / 2.0 + k * spread
                nodes.append((at[0] + far * math.cos(heading), at[1] + far * math.sin(heading)))
    return np.array(nodes, dtype=np.float64).reshape(-1, 2)


@dataclass(eq=False)
class _Graph:
    """The gridless visibility graph of one set of barriers for one body: its corner nodes
    and, filled in as searches open them, which nodes each one sees."""

    barriers: Barriers
    body: float
    box: Box
    points: FloatArray
    spots: npt.NDArray[np.object_]
    tree: shapely.STRtree
    seen: dict[int, IndexArray] = field(default_factory=dict)

    def sees(self, eye: Point) -> IndexArray:
        """The nodes ``eye`` reaches in a straight leg the body sweeps clear: those inside its
        sight (cast in a window round it, :data:`WINDOWS` cells wide a side, widened while
        the sight reaches the window's edge), each leg then tested against the barriers."""
        ring = self._sight(eye)
        if len(ring) < 3 or len(self.points) == 0:
            return np.empty(0, dtype=np.intp)
        seen = shapely.Polygon(ring)
        lo, hi = np.min(ring, axis=0), np.max(ring, axis=0)
        near = self.tree.query(shapely.box(*(lo - 1e-6), *(hi + 1e-6)))
        shapely.prepare(seen)
        near = near[shapely.dwithin(seen, self.spots[near], 1e-6)]
        here = np.repeat(np.array([eye]), len(near), axis=0)
        clear = self.barriers.clear_sweeps(here, self.points[near], self.body, False)
        found: IndexArray = np.sort(near[clear])
        return found

    def _sight(self, eye: Point) -> Ring:
        """What ``eye`` sees of the box: cast in a window round it first (few walls), the
        window widened while the sight meets one of its sides that is not the box's."""
        x0, y0, x1, y1 = self.box
        ex, ey = eye
        ring: Ring = ()
        for half in WINDOWS:
            window = (max(x0, ex - half), max(y0, ey - half), min(x1, ex + half),
                      min(y1, ey + half))
            walls = self.barriers.segments[self.barriers.tree.query(shapely.box(*window))]
            ring = visibility_polygon(eye, walls, window)
            if len(ring) < 3:
                return ring
            xs, ys = np.array(ring).T
            inner = ((window[0] > x0 and xs.min() <= window[0] + 1e-9)
                     or (window[1] > y0 and ys.min() <= window[1] + 1e-9)
                     or (window[2] < x1 and xs.max() >= window[2] - 1e-9)
                     or (window[3] < y1 and ys.max() >= window[3] - 1e-9))
            if not inner:
                break
        return ring

    def sees_from(self, node: int) -> IndexArray:
        """:meth:`sees` from node ``node``, kept for the next search."""
        found = self.seen.get(node)
        if found is None:
            eye = (float(self.points[node, 0]), float(self.points[node, 1]))
            found = self.sees(eye)
            found = found[found != node]
            self.seen[node] = found
        return found


_GRAPHS: dict[tuple[int, float, float, Box], _Graph] = {}
"""The last few graphs, by their barriers (the same object: a snapshot's), body and box."""


def _graph(barriers: Barriers, clearance: float, body: float, box: Box) -> _Graph:
    key = (id(barriers), clearance, body, box)
    graph = _GRAPHS.get(key)
    if graph is not None and graph.barriers is barriers:
        return graph
    x0, y0, x1, y1 = box
    corners = _corner_nodes(barriers, clearance, body)
    keep = ((corners[:, 0] > x0) & (corners[:, 0] < x1)
            & (corners[:, 1] > y0) & (corners[:, 1] < y1))
    if body > 0 and keep.any():  # a node the body cannot stand on is no place to go
        spots = corners[keep]
        keep[np.flatnonzero(keep)] = barriers.clear_sweeps(spots, spots, body, False)
    points = corners[keep]
    spots = shapely.points(points)
    graph = _Graph(barriers, body, box, points, spots, shapely.STRtree(spots))
    while len(_GRAPHS) >= 8:
        del _GRAPHS[next(iter(_GRAPHS))]
    _GRAPHS[key] = graph
    return graph


def _visibility_search(field: Battlefield, barriers: Barriers, rough: shapely.Geometry | None,
                       start: Point, goal: Point, bounds: Box, clearance: float, body: float,
                       stop: Callable[[], bool] | None) -> tuple[Point, ...] | None:
    """A* over the visibility graph of the corner nodes, the start and the goal (the corner
    nodes' sight kept per snapshot of the barriers, see :func:`_graph`)."""
    legs = np.array([start]), np.array([goal])
    if barriers.clear_sweeps(*legs, body, False)[0]:
        return (start, goal)
    x0, y0, x1, y1 = bounds
    box = (min(x0, start[0], goal[0]) - 1, min(y0, start[1], goal[1]) - 1,
           max(x1, start[0], goal[0]) + 1, max(y1, start[1], goal[1]) + 1)
    graph = _graph(barriers, clearance, body, box)
    points = graph.points
    keep = ((points[:, 0] >= x0) & (points[:, 0] <= x1)
            & (points[:, 1] >= y0) & (points[:, 1] <= y1))
    first, last = len(points), len(points) + 1
    every = np.vstack([points, np.array([start, goal])])
    from_start = graph.sees(start)
    to_goal = np.zeros(len(points) + 2, dtype=bool)
    to_goal[graph.sees(goal)] = True

    def neighbours(n: Node) -> list[tuple[Node, float]]:
        near = from_start if n[0] == first else graph.sees_from(n[0])
        near = near[keep[near]]
        if to_goal[n[0]]:
            near = np.append(near, last)
        here = np.repeat(every[n[0]][None, :], len(near), axis=0)
        costs = _leg_costs(field, rough, here, every[near])
        return [((int(m), 0), float(c)) for m, c in zip(near, costs, strict=True)]

    def estimate(n: Node) -> float:
        return math.dist(every[n[0]], goal)

    found = _astar((first, 0), (last, 0), neighbours, estimate,
                   lambda n: (float(every[n[0], 0]), float(every[n[0], 1])), stop)
    if found is None:
        return None
    return tuple((float(every[i, 0]), float(every[i, 1])) for i, _ in found)
