"""Plays an attack's beats (:mod:`battlemap.desktop.core.storyboard`) on every map scene, in order.

Each beat becomes, on each scene (the GM's and the players'), a short overlay item driven by a
:class:`QVariantAnimation` from 0 to 1; each scene plays its beats one after another, all
scenes at once. The players' scenes may get their own beats, without hidden tokens. Every
beat is under a second.
:meth:`AttackAnimator.skip` (a click or Space on a watched view) jumps to the end. The overlays
are hidden when their beat ends and removed when the animation ends: the tokens themselves
already show the new state (a pushed token's item ends where the token now stands).

:class:`~battlemap.desktop.gui.motion.MotionPreferences` holds the user's speed and "reduced motion"
choice (nothing moves across the map; beats fade in place, briefly); ``enabled=False`` plays
every beat at zero duration, which the tests use to assert the end state.

A scene may be deleted while its beats play (the player view closed, the window gone): its
items die with it, and the animator skips what would touch them. An animator given a parent
(the GM window) stops with it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import (
    QEvent,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QSequentialAnimationGroup,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QGraphicsSimpleTextItem,
)
from shiboken6 import isValid

from battlemap.desktop.core import storyboard as sb
from battlemap.desktop.core.model import Encounter, Point
from battlemap.desktop.gui.motion import MotionPreferences, motion_preferences
from battlemap.desktop.gui.scene import Audience, Layer, MapScene, token_marks
from battlemap.desktop.gui.style import CELL, to_scene

Update = Callable[[float], None]

def _token_of(beat: sb.Beat, where: dict[Point, str]) -> str | None:
    """The token a beat shows something happening to (by id, else by where it stood)."""
    token = getattr(beat, "token", None)
    if isinstance(token, str):
        return token
    at = getattr(beat, "at", None)
    return where.get(at) if isinstance(at, tuple) else None


def _first_calling(first: Callable[[], None], update: Update) -> Update:
    """``update``, with ``first`` called once before its first frame."""
    pending = [first]

    def updated(t: float) -> None:
        if pending:
            pending.pop()()
        update(t)
    return updated


def _along(start: QPointF, end: QPointF, t: float) -> QPointF:
    return start + (end - start) * t


def _fading(item: QGraphicsItem, t: float, hold: float = 0.6) -> None:
    """Full opacity until ``hold`` of the way, then fade out."""
    item.setOpacity(1.0 if t < hold else max(0.0, (1.0 - t) / (1.0 - hold)))


def _disc(at: QPointF, radius: float, color: QColor) -> QGraphicsEllipseItem:
    item = QGraphicsEllipseItem(-radius, -radius, 2 * radius, 2 * radius)
    item.setPos(at)
    item.setBrush(QBrush(color))
    item.setPen(QPen(Qt.PenStyle.NoPen))
    return item


def _label(text: str, color: str, cells: float) -> QGraphicsSimpleTextItem:
    item = QGraphicsSimpleTextItem(text)
    font = QFont("DejaVu Sans")
    font.setPixelSize(round(cells * CELL))
    font.setBold(True)
    item.setFont(font)
    item.setBrush(QColor(color))
    item.setPen(QPen(QColor("#000000"), 2.0))
    rect = item.boundingRect()
    item.setTransformOriginPoint(rect.center())
    return item


class _BeatPainter:
    """Builds the overlay item of one beat on one scene and the function that moves it."""

    def __init__(self, scene: MapScene, moving: bool) -> None:
        self.scene, self.moving = scene, moving

    def build(self, beat: sb.Beat) -> tuple[list[QGraphicsItem], Update]:
        handler = getattr(self, "_" + type(beat).__name__.lower())
        result: tuple[list[QGraphicsItem], Update] = handler(beat)
        for item in result[0]:
            self.scene.add_overlay(item, Layer.EFFECTS)
        return result

    def _tracer(self, beat: sb.Tracer) -> tuple[list[QGraphicsItem], Update]:
        start, end = to_scene(beat.start), to_scene(beat.end)
        line = QGraphicsLineItem()
        line.setPen(QPen(QColor("#fff59d"), 0.09 * CELL, Qt.PenStyle.SolidLine,
                         Qt.PenCapStyle.RoundCap))

        def update(t: float) -> None:
            head = t if self.moving else 1.0
            tail = max(0.0, head - 0.3) if self.moving else 0.0
            line.setLine(_along(start, end, tail).x(), _along(start, end, tail).y(),
                         _along(start, end, head).x(), _along(start, end, head).y())
        return [line], update

    def _flash(self, beat: sb.Flash) -> tuple[list[QGraphicsItem], Update]:
        disc = _disc(to_scene(beat.at), beat.radius * CELL, QColor(255, 255, 255, 230))

        def update(t: float) -> None:
            disc.setScale(1.0 + 0.4 * t * self.moving)
            disc.setOpacity(1.0 - t)
        return [disc], update

    def _whiff(self, beat: sb.Whiff) -> tuple[list[QGraphicsItem], Update]:
        r = beat.radius * CELL * 1.3
        path = QPainterPath()
        path.arcMoveTo(-r, -r, 2 * r, 2 * r, 100)
        path.arcTo(-r, -r, 2 * r, 2 * r, 100, 70)
        arc = QGraphicsPathItem(path)
        arc.setPen(QPen(QColor("#e0f7fa"), 0.07 * CELL, Qt.PenStyle.SolidLine,
                        Qt.PenCapStyle.RoundCap))
        arc.setPos(to_scene(beat.at))

        def update(t: float) -> None:
            arc.setRotation(-60 * t * self.moving)
            _fading(arc, t, 0.3)
        return [arc], update

    def _risingtext(self, beat: sb.RisingText) -> tuple[list[QGraphicsItem], Update]:
        label = _label(beat.text, beat.color, 0.9)
        origin = to_scene(beat.at) - label.boundingRect().center()

        def update(t: float) -> None:
            label.setPos(origin - QPointF(0, 0.9 * CELL * t * self.moving))
            _fading(label, t)
        return [label], update

    def _badgepop(self, beat: sb.BadgePop) -> tuple[list[QGraphicsItem], Update]:
        label = _label(beat.text, beat.color, 0.45)
        label.setPos(to_scene(beat.at) - label.boundingRect().center() - QPointF(0, 0.75 * CELL))

        def update(t: float) -> None:
            label.setScale(min(1.0, 0.3 + 1.4 * t) if self.moving else 1.0)
            _fading(label, t, 0.75)
        return [label], update

    def _greying(self, beat: sb.Greying) -> tuple[list[QGraphicsItem], Update]:
        veil = _disc(to_scene(beat.at), beat.radius * CELL, QColor(60, 60, 60, 200))

        def update(t: float) -> None:
            veil.setScale(max(0.05, t) if self.moving else 1.0)
            veil.setOpacity(1.0 - t * t)
        return [veil], update

    def _slide(self, beat: sb.Slide) -> tuple[list[QGraphicsItem], Update]:
        token = self.scene.token_item(beat.token)
        start, end = to_scene(beat.start), to_scene(beat.end)

        def update(t: float) -> None:
            if token is not None:
                token.setPos(_along(start, end, t if self.moving else 1.0))
        return [], update

    def _burst(self, beat: sb.Burst) -> tuple[list[QGraphicsItem], Update]:
        shape = QGraphicsPolygonItem(QPolygonF([to_scene(p) for p in beat.outline]))
        shape.setBrush(QColor(255, 140, 0, 170))
        shape.setPen(QPen(QColor("#ffeb3b"), 0.06 * CELL))
        centre = shape.boundingRect().center()
        shape.setTransformOriginPoint(centre)

        def update(t: float) -> None:
            shape.setScale(0.6 + 0.4 * math.sin(t * math.pi / 2) if self.moving else 1.0)
            _fading(shape, t, 0.5)
        return [shape], update

    def _deviationpath(self, beat: sb.DeviationPath) -> tuple[list[QGraphicsItem], Update]:
        start, end = to_scene(beat.start), to_scene(beat.end)
        line = QGraphicsLineItem(start.x(), start.y(), start.x(), start.y())
        line.setPen(QPen(QColor("#ff6d00"), 0.06 * CELL, Qt.PenStyle.DashLine))
        dot = _disc(start, 0.18 * CELL, QColor("#ff6d00"))

        def update(t: float) -> None:
            head = _along(start, end, t if self.moving else 1.0)
            line.setLine(start.x(), start.y(), head.x(), head.y())
            dot.setPos(head)
        return [line, dot], update

    def _jokerflourish(self, beat: sb.JokerFlourish) -> tuple[list[QGraphicsItem], Update]:
        ring = QGraphicsEllipseItem(-beat.radius * CELL, -beat.radius * CELL,
                                    2 * beat.radius * CELL, 2 * beat.radius * CELL)
        ring.setPos(to_scene(beat.at))
        ring.setPen(QPen(QColor("#ffd700"), 0.12 * CELL))
        star = _label("★ JOKER", "#ffd700", 0.3)
        star.setPos(to_scene(beat.at) - star.boundingRect().center() + QPointF(0, 0.9 * CELL))

        def update(t: float) -> None:
            ring.setScale(1.0 + 0.8 * t * self.moving)
            _fading(ring, t, 0.4)
            _fading(star, t, 0.7)
        return [ring, star], update


class AttackAnimator(QObject):
    """Plays beats on ``scenes`` one after another; :attr:`finished` when done or skipped."""

    finished = Signal()

    def __init__(self, scenes: Sequence[MapScene],
                 preferences: MotionPreferences | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenes = list(scenes)
        self._preferences = preferences
        self.played: list[sb.Beat] = []
        self._group: QParallelAnimationGroup | None = None
        self._items: list[tuple[MapScene, QGraphicsItem]] = []
        self._held: dict[tuple[MapScene, str], sb.Beat] = {}
        """Tokens shown as they were, each until its first badge or greying beat plays."""
        self._slid: list[tuple[MapScene, str]] = []
        """Tokens put back where they stood until their slide."""

    @property
    def preferences(self) -> MotionPreferences:
        """The preferences set on this animator, else the user's saved ones (read each time)."""
        return self._preferences or motion_preferences()

    @preferences.setter
    def preferences(self, value: MotionPreferences | None) -> None:
        self._preferences = value

    @property
    def is_running(self) -> bool:
        return self._group is not None

    def play(self, beats: Sequence[sb.Beat],
             player_beats: Sequence[sb.Beat] | None = None,
             before: Encounter | None = None) -> None:
        """Play ``beats`` on every scene at once, one beat after another; the players' scenes
        play ``player_beats`` instead when given (what shows no hidden token). A running
        animation is first skipped to its end.

        With ``before`` (the encounter the beats start from) nothing shows the end first: a
        token shows its old marks until its first badge or greying beat plays, and a pushed
        token stands where it stood until its slide plays."""
        self.skip()
        group = QParallelAnimationGroup(self)
        preferences = self.preferences
        for scene in self.scenes:
            for_players = scene.audience is Audience.PLAYER and player_beats is not None
            shown = player_beats if for_players and player_beats is not None else beats
            if before is not None:
                scene.sync(scene.state.encounter)  # the new state first, whoever syncs later
                self._hold(scene, shown, before)
            group.addAnimation(self._sequence(scene, shown, preferences))
        self.played = list(beats)
        self._group = group
        group.finished.connect(self._on_finished)
        group.start()

    def _hold(self, scene: MapScene, beats: Sequence[sb.Beat], before: Encounter) -> None:
        """Show the tokens the beats change as they were in ``before`` until their beat."""
        old = token_marks(before)
        where = {(t.x, t.y): t.id for t in before.tokens}
        for beat in beats:
            token_id = _token_of(beat, where)
            item = scene.token_item(token_id) if token_id is not None else None
            if item is None or token_id is None or (scene, token_id) in self._held:
                continue
            if isinstance(beat, sb.Slide):
                item.setPos(to_scene(beat.start))
                self._slid.append((scene, token_id))
            elif isinstance(beat, sb.BadgePop | sb.Greying) and token_id in old:
                self._held[(scene, token_id)] = beat
                scene.hold_marks(token_id, old[token_id])

    def _release(self, scene: MapScene, beat: sb.Beat) -> None:
        """The beat plays: its token shows its new marks from now on."""
        for key, first in list(self._held.items()):
            if key[0] is scene and first is beat:
                del self._held[key]
                scene.release_marks(key[1])

    def _sequence(self, scene: MapScene, beats: Sequence[sb.Beat],
                  preferences: MotionPreferences) -> QSequentialAnimationGroup:
        sequence = QSequentialAnimationGroup(self)
        moving = not preferences.reduced_motion
        for beat in beats:
            items, update = _BeatPainter(scene, moving).build(beat)
            if isinstance(beat, sb.BadgePop | sb.Greying) and any(
                    held is scene for held, _token in self._held):
                update = _first_calling(partial(self._release, scene, beat), update)
            self._items += [(scene, item) for item in items]
            for item in items:
                item.setVisible(False)
            duration = preferences.duration_ms(beat)
            sequence.addAnimation(self._variant(scene, items, update, duration))
        return sequence

    def skip(self) -> None:
        """Jump to the end: every beat's final frame, then clean up."""
        group = self._group
        if group is not None:
            group.setCurrentTime(group.totalDuration())
            if self._group is group:
                self._on_finished()

    def watch(self, widget: QObject) -> None:
        """Skip on a click or Space in ``widget`` (a map view's viewport) while playing. The
        click goes on to the map's tool (the next target's attack, a token taken): a GM
        clicking the next target while a result plays lost that click, in no words."""
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        pressed = event.type() == QEvent.Type.MouseButtonPress
        space = isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Space
        if self.is_running and (pressed or space):
            self.skip()
            return space
        return False

    def _variant(self, scene: MapScene, items: list[QGraphicsItem], update: Update,
                 duration: int) -> QVariantAnimation:
        animation = QVariantAnimation(self)
        animation.setStartValue(0.0)
        animation.setEndValue(1.0)
        animation.setDuration(duration)

        def on_value(value: object) -> None:
            if not isValid(scene):
                return  # deleted, with its items
            progress = float(value)  # type: ignore[arg-type]
            for item in items:
                item.setVisible(progress < 1.0)
            update(progress)
        animation.valueChanged.connect(on_value)
        return animation

    def _on_finished(self) -> None:
        if self._group is not None:
            self._group.deleteLater()  # its animations hold the beat items: free them all
        self._group = None
        for scene, token_id in list(self._held):  # skipped: the end state at once
            if isValid(scene):
                scene.release_marks(token_id)
        self._held.clear()
        for scene, token_id in self._slid:  # where the token now stands, however it ended
            item = scene.token_item(token_id) if isValid(scene) else None
            token = next((t for t in scene.state.encounter.tokens if t.id == token_id), None)
            if item is not None and token is not None:
                item.setPos(to_scene((token.x, token.y)))
        self._slid.clear()
        for scene, item in self._items:
            if isValid(scene) and isValid(item) and item.scene() is scene:
                scene.removeItem(item)
        self._items.clear()
        self.finished.emit()
