"""The TABLE frame on the GM map at a pan step (issue 28): it is traced once a step (the GM's
own camera change traced it again for nothing), a GM pan leaves a pinned table's frame alone,
the following table's frame lies off the GM's view (no second strip repainted along the GM's
far edge), the tab lying just outside the GM's view is not painted for nothing, and a resized
table's window is traced even when its camera did not move."""

from __future__ import annotations

import pytest
from gui_helpers import shown_pixels
from PySide6.QtCore import QPointF, QRect, QRectF
from PySide6.QtGui import QImage, QPolygonF
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui import table_frame
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.player_window import CameraMode, PlayerWindow
from battlemap.desktop.gui.table_frame import TableFrame, TableFrameItem
from tests.desktop.gui.test_pan_follow_zoom import following_table

PAN_STEPS = ((0, 6), (0, 7), (0, 6), (0, -6), (0, -7), (0, 6), (0, 6), (0, -5))
"""Vertical pan steps, as the bench's pan makes on a map narrower than the GM's view."""


def frame_of(window: GMWindow) -> TableFrame:
    assert window.table_frame is not None
    return window.table_frame


def traced_corners(player: PlayerWindow) -> list[tuple[float, float]]:
    corners = player.view.mapToScene(player.view.viewport().rect())
    return [(corners.at(k).x(), corners.at(k).y()) for k in range(4)]


def frame_corners(window: GMWindow) -> list[tuple[float, float]]:
    corners = frame_of(window).item.corners
    return [(corners.at(k).x(), corners.at(k).y()) for k in range(4)]


def count_traces(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    traced: list[int] = []
    real = TableFrameItem.show_area

    def counted(self: TableFrameItem, corners: QPolygonF, screen_scale: float) -> None:
        traced.append(1)
        real(self, corners, screen_scale)

    monkeypatch.setattr(TableFrameItem, "show_area", counted)
    return traced


def test_a_pan_step_traces_the_following_tables_frame_once(
    qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    player = following_table(qtbot, window)
    traced = count_traces(monkeypatch)
    for dx, dy in PAN_STEPS:
        traced.clear()
        window.view.pan_by(dx + 3, dy)
        QApplication.processEvents()
        assert traced == [1]
        assert frame_corners(window) == traced_corners(player)


def test_a_gm_pan_leaves_a_pinned_tables_frame_and_a_gm_zoom_traces_it(
    qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    player = following_table(qtbot, window)
    player.set_mode(CameraMode.PINNED)
    before = frame_corners(window)
    traced = count_traces(monkeypatch)
    for dx, dy in PAN_STEPS:
        window.view.pan_by(dx + 5, dy)
        QApplication.processEvents()
    assert traced == []
    assert frame_corners(window) == before == traced_corners(player)
    window.view.set_zoom(window.view.zoom * 1.3)  # the tab keeps its size on the GM's screen
    QApplication.processEvents()
    assert traced == [1]
    assert frame_of(window).item.screen_scale == 1.0 / window.view.zoom
    assert frame_corners(window) == before


@pytest.mark.parametrize("mode", [CameraMode.PINNED, CameraMode.FOLLOW])
def test_a_resized_tables_window_is_traced(
    qtbot: QtBot, window: GMWindow, mode: CameraMode
) -> None:
    """A pinned table resized keeps its camera: nothing told ``camera_changed`` (on main the
    frame kept the old size until the GM's camera next moved)."""
    player = following_table(qtbot, window)
    player.set_mode(mode)
    for size in ((500, 300), (700, 450), (701, 451)):
        player.resize(*size)
        qtbot.wait(20)
        assert frame_corners(window) == traced_corners(player), size


def strip_frames(qtbot: QtBot, window: GMWindow) -> list[QImage]:
    """The GM's view as partial repaints of strips along its top left it, from a whole
    repaint."""
    window.view.viewport().repaint()
    frames = []
    width = window.view.viewport().width()
    for rows in (2, 3, 5, 1):
        window.view.viewport().update(QRect(0, 0, width, rows))
        QApplication.processEvents()
        qtbot.wait(5)
        frames.append(shown_pixels(window.view))
    return frames


def test_the_tab_just_above_the_gms_view_is_not_painted_and_the_view_is_as_before(
    qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pinned table whose top edge lies on the GM's first row: its tab, above the edge, is
    off the view, but Qt asks it for a paint when a strip along the top is repainted (its box,
    a pixel wider, meets it). It paints nothing there now, and each frame is the one painting
    it gave."""
    player = following_table(qtbot, window)
    player.set_mode(CameraMode.PINNED)
    item = frame_of(window).item

    def tab_bottom() -> float:
        return window.view.viewportTransform().map(item.tab_outline).boundingRect().bottom()

    for step in range(40):  # the table's camera moves by its own whole pixels
        if -1.0 < tab_bottom() <= 0.0:
            break
        frame_of(window).move_table(player.view.camera()[0] + QPointF(
            0, (-0.5 - tab_bottom()) / window.view.zoom + 0.1 * (step % 10)))
        QApplication.processEvents()
    assert -1.0 < tab_bottom() <= 0.0  # the tab just above the view
    painted: list[int] = []
    real_text = table_frame._FrameTab._paint_tab_text

    def counted(self: table_frame._FrameTab, painter: object, outline: QPolygonF) -> None:
        painted.append(1)
        real_text(self, painter, outline)  # type: ignore[arg-type]

    monkeypatch.setattr(table_frame._FrameTab, "_paint_tab_text", counted)
    asked: list[bool] = []
    real_outside = table_frame._outside_paint

    def outside(*args: object) -> bool:
        asked.append(real_outside(*args))  # type: ignore[arg-type]
        return asked[-1]

    monkeypatch.setattr(table_frame, "_outside_paint", outside)
    skipping = strip_frames(qtbot, window)
    assert asked.count(True) >= 4 and painted.count(1) == asked.count(False)
    monkeypatch.setattr(table_frame, "_outside_paint", lambda *args: False)  # as before
    for k, (now, before) in enumerate(zip(skipping, strip_frames(qtbot, window),
                                          strict=True)):
        assert now == before, f"strip {k}"


@pytest.mark.parametrize("degrees", [0, 90])
def test_the_following_tables_frame_lies_off_the_gms_view_and_a_pan_paints_none_of_it(
    qtbot: QtBot, window: GMWindow, monkeypatch: pytest.MonkeyPatch, degrees: int
) -> None:
    """The table following shows the GM's view and a rim around it: the frame's lines (and
    the tab beyond them) lie off the GM's view, so a pan step repaints the strip it uncovers
    and no second strip along the GM's far edge (on main the frame lay on the GM's first and
    last rows, or columns, and both of its places were repainted at each step)."""
    player = following_table(qtbot, window)
    player.set_rotation(degrees)
    QApplication.processEvents()
    paints: list[int] = []
    for part in (table_frame._FrameEdge, table_frame._FrameTab):
        real = part.paint
        monkeypatch.setattr(part, "paint", lambda self, *args, real=real: (
            paints.append(1), real(self, *args))[1])
    view = QRectF(window.view.viewport().rect())
    for zoom in (2.0, 3.0, 3.7):
        window.view.set_zoom(zoom)
        QApplication.processEvents()
        qtbot.wait(5)
        paints.clear()
        for dx, dy in PAN_STEPS:
            window.view.pan_by(dx + 2, dy)
            QApplication.processEvents()
            for part in (*frame_of(window).item.edges, frame_of(window).item.tab_item):
                box = window.view.viewportTransform().mapRect(part.sceneBoundingRect())
                assert not box.toAlignedRect().intersects(view.toAlignedRect()), (zoom, part)
        assert paints == [], zoom


def test_the_frame_is_drawn_where_the_table_looks(qtbot: QtBot, window: GMWindow) -> None:
    """The frame's white dashes lie on the edges traced (the pens and the tab's font, made
    once, are the frame's own)."""
    player = following_table(qtbot, window)
    player.set_mode(CameraMode.PINNED)
    frame_of(window).move_table(player.view.camera()[0] + QPointF(80, 30))
    QApplication.processEvents()
    image = window.view.viewport().grab().toImage()
    item = frame_of(window).item
    left = item.edge(3)
    assert left is not None
    column = round(window.view.mapFromScene(left.p1()).x())
    rows = range(max(0, round(window.view.mapFromScene(left.p2()).y())),
                 min(image.height(), round(window.view.mapFromScene(left.p1()).y())))
    whites = [y for y in rows if image.pixelColor(column, y).lightness() > 240]
    assert 0.5 * len(rows) < len(whites) < 0.85 * len(rows)  # dashes: 12 px on, 6 off
