"""Regions: difficult ground hatched, illumination shaded by level, zones outlined and named."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPolygonF
from PySide6.QtWidgets import QGraphicsPolygonItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.model import Illumination, Region, RegionKind
from battlemap.desktop.gui.style import cosmetic_pen, label_font, to_scene

SHADE_ALPHA = {
    Illumination.BRIGHT: 0,
    Illumination.DIM: 70,
    Illumination.DARK: 130,
    Illumination.PITCH: 200,
}


def region_brush(region: Region) -> QBrush:
    """Hatching for difficult ground, darkness for light levels, a faint tint for zones."""
    if region.kind is RegionKind.DIFFICULT:
        return QBrush(QColor(120, 72, 20, 200), Qt.BrushStyle.BDiagPattern)
    if region.kind is RegionKind.ILLUMINATION:
        level = region.illumination or Illumination.DIM
        if level is Illumination.BRIGHT:
            return QBrush(QColor(255, 236, 140, 60))
        return QBrush(QColor(10, 10, 40, SHADE_ALPHA[level]))
    return QBrush(QColor(156, 39, 176, 30))


def region_pen_color(region: Region) -> str:
    return {RegionKind.DIFFICULT: "#784814", RegionKind.ILLUMINATION: "#303050"}.get(
        region.kind, "#9c27b0"
    )


class RegionItem(QGraphicsPolygonItem):
    """One region polygon; a zone also shows its name at its centre."""

    def __init__(self, region: Region) -> None:
        super().__init__(QPolygonF([to_scene(p) for p in region.points]))
        self.region = region
        self.setBrush(region_brush(region))
        self.setPen(cosmetic_pen(region_pen_color(region), 2.0, Qt.PenStyle.DashLine))

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        super().paint(painter, option, widget)
        if self.region.kind is RegionKind.ZONE and self.region.name:
            painter.setFont(label_font(0.4))
            painter.setPen(QColor("#4a148c"))
            centre: QPointF = self.polygon().boundingRect().center()
            box = QRectF(centre.x() - 200, centre.y() - 20, 400, 40)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.region.name)
