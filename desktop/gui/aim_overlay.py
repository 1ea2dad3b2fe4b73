"""What the attack tool draws on a scene: the line of fire and the card beside the target.

:class:`AimOverlay` draws one aim on one scene (GM or players): the line of fire from the
attacker to the hovered target (red and dashed when the attack is impossible, a dotted cyan
line for an action waiting for its target), the bystanders ringed, the blocked share of the
target shaded. :class:`PreviewCard` is the GM's compact card beside the target, the same size
in screen pixels at every zoom, placed where it covers neither the target nor what it reports
on: the line of fire, the tokens around the target and their names.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QLineF, QPoint, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QImage,
    QPaintDevice,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.attack_targeting import Aim
from battlemap.desktop.core.model import Encounter, Token
from battlemap.desktop.gui.scene import tokens_drawn
from battlemap.desktop.gui.style import CELL, LABEL_BACK, cosmetic_pen, label_font, to_scene
from battlemap.desktop.gui.token_item import TokenItem, TokenLabelItem

__all__ = ["AimOverlay", "PreviewCard"]

LINE_OK = QColor("#ffeb3b")
LINE_BLOCKED = QColor("#ff5252")
BYSTANDER = QColor("#ff9800")
ACTION_LINE = QColor("#4dd0e1")
SHADE = QColor(20, 20, 20, 150)
CARD_TEXT = QColor("#ffffff")
CARD_PROBLEM = QColor("#ff8a80")
CARD_FONT_PX = 15
LINE_PIECES = 6
LAYOUTS_KEPT = 64
"""The most card layouts (lines at a width) kept; all are forgotten when more are made."""
"""The most pieces the line of fire's repaint is cut into (one each 3 cells)."""


class AimOverlay(QGraphicsItem):
    """Line of fire, bystander rings and cover shading of one aim, on one scene."""

    def __init__(self, for_players: bool = False) -> None:
        super().__init__()
        self.for_players = for_players
        self.aim: Aim | None = None
        self.encounter = Encounter()
        self.for_action = False
        self._shape: QPainterPath | None = None
        self._layers = LineLayers()

    def _tokens(self) -> dict[str, Token]:
        """The tokens this audience may see (players: none hidden, none out of their sight)."""
        return tokens_drawn(self, self.encounter, self.for_players)

    def show_aim(self, aim: Aim | None, encounter: Encounter, for_action: bool = False) -> None:
        """Draw ``aim``; ``for_action``: a plain line to the target of an action (no cover).
        Only what the old and the new aim cover is repainted, piece by piece (the whole map
        was, at every new target the mouse met; then the box of both lines, mostly empty)."""
        before = self.drawn_pieces()
        if (encounter.width, encounter.height) != (self.encounter.width, self.encounter.height):
            self.prepareGeometryChange()
        self.aim, self.encounter, self.for_action = aim, encounter, for_action
        self._shape = None
        pieces, scene = [*before, *self.drawn_pieces()], self.scene()
        if scene is None or not pieces:
            return
        # the first piece as this item's update: the scene's pass over its changed items
        # (the card's too) then comes first, and the views paint every piece in that frame
        # (the scene's updates alone would paint a frame of their own before it)
        self.update(self.mapRectFromScene(pieces[0]))
        for piece in pieces[1:]:
            scene.update(piece)

    def drawn_rect(self) -> QRectF:
        """The scene rectangle :meth:`paint` draws in (null: nothing): the box of
        :meth:`drawn_pieces`."""
        box = QRectF()
        for piece in self.drawn_pieces():
            box = box.united(piece)
        return box

    def drawn_pieces(self) -> list[QRectF]:
        """Scene rectangles that hold all :meth:`paint` draws (none: nothing): the line of
        fire cut into up to :data:`LINE_PIECES` pieces, the target's disc and the bystanders'
        rings, each widened by the widest pen (8 screen pixels, at the smallest zoom of the
        scene's views) and a pixel."""
        aim, tokens = self.aim, self._tokens()
        if aim is None or aim.target not in tokens or aim.attacker not in tokens:
            return []
        start, end = tokens[aim.attacker], tokens[aim.target]
        rings = [(end, end.radius)] + [
            (tokens[t], tokens[t].radius + 0.15) for t in (
                aim.facts.bystanders if aim.facts is not None else ()) if t in tokens]
        margin = 10.0 / max(min(self._view_scales(), default=1.0), 1e-3)
        pieces = [box.adjusted(-margin, -margin, margin, margin)
                  for box in _line_pieces(to_scene((start.x, start.y)), to_scene((end.x, end.y)))]
        for token, radius in rings:
            centre, r = to_scene((token.x, token.y)), radius * CELL + margin
            pieces.append(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r))
        return pieces

    def _view_scales(self) -> list[float]:
        """The zoom of each view of the scene (screen pixels a scene pixel)."""
        scene = self.scene()
        return [abs(v.transform().determinant()) ** 0.5 for v in scene.views()] if (
            scene is not None) else []

    def boundingRect(self) -> QRectF:
        return QRectF(-CELL, -CELL, (self.encounter.width + 2) * CELL,
                      (self.encounter.height + 2) * CELL)

    def shape(self) -> QPainterPath:
        """The line of fire, a quarter cell wide (what the card must not cover); the GM's is
        kept until the next aim (every place the card tries asks for it)."""
        if self._shape is not None:
            return self._shape
        shape = self._line_shape()
        if not self.for_players:  # the players' tokens shown change with their sight
            self._shape = shape
        return shape

    def _line_shape(self) -> QPainterPath:
        path = QPainterPath()
        line = self.line_of_fire()
        if line is None:
            return path
        path.moveTo(line.p1())
        path.lineTo(line.p2())
        stroker = QPainterPathStroker()
        stroker.setWidth(0.25 * CELL)
        return stroker.createStroke(path)

    def line_of_fire(self) -> QLineF | None:
        """From the attacker's centre to the target's (scene pixels), when both are shown."""
        aim, tokens = self.aim, self._tokens()
        if aim is None or aim.target not in tokens or aim.attacker not in tokens:
            return None
        start, end = tokens[aim.attacker], tokens[aim.target]
        return QLineF(to_scene((start.x, start.y)), to_scene((end.x, end.y)))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        aim = self.aim
        if aim is None or aim.target is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        tokens = self._tokens()
        if aim.attacker not in tokens or aim.target not in tokens:
            return
        start, end = tokens[aim.attacker], tokens[aim.target]
        if self.for_action:
            painter.setPen(cosmetic_pen(ACTION_LINE, 3.0, Qt.PenStyle.DotLine))
            painter.drawLine(to_scene((start.x, start.y)), to_scene((end.x, end.y)))
            return
        blocked = _blocked(aim)
        self._layers.draw(painter, to_scene((start.x, start.y)), to_scene((end.x, end.y)),
                          LINE_PENS[blocked], blocked)
        if aim.preview is not None and aim.facts is not None:
            self._paint_cover(painter, (start.x, start.y), (end.x, end.y), end.radius,
                              aim.facts.cover_fraction)
            self._paint_bystanders(painter, aim.facts.bystanders, tokens)

    def make_line_ahead(self, aim: Aim, encounter: Encounter) -> None:
        """Make the images of the line of fire of ``aim`` (on ``encounter``) that its first
        drawing would make on each shown view of the scene, without showing it: the first
        hover of its target then copies them. Nothing is made for a line this audience does
        not see (a target hidden from the players, out of their sight).

        >>> AimOverlay().make_line_ahead(Aim("a", "b"), Encounter())  # no scene: nothing
        """
        scene, tokens = self.scene(), tokens_drawn(self, encounter, self.for_players)
        if (scene is None or aim.target not in tokens or aim.attacker not in tokens
                or self.effectiveOpacity() != 1.0 or not self.isVisible()):
            return
        start, end = tokens[aim.attacker], tokens[aim.target]
        blocked = _blocked(aim)
        for view in scene.views():
            if view.viewport().isVisible():
                self._layers.make(*self._painter_of(view), to_scene((start.x, start.y)),
                                  to_scene((end.x, end.y)), LINE_PENS[blocked], blocked)

    def _painter_of(self, view: QGraphicsView) -> tuple[QTransform, QTransform, QWidget]:
        """The device transform, the world transform and the device of the painter ``view``'s
        paint hands this item, made as Qt makes them: the scene's to the viewport's, then
        moved by where the viewport sits in its window (it paints into the window's backing
        store). A native viewport painting elsewhere gets another key: only a miss."""
        viewport = view.viewport()
        world = self.deviceTransform(view.viewportTransform())
        corner = viewport.mapTo(viewport.window(), QPoint(0, 0))
        transform = QTransform(world)
        transform *= QTransform.fromTranslate(corner.x(), corner.y())
        return transform, world, viewport

    def _paint_cover(self, painter: QPainter, start: tuple[float, float],
                     end: tuple[float, float], radius: float, fraction: float) -> None:
        """Shade the share of the target that is hidden, on the side facing the attacker."""
        if fraction <= 0.0:
            return
        toward = math.degrees(math.atan2(-(start[1] - end[1]), start[0] - end[0]))
        span = 360.0 * min(fraction, 1.0)
        r = radius * CELL
        centre = to_scene(end)
        path = QPainterPath(centre)
        path.arcTo(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), toward - span / 2, span)
        path.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(SHADE)
        painter.drawPath(path)

    def _paint_bystanders(self, painter: QPainter, ids: Sequence[str],
                          tokens: dict[str, Token]) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(cosmetic_pen(BYSTANDER, 4.0, Qt.PenStyle.DotLine))
        for token_id in ids:
            token = tokens.get(token_id)
            if token is not None:
                r = (token.radius + 0.15) * CELL
                painter.drawEllipse(to_scene((token.x, token.y)), r, r)


def _blocked(aim: Aim) -> bool:
    """Whether ``aim``'s line of fire is drawn blocked (red, dashed): no preview, or its
    problem.

    >>> from battlemap.rules.interface import Preview
    >>> _blocked(Aim("a", "b")), _blocked(Aim("a", "b", Preview("a", "b", None, ())))
    (True, False)
    """
    return aim.preview is None or aim.preview.problem is not None


LINE_PENS = {blocked: (cosmetic_pen(QColor(0, 0, 0, 170), 8.0),
                       cosmetic_pen(LINE_BLOCKED if blocked else LINE_OK, 4.0,
                                    Qt.PenStyle.DashLine if blocked else Qt.PenStyle.SolidLine))
             for blocked in (False, True)}
"""The line of fire's strokes, the dark halo beneath: yellow, or red and dashed when blocked."""
LINE_LAYER_PIXELS = 3_400_000
"""The most pixels of stroke images an overlay keeps (14 MB): the 12 lines made ahead and the
shown one, each as long as a 1920 x 1080 view's diagonal (255,000 pixels, both strokes; lines
to 12 tokens strewn over such a view take 0.8-1.1 million)."""
LINE_LAYER_MARGIN = 6
"""Device pixels from the line's axis to the last one its strokes touch (half the 8 px halo,
a pixel of antialiasing, a pixel to spare)."""
LINE_LAYER_PIECE_PX = 96.0
"""The longest stretch of the line one kept piece holds (device pixels)."""


class LineLayers:
    """The line of fire drawn from images of its strokes (issue 28: a wide antialiased
    slanting line is 0.3-0.6 ms for Qt's raster engine to fill, twice a view, two views a
    hover; the image of it is drawn in a twentieth of that).

    Each stroke is drawn alone onto a transparent image, on the same device pixel grid as
    the view (the view's device transform, moved by whole pixels): each of its pixels holds
    the pen's colour times the pixel's coverage, as Qt blends it onto nothing; drawn over the
    view, that image blends as the stroke itself does (the same source-over of the same
    premultiplied colour), so the view shows the very same pixels. A line's images are made
    ahead of its first drawing (:meth:`make`, in the Attack tool's idle slices) or at it,
    which draws them instead of its pens (each stroke is filled once, on the scratch image
    instead of the view: later drawings only copy), and kept by its ends on the device, its
    pens and the device's rectangle; only the stroke's pieces along the line are kept
    (:func:`_stroke_pieces`: no pixel twice); the line drawn last is forgotten last. Device
    pixel ratios other than 1, painter opacity, other composition modes and lines reaching
    past the device's edges (Qt cuts their outlines: :data:`OUTLINE_CLIP_SLACK`) are drawn
    by the pens."""

    def __init__(self) -> None:
        self._kept: dict[tuple[object, ...], list[Pieces]] = {}
        self._pixels = 0

    def draw(self, painter: QPainter, start: QPointF, end: QPointF, pens: tuple[QPen, ...],
             style: object) -> None:
        """Draw the line from ``start`` to ``end`` (the painter's coordinates) with ``pens``,
        in order; ``style`` names the pens (part of what a kept line is known by)."""
        transform, device = painter.deviceTransform(), painter.device()
        key, one, other, bounds = _placed(transform, painter.worldTransform(), device, start,
                                          end, style)
        plain = _plain(device, one, other) and painter.opacity() == 1.0 and (
            painter.compositionMode() is QPainter.CompositionMode.CompositionMode_SourceOver)
        layers = self._kept.pop(key, None) if plain else None
        if layers is not None:
            self._kept[key] = layers  # the newest again: the shown line is forgotten last
        elif plain:
            layers = self._made(key, transform, start, end, one, other, pens, bounds)
        if layers is None:
            for pen in pens:
                painter.setPen(pen)
                painter.drawLine(start, end)
            return
        painter.save()  # the images 1:1 on the device's pixels, each stroke in its turn
        painter.setWorldTransform(transform.inverted()[0] * painter.worldTransform())
        for pieces in layers:
            for at, image in pieces:
                painter.drawImage(at, image)
        painter.restore()

    def make(self, transform: QTransform, world: QTransform, device: QPaintDevice,
             start: QPointF, end: QPointF, pens: tuple[QPen, ...], style: object) -> bool:
        """Make the images :meth:`draw` would make at the line's first drawing by a painter on
        ``device`` whose world and device transforms are ``world`` and ``transform`` (at full
        opacity, source-over: a view's paint of the overlay), and keep them: the drawing then
        copies them. Whether the line is kept now (not: its pens would draw it).

        >>> from PySide6.QtGui import QImage
        >>> image = QImage(300, 200, QImage.Format.Format_ARGB32_Premultiplied)
        >>> layers, pens = LineLayers(), LINE_PENS[False]
        >>> layers.make(QTransform(), QTransform(), image, QPointF(20, 30), QPointF(250, 160),
        ...             pens, False)
        True
        >>> len(layers._kept)
        1
        """
        key, one, other, bounds = _placed(transform, world, device, start, end, style)
        if key in self._kept:
            return True
        return _plain(device, one, other) and self._made(
            key, transform, start, end, one, other, pens, bounds) is not None

    def _made(self, key: tuple[object, ...], transform: QTransform, start: QPointF,
              end: QPointF, one: QPointF, other: QPointF, pens: tuple[QPen, ...],
              bounds: QRect) -> list[Pieces] | None:
        """The images of the pieces of each stroke (device pixels), kept; None (nothing made)
        when the line's pieces would not fit in what is kept, or when Qt could cut the
        stroke's outline at the edge of the device (the paint engine's holds ``bounds``) or
        the scratch's (see :func:`_unclipped`)."""
        m = LINE_LAYER_MARGIN
        reach = QRect(QPoint(math.floor(min(one.x(), other.x())) - m,
                             math.floor(min(one.y(), other.y())) - m),
                      QPoint(math.ceil(max(one.x(), other.x())) + m,
                             math.ceil(max(one.y(), other.y())) + m))
        box = reach.intersected(bounds)
        rects = _stroke_pieces(one, other, box)
        whole = _unclipped(reach.translated(-bounds.topLeft()), bounds.size())
        if box.isEmpty() or not whole or sum(
                r.width() * r.height() for r in rects) * len(pens) > LINE_LAYER_PIXELS // 2:
            return None
        image = _scratch(box.width(), box.height(), bounds.size())
        if not _unclipped(reach.translated(-box.topLeft()), image.size()):
            return None
        pieces = [r.translated(-box.topLeft()) for r in rects]
        at = [r.topLeft() for r in rects]
        to_scratch = transform * QTransform.fromTranslate(-box.left(), -box.top())
        painter = QPainter(image)
        painter.setClipRect(QRect(QPoint(0, 0), box.size()))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        layers = []
        for pen in pens:
            painter.setTransform(to_scratch)
            painter.setPen(pen)
            painter.drawLine(start, end)
            layers.append([(corner, image.copy(piece)) for corner, piece in
                           zip(at, pieces, strict=True)])
            painter.resetTransform()  # the stroke lies in its pieces: the image is clear again
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Clear)
            for piece in pieces:
                painter.fillRect(piece, Qt.GlobalColor.transparent)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        painter.end()
        self._keep(key, layers)
        return layers

    def _keep(self, key: tuple[object, ...], layers: list[Pieces]) -> None:
        """Keep ``layers``, forgetting the oldest kept lines beyond :data:`LINE_LAYER_PIXELS`."""
        self._kept[key] = layers  # (the newest last)
        self._pixels += _pixels(layers)
        while self._pixels > LINE_LAYER_PIXELS and len(self._kept) > 1:
            self._pixels -= _pixels(self._kept.pop(next(iter(self._kept))))


def _placed(transform: QTransform, world: QTransform, device: QPaintDevice | None,
            start: QPointF, end: QPointF, style: object,
            ) -> tuple[tuple[object, ...], QPointF, QPointF, QRect]:
    """What a line drawn by a painter on ``device`` with these transforms is kept by (its ends
    on the device, ``style``, the device's rectangle), its ends on the device and that
    rectangle on the paint engine's pixels (a widget paints into its window's backing store,
    moved by where it sits in the window: the device transform less the world one).

    >>> key, one, other, bounds = _placed(QTransform.fromTranslate(5, 7), QTransform(), None,
    ...                                   QPointF(1, 2), QPointF(3, 4), True)
    >>> key, bounds.isNull()
    ((6.0, 9.0, 8.0, 11.0, True, (0, 0, 0, 0)), True)
    """
    one, other = transform.map(start), transform.map(end)
    moved = world.inverted()[0] * transform
    bounds = moved.mapRect(QRect(0, 0, device.width(), device.height())) if (
        device is not None) else QRect()
    return (one.x(), one.y(), other.x(), other.y(), style, bounds.getRect()), one, other, bounds


def _plain(device: QPaintDevice | None, one: QPointF, other: QPointF) -> bool:
    """Whether images drawn 1:1 on ``device`` give what the pens would (the painter at full
    opacity, source-over): no device pixel ratio, the line's ends from ``one`` to ``other``
    well inside Qt's raster coordinate range.

    >>> _plain(None, QPointF(0, 0), QPointF(1, 1))
    False
    """
    return (device is not None and device.devicePixelRatioF() == 1.0
            and max(abs(one.x()), abs(one.y()), abs(other.x()), abs(other.y())) < 16000)


OUTLINE_CLIP_SLACK = 32
"""Device pixels a stroke may reach past the device's edge without Qt cutting its outline
(the raster engine cuts an outline reaching more than 64 past the device's edge, and the cut
moves its edges by a fraction of a pixel: a line so cut on the view but not on the scratch,
or cut at another place, is off by a grey level along its whole length)."""


def _unclipped(reach: QRect, device: QSize) -> bool:
    """Whether a stroke within ``reach`` is drawn whole on a device of size ``device``: it
    lies within :data:`OUTLINE_CLIP_SLACK` of the device's edges.

    >>> _unclipped(QRect(-20, 5, 300, 100), QSize(200, 200))
    False
    >>> _unclipped(QRect(-20, 5, 240, 100), QSize(200, 200))
    True
    """
    slack = OUTLINE_CLIP_SLACK
    return QRect(-slack, -slack, device.width() + 2 * slack,
                 device.height() + 2 * slack).contains(reach)


def _stroke_pieces(one: QPointF, other: QPointF, box: QRect) -> list[QRect]:
    """Rectangles of ``box`` that hold every pixel a stroke of the line from ``one`` to
    ``other`` touches (within :data:`LINE_LAYER_MARGIN` of its axis), none overlapping: the
    box cut across the line's longer way into bands of up to :data:`LINE_LAYER_PIECE_PX`,
    each as long as the line's stretch in it, plus the margin, on either side.

    >>> [r.getRect() for r in _stroke_pieces(QPointF(10, 10), QPointF(210, 110),
    ...                                      QRect(QPoint(4, 4), QPoint(216, 116)))]
    [(4, 4, 71, 48), (75, 33, 71, 54), (146, 69, 71, 47)]
    """
    m = LINE_LAYER_MARGIN
    steep = abs(other.y() - one.y()) > abs(other.x() - one.x())
    p0, s0, p1, s1 = ((one.y(), one.x(), other.y(), other.x()) if steep else
                      (one.x(), one.y(), other.x(), other.y()))
    if p1 < p0:
        p0, s0, p1, s1 = p1, s1, p0, s0
    low, high = (box.top(), box.bottom() + 1) if steep else (box.left(), box.right() + 1)
    side_low, side_high = (box.left(), box.right() + 1) if steep else (box.top(), box.bottom() + 1)
    count = max(1, math.ceil((high - low) / LINE_LAYER_PIECE_PX))
    slope = (s1 - s0) / (p1 - p0) if p1 > p0 else 0.0
    rects = []
    for k in range(count):
        a, b = low + (high - low) * k // count, low + (high - low) * (k + 1) // count
        ends = [s0 + slope * (min(max(p, p0), p1) - p0) for p in (a - m, b + m)]
        first = max(math.floor(min(ends)) - m, side_low)
        last = min(math.ceil(max(ends)) + m, side_high)
        if b > a and last > first:
            rects.append(QRect(first, a, last - first, b - a) if steep else
                         QRect(a, first, b - a, last - first))
    return rects


Pieces = list[tuple[QPoint, QImage]]
"""A stroke's images, each with its top-left corner on the device."""


_SCRATCH: list[QImage] = []
"""The one transparent image the strokes are drawn on before their pieces are copied out (kept:
allocating and clearing a fresh one for each stroke was half the cost of keeping a line)."""
SCRATCH_PIXELS = 2_100_000
"""The most pixels the scratch image takes at once for a device's whole rectangle (8 MB: a
1920 x 1080 view); a larger device's lines grow it by their boxes."""


def _scratch(width: int, height: int, room: QSize) -> QImage:
    """The scratch image, at least ``width`` x ``height``, wholly transparent. It grows at
    once to ``room`` (the device's size, up to :data:`SCRATCH_PIXELS`): grown by each larger
    line, it was made and cleared again at each of a session's first few lines (1-1.5 ms each,
    on the line's making)."""
    if not _SCRATCH or _SCRATCH[0].width() < width or _SCRATCH[0].height() < height:
        if room.width() * room.height() <= SCRATCH_PIXELS:
            width, height = max(width, room.width()), max(height, room.height())
        size = (max(width, _SCRATCH[0].width()), max(height, _SCRATCH[0].height())) if (
            _SCRATCH) else (width, height)
        image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        _SCRATCH[:] = [image]
    return _SCRATCH[0]


def _pixels(layers: Sequence[Pieces]) -> int:
    return sum(image.width() * image.height() for pieces in layers for _, image in pieces)


class PreviewCard(QGraphicsItem):
    """The compact card beside the target; its size is in screen pixels at every zoom."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.lines: list[str] = []
        self.problem = False
        self._font = label_font(0.2, bold=False)
        self._font.setPixelSize(CARD_FONT_PX)
        self._size = QRectF()
        self._given: list[str] = []
        self._laid_out: dict[tuple[tuple[str, ...], float], tuple[tuple[str, ...], float,
                                                                   float]] = {}

    def show_lines(self, lines: list[str], problem: bool, widest: float = math.inf) -> None:
        """Show ``lines``, each wrapped at ``widest`` screen pixels (the view's width). The
        layout of the lines last shown at each width is kept (the mouse going back to a target
        shows its lines again: measuring them word by word was a third of the card's cost)."""
        self.prepareGeometryChange()
        self._given = lines
        key = (tuple(lines), widest)
        laid = self._laid_out.get(key)
        if laid is None:
            laid = self._lay_out(lines, widest)
            if len(self._laid_out) >= LAYOUTS_KEPT:
                self._laid_out.clear()
            self._laid_out[key] = laid
        self.lines = list(laid[0])
        self.problem = problem
        self._size = QRectF(0, 0, laid[1], laid[2])
        self.setVisible(bool(lines))
        self.update()

    def _lay_out(self, lines: list[str], widest: float) -> tuple[tuple[str, ...], float, float]:
        """The lines wrapped at ``widest`` and the card's width and height for them."""
        metrics = QFontMetricsF(self._font)
        wrapped = tuple(part for line in lines for part in (
            _wrapped(line, metrics, widest - 20) if widest < math.inf else (line,)))
        width = max((metrics.horizontalAdvance(line) for line in wrapped), default=0.0) + 20
        return wrapped, width, len(wrapped) * metrics.lineSpacing() + 12

    def boundingRect(self) -> QRectF:
        return self._size

    def place(self, right: QPointF, left: QPointF) -> None:
        """Beside the target whose right and left edges (plus a gap, at its top) are ``right``
        and ``left`` (scene points): see :meth:`place_beside`."""
        gap = (right.x() - left.x()) / 2
        self.place_beside(QPointF((right.x() + left.x()) / 2, right.y() + gap - 0.3 * CELL), gap)

    def place_beside(self, centre: QPointF, gap: float) -> None:
        """``gap`` scene pixels from the target at ``centre``: right, left, above, below or
        at a corner, the first place that covers no token, name tag or line of fire and stays
        in the view, else the place in the view covering the fewest of them. The card is
        always wholly inside the view (its last lines, the TN and the odds, are its point):
        when no place beside the target fits, it is pushed inside from the nearest edge."""
        self.setPos(centre)
        scene = self.scene()
        views = scene.views() if scene is not None else []
        if scene is None or not views:
            return
        view = views[0]
        room = view.viewport().width() - 8.0
        if self._size.width() > room:  # wider than the view: wrap the long lines
            self.show_lines(self._given, self.problem, room)
        at, reach = view.mapFromScene(centre), gap * view.transform().m11()
        reach = max(abs(reach), abs(gap * view.transform().m12()))
        best, fewest = QPointF(), math.inf
        for offset in _card_offsets(self._size.width(), self._size.height(), reach):
            box = QRectF(offset, self._size.size())
            covered = self._covered(view.mapToScene(box.translated(at).toRect()).boundingRect())
            outside = not QRectF(view.viewport().rect()).contains(box.translated(at))
            score = covered + 1000 * outside  # covering any number beats being cut off
            if score < fewest:
                best, fewest = offset, score
            if score == 0:
                break
        self.prepareGeometryChange()
        self._size.moveTo(_inside(QRectF(best, self._size.size()).translated(at),
                                  QRectF(view.viewport().rect())).topLeft() - QPointF(at))

    def _covered(self, area: QRectF) -> int:
        """How many tokens, name tags and lines of fire ``area`` (scene) covers."""
        scene = self.scene()
        assert scene is not None
        found = scene.items(area, Qt.ItemSelectionMode.IntersectsItemShape)
        return sum(isinstance(i, TokenItem | TokenLabelItem | AimOverlay) and i.isVisible()
                   for i in found)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(CARD_PENS[self.problem])
        painter.setBrush(LABEL_BACK)
        painter.drawRoundedRect(self._size, 8, 8)
        painter.setFont(self._font)
        spacing = QFontMetricsF(self._font).lineSpacing()
        top = self._size.top() + 6 + QFontMetricsF(self._font).ascent()
        for n, line in enumerate(self.lines):
            last = n == len(self.lines) - 1
            painter.setPen(CARD_PROBLEM if self.problem and last else CARD_TEXT)
            painter.drawText(QPointF(self._size.left() + 10, top + n * spacing), line)


CARD_PENS = {problem: cosmetic_pen(CARD_PROBLEM if problem else QColor("#ffeb3b"), 2.0)
             for problem in (False, True)}
"""The card's frame: light red when the attack has a problem, else yellow."""


def _wrapped(line: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """``line`` cut at spaces into parts no wider than ``width`` (a long word stays whole)."""
    parts: list[str] = []
    for word in line.split(" "):
        if parts and metrics.horizontalAdvance(f"{parts[-1]} {word}") <= width:
            parts[-1] = f"{parts[-1]} {word}"
        else:
            parts.append(word)
    return parts or [line]


def _line_pieces(start: QPointF, end: QPointF) -> list[QRectF]:
    """The boxes of the line from ``start`` to ``end`` cut into equal parts, one each 3 cells
    (at most :data:`LINE_PIECES`): together they hold the line, in far less than its box when
    it runs aslant.

    >>> [box.getRect() for box in _line_pieces(QPointF(0, 0), QPointF(320, 240))]
    [(0.0, 0.0, 160.0, 120.0), (160.0, 120.0, 160.0, 120.0)]
    """
    line = QLineF(start, end)
    count = min(LINE_PIECES, max(1, round(line.length() / (3 * CELL))))
    return [QRectF(line.pointAt(k / count), line.pointAt((k + 1) / count)).normalized()
            for k in range(count)]


def _inside(box: QRectF, bounds: QRectF, margin: float = 4.0) -> QRectF:
    """``box`` moved the least so that it lies inside ``bounds`` (its top-left corner kept
    in when it is larger).

    >>> _inside(QRectF(90, 90, 20, 20), QRectF(0, 0, 100, 100)).topLeft()
    PySide6.QtCore.QPointF(76.000000, 76.000000)
    """
    area = bounds.adjusted(margin, margin, -margin, -margin)
    x = min(max(box.left(), area.left()), max(area.left(), area.right() - box.width()))
    y = min(max(box.top(), area.top()), max(area.top(), area.bottom() - box.height()))
    return QRectF(x, y, box.width(), box.height())


def _card_offsets(width: float, height: float, reach: float) -> list[QPointF]:
    """Top-left corners (screen px from the target's centre) of the card's places, in order of
    preference: right, left, above, below, then the four corners."""
    return [
        QPointF(reach, -height / 2), QPointF(-reach - width, -height / 2),
        QPointF(-width / 2, -reach - height), QPointF(-width / 2, reach),
        QPointF(reach, -reach - height), QPointF(-reach - width, -reach - height),
        QPointF(reach, reach), QPointF(-reach - width, reach),
    ]
