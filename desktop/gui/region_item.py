"""Regions: difficult ground hatched, illumination shaded by level, zones outlined and named.

A region's dashed outline (a 2 px cosmetic pen with round caps) is slow for Qt to paint: its
rasterizer runs out of its small memory pool on the ~200 dashes of a zone's outline and walks
the whole outline again for every band it splits the work into (0.3-3 ms a paint; five zones
in two windows at each click on the FATE demo). The item therefore keeps its outline as the
pixels Qt paints (:class:`OutlineTiles`: the dashes Qt's own stroker makes through the
painter's device transform, filled once, cut into strips of premultiplied pixels) and draws
those strips. Qt blends a solid pen of coverage ``a`` as ``colour * a + destination * (1 - a)``,
each product rounded, and a premultiplied pixel of alpha ``a`` as the same two rounded
products: the pixels are Qt's own.

Qt's dasher skips the sides of an outline that lie wholly outside the box being repainted,
and the dashes of the sides after a skipped one then shift: Qt's own partial repaints leave
seams (a repaint of half the view: dashes up to 159 grey levels off what a whole repaint
shows). Where every side crosses the device (:meth:`OutlineTiles.undashed_in` its whole
rectangle) the strips are what a whole repaint shows, and every repaint draws them, so a
partial one shows the whole one's dashes, seamless; where a side runs off the device (a
zoomed-in GM) Qt's own whole paint shifts the dashes too, and a paint whose box leaves a side
out is painted directly, as before. The strips are made on
the second paint with the same device transform (a zoom or a pan in progress paints directly)
and kept for two transforms; any other painter (another engine, a device pixel ratio,
opacity, no antialiasing, a selected item) paints directly.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QRegion,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsPolygonItem, QStyle, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.model import Illumination, Region, RegionKind
from battlemap.desktop.gui.label_layout import segment_meets_box
from battlemap.desktop.gui.style import cosmetic_pen, label_font, to_scene

SHADE_ALPHA = {
    Illumination.BRIGHT: 0,
    Illumination.DIM: 70,
    Illumination.DARK: 130,
    Illumination.PITCH: 200,
}

TILE = 32
"""The side of the squares the kept outline is cut into (device pixels); runs of touched
squares are kept as strips, the empty ones dropped."""
KEPT_TRANSFORMS = 2
"""How many painters' transforms an item keeps its outline for (the GM view, one more)."""


def region_brush(region: Region) -> QBrush:
    """Hatching for difficult ground, darkness for light levels, a faint tint for zones."""
    if region.kind is RegionKind.DIFFICULT:
        return QBrush(QColor(120, 72, 20, 200), Qt.BrushStyle.BDiagPattern)
    if region.kind is RegionKind.ILLUMINATION:
        level = region.illumination or Illumination.DIM
        if level is Illumination.BRIGHT:
            return QBrush(QColor(255, 236, 140, 60))
        return QBrush(QColor(10, 10, 40, SHADE_ALPHA[level]))
    return QBrush(QColor(156, 39, 176, 30))


def region_pen_color(region: Region) -> str:
    return {RegionKind.DIFFICULT: "#784814", RegionKind.ILLUMINATION: "#303050"}.get(
        region.kind, "#9c27b0"
    )


DeviceKey = tuple[float, float, float, float, float, float, int, int]
"""A painter's transform to its device (the six factors) and the device's size."""


class OutlineTiles:
    """The outline of ``polygon`` stroked with ``pen`` through ``transform`` (to device
    pixels), over the device rectangle ``area``: the strips of premultiplied pixels it
    touches, and ``edges``, its sides on the device."""

    def __init__(self, polygon: QPolygonF, pen: QPen, transform: QTransform,
                 area: QRect) -> None:
        on_device = transform.map(polygon)
        path = QPainterPath()
        path.addPolygon(on_device)
        path.closeSubpath()
        outline = QPainterPathStroker(pen).createStroke(path)
        points = [(p.x(), p.y()) for p in on_device]
        self.edges = list(zip(points, points[1:] + points[:1], strict=True))
        self.strips: list[tuple[QPoint, QImage]] = []
        self.undashed = self.undashed_in(area)
        """Whether Qt skips no side painting the whole device: every repaint then shows the
        strips (a whole repaint shows them, and a partial one must match it)."""
        box = outline.boundingRect().toAlignedRect().adjusted(-1, -1, 1, 1) & area
        if box.isEmpty():
            return
        left, top = math.floor(box.left() / TILE) * TILE, math.floor(box.top() / TILE) * TILE
        columns = -(-(box.right() + 1 - left) // TILE)
        rows = -(-(box.bottom() + 1 - top) // TILE)
        image = QImage(columns * TILE, rows * TILE, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.translate(-left, -top)
        painter.fillPath(outline, pen.brush())
        painter.end()
        self.strips = [(QPoint(left + x, top + y), image.copy(x, y, w, h))
                       for x, y, w, h in _touched_strips(image, columns, rows)]

    def undashed_in(self, box: QRect) -> bool:
        """Whether every side of the outline crosses ``box`` (the device's painted box),
        its edge pixel excluded: Qt's dasher then skips none of them (a side it skips shifts
        the dashes of the sides after it)."""
        inner = QRectF(box).adjusted(1, 1, -1, -1)
        return not inner.isEmpty() and all(segment_meets_box(QLineF(*a, *b), inner)
                                           for a, b in self.edges)


def _touched_strips(image: QImage, columns: int, rows: int) -> list[tuple[int, int, int, int]]:
    """Rectangles (x, y, width, height) covering every ``TILE`` square of ``image`` with a
    painted pixel: each row's runs of such squares, a run stretched down over the rows below
    that have the same run."""
    import numpy as np

    pixels = np.frombuffer(image.constBits(), dtype=np.uint32, count=image.width() *
                           image.height()).reshape(rows, TILE, columns, TILE)
    touched = pixels.any(axis=(1, 3))
    runs: list[list[int]] = []  # [first column, columns, first row, rows]
    open_runs: dict[tuple[int, int], list[int]] = {}
    for row in range(rows):
        found: dict[tuple[int, int], list[int]] = {}
        column = 0
        while column < columns:
            if not touched[row, column]:
                column += 1
                continue
            end = column
            while end < columns and touched[row, end]:
                end += 1
            span = (column, end - column)
            run = open_runs.get(span)
            if run is not None and run[2] + run[3] == row:
                run[3] += 1
            else:
                run = [column, end - column, row, 1]
                runs.append(run)
            found[span] = run
            column = end
        open_runs = found
    return [(c * TILE, r * TILE, n * TILE, m * TILE) for c, n, r, m in runs]


class RegionItem(QGraphicsPolygonItem):
    """One region polygon; a zone also shows its name at its centre."""

    def __init__(self, region: Region) -> None:
        super().__init__(QPolygonF([to_scene(p) for p in region.points]))
        self.region = region
        self.setBrush(region_brush(region))
        self.setPen(cosmetic_pen(region_pen_color(region), 2.0, Qt.PenStyle.DashLine))
        self._outlines: dict[DeviceKey, OutlineTiles] = {}
        self._seen: tuple[DeviceKey | None, ...] = (None, None)
        """The keys of the last paints (a new one is painted directly: a zoom going on)."""

    def setPolygon(self, polygon: QPolygonF) -> None:
        self._outlines.clear()
        super().setPolygon(polygon)

    def setPen(self, pen: QPen) -> None:
        self._outlines = {}
        super().setPen(pen)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        region = _painted_region(widget)
        named = self.region.kind is RegionKind.ZONE and bool(self.region.name)
        box = self._name_box() if named else QRectF()
        if region is not None:  # a partial repaint: only what it meets is drawn (the rest is
            world = painter.worldTransform()  # clipped away: the same pixels, no fill walked)
            named = named and _meets(region, world.mapRect(box))
            if not _meets(region, world.mapRect(self.boundingRect())):
                if named:
                    self._paint_name(painter, box)
                return
        tiles = self._kept_outline(painter, option)
        if tiles is None:
            super().paint(painter, option, widget)
        else:
            outline, shift = tiles
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.brush())
            painter.drawPolygon(self.polygon(), self.fillRule())
            painter.save()
            painter.resetTransform()
            clip = painter.clipBoundingRect() if painter.hasClipping() else None
            for corner, strip in outline.strips:
                at = corner - shift
                if clip is None or clip.intersects(QRectF(at, strip.size())):
                    painter.drawImage(at, strip)
            painter.restore()
        if named:
            self._paint_name(painter, box)

    def _name_box(self) -> QRectF:
        """Where a zone's name is drawn (centred; Qt clips the text to this box)."""
        centre: QPointF = self.polygon().boundingRect().center()
        return QRectF(centre.x() - 200, centre.y() - 20, 400, 40)

    def _paint_name(self, painter: QPainter, box: QRectF) -> None:
        painter.setFont(label_font(0.4))
        painter.setPen(QColor("#4a148c"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.region.name)

    def _kept_outline(self, painter: QPainter,
                      option: QStyleOptionGraphicsItem) -> tuple[OutlineTiles, QPoint] | None:
        """The kept outline for this painter and the device pixels between the painter's
        coordinates and its device's (a widget's place in its window), made now if this
        painter's key was also one of the last paints'; None: paint it directly."""
        pen = self.pen()
        engine = painter.paintEngine()
        device = None if engine is None else engine.paintDevice()
        if (engine is None or engine.type() is not QPaintEngine.Type.Raster or device is None
                or device.devicePixelRatioF() != 1.0 or painter.opacity() != 1.0
                or not painter.testRenderHint(QPainter.RenderHint.Antialiasing)
                or painter.compositionMode() is not SOURCE_OVER
                or not pen.isCosmetic() or pen.widthF() <= 1.0
                or option.state & QStyle.StateFlag.State_Selected):
            return None
        to_device, combined = painter.deviceTransform(), painter.combinedTransform()
        shift = QPointF(to_device.dx() - combined.dx(), to_device.dy() - combined.dy())
        if (not to_device.isAffine() or shift != QPointF(shift.toPoint())
                or (to_device.m11(), to_device.m12(), to_device.m21(), to_device.m22())
                != (combined.m11(), combined.m12(), combined.m21(), combined.m22())):
            return None
        whole = QRect(0, 0, device.width(), device.height())
        key = (to_device.m11(), to_device.m12(), to_device.m21(), to_device.m22(),
               to_device.dx(), to_device.dy(), whole.width(), whole.height())
        clip = engine.systemClip()
        painted = whole if clip.isEmpty() else clip.boundingRect() & whole
        kept = self._outlines.get(key)
        if kept is None:
            seen, self._seen = self._seen, (key, self._seen[0])
            if key not in seen:  # a zoom going on: not worth keeping yet (or made at rest)
                return None
            kept = self._kept_at(key)
            if kept is None:
                return None
        if not (kept.undashed or kept.undashed_in(painted)):
            return None  # a side off the device and off this box: Qt's own (shifted) dashes
        return kept, shift.toPoint()

    def _kept_at(self, key: DeviceKey) -> OutlineTiles | None:
        """The outline's tiles at ``key`` (a device transform and size), made and kept; None
        when dashes that many across the device would not match Qt's own."""
        whole = QRect(0, 0, key[6], key[7])
        if max(whole.width(), whole.height()) > MAX_DASHES * _pattern_length(self.pen()):
            return None  # Qt may draw the dashes as a solid line at half their alpha
        kept = OutlineTiles(self.polygon(), self.pen(), QTransform(*key[:6]), whole)
        self._outlines[key] = kept
        while len(self._outlines) > KEPT_TRANSFORMS:
            del self._outlines[next(iter(self._outlines))]
        return kept

    def keep_at_rest(self) -> bool:
        """The program rests after a paint at a new device transform (``map_view.Rest``):
        make the outline's tiles its next paint there would make (the same pixels), instead
        of in that paint (1-3 ms: the hover card's first visits). Whether any were made."""
        key = self._seen[0]
        if key is None or key in self._outlines:
            return False
        return self._kept_at(key) is not None


SOURCE_OVER = QPainter.CompositionMode.CompositionMode_SourceOver


def _painted_region(widget: QWidget | None) -> QRegion | None:
    """The region the view is repainting (:attr:`MapView.painted_region`, viewport pixels);
    None when unknown (another view, a render to an image) or one rectangle (every item
    Qt paints then meets it)."""
    view = widget.parentWidget() if widget is not None else None
    region = getattr(view, "painted_region", None)
    return region if isinstance(region, QRegion) and region.rectCount() > 1 else None


def _meets(region: QRegion, box: QRectF) -> bool:
    """Whether ``box`` (viewport pixels), three pixels wider (the 2 px pen, antialiasing), meets
    ``region``."""
    return region.intersects(box.adjusted(-3, -3, 3, 3).toAlignedRect())

MAX_DASHES = 5000
"""Beyond this many dash patterns across the device the item paints directly (Qt then swaps
the dashes for a solid line, at 10,000)."""


def _pattern_length(pen: QPen) -> float:
    """The device pixels of one repeat of the pen's dashes."""
    return sum(max(dash, 0.0) for dash in pen.dashPattern()) * pen.widthF()
