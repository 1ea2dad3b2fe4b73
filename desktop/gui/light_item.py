"""Light sources: a warm glow out to the bright radius, a fainter one out to the dim radius,
and a small flame mark at the source. The glow stops at the walls that block sight."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.core.model import Light
from desktop.gui.style import CELL
from geometry.light_reach import Ring


def glow_clip(light: Light, rings: tuple[Ring, ...]) -> QPainterPath:
    """The area the light reaches (rings in grid cells) in the light item's coordinates."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in rings:
        path.addPolygon(QPolygonF([
            QPointF((x - light.x) * CELL, (y - light.y) * CELL) for x, y in ring
        ]))
    return path


class LightItem(QGraphicsItem):
    """One light, centred on its position; its glow fills only ``rings`` (the lit area)."""

    def __init__(self, light: Light, rings: tuple[Ring, ...]) -> None:
        super().__init__()
        self.light = light
        self._clip = glow_clip(light, rings)
        self.setPos(light.x * CELL, light.y * CELL)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._radius = max(light.dim_radius, light.bright_radius, 0.3) * CELL

    def boundingRect(self) -> QRectF:
        r = self._radius
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        color = QColor(self.light.color)
        glow = QRadialGradient(QPointF(0, 0), self._radius)
        bright = min(1.0, self.light.bright_radius * CELL / self._radius)
        for stop, alpha in ((0.0, 110), (bright, 70), (1.0, 0)):
            color.setAlpha(alpha)
            glow.setColorAt(stop, color)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(glow)
        painter.drawPath(self._clip)
        painter.setBrush(QColor("#ff7a00"))
        painter.setPen(QColor("#7a2e00"))
        painter.drawEllipse(QPointF(0, 0), 0.15 * CELL, 0.15 * CELL)
