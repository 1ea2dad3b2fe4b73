"""Visibility: the floor an eye sees among walls, and what a party of viewers sees in the light.

:func:`visibility_polygon` is the exact area seen from one point inside a box, past straight
walls (rows ``x1, y1, x2, y2``): rays are cast at every wall end (and a hair to each side of it)
and stopped at the nearest wall. Only walls that may be seen are cast against: a polar depth
buffer of :data:`BINS` (or more) angular bins keeps, for each bin, the farthest end of the
nearest wall that spans the whole bin; a wall nearer than that bound in none of the bins it
touches is hidden behind it and dropped (a wall's points are never farther than its farther
end). Each ray is then tested only against the walls whose angle span from the eye covers its
angular bin, and only walls a spatial index finds touching are crossed, so one long wall of
50,000 points or 20,000 short ones cost time near-linear in the walls seen, not quadratic. The
naive reference, :func:`naive_visibility_polygon`, casts the same rays against every wall.

:class:`VisionField` puts the polygons together with the light of a :class:`Battlefield`:
a :class:`Viewer` sees, inside its visibility polygon, the lit floor (bright or dim; dark too
with low-light vision), out to its darkvision range in any darkness, and the light it carries.
Low walls and windows are seen over, so they cut no floor from the view; whether a creature
behind a low wall shows is the 2.5D silhouette test of :mod:`battlemap.geometry.sightlines`.

Examples
--------
>>> walls = np.array([[4.0, 0.0, 4.0, 4.0]])  # hides the triangle (4, 0), (4, 4), (8, 0)
>>> ring = visibility_polygon((2.0, 6.0), walls, (0.0, 0.0, 10.0, 10.0))
>>> round(shapely.Polygon(ring).area, 2)
92.0
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely

from battlemap.geometry.index import Battlefield
from battlemap.geometry.light_reach import lit_rings
from battlemap.geometry.shapes import AreaKind, LightLevel, LightSource, Point
from battlemap.geometry.sightlines import hidden_fractions

__all__ = [
    "BINS",
    "Box",
    "Viewer",
    "VisionField",
    "enclosing_room",
    "naive_visibility_polygon",
    "rasterize",
    "visibility_polygon",
]

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
Ring = tuple[Point, ...]
GeometryArray = npt.NDArray[np.object_]
Box = tuple[float, float, float, float]
"""min x, min y, max x, max y"""

BINS = 1024
"""Angular bins of the depth buffer that culls hidden walls, at the least: a map with more
than four times as many wall segments gets about one bin per four (up to
:data:`MAX_SPAN_BINS`), so dense walls are culled as finely."""
NUDGE = 1e-7
"""Radians a ray is turned to each side of a wall end, to see past the end."""
RAY_BLOCK = 256
"""Rays intersected with the walls at once (bounds the temporary arrays of the naive cast)."""
PAIR_BLOCK = 1 << 20
"""Ray-segment or segment-segment pairs the binned cast tests at once."""
MAX_SPAN_BINS = 1 << 16
"""Most angular bins of the binned cast (about one per segment seen)."""
SPAN_PAIRS = 4_000_000
"""Most (segment, bin) pairs of the binned cast: long segments make fewer, wider bins."""
CACHED_POLYGONS = 64
"""Visibility polygons a :class:`VisionField` keeps, most recently used first."""
PRECISION = 1e-6
"""Grid size walls are snapped to before the rooms are found (joins ends a hair apart)."""
SEEN_SHARE = 1.0 - 1e-9
"""A creature hidden by less than this share of its silhouette shows."""
RING_TOLERANCE = 1e-9
"""Cells a ring of :meth:`VisionField.seen_rings` is straightened by (the cast rounds its points
to this): the union of viewers who see the same wall runs a chain of points that far off the
wall's line, a new chain at every step of a drag (three of four points of the union on the
table bench's UVTT map); straightened, the rings change where the floor seen changes."""


def visibility_polygon(eye: Point, walls: FloatArray, bounds: Box) -> Ring:
    """The outline of the floor seen from ``eye`` inside ``bounds`` past ``walls``.

    Empty when the eye is outside the box. Walls touching the eye are seen along, not hidden
    behind (as a light's own walls cast no shadow in :mod:`battlemap.geometry.light_reach`).

    Examples
    --------
    >>> ring = visibility_polygon((1.0, 1.0), np.empty((0, 4)), (0.0, 0.0, 4.0, 2.0))
    >>> sorted(set(ring))
    [(0.0, 0.0), (0.0, 2.0), (4.0, 0.0), (4.0, 2.0)]
    """
    segments = _segments(eye, walls, bounds)
    if segments is None:
        return ()
    return _cast(eye, segments[_maybe_seen(eye, segments)], binned=True)


def naive_visibility_polygon(eye: Point, walls: FloatArray, bounds: Box) -> Ring:
    """:func:`visibility_polygon` the naive way: one ray per wall end against every wall.

    Examples
    --------
    >>> walls = np.array([[4.0, 0.0, 4.0, 4.0]])
    >>> ring = naive_visibility_polygon((2.0, 6.0), walls, (0.0, 0.0, 10.0, 10.0))
    >>> ring == visibility_polygon((2.0, 6.0), walls, (0.0, 0.0, 10.0, 10.0))
    True
    """
    segments = _segments(eye, walls, bounds)
    return () if segments is None else _cast(eye, segments)


def _segments(eye: Point, walls: FloatArray, bounds: Box) -> FloatArray | None:
    """The walls plus the box's four sides, without those touching the eye; None when the
    eye is outside the box."""
    x0, y0, x1, y1 = bounds
    ex, ey = eye
    if not (x0 < ex < x1 and y0 < ey < y1):
        return None
    box = np.array([[x0, y0, x1, y0], [x1, y0, x1, y1], [x1, y1, x0, y1], [x0, y1, x0, y0]])
    segments = np.concatenate([walls.reshape(-1, 4).astype(np.float64), box])
    return segments[_distance_to(eye, segments) > 1e-9]


def _distance_to(eye: Point, segments: FloatArray) -> FloatArray:
    """Distance from ``eye`` to each segment."""
    ax, ay = segments[:, 0] - eye[0], segments[:, 1] - eye[1]
    dx, dy = segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1]
    length2 = dx * dx + dy * dy
    with np.errstate(invalid="ignore", divide="ignore"):
        t = np.clip(np.where(length2 > 0.0, -(ax * dx + ay * dy) / length2, 0.0), 0.0, 1.0)
    distance: FloatArray = np.hypot(ax + t * dx, ay + t * dy)
    return distance


def _cast(eye: Point, segments: FloatArray, binned: bool = False) -> Ring:
    """Rays at every segment end and crossing of two segments, and a hair to each side, each
    stopped at the nearest segment, in angle order. ``binned``: each ray is tested only
    against the segments whose angle span (from ``eye``) touches its angular bin
    (:func:`_spans`), and only segments a spatial index finds touching are crossed
    (:func:`_indexed_crossings`): the same rays and hits, without testing every pair."""
    ex, ey = eye
    spans = _spans(eye, segments) if binned else None
    crossings = _crossings(segments) if spans is None else _indexed_crossings(segments)
    ends = np.concatenate([segments.reshape(-1, 2), crossings])
    angle = np.arctan2(ends[:, 1] - ey, ends[:, 0] - ex)
    rays = np.unique(np.concatenate([angle - NUDGE, angle, angle + NUDGE]))
    reach = np.concatenate([
        _nearest_hits(eye, rays[k:k + RAY_BLOCK], segments)
        for k in range(0, len(rays), RAY_BLOCK)
    ]) if spans is None else _binned_hits(eye, rays, segments, *spans)
    xs, ys = ex + reach * np.cos(rays), ey + reach * np.sin(rays)
    points = np.round(np.stack([xs, ys], axis=1), 9)
    points = points[np.any(points != np.roll(points, 1, axis=0), axis=1)]
    return tuple(map(tuple, points[_corners(points)].tolist()))


def _corners(points: FloatArray) -> BoolArray:
    """False for the points of a closed outline that lie on the straight line through their
    neighbours (the rays' hits along one wall)."""
    before = points - np.roll(points, 1, axis=0)
    after = np.roll(points, -1, axis=0) - points
    cross = before[:, 0] * after[:, 1] - before[:, 1] * after[:, 0]
    scale = np.hypot(*before.T) * np.hypot(*after.T)
    bends: BoolArray = np.abs(cross) > 1e-9 * scale
    return bends


def _crossings(segments: FloatArray) -> FloatArray:
    """The points where two of ``segments`` cross or touch (corners of the seen floor that
    are no segment's end), as rows x, y."""
    found = [np.empty((0, 2))]
    ax, ay = segments[:, 0], segments[:, 1]
    sx, sy = segments[:, 2] - ax, segments[:, 3] - ay
    for k in range(0, len(segments), RAY_BLOCK):
        bx, by = ax[k:k + RAY_BLOCK, None], ay[k:k + RAY_BLOCK, None]
        tx, ty = sx[k:k + RAY_BLOCK, None], sy[k:k + RAY_BLOCK, None]
        with np.errstate(divide="ignore", invalid="ignore"):
            denom = tx * sy - ty * sx
            u = ((ax - bx) * sy - (ay - by) * sx) / denom
            v = ((ax - bx) * ty - (ay - by) * tx) / denom
        inside = (u >= 0.0) & (u <= 1.0) & (v >= 0.0) & (v <= 1.0) & (denom != 0.0)
        rows, _ = np.nonzero(inside)
        hit = u[inside]
        found.append(np.stack([ax[k + rows] + hit * sx[k + rows],
                               ay[k + rows] + hit * sy[k + rows]], axis=1))
    return np.concatenate(found)


def _nearest_hits(eye: Point, rays: FloatArray, segments: FloatArray) -> FloatArray:
    """Distance along each ray (angles ``rays``) from ``eye`` to the nearest segment."""
    dx, dy = np.cos(rays)[:, None], np.sin(rays)[:, None]
    px, py = segments[:, 0] - eye[0], segments[:, 1] - eye[1]
    sx, sy = segments[:, 2] - segments[:, 0], segments[:, 3] - segments[:, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        denom = dx * sy - dy * sx
        t = (px * sy - py * sx) / denom
        u = (px * dy - py * dx) / denom
        hit = (denom != 0.0) & (t > 0.0) & (u >= -1e-12) & (u <= 1.0 + 1e-12)
        nearest: FloatArray = np.where(hit, t, np.inf).min(axis=1)
    return nearest


def _spans(eye: Point, segments: FloatArray) -> tuple[IntArray, IntArray, int]:
    """Pairs (segment index, angular bin) for every bin of ``count`` around ``eye`` that a
    segment's angle span touches, with a bin of margin each side (so a ray a hair past an end
    still meets the segment), and ``count``: about one bin per segment, fewer when long
    segments would make more than :data:`SPAN_PAIRS` pairs. A segment that misses the eye
    spans less than half a turn, from the angle of one end to the other's."""
    ex, ey = eye
    a1 = np.arctan2(segments[:, 1] - ey, segments[:, 0] - ex)
    a2 = np.arctan2(segments[:, 3] - ey, segments[:, 2] - ex)
    sweep = a2 - a1
    sweep -= math.tau * np.round(sweep / math.tau)
    start = np.where(sweep >= 0.0, a1, a2) + math.pi
    share = np.abs(sweep) / math.tau  # of a turn
    count = int(min(MAX_SPAN_BINS, max(64, len(segments))))
    pairs = float(np.sum(share)) * count + 3.0 * len(segments)
    if pairs > SPAN_PAIRS:
        count = max(64, int(count * SPAN_PAIRS / pairs))
    scale = count / math.tau
    first = np.floor(start * scale).astype(np.int64) - 1
    last = np.floor((start + np.abs(sweep)) * scale).astype(np.int64) + 1
    width = np.minimum(last - first + 1, count)
    owner = np.repeat(np.arange(len(segments)), width)
    offset = np.arange(len(owner)) - np.repeat(np.cumsum(width) - width, width)
    bins: IntArray = (np.repeat(first, width) + offset) % count
    return owner, bins, count


def _blocks(weights: IntArray) -> Iterator[tuple[int, int]]:
    """Consecutive index ranges of ``weights`` each summing to about :data:`PAIR_BLOCK` (one
    heavier item alone), to bound the temporary arrays of the binned cast."""
    if len(weights) == 0:
        return
    total = np.cumsum(weights)
    marks = np.arange(1, int(total[-1]) // PAIR_BLOCK + 1) * PAIR_BLOCK
    cuts = np.searchsorted(total, marks, side="right")
    edges = np.unique(np.concatenate([[0], cuts, [len(weights)]]))
    yield from zip(edges[:-1].tolist(), edges[1:].tolist(), strict=True)


def _expand(counts: IntArray) -> tuple[IntArray, IntArray]:
    """For items with ``counts``: each slot's item and its place among the item's slots.

    >>> _expand(np.array([2, 0, 3]))
    (array([0, 0, 2, 2, 2]), array([0, 1, 0, 1, 2]))
    """
    item = np.repeat(np.arange(len(counts)), counts)
    place = np.arange(len(item)) - np.repeat(np.cumsum(counts) - counts, counts)
    return item, place


def _binned_hits(eye: Point, rays: FloatArray, segments: FloatArray, owner: IntArray,
                 bins: IntArray, count: int) -> FloatArray:
    """:func:`_nearest_hits` of every ray, testing only the segments spanning its bin."""
    ray_bin = np.floor((rays + math.pi) * (count / math.tau)).astype(np.int64) % count
    order = np.argsort(ray_bin, kind="stable")
    per_bin = np.bincount(ray_bin, minlength=count)
    first_ray = np.cumsum(per_bin) - per_bin
    reach = np.full(len(rays), np.inf)
    many = per_bin[bins]  # the rays each (segment, bin) pair meets
    for lo, hi in _blocks(many):
        pair, place = _expand(many[lo:hi])
        ray = order[first_ray[bins[lo:hi]][pair] + place]
        segment = segments[owner[lo:hi][pair]]
        dx, dy = np.cos(rays[ray]), np.sin(rays[ray])
        px, py = segment[:, 0] - eye[0], segment[:, 1] - eye[1]
        sx, sy = segment[:, 2] - segment[:, 0], segment[:, 3] - segment[:, 1]
        with np.errstate(divide="ignore", invalid="ignore"):  # the same test as _nearest_hits
            denom = dx * sy - dy * sx
            t = (px * sy - py * sx) / denom
            u = (px * dy - py * dx) / denom
            hit = (denom != 0.0) & (t > 0.0) & (u >= -1e-12) & (u <= 1.0 + 1e-12)
        np.minimum.at(reach, ray[hit], t[hit])
    return reach


def _indexed_crossings(segments: FloatArray) -> FloatArray:
    """:func:`_crossings` of the segment pairs a spatial index (shapely's STRtree) finds
    touching: the same points, without testing every pair."""
    lines = shapely.linestrings(segments.reshape(-1, 2, 2))
    first, second = shapely.STRtree(lines).query(lines, predicate="intersects")
    keep = first < second
    b, a = segments[first[keep]], segments[second[keep]]
    bx, by, tx, ty = b[:, 0], b[:, 1], b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    ax, ay, sx, sy = a[:, 0], a[:, 1], a[:, 2] - a[:, 0], a[:, 3] - a[:, 1]
    with np.errstate(divide="ignore", invalid="ignore"):  # the same test as _crossings
        denom = tx * sy - ty * sx
        u = ((ax - bx) * sy - (ay - by) * sx) / denom
        v = ((ax - bx) * ty - (ay - by) * tx) / denom
    inside = (u >= 0.0) & (u <= 1.0) & (v >= 0.0) & (v <= 1.0) & (denom != 0.0)
    crossed: FloatArray = np.stack([bx[inside] + u[inside] * tx[inside],
                                    by[inside] + u[inside] * ty[inside]], axis=1)
    return crossed


def _maybe_seen(eye: Point, segments: FloatArray) -> BoolArray:
    """False for segments every ray towards which meets a nearer segment first (see the
    module docstring); True for all others."""
    ex, ey = eye
    d1 = np.hypot(segments[:, 0] - ex, segments[:, 1] - ey)
    d2 = np.hypot(segments[:, 2] - ex, segments[:, 3] - ey)
    a1 = np.arctan2(segments[:, 1] - ey, segments[:, 0] - ex)
    a2 = np.arctan2(segments[:, 3] - ey, segments[:, 2] - ex)
    sweep = a2 - a1
    sweep -= math.tau * np.round(sweep / math.tau)
    start = np.where(sweep >= 0.0, a1, a2)
    bins = BINS if len(segments) <= 4 * BINS else min(
        MAX_SPAN_BINS, 1 << (len(segments) // 4 - 1).bit_length())
    first = (start + math.pi) * (bins / math.tau) + bins  # bin coordinates, shifted by bins
    last = first + np.abs(sweep) * (bins / math.tau)
    near = np.maximum(d1, d2)
    full_lo, full_hi = np.ceil(first).astype(np.int64), np.floor(last).astype(np.int64) - 1
    bound = _range_chmin(full_lo, full_hi, near, bins)
    touch_lo = np.floor(first).astype(np.int64) - 1
    touch_hi = np.floor(last).astype(np.int64) + 1
    deepest = _range_max(np.concatenate([bound, bound, bound]), touch_lo, touch_hi)
    keep: BoolArray = _distance_to(eye, segments) <= deepest * (1.0 + 1e-9) + 1e-9
    return keep


def _levels(count: int) -> int:
    return max(1, int(count).bit_length())


def _range_chmin(lo: IntArray, hi: IntArray, value: FloatArray, bins: int) -> FloatArray:
    """For each of the ``bins`` bins, the least ``value`` of the ranges ``[lo, hi]`` (bin
    coordinates in ``[0, 3 bins)``, taken modulo ``bins``) covering it; inf if none."""
    size = 3 * bins
    levels = _levels(size)
    table = np.full((levels, size), np.inf)
    useful = hi >= lo
    lo, hi, value = lo[useful], hi[useful], value[useful]
    k = np.floor(np.log2(hi - lo + 1)).astype(np.int64)
    np.minimum.at(table, (k, lo), value)
    np.minimum.at(table, (k, hi - (1 << k) + 1), value)
    for level in range(levels - 1, 0, -1):
        half = 1 << (level - 1)
        np.minimum(table[level - 1], table[level], out=table[level - 1])
        np.minimum(table[level - 1, half:], table[level, :-half], out=table[level - 1, half:])
    folded: FloatArray = table[0].reshape(3, bins).min(axis=0)
    return folded


def _range_max(values: FloatArray, lo: IntArray, hi: IntArray) -> FloatArray:
    """The largest of ``values[lo:hi + 1]`` for each range (a sparse table)."""
    table = [values]
    while (1 << len(table)) <= len(values):
        step, below = 1 << (len(table) - 1), table[-1]
        table.append(np.maximum(below[:-step], below[step:]))
    k = np.floor(np.log2(hi - lo + 1)).astype(np.int64)
    found = np.empty(len(lo))
    for level in np.unique(k).tolist():
        mine = k == level
        row = table[level]
        found[mine] = np.maximum(row[lo[mine]], row[hi[mine] - (1 << level) + 1])
    return found


def rasterize(rings: Sequence[Ring], columns: int, rows: int, per_cell: int) -> BoolArray:
    """Which squares of a ``rows x columns`` raster (``per_cell`` squares a grid cell, the
    first at the origin) have their centre inside ``rings`` (filled even-odd).

    Examples
    --------
    >>> rasterize([((0, 0), (2, 0), (2, 1), (0, 1))], 4, 2, 1).astype(int).tolist()
    [[1, 1, 0, 0], [0, 0, 0, 0]]
    """
    closed = [np.array([*ring, ring[0]], dtype=np.float64) for ring in rings if len(ring) >= 3]
    return _scanline(closed, columns, rows, per_cell)


def enclosing_room(point: Point, walls: FloatArray, bounds: Box) -> tuple[Ring, ...]:
    """The rings (outline, then holes) of the smallest area that ``walls`` (rows x1, y1, x2,
    y2: every wall, door and window) and the box ``bounds`` close around ``point``.

    Examples
    --------
    >>> walls = np.array([[4.0, 0.0, 4.0, 10.0], [4.0, 5.0, 10.0, 5.0]])
    >>> [round(shapely.Polygon(r).area, 2) for r in enclosing_room((7, 7), walls, (0, 0, 10, 10))]
    [30.0]
    """
    x0, y0, x1, y1 = bounds
    box = np.array([[x0, y0, x1, y0], [x1, y0, x1, y1], [x1, y1, x0, y1], [x0, y1, x0, y0]])
    lines = shapely.linestrings(np.concatenate([walls.reshape(-1, 4), box]).reshape(-1, 2, 2))
    noded = shapely.union_all(shapely.set_precision(lines, PRECISION))
    faces = shapely.get_parts(shapely.polygonize([noded]))
    around = [face for face in faces.tolist() if shapely.intersects_xy(face, *point)]
    if not around:
        return ()
    return _rings(min(around, key=lambda face: face.area))


@dataclass(frozen=True, slots=True)
class Viewer:
    """Someone who looks: eyes at ``(x, y)``, ``eye_z`` above the ground.

    ``darkvision`` is the range (cells) within which it sees in any darkness; ``low_light``
    lets it see in Dark (not Pitch Darkness) as in Dim light; ``light`` is the radius of the
    light it carries (which lights the floor for every viewer).
    """

    id: str
    x: float
    y: float
    eye_z: float = 0.9
    darkvision: float = 0.0
    low_light: bool = False
    light: float = 0.0


class VisionField:
    """The walls that hide the floor and the lit areas of one battlefield, for many looks.

    Build it once per map snapshot (walls, lights, areas, ambient light); it keeps the last
    ``cached`` visibility polygons, so moving one viewer recomputes one polygon. ``bounds`` is
    the map box; ``cast`` makes the polygons (the naive cast, for benchmarks).

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body, Occluder
    >>> field = Battlefield.build(bodies=[Body("orc", 8.0, 1.0)],
    ...                           occluders=[Occluder("w", 5.0, 0.0, 5.0, 2.0)])
    >>> vision = VisionField(field, (0.0, 0.0, 10.0, 2.0))
    >>> sorted(vision.seen_bodies([Viewer("hero", 1.0, 1.0)], field))
    []
    >>> round(shapely.Polygon(vision.seen_rings([Viewer("hero", 1.0, 1.0)])[0]).area, 6)
    10.0
    """

    def __init__(self, field: Battlefield, bounds: Box,
                 cast: Callable[[Point, FloatArray, Box], Ring] = visibility_polygon,
                 cached: int = CACHED_POLYGONS) -> None:
        self.field, self.bounds, self.cast, self.cached = field, bounds, cast, cached
        stops = field.wall_blocks_sight & np.isinf(field.wall_top)
        self.walls = np.stack([field.wall_x1, field.wall_y1,
                               field.wall_x2, field.wall_y2], axis=1)[stops]
        self._polygons: OrderedDict[Point, shapely.Geometry] = OrderedDict()
        self._seen: OrderedDict[tuple[Viewer, tuple[tuple[float, ...], ...]],
                                shapely.Geometry] = OrderedDict()
        self._lit: dict[bool, shapely.Geometry] = {}
        self._reaches: OrderedDict[LightSource, shapely.Geometry] = OrderedDict()
        self._unions: OrderedDict[tuple[Viewer, ...], shapely.Geometry] = OrderedDict()
        self._discs_added: OrderedDict[tuple[tuple[Viewer, ...], tuple[tuple[
            float, float, float], ...], tuple[tuple[float, float, float], ...]],
            shapely.Geometry] = OrderedDict()
        self._bodies_seen: OrderedDict[tuple[Viewer, int], tuple[
            shapely.Geometry, frozenset[str]]] = OrderedDict()
        self._blocks: OrderedDict[tuple[int, int, int, int], tuple[
            shapely.Geometry, tuple[int, int, BoolArray]]] = OrderedDict()
        self._crowd: Battlefield | None = None
        self._crowd_discs: GeometryArray = np.empty(0, dtype=object)

    def relit(self, field: Battlefield) -> VisionField:
        """A field of the same walls (and map box) under ``field``'s lights, areas and ambient
        light, sharing this one's visibility polygons (a light being dragged).

        Examples
        --------
        >>> from battlemap.geometry.shapes import LightSource
        >>> dark = VisionField(Battlefield.build(ambient=LightLevel.PITCH), (0.0, 0.0, 4.0, 4.0))
        >>> lamp = LightSource("lamp", 2.0, 2.0, bright_radius=1.0, dim_radius=1.0)
        >>> lit = dark.relit(Battlefield.build(lights=[lamp], ambient=LightLevel.PITCH))
        >>> round(float(lit.seen_area([Viewer("v", 1.0, 1.0)]).area), 3)  # the lamp's 64-gon
        3.137
        """
        other = VisionField(field, self.bounds, self.cast, self.cached)
        other.walls, other._polygons, other._reaches = self.walls, self._polygons, self._reaches
        return other

    def polygon(self, x: float, y: float) -> shapely.Geometry:
        """The visibility polygon from ``(x, y)`` (cached)."""
        key = (x, y)
        found = self._polygons.get(key)
        if found is None:
            ring = self.cast(key, self.walls, self.bounds)  # (from an array: 10x a list's speed)
            found = (shapely.polygons(np.array(ring, dtype=np.float64)).buffer(0)
                     if len(ring) >= 3 else shapely.Polygon())
            self._polygons[key] = found
            while len(self._polygons) > self.cached:
                self._polygons.popitem(last=False)
        else:
            self._polygons.move_to_end(key)
        return found

    def seen_area(self, viewers: Iterable[Viewer]) -> shapely.Geometry:
        """The floor the viewers see together, as a shapely geometry (for this package).

        The union of the viewers is kept (the last :attr:`cached`), so while one viewer is
        dragged, the others' union is worked out once: see :meth:`seen_rings`.
        """
        party = tuple(viewers)
        found = self._unions.get(party)
        if found is None:
            areas = self._areas(party)
            found = shapely.union_all(areas) if areas else shapely.Polygon()
            self._unions[party] = found
            while len(self._unions) > self.cached:
                self._unions.popitem(last=False)
        else:
            self._unions.move_to_end(party)
        return found

    def seen_rings(self, viewers: Iterable[Viewer], moving: frozenset[str] = frozenset(),
                   discs: Sequence[tuple[float, float, float]] = (),
                   moving_discs: Sequence[tuple[float, float, float]] = (),
                   own_discs: Sequence[tuple[float, float, float]] = ()) -> tuple[Ring, ...]:
        """The rings (outlines, then holes) of the floor the viewers see, and of the ``discs``
        and ``moving_discs`` (x, y, radius: the creatures seen, drawn whole), straightened by
        :data:`RING_TOLERANCE`; fill them even-odd.

        Viewers whose id is in ``moving`` (being dragged) are added, with the
        ``moving_discs`` (the creatures that only they see), to the kept union of the others
        and the ``discs``, so a drag step costs one polygon and one union of two areas,
        whichever creatures the dragged viewers see at the step. The ``own_discs`` (the
        dragged viewers' own, where the snapshot has them) are added to the others' kept
        union apart, so that once they are dropped the others' union with the ``discs`` is
        still kept.
        """
        party = tuple(viewers)
        still = tuple(v for v in party if v.id not in moving)
        if len(still) == len(party) or not still or any(v.light > 0.0 for v in party):
            return _rings(self._with_discs(party, (*discs, *own_discs, *moving_discs)))
        dragged = tuple(v for v in party if v.id in moving)
        area = self.seen_area(dragged)
        if moving_discs:
            area = shapely.union_all([area, *_circles(moving_discs)])
        others = self._with_discs(still, tuple(discs), tuple(own_discs))
        return _rings(_straightened(shapely.union(others, area)))

    def _with_discs(self, party: tuple[Viewer, ...],
                    discs: tuple[tuple[float, float, float], ...],
                    more: tuple[tuple[float, float, float], ...] = ()) -> shapely.Geometry:
        """The floor ``party`` sees with the ``discs`` added, then the ``more``, straightened
        (the last :attr:`cached` kept: a drag step adds the dragged viewer's area to the
        others' with the same discs)."""
        key = (party, discs, more)
        found = self._discs_added.get(key)
        if found is None:
            if more:
                found = shapely.union_all([self._with_discs(party, discs), *_circles(more)])
            else:
                found = self.seen_area(party)
                if discs:
                    found = shapely.union_all([found, *_circles(discs)])
            found = _straightened(found)
            self._discs_added[key] = found
            while len(self._discs_added) > self.cached:
                self._discs_added.popitem(last=False)
        else:
            self._discs_added.move_to_end(key)
        return found

    def seen_raster(self, viewers: Iterable[Viewer], columns: int, rows: int,
                    per_cell: int) -> BoolArray:
        """:func:`rasterize` of the floor the viewers see."""
        grid: BoolArray = np.zeros((rows, columns), dtype=bool)
        for area in self._areas(tuple(viewers)):
            top, left, block = self._raster_block(area, columns, rows, per_cell)
            grid[top:top + block.shape[0], left:left + block.shape[1]] |= block
        return grid

    def _raster_block(self, area: shapely.Geometry, columns: int, rows: int,
                      per_cell: int) -> tuple[int, int, BoolArray]:
        """The squares of one viewer's area within its bounding box (kept with the area)."""
        key = (id(area), columns, rows, per_cell)
        found = self._blocks.get(key)
        if found is None or found[0] is not area:
            found = (area, _scanline_block(_ring_arrays(area), columns, rows, per_cell))
            self._blocks[key] = found
            while len(self._blocks) > self.cached:
                self._blocks.popitem(last=False)
        return found[1]

    def seen_bodies(self, viewers: Iterable[Viewer], crowd: Battlefield,
                    known: frozenset[str] = frozenset()) -> frozenset[str]:
        """Ids of the bodies of ``crowd`` (the same walls, with the creatures) some viewer
        sees: the body's disc meets that viewer's floor, and walls and low walls leave part of
        its silhouette open (a viewer is left out unless another viewer sees it); the ids of
        ``known`` (the heroes: the players' own) count as seen whatever. What each viewer
        sees of the last crowd is kept, and kept for a crowd that moved only ``known`` bodies
        (a hero dropped: what a body shows of itself is its own disc against the walls, so
        the others are seen as they were)."""
        party = tuple(viewers)
        discs = self._discs(crowd, known)
        seen = set[str]()
        for viewer, area in zip(party, self._areas(party), strict=True):
            key = (viewer, id(area))
            found = self._bodies_seen.get(key)
            if found is None or found[0] is not area:
                found = (area, self._bodies_seen_by(viewer, area, discs, crowd))
                self._bodies_seen[key] = found
                while len(self._bodies_seen) > self.cached:
                    self._bodies_seen.popitem(last=False)
            seen |= found[1]
        return frozenset(seen) | known

    def _bodies_seen_by(self, viewer: Viewer, area: shapely.Geometry, discs: GeometryArray,
                        crowd: Battlefield) -> frozenset[str]:
        candidates = np.flatnonzero(shapely.intersects(discs, area))
        candidates = np.array([k for k in candidates.tolist()
                               if crowd.bodies[k].id != viewer.id], dtype=np.intp)
        if not len(candidates):
            return frozenset()
        hidden = hidden_fractions(crowd, (viewer.x, viewer.y, viewer.eye_z), candidates)
        return frozenset(crowd.bodies[k].id for k in candidates[hidden < SEEN_SHARE].tolist())

    def _discs(self, crowd: Battlefield, known: frozenset[str] = frozenset()) -> GeometryArray:
        """The bodies' discs (kept for the last crowd; what was seen of another is dropped,
        unless only ``known`` bodies moved: see :meth:`seen_bodies`)."""
        if self._crowd is not crowd:
            before, self._crowd = self._crowd, crowd
            if before is None or not _moved_only(before, crowd, known):
                self._bodies_seen.clear()
            self._crowd_discs = shapely.buffer(shapely.points(crowd.body_x, crowd.body_y),
                                               np.maximum(crowd.body_radius, 1e-3), quad_segs=4)
        return self._crowd_discs

    def _areas(self, party: tuple[Viewer, ...]) -> list[shapely.Geometry]:
        """What each viewer sees (kept while the viewer and the carried lights stay put)."""
        torches = tuple((v.x, v.y, v.light) for v in party if v.light > 0.0)
        carried = self._carried_light(party) if torches else shapely.Polygon()
        found = []
        for viewer in party:
            key = (viewer, torches)
            area = self._seen.get(key)
            if area is None:
                area = self._area(viewer, carried)
                self._seen[key] = area
                while len(self._seen) > self.cached:
                    self._seen.popitem(last=False)
            else:
                self._seen.move_to_end(key)
            found.append(area)
        return found

    def _area(self, viewer: Viewer, carried: shapely.Geometry) -> shapely.Geometry:
        """What one viewer sees: its polygon cut to the light it can see by."""
        polygon = self.polygon(viewer.x, viewer.y)
        sight = self._lit_for(viewer.low_light)
        if not carried.is_empty:
            sight = shapely.union(sight, carried)
        if viewer.darkvision > 0.0:
            sight = shapely.union(sight, shapely.Point(viewer.x, viewer.y).buffer(
                viewer.darkvision, quad_segs=16))
        return shapely.intersection(polygon, sight)

    def _carried_light(self, party: tuple[Viewer, ...]) -> shapely.Geometry:
        """The floor lit by the lights the viewers carry."""
        lit = [shapely.intersection(self.polygon(v.x, v.y),
                                    shapely.Point(v.x, v.y).buffer(v.light, quad_segs=16))
               for v in party if v.light > 0.0]
        return shapely.union_all(lit) if lit else shapely.Polygon()

    def _lit_for(self, low_light: bool) -> shapely.Geometry:
        """The floor lit enough for normal (bright, dim) or low-light (also dark) eyes."""
        if low_light not in self._lit:
            self._lit[low_light] = self._lit_area(
                {LightLevel.BRIGHT, LightLevel.DIM} | ({LightLevel.DARK} if low_light else set())
            )
        return self._lit[low_light]

    def _lit_area(self, levels: set[LightLevel]) -> shapely.Geometry:
        """The ambient light, replaced inside illumination areas, then every light's reach."""
        lit = shapely.box(*self.bounds) if self.field.ambient in levels else shapely.Polygon()
        for area, shape in self.field.areas_of_kind(AreaKind.ILLUMINATION):
            if area.level is None:
                continue
            lit = (shapely.union if area.level in levels else shapely.difference)(lit, shape)
        return shapely.union_all([lit, *(self._reach(light) for light in self.field.lights)])

    def _reach(self, light: LightSource) -> shapely.Geometry:
        """Where ``light`` reaches past the walls (kept, and shared with :meth:`relit` fields:
        dragging one light recomputes one reach)."""
        found = self._reaches.get(light)
        if found is None:
            found = _even_odd(lit_rings(self.field, light))
            self._reaches[light] = found
            while len(self._reaches) > self.cached + len(self.field.lights):
                self._reaches.popitem(last=False)
        else:
            self._reaches.move_to_end(light)
        return found


def _moved_only(before: Battlefield, after: Battlefield, known: frozenset[str]) -> bool:
    """Whether ``after`` holds the same walls and bodies as ``before`` but for bodies of
    ``known`` ids (in the same order).

    >>> from battlemap.geometry.shapes import Body
    >>> one = Battlefield.build(bodies=[Body("h", 1, 1), Body("o", 5, 5)])
    >>> two = Battlefield.build(bodies=[Body("h", 2, 1), Body("o", 5, 5)])
    >>> _moved_only(one, two, frozenset({"h"})), _moved_only(one, two, frozenset())
    (True, False)
    """
    if (before.occluders is not after.occluders and before.occluders != after.occluders) or (
            len(before.bodies) != len(after.bodies)):
        return False
    return all(a == b or (a.id == b.id and a.id in known)
               for a, b in zip(before.bodies, after.bodies, strict=True))


def _circles(discs: Sequence[tuple[float, float, float]]) -> list[shapely.Geometry]:
    """The discs (x, y, radius) as polygons of 32 sides (a radius of at least 1e-3)."""
    x, y, r = np.array(discs, dtype=np.float64).reshape(-1, 3).T
    circles: list[shapely.Geometry] = shapely.buffer(shapely.points(x, y), np.maximum(r, 1e-3),
                                                     quad_segs=8).tolist()
    return circles


def _even_odd(rings: Sequence[Ring]) -> shapely.Geometry:
    """The area inside an odd number of ``rings``."""
    shape = shapely.Polygon()
    for ring in rings:
        if len(ring) >= 3:
            shape = shapely.symmetric_difference(shape, shapely.Polygon(ring))
    return shape


def _straightened(shape: shapely.Geometry) -> shapely.Geometry:
    """``shape`` without the points within :data:`RING_TOLERANCE` of the line its straightened
    outline takes (Douglas-Peucker; rings thinner than that go), unless that leaves it invalid.

    >>> square = shapely.Polygon([(0, 0), (1, 0), (2, 1e-10), (3, 0), (3, 3), (0, 3)])
    >>> int(shapely.get_num_coordinates(_straightened(square)))
    5
    """
    straight = shapely.simplify(shape, RING_TOLERANCE, preserve_topology=False)
    return straight if shapely.is_valid(straight) else shape


def _rings(shape: shapely.Geometry) -> tuple[Ring, ...]:
    """Every ring of the polygons in ``shape``, exteriors and holes, as tuples of points."""
    return tuple(tuple(map(tuple, ring.tolist())) for ring in _ring_arrays(shape))


def _ring_arrays(shape: shapely.Geometry) -> list[FloatArray]:
    """Every ring of the polygons in ``shape`` as an ``n x 2`` array (closed: last = first)."""
    parts = shapely.get_parts(shape)
    polygons = parts[shapely.get_type_id(parts) == shapely.GeometryType.POLYGON]
    rings = shapely.get_rings(polygons)
    if not len(rings):
        return []
    coords, index = shapely.get_coordinates(rings, return_index=True)
    return np.split(coords, np.flatnonzero(np.diff(index)) + 1)


def _scanline(rings: Sequence[FloatArray], columns: int, rows: int, per_cell: int) -> BoolArray:
    """The squares whose centre lies inside ``rings`` (closed, filled even-odd)."""
    grid: BoolArray = np.zeros((rows, columns), dtype=bool)
    top, left, block = _scanline_block(rings, columns, rows, per_cell)
    grid[top:top + block.shape[0], left:left + block.shape[1]] = block
    return grid


def _scanline_block(rings: Sequence[FloatArray], columns: int, rows: int,
                    per_cell: int) -> tuple[int, int, BoolArray]:
    """:func:`_scanline` within the rings' bounding box: its top row, left column and squares.

    Each row of centres is crossed with every edge; a square flips at each edge crossed to its
    left (a centre on a left edge is inside, on a right edge outside).
    """
    if not rings:
        return 0, 0, np.zeros((0, 0), dtype=bool)
    points = np.concatenate(rings) * per_cell
    top = int(np.clip(np.floor(points[:, 1].min()), 0, rows))
    left = int(np.clip(np.floor(points[:, 0].min()), 0, columns))
    height = int(np.clip(np.ceil(points[:, 1].max()), top, rows)) - top
    width = int(np.clip(np.ceil(points[:, 0].max()), left, columns)) - left
    flips = np.zeros((height, width + 1), dtype=np.uint8)
    for ring in rings:
        x1, y1 = ring[:-1, 0] * per_cell - left, ring[:-1, 1] * per_cell - top
        x2, y2 = ring[1:, 0] * per_cell - left, ring[1:, 1] * per_cell - top
        first = np.clip(np.ceil(np.minimum(y1, y2) - 0.5), 0, height).astype(np.int64)
        last = np.clip(np.ceil(np.maximum(y1, y2) - 0.5), 0, height).astype(np.int64)
        count = last - first  # the rows centred in [low, high)
        edge = np.repeat(np.arange(len(x1)), count)
        row = first[edge] + np.arange(len(edge)) - np.repeat(np.cumsum(count) - count, count)
        t = (row + 0.5 - y1[edge]) / (y2[edge] - y1[edge])
        x = x1[edge] + t * (x2[edge] - x1[edge])
        column = np.clip(np.ceil(x - 0.5), 0, width).astype(np.int64)
        np.add.at(flips, (row, column), 1)  # uint8 wraps at 256: the parity survives
    inside: BoolArray = (np.cumsum(flips, axis=1, dtype=np.uint8)[:, :width] & 1).astype(bool)
    return top, left, inside
