"""A burst of wheel notches paints coarse frames, then the exact one (issue 28).

During the burst the view scales its last exact frame to the camera instead of redrawing the
scene; once it settles the frame is exact, and its map (tiles made at once) equals the map
painted plainly within one grey level at each zoom. What the old frame did not show when
zooming out is black on a players' view under fog: nothing the players may not see shows,
not even for a frame."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsRectItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.fog import revealed_everywhere
from battlemap.desktop.core.model import Background, Encounter, Fog
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.background_item import BackgroundItem
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene
from tests.desktop.gui.test_map_tiles import inside_the_map, plain_in_columns


class CountingItem(QGraphicsRectItem):
    """A square that counts its paints."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__(rect)
        self.paints = 0

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        self.paints += 1
        super().paint(painter, option, widget)


def blocks(path: Path) -> None:
    image = QImage(900, 600, QImage.Format.Format_RGB32)
    image.fill(QColor("#a08060"))  # not the backdrop's grey
    rng, painter = random.Random(3), QPainter(image)
    for _ in range(400):
        painter.fillRect(rng.randrange(900), rng.randrange(600), rng.randrange(2, 60),
                         rng.randrange(2, 60),
                         QColor(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    painter.end()
    image.save(str(path))


def encounter(folder: Path, fog: bool = False) -> Encounter:
    blocks(folder / "map.png")
    plain = Encounter(width=30, height=20,
                      background=Background(path="map.png", pixels_per_cell=37.0, offset_x=3.3,
                                                 offset_y=1.7),
                      fog=Fog(enabled=fog, vision=False))
    return revealed_everywhere(plain, True) if fog else plain


def shown(qtbot: QtBot, state: BattleState, folder: Path,
          audience: Audience = Audience.GM) -> tuple[MapView, MapScene]:
    scene = MapScene(state, audience, base_dir=folder)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)  # no cursor
    view.resize(640, 480)
    view.show()
    qtbot.waitExposed(view)
    view.fit_map()
    view.set_zoom(view.zoom * 1.5)
    qtbot.wait(20)
    return view, scene


def wheel(view: MapView, notches: int) -> None:
    centre = QPointF(view.viewport().rect().center())
    glob = QPointF(view.viewport().mapToGlobal(centre.toPoint()))
    for _ in range(abs(notches)):
        event = QWheelEvent(centre, glob, QPoint(), QPoint(0, 120 if notches > 0 else -120),
                            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                            Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(view.viewport(), event)
        view.viewport().repaint()


def pixels(view: MapView) -> np.ndarray:
    image = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1)
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4).astype(int)


def test_a_burst_paints_no_item_then_the_exact_frame_once_it_settles(
    qtbot: QtBot, tmp_path: Path
) -> None:
    view, scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    square = CountingItem(scene.map_rect())
    scene.addItem(square)
    view.viewport().repaint()
    before = square.paints
    assert before > 0
    wheel(view, 3)
    assert view.coarse and square.paints == before  # the scaled frame, no item painted
    qtbot.waitUntil(lambda: not view.coarse, timeout=2000)  # SETTLE_MS after the last notch
    view.viewport().repaint()
    assert square.paints > before


@pytest.mark.parametrize("notches", [-3, 1, 4, 9])
def test_after_a_burst_the_tiled_map_equals_the_plain_one_within_one_grey_level(
    qtbot: QtBot, tmp_path: Path, notches: int
) -> None:
    state = BattleState(encounter(tmp_path))
    view, _scene = shown(qtbot, state, tmp_path)
    wheel(view, notches)
    view.end_coarse()
    view.viewport().repaint()  # the settled frame: its tiles made at once
    tiled = next(i for i in _scene.items() if isinstance(i, BackgroundItem))
    assert next(iter(tiled._views.values())).tiles  # painted from tiles
    for item in _scene.items():  # the map alone, to compare with the map alone
        item.setVisible(isinstance(item, BackgroundItem))
    inside = inside_the_map(view, tiled).reshape(pixels(view).shape)
    reference = plain_in_columns(view, tiled).reshape(pixels(view).shape)  # without drift
    assert inside.any()
    assert np.abs(pixels(view) - reference)[inside].max() <= 1


def test_zooming_out_shows_black_on_the_players_view_under_fog_and_the_map_on_the_gms(
    qtbot: QtBot, tmp_path: Path
) -> None:
    state = BattleState(encounter(tmp_path, fog=True))
    for audience in (Audience.PLAYER, Audience.GM):
        view, scene = shown(qtbot, state, tmp_path, audience)
        view.set_camera(scene.map_rect().center(), view.zoom * 3)  # the map fills the view
        view.end_coarse()
        view.viewport().repaint()
        wheel(view, -1)
        assert view.coarse
        shot = pixels(view)
        edge, middle = shot[2:12, 2:12, :3], shot[200:280, 280:360, :3]
        assert middle.max() > 0  # the revealed map, scaled
        if audience is Audience.PLAYER:
            assert edge.max() == 0  # not yet painted exact: black, as unseen fog
        else:
            backdrop = view.backgroundBrush().color()
            grey = (backdrop.red(), backdrop.green(), backdrop.blue())
            assert edge.max() > 0 and not (edge == grey).all(axis=2).any()  # the map
