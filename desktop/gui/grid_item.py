"""The grid: square, hex or none, drawn with a cosmetic pen so it stays crisp at every zoom."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right

from PySide6.QtCore import QLineF, QRectF
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.core.model import GridKind
from desktop.core.movement import hex_centre
from desktop.gui.style import CELL, GRID_COLOR


class SquareGridLines:
    """The lines of a ``columns`` x ``rows`` square grid in scene pixels, found by position.

    Examples
    --------
    >>> grid = SquareGridLines(4, 3)
    >>> [line.x1() for line in grid.crossing(QRectF(70, 0, 100, 10))[:2]]
    [128.0, 0.0]
    """

    def __init__(self, columns: int, rows: int) -> None:
        width, height = columns * CELL, rows * CELL
        self.xs = [c * CELL for c in range(columns + 1)]
        self.ys = [r * CELL for r in range(rows + 1)]
        self.verticals = [QLineF(x, 0, x, height) for x in self.xs]
        self.horizontals = [QLineF(0, y, width, y) for y in self.ys]

    def crossing(self, rect: QRectF) -> list[QLineF]:
        """The vertical, then the horizontal lines that cross ``rect``."""
        columns = slice(bisect_left(self.xs, rect.left()), bisect_right(self.xs, rect.right()))
        rows = slice(bisect_left(self.ys, rect.top()), bisect_right(self.ys, rect.bottom()))
        return self.verticals[columns] + self.horizontals[rows]


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


class GridItem(QGraphicsItem):
    """The grid over the map rectangle; gridless maps draw nothing."""

    def __init__(self, kind: GridKind, columns: int, rows: int) -> None:
        super().__init__()
        self.kind = kind
        self._rect = QRectF(0, 0, columns * CELL, rows * CELL)
        self._lines = SquareGridLines(columns, rows) if kind is GridKind.SQUARE else None
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
        if self._lines is not None:
            painter.setClipRect(option.exposedRect)  # clipped lines take Qt's faster path
            painter.drawLines(self._lines.crossing(option.exposedRect))
        elif not self._hexes.isEmpty():
            painter.setClipRect(self._rect)
            painter.drawPath(self._hexes)
