"""The map image as other tools expect it, and the Universal VTT export both the GUI and
``battlemap export-uvtt`` write.

Universal VTT has no image offset and most importers want a whole number of pixels per cell:
:func:`aligned_map_image` gives the image's bytes untouched when it already starts at the
corner of cell (0, 0) with whole pixels per cell, and otherwise crops (or pads) it to the map
and rescales it with Qt, as a PNG.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, Qt
from PySide6.QtGui import QImage

from battlemap.desktop.core.atomic import atomic_write_bytes
from battlemap.desktop.core.images import ImageError, decode_base64_image, read_image_file
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.uvtt_export import dumps_uvtt, left_behind

DEFAULT_PIXELS_PER_GRID = 64.0
"""``pixels_per_grid`` written for a map without an image (importers need one)."""


def map_image_bytes(encounter: Encounter, base_dir: Path | None) -> bytes:
    """The encounter's map image as stored (``b""`` without one); ``ImageError`` if unreadable."""
    background = encounter.background
    if background is None:
        return b""
    if background.embedded:
        return decode_base64_image(background.embedded)
    if background.path:
        return read_image_file(background.path, base_dir)
    return b""


def aligned_map_image(encounter: Encounter, base_dir: Path | None) -> tuple[bytes, float]:
    """The map image with pixel (0, 0) at the corner of cell (0, 0) and a whole number of
    pixels per cell, and that number (``b""`` and :data:`DEFAULT_PIXELS_PER_GRID` without an
    image). ``ImageError`` if the image cannot be read or decoded."""
    data = map_image_bytes(encounter, base_dir)
    background = encounter.background
    if not data or background is None:
        return b"", DEFAULT_PIXELS_PER_GRID
    per_cell = background.pixels_per_cell
    whole = max(1.0, float(round(per_cell)))
    if background.offset_x == 0 and background.offset_y == 0 and whole == per_cell:
        return data, per_cell
    image = QImage.fromData(data)
    if image.isNull():
        raise ImageError("the map image could not be decoded")
    crop = QRect(round(background.offset_x), round(background.offset_y),
                 max(1, round(encounter.width * per_cell)),
                 max(1, round(encounter.height * per_cell)))
    image = image.copy(crop)  # outside the image: transparent
    size = (max(1, round(encounter.width * whole)), max(1, round(encounter.height * whole)))
    if (image.width(), image.height()) != size:
        image = image.scaled(*size, Qt.AspectRatioMode.IgnoreAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    return png_data(image), whole


def png_data(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise ImageError("the map image could not be encoded as PNG")
    buffer.close()
    return bytes(data.data())


def export_uvtt(encounter: Encounter, base_dir: Path | None, out: Path) -> list[str]:
    """Write the Universal VTT export of ``encounter`` to ``out``; what the GM should know
    (an image that could not be read, what the format leaves behind). ``OSError`` if ``out``
    cannot be written (nothing is left half-written)."""
    notes: list[str] = []
    try:
        image, per_grid = aligned_map_image(encounter, base_dir)
    except ImageError as problem:
        image, per_grid = b"", (encounter.background.pixels_per_cell
                                if encounter.background else DEFAULT_PIXELS_PER_GRID)
        notes.append(f"exported without the map image: {problem}")
    atomic_write_bytes(out, dumps_uvtt(encounter, image, per_grid))
    behind = left_behind(encounter)
    if behind:
        notes.append("not exported (Universal VTT has no place for them): "
                     + ", ".join(behind))
    return notes
