"""The map image under the grid, scaled so ``pixels_per_cell`` image pixels make one cell."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem

from desktop.core.images import ImageError, check_image, decode_base64_image
from desktop.core.model import Background
from desktop.gui.style import CELL


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


class BackgroundItem(QGraphicsPixmapItem):
    """The background pixmap placed and scaled by the background's calibration."""

    def __init__(self, background: Background, image: QImage) -> None:
        super().__init__(QPixmap.fromImage(image))
        self.background = background
        scale = CELL / background.pixels_per_cell
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setScale(scale)
        self.setPos(-background.offset_x * scale, -background.offset_y * scale)
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
