"""Walls drawn in batches: one item per map tile holds every wall that starts in it.

Batching keeps the number of items (and of paint calls) low on maps with thousands of wall
segments, while the scene still skips tiles off screen by their bounds. A changed wall
rebuilds only its tile. Doors are drawn last in a tile so they stay on top of the walls around them.
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.model import Wall, WallKind
from battlemap.desktop.gui.style import CELL, OBJECT_FILL, wall_pens
from battlemap.desktop.gui.turned_cache import paint_cached, serial

TILE_CELLS = 16
"""Side of a wall tile, in cells."""
PEN_MARGIN = CELL
"""Bounding-rect margin for the cosmetic pens (wide enough down to a fifth of full zoom)."""
HAIRLINE_CELL_PX = 6.0
"""A map zoomed out until a cell is under this many screen pixels draws its walls as hairlines
in their colour, no halo: the wide antialiased strokes, wider than the cells, showed a blob and
took seconds a paint on a map of 50,000 walls (hairlines: a hundredth of that)."""

TileKey = tuple[int, int]


def tile_of(wall: Wall) -> TileKey:
    """The tile a wall belongs to: the one holding its first point."""
    x, y = wall.points[0]
    return (math.floor(x / TILE_CELLS), math.floor(y / TILE_CELLS))


def group_by_tile(walls: tuple[Wall, ...]) -> dict[TileKey, tuple[Wall, ...]]:
    """Walls grouped by tile, doors last within each tile."""
    groups: dict[TileKey, list[Wall]] = defaultdict(list)
    for wall in walls:
        if len(wall.points) >= 2:
            groups[tile_of(wall)].append(wall)
    return {k: tuple(sorted(v, key=lambda w: w.kind is WallKind.DOOR)) for k, v in groups.items()}


def is_filled(wall: Wall) -> bool:
    """Objects drawn as a closed outline (a tree's canopy, a boulder) are filled."""
    return wall.kind is WallKind.OBJECT and len(wall.points) > 3 and (
        wall.points[0] == wall.points[-1]
    )


def wall_path(wall: Wall, path: QPainterPath | None = None) -> QPainterPath:
    """The wall's line in scene pixels, added to ``path`` if given."""
    path = QPainterPath() if path is None else path
    (x, y), *rest = wall.points
    path.moveTo(x * CELL, y * CELL)
    for x, y in rest:
        path.lineTo(x * CELL, y * CELL)
    return path


@functools.cache
def hairline_pen(kind: WallKind, is_open: bool) -> QPen:
    """The line of a wall kind one pixel wide (zoomed far out), its colour and dashes kept.

    >>> hairline_pen(WallKind.WALL, False).widthF(), hairline_pen(WallKind.WALL, False).isCosmetic()
    (0.0, True)
    """
    pen = QPen(wall_pens(kind, is_open)[1])
    pen.setWidthF(0.0)
    return pen


class WallBatchItem(QGraphicsRectItem):
    """All walls of one tile: filled objects first, then the walls stroked twice, a light
    halo, then their kind's line; the walls of one look share one path (a tile of thousands
    of walls is a few strokes, doors last). Its rect is its bounds (known to Qt without a call
    into Python). On a view turned a quarter (:meth:`set_turned`) it keeps its own device
    cache (:func:`~battlemap.desktop.gui.turned_cache.paint_cached`): Qt's renders the tile
    afresh at every paint there."""

    def __init__(self, walls: tuple[Wall, ...], turned: bool = False) -> None:
        super().__init__()
        self._serial = serial()
        self._turned = not turned
        self.set_turned(turned)
        self.walls = walls
        looks: dict[tuple[WallKind, bool], QPainterPath] = {}
        self._fills = QPainterPath()
        for wall in walls:
            look = (wall.kind, wall.is_open)
            path = looks.setdefault(look, QPainterPath())
            wall_path(wall, path)
            if is_filled(wall):
                self._fills.addPath(wall_path(wall))
        self._strokes = [(*wall_pens(*look), path) for look, path in looks.items()]
        self._hairlines = [(hairline_pen(*look), path) for look, path in looks.items()]
        bounds = QRectF()
        for *_, path in self._strokes:
            bounds = bounds.united(path.boundingRect())
        self.setPen(Qt.PenStyle.NoPen)
        self.setRect(bounds.adjusted(-PEN_MARGIN, -PEN_MARGIN, PEN_MARGIN, PEN_MARGIN))

    def set_turned(self, turned: bool) -> None:
        """Whether the scene's view is turned a quarter: the tile keeps its own device cache
        there instead of Qt's."""
        if turned != self._turned:
            self._turned = turned
            self.setCacheMode(QGraphicsItem.CacheMode.NoCache if turned
                              else QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._turned:
            paint_cached(self, self._serial, painter, option, widget, self._draw)
        else:
            self._draw(painter, option)

    def _draw(self, painter: QPainter, option: QStyleOptionGraphicsItem) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillPath(self._fills, OBJECT_FILL)
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if scale * CELL < HAIRLINE_CELL_PX:
            for hairline, path in self._hairlines:
                painter.strokePath(path, hairline)
            return
        for halo, _, path in self._strokes:
            painter.strokePath(path, halo)
        for _, stroke, path in self._strokes:
            painter.strokePath(path, stroke)
