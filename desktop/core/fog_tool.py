"""The GM's fog tools: reveal or hide part of the players' view with a brush, a rectangle,
a polygon or a click in a room. Each stroke, box, shape or click is one undoable edit.

Like every map tool (:mod:`battlemap.desktop.core.tools`) they are fed :class:`PointerEvent` values
and draw their work in progress as a preview: the brush's stroke, the rectangle as a box, the
polygon as a closed shape.

Examples
--------
>>> from battlemap.desktop.core.fog import mask_array
>>> from battlemap.desktop.core.model import Encounter, Fog
>>> enc = Encounter(width=4, height=4, fog=Fog(enabled=True))
>>> tool = FogTool(FogShape.RECTANGLE, reveal=True)
>>> tool.feed(PointerEvent(PointerKind.PRESS, 0.0, 0.0), enc)
>>> tool.feed(PointerEvent(PointerKind.MOVE, 2.0, 1.0), enc)
>>> commit = tool.feed(PointerEvent(PointerKind.RELEASE, 2.0, 1.0), enc)
>>> commit.label, int(mask_array(commit.encounter.fog.revealed, 16, 16).sum())
('Reveal rectangle', 32)
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import ClassVar

from battlemap.desktop.core.fog import brush_squares, painted, polygon_squares, room_squares
from battlemap.desktop.core.model import Encounter, Point
from battlemap.desktop.core.tools import (
    BoxPreview,
    Button,
    Commit,
    DrawPreview,
    PointerEvent,
    PointerKind,
    Preview,
)

BRUSH_RADIUS = 1.0
"""Cells either side of the brush's stroke."""


class FogShape(StrEnum):
    BRUSH = "brush"
    RECTANGLE = "rectangle"
    POLYGON = "polygon"
    ROOM = "room"


class FogTool:
    """Reveal (``reveal``) or hide with one ``shape``.

    Brush and rectangle: press, drag, release. Polygon: a click per corner; a double click,
    a right click or :meth:`finish` (Enter) ends it. Room: a click inside it (the walls,
    doors and windows around the point; nothing happens where they close no room).
    """

    single_use: ClassVar[bool] = False

    def __init__(self, shape: FogShape, reveal: bool, radius: float = BRUSH_RADIUS,
                 report: Callable[[str], None] = lambda message: None) -> None:
        self.shape, self.reveal, self.radius = shape, reveal, radius
        self.report = report
        """Told why a click changed nothing (a room click where no walls close a room)."""
        self.points: list[Point] = []
        self.preview: Preview = None

    @property
    def verb(self) -> str:
        return "Reveal" if self.reveal else "Hide"

    def feed(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        if event.kind is PointerKind.CANCEL:
            self.cancel()
            return None
        if self.shape is FogShape.POLYGON:
            return self._polygon(event, encounter)
        if event.kind is PointerKind.PRESS and Button.LEFT in event.buttons:
            self.points = [event.point]
            if self.shape is FogShape.ROOM:
                return self._room(event.point, encounter)
        elif event.kind is PointerKind.MOVE and self.points:
            self._drag_to(event.point)
        elif event.kind is PointerKind.RELEASE and self.points:
            self._drag_to(event.point)
            return self.finish(encounter)
        return None

    def _drag_to(self, point: Point) -> None:
        if self.shape is FogShape.BRUSH:
            if point != self.points[-1]:
                self.points.append(point)
            self.preview = DrawPreview(tuple(self.points), point, False)
        else:
            self.points = [self.points[0], point]
            self.preview = BoxPreview(self.points[0], point)

    def _polygon(self, event: PointerEvent, encounter: Encounter) -> Commit | None:
        is_left_press = event.kind is PointerKind.PRESS and Button.LEFT in event.buttons
        is_double = event.kind is PointerKind.DOUBLE_CLICK
        if (is_left_press or is_double) and (not self.points or self.points[-1] != event.point):
            self.points.append(event.point)
        if is_double or (event.kind is PointerKind.PRESS and Button.RIGHT in event.buttons):
            return self.finish(encounter)
        if self.points:
            self.preview = DrawPreview(tuple(self.points), event.point, True)
        return None

    def _room(self, point: Point, encounter: Encounter) -> Commit | None:
        self.cancel()
        squares = room_squares(encounter, point)
        if squares is None:
            self.report("No walls close a room around that point.")
            return None
        return Commit(f"{self.verb} room", painted(encounter, squares, self.reveal))

    def cancel(self) -> None:
        self.points = []
        self.preview = None

    def finish(self, encounter: Encounter) -> Commit | None:
        """End the stroke, box or polygon (a polygon needs 3 corners, a box some size)."""
        points = tuple(self.points)
        self.cancel()
        if self.shape is FogShape.BRUSH and points:
            squares = brush_squares(encounter, points, self.radius)
        elif self.shape is FogShape.RECTANGLE and len(points) == 2:
            (x0, y0), (x1, y1) = points
            squares = polygon_squares(encounter, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
        elif self.shape is FogShape.POLYGON and len(points) >= 3:
            squares = polygon_squares(encounter, points)
        else:
            return None
        return Commit(f"{self.verb} {self.shape.value}", painted(encounter, squares, self.reveal))
