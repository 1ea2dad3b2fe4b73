"""The square grid painted in device pixels fills exactly the pixels of Qt's 1 px cosmetic pen,
and the view's backdrop stays off the map it surrounds."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from desktop.core.model import Encounter, GridKind
from desktop.core.state import BattleState
from desktop.gui.grid_item import GridItem, SquareGridLines
from desktop.gui.map_view import MapView
from desktop.gui.render import ensure_app
from desktop.gui.scene import MapScene
from desktop.gui.style import CELL, GRID_COLOR, MAP_FILL

COLUMNS, ROWS = 20, 12


def blank(ratio: float = 1.0) -> QImage:
    """A transparent image, ``ratio`` device pixels a logical pixel (2: a high-DPI screen)."""
    size = (round(400 * ratio), round(300 * ratio))
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(0)
    return image


def grid_painted(transform: QTransform, exposed: QRectF, ratio: float = 1.0) -> QImage:
    """The grid item's own paint, ``exposed`` (item coordinates) under ``transform``."""
    ensure_app()
    image, option = blank(ratio), QStyleOptionGraphicsItem()
    option.exposedRect = exposed
    painter = QPainter(image)
    painter.setTransform(transform)
    GridItem(GridKind.SQUARE, COLUMNS, ROWS).paint(painter, option)
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
