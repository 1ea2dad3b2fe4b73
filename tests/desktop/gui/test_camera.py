"""Zoom and pan on the GM view: wheel, arrow keys, middle-button drag, fit map."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui.main_window import GMWindow


def wheel(win: GMWindow, notches: int) -> None:
    centre = QPointF(win.view.viewport().rect().center())
    event = QWheelEvent(
        centre, win.view.viewport().mapToGlobal(centre), QPoint(), QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(win.view.viewport(), event)


def test_the_wheel_zooms_in_and_out(qtbot: QtBot, window: GMWindow) -> None:
    wheel(window, 1)  # one notch: 1.0015 ** 120 = 1.197
    assert window.view.zoom == pytest.approx(1.0015 ** 120)
    wheel(window, -1)
    assert window.view.zoom == pytest.approx(1.0)


def test_arrow_keys_pan_one_cell(qtbot: QtBot, window: GMWindow) -> None:
    window.view.set_zoom(3.0)  # the 12 x 8 map is larger than the view: room to pan
    before = window.view.horizontalScrollBar().value()
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.view.horizontalScrollBar().value() == before + 3 * 64


def test_middle_drag_pans_and_moves_no_token(qtbot: QtBot, window: GMWindow) -> None:
    window.view.set_zoom(3.0)
    viewport, bar = window.view.viewport(), window.view.verticalScrollBar()
    before = bar.value()
    start = viewport.rect().center()
    qtbot.mousePress(viewport, Qt.MouseButton.MiddleButton, pos=start)
    qtbot.mouseMove(viewport, start + QPoint(0, -50))
    qtbot.mouseRelease(viewport, Qt.MouseButton.MiddleButton, pos=start + QPoint(0, -50))
    assert bar.value() == before + 50
    assert window.state.undo_label is None


def test_fit_map_shows_the_whole_map(qtbot: QtBot, window: GMWindow) -> None:
    window.view.set_zoom(5.0)
    window.actions_by_name["fit"].trigger()
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    assert visible.contains(window.scene.map_rect())
