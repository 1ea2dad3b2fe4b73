"""The map image under the grid, scaled so ``pixels_per_cell`` image pixels make one cell."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from desktop.core.images import ImageError, check_image, decode_base64_image
from desktop.core.model import Background
from desktop.gui.style import CELL

LEVEL_FACTORS = (4, 16)
"""The reduced copies kept of a background image: 1/4 and 1/16 of its width."""


def read_background(background: Background, base_dir: Path | None) -> QImage:
    """Decode the background image; ``ImageError`` names what is wrong (missing, bad, huge)."""
    if background.embedded:
        data = decode_base64_image(background.embedded)
    elif background.path:
        path = Path(background.path)
        path = path if path.is_absolute() or base_dir is None else base_dir / path
        try:
            data = path.read_bytes()
        except OSError as error:
            raise ImageError(f"background image {path}: {error.strerror}") from error
    else:
        raise ImageError("the background names no image")
    check_image(data)
    image = QImage.fromData(QByteArray(data))
    if image.isNull():
        raise ImageError("background image could not be decoded")
    return image


class BackgroundItem(QGraphicsItem):
    """The background placed and scaled by the background's calibration.

    Besides the full image it keeps copies at 1/4 and 1/16 of the size and paints the smallest
    one that still has a pixel per screen pixel, so a zoomed-out map does not resample the
    whole image every frame (the copies add 6.6 % to the image's memory).
    """

    def __init__(self, background: Background, image: QImage) -> None:
        super().__init__()
        self.background = background
        self._rect = QRectF(0, 0, image.width(), image.height())
        self._levels = [(1, image)]  # images, not pixmaps: no second copy of a huge map
        for factor in LEVEL_FACTORS:
            size = image.size() / factor
            if size.width() >= 16 and size.height() >= 16:
                smaller = image.scaled(size, mode=Qt.TransformationMode.SmoothTransformation)
                self._levels.append((factor, smaller))
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
