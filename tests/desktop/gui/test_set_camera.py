"""``MapView.set_camera`` tells the camera once, with both its zoom and its centre done (the
table following a wheel notch told it twice, the first time half done; issue 28, ninth
round)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF
from pytestqt.qtbot import QtBot
from test_zoom_burst import encounter, shown

from battlemap.desktop.core.state import BattleState


def test_set_camera_tells_the_camera_once_with_both_done(qtbot: QtBot, tmp_path: Path) -> None:
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    told: list[tuple[float, float, float]] = []

    def camera() -> None:
        centre, zoom = view.camera()
        told.append((round(centre.x(), 6), round(centre.y(), 6), zoom))

    view.camera_changed.connect(camera)
    centre, zoom = view.camera()
    view.set_camera(centre + QPointF(60, -40), zoom * 1.3)
    assert len(told) == 1
    now, zoom_now = view.camera()
    assert told == [(round(now.x(), 6), round(now.y(), 6), zoom_now)]
    assert abs(zoom_now - zoom * 1.3) < 1e-9
    view.set_camera(view.camera()[0] + QPointF(30, 0), view.zoom)  # the centre alone
    assert len(told) == 2
