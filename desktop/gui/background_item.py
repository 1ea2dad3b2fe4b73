"""The map image under the grid, scaled so ``pixels_per_cell`` image pixels make one cell.

Each view paints the map from tiles of :data:`TILE` device pixels, each rendered once at the
view's zoom and turn (:class:`DeviceTiles`; from the first frame at that zoom on a map view
that paints zoom bursts coarse, whose exact frame comes once the zoom settled, else from the
second, so a wheel notch costs no more than before) and then copied as they are: a drag, a pan or a
fog change repaints the map by copying pixels, never by rescaling the image again. A tile is
rendered as the plain paint renders those pixels (the same reduced copy, the same smooth
scaling, a margin of source pixels beyond its edges so the filter sees the same neighbours),
so the tiled map equals the plain one (``tests/desktop/gui/test_map_tiles.py``): within a grey
level upright, within two on a view turned a quarter (90 or 270 degrees: Qt's turned smooth
scaling rounds by where the image it is given starts).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from battlemap.desktop.core.model import Background
from battlemap.desktop.gui.map_image import MapImage
from battlemap.desktop.gui.mapped_image import let_go_of_pages, rows_file_of
from battlemap.desktop.gui.per_view import kept_for
from battlemap.desktop.gui.style import CELL

TILE = 256
"""A tile's side in device pixels (256 KB at 4 bytes a pixel)."""
TILES_KEPT = 60
"""Tiles a view keeps (15 MB): a 1920 x 1080 view shows 40 to 54 of them."""
VIEWS_KEPT = 4
"""Views whose tiles are kept (the GM window, the player view, a render or two)."""
MARGIN = 3
"""Source pixels drawn beyond a tile's edges, so its edge pixels are filtered as inside."""
BAND = 128
"""Device rows a plain paint from the full-size image paints at a time, when it lies in a
mapped file or the view is turned (see :meth:`BackgroundItem._paint_in_bands`)."""


def level_for(levels: tuple[tuple[int, QImage], ...], detail: float) -> tuple[int, QImage]:
    """The smallest reduced copy with at least a pixel per screen pixel (else the full image).

    Examples
    --------
    >>> from PySide6.QtGui import QImage
    >>> levels = ((1, QImage()), (4, QImage()), (16, QImage()))
    >>> level_for(levels, 0.2)[0], level_for(levels, 0.05)[0], level_for(levels, 2.0)[0]
    (4, 16, 1)
    """
    return next(((f, i) for f, i in reversed(levels) if detail * f <= 1.0), levels[0])


class DeviceTiles:
    """One view's tiles of the map at one device transform (its zoom, turn and the fraction
    of a pixel where the map's corner falls); another transform starts afresh."""

    def __init__(self) -> None:
        self.key: tuple[float, ...] = ()
        self.tiles: OrderedDict[tuple[int, int], QImage] = OrderedDict()

    def take(self, key: tuple[float, ...], at_once: bool = False) -> bool:
        """Whether tiles at ``key`` are worth making: not on the first frame at a new
        transform (a wheel notch, a pinch step: the next frame may be at another zoom) unless
        ``at_once`` (a view that paints zoom bursts coarse: its exact frame comes once the
        zoom settled)."""
        if key != self.key:
            self.key, self.tiles = key, OrderedDict()
            return at_once
        return True

    def get(self, index: tuple[int, int]) -> QImage | None:
        tile = self.tiles.get(index)
        if tile is not None:
            self.tiles.move_to_end(index)
        return tile

    def keep(self, index: tuple[int, int], tile: QImage) -> None:
        self.tiles[index] = tile
        while len(self.tiles) > TILES_KEPT:
            self.tiles.popitem(last=False)


class BackgroundItem(QGraphicsItem):
    """The background placed and scaled by the background's calibration.

    It paints the smallest of the image's reduced copies (:class:`MapImage`) that still has a
    pixel per screen pixel, so a zoomed-out map does not resample the whole image, and keeps
    what it painted as device tiles per view, turned or not (``tiled`` False: paints plainly
    every time).
    """

    def __init__(self, background: Background, image: MapImage, tiled: bool = True) -> None:
        super().__init__()
        self.background, self.map_image, self.tiled = background, image, tiled
        self._rect = QRectF(0, 0, image.size().width(), image.size().height())
        self._levels = image.levels  # images, not pixmaps: no second copy of a map
        self._views: OrderedDict[int, DeviceTiles] = OrderedDict()
        scale = CELL / background.pixels_per_cell
        self.setScale(scale)
        self.setPos(-background.offset_x * scale, -background.offset_y * scale)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self._paint_map(painter, option, widget)
        self._let_go_of_read_pages(painter.worldTransform())

    def _let_go_of_read_pages(self, world: QTransform) -> None:
        """Painted from a copy in a mapped file (the full-size image, the half-size copy): the
        pages of its file read are not kept resident
        (:mod:`~battlemap.desktop.gui.mapped_image`; nothing for an image in memory)."""
        image = level_for(self._levels, _detail(world))[1]
        if rows_file_of(image) is not None:
            let_go_of_pages(image)

    def _paint_map(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None
    ) -> None:
        world = painter.worldTransform()
        if not self.tiled or widget is None:  # a render to an image: nothing to keep
            self._paint_plain(painter, option.exposedRect, world)
            return
        hints = painter.renderHints()
        key, x0, y0 = _tiles_key(world, hints)
        tiles = self._tiles_of(widget)
        settled = bool(getattr(widget.parentWidget(), "coarse_zoom", False))  # a MapView's
        if not tiles.take(key, settled):  # a zoom step: painted plainly, tiles from the next
            self._paint_plain(painter, option.exposedRect, world)
            return
        exposed = world.mapRect(option.exposedRect.intersected(self._rect))
        painter.save()
        painter.setWorldTransform(QTransform())
        for row in _tile_rows(exposed, x0, y0):
            rendered = False
            for tx, ty in row:
                tile = tiles.get((tx, ty))
                if tile is None:
                    tile = self._render_tile(world, hints, x0 + tx * TILE, y0 + ty * TILE)
                    tiles.keep((tx, ty), tile)
                    rendered = True
                painter.drawImage(QPointF(x0 + tx * TILE, y0 + ty * TILE), tile)
            if rendered:  # a row of tiles at a time: a whole view's rows are never resident
                self._let_go_of_read_pages(world)
        painter.restore()

    def prepare(self, widget: QWidget, world: QTransform, hints: QPainter.RenderHint,
                area: QRectF, deadline: float) -> bool:
        """Make the tiles a paint of ``area`` (device pixels of ``widget``) at ``world`` will
        copy, until ``time.perf_counter()`` passes ``deadline``; whether they are all made.

        A view calls it while a zoom burst rests (:meth:`MapView.begin_coarse`): the exact
        frame that follows then copies its map's tiles instead of rescaling the image, each
        tile made as :meth:`paint` would make it (the same key: the same pixels)."""
        if not self.tiled:
            return True
        key, x0, y0 = _tiles_key(world, hints)
        tiles = self._tiles_of(widget)
        tiles.take(key, True)
        exposed = area.intersected(world.mapRect(self._rect))
        if exposed.isEmpty():
            return True
        for row in _tile_rows(exposed, x0, y0):
            rendered = False
            for index in row:
                if index in tiles.tiles:
                    continue
                if rendered and time.perf_counter() > deadline:
                    self._let_go_of_read_pages(world)
                    return False
                tile = self._render_tile(world, hints, x0 + index[0] * TILE, y0 + index[1] * TILE)
                tiles.keep(index, tile)
                rendered = True
            if rendered:
                self._let_go_of_read_pages(world)
            if time.perf_counter() > deadline:
                return False
        return True

    def paint_coarse(self, painter: QPainter, area: QRectF) -> None:
        """``area`` (item pixels) from the map's smallest copy, unsmoothed: what a zoom
        burst's coarse frame shows where the last exact frame did not reach."""
        factor, image = self._levels[-1]
        target = area.intersected(self._rect)
        if target.isEmpty():
            return
        painter.save()
        painter.setTransform(self.sceneTransform() * painter.transform())
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.drawImage(target, image, QRectF(target.topLeft() / factor, target.size() / factor))
        painter.restore()

    def _tiles_of(self, widget: QWidget) -> DeviceTiles:
        return kept_for(self._views, widget, DeviceTiles, VIEWS_KEPT)

    def _render_tile(self, world: QTransform, hints: QPainter.RenderHint, left: int,
                     top: int) -> QImage:
        """The device pixels ``left, top`` to ``+TILE`` as the plain paint would fill them."""
        tile = QImage(TILE, TILE, QImage.Format.Format_ARGB32_Premultiplied)
        tile.fill(Qt.GlobalColor.transparent)
        painter = QPainter(tile)
        painter.setRenderHints(hints)
        moved = world * QTransform.fromTranslate(-left, -top)
        painter.setWorldTransform(moved)
        inverse, _ = moved.inverted()
        area = inverse.mapRect(QRectF(0, 0, TILE, TILE))
        painter.setClipRect(area)
        self._paint_plain(painter, area, world)
        painter.end()
        return tile

    def _paint_plain(self, painter: QPainter, exposed: QRectF, world: QTransform) -> None:
        factor, image = level_for(self._levels, _detail(world))
        grow = MARGIN * factor  # beyond the exposed part: no filtered or antialiased edge in it
        target = exposed.adjusted(-grow, -grow, grow, grow).intersected(self._rect)
        source = QRectF(target.topLeft() / factor, target.size() / factor)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        turned = bool(world.m12() or world.m21())
        mapped = rows_file_of(image) is not None
        if not mapped and (factor != 1 or not turned):
            painter.drawImage(target, image, source)
            return
        self._paint_in_bands(painter, target, image, factor)

    def _paint_in_bands(self, painter: QPainter, target: QRectF, image: QImage,
                        factor: int) -> None:
        """The full-size image (or a copy reduced by ``factor`` in a mapped file) :data:`BAND`
        device rows at a time, each band's pages of a mapped file let go of before the next is
        read, so a whole view's rows of the file are never resident at once. Upright, each band
        is the same call clipped to the band: every device pixel is sampled as one call samples
        it. Turned, Qt copies the whole source rectangle to 4 bytes a pixel before sampling
        whatever the clip (161 MB for a 1920 x 1080 table at zoom 0.4 on the 8192 px map), so
        each band draws only its own part of the image (with :data:`MARGIN`): within two grey
        levels of one call, as a tile is."""
        world = painter.worldTransform()
        inverse, _ = world.inverted()
        turned = bool(world.m12() or world.m21())
        device = world.mapRect(target).toAlignedRect()
        for top in range(device.top(), device.bottom() + 1, BAND):
            band = QRect(device.left(), top, device.width(), BAND)
            painter.save()
            painter.setWorldTransform(QTransform())
            painter.setClipRect(band, Qt.ClipOperation.IntersectClip)
            painter.setWorldTransform(world)
            if turned:
                grow = MARGIN * factor
                part = inverse.mapRect(QRectF(band)).adjusted(-grow, -grow, grow, grow)
                part = part.intersected(target)
                painter.drawImage(part, image, QRectF(part.topLeft() / factor,
                                                      part.size() / factor))
            else:
                painter.drawImage(target, image, QRectF(target.topLeft() / factor,
                                                        target.size() / factor))
            painter.restore()
            let_go_of_pages(image)


def _tiles_key(world: QTransform, hints: QPainter.RenderHint
               ) -> tuple[tuple[float, ...], int, int]:
    """What a view's tiles are made for (the device transform with the fraction of a pixel
    where the map's corner falls, and the painter's hints) and that corner's whole pixel."""
    x0, y0 = math.floor(world.dx()), math.floor(world.dy())
    key = (world.m11(), world.m12(), world.m21(), world.m22(),
           round(world.dx() - x0, 6), round(world.dy() - y0, 6), float(hints.value))
    return key, x0, y0


def _tile_rows(exposed: QRectF, x0: int, y0: int) -> list[list[tuple[int, int]]]:
    """The tiles (column, row) under ``exposed`` (device pixels), a row at a time."""
    first_x = math.floor((exposed.left() - x0) / TILE)
    first_y = math.floor((exposed.top() - y0) / TILE)
    last_x = math.ceil((exposed.right() - x0) / TILE)
    last_y = math.ceil((exposed.bottom() - y0) / TILE)
    return [[(tx, ty) for tx in range(first_x, last_x)] for ty in range(first_y, last_y)]


def _detail(world: QTransform) -> float:
    """Screen pixels per item pixel (Qt's level of detail of ``world``)."""
    return QStyleOptionGraphicsItem.levelOfDetailFromTransform(world)
