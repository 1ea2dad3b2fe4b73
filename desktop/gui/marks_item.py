"""What the game system marks on the map besides the tokens: links, markers, zone labels.

:class:`MapMarksItem` draws the encounter's system's
:meth:`~battlemap.rules.registry.GameSystem.links` (a grapple: a thick line between the two tokens,
labelled), its :meth:`~battlemap.rules.registry.GameSystem.markers` (an item knocked to the ground:
a diamond with its name) and its :meth:`~battlemap.rules.registry.GameSystem.zone_labels` (FATE's
zone aspects, under the zone's name). The player view leaves out the links of tokens the players may
not see (hidden by the GM, or unseen under the fog of war).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Point, RegionKind
from battlemap.desktop.core.visibility import visible_to_players
from battlemap.desktop.gui.style import (
    CELL,
    LABEL_BACK,
    LABEL_TEXT,
    cosmetic_pen,
    label_font,
    to_scene,
)
from battlemap.rules.interface import Link, Marker
from battlemap.rules.registry import find_system

__all__ = ["MapMarks", "MapMarksItem", "marks_on_map"]

LINK_COLOR = QColor("#ff6f00")
MARKER_COLOR = QColor("#fdd835")


@dataclass(frozen=True, slots=True)
class MapMarks:
    """The system's marks as map points: each link's ends, each marker, each zone's labels."""

    links: tuple[tuple[Point, Point, str], ...] = ()
    markers: tuple[Marker, ...] = ()
    zones: tuple[tuple[Point, str], ...] = ()


def marks_on_map(encounter: Encounter, for_players: bool = False) -> MapMarks:
    """What the encounter's system marks, placed on the map (nothing for an unreadable state).

    Examples
    --------
    >>> marks_on_map(Encounter())
    MapMarks(links=(), markers=(), zones=())
    """
    try:
        system = find_system(encounter.system)
        board = board_of(encounter)
        links, markers = system.links(board), system.markers(board)
        labels = system.zone_labels(board)
    except ValueError:
        return MapMarks()
    tokens = {t.id: t for t in encounter.tokens
              if not for_players or visible_to_players(encounter, t)}
    ends = tuple(((tokens[k.first].x, tokens[k.first].y), (tokens[k.second].x,
                  tokens[k.second].y), k.label) for k in links
                 if isinstance(k, Link) and k.first in tokens and k.second in tokens)
    zones = []
    for region in encounter.regions:
        if region.kind is not RegionKind.ZONE:
            continue
        badges = labels.get(region.name) or labels.get(region.id) or ()
        if badges and region.points:
            x = min(p[0] for p in region.points) + 0.3
            y = min(p[1] for p in region.points) + 0.9
            zones += [((x, y + 0.5 * n), badge.text) for n, badge in enumerate(badges)]
    return MapMarks(ends, tuple(markers), tuple(zones))


NO_MARKS = MapMarks()


class MapMarksItem(QGraphicsItem):
    """Draws :class:`MapMarks`; :meth:`show_marks` replaces them."""

    def __init__(self) -> None:
        super().__init__()
        self.marks = MapMarks()
        self._font = label_font(0.28)
        self._bounds = QRectF()
        self._any = False

    def show_marks(self, marks: MapMarks, bounds: QRectF) -> bool:
        """Show ``marks``; whether anything changed."""
        if marks == self.marks and bounds == self._bounds:
            return False
        self.prepareGeometryChange()
        self.marks, self._bounds, self._any = marks, bounds, marks != NO_MARKS
        self.update()
        return True

    def label_boxes(self) -> list[QRectF]:
        """Where the marks' labels lie (scene pixels): the name tags and badges keep clear of
        them (:func:`battlemap.desktop.gui.label_layout.place_labels`)."""
        return [self._box(at, text, centred) for at, text, centred in self._labels()]

    def _labels(self) -> list[tuple[QPointF, str, bool]]:
        """Each label's anchor, text and whether it is centred on the anchor."""
        found = []
        for start, end, label in self.marks.links:
            if label:
                middle = ((start[0] + end[0]) / 2, min(start[1], end[1]) - 1.05)
                found.append((to_scene(middle), label, True))
        for marker in self.marks.markers:
            found.append((to_scene((marker.x, marker.y)) + QPointF(0, 0.45 * CELL),
                          marker.label, True))
        found += [(to_scene(at), text, False) for at, text in self.marks.zones]
        return found

    def boundingRect(self) -> QRectF:
        """The map's bounds, or none while there are no marks: a view's paint then does not
        hand this item every repainted box to draw nothing in (a drag step asks each item
        whose bounds meet the box, in Python)."""
        return self._bounds if self._any else QRectF()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for start, end, _ in self.marks.links:
            painter.setPen(cosmetic_pen(LINK_COLOR, 6.0))
            painter.drawLine(to_scene(start), to_scene(end))
        for marker in self.marks.markers:
            centre = to_scene((marker.x, marker.y))
            r = 0.2 * CELL
            painter.setPen(cosmetic_pen(QColor("#000000"), 2.0))
            painter.setBrush(MARKER_COLOR)
            painter.drawPolygon(QPolygonF([centre + QPointF(0, -r), centre + QPointF(r, 0),
                                           centre + QPointF(0, r), centre + QPointF(-r, 0)]))
        for at, text, centred in self._labels():
            self._label(painter, at, text, centred)

    def _box(self, at: QPointF, text: str, centred: bool) -> QRectF:
        metrics = QFontMetricsF(self._font)
        width, height = metrics.horizontalAdvance(text) + 10, metrics.height() + 4
        left = at.x() - width / 2 if centred else at.x()
        return QRectF(left, at.y() - height / 2, width, height)

    def _label(self, painter: QPainter, at: QPointF, text: str, centred: bool = True) -> None:
        box = self._box(at, text, centred)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(LABEL_BACK)
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(LABEL_TEXT)
        painter.setFont(self._font)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
