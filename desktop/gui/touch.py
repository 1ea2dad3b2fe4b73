"""Touch input turned into what the map needs: one finger is a pointer, two fingers pan and pinch.

The pointer is one finger, followed by its id. A second finger that lands before the pointer
finger has moved starts a two-finger pan and pinch (the press is cancelled, nothing is committed);
after such a gesture the remaining finger does nothing until every finger is lifted. A second
finger that lands once the pointer finger is dragging never cancels the drag: it is ignored.

With gestures ``locked`` (the table's default: infrared touch frames read miniatures resting on
the glass as extra fingers) no finger count ever pans or zooms: the extra fingers are ignored,
and a resting touch that has not moved yields the pointer to a newer finger, so a mini standing
on the glass does not stop a player's finger.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF
from PySide6.QtGui import QEventPoint, QTouchEvent

from battlemap.desktop.core.tools import PointerKind

DRAG_SLOP_PX = 6.0
"""A pointer finger farther than this from where it landed (screen px) is dragging."""


@dataclass(frozen=True, slots=True)
class TouchGesture:
    """What one touch event means: pointer events, a pan (screen px) and a zoom factor."""

    pointer: tuple[tuple[PointerKind, QPointF], ...] = ()
    pan: QPointF | None = None
    zoom: float = 1.0


def centroid_and_spread(points: list[QPointF]) -> tuple[QPointF, float]:
    """The centre of the touch points and their mean distance from it."""
    cx = sum(p.x() for p in points) / len(points)
    cy = sum(p.y() for p in points) / len(points)
    spread = sum(math.hypot(p.x() - cx, p.y() - cy) for p in points) / len(points)
    return QPointF(cx, cy), spread


class TouchTracker:
    """Follows one touch sequence (begin, updates, end) across events."""

    def __init__(self, locked: bool = False) -> None:
        self.locked = locked
        self._finger: int | None = None
        self._landed = QPointF()
        self._dragging = False
        self._multi: tuple[QPointF, float] | None = None
        self._spent = False
        """A two-finger gesture happened: no pointer until every finger is lifted."""

    def feed(self, event: QTouchEvent) -> TouchGesture:
        points = list(event.points())
        if event.type() in (QEvent.Type.TouchEnd, QEvent.Type.TouchCancel):
            gesture = self._pointer_end(points)
            self._finger, self._dragging, self._multi, self._spent = None, False, None, False
            return gesture
        down = [p for p in points if p.state() != QEventPoint.State.Released]
        if not self.locked and not self._dragging and (len(down) >= 2 or self._multi):
            return self._two_fingers(down)
        if self._spent:
            return TouchGesture()
        return self._pointer(points)

    def _pointer(self, points: list[QEventPoint]) -> TouchGesture:
        mine = next((p for p in points if p.id() == self._finger), None)
        newest = next((p for p in points if p.state() == QEventPoint.State.Pressed
                       and p.id() != self._finger), None)
        if newest is not None and (mine is None or not self._dragging):
            return self._take(newest, mine)
        if mine is None:
            return TouchGesture()
        if mine.state() == QEventPoint.State.Released:
            self._finger, self._dragging = None, False
            return TouchGesture(pointer=((PointerKind.RELEASE, mine.position()),))
        delta = mine.position() - self._landed
        self._dragging |= math.hypot(delta.x(), delta.y()) > DRAG_SLOP_PX
        return TouchGesture(pointer=((PointerKind.MOVE, mine.position()),))

    def _take(self, newest: QEventPoint, resting: QEventPoint | None) -> TouchGesture:
        """``newest`` becomes the pointer; a resting pointer finger's press is cancelled."""
        cancel = () if resting is None else ((PointerKind.CANCEL, resting.position()),)
        self._finger, self._landed, self._dragging = newest.id(), newest.position(), False
        return TouchGesture(pointer=(*cancel, (PointerKind.PRESS, newest.position())))

    def _two_fingers(self, down: list[QEventPoint]) -> TouchGesture:
        if len(down) < 2:
            self._multi = None  # a finger lifted: a new second finger starts afresh
            return TouchGesture()
        centre, spread = centroid_and_spread([p.position() for p in down[:2]])
        previous, self._multi = self._multi, (centre, spread)
        if previous is None:
            cancel = ((PointerKind.CANCEL, centre),) if self._finger is not None else ()
            self._finger, self._spent = None, True
            return TouchGesture(pointer=cancel)
        zoom = spread / previous[1] if previous[1] > 1 and spread > 1 else 1.0
        return TouchGesture(pan=centre - previous[0], zoom=zoom)

    def _pointer_end(self, points: list[QEventPoint]) -> TouchGesture:
        mine = next((p for p in points if p.id() == self._finger), None)
        if self._finger is None or self._spent:
            return TouchGesture()
        position = mine.position() if mine is not None else (
            points[0].position() if points else self._landed)
        return TouchGesture(pointer=((PointerKind.RELEASE, position),))
