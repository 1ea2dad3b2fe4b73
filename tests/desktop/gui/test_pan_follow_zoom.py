"""The table following a GM pan keeps the zoom it worked out (issue 28): each pan step read
the table screen's calibration from the settings file again (``physical_zoom``, 0.2-0.3 ms a
step) though only the centre moved. The zoom is worked out again when the GM's zoom, either
view's size, the turn or the table's screen changes, and after a calibration."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.player_window import CameraMode, PlayerWindow
from battlemap.desktop.gui.screens import screen_of
from battlemap.desktop.gui.settings import set_screen_ppi
from battlemap.desktop.gui.style import CELL


def following_table(qtbot: QtBot, window: GMWindow) -> PlayerWindow:
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    player.showNormal()
    player.resize(640, 400)
    window.view.set_zoom(3.0)
    window.view.centerOn(6 * CELL, 4 * CELL)
    qtbot.wait(50)  # the table's size settles
    window.view.pan_by(-7, -3)
    QApplication.processEvents()
    return player


def test_pan_steps_read_no_calibration(
    qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    player = following_table(qtbot, window)
    asked = []
    real = PlayerWindow.physical_zoom
    monkeypatch.setattr(PlayerWindow, "physical_zoom",
                        lambda self: asked.append(1) or real(self))
    for step in range(6):
        window.view.pan_by(7 if step % 2 else -5, 3)
        QApplication.processEvents()
    assert asked == []
    assert player.view.zoom == pytest.approx(player.following_zoom(window.view.zoom))
    window.view.set_zoom(2.0)  # a new GM zoom: worked out again
    QApplication.processEvents()
    assert len(asked) == 1
    assert player.view.zoom == pytest.approx(player.following_zoom(2.0))


def test_a_calibration_still_sets_the_table_zoom(qtbot: QtBot, window: GMWindow) -> None:
    player = following_table(qtbot, window)
    set_screen_ppi(screen_of(player).name(), 96.0)
    try:
        player.set_mode(CameraMode.FOLLOW)  # as the calibration dialog's end does
        assert player.view.zoom == pytest.approx(96.0 / CELL)
        window.view.pan_by(9, 4)
        QApplication.processEvents()
        assert player.view.zoom == pytest.approx(96.0 / CELL)
    finally:
        set_screen_ppi(screen_of(player).name(), 0.0)
    player.set_mode(CameraMode.FOLLOW)
    assert player.view.zoom == pytest.approx(player.following_zoom(window.view.zoom))
