"""Walls drawn in batches: one item per map tile holds every wall that starts in it.

Batching keeps the number of items (and of paint calls) low on maps with thousands of wall
segments, while the scene's index still skips tiles off screen. A changed wall rebuilds only its
tile. Doors are drawn last in a tile so they stay on top of the walls around them.
"""

from __future__ import annotations

import math
from collections import defaultdict

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from desktop.core.model import Wall, WallKind
from desktop.gui.style import CELL, OBJECT_FILL, to_scene, wall_pens

TILE_CELLS = 16
"""Side of a wall tile, in cells."""
PEN_MARGIN = CELL
"""Bounding-rect margin for the cosmetic pens (wide enough down to a fifth of full zoom)."""

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


def wall_path(wall: Wall) -> QPainterPath:
    path = QPainterPath(to_scene(wall.points[0]))
    for point in wall.points[1:]:
        path.lineTo(to_scene(point))
    return path


class WallBatchItem(QGraphicsRectItem):
    """All walls of one tile: filled objects first, then each wall stroked twice, a light
    halo, then its kind's line. Its rect is its bounds (known to Qt without a call into
    Python)."""

    def __init__(self, walls: tuple[Wall, ...]) -> None:
        super().__init__()
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.walls = walls
        self._strokes: list[tuple[QPen, QPen, QPainterPath]] = []
        self._fills = QPainterPath()
        bounds = QRectF()
        for wall in walls:
            halo, stroke = wall_pens(wall.kind, wall.is_open)
            path = wall_path(wall)
            self._strokes.append((halo, stroke, path))
            if is_filled(wall):
                self._fills.addPath(path)
            bounds = bounds.united(path.boundingRect())
        self.setPen(Qt.PenStyle.NoPen)
        self.setRect(bounds.adjusted(-PEN_MARGIN, -PEN_MARGIN, PEN_MARGIN, PEN_MARGIN))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.fillPath(self._fills, OBJECT_FILL)
        for halo, _, path in self._strokes:
            painter.strokePath(path, halo)
        for _, stroke, path in self._strokes:
            painter.strokePath(path, stroke)
