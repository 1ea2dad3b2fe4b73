"""The fog over the map: black on the players' view, a translucent veil on the GM's.

Each fog square (a quarter cell) is clear, dimmed (seen before or revealed while the heroes'
vision is on) or covered; the item paints a small image of those squares stretched over the
map, and leaves clear what the heroes see now (the sight's rings cut out by a clip path, so
the edge of their view is sharp while the squares' edges are soft).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.core.fog import PartySight, fog_size, mask_array
from desktop.core.model import FOG_SQUARES_PER_CELL, Encounter
from desktop.gui.style import CELL

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from geometry.light_reach import Ring

SQUARE = CELL / FOG_SQUARES_PER_CELL
"""A fog square's side in scene pixels."""
COVERED_ALPHA = {"player": 255, "gm": 110}
"""Opacity (0-255) of a square nobody may see, on each audience's view."""
DIMMED_ALPHA = {"player": 165, "gm": 45}
"""Opacity of a square the heroes saw before (or the GM revealed) but do not see now."""


def square_alphas(encounter: Encounter, audience: str) -> npt.NDArray[np.uint32]:
    """The opacity of the fog over each square (rows x columns, 0 = clear) outside what the
    heroes see now.

    Examples
    --------
    >>> from desktop.core.model import Fog
    >>> int(square_alphas(Encounter(width=1, height=1, fog=Fog(enabled=True)), "player").max())
    255
    """
    import numpy as np  # with the fog: a map without starts without numpy

    columns, rows = fog_size(encounter)
    fog = encounter.fog
    revealed = mask_array(fog.revealed, columns, rows)
    alphas = np.full((rows, columns), COVERED_ALPHA[audience], dtype=np.uint32)
    if fog.vision:
        alphas[revealed | mask_array(fog.seen, columns, rows)] = DIMMED_ALPHA[audience]
    else:
        alphas[revealed] = 0
    return alphas


class FogItem(QGraphicsItem):
    """The fog of one audience (``"player"`` or ``"gm"``) over the whole map."""

    def __init__(self, audience: str) -> None:
        super().__init__()
        self.audience = audience
        self._rect = QRectF()
        self._squares = QRectF()
        """Where the squares' image goes: the map, or its first 1,024 cells (the fog's limit)."""
        self._image = QImage()
        self._clip: QPainterPath | None = None
        self._rings: tuple[Ring, ...] | None = None
        """The rings left clear, as last shown (None: no sight shown)."""
        self._polygons: dict[Ring, QPolygonF] = {}
        self._key: tuple[object, ...] = ()
        self.setVisible(False)

    def show_fog(self, encounter: Encounter, sight: PartySight | None) -> None:
        """Cover ``encounter``'s map as its fog says, leaving ``sight`` clear (vision on)."""
        fog = encounter.fog
        self.setVisible(fog.enabled)
        if not fog.enabled:
            return
        key = (fog, encounter.width, encounter.height)
        whole = key != self._key or not self.isVisible()
        if key != self._key:
            self.prepareGeometryChange()
            self._rect = QRectF(0, 0, encounter.width * CELL, encounter.height * CELL)
            alphas = square_alphas(encounter, self.audience)
            rows, columns = alphas.shape
            self._squares = QRectF(0, 0, columns * SQUARE, rows * SQUARE).intersected(self._rect)
            self._image = _image_of(alphas)
            self._key = key
        rings = (tuple(_canonical(r) for r in sight.rings)
                 if fog.vision and sight is not None else None)
        if rings == self._rings and not whole:
            return  # what the heroes see did not change: nothing to repaint
        changed = None if whole or rings is None or self._rings is None else (
            _bounds_of(set(rings).symmetric_difference(self._rings)))
        self._clip = None
        if rings is not None:
            clip = QPainterPath()
            clip.setFillRule(Qt.FillRule.OddEvenFill)
            clip.addRect(self._rect)
            self._clip = self._with_holes(clip, rings)
        self._rings = rings
        self.update(self._rect if changed is None else changed)

    def _with_holes(self, outline: QPainterPath, rings: tuple[Ring, ...]) -> QPainterPath:
        """``outline`` with ``rings`` added (even-odd: cut out of it); a ring's polygon is
        made once and kept while the ring stays (a drag moves one hero's rings)."""
        kept, self._polygons = self._polygons, {}
        for ring in rings:
            polygon = kept.get(ring)
            if polygon is None:
                polygon = QPolygonF([QPointF(x * CELL, y * CELL) for x, y in ring])
            self._polygons[ring] = polygon
            outline.addPolygon(polygon)
        return outline

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._clip is not None:
            painter.setClipPath(self._clip)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(self._squares, self._image)
        if self._squares != self._rect:  # a map larger than the fog's limit: the rest hidden
            beyond = QPainterPath()
            beyond.addRect(self._rect)
            beyond.addRect(self._squares)
            painter.fillPath(beyond, QColor(0, 0, 0, COVERED_ALPHA[self.audience]))


def _canonical(ring: Ring) -> Ring:
    """``ring`` from its least point on (the union of the heroes' sight may start a ring
    that did not change at another of its points; even-odd filling does not mind where).

    >>> _canonical(((2, 0), (0, 0), (1, 1), (2, 0)))
    ((0, 0), (1, 1), (2, 0), (0, 0))
    """
    body = ring[:-1] if len(ring) > 1 and ring[0] == ring[-1] else ring
    if not body:
        return ring
    start = body.index(min(body))
    turned = body[start:] + body[:start]
    return turned + turned[:1]


def _bounds_of(rings: set[Ring]) -> QRectF:
    """The scene rectangle around ``rings`` (in cells), a pixel wider for antialiasing."""
    if not rings:
        return QRectF()
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    return QRectF(min(xs) * CELL, min(ys) * CELL, (max(xs) - min(xs)) * CELL,
                  (max(ys) - min(ys)) * CELL).adjusted(-2, -2, 2, 2)


def _image_of(alphas: npt.NDArray[np.uint32]) -> QImage:
    """Black squares of the given opacities, one pixel a square (premultiplied ARGB)."""
    import numpy as np

    rows, columns = alphas.shape
    pixels = np.ascontiguousarray((alphas << 24).astype(np.uint32))
    image = QImage(pixels.data, columns, rows, columns * 4,
                   QImage.Format.Format_ARGB32_Premultiplied)
    return image.copy()

