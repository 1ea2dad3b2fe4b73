"""What a wheel notch of a burst costs (issue 28, eighth round): the camera told once a notch,
the coarse frames painted over an unfilled viewport with no scroll of its pixels (the same
pixels as before), and the first notch of a burst after a settle taking the copy of the
settle's frame instead of copying the window's frame again."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from gui_helpers import shown_pixels
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QGraphicsView, QLabel
from pytestqt.qtbot import QtBot
from test_zoom_burst import encounter, shown, wheel

from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.map_view import MapView


def rgb(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1)
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4)[..., :3].copy()


def settled(qtbot: QtBot, view: MapView) -> None:
    """The burst over, its exact frame painted, and the events after it handled."""
    view.end_coarse()
    view.viewport().repaint()
    qtbot.wait(5)


def test_a_notch_tells_the_camera_once(qtbot: QtBot, tmp_path: Path) -> None:
    """The scale moves both scroll bars (about its anchor): each told the camera apart, so
    the table followed each notch three times, twice half done."""
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
    told: list[tuple[float, float, float]] = []

    def camera() -> None:
        centre, zoom = view.camera()
        told.append((centre.x(), centre.y(), zoom))

    view.camera_changed.connect(camera)
    for notches in (2, -3):
        told.clear()
        before = view.zoom
        wheel(view, notches)
        assert len(told) == abs(notches)
        assert told[-1] == (view.camera()[0].x(), view.camera()[0].y(), view.zoom) != before


@pytest.mark.parametrize("notches", [2, -2])
def test_a_coarse_frame_has_the_pixels_it_had_with_the_fill_and_the_scroll(
    qtbot: QtBot, tmp_path: Path, notches: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Painted over an unfilled viewport, scrolled without copying pixels: pixel for pixel
    the coarse frame painted over a filled one, its pixels scrolled (zooming out, the parts
    the old frame does not cover among them)."""
    state = BattleState(encounter(tmp_path))
    new, _scene = shown(qtbot, state, tmp_path)
    old, _old_scene = shown(qtbot, state, tmp_path)
    monkeypatch.setattr(old, "_coarse_painting", lambda on: None)
    for view in (new, old):
        view.viewport().repaint()
        wheel(view, notches)
        view.pan_by(7, -5)  # a scroll while coarse (the table following the GM's anchor)
        view.viewport().repaint()
        assert view.coarse
    mode = QGraphicsView.ViewportUpdateMode
    assert new.viewportUpdateMode() == mode.FullViewportUpdate
    assert new.viewport().testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    assert (rgb(shown_pixels(new.viewport())) == rgb(shown_pixels(old.viewport()))).all()
    settled(qtbot, new)
    assert new.viewportUpdateMode() == mode.SmartViewportUpdate  # exact frames as before
    assert not new.viewport().testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)


def counted_copies(view: MapView, monkeypatch: pytest.MonkeyPatch,
                   copy: str = "_last_frame") -> list[int]:
    """A list that grows by one at each copy (or grab) of the viewport's frame by a notch
    (``copy``: the view's method that copies it, `_copy_of_store` for the settle's)."""
    copies: list[int] = []
    real = getattr(view, copy)

    def counted() -> QImage | None:
        copies.append(1)
        return real()

    monkeypatch.setattr(view, copy, counted)
    return copies


def test_a_burst_after_a_settle_takes_the_copy_of_the_settles_frame(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    view.viewport().repaint()
    wheel(view, 2)
    settled(qtbot, view)
    shown_now = rgb(shown_pixels(view.viewport()))
    assert (rgb(view._frame) == shown_now).all()  # copied just after the settle's frame
    copies = counted_copies(view, monkeypatch)
    wheel(view, -1)
    assert view._coarse is not None and view._coarse[0] is view._frame
    assert not copies  # the notch copied nothing
    settled(qtbot, view)
    copies.clear()  # the settle's copy
    view.viewport().update(10, 10, 40, 40)  # painted since: the copy is not the viewport's
    view.viewport().repaint(10, 10, 40, 40)
    wheel(view, 1)
    assert copies == [1]
    settled(qtbot, view)
    copies.clear()
    hud = QLabel("HUD", view.viewport())  # a widget came on the viewport since the copy
    hud.show()
    qtbot.wait(5)
    wheel(view, -1)
    assert copies == [1]
    settled(qtbot, view)
    copies.clear()
    wheel(view, 1)  # the widget stays, painted before the copy: the copy is as shown
    assert not copies
    settled(qtbot, view)
    copies.clear()
    hud.setText("HUD, hovered")  # it repaints on its own, the viewport not
    hud.repaint()
    wheel(view, -1)
    assert copies == [1]


def test_the_kept_copy_goes_with_the_camera_it_was_painted_at(qtbot: QtBot, tmp_path: Path) -> None:
    """A camera moved after the copy, its frame not yet painted: the burst scales the copy
    from the camera it shows, not from the moved one."""
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    wheel(view, 1)
    settled(qtbot, view)
    painted_at = view.viewportTransform()
    view.set_zoom(view.zoom * 1.1)  # no paint yet
    view.begin_coarse()
    assert view._coarse is not None
    assert view._coarse[0] is view._frame and view._coarse[1] == painted_at


def test_no_copy_is_kept_of_a_frame_whose_camera_moved(qtbot: QtBot, tmp_path: Path) -> None:
    """The camera moved after the settle's frame, before its copy (the moved frame not yet
    painted): the backing store shows the old camera, so nothing is kept."""
    view, _scene = shown(qtbot, BattleState(encounter(tmp_path)), tmp_path)
    wheel(view, 1)
    view.end_coarse()
    view.viewport().repaint()  # the settle's frame; its copy is to come
    view.set_zoom(view.zoom * 1.1)
    view._keep_frame()  # the copy's timer, before the moved frame is painted
    assert view._kept_frame() is None
