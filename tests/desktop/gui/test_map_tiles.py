"""The map painted from device tiles equals the map painted plainly (issue 28): at every zoom
(each reduced copy and the full image, and zooms between them), after a pan that reuses the
tiles, and on a view turned by each quarter. Pictures of random coloured blocks on a fractional
calibration, so every filtered edge and every tile seam is tested.

The plain map to compare with is painted a few device columns at a time
(:func:`plain_in_columns`). Qt's raster engine steps a row's sampling position by a 16.16
fixed-point increment from where each run of pixels starts, so one call across a 640 px row
drifts: at some zooms its right-hand pixels are 2 grey levels from the same call started nearer
(3.4 from exact bilinear sampling, where the columns are 2.1-2.6, Qt's 8-bit weights). A tile
starts its runs at its own edge: it drifts less than the one call, not more."""

from __future__ import annotations

import random

import numpy as np
import pytest
from PySide6.QtCore import QBuffer, QByteArray, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QStyleOptionGraphicsItem
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Background
from battlemap.desktop.gui.background_item import BackgroundItem
from battlemap.desktop.gui.map_image import MapImage, decode_map

BACKGROUND = Background(path="map.png", pixels_per_cell=37.0, offset_x=3.3, offset_y=1.7)


def blocks(width: int, height: int) -> MapImage:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("#808080"))
    rng, painter = random.Random(1), QPainter(image)
    for _ in range(width * height // 1500):
        painter.fillRect(rng.randrange(width), rng.randrange(height), rng.randrange(2, 60),
                         rng.randrange(2, 60),
                         QColor(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QBuffer.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return decode_map("blocks", bytes(data.data()))


@pytest.fixture(scope="module")
def picture() -> MapImage:
    return blocks(1200, 800)


def painted(view: QGraphicsView) -> np.ndarray:
    image = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1)
    return rows[:, : image.width() * 4].astype(int)


COLUMN = 8
"""Device columns the plain reference is painted at a time: its sampling drifts by at most
8 / 65536 of a pixel, against 640 / 65536 across the row in one call."""


def plain_in_columns(view: QGraphicsView, item: BackgroundItem) -> np.ndarray:
    """The map ``item`` painted plainly at ``view``'s transform :data:`COLUMN` device columns
    at a time, as :func:`painted`'s rows (Qt samples each column from its own exact position;
    black beyond the map)."""
    width, height = view.viewport().width(), view.viewport().height()
    world = item.sceneTransform() * view.viewportTransform()
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.black)
    painter = QPainter(image)
    painter.setRenderHints(view.renderHints())
    option = QStyleOptionGraphicsItem()
    for left in range(0, width, COLUMN):
        column = QRect(left, 0, COLUMN, height)
        painter.setWorldTransform(QTransform())
        painter.setClipRect(column)  # in device pixels
        painter.setWorldTransform(world)
        option.exposedRect = world.inverted()[0].mapRect(QRectF(column))
        item.paint(painter, option, None)  # no widget: painted plainly
    painter.end()
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(height, -1)
    return rows[:, : width * 4].astype(int)


def inside_the_map(view: QGraphicsView, item: BackgroundItem) -> np.ndarray:
    """Which of :func:`painted`'s values lie two device pixels or more inside the map (the
    reference paints no viewport background around it)."""
    corners = view.mapFromScene(item.mapToScene(item.boundingRect())).boundingRect()
    inner = corners.adjusted(2, 2, -2, -2)
    width, height = view.viewport().width(), view.viewport().height()
    ys, xs = np.mgrid[0:height, 0:width]
    keep = ((xs >= inner.left()) & (xs <= inner.right()) & (ys >= inner.top())
            & (ys <= inner.bottom()))
    return np.repeat(keep, 4, axis=1)


def shown(qtbot: QtBot, picture: MapImage, tiled: bool, zoom: float, turn: int,
          centre: QPointF) -> tuple[QGraphicsView, QGraphicsScene, BackgroundItem]:
    scene = QGraphicsScene()
    item = BackgroundItem(BACKGROUND, picture, tiled=tiled)
    scene.addItem(item)
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(640, 480)
    view.setRenderHints(QPainter.RenderHint.Antialiasing
                        | QPainter.RenderHint.SmoothPixmapTransform)
    transform = QTransform()
    transform.rotate(turn)
    transform.scale(zoom, zoom)
    view.setTransform(transform)
    view.centerOn(centre)
    view.show()
    qtbot.waitExposed(view)
    return view, scene, item


@pytest.mark.parametrize("turn", [0, 90, 180, 270])
@pytest.mark.parametrize("zoom", [0.05, 0.13, 0.3, 0.41, 0.47, 0.61, 0.77, 0.86, 1.0, 1.4, 1.55,
                                  1.7, 1.94, 2.3])
def test_the_tiled_map_equals_the_plain_one_within_one_grey_level(
    qtbot: QtBot, picture: MapImage, zoom: float, turn: int
) -> None:
    """Upright, upside down or turned a quarter, within one grey level of the plain map
    sampled from exact positions (:func:`plain_in_columns`)."""
    centre = QPointF(600.3, 450.7)
    tiled, _tiled_scene, item = shown(qtbot, picture, True, zoom, turn, centre)
    painted(tiled)  # the first frame at a zoom: plainly
    from_tiles = painted(tiled)
    assert next(iter(item._views.values())).tiles  # the second from tiles, turned too
    inside = inside_the_map(tiled, item)
    assert inside.any()
    assert np.abs(plain_in_columns(tiled, item) - from_tiles)[inside].max() <= 1


@pytest.fixture(scope="module")
def big_picture() -> MapImage:
    return blocks(6000, 4000)


@pytest.mark.parametrize("zoom", [0.03, 0.05, 0.07, 0.1, 0.14])
def test_a_big_map_zoomed_far_out_is_tiled_within_one_grey_level_across_its_seams(
    qtbot: QtBot, big_picture: MapImage, zoom: float
) -> None:
    """Far out the map spans tiles painted from its reduced copies: each copy is shrunk to no
    less than half its size, where Qt's sampling does not depend on where a tile starts
    (from 1/4 copies, 5 to 15 grey levels along the seams at these zooms)."""
    tiled, _scene, item = shown(qtbot, big_picture, True, zoom, 0, QPointF(3000.3, 2000.7))
    painted(tiled)
    from_tiles = painted(tiled)
    assert len(next(iter(item._views.values())).tiles) > 1
    inside = inside_the_map(tiled, item)
    assert np.abs(plain_in_columns(tiled, item) - from_tiles)[inside].max() <= 1


def test_a_pan_reuses_the_tiles_and_still_equals_the_plain_map(
    qtbot: QtBot, picture: MapImage
) -> None:
    plain, _plain_scene, _ = shown(qtbot, picture, False, 0.61, 0, QPointF(600.3, 450.7))
    tiled, _tiled_scene, item = shown(qtbot, picture, True, 0.61, 0, QPointF(600.3, 450.7))
    painted(tiled)
    tiled.viewport().repaint()  # the second frame at this zoom makes the tiles
    assert np.abs(painted(plain) - painted(tiled)).max() <= 1
    before = dict(next(iter(item._views.values())).tiles)
    for view in (plain, tiled):
        view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 37)
        view.verticalScrollBar().setValue(view.verticalScrollBar().value() - 11)
    assert np.abs(painted(plain) - painted(tiled)).max() <= 1
    after = next(iter(item._views.values())).tiles
    assert any(after.get(index) is tile for index, tile in before.items())  # copied, not redone


def test_a_new_zoom_paints_plainly_then_renders_new_tiles(qtbot: QtBot, picture: MapImage) -> None:
    tiled, _scene, item = shown(qtbot, picture, True, 0.61, 0, QPointF(600.3, 450.7))
    painted(tiled)
    tiles = next(iter(item._views.values()))
    first = tiles.key
    tiled.scale(1.25, 1.25)
    qtbot.wait(10)  # the scroll bars settle at the new zoom
    painted(tiled)
    tiled.viewport().repaint()
    assert tiles.key != first and tiles.tiles
    assert tiles.take(first) is False  # the first frame at a new zoom paints plainly
    assert not tiles.tiles and tiles.take(first) is True
