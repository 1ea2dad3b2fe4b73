"""The square grid painted in device pixels fills exactly the pixels of Qt's 1 px cosmetic pen,
the hex grid is painted row by row where it is exposed (a haze where hexes are too small to
draw), and the view's backdrop stays off the map it surrounds."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from battlemap.desktop.core.model import Encounter, GridKind
from battlemap.desktop.core.movement import hex_centre
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.grid_item import HAZE_BELOW_PX, GridItem, SquareGridLines
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.scene import MapScene
from battlemap.desktop.gui.style import CELL, GRID_COLOR, MAP_FILL

COLUMNS, ROWS = 20, 12


def blank(ratio: float = 1.0) -> QImage:
    """A transparent image, ``ratio`` device pixels a logical pixel (2: a high-DPI screen)."""
    size = (round(400 * ratio), round(300 * ratio))
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(0)
    return image


def grid_painted(transform: QTransform, exposed: QRectF, ratio: float = 1.0,
                 item: GridItem | None = None) -> QImage:
    """The grid item's own paint, ``exposed`` (item coordinates) under ``transform``."""
    ensure_app()
    image, option = blank(ratio), QStyleOptionGraphicsItem()
    option.exposedRect = exposed
    painter = QPainter(image)
    painter.setTransform(transform)
    (item or GridItem(GridKind.SQUARE, COLUMNS, ROWS)).paint(painter, option)
    painter.end()
    return image


def cosmetic_lines(transform: QTransform, exposed: QRectF, ratio: float = 1.0) -> QImage:
    """The same lines drawn by Qt with a 1 px cosmetic pen, clipped to ``exposed``."""
    image = blank(ratio)
    painter = QPainter(image)
    painter.setTransform(transform)
    painter.setPen(QPen(GRID_COLOR, 0))
    painter.setClipRect(exposed)
    painter.drawLines(SquareGridLines(COLUMNS, ROWS).crossing(exposed))
    painter.end()
    return image


WHOLE = QRectF(0, 0, COLUMNS * CELL, ROWS * CELL)
TRANSFORMS = {
    "zoom 0.25, shifted by fractions": QTransform(0.25, 0, 0, 0.25, 3.3, 7.6),
    "zoom 0.3": QTransform(0.3, 0, 0, 0.3, 10.0, 5.0),
    "zoom 0.6, shifted by fractions": QTransform(0.6, 0, 0, 0.6, -20.45, -11.5),
    "zoom 1": QTransform.fromTranslate(-300.5, -200.25),
    "turned a quarter, zoom 0.25": QTransform(0, 0.25, -0.25, 0, 250.7, 2.2),
    "turned three quarters, zoom 0.3": QTransform(0, -0.3, 0.3, 0, 1.5, 290.8),
    "turned 30 degrees (drawn as lines)": QTransform().rotate(30).scale(0.2, 0.2),
}


EXPOSED = [WHOLE, WHOLE.adjusted(-2, -2, 2, 2), QRectF(130.5, 70.2, 500, 333)]
"""The map, the grid item's bounds (what a view exposes), a part cutting lines in between."""


@pytest.mark.parametrize("name", TRANSFORMS)
@pytest.mark.parametrize("exposed", EXPOSED)
@pytest.mark.parametrize("ratio", [1.0, 2.0])
def test_the_grid_fills_exactly_the_pixels_of_a_cosmetic_pen(
    name: str, exposed: QRectF, ratio: float
) -> None:
    transform = TRANSFORMS[name]
    painted = grid_painted(transform, exposed, ratio)
    assert painted == cosmetic_lines(transform, exposed, ratio)
    assert painted != blank(ratio)


def test_at_zoom_a_quarter_a_line_every_sixteen_pixels_rounded_down() -> None:
    # x = 64 k scene px lands on device 16 k + 3.3: column 16 k + 3; y = 64 k + 7.6: row 16 k + 7
    painted = grid_painted(QTransform(0.25, 0, 0, 0.25, 3.3, 7.6), WHOLE.adjusted(-2, -2, 2, 2))
    grid = GRID_COLOR.rgba()
    assert [c for c in range(0, 60) if painted.pixel(c, 12) == grid] == [3, 19, 35, 51]
    assert [r for r in range(0, 60) if painted.pixel(12, r) == grid] == [7, 23, 39, 55]
    assert painted.pixel(3, 7 + 16 * ROWS) == grid  # the last row, bottom edge included
    assert painted.pixel(3, 8 + 16 * ROWS) == 0
    assert painted.pixel(4 + 16 * COLUMNS, 12) == 0


def every_hex(columns: int, rows: int) -> QPainterPath:
    """Every hex of the map, each placed by :func:`hex_centre` (the old grid: one path)."""
    radius = CELL / math.sqrt(3.0)
    corners = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(-90, 270, 60)]
    path = QPainterPath()
    for row in range(math.ceil(rows / (math.sqrt(3.0) / 2.0)) + 1):
        for col in range(columns):
            cx, cy = hex_centre(col, row)
            points = [(cx * CELL + radius * dx, cy * CELL + radius * dy) for dx, dy in corners]
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            path.closeSubpath()
    return path


def differing(a: QImage, b: QImage) -> int:
    return sum(a.pixel(x, y) != b.pixel(x, y) for y in range(a.height()) for x in range(a.width()))


@pytest.mark.parametrize("exposed", EXPOSED)
def test_the_hex_grid_painted_row_by_row_is_the_path_of_every_hex(exposed: QRectF) -> None:
    transform = QTransform(0.6, 0, 0, 0.6, -20.45, -11.5)
    painted = grid_painted(transform, exposed, item=GridItem(GridKind.HEX, COLUMNS, ROWS))
    reference = blank()
    painter = QPainter(reference)
    painter.setTransform(transform)
    painter.setPen(QPen(GRID_COLOR, 0))
    painter.setClipRect(exposed.intersected(WHOLE))
    painter.drawPath(every_hex(COLUMNS, ROWS))
    painter.end()
    lines = sum(reference.pixel(x, y) != 0 for y in range(300) for x in range(400))
    assert lines > 1_000
    assert differing(painted, reference) < lines // 20  # rounding shifts a few by a pixel


def test_hexes_too_small_to_draw_are_a_haze_of_their_lines_density() -> None:
    # 100,000 x 100,000 cells fitted into 400 px: a hex is 0.004 px wide, every pixel is grid
    side = 100_000
    scale = 300 / (side * CELL)
    whole = QRectF(0, 0, side * CELL, side * CELL)
    painted = grid_painted(QTransform.fromScale(scale, scale), whole,
                           item=GridItem(GridKind.HEX, side, side))
    assert painted.pixelColor(150, 150) == GRID_COLOR
    assert painted.pixel(350, 150) == 0  # beyond the map
    # hexes 3 px wide: two pixels in three are line, the haze is two-thirds opaque
    wide = 3.0
    assert wide < HAZE_BELOW_PX
    small = grid_painted(QTransform.fromScale(wide / CELL, wide / CELL), WHOLE,
                         item=GridItem(GridKind.HEX, COLUMNS, ROWS))
    assert small.pixelColor(20, 20).alpha() == round(255 * 2 / 3)


def test_the_backdrop_surrounds_the_map_and_is_not_painted_under_it() -> None:
    ensure_app()
    view = MapView(MapScene(BattleState(Encounter(width=COLUMNS, height=ROWS))))
    view.resize(400, 300)
    view.set_zoom(0.25)
    view.centerOn(QPointF(0, 0))  # the map's top left corner in the middle of the view
    image = blank()
    painter = QPainter(image)
    painter.setTransform(view.viewportTransform())
    view.drawBackground(painter, view.mapToScene(view.viewport().rect()).boundingRect())
    painter.end()
    corner = view.mapFromScene(QPointF(0, 0))
    backdrop = QColor(Qt.GlobalColor.darkGray).rgba()
    assert image.pixel(corner.x() - 3, corner.y() + 40) == backdrop
    assert image.pixel(corner.x() + 1, corner.y() + 40) == backdrop  # tucked under the edge
    assert image.pixel(corner.x() + 40, corner.y() + 40) == 0  # under the map: untouched
    assert image.pixel(corner.x() + 40, corner.y() - 3) == backdrop
    shown = view.grab().toImage()
    assert shown.pixelColor(corner.x() + 40, corner.y() + 40) == MAP_FILL
    assert shown.pixel(corner.x() - 3, corner.y() - 3) == backdrop
    view.close()
