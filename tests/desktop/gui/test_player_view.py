"""The table display: no GM-only pixels, camera follow and pin, blackout, physical scale."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from gui_helpers import small_encounter
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.physical_scale import (
    pixels_per_inch_from_card,
    pixels_per_inch_from_diagonal,
    view_zoom,
)
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.calibration_dialog import CalibrationDialog
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.player_window import FOLLOW_RIM_PX, CameraMode, PlayerWindow
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.screens import screen_of
from battlemap.desktop.gui.settings import set_screen_ppi
from battlemap.desktop.gui.style import CELL


def area_image(scene: MapScene, x: float, y: float) -> QImage:
    """The 2 x 2 cells around ``(x, y)`` rendered at one scene pixel per pixel."""
    image = QImage(128, 128, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    source = QRectF((x - 1) * CELL, (y - 1) * CELL, 2 * CELL, 2 * CELL)
    scene.render(painter, QRectF(0, 0, 128, 128), source)
    painter.end()
    return image


def differing_pixels(a: QImage, b: QImage) -> int:
    return sum(a.pixel(i, j) != b.pixel(i, j) for i in range(a.width()) for j in range(a.height()))


def test_the_player_view_lacks_the_hidden_token_the_gm_sees(
    qtbot: QtBot, window: GMWindow
) -> None:
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None and player.isVisible()
    without_goblin = BattleState(small_encounter().without_token("gob"))
    ground = area_image(MapScene(without_goblin, Audience.GM), 9.5, 5.5)
    gm = area_image(window.scene, 9.5, 5.5)
    players = area_image(player.scene, 9.5, 5.5)
    assert differing_pixels(players, ground) == 0
    assert differing_pixels(gm, ground) > 1000  # the translucent disc, ring and label


def test_the_player_view_shows_no_selection_ring(qtbot: QtBot, window: GMWindow) -> None:
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    before = area_image(player.scene, 1.5, 1.5)
    window.interaction.set_selection(frozenset({"hero"}))
    assert differing_pixels(area_image(player.scene, 1.5, 1.5), before) == 0
    assert differing_pixels(area_image(window.scene, 1.5, 1.5), before) > 0


def test_the_camera_follows_the_gm_until_pinned(qtbot: QtBot, window: GMWindow) -> None:
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    player.resize(2560, 1600)  # a table display with twice the GM view's height
    window.view.set_zoom(3.0)
    window.view.centerOn(QPointF(3 * CELL, 2 * CELL))
    centre, zoom = player.view.camera()
    assert (centre.x(), centre.y()) == pytest.approx((3 * CELL, 2 * CELL), abs=2)
    gm, table = window.view.viewport().size(), player.view.viewport().size()
    rim = 2 * FOLLOW_RIM_PX  # the GM's view and a rim around it (the TABLE frame off the view)
    fill = min(table.width() / (gm.width() + rim), table.height() / (gm.height() + rim))
    assert fill > 1.9
    assert zoom == pytest.approx(3.0 * fill)  # the GM's area of the map fills the table display
    window.actions_by_name["pin"].trigger()
    assert player.mode is CameraMode.PINNED
    window.view.centerOn(QPointF(8 * CELL, 5 * CELL))
    centre, _ = player.view.camera()
    assert (centre.x(), centre.y()) == pytest.approx((3 * CELL, 2 * CELL), abs=2)


def test_blackout_toggles(qtbot: QtBot, window: GMWindow) -> None:
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    window.actions_by_name["blackout"].trigger()
    assert player.is_blacked_out
    window.actions_by_name["blackout"].trigger()
    assert not player.is_blacked_out


def test_a_calibrated_screen_shows_one_cell_per_inch(qtbot: QtBot, window: GMWindow) -> None:
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    set_screen_ppi(screen_of(player).name(), 96.0)
    player.set_mode(CameraMode.FOLLOW)
    assert player.view.zoom == pytest.approx(96.0 / CELL)
    set_screen_ppi(screen_of(player).name(), 0.0)


def test_card_calibration_maths() -> None:
    # A bar of 400 px matches an 85.6 mm card: 400 / 85.6 * 25.4 = 118.69 px per inch,
    # so with 64 scene px per cell the zoom is 118.69 / 64 = 1.8545.
    ppi = pixels_per_inch_from_card(400.0)
    assert ppi == pytest.approx(118.6916, abs=1e-4)
    assert view_zoom(ppi, 64.0) == pytest.approx(1.85456, abs=1e-5)


def test_diagonal_calibration_maths() -> None:
    # 1920 x 1080 on a 24" diagonal: sqrt(1920^2 + 1080^2) = 2202.91 px / 24 = 91.79 px/in.
    assert pixels_per_inch_from_diagonal(1920, 1080, 24.0) == pytest.approx(91.7878, abs=1e-4)


def test_the_calibration_dialog_measures_the_bar(qtbot: QtBot) -> None:
    dialog = CalibrationDialog((1920, 1080))
    qtbot.addWidget(dialog)
    dialog.bar.length = 337.0
    dialog.accept()
    assert dialog.pixels_per_inch == pytest.approx(100.0, abs=0.01)


def test_players_drag_visible_tokens_but_cannot_find_hidden_ones(
    qtbot: QtBot, window: GMWindow
) -> None:
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    player.set_mode(CameraMode.PINNED)
    player.view.set_camera(QPointF(6 * CELL, 4 * CELL), 1.0)
    viewport = player.view.viewport()

    def at(x: float, y: float) -> QPoint:
        return player.view.mapFromScene(x * CELL, y * CELL)

    for start, end in (((9.5, 5.5), (7.5, 5.5)), ((1.5, 1.5), (2.5, 2.5))):
        qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(*start))
        qtbot.mouseMove(viewport, at(*end))
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(*end))
    assert window.state.encounter.token("gob").x == 9.5  # the hidden goblin stayed put
    hero = window.state.encounter.token("hero")
    assert (hero.x, hero.y) == (2.5, 2.5)


def test_a_player_window_freed_by_the_garbage_collector_leaves_the_screen_alone(
    qtbot: QtBot, window: GMWindow
) -> None:
    # PySide makes the wrapper of the screen that QWidget.screen() returns a child of the
    # widget's wrapper. When the garbage collector freed such a window before the screen's
    # wrapper, the wrapper took Python ownership and deleted Qt's own QScreen: the next window
    # made crashed in QScreen::virtualSiblings (a GM window and its player window sit in
    # reference cycles, so the collector is what frees them).
    screen = QGuiApplication.primaryScreen()
    deleted: list[bool] = []
    screen.destroyed.connect(lambda: deleted.append(True))
    gc.collect()  # the screen's wrapper goes to the oldest generation: the collector frees it first
    player = PlayerWindow(window.state, window.view)
    player.show()
    player.set_mode(CameraMode.FOLLOW)  # looks up the calibrated scale of its screen
    player.close()
    player.cycle = player  # type: ignore[attr-defined]  # only the collector frees it
    freed = weakref.ref(player)
    del player, screen
    gc.collect()
    assert freed() is None
    assert not deleted
    assert QGuiApplication.primaryScreen().virtualSiblings()


def test_no_widget_or_window_is_asked_for_its_screen_directly() -> None:
    # QWidget.screen() / QWindow.screen() let the garbage collector delete Qt's own QScreen
    # (see desktop/gui/screens.py); battlemap.desktop.gui.screens.screen_of is the one way in.
    root = Path(__file__).resolve().parents[3]
    callers = [f"{path.relative_to(root)}:{number}"
               for folder in ("desktop", "tests") for path in (root / folder).rglob("*.py")
               for number, line in enumerate(path.read_text().splitlines(), 1)
               if ".screen()" in line and path.name not in ("screens.py", "test_player_view.py")]
    assert callers == []
