"""What the attack tool draws on a scene: the line of fire and the card beside the target.

:class:`AimOverlay` draws one aim on one scene (GM or players): the line of fire from the
attacker to the hovered target (red and dashed when the attack is impossible, a dotted cyan
line for an action waiting for its target), the bystanders ringed, the blocked share of the
target shaded. :class:`PreviewCard` is the GM's compact card beside the target, the same size
in screen pixels at every zoom.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.core.attack_targeting import Aim
from desktop.core.model import Encounter, Token
from desktop.gui.scene import tokens_drawn
from desktop.gui.style import CELL, LABEL_BACK, cosmetic_pen, label_font, to_scene

__all__ = ["AimOverlay", "PreviewCard"]

LINE_OK = QColor("#ffeb3b")
LINE_BLOCKED = QColor("#ff5252")
BYSTANDER = QColor("#ff9800")
ACTION_LINE = QColor("#4dd0e1")
SHADE = QColor(20, 20, 20, 150)
CARD_TEXT = QColor("#ffffff")
CARD_PROBLEM = QColor("#ff8a80")
CARD_FONT_PX = 15


class AimOverlay(QGraphicsItem):
    """Line of fire, bystander rings and cover shading of one aim, on one scene."""

    def __init__(self, for_players: bool = False) -> None:
        super().__init__()
        self.for_players = for_players
        self.aim: Aim | None = None
        self.encounter = Encounter()
        self.for_action = False

    def _tokens(self) -> dict[str, Token]:
        """The tokens this audience may see (players: none hidden, none out of their sight)."""
        return tokens_drawn(self, self.encounter, self.for_players)

    def show_aim(self, aim: Aim | None, encounter: Encounter, for_action: bool = False) -> None:
        """Draw ``aim``; ``for_action``: a plain line to the target of an action (no cover)."""
        self.prepareGeometryChange()
        self.aim, self.encounter, self.for_action = aim, encounter, for_action
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-CELL, -CELL, (self.encounter.width + 2) * CELL,
                      (self.encounter.height + 2) * CELL)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        aim = self.aim
        if aim is None or aim.target is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        tokens = self._tokens()
        if aim.attacker not in tokens or aim.target not in tokens:
            return
        start, end = tokens[aim.attacker], tokens[aim.target]
        if self.for_action:
            painter.setPen(cosmetic_pen(ACTION_LINE, 3.0, Qt.PenStyle.DotLine))
            painter.drawLine(to_scene((start.x, start.y)), to_scene((end.x, end.y)))
            return
        blocked = aim.preview is None or aim.preview.problem is not None
        painter.setPen(cosmetic_pen(QColor(0, 0, 0, 170), 8.0))
        painter.drawLine(to_scene((start.x, start.y)), to_scene((end.x, end.y)))
        painter.setPen(cosmetic_pen(LINE_BLOCKED if blocked else LINE_OK, 4.0,
                                    Qt.PenStyle.DashLine if blocked else Qt.PenStyle.SolidLine))
        painter.drawLine(to_scene((start.x, start.y)), to_scene((end.x, end.y)))
        if aim.preview is not None and aim.facts is not None:
            self._paint_cover(painter, (start.x, start.y), (end.x, end.y), end.radius,
                              aim.facts.cover_fraction)
            self._paint_bystanders(painter, aim.facts.bystanders, tokens)

    def _paint_cover(self, painter: QPainter, start: tuple[float, float],
                     end: tuple[float, float], radius: float, fraction: float) -> None:
        """Shade the share of the target that is hidden, on the side facing the attacker."""
        if fraction <= 0.0:
            return
        toward = math.degrees(math.atan2(-(start[1] - end[1]), start[0] - end[0]))
        span = 360.0 * min(fraction, 1.0)
        r = radius * CELL
        centre = to_scene(end)
        path = QPainterPath(centre)
        path.arcTo(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), toward - span / 2, span)
        path.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SHADE)
        painter.drawPath(path)

    def _paint_bystanders(self, painter: QPainter, ids: Sequence[str],
                          tokens: dict[str, Token]) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(BYSTANDER, 4.0, Qt.PenStyle.DotLine))
        for token_id in ids:
            token = tokens.get(token_id)
            if token is not None:
                r = (token.radius + 0.15) * CELL
                painter.drawEllipse(to_scene((token.x, token.y)), r, r)


class PreviewCard(QGraphicsItem):
    """The compact card beside the target; its size is in screen pixels at every zoom."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.lines: list[str] = []
        self.problem = False
        self._font = label_font(0.2, bold=False)
        self._font.setPixelSize(CARD_FONT_PX)
        self._size = QRectF()

    def show_lines(self, lines: list[str], problem: bool) -> None:
        self.prepareGeometryChange()
        self.lines, self.problem = lines, problem
        metrics = QFontMetricsF(self._font)
        width = max((metrics.horizontalAdvance(line) for line in lines), default=0.0) + 20
        self._size = QRectF(0, 0, width, len(lines) * metrics.lineSpacing() + 12)
        self.setVisible(bool(lines))
        self.update()

    def boundingRect(self) -> QRectF:
        return self._size

    def place(self, right: QPointF, left: QPointF) -> None:
        """Beside the target: right of ``right`` (scene points), or left of ``left`` when the
        card would leave the view; moved up when it would run off the bottom."""
        self.setPos(right)
        views = self.scene().views() if self.scene() is not None else []
        if not views:
            return
        viewport = views[0].viewport().rect()
        at = views[0].mapFromScene(right)
        width, height = self._size.width(), self._size.height()
        dx = 0.0 if at.x() + width < viewport.width() - 4 else -width
        dy = min(0.0, viewport.height() - 4 - (at.y() + height))
        if dx:
            self.setPos(left)
        self.prepareGeometryChange()
        self._size.moveTo(dx, dy)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(cosmetic_pen(CARD_PROBLEM if self.problem else QColor("#ffeb3b"), 2.0))
        painter.setBrush(LABEL_BACK)
        painter.drawRoundedRect(self._size, 8, 8)
        painter.setFont(self._font)
        spacing = QFontMetricsF(self._font).lineSpacing()
        top = self._size.top() + 6 + QFontMetricsF(self._font).ascent()
        for n, line in enumerate(self.lines):
            last = n == len(self.lines) - 1
            painter.setPen(CARD_PROBLEM if self.problem and last else CARD_TEXT)
            painter.drawText(QPointF(self._size.left() + 10, top + n * spacing), line)
