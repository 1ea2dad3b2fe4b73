"""The threat view: every enemy of the chosen token shaded by the cover it has from it.

A ring and a translucent fill over each enemy, coloured by Cover category (magenta: in the open,
lilac: Light, aquamarine: Medium, green: Heavy, dark green: Near Total, grey: out of sight), with
the hidden percentage beneath. None of these is a side's colour (heroes blue, villains red,
neutrals yellow), so a shaded goblin never reads as a hero. It follows the battle state and
the chosen viewer; the measuring is :func:`battlemap.desktop.core.threats.enemy_cover` (one geometry
call for every enemy).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.threats import enemy_cover
from battlemap.desktop.gui.scene import Layer, MapScene
from battlemap.desktop.gui.style import CELL, LABEL_BACK, cosmetic_pen, label_font, to_scene
from battlemap.geometry.cover import TargetCover

CATEGORY_COLORS = {
    "none": QColor("#ff2bd6"), "light": QColor("#d98cff"), "medium": QColor("#1de9b6"),
    "heavy": QColor("#64dd17"), "near_total": QColor("#1b5e20"), "total": QColor("#9e9e9e"),
}


class ThreatOverlay(QGraphicsItem):
    """Draws the cover of each enemy of ``viewer``; empty while no viewer is chosen."""

    def __init__(self, state: BattleState) -> None:
        super().__init__()
        self.state = state
        self.viewer: str | None = None
        self.readings: tuple[TargetCover, ...] = ()
        self.encounter = Encounter()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        state.changed.connect(self._on_state_change)

    def detach(self) -> None:
        self.state.changed.disconnect(self._on_state_change)

    def show_for(self, viewer: str | None) -> None:
        """Measure and draw the enemies of ``viewer`` (None hides the view). Hidden before
        and after (each selection change asks while the view is off), nothing is repainted.
        Hidden, the overlay has no contents: a view's repaint does not call :meth:`paint`
        (its bounds are the whole map, which every repainted box meets) to draw nothing."""
        encounter = self.state.encounter
        known = viewer is not None and any(t.id == viewer for t in encounter.tokens)
        shown_before, before = bool(self.readings), self.sceneBoundingRect()
        if (encounter.width, encounter.height) != (self.encounter.width, self.encounter.height):
            self.prepareGeometryChange()
        self.encounter = encounter
        self.viewer = viewer if known else None
        self.readings = enemy_cover(encounter, viewer) if known and viewer else ()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not self.readings)
        scene = self.scene()  # the scene's update: a view drops an item's own with no contents
        if (shown_before or self.readings) and scene is not None:
            scene.update(before.united(self.sceneBoundingRect()))

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        if self.viewer is not None:
            self.show_for(self.viewer)

    def boundingRect(self) -> QRectF:
        return QRectF(-CELL, -CELL, (self.encounter.width + 2) * CELL,
                      (self.encounter.height + 2) * CELL)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        tokens = {t.id: t for t in self.encounter.tokens}
        painter.setFont(label_font(0.22))
        for reading in self.readings:
            token = tokens[reading.id]
            color = CATEGORY_COLORS[reading.cover.value]
            fill = QColor(color)
            fill.setAlpha(90)
            centre, r = to_scene((token.x, token.y)), (token.radius + 0.08) * CELL
            painter.setPen(cosmetic_pen(color, 5.0))
            painter.setBrush(fill)
            painter.drawEllipse(centre, r, r)
            self._paint_label(painter, centre + QPointF(0, r + 0.45 * CELL), reading, color)

    def _paint_label(self, painter: QPainter, at: QPointF, reading: TargetCover,
                     color: QColor) -> None:
        text = f"{round(reading.fraction * 100)} % {reading.cover.value.replace('_', ' ')}"
        box = QRectF(at.x() - 0.9 * CELL, at.y() - 0.16 * CELL, 1.8 * CELL, 0.32 * CELL)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(LABEL_BACK)
        painter.drawRoundedRect(box, 5, 5)
        painter.setPen(color)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def add_threat_overlay(scene: MapScene, state: BattleState) -> ThreatOverlay:
    """A threat overlay above the tokens of ``scene`` (empty until a viewer is chosen)."""
    overlay = ThreatOverlay(state)
    scene.add_overlay(overlay, Layer.TOOL)
    return overlay
