"""The template tool on the map: a Blast, Cone or Stream follows the mouse; click to attack.

:class:`TemplateController` owns a Qt-free
:class:`~battlemap.desktop.core.template_targeting.TemplateTool` and draws its aim on every scene
(GM and players): the template's outline, everyone beneath it ringed in red, those shielded by a
solid obstacle ringed in blue with the obstacle's Hardness. The mouse wheel turns a Cone or Stream
(Shift: three steps) while the tool is active. When an area attack is applied its burst - after the
deviation path of a missed blast - and its results play on every scene. A template whose area holds
the attacker or his allies asks first, naming them (:meth:`TemplateController.ask_friendly_fire`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPolygonF, QWheelEvent
from PySide6.QtWidgets import QGraphicsItem, QMessageBox, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core import storyboard as sb
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.template_attack import outline_of
from battlemap.desktop.core.template_targeting import TemplateAim, TemplateTool
from battlemap.desktop.gui.animations import AttackAnimator
from battlemap.desktop.gui.decision_dialog import DecisionDialog
from battlemap.desktop.gui.overlay_item import pen_margin
from battlemap.desktop.gui.scene import Audience, Layer, MapScene, tokens_drawn
from battlemap.desktop.gui.style import CELL, LABEL_BACK, cosmetic_pen, label_font, to_scene
from battlemap.rules.dice import DiceSource

TEMPLATE_FILL = QColor(255, 120, 0, 70)
TEMPLATE_EDGE = QColor("#ff6d00")
VICTIM = QColor("#ff1744")
PROTECTED = QColor("#2979ff")


class TemplateOverlay(QGraphicsItem):
    """The template and its victims on one scene."""

    def __init__(self, for_players: bool = False) -> None:
        super().__init__()
        self.for_players = for_players
        self.aim: TemplateAim | None = None
        self.encounter = Encounter()

    def show_aim(self, aim: TemplateAim | None, encounter: Encounter) -> None:
        """Draw ``aim``. Only what the old and the new aim cover is repainted (the whole map
        was, at every move of the mouse and at every click's commit)."""
        before = self.drawn_rect()
        if (encounter.width, encounter.height) != (self.encounter.width, self.encounter.height):
            self.prepareGeometryChange()
        self.aim, self.encounter = aim, encounter
        after = self.drawn_rect()
        if before.isNull() and after.isNull():
            return
        changed = after if before.isNull() else before if after.isNull() else before.united(after)
        margin = pen_margin(self, 7.0)  # the pens are screen pixels wide: at today's zoom
        self.update(changed.adjusted(-margin, -margin, margin, margin))

    def drawn_rect(self) -> QRectF:
        """The scene rect :meth:`paint` draws in, without its pens (null: nothing): the
        template's outline, the rings of everyone beneath it (hidden ones too: the players'
        scene may show them by the time it paints) and the shields' labels above them."""
        if self.aim is None or self.aim.placed is None:
            return QRectF()
        drawn = QPolygonF([to_scene(p) for p in outline_of(self.aim.placed.template)]) \
            .boundingRect()
        tokens = {t.id: t for t in self.encounter.tokens}
        for hit in self.aim.placed.victims.hits:
            token = tokens.get(hit.id)
            if token is not None:
                r, centre = (token.radius + 0.1) * CELL, to_scene((token.x, token.y))
                top = r + 0.46 * CELL  # the shield's label above the ring
                drawn = drawn.united(QRectF(centre.x() - max(r, 0.9 * CELL), centre.y() - top,
                                            2 * max(r, 0.9 * CELL), top + r))
        return drawn

    def boundingRect(self) -> QRectF:
        return QRectF(-4 * CELL, -4 * CELL, (self.encounter.width + 8) * CELL,
                      (self.encounter.height + 8) * CELL)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.aim is None or self.aim.placed is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(cosmetic_pen(TEMPLATE_EDGE, 3.0))
        painter.setBrush(TEMPLATE_FILL)
        painter.drawPolygon(QPolygonF([to_scene(p) for p in outline_of(self.aim.placed.template)]))
        tokens = tokens_drawn(self, self.encounter, self.for_players)
        shields = {p.id: p for p in self.aim.placed.victims.protected}
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for hit in self.aim.placed.victims.hits:
            token = tokens.get(hit.id)
            if token is None:
                continue
            shield = shields.get(hit.id)
            painter.setPen(cosmetic_pen(PROTECTED if shield else VICTIM, 5.0))
            r = (token.radius + 0.1) * CELL
            centre = to_scene((token.x, token.y))
            painter.drawEllipse(centre, r, r)
            if shield is not None:
                self._label(painter, centre + QPointF(0, -r - 0.3 * CELL),
                            f"{shield.obstacle} H{shield.hardness:g}")

    def _label(self, painter: QPainter, at: QPointF, text: str) -> None:
        box = QRectF(at.x() - 0.9 * CELL, at.y() - 0.16 * CELL, 1.8 * CELL, 0.32 * CELL)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(LABEL_BACK)
        painter.drawRoundedRect(box, 5, 5)
        painter.setFont(label_font(0.2))
        painter.setPen(PROTECTED.lighter(150))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class TemplateController(QObject):
    """The template tool of the GM window: places, previews, fires and animates templates."""

    def __init__(self, state: BattleState, scenes: Callable[[], list[MapScene]],
                 dice: Callable[[], DiceSource], animator: AttackAnimator,
                 is_active: Callable[[], bool]) -> None:
        super().__init__()
        self.state, self.scenes, self.animator = state, scenes, animator
        self.tool = TemplateTool(dice)
        self.tool.confirm_friendly_fire = self.ask_friendly_fire
        self.tool.ask = DecisionDialog(None)
        self.is_active = is_active
        self.ask: Callable[[str], bool] = ask_yes_no
        """Puts a yes/no question to the GM (tests answer it themselves)."""
        self._overlays: dict[int, tuple[MapScene, TemplateOverlay]] = {}
        self.tool.listeners.append(self.redraw)
        state.changed.connect(self._on_state_change)

    def activate(self, attacker: str | None, shape: str) -> None:
        """Fire ``shape`` templates as ``attacker`` from now on."""
        self.tool.attacker, self.tool.shape = attacker, shape
        self.redraw()

    def ask_friendly_fire(self, friends: tuple[Token, ...]) -> bool:
        """Whether the GM fires although ``friends`` (the attacker, his allies) are beneath."""
        attacker = self.tool.attacker
        names = [f"{t.name} (the attacker)" if t.id == attacker else t.name for t in friends]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        name = next((t.name for t in self.state.encounter.tokens if t.id == attacker), "")
        return self.ask(f"{name}'s template would also catch {who}. Fire anyway?")

    def _overlay(self, scene: MapScene) -> TemplateOverlay:
        found = self._overlays.get(id(scene))
        if found is None or found[0] is not scene:
            shown = self.scenes()  # let a closed player view's scene go
            self._overlays = {k: f for k, f in self._overlays.items() if f[0] in shown}
            found = (scene, TemplateOverlay(scene.audience is Audience.PLAYER))
            scene.add_overlay(found[1], Layer.TOOL)
            self._overlays[id(scene)] = found
        return found[1]

    def redraw(self) -> None:
        for scene in self.scenes():
            self._overlay(scene).show_aim(self.tool.aim, self.state.encounter)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The wheel turns a Cone or Stream while the tool is active (not a zoom)."""
        if not (isinstance(event, QWheelEvent) and self.is_active()):
            return False
        if self.tool.shape in ("sbt", "mbt", "lbt"):
            return False
        shift = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        steps = (1 if event.angleDelta().y() < 0 else -1) * (3 if shift else 1)
        self.tool.rotate(self.state.encounter, steps)
        return True

    def _on_state_change(self, old: Encounter, new: Encounter) -> None:
        result = self.tool.last_result
        if result is None or result.encounter is not new:
            return
        self.tool.last_result = None
        prelude: list[sb.Beat] = []
        if result.deviated:
            prelude.append(sb.DeviationPath((result.aimed.x, result.aimed.y),
                                            (result.landed.x, result.landed.y)))
        prelude.append(sb.Burst(result.outline()))
        self.animator.scenes = self.scenes()
        self.animator.play(sb.storyboard(old, result.events, prelude=prelude),
                           sb.storyboard(old, sb.visible_events(old, result.events),
                                         prelude=prelude), before=old)


def ask_yes_no(question: str) -> bool:
    """Ask ``question`` in a message box; True for Yes (No is the default)."""
    answer = QMessageBox.question(
        None, "Friendly fire", question,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes
