"""Which walls may meet which targets' sight wedges: an angular join around the eye.

A wall can hide part of a target only if, seen from the eye, its angular interval overlaps the
target's sight wedge (half-angle ``atan(r / d)``) and some point of it is nearer than the
target. A bounding box from the eye to the target holds about ten times more walls than the
thin wedge on a dungeon map, and more the farther and more diagonal the target; this join finds
the candidates by wall angles instead, so the work per target grows with the wedge's area
(about its distance), not the box's (its distance squared).

Walls are put in classes by angular width (a wall near the eye is wide), and within a class in
buckets by the angle of their middle (1,024 a class, grouped by one radix sort of the bucket
numbers: no binary search); a target then takes, from each class, the run of buckets holding
the middles within its half-angle plus half the class's widest wall, and keeps the walls whose
interval meets its wedge and whose nearest point is nearer than it. The join is conservative
(it widens every interval by ``ANGLE_SLACK``); the exact projection that follows drops what
only touches. ``margin`` widens it for eyes up to that far from the centre (leaning: one join
serves all viewpoints). What does not depend on the eye (the sight-blocking walls, their ends
and lengths) is worked out once per battlefield, in ``Battlefield.derived``.

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body, Occluder
>>> field = Battlefield.build(
...     bodies=[Body("a", 0, 0), Body("t", 10, 0), Body("u", 0, 10)],
...     occluders=[Occluder("w", 5, -1, 5, 1), Occluder("v", -1, 20, 1, 20)],
... )
>>> targets = np.array([1, 2])
>>> rows, walls = wedge_pairs(field, (0.0, 0.0), targets)
>>> rows.tolist(), walls.tolist()  # the wall v stands behind u: it hides nothing
([0], [0])
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Point

__all__ = ["THIN", "walled_off", "walled_off_one", "wedge_pairs"]

FloatArray = npt.NDArray[np.float64]
T = TypeVar("T")
IndexArray = npt.NDArray[np.intp]

TAU = 2.0 * math.pi
THIN = 1e-6
"""Radius and height given to a target of radius or height 0: a thin post, not nothing."""
WIDTH_CLASSES = (0.01, 0.03, 0.1, 0.3, 1.0)
"""Upper angular widths (radians) of the wall classes; a wider wall meets every target's test."""
NEAR_WEDGE = 1.0
"""Targets whose half-angle exceeds this (right beside the eye) are tested against every wall."""
ANGLE_SLACK = 1e-9
"""Radians added to every angular half-width: the join never loses a wall to rounding."""


def wedge_pairs(
    field: Battlefield, centre: Point, targets: IndexArray, margin: float = 0.0
) -> tuple[IndexArray, IndexArray]:
    """(position in ``targets``, wall number) pairs that may hide something, for eyes within
    ``margin`` of ``centre``: sight-blocking walls whose angular interval meets the target's
    wedge and whose nearest point is nearer than the target (widened for the margin).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body, Occluder
    >>> field = Battlefield.build(bodies=[Body("t", 4, 0)], occluders=[Occluder("w", 2, -1, 2, 1)])
    >>> [a.tolist() for a in wedge_pairs(field, (0.0, 0.0), np.array([0]))]
    [[0], [0]]
    """
    walls = _sight_walls(field)
    ex, ey = centre
    tx, ty = field.body_x[targets] - ex, field.body_y[targets] - ey
    distance = _length(tx, ty)
    radius = np.maximum(field.body_radius[targets], THIN)
    with np.errstate(divide="ignore", invalid="ignore"):
        half = np.arctan2(radius, np.maximum(distance - margin, 0.0))
        half += np.arcsin(np.minimum(margin / distance, 1.0)) + ANGLE_SLACK
    half = np.where(distance > margin, half, math.pi)
    reach = (_length(distance + margin, radius) + margin) * (1 + 1e-9)
    arcs = _wall_arcs(field, centre, margin)
    rows, found = _candidates((np.arctan2(ty, tx), half, reach), arcs)
    return rows, walls[found]


def _sight_walls(field: Battlefield) -> IndexArray:
    """The numbers of the walls that block sight."""
    return _derived(field, "sight_walls", lambda: np.flatnonzero(field.wall_blocks_sight))


def _sight_wall_ends(field: Battlefield) -> FloatArray:
    """The rows x1, y1, x2, y2 of the sight-blocking walls, one contiguous array."""
    ends: FloatArray = field.wall_table[[0, 1, 4, 5]][:, _sight_walls(field)]
    return ends


def _sight_tops(field: Battlefield) -> FloatArray:
    """The tops of the sight-blocking walls."""
    tops: FloatArray = field.wall_top[_sight_walls(field)]
    return tops


def _derived(field: Battlefield, key: str, make: Callable[[], T]) -> T:
    """``field.derived[key]``, made by ``make`` the first time: once per battlefield (two
    threads may both make it; either result serves)."""
    if key not in field.derived:
        field.derived[key] = make()
    value: T = field.derived[key]
    return value


def _wall_arcs(
    field: Battlefield, centre: Point, margin: float
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Each sight-blocking wall's angular middle and width seen from ``centre`` (widened for
    ``margin``; a wall within the margin gets a width over 2 pi: every direction), and its
    nearest distance."""
    ex, ey = centre
    x1, y1, x2, y2 = _derived(field, "sight_wall_ends", lambda: _sight_wall_ends(field))
    ax, ay, bx, by = x1 - ex, y1 - ey, x2 - ex, y2 - ey
    first, second = np.arctan2(ay, ax), np.arctan2(by, bx)
    span = _turns(second - first)
    turned = span > math.pi
    width = np.where(turned, TAU - span, span)
    middle = np.where(turned, second, first) + width / 2.0
    nearest = _distance_from_origin(ax, ay, bx - ax, by - ay)
    if margin > 0.0:  # with none, the widening is 0
        with np.errstate(divide="ignore", invalid="ignore"):
            widen = np.arcsin(np.minimum(margin / nearest, 1.0))
        width = width + 2.0 * np.nan_to_num(widen)
    through = nearest <= margin * (1.0 + 1e-9) + 1e-12
    width = np.where(through, 3.0 * math.pi, width + 2 * ANGLE_SLACK)
    return middle, width, nearest


def _distance_from_origin(
    ax: FloatArray, ay: FloatArray, dx: FloatArray, dy: FloatArray
) -> FloatArray:
    """Distance from (0, 0) to each segment from ``(ax, ay)`` along ``(dx, dy)``."""
    length = dx * dx + dy * dy
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.fmin(np.fmax(-(ax * dx + ay * dy) / length, 0.0), 1.0)  # NaN: 0
    distance: FloatArray = _length(ax + share * dx, ay + share * dy)
    return distance


def _candidates(
    targets: tuple[FloatArray, FloatArray, FloatArray],
    arcs: tuple[FloatArray, FloatArray, FloatArray],
) -> tuple[IndexArray, IndexArray]:
    """(target, wall position) pairs whose angular intervals meet and whose wall's nearest
    point is nearer than the target's ``reach``, given each target's (direction, half-angle,
    reach) and each wall's (middle, width, nearest distance): near targets are tested with
    every wall, wide walls with every other target, the rest found by :func:`_window_join`."""
    angle, half, reach = targets
    middle, width, nearest = arcs
    near, far = np.flatnonzero(half > NEAR_WEDGE), np.flatnonzero(half <= NEAR_WEDGE)
    wide = np.flatnonzero(width > WIDTH_CLASSES[-1])
    narrow = np.flatnonzero(width <= WIDTH_CLASSES[-1])
    all_rows, all_found = [], []
    if len(near) or len(wide):
        rows = np.concatenate([np.repeat(near, len(middle)), np.repeat(far, len(wide))])
        every, each_wide = (len(near), len(middle)), (len(far), len(wide))
        found = np.concatenate(  # np.tile, without its Python overhead
            [np.broadcast_to(np.arange(len(middle)), every).ravel(),
             np.broadcast_to(wide, each_wide).ravel()]
        )
        turn = angle[rows] - middle[found]
        gap = np.abs(turn - TAU * np.round(turn / TAU))
        keep = (gap <= half[rows] + width[found] / 2.0) & (nearest[found] < reach[rows])
        all_rows.append(rows[keep])
        all_found.append(found[keep])
    if len(narrow) and len(far):
        some_rows, some_found = _window_join(
            (angle[far], half[far], reach[far]), (middle[narrow], width[narrow], nearest[narrow])
        )
        all_rows.append(far[some_rows])
        all_found.append(narrow[some_found])
    if len(all_rows) == 1:
        return all_rows[0], all_found[0]
    empty = np.zeros(0, dtype=np.intp)
    return np.concatenate([empty, *all_rows]), np.concatenate([empty, *all_found])


def _window_join(
    windows: tuple[FloatArray, FloatArray, FloatArray],
    keys: tuple[FloatArray, FloatArray, FloatArray],
) -> tuple[IndexArray, IndexArray]:
    """(window, key position) pairs: windows are (centre angle, half-width, reach), keys
    (angle, width, nearest distance); a pair's angular intervals meet and the key is nearer
    than the window's reach. The keys are put in classes by width and, within a class, in
    buckets by angle (:func:`_buckets`); a window takes, from each class, the buckets that
    hold the angles within its half-width plus half the class's widest, then the exact tests.
    """
    centre, half, reach = windows
    angle, width, nearest = keys
    first, turned, owner = _buckets(np.searchsorted(CLASS_EDGES, width, "left"), angle)
    half_width, near_end = width[owner] / 2.0, nearest[owner]  # in the buckets' order
    widen = half[:, None] + CLASS_HALF_WIDTHS[None, :]
    start = first[_bucket_of(CLASS_NUMBERS[None, :], centre[:, None] - widen).ravel()]
    stop = first[_bucket_of(CLASS_NUMBERS[None, :], centre[:, None] + widen).ravel() + 1]
    at = _concatenated_ranges(start, stop)
    per_window = (stop - start).reshape(-1, len(WIDTH_CLASSES)).sum(1)
    rows = np.repeat(np.arange(len(centre)), per_window)
    gap = np.abs(turned[at] - centre[rows])
    keep = (gap <= half[rows] + half_width[at]) & (near_end[at] < reach[rows])
    kept = np.flatnonzero(keep)  # numpy gathers faster than it compresses by a mask
    return rows[kept], owner[at[kept]]


BUCKETS = 1024
"""Buckets per width class in :func:`_buckets`, across :data:`BUCKET_SPAN` radians (all the
classes' buckets are numbered in 16 bits, which numpy sorts by radix)."""
WINDOW_REACH = NEAR_WEDGE + WIDTH_CLASSES[-1] / 2.0 + 0.1
"""More than any window's half-width in :func:`_window_join` (a half-angle of at most
:data:`NEAR_WEDGE` plus half the widest class)."""
BUCKET_SPAN = TAU + 2.0 * WINDOW_REACH
"""The angles a class's buckets cover, from ``-pi - WINDOW_REACH``: every window's."""
CLASS_NUMBERS = np.arange(len(WIDTH_CLASSES))
CLASS_EDGES = np.asarray(WIDTH_CLASSES)
CLASS_HALF_WIDTHS = CLASS_EDGES / 2.0


def _bucket_of(key_class: IndexArray, angle: FloatArray) -> IndexArray:
    """The bucket of each angle (in the span of :data:`BUCKET_SPAN`) in its class.

    Examples
    --------
    >>> _bucket_of(np.array([0, 0, 1]), np.array([-4.0, 4.7, -math.pi - WINDOW_REACH])).tolist()
    [80, 1019, 1024]
    """
    share = (angle + (math.pi + WINDOW_REACH)) * (BUCKETS / BUCKET_SPAN)
    within = np.fmin(np.fmax(share, 0.0), BUCKETS - 1)  # numpy's clip costs more
    bucket: IndexArray = key_class * BUCKETS + within.astype(np.intp)
    return bucket


def _buckets(
    key_class: IndexArray, angle: FloatArray
) -> tuple[IndexArray, FloatArray, IndexArray]:
    """The keys by bucket of :func:`_window_join`: each key's angle (turned into [-pi, pi)),
    and a turn lower or higher where a window may meet it there, grouped by
    :func:`_bucket_of`; with where each bucket starts (one more for the end) and the key each
    place holds. A window's buckets, one run of them, hold every angle it may meet.

    Examples
    --------
    >>> first, turned, owner = _buckets(np.array([1, 0]), np.array([0.0, 3.0]))
    >>> int(first[-1]), turned.round(2).tolist(), owner.tolist()
    (3, [-3.28, 3.0, 0.0], [1, 1, 0])
    """
    angle = _turns(angle + math.pi) - math.pi
    lower = np.flatnonzero(angle >= math.pi - WINDOW_REACH)
    higher = np.flatnonzero(angle < WINDOW_REACH - math.pi)
    owner = np.concatenate([np.arange(len(angle)), lower, higher])
    turned = np.concatenate([angle, angle[lower] - TAU, angle[higher] + TAU])
    bucket = _bucket_of(key_class[owner], turned)
    order = np.argsort(bucket.astype(np.uint16), kind="stable")  # numpy: a radix sort
    first = np.zeros(BUCKETS * len(WIDTH_CLASSES) + 1, dtype=np.intp)
    np.cumsum(np.bincount(bucket, minlength=BUCKETS * len(WIDTH_CLASSES)), out=first[1:])
    return first, turned[order], owner[order]


def _concatenated_ranges(start: IndexArray, stop: IndexArray) -> IndexArray:
    """``start[0]..stop[0]-1, start[1]..stop[1]-1, ...`` in one array.

    Examples
    --------
    >>> _concatenated_ranges(np.array([3, 0, 7]), np.array([5, 0, 9])).tolist()
    [3, 4, 7, 8]
    """
    counts = np.maximum(stop - start, 0)
    ends = np.cumsum(counts)
    ranges: IndexArray = np.arange(ends[-1] if len(ends) else 0)
    ranges += np.repeat(start - (ends - counts), counts)
    return ranges


def walled_off(
    field: Battlefield,
    centre: Point,
    margin: float,
    targets: IndexArray,
    pairs: tuple[IndexArray, IndexArray],
) -> npt.NDArray[np.bool_]:
    """Whether each target stands wholly behind one full-height wall of ``pairs`` (position
    in ``targets``, wall number) for every eye within ``margin`` of ``centre``.

    The wall's line must separate the eyes' disc from the target's footprint (where every
    silhouette lies), and the wall must reach across both outer common tangents of the two
    discs: then every sight line from an eye to the silhouette crosses it between the two, and
    the target is hidden whole (exactly what the projection would find, at a fraction of the
    cost: most far targets on a dungeon map are).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body, Occluder
    >>> field = Battlefield.build(
    ...     bodies=[Body("t", 6, 0), Body("u", 6, 3)], occluders=[Occluder("w", 3, -1, 3, 1)]
    ... )
    >>> walled_off(field, (0.0, 0.0), 0.0, np.array([0, 1]), (np.array([0, 1]), np.array([0, 0])))
    array([ True, False])
    """
    k, w = pairs
    if not _derived(field, "sight_walls_tall", lambda: bool(np.isinf(_sight_tops(field)).all())):
        tall = np.isinf(field.wall_top[w])
        k, w = k[tall], w[tall]
    ex, ey = centre
    cx, cy = field.body_x[targets] - ex, field.body_y[targets] - ey
    r = np.maximum(field.body_radius[targets], THIN)
    ax, ay = field.wall_x1[w] - ex, field.wall_y1[w] - ey
    dx, dy = field.wall_dx[w], field.wall_dy[w]
    # parallel: inf or nan; all but parallel: a quotient past the floats; neither is in [0, 1]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        reach = np.ones(len(k), dtype=bool)
        for sign in (-1.0, 1.0):
            nx, ny, _ = _outer_tangent(cx, cy, r, margin, sign)
            nx, ny = nx[k], ny[k]
            s = (margin - nx * ax - ny * ay) / (nx * dx + ny * dy)
            reach &= (s >= SEPARATION) & (s <= 1.0 - SEPARATION)
        across = np.flatnonzero(reach)
        k, ax, ay, dx, dy = k[across], ax[across], ay[across], dx[across], dy[across]
        length = _derived(field, "wall_lengths", lambda: _length(field.wall_dx, field.wall_dy))
        length = length[w[across]]
        side_eye = (dx * ay - dy * ax) / length  # the eye's (origin's) side of the wall's line
        side_target = (dx * (ay - cy[k]) - dy * (ax - cx[k])) / length
        clear = _eye_clearances(_length(cx, cy), r, margin)[k]
        apart = np.abs(side_eye) >= clear
        apart &= np.abs(side_target) >= r[k] + SEPARATION
        apart &= side_eye * side_target < 0.0  # both are at least SEPARATION from 0
    blocked = np.zeros(len(targets), dtype=bool)
    blocked[k[apart & (length > 0)]] = True
    return blocked


NEAR = 1e-9
"""Relative depth below which a wall point counts as level with the eye (not in front): the
projection of :mod:`battlemap.geometry.sightlines` clips walls there."""
SEPARATION = 1e-9
"""How far inside its conditions :func:`walled_off` asks a wall to be (rounding never hides)."""


def _eye_clearance(d: float, r: float, margin: float) -> float:
    """How far from the centre of the eyes a wall's line must pass to count in front of every
    eye within ``margin`` of it: the projection counts a wall point at a depth below ``NEAR``
    times the distance to the target level with the eye (it hides nothing), and the points
    that hide a target of radius ``r`` at distance ``d`` lie in its cone, at a depth of at
    least ``d / hypot(d, r)`` of their distance; twice that bound keeps rounding on the safe
    side. A target within ``margin`` of the centre is never walled off (infinity).

    Examples
    --------
    >>> f"{_eye_clearance(5.0, 1.0, 0.0):.2e}"
    '1.12e-08'
    >>> _eye_clearance(0.5, 1.0, 0.5)
    inf
    """
    near_side = d - margin
    if not near_side > 0.0:
        return math.inf
    level = 2.0 * NEAR * (d + margin) * math.sqrt(near_side * near_side + r * r) / near_side
    return margin + SEPARATION + level


def _eye_clearances(d: FloatArray, r: FloatArray, margin: float) -> FloatArray:
    """:func:`_eye_clearance` of each target."""
    near_side = d - margin
    with np.errstate(divide="ignore", invalid="ignore"):
        level = 2.0 * NEAR * (d + margin) * np.sqrt(near_side * near_side + r * r) / near_side
    clearance: FloatArray = np.where(near_side > 0.0, margin + SEPARATION + level, np.inf)
    return clearance


def walled_off_one(
    field: Battlefield, centre: Point, margin: float, target: int, walls: IndexArray
) -> bool:
    """:func:`walled_off` for the one body ``target`` in plain floats: whether one of the
    full-height sight-blocking walls among ``walls`` hides it whole from every eye within
    ``margin`` of ``centre`` (a survey asks about one target: a loop over the few walls on its
    line of fire, stopping at the first that hides it, costs less than numpy's calls).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body, Occluder
    >>> field = Battlefield.build(
    ...     bodies=[Body("t", 6, 0), Body("u", 6, 3)], occluders=[Occluder("w", 3, -1, 3, 1)]
    ... )
    >>> [walled_off_one(field, (0.0, 0.0), 0.0, target, np.array([0])) for target in (0, 1)]
    [True, False]
    """
    if not len(walls):
        return False
    ex, ey = centre
    body = field.bodies[target]
    cx, cy, r = body.x - ex, body.y - ey, max(body.radius, THIN)
    tangents = [_outer_tangent_of_one(cx, cy, r, margin, sign) for sign in (-1.0, 1.0)]
    discs = (cx, cy, r, margin, _eye_clearance(math.sqrt(cx * cx + cy * cy), r, margin))
    x1, y1, dx, dy, _, _, top = field.wall_table[:7, walls].tolist()
    for ax, ay, wx, wy, tall in zip(x1, y1, dx, dy, top, strict=True):
        if tall == math.inf and _hides_whole((ax - ex, ay - ey, wx, wy), discs, tangents):
            return True
    return False


def _hides_whole(
    wall: tuple[float, float, float, float],
    discs: tuple[float, float, float, float, float],
    tangents: list[tuple[float, float, float] | None],
) -> bool:
    """:func:`walled_off`'s test of one ``wall`` from ``(ax, ay)`` along ``(dx, dy)`` (the eye
    at the origin) against the eyes' disc and the target's, ``discs`` = (cx, cy, r, margin,
    the eyes' :func:`_eye_clearance`)."""
    ax, ay, dx, dy = wall
    cx, cy, r, _, clear = discs
    length = math.sqrt(dx * dx + dy * dy)
    if not length > 0.0:
        return False
    side_eye = (dx * ay - dy * ax) / length
    side_target = (dx * (ay - cy) - dy * (ax - cx)) / length
    if not (abs(side_eye) >= clear and abs(side_target) >= r + SEPARATION):
        return False
    if (side_eye > 0.0) == (side_target > 0.0):
        return False
    for tangent in tangents:
        if tangent is None:
            return False
        nx, ny, c = tangent
        towards = nx * dx + ny * dy
        if towards == 0.0:
            return False
        s = (c - nx * ax - ny * ay) / towards
        if not SEPARATION <= s <= 1.0 - SEPARATION:
            return False
    return True


def _outer_tangent_of_one(
    cx: float, cy: float, r: float, margin: float, sign: float
) -> tuple[float, float, float] | None:
    """:func:`_outer_tangent` in plain floats; None when the target stands on the eye."""
    d = math.sqrt(cx * cx + cy * cy)
    if d == 0.0:
        return None
    ux, uy = cx / d, cy / d
    along = (margin - r) / d
    across = sign * math.sqrt(max(1.0 - along * along, 0.0))
    return along * ux - across * uy, along * uy + across * ux, margin


def _outer_tangent(
    cx: FloatArray, cy: FloatArray, r: FloatArray, margin: float, sign: float
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The outer common tangent ``n . p = c`` (``n`` a unit vector) on one side (``sign``) of
    the disc of radius ``margin`` at the origin and the discs of radius ``r`` at ``(cx, cy)``."""
    d = _length(cx, cy)
    ux, uy = cx / d, cy / d
    along = (margin - r) / d  # n . u, from n . C - c = -r and n . 0 - c = -margin
    with np.errstate(over="ignore"):  # a target all but on the eye: along**2 is inf, across 0
        across = sign * np.sqrt(np.maximum(1.0 - along * along, 0.0))
    nx, ny = along * ux - across * uy, along * uy + across * ux
    return nx, ny, np.full_like(d, margin)


def _length(x: FloatArray, y: FloatArray) -> FloatArray:
    """``sqrt(x^2 + y^2)``: a map's coordinates never overflow, and numpy's ``hypot`` costs ten
    times as much."""
    length: FloatArray = np.sqrt(x * x + y * y)
    return length


def _turns(angle: FloatArray) -> FloatArray:
    """``angle`` modulo 2 pi, in [0, 2 pi) (numpy's ``%`` on floats is ten times slower)."""
    turned: FloatArray = angle - TAU * np.floor(angle / TAU)
    return turned
