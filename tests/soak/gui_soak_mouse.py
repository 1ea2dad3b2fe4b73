"""Real mouse, wheel and key events on the GM window's map, addressed in grid cells."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from battlemap.desktop.core.model import Point
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.style import CELL

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton
NONE, SHIFT = Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier


class Mouse:
    """Presses, moves and releases on a map view's viewport, as a user's hand would: the GM
    window's map, or ``view`` (the player view's map) when given."""

    def __init__(self, window: GMWindow, rng: random.Random, view: MapView | None = None) -> None:
        self.window, self.rng = window, rng
        self.view = view if view is not None else window.view
        self.viewport = self.view.viewport()

    def at(self, x: float, y: float) -> QPoint:
        """The viewport position of the map point ``(x, y)`` in cells."""
        return self.view.mapFromScene(QPointF(x * CELL, y * CELL))

    def random_point(self) -> Point:
        encounter = self.window.state.encounter
        return (self.rng.uniform(0.3, encounter.width - 0.3),
                self.rng.uniform(0.3, encounter.height - 0.3))

    def random_corner(self) -> Point:
        encounter = self.window.state.encounter
        return (float(self.rng.randint(0, int(encounter.width))),
                float(self.rng.randint(0, int(encounter.height))))

    def random_box(self) -> list[Point]:
        """The four corners of a box of 1 to 3 cells a side."""
        x, y = self.random_corner()
        w, h = self.rng.randint(1, 3), self.rng.randint(1, 3)
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]

    def skip_animation(self) -> None:
        """A click on the GM's map skips a playing attack animation (the click is eaten)."""
        if self.window.combat_tools.attack.animator.is_running:
            x, y = self.random_point()
            gm_view = self.window.view
            QTest.mouseClick(gm_view.viewport(), LEFT, NONE,
                             gm_view.mapFromScene(QPointF(x * CELL, y * CELL)))

    def click(self, x: float, y: float) -> None:
        QTest.mouseClick(self.viewport, LEFT, NONE, self.at(x, y))

    def move(self, x: float, y: float, buttons: Qt.MouseButton = Qt.MouseButton.NoButton) -> None:
        """A mouse move to ``(x, y)`` with ``buttons`` down (sent as an event: offscreen,
        ``QTest.mouseMove`` sends none without a button down)."""
        point = QPointF(self.at(x, y))
        QApplication.sendEvent(self.viewport, QMouseEvent(
            QEvent.Type.MouseMove, point, self.viewport.mapToGlobal(point),
            Qt.MouseButton.NoButton, buttons, NONE))

    def drag(self, start: Point, end: Point, free: bool) -> None:
        """Press at ``start``, move there in a few steps, release at ``end`` (Shift: free)."""
        modifiers = SHIFT if free else NONE
        QTest.mousePress(self.viewport, LEFT, modifiers, self.at(*start))
        steps = self.rng.randint(1, 4)
        for n in range(1, steps + 1):
            t = n / steps
            self.move(start[0] + t * (end[0] - start[0]), start[1] + t * (end[1] - start[1]),
                      LEFT)
        QTest.mouseRelease(self.viewport, LEFT, modifiers, self.at(*end))

    def wheel(self, x: float, y: float, notches: int) -> None:
        """One wheel notch per unit of ``notches`` at ``(x, y)`` (turns a Cone or Stream)."""
        pos = QPointF(self.at(x, y))
        event = QWheelEvent(pos, QPointF(self.viewport.mapToGlobal(pos)), QPoint(0, 0),
                            QPoint(0, 120 * notches), Qt.MouseButton.NoButton, NONE,
                            Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(self.viewport, event)

    def polyline(self, points: list[Point]) -> None:
        """Click each corner, then finish: Enter, a right click or a double click."""
        for point in points[:-1]:
            self.click(*point)
        last = self.at(*points[-1])
        way = self.rng.randrange(3)
        if way == 0:
            QTest.mouseDClick(self.viewport, LEFT, NONE, last)
            return
        QTest.mouseClick(self.viewport, LEFT, NONE, last)
        if way == 1:
            QTest.keyClick(self.view, Qt.Key.Key_Return)
        else:
            QTest.mouseClick(self.viewport, RIGHT, NONE, last)

    def wait(self, ms: int) -> None:
        """Leave the mouse alone for ``ms`` (animations and the autosave timer run)."""
        QTest.qWait(ms)
