"""The table's map view: the map view plus the turn order along the players' edge in combat.

The strip lies in a band of its own along the edge of the screen nearest the players the view
faces (the map's viewport gives the band up: :class:`StripBand`, a widget in the view's
margin), so it never covers a token or a name and, painted by its own widget, never leaves
copies behind when the map scrolls. Its text is upright for the players and sized in
millimetres like the names on the map (at the calibrated scale).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QWidget

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.turn_strip import StripEntry, TurnState, turn_strip
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import MapScene
from battlemap.desktop.gui.style import CELL, LABEL_BACK, SIDE_COLORS, label_font
from battlemap.desktop.gui.token_item import TURN_COLOR

STRIP_MARGIN = 0.25
"""Space around the strip and between its names, in name heights."""


class StripBand(QWidget):
    """The band along the players' edge that shows the turn order, black behind it."""

    def __init__(self, view: TableView) -> None:
        super().__init__(view)
        self.view = view
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), Qt.GlobalColor.black)
        band = QRectF(self.rect())
        painter.translate(band.center())
        painter.rotate(self.view.rotation)
        size = band.size().transposed() if self.view.rotation in (90, 270) else band.size()
        self.view.paint_strip(painter, size.width(), size.height())
        painter.end()


class TableView(MapView):
    """A :class:`MapView` that shows the turn order in a band along the players' edge."""

    def __init__(self, scene: MapScene) -> None:
        super().__init__(scene)
        self.strip: tuple[StripEntry, ...] = ()
        self.band = StripBand(self)
        self.band.hide()
        self._margins = (0, 0, 0, 0)
        scene.state.changed.connect(self._on_state_change)
        self._on_state_change()

    def detach(self) -> None:
        self.map_scene.state.changed.disconnect(self._on_state_change)

    def _on_state_change(self, old: Encounter | None = None, new: Encounter | None = None) -> None:
        if old is not None and new is not None and not _strip_may_differ(old, new):
            return  # a move, a wall, a stat: the turn order is as it was
        strip = turn_strip(self.map_scene.state.encounter)
        if strip != self.strip:
            self.strip = strip
            self.place_band()
            self.band.update()

    def strip_font_px(self) -> int:
        """The strip's font: the map's name size on the table's glass (screen pixels)."""
        return max(12, round(self.map_scene.token_style.name_cells * CELL * self.zoom))

    def band_thickness(self) -> int:
        """How deep the band is (screen pixels): one pill and a margin each side; 0 with no
        turn order to show."""
        if not self.strip:
            return 0
        font = label_font(1.0)
        font.setPixelSize(self.strip_font_px())
        pill = QFontMetricsF(font).height() * 1.3
        return round(pill * (1 + 2 * STRIP_MARGIN))

    def place_band(self) -> None:
        """Give the band its edge (the players' one, as the view is turned) and take it from
        the map's viewport; no band out of combat."""
        depth = self.band_thickness()
        margins = {0: (0, 0, 0, depth), 90: (depth, 0, 0, 0), 180: (0, depth, 0, 0),
                   270: (0, 0, depth, 0)}[self.rotation if self.rotation in (90, 180, 270)
                                           else 0]
        if margins != self._margins:
            self._margins = margins
            self.setViewportMargins(*margins)
        left, top, right, bottom = margins
        inner = self.rect().adjusted(self.frameWidth(), self.frameWidth(), -self.frameWidth(),
                                     -self.frameWidth())
        band = {0: QRect(inner.left(), inner.bottom() - bottom + 1, inner.width(), bottom),
                90: QRect(inner.left(), inner.top(), left, inner.height()),
                180: QRect(inner.left(), inner.top(), inner.width(), top),
                270: QRect(inner.right() - right + 1, inner.top(), right, inner.height())}
        self.band.setGeometry(band[self.rotation if self.rotation in (90, 180, 270) else 0])
        self.band.setVisible(depth > 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place_band()

    def set_rotation(self, degrees: int) -> None:
        super().set_rotation(degrees)
        self.place_band()
        self.band.update()

    def set_zoom(self, zoom: float) -> None:
        super().set_zoom(zoom)
        if self.strip:  # the names' size follows the zoom
            self.place_band()
            self.band.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        """A pointer resting on a token whose harm shows on hover shows it."""
        super().mouseMoveEvent(event)
        at = self.mapToScene(event.position().toPoint())
        self.map_scene.pointer_at(at.x() / CELL, at.y() / CELL)

    def paint_strip(self, painter: QPainter, width: float, height: float) -> None:
        """Names in countdown order, centred along the bottom edge of a ``width`` x ``height``
        screen centred on the painter's origin."""
        font = label_font(1.0)
        font.setPixelSize(self.strip_font_px())
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        pill_h = metrics.height() * 1.3
        gap = pill_h * STRIP_MARGIN
        widths = [metrics.horizontalAdvance(_text(e)) + pill_h for e in self.strip]
        x = -(sum(widths) + gap * (len(widths) - 1)) / 2
        y = height / 2 - gap - pill_h
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for entry, pill_w in zip(self.strip, widths, strict=True):
            self._paint_pill(painter, QRectF(x, y, pill_w, pill_h), entry)
            x += pill_w + gap

    def _paint_pill(self, painter: QPainter, box: QRectF, entry: StripEntry) -> None:
        acting = entry.state is TurnState.ACTING
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(TURN_COLOR) if acting else LABEL_BACK)
        painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
        side = SIDE_COLORS[entry.side]
        painter.setBrush(side)
        r = box.height() * 0.18
        painter.drawEllipse(QPointF(box.left() + box.height() * 0.4, box.center().y()), r, r)
        text = QColor("#000000") if acting else QColor("#ffffff")
        if entry.state in (TurnState.ACTED, TurnState.DOWN):
            text = QColor("#9e9e9e")
        painter.setPen(text)
        label = box.adjusted(box.height() * 0.6, 0, 0, 0)
        painter.drawText(label, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                         _text(entry))


def _strip_may_differ(old: Encounter, new: Encounter) -> bool:
    """Whether the turn order may read differently: the combat state, or who is shown, under
    which name, or who is down (a stat block) changed."""
    def shown(encounter: Encounter) -> list[tuple[str, str, bool, object]]:
        return [(t.id, t.name, t.hidden, t.stats) for t in encounter.tokens]  # stats: down
    return old.combat is not new.combat or shown(old) != shown(new)


def _text(entry: StripEntry) -> str:
    """The name on the pill; a hand on Hold says so, and a fighter out of the fight."""
    return entry.name + {TurnState.ON_HOLD: " (hold)", TurnState.DOWN: " (out)"}.get(
        entry.state, "")
