"""Touch input turned into what the map needs: one finger is a pointer, two fingers pan and pinch.

A second finger cancels a one-finger drag in progress (nothing is committed); after a
two-finger gesture the remaining finger does nothing until every finger is lifted.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF
from PySide6.QtGui import QTouchEvent

from desktop.core.tools import PointerKind


@dataclass(frozen=True, slots=True)
class TouchGesture:
    """What one touch event means: a pointer event, a pan (screen px) and a zoom factor."""

    pointer: tuple[PointerKind, QPointF] | None = None
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

    def __init__(self) -> None:
        self._single = False
        self._multi: tuple[QPointF, float] | None = None

    def feed(self, event: QTouchEvent) -> TouchGesture:
        points = [p.position() for p in event.points()]
        if event.type() == QEvent.Type.TouchEnd or event.type() == QEvent.Type.TouchCancel:
            return self._end(points)
        if len(points) >= 2:
            return self._two_fingers(points)
        if self._multi is not None or not points:
            return TouchGesture()
        kind = PointerKind.MOVE if self._single else PointerKind.PRESS
        self._single = True
        return TouchGesture(pointer=(kind, points[0]))

    def _two_fingers(self, points: list[QPointF]) -> TouchGesture:
        centre, spread = centroid_and_spread(points[:2])
        previous, self._multi = self._multi, (centre, spread)
        if previous is None:
            cancel = (PointerKind.CANCEL, centre) if self._single else None
            self._single = False
            return TouchGesture(pointer=cancel)
        zoom = spread / previous[1] if previous[1] > 1 and spread > 1 else 1.0
        return TouchGesture(pan=centre - previous[0], zoom=zoom)

    def _end(self, points: list[QPointF]) -> TouchGesture:
        was_single = self._single
        self._single, self._multi = False, None
        if was_single and points:
            return TouchGesture(pointer=(PointerKind.RELEASE, points[0]))
        return TouchGesture()
