"""The grid: square, hex or none, drawn with a cosmetic pen so it stays crisp at every zoom."""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.core.model import GridKind
from desktop.core.movement import hex_centre
from desktop.gui.style import CELL, GRID_COLOR


def square_grid_lines(columns: int, rows: int) -> list[QLineF]:
    """The lines of a ``columns`` x ``rows`` square grid, in scene pixels."""
    width, height = columns * CELL, rows * CELL
    lines = [QLineF(c * CELL, 0, c * CELL, height) for c in range(columns + 1)]
    return lines + [QLineF(0, r * CELL, width, r * CELL) for r in range(rows + 1)]


def hex_grid_path(columns: int, rows: int) -> QPainterPath:
    """The outlines of pointy-top hexes covering ``columns`` x ``rows`` cells."""
    radius = CELL / math.sqrt(3.0)
    corners = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(-90, 270, 60)]
    path = QPainterPath()
    hex_rows = math.ceil(rows / (math.sqrt(3.0) / 2.0)) + 1
    for row in range(hex_rows):
        for col in range(columns):
            cx, cy = hex_centre(col, row)
            points = [(cx * CELL + radius * dx, cy * CELL + radius * dy) for dx, dy in corners]
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            path.closeSubpath()
    return path


def visible_lines(lines: list[QLineF], rect: QRectF) -> list[QLineF]:
    """The vertical and horizontal grid lines that cross ``rect`` (the painter clips them)."""
    return [
        line for line in lines
        if (rect.left() <= line.x1() <= rect.right() if line.x1() == line.x2()
            else rect.top() <= line.y1() <= rect.bottom())
    ]


class GridItem(QGraphicsItem):
    """The grid over the map rectangle; gridless maps draw nothing."""

    def __init__(self, kind: GridKind, columns: int, rows: int) -> None:
        super().__init__()
        self.kind = kind
        self._rect = QRectF(0, 0, columns * CELL, rows * CELL)
        self._lines = square_grid_lines(columns, rows) if kind is GridKind.SQUARE else []
        self._hexes = hex_grid_path(columns, rows) if kind is GridKind.HEX else QPainterPath()
        self._pen = QPen(GRID_COLOR, 0)  # width 0: a 1 px cosmetic line, Qt's fastest path
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # crisp 1 px lines
        painter.setPen(self._pen)
        if self._lines:
            painter.drawLines(visible_lines(self._lines, option.exposedRect))
        elif not self._hexes.isEmpty():
            painter.setClipRect(self._rect)
            painter.drawPath(self._hexes)
