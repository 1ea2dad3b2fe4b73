"""The table following the GM's wheel and pinch reads its screen's calibration once (issue
28): each new GM zoom made ``physical_zoom`` build a ``QSettings`` and read it (0.1-0.2 ms a
notch). The calibration is read again after ``set_mode`` (the calibration dialog's end calls
it) and a resize or a new screen (``_rescale``)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui import player_window
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.player_window import CameraMode
from battlemap.desktop.gui.screens import screen_of
from battlemap.desktop.gui.settings import set_screen_ppi
from battlemap.desktop.gui.style import CELL
from tests.desktop.gui.test_pan_follow_zoom import following_table


def count_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    real = player_window.screen_ppi
    monkeypatch.setattr(player_window, "screen_ppi",
                        lambda name: read.append(name) or real(name))
    return read


def test_gm_zooms_read_the_calibration_once(
    qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    player = following_table(qtbot, window)
    read = count_reads(monkeypatch)
    for k in range(6):
        window.view.set_zoom(1.5 + 0.25 * k)
        QApplication.processEvents()
        assert player.view.zoom == pytest.approx(player.following_zoom(window.view.zoom))
    assert len(read) <= 1  # the cache may have been empty: at most the first notch reads


def test_a_calibration_and_a_resize_read_it_again(
    qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    player = following_table(qtbot, window)
    read = count_reads(monkeypatch)
    window.view.set_zoom(2.5)
    read.clear()
    name = screen_of(player).name()
    set_screen_ppi(name, 96.0)
    try:
        player.set_mode(CameraMode.FOLLOW)  # as the calibration dialog's end does
        assert read == [name]
        assert player.view.zoom == pytest.approx(96.0 / CELL)
        for k in range(4):
            window.view.set_zoom(1.2 + 0.3 * k)
            QApplication.processEvents()
            assert player.view.zoom == pytest.approx(96.0 / CELL)
        assert read == [name]
        set_screen_ppi(name, 48.0)
        player.resize(600, 380)  # a resize (as a new screen) reads it again
        qtbot.wait(20)
        assert read[1:] and set(read) == {name}
        assert player.view.zoom == pytest.approx(48.0 / CELL)
    finally:
        set_screen_ppi(name, 0.0)
    player.set_mode(CameraMode.FOLLOW)
    assert player.view.zoom == pytest.approx(player.following_zoom(window.view.zoom))
