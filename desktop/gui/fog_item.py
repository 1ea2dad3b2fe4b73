"""The fog over the map: black on the players' view, a translucent veil on the GM's.

Each fog square (a quarter cell) is clear, dimmed (seen before or revealed while the heroes'
vision is on) or covered; the item paints a small image of those squares stretched over the
map, and leaves clear what the heroes see now (the sight's rings cut out by a clip path, so
the edge of their view is sharp while the squares' edges are soft).

While the heroes' vision is on, each view keeps what the fog painted as a layer of device
pixels (:class:`FogLayer`), from the second paint at one device transform on, or from when the
program rests after the first (:meth:`FogItem.fill_at_rest`): a repaint copies the layer where it
holds what the fog shows now and paints the fog into the layer only where it does not (a sight
or squares changed there, or it was never painted). The clip of a long line
of fire's many rectangles with the sight's rings cut out (0.5-1 ms a view: the antialiased
rings are rasterised over the whole repainted box) is then paid once, not at every hover. The
layer holds the fog drawn over transparent pixels, and Qt blends a pixel of the fog through a
clip of coverage ``c`` as it blends that pixel's ``c`` share over them: copying the layer puts
the same pixels on screen as painting the fog there (``tests/desktop/gui/test_fog_layer.py``).
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPolygonF,
    QRegion,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.fog import PartySight, fog_size, mask_array
from battlemap.desktop.core.model import FOG_SQUARES_PER_CELL, Encounter
from battlemap.desktop.gui.per_view import kept_for
from battlemap.desktop.gui.style import CELL

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from battlemap.geometry.light_reach import Ring

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
    >>> from battlemap.desktop.core.model import Fog
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


class ClearRings:
    """One sight's rings as the fog cuts them out (worked out once for both windows): each
    ring from its least point (:func:`_canonical`), its polygon in scene pixels (kept from
    the sight before while the ring stays: a drag moves one hero's rings) and the path of
    them all."""

    def __init__(self, sight: PartySight, before: ClearRings | None) -> None:
        import numpy as np

        kept = before.polygons if before is not None else {}
        self.polygons: dict[Ring, QPolygonF] = {}
        self.path = QPainterPath()
        self.path.setFillRule(Qt.FillRule.OddEvenFill)
        for ring in map(_canonical, sight.rings):
            polygon = kept.get(ring)
            if polygon is None:
                polygon = _polygon_of(ring)
            self.polygons[ring] = polygon
            self.path.addPolygon(polygon)
        self._order = list(self.polygons.values())
        self._boxes = np.array([p.boundingRect().getCoords() for p in self._order],
                               dtype=np.float64).reshape(-1, 4)
        """Each ring's box (x0, y0, x1, y1, scene pixels), in the order of :attr:`_order`."""
        self._edges = _edges_of(sight.rings)
        """Every ring's edges in its direction, as rows x1, y1, x2, y2 (cells)."""
        self._clips: dict[tuple[float, float, float, float], QPainterPath] = {}
        self._changed: list[tuple[weakref.ref[ClearRings], QRectF]] = []
        """The last :data:`CHANGED_KEPT` :meth:`changed_from` answers (both windows ask it of
        the same two sights; a drag to and fro asks it again of two kept sights)."""

    def clip(self, rect: QRectF) -> QPainterPath:
        """``rect`` with the rings cut out of it (even-odd)."""
        key = rect.getRect()
        found = self._clips.get(key)
        if found is None:
            found = QPainterPath()
            found.setFillRule(Qt.FillRule.OddEvenFill)
            found.addRect(rect)
            found.addPath(self.path)
            self._clips[key] = found
        return found

    def clip_within(self, rect: QRectF, exposed: QRectF) -> QPainterPath:
        """:meth:`clip` as it is inside ``exposed``: that part of ``rect`` with the rings
        whose box meets it cut out (a ring outside leaves every point inside as it is), so a
        partial repaint rasterises the clip of what it repaints, not the whole sight's."""
        area = rect.intersected(exposed)
        if area == rect:
            return self.clip(rect)
        x0, y0, x1, y1 = area.getCoords()
        boxes = self._boxes
        meets = ((boxes[:, 0] <= x1) & (boxes[:, 2] >= x0) & (boxes[:, 1] <= y1)
                 & (boxes[:, 3] >= y0))
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        path.addRect(area)
        for k in meets.nonzero()[0].tolist():
            path.addPolygon(self._order[k])
        return path

    def clip_of_parts(self, rect: QRectF, parts: list[QRectF]) -> QPainterPath:
        """:meth:`clip` as it is inside ``parts`` (item rectangles that do not overlap):
        those parts of ``rect`` with the rings whose box meets one cut out."""
        import numpy as np

        boxes = self._boxes
        meets = np.zeros(len(boxes), dtype=bool)
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        for part in parts:
            area = rect.intersected(part)
            if area.isEmpty():
                continue
            path.addRect(area)
            x0, y0, x1, y1 = area.getCoords()
            meets |= ((boxes[:, 0] <= x1) & (boxes[:, 2] >= x0) & (boxes[:, 1] <= y1)
                      & (boxes[:, 3] >= y0))
        for k in meets.nonzero()[0].tolist():
            path.addPolygon(self._order[k])
        return path

    def changed_from(self, other: ClearRings) -> QRectF:
        """The scene rectangle around the edges found more times in one of ``self`` and
        ``other`` than in the other, a pixel wider for antialiasing; kept for the last
        :data:`CHANGED_KEPT` sights asked about (the box is the same asked either way round:
        ``other``'s kept answer for ``self`` is taken too). Only there can a pixel change: a
        pixel no such edge crosses meets the same edges in both, and the edges to its left
        in its row differ by closed chains, whose heights cancel in the rasteriser's cover
        sum."""
        for mine, theirs in ((self, other), (other, self)):
            for kept, box in mine._changed:
                if kept() is theirs:
                    return QRectF(box)
        box = self._changed_box(other)
        self._changed = [(weakref.ref(other), box),  # (weak: not a chain of every sight)
                         *self._changed[:CHANGED_KEPT - 1]]
        return QRectF(box)

    def _changed_box(self, other: ClearRings) -> QRectF:
        changed = _changed_edges(self._edges, other._edges)
        if not len(changed):
            return QRectF()
        xs, ys = changed[:, 0::2] * CELL, changed[:, 1::2] * CELL
        return QRectF(QPointF(float(xs.min()), float(ys.min())),
                      QPointF(float(xs.max()), float(ys.max()))).adjusted(-2, -2, 2, 2)


def _edges_of(rings: Sequence[Ring]) -> npt.NDArray[np.float64]:
    """The edges of ``rings`` (closed where they are not) in their direction, as rows x1, y1,
    x2, y2.

    >>> _edges_of([((0.0, 0.0), (1.0, 0.0), (1.0, 1.0))]).tolist()
    [[0.0, 0.0, 1.0, 0.0], [1.0, 0.0, 1.0, 1.0], [1.0, 1.0, 0.0, 0.0]]
    """
    import numpy as np

    parts = [np.empty((0, 4))]
    for ring in rings:
        points = np.array(ring, dtype=np.float64).reshape(-1, 2)
        if len(points) and (points[0] != points[-1]).any():
            points = np.concatenate([points, points[:1]])
        parts.append(np.concatenate([points[:-1], points[1:]], axis=1))
    return np.concatenate(parts)


def _changed_edges(mine: npt.NDArray[np.float64],
                   theirs: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The rows (edges) found more times in one of ``mine`` and ``theirs`` than in the other.

    >>> import numpy as np
    >>> edges = np.array([[0.0, 0.0, 1.0, 0.0], [1.0, 0.0, 1.0, 1.0]])
    >>> _changed_edges(edges, edges[:1]).tolist(), len(_changed_edges(edges, edges[::-1]))
    ([[1.0, 0.0, 1.0, 1.0]], 0)
    """
    import numpy as np

    both = np.ascontiguousarray(np.concatenate([mine, theirs]), dtype=np.float64)
    keys = both.view(np.dtype((np.void, 4 * both.itemsize))).ravel()  # a row's bytes
    _, inverse = np.unique(keys, return_inverse=True)
    net = np.bincount(inverse.ravel(), weights=np.repeat([1.0, -1.0], [len(mine), len(theirs)]))
    changed: npt.NDArray[np.float64] = both[net[inverse.ravel()] != 0]
    return changed


def _polygon_of(ring: Ring) -> QPolygonF:
    """The polygon of ``ring`` (cells) in scene pixels, read from Qt's own stream format (a
    count, then each point's two big-endian doubles): several times faster than a QPointF a
    point.

    >>> [(p.x(), p.y()) for p in _polygon_of(((0.0, 0.0), (1.0, 0.5), (0.0, 0.0)))]
    [(0.0, 0.0), (64.0, 32.0), (0.0, 0.0)]
    """
    import struct

    import numpy as np
    from PySide6.QtCore import QByteArray, QDataStream, QIODevice

    points = np.array(ring, dtype=">f8").reshape(-1, 2) * CELL
    array = QByteArray(struct.pack(">I", len(points)) + points.astype(">f8").tobytes())
    polygon = QPolygonF()
    stream = QDataStream(array, QIODevice.OpenModeFlag.ReadOnly)  # reads ``array`` in place
    stream >> polygon  # the stream fills the polygon
    return polygon


_CLEAR: list[tuple[PartySight, ClearRings]] = []
"""The last sights' rings as cut out (both windows show the same sight; a drag to and fro
shows a kept sight again: :data:`~battlemap.desktop.core.fog.DRAG_SIGHTS_KEPT`)."""
CLEAR_KEPT = 16
CHANGED_KEPT = 4
"""The sights a :class:`ClearRings` keeps its changed box from (:meth:`ClearRings.changed_from`)."""


def clear_rings(sight: PartySight) -> ClearRings:
    """``sight``'s rings as the fog cuts them out (kept for the last :data:`CLEAR_KEPT`)."""
    for kept, rings in _CLEAR:
        if kept is sight:
            return rings
    rings = ClearRings(sight, _CLEAR[0][1] if _CLEAR else None)
    _CLEAR[:] = [(sight, rings), *_CLEAR[:CLEAR_KEPT - 1]]
    return rings


SOURCE_OVER = QPainter.CompositionMode.CompositionMode_SourceOver
LAYERS_KEPT = 4
"""Views whose fog layer is kept (the GM window, the player view, a render or two)."""
FEW_RECTS = 4
"""A repaint of this many rectangles or fewer (a drag's boxes, a pan's strips) paints the fog
directly, unless it repaints the whole view: its clip is cheap, and a drag's boxes are new
pixels at each step, which painted into the layer and copied from it cost more than painted
once. A whole repaint (after an attack, a drop) paints the layer whole, or the program's rest
after it does, and the hovers after it copy it."""

DeviceKey = tuple[float, float, float, float, float, float, int, int, int]
"""A painter's transform to its device (the six factors), the device's size and the painter's
render hints."""


class FogLayer:
    """What the fog painted on one view's device at one device transform and hints (:attr:`key`):
    premultiplied pixels the size of the device, which hold what the fog shows now inside
    :attr:`valid` (device pixels) and nothing known outside it.

    Examples
    --------
    >>> layer, key = FogLayer(), (2.0, 0.0, 0.0, 2.0, 10.0, 0.0, 64, 48, 0)
    >>> layer.take(key), layer.take(key), layer.image.width()
    (False, True, 64)
    >>> from PySide6.QtCore import QPoint
    >>> layer.valid = QRegion(0, 0, 64, 48)
    >>> layer.forget(QRectF(0, 0, 4, 4))  # item pixels 0-4: device 10-18, two pixels wider
    >>> layer.valid.contains(QPoint(9, 5)), layer.valid.contains(QPoint(21, 5))
    (False, True)
    """

    def __init__(self) -> None:
        self.key: DeviceKey | None = None
        self.image = QImage()
        self.valid = QRegion()
        self.view = QRegion()
        """The view's pixels on the device at :attr:`key` (what a whole repaint paints)."""

    def take(self, key: DeviceKey) -> bool:
        """Whether the layer is used at ``key``: not at the first paint at a new transform (a
        pan step, a wheel notch: the next paint may be at another), which forgets the layer;
        the image is made (or kept, at the same size) at the second, or when the program rests
        (:meth:`FogItem.fill_at_rest`)."""
        if key != self.key:
            self.key, self.valid = key, QRegion()
            return False
        self.sized()
        return True

    def sized(self) -> QImage:
        """The layer's image at the size :attr:`key` gives its device (made when it is not)."""
        size = QRect(0, 0, self.key[6], self.key[7]).size() if self.key else QSize()
        if self.image.size() != size:
            self.image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
        return self.image

    def missing(self) -> QRegion:
        """The view's pixels the layer does not hold."""
        return self.view.subtracted(self.valid)

    def forget(self, box: QRectF | None) -> None:
        """The fog changed inside ``box`` (item coordinates; None: anywhere): the layer no
        longer holds it there (two device pixels wider)."""
        if box is None or self.key is None:
            self.valid = QRegion()
            return
        to_device = QTransform(*self.key[:6])
        changed = to_device.mapRect(box).toAlignedRect().adjusted(-2, -2, 2, 2)
        self.valid = self.valid.subtracted(QRegion(changed))


class FogItem(QGraphicsItem):
    """The fog of one audience (``"player"`` or ``"gm"``) over the whole map."""

    def __init__(self, audience: str) -> None:
        super().__init__()
        self.audience = audience
        self._rect = QRectF()
        self._squares = QRectF()
        """Where the squares' image goes: the map, or its first 1,024 cells (the fog's limit)."""
        self._image = QImage()
        self._alphas: npt.NDArray[np.uint32] | None = None
        """The squares' opacities the image shows."""
        self._shown: ClearRings | None = None
        """The rings left clear, as last shown (None: no sight shown)."""
        self._key: tuple[object, ...] = ()
        self._layers: OrderedDict[int, FogLayer] = OrderedDict()
        """Each view's layer (by its viewport's id), the last :data:`LAYERS_KEPT` views."""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setVisible(False)

    def show_fog(self, encounter: Encounter, sight: PartySight | None) -> None:
        """Cover ``encounter``'s map as its fog says, leaving ``sight`` clear (vision on)."""
        fog = encounter.fog
        self.setVisible(fog.enabled)
        if not fog.enabled:
            self._layers.clear()  # (their memory: 8 MB a view)
            return
        key = (fog, encounter.width, encounter.height)
        whole, squares = False, QRectF()
        if key != self._key:
            rect = QRectF(0, 0, encounter.width * CELL, encounter.height * CELL)
            alphas = square_alphas(encounter, self.audience)
            if rect != self._rect or self._alphas is None or alphas.shape != self._alphas.shape:
                self.prepareGeometryChange()
                whole = True
            else:
                squares = _changed_squares(self._alphas, alphas)
            rows, columns = alphas.shape
            self._rect = rect
            self._squares = QRectF(0, 0, columns * SQUARE, rows * SQUARE).intersected(rect)
            self._image, self._alphas, self._key = _image_of(alphas), alphas, key
        shown = clear_rings(sight) if fog.vision and sight is not None else None
        if shown is self._shown and not whole and squares.isNull():
            return  # what the heroes see did not change: nothing to repaint
        changed = None if whole or (shown is None) != (self._shown is None) else (
            squares if shown is None or self._shown is None or shown is self._shown
            else squares.united(shown.changed_from(self._shown)))
        self._shown = shown
        if changed is None or not changed.isNull():  # (a null rectangle: nothing changed)
            self._forget(changed)
            self.update(self._rect if changed is None else changed)

    def _forget(self, box: QRectF | None) -> None:
        """The fog changed inside ``box`` (None: anywhere): no layer holds it there."""
        if box is not None and box.isNull():
            return
        for layer in self._layers.values():
            layer.forget(box)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        engine = painter.paintEngine()
        region = engine.systemClip() if engine is not None else QRegion()
        to_device = painter.deviceTransform()
        shift = (to_device.map(QPointF(0, 0)) - painter.combinedTransform().map(QPointF(0, 0))
                 ).toPoint()  # the widget's place on its device (a whole pixel: _layer_for)
        view = QRegion() if widget is None else QRegion(widget.rect().translated(shift))
        layered = region.rectCount() > FEW_RECTS or (
            not view.isEmpty() and view.subtracted(region).isEmpty())  # (a whole repaint)
        layer = self._layer_for(painter, widget) if layered else None
        if layer is None:
            self._paint_fog(painter, option, widget)
            return
        if not region.subtracted(layer.valid).isEmpty() and self._shown is not None:
            self._fill(layer, painter.renderHints(), to_device, self._shown)
        painter.save()
        painter.resetTransform()
        painter.drawImage(-shift, layer.image)
        painter.restore()

    def _layer_for(self, painter: QPainter, widget: QWidget | None) -> FogLayer | None:
        """The layer of the view ``widget`` is the viewport of, for this painter; None: the
        fog is painted directly (no sight cut out, a map beyond the fog's limit, a render to
        an image, a painter whose pixels a copy would not match, the first such paint at a
        new device transform)."""
        engine = painter.paintEngine()
        device = None if engine is None else engine.paintDevice()
        if (self._shown is None or self._squares != self._rect or widget is None
                or engine is None or engine.type() is not QPaintEngine.Type.Raster
                or not isinstance(device, QImage) or device.devicePixelRatio() != 1.0
                or painter.opacity() != 1.0 or painter.compositionMode() is not SOURCE_OVER):
            return None
        to_device = painter.deviceTransform()
        combined = painter.combinedTransform()
        shift = QPointF(to_device.dx() - combined.dx(), to_device.dy() - combined.dy())
        if shift != QPointF(shift.toPoint()):
            return None
        key = (to_device.m11(), to_device.m12(), to_device.m21(), to_device.m22(),
               to_device.dx(), to_device.dy(), device.width(), device.height(),
               int(painter.renderHints().value))
        layer = kept_for(self._layers, widget, FogLayer, LAYERS_KEPT)
        used = layer.take(key)
        layer.view = QRegion(widget.rect().translated(shift.toPoint()))
        return layer if used else None

    def fill_at_rest(self, widget: QWidget) -> bool:
        """The view whose viewport is ``widget`` rests: its layer is painted where it does not
        hold the fog (after a new camera, a moved sight), as its next paint would paint it, so
        the next long line's hover copies it (the first at a new camera painted the whole
        view's fog into it: 4-7 ms). Whether anything was painted: nothing when the layer is
        whole or not used (see :meth:`_layer_for`: the fog hidden, no sight, a map beyond the
        fog's limit, no layered paint yet)."""
        layer = self._layers.get(id(widget))
        shown = self._shown
        if (layer is None or layer.key is None or shown is None or not self.isVisible()
                or self._squares != self._rect):
            return False
        if layer.missing().isEmpty():
            return False
        layer.sized()
        self._fill(layer, QPainter.RenderHint(layer.key[8]), QTransform(*layer.key[:6]), shown)
        return True

    def _fill(self, layer: FogLayer, hints: QPainter.RenderHint, to_device: QTransform,
              shown: ClearRings) -> None:
        """Paint the fog into ``layer`` wherever it does not hold it: the whole view's missing
        pixels at once (see :meth:`_paint_layer`)."""
        missing = layer.missing()
        self._paint_layer(layer, hints, to_device, missing, shown)
        layer.valid = layer.valid.united(missing)

    def _paint_layer(self, layer: FogLayer, hints: QPainter.RenderHint, to_device: QTransform,
                     missing: QRegion, shown: ClearRings) -> None:
        """The fog into ``layer`` inside ``missing`` (device pixels), over transparent pixels,
        as a view's painter with ``hints`` and ``to_device`` paints it there (the region as
        the system clip a view's repaint has)."""
        engine = layer.image.paintEngine()
        engine.setSystemClip(missing)
        into = QPainter(layer.image)
        try:
            into.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            into.fillRect(missing.boundingRect(), Qt.GlobalColor.transparent)
            into.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            into.setRenderHints(hints)
            into.setWorldTransform(to_device)
            parts = _parts_of(missing, to_device)
            into.setClipPath(shown.clip(self._rect) if parts is None
                             else shown.clip_of_parts(self._rect, parts))
            into.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            into.drawImage(self._squares, self._image)
        finally:
            into.end()
            engine.setSystemClip(QRegion())

    def _paint_fog(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None
    ) -> None:
        """The fog painted directly (no layer): clipped to the repaint's rectangles with the
        sight's rings cut out."""
        if self._shown is not None:
            parts = _painted_parts(painter.worldTransform(), widget)
            if parts is not None:
                painter.setClipPath(self._shown.clip_of_parts(self._rect, parts))
            else:  # (a pixel wider: the exposed box is in scene units)
                scale = max(abs(painter.worldTransform().determinant()) ** 0.5, 1e-6)
                exposed = option.exposedRect.adjusted(-2 / scale, -2 / scale, 2 / scale,
                                                      2 / scale)
                painter.setClipPath(self._shown.clip_within(self._rect, exposed))
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(self._squares, self._image)
        if self._squares != self._rect:  # a map larger than the fog's limit: the rest hidden
            beyond = QPainterPath()
            beyond.addRect(self._rect)
            beyond.addRect(self._squares)
            painter.fillPath(beyond, QColor(0, 0, 0, COVERED_ALPHA[self.audience]))


def _parts_of(region: QRegion, world: QTransform) -> list[QRectF] | None:
    """``region`` (device pixels) two pixels wider, as rectangles in the coordinates ``world``
    maps to the device that do not overlap; None when ``world`` turns other than by quarters
    (the rectangles would overlap)."""
    if not ((world.m12() == 0 and world.m21() == 0) or (world.m11() == 0 and world.m22() == 0)):
        return None
    inverse, invertible = world.inverted()
    if not invertible:
        return None
    wider = QRegion()
    for rect in region:
        wider = wider.united(rect.adjusted(-2, -2, 2, 2))
    return [inverse.mapRect(QRectF(rect)) for rect in wider]


def _painted_parts(world: QTransform, widget: QWidget | None) -> list[QRectF] | None:
    """The paint's region (:attr:`MapView.painted_region`) two pixels wider, as rectangles
    in item coordinates that do not overlap; None when it is one rectangle (the exposed
    box is the region) or unknown, or the view is turned other than by quarters."""
    view = widget.parentWidget() if widget is not None else None
    region = getattr(view, "painted_region", None)
    if region is None or region.rectCount() < 2:
        return None
    return _parts_of(region, world)


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


def _changed_squares(before: npt.NDArray[np.uint32], after: npt.NDArray[np.uint32]) -> QRectF:
    """The scene rectangle around the squares whose opacity differs (null: none), a square
    wider (the image is drawn smoothly: a square's change reaches its neighbours' edges) and a
    pixel more for antialiasing.

    >>> import numpy as np
    >>> before = np.zeros((8, 8), dtype=np.uint32)
    >>> after = before.copy()
    >>> after[2, 3] = 255
    >>> _changed_squares(before, after).getRect() == (2 * SQUARE - 2, SQUARE - 2,
    ...                                               3 * SQUARE + 4, 3 * SQUARE + 4)
    True
    """
    import numpy as np

    rows, columns = np.nonzero(before != after)
    if not len(rows):
        return QRectF()
    left, top = int(columns.min()) - 1, int(rows.min()) - 1
    right, bottom = int(columns.max()) + 2, int(rows.max()) + 2
    return QRectF(left * SQUARE, top * SQUARE, (right - left) * SQUARE,
                  (bottom - top) * SQUARE).adjusted(-2, -2, 2, 2)


def _image_of(alphas: npt.NDArray[np.uint32]) -> QImage:
    """Black squares of the given opacities, one pixel a square (premultiplied ARGB)."""
    import numpy as np

    rows, columns = alphas.shape
    pixels = np.ascontiguousarray((alphas << 24).astype(np.uint32))
    image = QImage(pixels.data, columns, rows, columns * 4,
                   QImage.Format.Format_ARGB32_Premultiplied)
    return image.copy()

