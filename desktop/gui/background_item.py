"""The map image under the grid, scaled so ``pixels_per_cell`` image pixels make one cell."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.core.model import Background
from desktop.gui.map_image import MapImage
from desktop.gui.style import CELL


class BackgroundItem(QGraphicsItem):
    """The background placed and scaled by the background's calibration.

    It paints the smallest of the image's reduced copies (:class:`MapImage`) that still has a
    pixel per screen pixel, so a zoomed-out map does not resample the whole image every frame
    (the copies add about 9 % to the memory of an opaque image, kept at 3 bytes a pixel).
    """

    def __init__(self, background: Background, image: MapImage) -> None:
        super().__init__()
        self.background, self.map_image = background, image
        self._rect = QRectF(0, 0, image.size().width(), image.size().height())
        self._levels = image.levels  # images, not pixmaps: no second copy of a map
        scale = CELL / background.pixels_per_cell
        self.setScale(scale)
        self.setPos(-background.offset_x * scale, -background.offset_y * scale)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        detail = option.levelOfDetailFromTransform(painter.worldTransform())
        factor, image = next(
            ((f, i) for f, i in reversed(self._levels) if detail * f <= 1.0), self._levels[0]
        )
        target = option.exposedRect.intersected(self._rect)
        source = QRectF(target.topLeft() / factor, target.size() / factor)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        painter.drawImage(target, image, source)
