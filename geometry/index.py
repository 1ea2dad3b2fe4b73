"""The :class:`Battlefield`: one encounter snapshot, indexed once for fast repeated queries.

It holds the bodies, occluders, areas and lights as given, plus numpy arrays of their numbers
and an STRtree over the occluders, so every query starts from a bounding-box lookup and then
filters the candidates in numpy.

Examples
--------
>>> field = Battlefield.build(
...     bodies=[Body("a", 0.5, 0.5), Body("b", 5.5, 0.5)],
...     occluders=[Occluder("w", 3, -2, 3, 3)],
... )
>>> field.index_of("b"), field.occluders_near(shapely.box(2, 0, 4, 1)).tolist()
(1, [0])
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
import shapely

from battlemap.geometry.errors import GeometryError
from battlemap.geometry.grid import GridKind
from battlemap.geometry.shapes import Area, AreaKind, Body, LightLevel, LightSource, Occluder, Point

__all__ = ["ALONG_STEP", "WALL_COLUMNS", "Battlefield"]

ALONG_STEP = 16.0
"""Length (cells) of the pieces :meth:`Battlefield.occluders_along` cuts a segment into."""

WALL_COLUMNS = ("x1", "y1", "dx", "dy", "x2", "y2", "sight_top", "solid_top")
"""The rows of :attr:`Battlefield.wall_table`: the first end, ``x2 - x1`` and ``y2 - y1``, the
second end (a crossing test gathers the first four rows, a projection the first seven), the top
of a wall that blocks sight (NaN for one that does not: windows and open doors hide nothing)
and the top of a solid one (``-inf`` for an open door: nothing to shoot through)."""

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IndexArray = npt.NDArray[np.intp]


def _columns(rows: list[tuple[float, ...]], width: int) -> FloatArray:
    """The rows as a ``width x n`` float array: one row of numbers per attribute."""
    table: FloatArray = np.array(rows, dtype=np.float64).reshape(-1, width).T.copy()
    return table


_LAST_WALLS: list[tuple[tuple[Occluder, ...], dict[str, Any]] | None] = [None]
"""The last occluders indexed and their index (a move, or the heroes' crowd, keeps the walls:
the next battlefield over the same tuple shares the arrays and the tree, none of which change)."""


def _wall_index_of(occluders: tuple[Occluder, ...]) -> dict[str, Any]:
    """The wall arrays, table and tree of ``occluders`` (read-only), shared with the last
    battlefield built over the same tuple."""
    last = _LAST_WALLS[0]
    if last is not None and last[0] is occluders:
        return last[1]
    index = _wall_index(occluders)
    _LAST_WALLS[0] = (occluders, index)
    return index


def _wall_index(occluders: tuple[Occluder, ...]) -> dict[str, Any]:
    walls = _columns([(o.x1, o.y1, o.x2, o.y2, o.top, o.hardness) for o in occluders], 6)
    index: dict[str, Any] = {
        f"wall_{name}": row
        for name, row in zip(("x1", "y1", "x2", "y2", "top", "hardness"), walls, strict=True)
    }
    x1, y1, x2, y2 = (index[f"wall_{name}"] for name in ("x1", "y1", "x2", "y2"))
    index["wall_dx"], index["wall_dy"] = x2 - x1, y2 - y1
    index["wall_blocks_sight"] = np.array([o.blocks_sight for o in occluders], bool)
    index["wall_is_solid"] = np.array([o.is_solid for o in occluders], bool)
    ends = np.stack([x1, y1, x2, y2], axis=1)
    index["wall_tree"] = shapely.STRtree(shapely.linestrings(ends.reshape(-1, 2, 2)))
    sight_top = np.where(index["wall_blocks_sight"], index["wall_top"], np.nan)
    solid_top = np.where(index["wall_is_solid"], index["wall_top"], -np.inf)
    index["wall_table"] = np.stack(
        [x1, y1, index["wall_dx"], index["wall_dy"], x2, y2, sight_top, solid_top]
    )
    for value in index.values():
        if isinstance(value, np.ndarray):
            value.flags.writeable = False
    return index


def _area_shape(area: Area) -> shapely.Geometry:
    """The area's polygon, repaired if it crosses itself; empty with fewer than 3 points."""
    if len(area.points) < 3:
        return shapely.Polygon()
    return shapely.make_valid(shapely.Polygon(area.points))


@dataclass(frozen=True, slots=True, eq=False, weakref_slot=True)
class Battlefield:
    """Bodies, occluders, areas and lights of one moment, with arrays and a spatial index.

    Build it with :meth:`build`; it never changes, so build a new one after an edit.
    ``bodies_level`` says every body stands at the same base elevation (no vertical gaps);
    ``wall_dx``, ``wall_dy`` are each occluder's ``x2 - x1``, ``y2 - y1``; ``wall_table`` holds
    the rows of :data:`WALL_COLUMNS` (one gather fetches a wall's every number); ``derived``
    keeps what the measuring modules work out once per battlefield, by their own keys.
    """

    grid: GridKind
    ambient: LightLevel
    bodies: tuple[Body, ...]
    occluders: tuple[Occluder, ...]
    areas: tuple[Area, ...]
    lights: tuple[LightSource, ...]
    body_x: FloatArray = field(init=False, repr=False)
    body_y: FloatArray = field(init=False, repr=False)
    body_radius: FloatArray = field(init=False, repr=False)
    body_base: FloatArray = field(init=False, repr=False)
    body_height: FloatArray = field(init=False, repr=False)
    bodies_level: bool = field(init=False, repr=False)
    wall_x1: FloatArray = field(init=False, repr=False)
    wall_y1: FloatArray = field(init=False, repr=False)
    wall_x2: FloatArray = field(init=False, repr=False)
    wall_y2: FloatArray = field(init=False, repr=False)
    wall_dx: FloatArray = field(init=False, repr=False)
    wall_dy: FloatArray = field(init=False, repr=False)
    wall_top: FloatArray = field(init=False, repr=False)
    wall_hardness: FloatArray = field(init=False, repr=False)
    wall_blocks_sight: BoolArray = field(init=False, repr=False)
    wall_is_solid: BoolArray = field(init=False, repr=False)
    wall_tree: shapely.STRtree = field(init=False, repr=False)
    wall_table: FloatArray = field(init=False, repr=False)
    derived: dict[str, Any] = field(init=False, repr=False)
    area_shapes: tuple[shapely.Geometry, ...] = field(init=False, repr=False)
    _body_index: dict[str, int] = field(init=False, repr=False)

    @classmethod
    def build(
        cls,
        bodies: Iterable[Body] = (),
        occluders: Iterable[Occluder] = (),
        areas: Iterable[Area] = (),
        lights: Iterable[LightSource] = (),
        grid: GridKind = GridKind.GRIDLESS,
        ambient: LightLevel = LightLevel.BRIGHT,
    ) -> Battlefield:
        """Index the given parts; body ids must be unique.

        Examples
        --------
        >>> Battlefield.build(bodies=[Body("a", 0, 0), Body("a", 1, 1)])
        Traceback (most recent call last):
        ...
        battlemap.geometry.errors.GeometryError: two bodies share the id 'a'
        """
        return cls(grid, ambient, tuple(bodies), tuple(occluders), tuple(areas), tuple(lights))

    def __post_init__(self) -> None:
        self._set("_body_index", self._unique_body_index())
        bodies = _columns([(b.x, b.y, b.radius, b.height, b.base_z) for b in self.bodies], 5)
        for name, row in zip(("x", "y", "radius", "height", "base"), bodies, strict=True):
            self._set(f"body_{name}", row)
        self._set("bodies_level", bool(np.all(self.body_base == self.body_base[:1])))
        for name, value in _wall_index_of(self.occluders).items():
            self._set(name, value)
        self._set("derived", {})
        self._set("area_shapes", tuple(_area_shape(area) for area in self.areas))

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    def _unique_body_index(self) -> dict[str, int]:
        index: dict[str, int] = {}
        for n, body in enumerate(self.bodies):
            if body.id in index:
                raise GeometryError(f"two bodies share the id {body.id!r}")
            index[body.id] = n
        return index

    def index_of(self, body_id: str) -> int:
        """The position of the body ``body_id``; a :class:`GeometryError` naming known ids.

        Examples
        --------
        >>> Battlefield.build(bodies=[Body("a", 0, 0)]).index_of("z")
        Traceback (most recent call last):
        ...
        battlemap.geometry.errors.GeometryError: no body with id 'z' (bodies: a)
        """
        try:
            return self._body_index[body_id]
        except KeyError:
            known = ", ".join(self._body_index) or "none"
            raise GeometryError(f"no body with id {body_id!r} (bodies: {known})") from None

    def body(self, body_id: str) -> Body:
        """The body ``body_id``.

        Examples
        --------
        >>> Battlefield.build(bodies=[Body("a", 1, 2)]).body("a").y
        2.0
        """
        return self.bodies[self.index_of(body_id)]

    def occluders_near(self, shape: shapely.Geometry) -> IndexArray:
        """Indices of occluders whose bounding box meets the bounding box of ``shape``.

        Examples
        --------
        >>> Battlefield.build().occluders_near(shapely.box(0, 0, 1, 1)).tolist()
        []
        """
        found: IndexArray = self.wall_tree.query(shape)
        return found

    def occluders_along(self, start: Point, end: Point, reach: float = 0.0) -> IndexArray:
        """Indices (once each) of occluders whose bounding box meets one of the boxes
        covering the segment ``start -> end`` widened by ``reach``: one box, or for a long
        diagonal one a box every ``ALONG_STEP`` cells of its shorter side, so it asks about
        the walls near its line, not about every wall in the square it spans.

        Examples
        --------
        >>> walls = [Occluder("a", 5, 5, 6, 5), Occluder("b", 18, 2, 18, 3)]
        >>> field = Battlefield.build(occluders=walls)
        >>> field.occluders_along((0.0, 0.0), (20.0, 20.0), 0.5).tolist()  # two boxes
        [0]
        >>> field.occluders_along((0.0, 0.0), (1.0, 1.0), 0.5).tolist()  # one
        []
        >>> sorted(field.occluders_near(shapely.box(0, 0, 20, 20)).tolist())
        [0, 1]
        """
        (x1, y1), (x2, y2) = start, end
        pieces = max(1, math.ceil(min(abs(x2 - x1), abs(y2 - y1)) / ALONG_STEP))
        if pieces == 1:  # a short shot: one box, as occluders_near
            box = shapely.box(min(x1, x2) - reach, min(y1, y2) - reach,
                              max(x1, x2) + reach, max(y1, y2) + reach)
            near: IndexArray = self.wall_tree.query(box)
            return near
        share = np.arange(pieces + 1) / pieces
        xs, ys = x1 + share * (x2 - x1), y1 + share * (y2 - y1)
        boxes = shapely.box(
            np.minimum(xs[:-1], xs[1:]) - reach, np.minimum(ys[:-1], ys[1:]) - reach,
            np.maximum(xs[:-1], xs[1:]) + reach, np.maximum(ys[:-1], ys[1:]) + reach,
        )
        _, found = self.wall_tree.query(boxes)
        found.sort()  # once each (np.unique costs five times as much on these few)
        once = np.empty(len(found), dtype=bool)
        once[:1] = True
        np.not_equal(found[1:], found[:-1], out=once[1:])
        walls: IndexArray = found[once]
        return walls

    def areas_of_kind(self, kind: AreaKind) -> list[tuple[Area, shapely.Geometry]]:
        """The areas of ``kind`` with their (repaired) polygons, in the order given.

        Examples
        --------
        >>> mud = Area("m", ((0, 0), (2, 0), (2, 2)), AreaKind.DIFFICULT)
        >>> [a.id for a, _ in Battlefield.build(areas=[mud]).areas_of_kind(AreaKind.DIFFICULT)]
        ['m']
        """
        pairs = zip(self.areas, self.area_shapes, strict=True)
        return [(area, shape) for area, shape in pairs if area.kind is kind]
