"""The map image as other tools expect it, and the Universal VTT export both the GUI and
``battlemap export-uvtt`` write.

Universal VTT has no image offset and most importers want a whole number of pixels per cell:
:func:`aligned_map_pieces` gives the image's bytes untouched when it already starts at the
corner of cell (0, 0) with whole pixels per cell, and otherwise crops (or pads) it to the map
and rescales it, as a PNG.

A big map is never held whole. The export is written as it is made (:func:`uvtt_pieces`,
:func:`~battlemap.desktop.core.atomic.atomic_write_pieces`): the image file is read and turned
into base64 a piece at a time. A PNG of :data:`~battlemap.desktop.gui.map_image.STRIPS_FROM`
pixels or more that must be cropped or rescaled is decoded in strips into the mapped file of
the cache folder (:mod:`~battlemap.desktop.gui.png_strips`), then cropped, rescaled and
encoded :data:`BAND_ROWS` rows at a time (:func:`png_in_bands`); a smaller image is decoded
whole by Qt. Whatever cannot be exported is refused before anything is written.

The GUI runs the export in a worker thread (:mod:`~battlemap.desktop.gui.export_actions`):
:func:`export_uvtt` tells its ``progress`` as it goes, and an exception that callback raises
(:class:`ExportCancelled`) stops it with nothing written. Off the GUI thread Qt must never pick
a decoder by probing the image plugins (see
:func:`~battlemap.desktop.gui.png_strips.read_image`): every decode here names its format.
"""

from __future__ import annotations

import base64
import json
import math
import os
import struct
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRect, Qt
from PySide6.QtGui import QImage, QPainter, QTransform

from battlemap.desktop.core.atomic import atomic_write_pieces
from battlemap.desktop.core.images import (
    ImageError,
    check_decodable_whole,
    image_size,
    read_image_file,
)
from battlemap.desktop.core.limits import MAX_IMAGE_FILE_BYTES
from battlemap.desktop.core.model import Background, Encounter
from battlemap.desktop.core.reading import open_regular_file
from battlemap.desktop.core.uvtt_export import left_behind, uvtt_document
from battlemap.desktop.gui.map_image import STRIPS_FROM, PngFile, image_path, read_map_data
from battlemap.desktop.gui.mapped_image import let_go_of_pages
from battlemap.desktop.gui.png_strips import SIGNATURE, decode_strips, read_image

DEFAULT_PIXELS_PER_GRID = 64.0
"""``pixels_per_grid`` written for a map without an image (importers need one)."""
PIECE = 3 << 20
"""Bytes of a map file read and turned into base64 at a time (3 MiB: a multiple of 3, so the
pieces' base64 follow each other without padding)."""
BAND_ROWS = 256
"""Rows of the exported image made and encoded at a time (16 MB at 4 bytes a pixel for a
16384 px wide map)."""
MARGIN = 2
"""Source rows read beyond a band's own, above and below: smooth scaling samples the rows
around each pixel, so a band is painted as the whole image is."""
IDAT_BYTES = 1 << 20
"""Compressed bytes gathered into one IDAT chunk of the exported PNG."""

DECODED_SHARE = 45
"""Percent of a big map's export told done once its PNG is decoded in strips (the 16384 px
bench map: 7.9 of 17 s decoding, the rest cropping, rescaling and encoding the bands)."""

Pieces = Iterable[bytes]
Progress = Callable[[str, int], None]
"""Told what the export does, in words, and how far it is, in percent (0-100)."""


def _quiet(_words: str, _percent: int) -> None:
    """The progress of an export no one watches."""


def aligned_map_pieces(encounter: Encounter, base_dir: Path | None,
                       progress: Progress = _quiet) -> tuple[Pieces, float]:
    """The map image with pixel (0, 0) at the corner of cell (0, 0) and a whole number of
    pixels per cell, as pieces of bytes made while they are read, and that number (none and
    :data:`DEFAULT_PIXELS_PER_GRID` without an image). ``ImageError`` names the map image and
    what is wrong, before any piece is made: it cannot be read, or decoded, or is too big to
    decode whole and cannot be decoded in strips (its size and what to do)."""
    background = encounter.background
    if background is None or not (background.embedded or background.path):
        return (), DEFAULT_PIXELS_PER_GRID
    return aligned_pieces(encounter, background, read_map_data(background, base_dir), base_dir,
                          progress)


def aligned_pieces(encounter: Encounter, background: Background, data: bytes | PngFile,
                   base_dir: Path | None, progress: Progress = _quiet) -> tuple[Pieces, float]:
    """:func:`aligned_map_pieces` of the map image ``data`` (read with
    :func:`~battlemap.desktop.gui.map_image.read_map_data`); ``progress`` is told the strips
    decoded, then the bands or the bytes made."""
    per_cell = background.pixels_per_cell
    whole = max(1.0, float(round(per_cell)))
    if background.offset_x == 0 and background.offset_y == 0 and whole == per_cell:
        return stored_pieces(data, progress), per_cell
    crop = QRect(round(background.offset_x), round(background.offset_y),
                 max(1, round(encounter.width * per_cell)),
                 max(1, round(encounter.height * per_cell)))
    size = (max(1, round(encounter.width * whole)), max(1, round(encounter.height * whole)))
    where = _map_name(background, base_dir)
    full = _decoded_in_strips(data, where, progress)
    if full is not None:
        return png_in_bands(full, crop, size, _band_steps(progress, size[1])), whole
    if isinstance(data, PngFile):
        data = read_image_file(data.path)
    progress("Decoding the map image...", 0)
    return (png_data(_aligned_whole(data, crop, size, where)),), whole


def _band_steps(progress: Progress, rows: int) -> Callable[[int], None]:
    """``progress`` of the bands from :data:`DECODED_SHARE` to 100 %, told each band's top."""
    def step(top: int) -> None:
        progress(f"Writing the map image: row {top:,} of {rows:,}...",
                 DECODED_SHARE + (100 - DECODED_SHARE) * top // rows)
    return step


def _map_name(background: Background, base_dir: Path | None) -> str:
    return "the embedded map image" if background.embedded else (
        f"map image {image_path(background, base_dir)}")


def stored_pieces(data: bytes | PngFile, progress: Progress = _quiet) -> Iterator[bytes]:
    """The map image's bytes as stored: ``data`` itself, or the big PNG file read
    :data:`PIECE` bytes at a time (no more than the image file limit), ``progress`` told the
    share read before each piece."""
    if isinstance(data, bytes):
        yield data
        return
    try:
        with open_regular_file(data.path, MAX_IMAGE_FILE_BYTES) as file:
            size = max(1, min(os.fstat(file.fileno()).st_size, MAX_IMAGE_FILE_BYTES))
            left = MAX_IMAGE_FILE_BYTES
            while left:
                progress("Writing the map image...",
                         100 * (MAX_IMAGE_FILE_BYTES - left) // size)
                piece = file.read(min(PIECE, left))
                if not piece:
                    break
                left -= len(piece)
                yield piece
    except OSError as err:
        raise ImageError(f"map image {data.path}: {err.strerror or err}") from None


def _decoded_in_strips(data: bytes | PngFile, where: str,
                       progress: Progress = _quiet) -> QImage | None:
    """A PNG of :data:`STRIPS_FROM` pixels or more decoded in strips (its pixels in the
    mapped file of the cache folder where one can be made; ``progress`` told each strip, up
    to :data:`DECODED_SHARE` %); None for a smaller image, or one that can be decoded whole.
    ``ImageError`` for a PNG too big to decode whole that cannot be decoded in strips, naming
    it, its size and what to do."""
    kind, width, height = image_size(data.head if isinstance(data, PngFile) else data)
    if kind != "png" or width * height < STRIPS_FROM:
        return None

    def step(top: int) -> None:
        progress(f"Decoding the map image ({width:,} x {height:,} px): row {top:,}...",
                 DECODED_SHARE * top // height)

    if isinstance(data, bytes):
        decoded = decode_strips(data, step=step, in_file=True)
    else:
        try:
            with open_regular_file(data.path, MAX_IMAGE_FILE_BYTES) as file:
                decoded = decode_strips(file, step=step, in_file=True)
        except OSError as err:
            raise ImageError(f"{where}: {err.strerror or err}") from None
    if decoded is not None:
        return decoded[0]
    try:
        check_decodable_whole("PNG that cannot be decoded in strips (16-bit, a palette, "
                              "interlaced, a transparent colour, or damaged)", width, height)
    except ImageError as error:
        raise ImageError(f"{where}: {error}") from None
    return None


def _aligned_whole(data: bytes, crop: QRect, size: tuple[int, int], where: str) -> QImage:
    """The image decoded whole by Qt, cropped to ``crop`` (outside the image: 0, transparent
    or black) and rescaled to ``size`` (smooth). Its decoder is named, never probed for (this
    runs in the export's worker thread)."""
    image = read_image(data, image_size(data)[0])[0]
    if image.isNull():
        raise ImageError(f"{where} could not be decoded")
    image = image.copy(crop)
    if (image.width(), image.height()) != size:
        image = image.scaled(*size, Qt.AspectRatioMode.IgnoreAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    return image


def png_in_bands(full: QImage, crop: QRect, size: tuple[int, int],
                 step: Callable[[int], None] | None = None) -> Iterator[bytes]:
    """The PNG of ``full`` cropped to ``crop`` and rescaled to ``size`` (as
    :func:`_aligned_whole` does for an image under 1 Mpx: Qt's smooth painting), made
    :data:`BAND_ROWS` rows at a time from the rows each band needs; the mapped file's pages
    are let go after each band. 8-bit RGB, or RGBA for an image with alpha. ``step`` is told
    each band's first row before it is made."""
    alpha = full.hasAlphaChannel()
    work = QImage.Format.Format_ARGB32 if alpha else QImage.Format.Format_RGB32
    header = struct.pack(">IIBBBBB", size[0], size[1], 8, 6 if alpha else 2, 0, 0, 0)
    yield SIGNATURE + _chunk(b"IHDR", header)
    squeeze, held = zlib.compressobj(6), bytearray()
    above = bytes(size[0] * (4 if alpha else 3))  # the row above the first: zeros
    for top in range(0, size[1], BAND_ROWS):
        if step is not None:
            step(top)
        band = _band(full, crop, size, (top, min(BAND_ROWS, size[1] - top)), work)
        let_go_of_pages(full)
        rows, above = _up_filtered(band, alpha, above)
        held += squeeze.compress(rows)
        if len(held) >= IDAT_BYTES:
            yield _chunk(b"IDAT", bytes(held))
            held.clear()
    yield _chunk(b"IDAT", bytes(held + squeeze.flush())) + _chunk(b"IEND", b"")


def _band(full: QImage, crop: QRect, size: tuple[int, int], rows: tuple[int, int],
          work: QImage.Format) -> QImage:
    """Rows ``rows = (top, count)`` of the cropped and rescaled image, in ``work``'s format:
    the crop's rows they sample (and :data:`MARGIN` more each way) painted through the whole
    image's scale, shifted up by ``top``."""
    top, count = rows
    scale_x, scale_y = size[0] / crop.width(), size[1] / crop.height()
    first = max(0, math.floor(top / scale_y) - MARGIN)
    last = min(crop.height(), math.ceil((top + count) / scale_y) + MARGIN)
    part = full.copy(QRect(crop.x(), crop.y() + first, crop.width(), last - first))
    part.convertTo(work)
    if (crop.width(), crop.height()) == size:
        return part.copy(0, top - first, size[0], count)
    band = QImage(size[0], count, work)
    band.fill(0)
    painter = QPainter(band)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.setTransform(QTransform(scale_x, 0, 0, scale_y, 0, first * scale_y - top))
    painter.drawImage(QPointF(0, 0), part)
    painter.end()
    return band


def _up_filtered(band: QImage, alpha: bool, above: bytes) -> tuple[bytes, bytes]:
    """The band's rows as PNG rows with the Up filter (each byte less the one above it, the
    first row's against ``above``), and its last row unfiltered (the next band's above)."""
    import numpy as np  # only a big map's export needs it

    depth = 4 if alpha else 3
    pixels = np.frombuffer(band.constBits(), np.uint8).reshape(
        band.height(), band.bytesPerLine() // 4, 4)[:, :band.width()]
    plain = pixels[:, :, [2, 1, 0, 3] if alpha else [2, 1, 0]].reshape(band.height(), -1)
    before = np.vstack((np.frombuffer(above, np.uint8)[None, :], plain[:-1]))
    filtered = np.hstack((np.full((band.height(), 1), 2, np.uint8), plain - before))
    assert filtered.shape[1] == 1 + band.width() * depth
    return filtered.tobytes(), plain[-1].tobytes()


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_data(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise ImageError("the map image could not be encoded as PNG")
    buffer.close()
    return bytes(data.data())


def uvtt_pieces(encounter: Encounter, image: Pieces, pixels_per_grid: float,
                progress: Progress = _quiet) -> Iterator[bytes]:
    """:func:`~battlemap.desktop.core.uvtt_export.dumps_uvtt` of the image made of ``image``'s
    pieces, a piece at a time: the same bytes, the image's base64 made as its pieces come.
    ``progress`` is told 100 % once the last piece is written, before the file is closed:
    an exception it raises then still leaves nothing written."""
    document = uvtt_document(encounter, b"", pixels_per_grid)
    for index, (key, value) in enumerate(document.items()):
        yield (("{" if index == 0 else ", ") + json.dumps(key) + ": ").encode()
        if key == "image":
            yield b'"'
            yield from base64_pieces(image)
            yield b'"'
        else:
            yield json.dumps(value).encode()
    yield b"}"
    progress("Saving the export...", 100)


def base64_pieces(pieces: Pieces) -> Iterator[bytes]:
    """The base64 of the bytes ``pieces`` make, a piece at a time.

    >>> b"".join(base64_pieces([b"ab", b"cde", b"f", b"g"])) == base64.b64encode(b"abcdefg")
    True
    """
    held = b""
    for piece in pieces:
        held += piece
        whole = len(held) // 3 * 3
        if whole:
            yield base64.b64encode(held[:whole])
            held = held[whole:]
    yield base64.b64encode(held)


def export_uvtt(encounter: Encounter, base_dir: Path | None, out: Path,
                progress: Progress = _quiet) -> list[str]:
    """Write the Universal VTT export of ``encounter`` to ``out``; what the GM should know
    (a map image that cannot be read at all, what the format leaves behind).
    :class:`MapNotExported` if the map image was read but cannot be exported (it names the
    image and what to do), ``OSError`` if ``out`` cannot be written: either way nothing is
    written, and an old ``out`` is left as it was. ``progress`` is told what is done as it
    goes, from any thread the export runs in; an exception it raises (:class:`ExportCancelled`)
    stops the export the same way: nothing written, an old ``out`` as it was."""
    notes: list[str] = []
    background = encounter.background
    image: Pieces = ()
    per_grid = background.pixels_per_cell if background else DEFAULT_PIXELS_PER_GRID
    if background is None or not (background.embedded or background.path):
        per_grid = DEFAULT_PIXELS_PER_GRID
    else:
        try:
            data = read_map_data(background, base_dir)
        except ImageError as problem:
            notes.append(f"exported without the map image: {problem}")
        else:
            image, per_grid = _exported(encounter, background, data, base_dir, progress)
    try:
        atomic_write_pieces(out, uvtt_pieces(encounter, image, per_grid, progress))
    except ImageError as problem:  # the map file, read as it is written, changed or went
        raise MapNotExported(str(problem)) from None
    behind = left_behind(encounter)
    if behind:
        notes.append("not exported (Universal VTT has no place for them): "
                     + ", ".join(behind))
    return notes


def _exported(encounter: Encounter, background: Background, data: bytes | PngFile,
              base_dir: Path | None, progress: Progress) -> tuple[Pieces, float]:
    try:
        return aligned_pieces(encounter, background, data, base_dir, progress)
    except ImageError as problem:
        raise MapNotExported(str(problem)) from None


class MapNotExported(Exception):
    """A map image that was read but cannot be exported (too big to decode whole and not
    decodable in strips, damaged, or changed while it was written); the message names it
    and what to do."""


class ExportCancelled(Exception):
    """Raised by an export's ``progress`` when the GM cancelled it: the export stops where it
    is and nothing is written (not an ``ImageError``: nothing catches it on the way)."""
