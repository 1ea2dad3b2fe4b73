"""Decoding a big PNG map a strip at a time, so its 32-bit image never exists whole.

Qt decodes a PNG in one piece into 4 bytes a pixel (an 8192 px map: 256 MB) before the map
can be kept at 3 (192 MB); both together set the program's peak. Here the PNG's pixel data is
inflated with :mod:`zlib` a strip of rows at a time; each strip becomes a small PNG of its own
that Qt decodes (1 MB at 4 bytes a pixel for 32 rows of an 8192 px map) and that is copied
into the final image's rows. A PNG row may be filtered against the row above it, so each strip's
PNG starts with that row, stored plainly (read back from the previous strip's decoded pixels):
Qt undoes every filter itself and the extra row is left out of the copy.
Only 8-bit RGB and RGBA images without interlacing or a transparent colour take this road;
:func:`decode_strips` returns None for anything else and the caller decodes whole. The PNG is
given as bytes or as an open file, which is read a piece at a time where it lies (``os.pread``:
the file's pages go through the system's page cache, not the program's memory), so a map file
of hundreds of MB is never held whole.

Examples
--------
>>> from PySide6.QtCore import QBuffer, QByteArray, QIODevice
>>> from PySide6.QtGui import QColor, QImage
>>> image = QImage(40, 70, QImage.Format.Format_RGB32)
>>> image.fill(QColor("#336699"))
>>> buffer = QBuffer()
>>> _ = buffer.open(QIODevice.OpenModeFlag.WriteOnly)
>>> _ = image.save(buffer, "PNG")
>>> whole, levels = decode_strips(bytes(buffer.data()), factors=(4,), rows=16)
>>> whole.format(), whole.size().width(), whole.size().height(), whole.pixelColor(5, 66).name()
(<Format.Format_RGB888: 13>, 40, 70, '#336699')
>>> [(factor, level.width(), level.height()) for factor, level in levels]
[(4, 10, 18)]
"""

from __future__ import annotations

import io
import itertools
import os
import struct
import zlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from PySide6.QtCore import QBuffer, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader

from battlemap.desktop.core.limits import MAX_IMAGE_FILE_BYTES, MAX_IMAGE_SIDE
from battlemap.desktop.gui.mapped_image import RowsFile, mapped_image, remember_rows_file
from battlemap.desktop.gui.memory import hand_back_freed_pages

__all__ = ["STRIP_ROWS", "decode_strips", "read_image"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
STRIP_ROWS = 32
"""Rows a strip: 1 MB at 4 bytes a pixel for an 8192 px wide map, about 4 MB with its inflated
and re-wrapped bytes (a multiple of the reduction factors: the reduced copies then equal the
whole image's when its height is one too)."""
KEPT_CHUNKS = (b"gAMA", b"cHRM", b"sRGB", b"iCCP")
"""Chunks each strip carries over from the map, so Qt reads every strip as it reads the map."""
IEND = b"\0\0\0\0IEND\xaeB`\x82"
"""The closing chunk of every PNG (empty, with its CRC)."""
FEED = 1 << 16
"""Compressed bytes given to zlib at a time: it copies what it leaves unread, so a map stored
in one big IDAT chunk is not copied again for every strip."""
CHANNELS = {2: 3, 6: 4}
"""Bytes a pixel of the PNG colour types taken: RGB and RGBA, 8 bits a channel."""
KEPT_MOST = 1 << 24
"""Longest chunk carried over into every strip (16 MiB: a colour profile is a few KB); a PNG
with a longer one is not taken."""

if TYPE_CHECKING:  # numpy is imported by the strip copy: a small map's first frame needs none
    import numpy as np
    import numpy.typing as npt

    ByteRows = npt.NDArray[np.uint8]


class _Source:
    """A PNG's bytes, read ``count`` bytes at ``at``: views of bytes in memory, or pieces of
    an open file read where they lie (at most its size when opened, and
    :data:`~battlemap.desktop.core.limits.MAX_IMAGE_FILE_BYTES`: a file that grows is not
    read on)."""

    def __init__(self, data: bytes | bytearray | io.FileIO) -> None:
        if isinstance(data, io.FileIO):
            self.fd: int | None = data.fileno()
            self.size = min(os.fstat(self.fd).st_size, MAX_IMAGE_FILE_BYTES)
            self.view = memoryview(b"")
        else:
            self.fd, self.size, self.view = None, len(data), memoryview(data)

    def read(self, at: int, count: int) -> bytes | memoryview:
        count = max(min(count, self.size - at), 0)
        if self.fd is None:
            return self.view[at:at + count]
        return os.pread(self.fd, count, at)


def decode_strips(
    data: bytes | bytearray | io.FileIO, factors: tuple[int, ...] = (), rows: int = STRIP_ROWS,
    step: Callable[[int], None] | None = None, in_file: bool = False,
) -> tuple[QImage, list[tuple[int, QImage]]] | None:
    """The PNG ``data`` (bytes, or a file open for reading) decoded strip by strip into one
    image (3 bytes a pixel when opaque, else 32-bit ARGB) and copies reduced by each of
    ``factors`` (smooth, made strip by strip), or None when the PNG is not of the kinds taken,
    is over the image limits or is damaged (the caller's whole decode then names the
    problem). ``step`` is told each strip's first row. ``in_file``: the image's pixels lie in
    a mapped file of the cache folder where one can be made
    (:mod:`~battlemap.desktop.gui.mapped_image`), each strip let go of once copied.
    """
    source = _Source(data)
    header = _header(source)
    if header is None:
        return None
    width, height, channels, kept = header
    kind = QImage.Format.Format_RGB888 if channels == 3 else QImage.Format.Format_ARGB32
    final, rows_file = (in_file and mapped_image(width, height, kind)) or (
        QImage(width, height, kind), None)
    if final.isNull():
        return None
    made = [(f, *_level(QSize(width, height) / f, _LEVEL_FORMAT[channels],
                        in_file and f == MAPPED_LEVEL)) for f in factors]
    levels = [(f, level) for f, level, _ in made]
    above = b""  # the row above the strip as plain PNG bytes: none above the first
    try:
        for top, strip in _strips(source, 1 + width * channels, height, rows):
            if step is not None:
                step(top)
            skip, count = len(above) and 1, len(strip) // (1 + width * channels)
            image = read_image(_strip_png(above, strip, kept, (width, channels)), "png")[0]
            del strip
            if image.height() != skip + count:
                return None
            _paint_reduced(made, image.copy(0, skip, width, count) if skip else image, top,
                           height)
            above = _copy_into(final, image, (top, skip), channels)
            if rows_file is not None:
                rows_file.let_go(top, top + count)
            del image
            hand_back_freed_pages()
    except (zlib.error, ValueError):
        return None
    if rows_file is not None:
        remember_rows_file(final, rows_file)
    for _, level, level_rows in made:
        if level_rows is not None:
            remember_rows_file(level, level_rows)
    return final, levels


_LEVEL_FORMAT = {3: QImage.Format.Format_RGB32, 4: QImage.Format.Format_ARGB32_Premultiplied}
"""The reduced copies' format: what smooth scaling makes (no conversion when painted)."""


MAPPED_LEVEL = 2
"""The reduced copy that lies in a mapped file too when the full-size image does (a quarter of
its pixels, 64 MB at 4 bytes for an 8192 px map): read a view at a time, like the full-size
image. The smaller copies stay in memory."""


def _level(size: QSize, kind: QImage.Format, in_file: bool) -> tuple[QImage, RowsFile | None]:
    """A reduced copy's image of ``size``, in a mapped file when ``in_file`` and one can be
    made (with that file), else in memory."""
    mapped = in_file and mapped_image(size.width(), size.height(), kind)
    return mapped or (QImage(size, kind), None)


def _paint_reduced(levels: list[tuple[int, QImage, RowsFile | None]], image: QImage, top: int,
                   height: int) -> None:
    """Copy the strip ``image`` (from row ``top`` of ``height``) reduced into each level, the
    rows written to a level's mapped file let go of."""
    import numpy as np  # only maps decoded in strips need it (see ByteRows)

    for _, level, rows in levels:
        first = top * level.height() // height
        last = (top + image.height()) * level.height() // height
        if last <= first:
            continue
        size = QSize(level.width(), last - first)
        smaller = image.scaled(size, mode=Qt.TransformationMode.SmoothTransformation)
        smaller.convertTo(level.format())
        line = level.width() * 4
        source = np.frombuffer(smaller.constBits(), np.uint8).reshape(-1, smaller.bytesPerLine())
        target = np.frombuffer(level.bits(), np.uint8).reshape(-1, level.bytesPerLine())
        target[first:last, :line] = source[: last - first, :line]
        if rows is not None:
            rows.let_go(first, last)


def _header(source: _Source) -> tuple[int, int, int, bytes] | None:
    """Width, height, bytes a pixel and the chunks to carry over, for the PNGs taken (within
    the image limits: a file may have changed since its header was checked)."""
    if bytes(source.read(0, len(SIGNATURE))) != SIGNATURE:
        return None
    kept, header = [], None
    for kind, at, length in _chunks(source):
        if kind == b"IHDR" and length == 13:
            header = struct.unpack(">IIBBBBB", source.read(at, length))
        elif kind == b"tRNS" or (kind in KEPT_CHUNKS and length > KEPT_MOST):
            return None
        elif kind in KEPT_CHUNKS:
            kept.append(_chunk(kind, bytes(source.read(at, length))))
        elif kind == b"IDAT":
            break
    if header is None:
        return None
    width, height, depth, colour, compression, filtering, interlace = header
    if depth != 8 or colour not in CHANNELS or (compression, filtering, interlace) != (0, 0, 0):
        return None
    if not (0 < width <= MAX_IMAGE_SIDE and 0 < height <= MAX_IMAGE_SIDE):
        return None
    return width, height, CHANNELS[colour], b"".join(kept)


def _chunks(source: _Source) -> Iterator[tuple[bytes, int, int]]:
    """The PNG's chunks (kind, where its body starts, its length) in order; stops at the end
    or at a cut-off chunk."""
    at = len(SIGNATURE)
    while at + 8 <= source.size:
        length, kind = struct.unpack(">I4s", source.read(at, 8))
        if at + 8 + length > source.size:
            return
        yield kind, at + 8, length
        at += 12 + length


def _pixel_data(source: _Source) -> Iterator[bytes | memoryview]:
    """The PNG's compressed pixel data (its IDAT chunks) in pieces of at most FEED bytes."""
    for kind, start, length in _chunks(source):
        if kind == b"IDAT":
            for at in range(start, start + length, FEED):
                yield source.read(at, min(FEED, start + length - at))


def _strips(source: _Source, stride: int, height: int, rows: int
            ) -> Iterator[tuple[int, bytearray]]:
    """(first row, filtered rows) of each strip of ``rows`` rows of ``stride`` bytes: the pixel
    data inflated no further than the strip being filled."""
    inflate, top, strip = zlib.decompressobj(), 0, bytearray()
    for piece in itertools.chain(_pixel_data(source), [b""]):  # b"": what zlib still holds
        while top < height:
            size = min(rows, height - top) * stride
            strip += inflate.decompress(piece, size - len(strip))
            piece = inflate.unconsumed_tail
            if len(strip) < size:
                break  # this piece is used up
            yield top, strip
            top, strip = top + size // stride, bytearray()
    if top < height:
        raise ValueError("the PNG's pixel data ends early")


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _strip_png(
    above: bytes, strip: bytearray, kept: bytes, shape: tuple[int, int]
) -> bytearray:
    """A standalone PNG of the row ``above`` (plain; none for the first strip) and the strip's
    rows (stored, not compressed again: Qt only copies it)."""
    width, channels = shape
    count = (len(above) + len(strip)) // (1 + width * channels)
    header = struct.pack(">IIBBBBB", width, count, 8, 6 if channels == 4 else 2, 0, 0, 0)
    squeeze = zlib.compressobj(0)
    pixels = b"".join((squeeze.compress(above), squeeze.compress(strip), squeeze.flush()))
    png = bytearray(SIGNATURE + _chunk(b"IHDR", header) + kept)
    png += struct.pack(">I", len(pixels)) + b"IDAT"
    png += pixels
    png += struct.pack(">I", zlib.crc32(pixels, zlib.crc32(b"IDAT"))) + IEND
    return png


def read_image(data: bytes | bytearray, kind: str = "") -> tuple[QImage, str]:
    """``data`` decoded by Qt, letting other threads run while it decodes (unlike
    ``QImage.fromData``); a null image and Qt's reason when it cannot be decoded. ``kind``
    (``"png"``, ``"jpeg"``, ``"webp"``: what the file checks found) is the only decoder tried.

    In the map worker Qt must not pick the decoder by probing: probing runs every image
    plugin's check, and the SVG plugin's makes a ``QTextStream``, whose signal connection takes
    one of Qt's shared connection locks. The GUI thread can hold that very lock while it
    deletes an object made in Python and waits for Python's GIL, which the worker holds while
    it picks (a hang seen in the test suite). With ``kind`` the decoder is named, nothing is
    probed; the decoder is made keeping the GIL (``canRead``: it reads the Python-made buffer)
    and only the decoding lets it go (``read``).

    >>> image, problem = read_image(b"not a picture")
    >>> image.isNull(), problem
    (True, 'Unsupported image format')
    """
    buffer = QBuffer()
    buffer.setData(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, kind.encode()) if kind else QImageReader(buffer)
    reader.setAutoDetectImageFormat(not kind)
    reader.canRead()
    return reader.read(), reader.errorString()


def _copy_into(final: QImage, image: QImage, at: tuple[int, int], channels: int) -> bytes:
    """Copy the decoded strip's rows into ``final`` from row ``top``, leaving out its first
    ``skip`` (the row above, decoded again), with ``at = (top, skip)``; its last row as a plain
    PNG row (filter 0, RGB or RGBA), the next strip's row above."""
    import numpy as np  # only maps decoded in strips need it (see ByteRows)

    top, skip = at
    image.convertTo(final.format())
    width, count = image.width(), image.height()
    depth = 3 if final.format() == QImage.Format.Format_RGB888 else 4
    source = np.frombuffer(image.constBits(), np.uint8).reshape(count, image.bytesPerLine())
    source = source[:, :width * depth]
    target = np.frombuffer(final.bits(), np.uint8).reshape(final.height(), final.bytesPerLine())
    target[top:top + count - skip, :width * depth] = source[skip:]
    last: ByteRows = source[-1].reshape(width, depth)
    if depth == 4:  # ARGB32 lies in memory as B, G, R, A
        last = last[:, [2, 1, 0, 3]]
    return b"\0" + last[:, :channels].tobytes()
