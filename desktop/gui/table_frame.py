"""The table's frame on the GM map: the area the player view shows, draggable to move it.

The frame is the player view's window traced on the GM scene (turned with it when the table
view is rotated), with a "TABLE" tab on the edge the players read as the top. Dragging the
frame's tab, or its edge away from any token, moves the table's camera (it pins there); every
other press (a token under the edge included) goes on to the map's tools.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QLineF, QObject, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QRegion,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.edits import token_at
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Layer
from battlemap.desktop.gui.style import CELL, cosmetic_pen

FRAME_COLOR = QColor("#ffffff")
"""White dashes on black: no side, pace band, selection or Threat View colour."""
GRAB_PX = 10.0
"""How close (screen px) a press must come to the frame's edge to grab it."""
TAB_PX = (74.0, 22.0)
"""The tab's size in screen pixels."""
EDGE_PX = 6.0
"""The black line under the dashes, in screen pixels."""


def _edge_pens() -> tuple[QPen, QPen]:
    """The black line's pen and the white dashes' (made once a frame: never changed by their
    users)."""
    return (cosmetic_pen("#000000", EDGE_PX),
            cosmetic_pen(FRAME_COLOR, 3.0, Qt.PenStyle.DashLine))


def _tab_font() -> QFont:
    """The tab's "TABLE" (made once a frame, which dies before the application: a QFont kept
    past the QApplication, as a module-level cache keeps it, crashed the process at exit)."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(13)
    font.setBold(True)
    return font


class TableFrameItem(QGraphicsItem):
    """The outline of the table's view: ``corners`` in scene pixels, top-left first, clockwise
    as the players see them.

    It paints nothing itself: each edge and the tab are child items bounded by what they
    paint, so when the frame moves (the table following a GM pan, where it stays put on the
    GM's screen) only its lines are repainted, not the whole area it outlines (issue 28).
    """

    def __init__(self) -> None:
        super().__init__()
        self.corners = QPolygonF()
        self.screen_scale = 1.0
        """Scene pixels per GM screen pixel (the tab keeps its size on the GM's screen)."""
        self.lines: list[QLineF] = []
        """The four edges (0 the players' top, clockwise) as the frame last moved."""
        self.tab_outline = QPolygonF()
        """:meth:`tab` as the frame last moved."""
        self.pens = _edge_pens()
        self.tab_font = _tab_font()
        self.edges = [_FrameEdge(self, k) for k in range(4)]
        self.tab_item = _FrameTab(self)

    def show_area(self, corners: QPolygonF, screen_scale: float) -> None:
        """Trace ``corners`` (the same as before: nothing to repaint, a wheel notch's second
        and third call). The edges and the tab are worked out here once, not at each of
        their parts' paints and bounds."""
        if corners == self.corners and screen_scale == self.screen_scale:
            return
        self.corners, self.screen_scale = QPolygonF(corners), screen_scale
        self.lines = [QLineF(corners.at(i), corners.at((i + 1) % 4))
                      for i in range(4)] if corners.size() >= 4 else []
        self.tab_outline = self.tab()
        for part in (*self.edges, self.tab_item):
            part.prepareGeometryChange()
            part.bounds = part.bounds_now()
            part.update()

    def boundingRect(self) -> QRectF:
        return QRectF()

    def tab(self) -> QPolygonF:
        """The tab's outline, on the middle of the players' top edge, outside the frame."""
        if self.corners.size() < 4:
            return QPolygonF()
        top_left, top_right, bottom_left = (self.corners.at(i) for i in (0, 1, 3))
        along = QLineF(top_left, top_right).unitVector()
        out = QLineF(bottom_left, top_left).unitVector()
        ux = QPointF(along.dx(), along.dy()) * TAB_PX[0] / 2 * self.screen_scale
        uy = QPointF(out.dx(), out.dy()) * TAB_PX[1] * self.screen_scale
        middle = (top_left + top_right) / 2
        return QPolygonF([middle - ux, middle + ux, middle + ux + uy, middle - ux + uy])

    def on_tab(self, point: QPointF) -> bool:
        """Whether scene ``point`` is on the tab."""
        return self.tab().containsPoint(point, Qt.FillRule.OddEvenFill)

    def on_edge(self, point: QPointF) -> bool:
        """Whether scene ``point`` is on (near) the frame's outline."""
        if self.corners.size() < 4:
            return False
        reach = GRAB_PX * self.screen_scale
        edges = [QLineF(self.corners.at(i), self.corners.at((i + 1) % 4)) for i in range(4)]
        return any(_distance(point, edge) <= reach for edge in edges)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pass  # the edges and the tab paint themselves

    def edge(self, index: int) -> QLineF | None:
        """Edge ``index`` (0 the players' top, clockwise), or None before the frame is known."""
        return self.lines[index] if self.lines else None


class _FrameEdge(QGraphicsItem):
    """One edge of the frame: white dashes on a black line."""

    def __init__(self, frame: TableFrameItem, index: int) -> None:
        super().__init__(frame)
        self.frame, self.index = frame, index
        self.bounds = QRectF()
        """:meth:`bounds_now` as the frame last moved (Qt asks for the bounds at every
        paint and every area query of the scene: a Python call each)."""

    def boundingRect(self) -> QRectF:
        return self.bounds

    def bounds_now(self) -> QRectF:
        """The edge's box with room for its pen."""
        line = self.frame.edge(self.index)
        if line is None:
            return QRectF()
        margin = (EDGE_PX / 2 + 1) * self.frame.screen_scale
        return QRectF(line.p1(), line.p2()).normalized().adjusted(-margin, -margin, margin,
                                                                  margin)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        line = self.frame.edge(self.index)
        if line is None:
            return
        black, dashes = self.frame.pens
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(black)
        painter.drawLine(line)
        painter.setPen(dashes)
        painter.drawLine(line)


class _FrameTab(QGraphicsItem):
    """The frame's "TABLE" tab."""

    def __init__(self, frame: TableFrameItem) -> None:
        super().__init__(frame)
        self.frame = frame
        self.bounds = QRectF()
        """:meth:`bounds_now` as the frame last moved."""

    def boundingRect(self) -> QRectF:
        return self.bounds

    def bounds_now(self) -> QRectF:
        """The tab's box, a screen pixel wider."""
        margin = self.frame.screen_scale
        return self.frame.tab_outline.boundingRect().adjusted(-margin, -margin, margin, margin)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        tab = self.frame.tab_outline
        if tab.isEmpty() or _outside_paint(painter, tab, widget):
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        path = QPainterPath()
        path.addPolygon(tab)
        painter.fillPath(path, FRAME_COLOR)
        self._paint_tab_text(painter, tab)

    def _paint_tab_text(self, painter: QPainter, tab: QPolygonF) -> None:
        edge = QLineF(tab.at(0), tab.at(1))
        painter.save()
        painter.translate(tab.boundingRect().center())
        painter.rotate(-edge.angle())
        painter.scale(self.frame.screen_scale, self.frame.screen_scale)
        painter.setFont(self.frame.tab_font)
        painter.setPen(QColor("#000000"))
        box = QRectF(-TAB_PX[0] / 2, -TAB_PX[1] / 2, TAB_PX[0], TAB_PX[1])
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "TABLE")
        painter.restore()


def _outside_paint(painter: QPainter, outline: QPolygonF, widget: QWidget | None) -> bool:
    """Whether every pixel ``outline`` covers (scene pixels; a fill and text inside it) lies
    outside the region the view is repainting: its paint would be clipped away whole. Qt asks
    for a paint when the part's box (a pixel wider) meets the region, so a tab lying just above
    the GM's view (a pinned or calibrated table's top edge on the GM's first row) was painted
    for nothing at each repaint of a strip along the top (0.2-0.3 ms)."""
    view = widget.parentWidget() if widget is not None else None
    region = getattr(view, "painted_region", None)
    if not isinstance(region, QRegion):
        return False
    covered: QRect = painter.worldTransform().map(outline).boundingRect().toAlignedRect()
    return not region.intersects(covered)


def _distance(point: QPointF, edge: QLineF) -> float:
    """Distance from ``point`` to the segment ``edge``."""
    d = QPointF(edge.dx(), edge.dy())
    length2 = d.x() ** 2 + d.y() ** 2
    if length2 == 0:
        return QLineF(point, edge.p1()).length()
    offset = point - edge.p1()
    t = max(0.0, min(1.0, (offset.x() * d.x() + offset.y() * d.y()) / length2))
    return QLineF(point, edge.p1() + d * t).length()


class TableFrame(QObject):
    """Keeps the frame on ``gm_view`` in step with ``table_view``; a drag of the frame calls
    ``move_table`` with the new centre of the table's view (scene pixels)."""

    def __init__(
        self, gm_view: MapView, table_view: MapView, move_table: Callable[[QPointF], None]
    ) -> None:
        super().__init__(gm_view)
        self.gm_view, self.table_view, self.move_table = gm_view, table_view, move_table
        self.item = TableFrameItem()
        gm_view.map_scene.add_overlay(self.item, Layer.HUD)
        self._grab: QPointF | None = None
        table_view.camera_changed.connect(self.refresh)
        gm_view.camera_changed.connect(self._on_gm_camera_changed)
        self._gm_viewport, self._table_viewport = gm_view.viewport(), table_view.viewport()
        """The two viewports watched, kept: :meth:`eventFilter` tells them apart without a
        call into Qt (the events of a viewport being destroyed at exit reach the filter after
        its view is gone, and a call into a deleted view raised there, which crashed the
        process)."""
        self._gm_viewport.installEventFilter(self)
        self._table_viewport.installEventFilter(self)
        self.refresh()

    def refresh(self) -> None:
        """Trace the table view's window on the GM map."""
        # (0, 0), (w, 0), (w, h), (0, h) for a w x h viewport, at one inversion of the view's
        # transform: Qt maps a QRect's corners one past its right and bottom pixels.
        corners = self.table_view.mapToScene(self.table_view.viewport().rect())
        self.item.show_area(corners, self._screen_scale())

    def _screen_scale(self) -> float:
        return 1.0 / max(self.gm_view.zoom, 1e-6)

    def _on_gm_camera_changed(self) -> None:
        """The GM's camera moved. The frame is the table's window on the map, so only the
        GM's zoom (the tab's size, the edges' reach) changes it: a GM pan moves the frame
        through the table's own camera when it follows, and leaves it where it is when not.
        (Traced again at every GM change, a pan step traced it twice, 0.1-0.15 ms.)"""
        if self._screen_scale() != self.item.screen_scale:
            self.refresh()

    def remove(self) -> None:
        """The table view closed: the frame goes."""
        self.table_view.camera_changed.disconnect(self.refresh)
        self.gm_view.camera_changed.disconnect(self._on_gm_camera_changed)
        self._gm_viewport.removeEventFilter(self)
        self._table_viewport.removeEventFilter(self)
        scene = self.item.scene()
        if scene is not None:
            scene.removeItem(self.item)
        self.setParent(None)  # nothing keeps the closed table's view (and scene) alive

    def _grabs(self, at: QPointF) -> bool:
        """A press on the tab, or on the edge where no token is, takes the frame."""
        if self.item.on_tab(at):
            return True
        encounter = self.gm_view.map_scene.state.encounter
        on_token = token_at(encounter, at.x() / CELL, at.y() / CELL) is not None
        return not on_token and self.item.on_edge(at)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self._table_viewport:
            self.refresh()  # a new size of the table's window, its camera perhaps unmoved
            return False
        if watched is not self._gm_viewport or not isinstance(event, QMouseEvent):
            return False
        at = self.gm_view.mapToScene(event.position().toPoint())
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            if event.modifiers() == Qt.KeyboardModifier.NoModifier and self._grabs(at):
                self._grab = at
                return True
        elif kind == QEvent.Type.MouseMove and self._grab is not None:
            centre = self.table_view.camera()[0]
            self.move_table(centre + (at - self._grab))
            self._grab = at
            return True
        elif kind == QEvent.Type.MouseButtonRelease and self._grab is not None:
            self._grab = None
            return True
        return False
