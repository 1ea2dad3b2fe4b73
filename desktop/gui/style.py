"""Colours, pens and sizes of the map, chosen to read from across a table.

Scene coordinates are grid cells times :data:`CELL` (scene pixels per cell). Pens for lines
that must stay crisp at every zoom (grid, walls) are cosmetic: their width is in screen pixels.
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QPen

from battlemap.desktop.core.model import Point, Side, WallKind

CELL = 64.0
"""Scene pixels per grid cell."""

SIDE_COLORS = {
    Side.HERO: QColor("#1e88ff"),
    Side.VILLAIN: QColor("#e8261c"),
    Side.NEUTRAL: QColor("#ffc400"),
}

MAP_FILL = QColor("#d9cfb8")
GRID_COLOR = QColor("#6f675a")
"""Opaque on purpose: translucent lines take Qt's slow blending path (10x slower)."""
OBJECT_FILL = QColor("#3d6b34")
"""A tree's canopy (any object drawn as a closed outline): opaque dark green."""
LABEL_BACK = QColor(0, 0, 0, 200)
LABEL_TEXT = QColor("#ffffff")
SELECTION_COLOR = QColor("#00e5ff")
PACE_COLORS = {
    "pace": QColor("#2ecc40"),
    "running": QColor("#ffb300"),
    "beyond": QColor("#ff3b30"),
}


def to_scene(point: Point) -> QPointF:
    """A point in grid cells as a scene point."""
    return QPointF(point[0] * CELL, point[1] * CELL)


def cosmetic_pen(color: QColor | str, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> (
    QPen
):
    """A pen ``width`` screen pixels wide at every zoom, with round caps and joins."""
    pen = QPen(QColor(color), width, style, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(True)
    return pen


@functools.cache
def wall_pens(kind: WallKind, is_open: bool) -> tuple[QPen, QPen]:
    """The (halo, stroke) pens of a wall kind: a light halo under a dark or coloured line
    (made once: a map has up to 50,000 walls; never changed by their users)."""
    halo_width, stroke = {
        WallKind.WALL: (10.0, cosmetic_pen("#15110d", 6.0)),
        WallKind.LOW_WALL: (7.0, cosmetic_pen("#7a4a21", 4.0, Qt.PenStyle.DashLine)),
        WallKind.WINDOW: (9.0, cosmetic_pen("#29b6f6", 5.0, Qt.PenStyle.DotLine)),
        WallKind.OBJECT: (8.0, cosmetic_pen("#1c3318", 4.0)),
        WallKind.DOOR: (12.0, cosmetic_pen("#d35400", 8.0)),
    }[kind]
    if kind is WallKind.DOOR and is_open:
        halo_width, stroke = 9.0, cosmetic_pen("#00a152", 5.0, Qt.PenStyle.DashLine)
    return cosmetic_pen(QColor("#f4efe4"), halo_width), stroke


def label_font(cells: float, bold: bool = True) -> QFont:
    """A DejaVu Sans font ``cells`` grid cells tall (in scene pixels)."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(cells * CELL)))
    font.setBold(bold)
    return font
