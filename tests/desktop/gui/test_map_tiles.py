"""The map painted from device tiles equals the map painted plainly (issue 28): at every zoom
(each reduced copy and the full image), after a pan that reuses the tiles, and on a view turned
by each quarter. Pictures of random coloured blocks on a fractional calibration, so every
filtered edge and every tile seam is tested."""

from __future__ import annotations

import random

import numpy as np
import pytest
from PySide6.QtCore import QBuffer, QByteArray, QPointF
from PySide6.QtGui import QColor, QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView
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
@pytest.mark.parametrize("zoom", [0.05, 0.13, 0.3, 0.61, 0.77, 1.0, 1.7, 2.3])
def test_the_tiled_map_equals_the_plain_one_within_one_grey_level(
    qtbot: QtBot, picture: MapImage, zoom: float, turn: int
) -> None:
    """Upright or upside down within one grey level; turned a quarter within two (Qt's turned
    smooth scaling rounds by where the image it is given starts: a tile's part of it)."""
    centre = QPointF(600.3, 450.7)
    plain, _plain_scene, _ = shown(qtbot, picture, False, zoom, turn, centre)
    tiled, _tiled_scene, item = shown(qtbot, picture, True, zoom, turn, centre)
    painted(tiled)  # the first frame at a zoom: plainly
    from_tiles = painted(tiled)
    assert next(iter(item._views.values())).tiles  # the second from tiles, turned too
    assert np.abs(painted(plain) - from_tiles).max() <= (2 if turn % 180 else 1)


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
