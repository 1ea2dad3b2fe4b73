"""Area templates: who is beneath a Blast, Cone or Stream template, and who is protected.

Shapes (grid units, Savage Pathfinder): Small/Medium/Large Blast are circles of radius 1, 2, 3
centred on the chosen point; the Cone is a 9-long teardrop -- straight sides from the apex to
a semicircular end of radius 1.5 whose centre lies 7.5 from the apex; the Stream is a 12 x 1
rectangle starting at the apex. Cones and Streams point along a bearing in degrees clockwise
from up the screen (-y).

A body is hit when its footprint disc meets the template with positive area; ``overlap`` is
the share of the disc beneath it, exact: the lens of two circles for blasts, Green's theorem
around the outline for cones and streams. A victim is
protected when a solid occluder crosses the line from the template's origin (blast centre, or
cone/stream apex) to its centre; the hardest such occluder is named.

Examples
--------
>>> from battlemap.geometry.index import Battlefield
>>> from battlemap.geometry.shapes import Body, Occluder
>>> field = Battlefield.build(
...     bodies=[Body("a", 0.0, 0.0), Body("b", 2.0, 0.0), Body("c", 9.0, 0.0)],
...     occluders=[Occluder("crate", 1.5, -1, 1.5, 1, top=1.0, hardness=8)],
... )
>>> result = template_hits(field, TemplateShape.MEDIUM_BLAST, (0.0, 0.0))
>>> [(h.id, round(h.overlap, 2)) for h in result.hits], result.protected
([('a', 1.0), ('b', 0.47)], (Protection(id='b', obstacle='crate', hardness=8.0),))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise

import numpy as np
import numpy.typing as npt
import shapely

from battlemap.geometry.errors import require_finite, require_point
from battlemap.geometry.facing import bearing_to
from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Point
from battlemap.geometry.vectors import crossing_matrix

__all__ = [
    "Hit",
    "Protection",
    "Template",
    "TemplateResult",
    "TemplateShape",
    "disc_in_circle_share",
    "place_template",
    "template_hits",
    "template_outline",
]

FloatArray = npt.NDArray[np.float64]

BLAST_RADIUS = {"sbt": 1.0, "mbt": 2.0, "lbt": 3.0}
CONE_END_RADIUS, CONE_END_CENTRE = 1.5, 7.5
_TANGENT_LENGTH = math.sqrt(CONE_END_CENTRE**2 - CONE_END_RADIUS**2)
CONE_TANGENT = (  # where the cone's straight side touches its end circle, in the cone's frame
    _TANGENT_LENGTH * _TANGENT_LENGTH / CONE_END_CENTRE,
    _TANGENT_LENGTH * CONE_END_RADIUS / CONE_END_CENTRE,
)
STREAM_LENGTH, STREAM_WIDTH = 12.0, 1.0
TAU = 2.0 * math.pi


class TemplateShape(StrEnum):
    SMALL_BLAST = "sbt"
    MEDIUM_BLAST = "mbt"
    LARGE_BLAST = "lbt"
    CONE = "cone"
    STREAM = "stream"

    @property
    def is_blast(self) -> bool:
        return self.value in BLAST_RADIUS


@dataclass(frozen=True, slots=True)
class Template:
    """A placed template: its origin (blast centre or apex) and bearing (degrees from up)."""

    shape: TemplateShape
    x: float
    y: float
    bearing: float = 0.0


@dataclass(frozen=True, slots=True)
class Hit:
    id: str
    overlap: float


@dataclass(frozen=True, slots=True)
class Protection:
    id: str
    obstacle: str
    hardness: float


@dataclass(frozen=True, slots=True)
class TemplateResult:
    hits: tuple[Hit, ...]
    protected: tuple[Protection, ...]


def place_template(
    shape: TemplateShape, at: Point, *, toward: Point | None = None, rotation: float | None = None
) -> Template:
    """The template with origin ``at``, pointing at ``toward`` or along ``rotation`` (else up).

    Examples
    --------
    >>> place_template(TemplateShape.CONE, (1.0, 1.0), toward=(5.0, 1.0))
    Template(shape=<TemplateShape.CONE: 'cone'>, x=1.0, y=1.0, bearing=90.0)
    """
    x, y = require_point("at", at)
    if toward is not None:
        bearing = bearing_to((x, y), require_point("toward", toward))
    else:
        bearing = require_finite("rotation", rotation) % 360.0 if rotation is not None else 0.0
    return Template(shape, x, y, bearing)


def template_outline(template: Template) -> shapely.Geometry:
    """The template as a polygon (circles with 16 segments a quarter), for drawing and clipping.

    Examples
    --------
    >>> round(template_outline(Template(TemplateShape.STREAM, 0.0, 0.0)).area, 6)
    12.0
    """
    if template.shape.is_blast:
        return shapely.Point(template.x, template.y).buffer(BLAST_RADIUS[template.shape])
    ux, uy = _direction(template)
    if template.shape is TemplateShape.STREAM:
        half = STREAM_WIDTH / 2.0
        ends = [(0.0, -half), (STREAM_LENGTH, -half), (STREAM_LENGTH, half), (0.0, half)]
        return shapely.Polygon([_to_map(template, ux, uy, a, c) for a, c in ends])
    end = _to_map(template, ux, uy, CONE_END_CENTRE, 0.0)
    disc = shapely.Point(end).buffer(CONE_END_RADIUS)
    return shapely.convex_hull(shapely.union(disc, shapely.Point(template.x, template.y)))


def template_hits(
    field: Battlefield,
    shape: TemplateShape,
    at: Point,
    *,
    toward: Point | None = None,
    rotation: float | None = None,
    exclude: Iterable[str] = (),
    clip: bool = False,
) -> TemplateResult:
    """The bodies beneath the template placed by :func:`place_template`, and who is protected.

    ``exclude`` names bodies never hit (the breather of a cone). With ``clip`` the template
    stops where full-height walls, seen from its origin, block it.

    Examples
    --------
    >>> from battlemap.geometry.shapes import Body
    >>> field = Battlefield.build(bodies=[Body("a", 0.0, -5.0), Body("b", 3.0, -5.0)])
    >>> template_hits(field, TemplateShape.CONE, (0.0, 0.0)).hits
    (Hit(id='a', overlap=1.0),)
    """
    template = place_template(shape, at, toward=toward, rotation=rotation)
    skip = {field.index_of(i) for i in exclude}
    shares = _shares(field, template, clip)
    victims = [i for i, share in shares.items() if share > 0.0 and i not in skip]
    hits = tuple(Hit(field.bodies[i].id, shares[i]) for i in victims)
    return TemplateResult(hits, _protections(field, template, victims))


def _shares(field: Battlefield, template: Template, clip: bool) -> dict[int, float]:
    """The share of each touched body's disc beneath the template, by body number: exact in
    closed form, or shapely areas when clipped."""
    if template.shape.is_blast:
        touched, centre_gap = _under_blast(field, template)
        if not clip:
            reach, radii = BLAST_RADIUS[template.shape], field.body_radius[touched].tolist()
            rows = zip(touched.tolist(), centre_gap.tolist(), radii, strict=True)
            return {i: disc_in_circle_share(c, r, reach) for i, c, r in rows}
    else:
        frames = _touched_in_frame(field, template)
        if not clip:
            share = _cone_share if template.shape is TemplateShape.CONE else _stream_share
            return {i: share(x, y, r) for i, x, y, r in frames}
        touched = np.array([row[0] for row in frames], dtype=np.intp)
    return dict(zip(touched.tolist(), _clipped_overlap(field, template, touched).tolist(),
                    strict=True))


def _touched_in_frame(
    field: Battlefield, template: Template
) -> list[tuple[int, float, float, float]]:
    """The bodies whose disc meets a cone or stream with positive area (a body of radius 0: on
    or inside it): number, centre in the template's frame (along its bearing, across it,
    signed) and radius, in plain floats (a template covers a few tokens)."""
    near = _near_bounds(field, template)
    ux, uy = _direction(template)
    gap = _cone_gap if template.shape is TemplateShape.CONE else _stream_gap
    rows = zip(near.tolist(), field.body_x[near].tolist(), field.body_y[near].tolist(),
               field.body_radius[near].tolist(), strict=True)
    touched = []
    for i, x, y, r in rows:
        dx, dy = x - template.x, y - template.y
        along, across = dx * ux + dy * uy, dy * ux - dx * uy
        apart = gap(along, abs(across))
        if apart < r or apart == 0.0:
            touched.append((i, along, across, r))
    return touched


def _under_blast(field: Battlefield, template: Template) -> tuple[npt.NDArray[np.intp], FloatArray]:
    """Bodies whose disc meets the blast circle with positive area (a body of radius 0: on or
    inside it), and the distance from each one's centre to the blast's centre."""
    reach = BLAST_RADIUS[template.shape]
    dx, dy = field.body_x - template.x, field.body_y - template.y
    apart = dx * dx + dy * dy
    outer = reach + field.body_radius
    touched = ((apart < outer * outer) | (apart <= reach * reach)).nonzero()[0]
    return touched, np.sqrt(apart[touched])


def disc_in_circle_share(centre_gap: float, radius: float, circle_radius: float) -> float:
    """The share of a disc of ``radius`` whose centre lies ``centre_gap`` from the centre of a
    circle of ``circle_radius`` that is inside the circle: the exact lens area over the disc's.

    A disc of radius 0 is a point: 1 on or inside the circle, else 0.

    Examples
    --------
    >>> [round(disc_in_circle_share(c, r, 3.0), 4) for c, r in [(0, 0.5), (3, 1), (9, 1), (0, 0)]]
    [1.0, 0.4645, 0.0, 1.0]
    >>> disc_in_circle_share(0.5, 2.0, 1.0)  # the circle lies inside the disc
    0.25
    """
    c, r, big = centre_gap, radius, circle_radius
    if c + r <= big:
        return 1.0
    if c >= big + r:
        return 0.0
    if c + big <= r:
        return big * big / (r * r)
    cos_big = min(max((c * c + big * big - r * r) / (2.0 * c * big), -1.0), 1.0)
    cos_small = min(max((c * c + r * r - big * big) / (2.0 * c * r), -1.0), 1.0)
    kite = math.sqrt(max((-c + r + big) * (c + r - big) * (c - r + big) * (c + r + big), 0.0))
    lens = big * big * math.acos(cos_big) + r * r * math.acos(cos_small) - kite / 2.0
    return min(max(lens / (math.pi * r * r), 0.0), 1.0)


def _near_bounds(field: Battlefield, template: Template) -> npt.NDArray[np.intp]:
    """Bodies whose footprint may meet a cone or stream: those meeting its bounding box."""
    ux, uy = _direction(template)
    if template.shape is TemplateShape.STREAM:
        half = STREAM_WIDTH / 2.0
        ends = [(0.0, -half), (0.0, half), (STREAM_LENGTH, -half), (STREAM_LENGTH, half)]
        corners = [_to_map(template, ux, uy, a, c) for a, c in ends]
    else:
        cx, cy = _to_map(template, ux, uy, CONE_END_CENTRE, 0.0)
        reach = CONE_END_RADIUS
        corners = [(template.x, template.y)]
        corners += [(cx + dx, cy + dy) for dx in (-reach, reach) for dy in (-reach, reach)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    right, left, bottom, top = _footprint_bounds(field)
    inside = (right >= min(xs)) & (left <= max(xs)) & (bottom >= min(ys)) & (top <= max(ys))
    return np.flatnonzero(inside)


def _footprint_bounds(field: Battlefield) -> FloatArray:
    """Each body's footprint's right, left, bottom and top edges (y runs down the screen):
    ``x + r``, ``x - r``, ``y + r``, ``y - r``, worked out once per battlefield."""
    if "footprint_bounds" not in field.derived:
        x, y, r = field.body_x, field.body_y, field.body_radius
        field.derived["footprint_bounds"] = np.stack([x + r, x - r, y + r, y - r])
    bounds: FloatArray = field.derived["footprint_bounds"]
    return bounds


def _direction(template: Template) -> Point:
    angle = math.radians(template.bearing)
    return (math.sin(angle), -math.cos(angle))


def _to_map(template: Template, ux: float, uy: float, along: float, across: float) -> Point:
    return (template.x + ux * along - uy * across, template.y + uy * along + ux * across)


def _stream_gap(along: float, across: float) -> float:
    """Distance from a point in the stream's frame (``across`` unsigned) to it (0 inside)."""
    beyond = max(-along, along - STREAM_LENGTH, 0.0)
    return math.hypot(beyond, max(across - STREAM_WIDTH / 2.0, 0.0))


def _cone_gap(along: float, across: float) -> float:
    """Distance from a point in the cone's frame (``across`` unsigned) to it (0 inside): to
    its end circle, or to the triangle from the apex to the tangent points."""
    tx, ty = CONE_TANGENT
    if 0.0 <= along <= tx and across * tx <= along * ty:
        return 0.0
    disc = max(math.hypot(along - CONE_END_CENTRE, across) - CONE_END_RADIUS, 0.0)
    t = min(max((along * tx + across * ty) / (tx * tx + ty * ty), 0.0), 1.0)
    return min(disc, math.hypot(along - t * tx, across - t * ty))


Piece = tuple[Point, Point]
_HALF_WIDTH = STREAM_WIDTH / 2.0
_CORNERS = ((0.0, -_HALF_WIDTH), (STREAM_LENGTH, -_HALF_WIDTH), (STREAM_LENGTH, _HALF_WIDTH),
            (0.0, _HALF_WIDTH))
STREAM_SIDES: tuple[Piece, ...] = tuple(zip(_CORNERS, _CORNERS[1:] + _CORNERS[:1], strict=True))
"""The stream's outline in its own frame (x along the bearing, y across), counter-clockwise."""
_TX, _TY = CONE_TANGENT
CONE_SIDES: tuple[Piece, ...] = (((0.0, 0.0), (_TX, -_TY)), ((_TX, _TY), (0.0, 0.0)))
"""The cone's straight sides, counter-clockwise; its outline runs from the first along its end
circle (:data:`CONE_ARC_STEPS`) to the second."""
CONE_TRIANGLE: tuple[Piece, ...] = (*CONE_SIDES[:1], ((_TX, -_TY), (_TX, _TY)), *CONE_SIDES[1:])
"""The triangle from the apex to the tangent points: the cone on the apex side of its chord."""
_ARC_REACH = math.atan2(_TY, _TX - CONE_END_CENTRE)
CONE_ARC_STEPS = (-_ARC_REACH, 0.0, _ARC_REACH)
"""The angles (about the end circle's centre) where the cone's arc starts, turns half-way and
stops: two counter-clockwise arcs, each under half a turn."""


def _stream_share(x: float, y: float, r: float) -> float:
    """The share of the disc at ``(x, y)`` (the stream's frame) of radius ``r`` beneath it."""
    if r == 0.0:
        return 1.0 if 0.0 <= x <= STREAM_LENGTH and abs(y) <= _HALF_WIDTH else 0.0
    return _outline_share(x, y, r, STREAM_SIDES)


def _cone_share(x: float, y: float, r: float) -> float:
    """The share of the disc at ``(x, y)`` (the cone's frame) of radius ``r`` beneath the cone.

    The cone is the triangle from its apex to the tangent points joined with its end circle,
    and equals the end circle beyond the chord between the tangent points, the triangle on the
    apex side of it: a disc on one side of the chord, or clear of the end circle, takes the
    lens of two circles or the triangle's three straight pieces; a disc at least its radius
    inside the outline counts 1; the rest go once around the whole outline.

    Examples
    --------
    >>> [round(_cone_share(x, 0.0, 0.5), 4) for x in (-1.0, 4.0, 9.0, 8.5)]
    [0.0, 1.0, 0.4645, 1.0]
    """
    y = abs(y)  # the cone is symmetric about its axis
    if r == 0.0:
        in_wedge = 0.0 <= x <= _TX and y * _TX <= x * _TY
        return 1.0 if in_wedge or math.hypot(x - CONE_END_CENTRE, y) <= CONE_END_RADIUS else 0.0
    far = math.hypot(x - CONE_END_CENTRE, y)
    if x - r >= _TX:
        return disc_in_circle_share(far, r, CONE_END_RADIUS)
    if x + r <= _TX or far >= CONE_END_RADIUS + r:
        return _outline_share(x, y, r, CONE_TRIANGLE)
    if _depth_in_cone(x, y, far) >= r:
        return 1.0
    return _outline_share(x, y, r, CONE_SIDES, CONE_ARC_STEPS)


def _depth_in_cone(x: float, y: float, far: float) -> float:
    """How far the point ``(x, y)`` (``y`` >= 0, ``far`` from the end circle's centre) lies
    inside the cone's outline, for a point in the triangle or the end circle (a convex shape:
    the least over its supporting lines; the end circle's count only where the point faces its
    arc, elsewhere the nearest is a side's, the tangent at the arc's end)."""
    side = (x * _TY - y * _TX) / _TANGENT_LENGTH
    faces_arc = (_TX - CONE_END_CENTRE) * y <= _TY * (x - CONE_END_CENTRE)
    return min(side, CONE_END_RADIUS - far) if faces_arc else side


def _outline_share(
    x: float, y: float, r: float, sides: tuple[Piece, ...], arc_steps: tuple[float, ...] = ()
) -> float:
    """The share of the disc at ``(x, y)`` of radius ``r`` inside the outline of ``sides`` and
    the cone's end-circle arcs through ``arc_steps``, by Green's theorem.

    In the disc's frame scaled to a unit disc, the area of disc and outline together is the
    integral over the outline of ``min(|p|, 1)^2 / 2 d(angle)`` -- a triangle's area where the
    outline runs inside the disc, a sector's where it runs outside -- in closed form for
    straight pieces and circular arcs (plain floats: a template covers a few tokens).
    """
    area = sum(_segment_term((px - x) / r, (py - y) / r, (qx - px) / r, (qy - py) / r)
               for (px, py), (qx, qy) in sides)
    if arc_steps:
        centre = ((CONE_END_CENTRE - x) / r, -y / r)
        area += _arc_terms(centre, CONE_END_RADIUS / r, arc_steps)
    return min(max(area / math.pi, 0.0), 1.0)


def _turn(ax: float, ay: float, bx: float, by: float) -> float:
    """The signed angle from direction ``a`` to direction ``b``, in (-pi, pi]."""
    return math.atan2(ax * by - ay * bx, ax * bx + ay * by)


def _segment_term(px: float, py: float, ux: float, uy: float) -> float:
    """Green's integral over the piece from ``p`` along ``u`` (unit disc at the origin): the
    triangle over the part inside the disc, the sectors over the parts outside."""
    a, b = ux * ux + uy * uy, px * ux + py * uy
    gap = b * b - a * (px * px + py * py - 1.0)
    if a == 0.0:
        return 0.0
    if gap <= 0.0:
        return _turn(px, py, px + ux, py + uy) / 2.0
    root = math.sqrt(gap)
    first = min(max((-b - root) / a, 0.0), 1.0)
    second = min(max((-b + root) / a, 0.0), 1.0)
    ax, ay = px + first * ux, py + first * uy
    bx, by = px + second * ux, py + second * uy
    return (_turn(px, py, ax, ay) + (ax * by - ay * bx) + _turn(bx, by, px + ux, py + uy)) / 2.0


def _arc_terms(centre: Point, radius: float, steps: tuple[float, ...]) -> float:
    """Green's integral over the counter-clockwise arcs ``steps[0]..steps[1]..`` (each under
    half a turn) of the circle of ``radius`` about ``centre`` (unit disc at the origin): split
    where it enters or leaves the disc, the parts inside integrated in closed form, the parts
    outside by the angle they sweep about the origin."""
    ox, oy = centre
    far = math.hypot(ox, oy)
    if far > 0.0:
        level = (1.0 - far * far - radius * radius) / (2.0 * radius * far)
    else:
        level = math.inf if radius <= 1.0 else -math.inf
    heading = math.atan2(oy, ox)
    outside = math.acos(min(max(level, -1.0), 1.0))  # |angle - heading| < this: outside
    start, stop = steps[0], steps[-1]
    cuts = [start + (c - start) % TAU for c in (heading - outside, heading + outside)]
    marks = sorted([*steps, *(c for c in cuts if c < stop)])
    cosines, sines = [math.cos(m) for m in marks], [math.sin(m) for m in marks]
    total = 0.0
    for k, (left, right) in enumerate(pairwise(marks)):
        if math.cos((left + right) / 2.0 - heading) <= level:  # inside the disc
            total += radius * radius * (right - left) + radius * (
                ox * (sines[k + 1] - sines[k]) - oy * (cosines[k + 1] - cosines[k])
            )
            continue
        ux, uy = ox + radius * cosines[k], oy + radius * sines[k]
        vx, vy = ox + radius * cosines[k + 1], oy + radius * sines[k + 1]
        enclosed = far < radius and (vx - ux) * -uy - (vy - uy) * -ux < 0.0 and right > left
        total += _turn(ux, uy, vx, vy) + (TAU if enclosed else 0.0)
    return total / 2.0


def _clipped_overlap(
    field: Battlefield, template: Template, bodies: npt.NDArray[np.intp]
) -> FloatArray:
    """Overlap of ``bodies`` with the template minus the shadows of full-height walls."""
    outline = template_outline(template)
    walls = field.occluders_near(outline)
    walls = walls[field.wall_blocks_sight[walls] & np.isinf(field.wall_top[walls])]
    shadows = [_shadow(field, template, int(w), outline) for w in walls.tolist()]
    lit = shapely.difference(outline, shapely.union_all(shadows)) if shadows else outline
    centres = shapely.points(field.body_x[bodies], field.body_y[bodies])
    discs = shapely.buffer(centres, field.body_radius[bodies])
    overlap: FloatArray = shapely.area(shapely.intersection(discs, lit)) / np.maximum(
        shapely.area(discs), 1e-12
    )
    return np.where(overlap > 1e-9, overlap, 0.0)


def _shadow(
    field: Battlefield, template: Template, w: int, outline: shapely.Geometry
) -> shapely.Geometry:
    """The region behind wall ``w`` seen from the template's origin, reaching past ``outline``."""
    ox, oy = template.x, template.y
    ends = [(field.wall_x1[w], field.wall_y1[w]), (field.wall_x2[w], field.wall_y2[w])]
    xmin, ymin, xmax, ymax = shapely.bounds(outline).tolist()
    reach = 2.0 * (abs(xmax - xmin) + abs(ymax - ymin) + max(abs(xmax - ox), abs(xmin - ox)))
    far = []
    for x, y in ends:
        d = math.hypot(x - ox, y - oy)
        if d == 0.0:
            return shapely.Polygon()
        far.append((x + (x - ox) / d * reach, y + (y - oy) / d * reach))
    return shapely.make_valid(shapely.Polygon([ends[0], ends[1], far[1], far[0]]))


FEW_CROSSINGS = 64
"""Up to this many (victim, candidate wall) pairs, :func:`_protections` tests them one by one
in plain floats (the same floats as :func:`battlemap.geometry.vectors.crossing_matrix`: numpy's
per-call cost would outweigh the work)."""


def _protections(
    field: Battlefield, template: Template, victims: list[int]
) -> tuple[Protection, ...]:
    """For each victim behind solid occluders, the hardest of them (the first found of equals)."""
    if not victims:
        return ()
    xs, ys = [field.bodies[i].x for i in victims], [field.bodies[i].y for i in victims]
    px, py = template.x, template.y
    box = shapely.box(min(px, *xs), min(py, *ys), max(px, *xs), max(py, *ys))
    walls = field.occluders_near(box)
    walls = walls[field.wall_is_solid[walls]]
    if len(walls) == 0:
        return ()
    if len(walls) * len(victims) > FEW_CROSSINGS:
        hardest = _hardest_crossed_many(field, (px, py), np.array(xs), np.array(ys), walls)
    else:
        hardest = _hardest_crossed_few(field, (px, py), xs, ys, walls)
    return tuple(
        Protection(field.bodies[victims[row]].id, occluder.id, occluder.hardness)
        for row, wall in enumerate(hardest)
        if wall >= 0
        for occluder in [field.occluders[wall]]
    )


def _hardest_crossed_many(
    field: Battlefield, start: Point, xs: FloatArray, ys: FloatArray, walls: npt.NDArray[np.intp]
) -> list[int]:
    """For each segment ``start -> (xs[i], ys[i])``, the hardest of ``walls`` it crosses (the
    first of equals), or -1: all segments against all walls at once."""
    crossed = crossing_matrix(field, start, xs, ys, walls)[1]
    hardest = walls[np.where(crossed, field.wall_hardness[walls], -np.inf).argmax(axis=1)]
    found: list[int] = np.where(crossed.any(axis=1), hardest, -1).tolist()
    return found


def _hardest_crossed_few(
    field: Battlefield, start: Point, xs: list[float], ys: list[float], walls: npt.NDArray[np.intp]
) -> list[int]:
    """:func:`_hardest_crossed_many` pair by pair in plain floats."""
    px, py = start
    table = list(zip(walls.tolist(), *field.wall_table[:4, walls].tolist(),
                     field.wall_hardness[walls].tolist(), strict=True))
    found = []
    for x, y in zip(xs, ys, strict=True):
        rx, ry = x - px, y - py
        best, most = -1, -math.inf
        for w, x1, y1, bx, by, hardness in table:
            ax, ay = x1 - px, y1 - py
            denom = rx * by - ry * bx
            if denom != 0.0 and hardness > most:
                t, along = (ax * by - ay * bx) / denom, (ax * ry - ay * rx) / denom
                if 0.0 <= t <= 1.0 and 0.0 <= along <= 1.0:
                    best, most = w, hardness
        found.append(best)
    return found
