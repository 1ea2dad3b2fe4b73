"""The grid: square, hex or none, one screen pixel wide so it stays crisp at every zoom.

A square grid on an upright or quarter-turned view is painted in device pixels: the lines that
run across the screen as 1 px rectangles, and those that run down it as one texture row (a
transparent row with a pixel at each line) filled over the grid's height. Qt paints a vertical
line as a one-pixel span per screen row, ten times the cost of one textured span per row.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right

from PySide6.QtCore import QLineF, QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.model import GridKind
from battlemap.desktop.core.movement import hex_centre
from battlemap.desktop.gui.style import CELL, GRID_COLOR


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
        columns, rows = self._slices(rect)
        return self.verticals[columns] + self.horizontals[rows]

    def positions(self, rect: QRectF) -> tuple[list[float], list[float]]:
        """The x of the vertical and the y of the horizontal lines that cross ``rect``.

        Examples
        --------
        >>> SquareGridLines(4, 3).positions(QRectF(70, 0, 100, 10))
        ([128.0], [0.0])
        """
        columns, rows = self._slices(rect)
        return self.xs[columns], self.ys[rows]

    def _slices(self, rect: QRectF) -> tuple[slice, slice]:
        columns = slice(bisect_left(self.xs, rect.left()), bisect_right(self.xs, rect.right()))
        rows = slice(bisect_left(self.ys, rect.top()), bisect_right(self.ys, rect.bottom()))
        return columns, rows


def quarter_turned(transform: QTransform) -> bool | None:
    """False for a ``transform`` that keeps lines upright (a scale and a shift), True for one
    that turns them a quarter (x and y swapped), None for any other.

    Examples
    --------
    >>> quarter_turned(QTransform().scale(0.25, 0.25)), quarter_turned(QTransform().rotate(90))
    (False, True)
    >>> quarter_turned(QTransform().rotate(30)) is None
    True
    """
    if not transform.isAffine():
        return None
    if abs(transform.m12()) < 1e-9 and abs(transform.m21()) < 1e-9:
        return False
    if abs(transform.m11()) < 1e-9 and abs(transform.m22()) < 1e-9:
        return True
    return None


def lines_row(columns: list[int], left: int, width: int, color: QColor) -> QBrush:
    """A one-row texture ``width`` pixels wide from device x ``left``: ``color`` at each of
    ``columns``, transparent elsewhere.

    Examples
    --------
    >>> row = lines_row([5, 7, 30], 4, 6, QColor("#6f675a")).textureImage()
    >>> [row.pixelColor(x, 0).alpha() for x in range(6)]
    [0, 255, 0, 255, 0, 0]
    """
    row = QImage(width, 1, QImage.Format.Format_ARGB32_Premultiplied)
    row.fill(0)
    for column in columns:
        if left <= column < left + width:
            row.setPixelColor(column - left, 0, color)
    brush = QBrush(row)
    brush.setTransform(QTransform.fromTranslate(left, 0))
    return brush


def device_positions(
    transform: QTransform, turned: bool, xs: list[float], ys: list[float]
) -> tuple[list[int], list[int]]:
    """The device rows of the lines that run across the screen and the device columns of
    those that run down it, for lines at item ``xs`` (vertical) and ``ys`` (horizontal): the
    floor of each device coordinate, the pixel Qt's 1 px cosmetic pen fills.

    Examples
    --------
    >>> device_positions(QTransform(0.25, 0, 0, 0.25, 0.5, 0.0), False, [64.0, 128.0], [64.0])
    ([16], [16, 32])
    >>> device_positions(QTransform().rotate(90), True, [64.0], [10.0])
    ([64], [-10])
    """
    t = transform
    if turned:
        return [math.floor(t.m12() * x + t.dy()) for x in xs], [
            math.floor(t.m21() * y + t.dx()) for y in ys]
    return [math.floor(t.m22() * y + t.dy()) for y in ys], [
        math.floor(t.m11() * x + t.dx()) for x in xs]


def paint_device_grid(
    painter: QPainter, grid: SquareGridLines, exposed: QRectF, color: QColor
) -> bool:
    """Paint the lines of ``grid`` clipped to ``exposed`` one device pixel wide, in exactly the
    pixels Qt's 1 px cosmetic pen fills; False, painting nothing, when the view is turned
    other than by quarters."""
    transform = painter.deviceTransform()
    turned = quarter_turned(transform)
    area = exposed.intersected(QRectF(0, 0, grid.xs[-1], grid.ys[-1]))
    if turned is None or area.isEmpty():
        return False
    xs, ys = grid.positions(area)
    box = transform.mapRect(area)
    left, top = math.floor(box.left()), math.floor(box.top())
    width, height = math.floor(box.right()) - left + 1, math.floor(box.bottom()) - top + 1
    across, down = device_positions(transform, turned, xs, ys)
    painter.save()
    painter.setClipRect(exposed, Qt.ClipOperation.IntersectClip)  # where the pen's lines end
    painter.setWorldTransform(painter.deviceTransform().inverted()[0] * painter.worldTransform())
    for row in across:
        painter.fillRect(QRect(left, row, width, 1), color)
    if down:
        painter.fillRect(QRect(left, top, width, height), lines_row(down, left, width, color))
    painter.restore()
    return True


HAZE_BELOW_PX = 4.0
"""Hexes narrower than this on the device are not drawn one by one: the area gets the grid
colour at the share of its pixels their lines would cover (two pixels in ``w`` for hexes ``w``
pixels wide), so a 100,000-cell map zoomed out paints in a moment instead of tracing
billions of hexes (one path of them all took the render to 4 GB and a segfault)."""


class HexGridLines:
    """The pointy-top hexes covering ``columns`` x ``rows`` cells, painted one row of hexes at
    a time: only those meeting the exposed area, one cached path for each row parity.

    Examples
    --------
    >>> hexes = HexGridLines(10, 6)
    >>> hexes.rows
    8
    >>> hexes.spans(QRectF(0, 0, 3 * CELL, CELL))
    (range(0, 3), range(0, 4))
    """

    RADIUS = 1.0 / math.sqrt(3.0)
    """A hex's corner radius in cells (one cell across the flats)."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = math.ceil(rows / (math.sqrt(3.0) / 2.0)) + 1
        self._paths: dict[tuple[int, int, int], QPainterPath] = {}

    def spans(self, rect: QRectF) -> tuple[range, range]:
        """The rows and the columns of the hexes that may meet ``rect`` (scene pixels)."""
        radius, step = self.RADIUS * CELL, 1.5 * self.RADIUS * CELL
        first_row = max(0, math.floor((rect.top() - 2.0 * radius) / step))
        last_row = min(self.rows - 1, math.ceil(rect.bottom() / step))
        first = max(0, math.floor(rect.left() / CELL) - 1)
        last = min(self.columns - 1, math.ceil(rect.right() / CELL))
        return range(first_row, last_row + 1), range(first, last + 1)

    def row_path(self, columns: range, parity: int) -> QPainterPath:
        """The outlines of ``columns`` of row 0 (``parity`` 0) or row 1 (1), as
        :func:`hex_centre` places them."""
        key = (columns.start, columns.stop, parity)
        path = self._paths.get(key)
        if path is None:
            if len(self._paths) > 8:
                self._paths.clear()
            path = hex_row_path(columns, parity)
            self._paths[key] = path
        return path

    def paint(self, painter: QPainter, area: QRectF) -> None:
        """The hexes meeting ``area`` (scene pixels, clipped by the caller), or their haze
        when they are narrower than :data:`HAZE_BELOW_PX` on the device."""
        transform = painter.deviceTransform()
        wide = CELL * math.sqrt(abs(transform.determinant()))
        if wide < HAZE_BELOW_PX:
            haze = QColor(GRID_COLOR)
            haze.setAlphaF(min(1.0, 2.0 / max(wide, 1e-9)))
            painter.fillRect(area, haze)
            return
        rows, columns = self.spans(area)
        step = 1.5 * self.RADIUS * CELL
        for row in rows:
            parity = row % 2
            painter.save()
            painter.translate(0.0, (row - parity) * step)
            painter.drawPath(self.row_path(columns, parity))
            painter.restore()


def hex_row_path(columns: range, parity: int) -> QPainterPath:
    """The outlines of pointy-top hexes ``columns`` of row ``parity`` (0 or 1)."""
    radius = CELL / math.sqrt(3.0)
    corners = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(-90, 270, 60)]
    path = QPainterPath()
    for col in columns:
        cx, cy = hex_centre(col, parity)
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
        self._hexes = HexGridLines(columns, rows) if kind is GridKind.HEX else None
        self._pen = QPen(GRID_COLOR, 0)  # width 0: a 1 px cosmetic line (hexes, turned views)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._rect.adjusted(-2, -2, 2, 2)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # crisp 1 px lines
        painter.setPen(self._pen)
        if self._lines is not None:
            if not paint_device_grid(painter, self._lines, option.exposedRect, GRID_COLOR):
                painter.setClipRect(option.exposedRect)  # clipped lines take Qt's faster path
                painter.drawLines(self._lines.crossing(option.exposedRect))
        elif self._hexes is not None:
            area = option.exposedRect.intersected(self._rect)
            if not area.isEmpty():
                painter.setClipRect(area)
                self._hexes.paint(painter, area)
