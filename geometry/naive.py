"""Naive references and benchmark maps: the straightforward loops the fast paths must beat.

Each reference answers the same question as a fast function, one shapely call per wall or
per token in a Python loop -- how one would first write it. The benchmarks time both on the
same map in the same run and report the ratio (``battlemap bench geometry``,
``tests/benchmarks/test_geometry_bench.py``).

Examples
--------
>>> field = benchmark_map(tokens=20, walls=50, size=20.0, seed=1)
>>> len(field.bodies), len(field.occluders)
(20, 50)
>>> from battlemap.geometry.cover import cover_fraction
>>> ids = [b.id for b in field.bodies]
>>> all(abs(cover_by_shapely_loop(field, "t0", t) - cover_fraction(field, "t0", t)) < 1e-9
...     for t in ids[1:])
True
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from battlemap.geometry.index import Battlefield
from battlemap.geometry.shapes import Body, LightLevel, LightSource, Occluder
from battlemap.geometry.templates import Template, template_outline
from battlemap.geometry.vectors import union_length

__all__ = [
    "benchmark_map",
    "cover_by_shapely_loop",
    "survey_by_shapely_loop",
    "template_hits_by_shapely_loop",
]


def benchmark_map(
    tokens: int, walls: int, size: float, seed: int = 0, *, low_share: float = 0.0, lights: int = 0
) -> Battlefield:
    """A square ``size`` map with tokens on cell centres and full-height walls 1-3 cells long
    on the grid lines (a dungeon's shape), placed at random from ``seed``.

    A furnished map: ``low_share`` of the walls (at random) are low walls, crates and tables
    0.25 - 1.5 high, and ``lights`` torches (bright 2 - 6, dim twice that) stand on cell
    centres in dark surroundings.

    Examples
    --------
    >>> benchmark_map(tokens=3, walls=2, size=10.0).bodies[0].id
    't0'
    >>> field = benchmark_map(tokens=3, walls=100, size=10.0, low_share=0.2, lights=2)
    >>> int(np.isfinite(field.wall_top).sum()), len(field.lights), field.ambient.value
    (19, 2, 'dark')
    """
    rng = np.random.default_rng(seed)
    cells = int(size)
    spots = rng.choice(cells * cells, size=tokens, replace=False)
    bodies = [Body(f"t{k}", s % cells + 0.5, s // cells + 0.5) for k, s in enumerate(spots)]
    starts = rng.integers(0, cells, size=(walls, 2)).astype(float)
    lengths = rng.integers(1, 4, size=walls)
    across = rng.random(walls) < 0.5
    ends = starts + np.stack([np.where(across, lengths, 0), np.where(across, 0, lengths)], 1)
    tops = np.where(rng.random(walls) < low_share, rng.uniform(0.25, 1.5, walls), np.inf)
    occluders = [
        Occluder(f"w{k}", x1, y1, x2, y2, top=top)
        for k, ((x1, y1), (x2, y2), top) in enumerate(
            zip(starts.tolist(), ends.tolist(), tops.tolist(), strict=True)
        )
    ]
    torches = [
        LightSource(f"l{k}", x + 0.5, y + 0.5, bright_radius=b, dim_radius=2.0 * b)
        for k, (x, y, b) in enumerate(
            zip(*rng.integers(0, cells, size=(2, lights)).tolist(),
                rng.uniform(2.0, 6.0, lights).tolist(), strict=True)
        )
    ]
    ambient = LightLevel.DARK if lights else LightLevel.BRIGHT
    return Battlefield.build(bodies=bodies, occluders=occluders, lights=torches, ambient=ambient)


def _sight_wedge(eye: tuple[float, float], target: Body) -> shapely.Geometry:
    ex, ey = eye
    d = math.hypot(target.x - ex, target.y - ey)
    nx, ny = -(target.y - ey) / d * target.radius, (target.x - ex) / d * target.radius
    left, right = (target.x + nx, target.y + ny), (target.x - nx, target.y - ny)
    return shapely.Polygon([(ex, ey), left, right])


def cover_by_shapely_loop(field: Battlefield, attacker_id: str, target_id: str) -> float:
    """Hidden share of the target's silhouette width behind full-height walls, wall by wall.

    Clips each wall to the sight wedge with shapely, projects the piece onto the silhouette
    and merges the intervals (low walls are not handled: the benchmark maps have none).

    Examples
    --------
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("t", 4, 0)],
    ...                           occluders=[Occluder("w", 2, -3, 2, 3)])
    >>> cover_by_shapely_loop(field, "a", "t")
    1.0
    """
    attacker, target = field.body(attacker_id), field.body(target_id)
    ex, ey = attacker.x, attacker.y
    d = math.hypot(target.x - ex, target.y - ey)
    if d == 0.0 or target.radius == 0.0:
        return 0.0
    ux, uy = (target.x - ex) / d, (target.y - ey) / d
    wedge = _sight_wedge((ex, ey), target)
    intervals = []
    for occluder in field.occluders:
        line = shapely.LineString([(occluder.x1, occluder.y1), (occluder.x2, occluder.y2)])
        if not (occluder.blocks_sight and occluder.is_full_height and wedge.intersects(line)):
            continue
        projected = []
        for x, y in shapely.get_coordinates(wedge.intersection(line)).tolist():
            depth = (x - ex) * ux + (y - ey) * uy
            if depth > 0:
                projected.append(((y - ey) * ux - (x - ex) * uy) * d / depth / target.radius)
        if projected:
            intervals.append((max(min(projected), -1.0), min(max(projected), 1.0)))
    return union_length(intervals) / 2.0


def survey_by_shapely_loop(
    field: Battlefield, attacker_id: str, target_id: str
) -> tuple[float, list[str], list[str], list[str]]:
    """Cover, walls crossed, bodies in the corridor and bodies adjacent to the target, by loops.

    Examples
    --------
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("t", 4, 0), Body("x", 4, 1)])
    >>> survey_by_shapely_loop(field, "a", "t")
    (0.0, [], ['x'], ['x'])
    """
    attacker, target = field.body(attacker_id), field.body(target_id)
    fraction = cover_by_shapely_loop(field, attacker_id, target_id)
    line = shapely.LineString([(attacker.x, attacker.y), (target.x, target.y)])
    crossed = [
        o.id
        for o in field.occluders
        if line.intersects(shapely.LineString([(o.x1, o.y1), (o.x2, o.y2)]))
    ]
    wedge = _sight_wedge((attacker.x, attacker.y), target)
    in_line, adjacent = [], []
    for body in field.bodies:
        if body.id in (attacker_id, target_id):
            continue
        disc = shapely.Point(body.x, body.y).buffer(body.radius)
        if wedge.intersects(disc):
            in_line.append(body.id)
        if math.hypot(body.x - target.x, body.y - target.y) - body.radius - target.radius < 1:
            adjacent.append(body.id)
    return fraction, crossed, in_line, adjacent


def template_hits_by_shapely_loop(field: Battlefield, template: Template) -> dict[str, float]:
    """Overlap of every body with the template, one shapely intersection per body.

    Examples
    --------
    >>> from battlemap.geometry.templates import TemplateShape
    >>> field = Battlefield.build(bodies=[Body("a", 0, 0), Body("b", 9, 9)])
    >>> template_hits_by_shapely_loop(field, Template(TemplateShape.SMALL_BLAST, 0.0, 0.0))
    {'a': 1.0}
    """
    outline = template_outline(template)
    hits = {}
    for body in field.bodies:
        disc = shapely.Point(body.x, body.y).buffer(body.radius)
        if outline.intersects(disc):
            hits[body.id] = round(outline.intersection(disc).area / disc.area, 3)
    return hits
