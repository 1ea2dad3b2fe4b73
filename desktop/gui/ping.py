"""A ping: rings that swell out from a point on every view for a moment ("look here").

A long press on the table or Ctrl+Shift+click on the GM map asks for one; the GM window rings it
on its own map and on the table. With reduced motion the rings stand still and fade.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, QPointF, QRectF, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget
from shiboken6 import isValid

from battlemap.desktop.gui.motion import motion_preferences
from battlemap.desktop.gui.scene import Layer, MapScene
from battlemap.desktop.gui.style import CELL

PING_MS = 1600
"""How long a ping rings."""
PING_RADIUS = 1.6 * CELL
PING_COLOR = QColor("#00e5ff")
RINGS = 3


class PingItem(QGraphicsItem):
    """Three concentric rings at the ping point; ``progress`` (0..1) swells and fades them."""

    def __init__(self, at: QPointF, moving: bool = True) -> None:
        super().__init__()
        self.setPos(at)
        self.moving = moving
        self.progress = 0.0

    def boundingRect(self) -> QRectF:
        r = PING_RADIUS + 0.2 * CELL
        return QRectF(-r, -r, 2 * r, 2 * r)

    def set_progress(self, progress: float) -> None:
        self.progress = progress
        self.setOpacity(1.0 - progress * progress)
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(QColor(0, 229, 255, 60))
        for ring in range(RINGS):
            phase = (self.progress * 2 + ring / RINGS) % 1.0 if self.moving else (ring + 1) / RINGS
            radius = 0.25 * CELL + phase * (PING_RADIUS - 0.25 * CELL)
            painter.setPen(QPen(QColor("#000000"), 0.16 * CELL))
            painter.drawEllipse(QPointF(0, 0), radius, radius)
            painter.setPen(QPen(PING_COLOR, 0.1 * CELL))
            painter.drawEllipse(QPointF(0, 0), radius, radius)
            painter.setBrush(QColor(0, 0, 0, 0))


def ring_out(scenes: Sequence[MapScene], at: QPointF, parent: QObject) -> QVariantAnimation:
    """Ring a ping at scene point ``at`` on each of ``scenes``; the items go when it ends."""
    moving = not motion_preferences().reduced_motion
    items = [PingItem(at, moving) for _ in scenes]
    for scene, item in zip(scenes, items, strict=True):
        scene.add_overlay(item, Layer.HUD)
    animation = QVariantAnimation(parent)
    animation.setStartValue(0.0)
    animation.setEndValue(1.0)
    animation.setDuration(PING_MS)

    def on_value(value: object) -> None:
        for item in items:
            if isValid(item):
                item.set_progress(float(value))  # type: ignore[arg-type]

    def on_finished() -> None:
        for scene, item in zip(scenes, items, strict=True):
            if isValid(scene) and isValid(item) and item.scene() is scene:
                scene.removeItem(item)
        animation.deleteLater()

    animation.valueChanged.connect(on_value)
    animation.finished.connect(on_finished)
    animation.start()
    return animation
