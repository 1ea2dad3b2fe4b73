"""Light sources: a warm glow out to the bright radius, a fainter one out to the dim radius,
and a small flame mark at the source. The glow stops at the walls that block sight.

A glow depends only on its light and the walls within the light's reach that stop light
(:meth:`WallPieces.walls_in_reach`), so the scene keeps a light's item while those stay the
same.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import chain

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPolygonF, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.model import Light, Wall
from battlemap.desktop.gui.style import CELL
from battlemap.geometry.index import FloatArray
from battlemap.geometry.light_reach import Ring, lit_rings_among
from battlemap.geometry.shapes import LightSource

Box = tuple[float, float, float, float]
"""min x, min y, max x, max y"""

REACH_MARGIN = 1e-6
"""Cells added to a light's reach box, so a wall touching the box is never missed."""


def stops_light(wall: Wall) -> bool:
    """Whether ``wall`` casts a shadow: it blocks sight and is full height (as lit_rings asks)."""
    return wall.blocks_sight and (wall.height is None or math.isinf(wall.height))


class WallPieces:
    """The walls that stop light as geometry sees them: each wall's straight pieces and their
    bounding box, worked out once and kept (by wall object) while the wall stays on the map."""

    def __init__(self) -> None:
        self._pieces: dict[int, tuple[Wall, tuple[FloatArray, Box] | None]] = {}
        self._walls: Sequence[Wall] = ()
        self._stopping: npt.NDArray[np.object_] = np.empty(0, dtype=object)
        self._boxes: FloatArray = np.empty((4, 0))

    def walls_in_reach(
        self, lights: Sequence[Light], walls: Sequence[Wall]
    ) -> list[tuple[Wall, ...]]:
        """For each light, the walls that stop light whose bounding box meets its reach box.

        They keep the order of ``walls``; every wall that
        :func:`~battlemap.geometry.light_reach.lit_rings` lets cast a shadow of the light is among
        them (a few more may be).
        """
        if not lights:
            return []
        if walls is not self._walls:
            self._index(walls)
        low_x, low_y, high_x, high_y = self._boxes
        reach = np.array([(lt.x, lt.y, max(lt.bright_radius, lt.dim_radius)) for lt in lights])
        x, y, r = reach[:, 0:1], reach[:, 1:2], reach[:, 2:3] + REACH_MARGIN
        meets = (low_x <= x + r) & (high_x >= x - r) & (low_y <= y + r) & (high_y >= y - r)
        return [tuple(self._stopping[row]) for row in meets]

    def _index(self, walls: Sequence[Wall]) -> None:
        """Take ``walls`` as the map's walls, reusing what is known of the walls kept."""
        known, self._pieces, self._walls = self._pieces, {}, walls
        new = [wall for wall in walls if known.get(id(wall), (None,))[0] is not wall]
        made = dict(zip(map(id, new), zip(new, pieces_of(new), strict=True), strict=True))
        found: list[tuple[Wall, Box]] = []
        for wall in walls:
            entry = made.get(id(wall)) or known[id(wall)]
            self._pieces[id(wall)] = entry
            if entry[1] is not None:
                found.append((wall, entry[1][1]))
        self._stopping = np.empty(len(found), dtype=object)
        self._stopping[:] = [wall for wall, _ in found]
        self._boxes = np.array([box for _, box in found]).reshape(-1, 4).T

    def lit_rings(self, light: Light, walls: tuple[Wall, ...]) -> tuple[Ring, ...]:
        """What ``light`` reaches past ``walls``, its walls in reach from the last
        :meth:`walls_in_reach`: the very rings ``lit_rings`` gives on the whole map."""
        source = LightSource(light.id, light.x, light.y, light.bright_radius, light.dim_radius)
        pieces = [shape[0] for wall in walls if (shape := self._pieces[id(wall)][1])]
        return lit_rings_among(source, np.concatenate([*pieces, np.empty((0, 4))]))


def pieces_of(walls: Sequence[Wall]) -> list[tuple[FloatArray, Box] | None]:
    """For each wall that stops light: rows x1, y1, x2, y2 of its pieces, as ``battlefield_of``
    makes them, and their bounding box; None for the others. Worked out for all the walls at
    once (50,000 walls: a tenth of the time one at a time took).

    >>> pieces, box = pieces_of([Wall("w", ((0, 0), (2, 0), (2, 1)))])[0]
    >>> pieces.tolist(), box
    ([[0.0, 0.0, 2.0, 0.0], [2.0, 0.0, 2.0, 1.0]], (0.0, 0.0, 2.0, 1.0))
    >>> pieces_of([Wall("dot", ((3, 4),))])[0][0].tolist()  # a zero-length piece
    [[3.0, 4.0, 3.0, 4.0]]
    """
    stopping = [wall for wall in walls if wall.points and stops_light(wall)]
    if not stopping:
        return [None] * len(walls)
    shapes = [wall.points if len(wall.points) > 1 else wall.points * 2 for wall in stopping]
    counts = np.fromiter(map(len, shapes), dtype=np.intp, count=len(shapes))
    flat = np.fromiter(chain.from_iterable(chain.from_iterable(shapes)), dtype=float,
                       count=2 * int(counts.sum())).reshape(-1, 2)
    joined = np.hstack([flat[:-1], flat[1:]])  # a wall's rows, then one across to the next
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    lows = np.minimum.reduceat(flat, starts).tolist()
    highs = np.maximum.reduceat(flat, starts).tolist()
    found = {id(wall): (joined[start:start + count - 1], (low[0], low[1], high[0], high[1]))
             for wall, start, count, low, high
             in zip(stopping, starts.tolist(), counts.tolist(), lows, highs, strict=True)}
    return [found.get(id(wall)) for wall in walls]


def glow_clip(light: Light, rings: tuple[Ring, ...]) -> QPainterPath:
    """The area the light reaches (rings in grid cells) in the light item's coordinates."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    for ring in rings:
        path.addPolygon(QPolygonF([
            QPointF((x - light.x) * CELL, (y - light.y) * CELL) for x, y in ring
        ]))
    return path


BULB = 0.15 * CELL
"""The radius of the light's own disc."""


def lit_bounds(clip: QPainterPath, radius: float) -> QRectF:
    """What a light paints: its glow within ``clip`` (the lit area) and ``radius``, and its
    bulb, a scene pixel wider (the bulb's pen, antialiasing).

    Not the whole circle of ``radius``: the walls cut most lights' glow far smaller, and Qt's
    device cache of an item whose box is over 1.2 times the view keeps only the part on
    screen, made anew (a view-sized fill and copy, and a paint of the strip uncovered) at every
    step of a pan; an item that fits is cached whole and only drawn where it is (issue 28).

    >>> clip = QPainterPath()
    >>> clip.addRect(QRectF(-50, -20, 300, 40))
    >>> lit_bounds(clip, 100.0).getRect()
    (-51.0, -21.0, 152.0, 42.0)
    """
    bulb = QRectF(-BULB, -BULB, 2 * BULB, 2 * BULB)
    circle = QRectF(-radius, -radius, 2 * radius, 2 * radius)
    return clip.boundingRect().intersected(circle).united(bulb).adjusted(-1, -1, 1, 1)


class LightItem(QGraphicsItem):
    """One light, centred on its position; its glow fills only ``rings`` (the lit area).

    ``walls`` are the walls in reach the rings were cut from (the scene's key for reuse).
    """

    def __init__(self, light: Light, rings: tuple[Ring, ...], walls: tuple[Wall, ...]) -> None:
        super().__init__()
        self.light, self.walls = light, walls
        self.clip = glow_clip(light, rings)
        self.setPos(light.x * CELL, light.y * CELL)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self._radius = max(light.dim_radius, light.bright_radius, 0.3) * CELL
        self._bounds = lit_bounds(self.clip, self._radius)

    def boundingRect(self) -> QRectF:
        return self._bounds

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
        painter.drawPath(self.clip)
        painter.setBrush(QColor("#ff7a00"))
        painter.setPen(QColor("#7a2e00"))
        painter.drawEllipse(QPointF(0, 0), BULB, BULB)
