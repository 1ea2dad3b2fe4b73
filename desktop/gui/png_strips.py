"""Decoding a big PNG map a strip at a time, so its 32-bit image never exists whole.

Qt decodes a PNG in one piece into 4 bytes a pixel (an 8192 px map: 256 MB) before the map
can be kept at 3 (192 MB); both together set the program's peak. Here the PNG's pixel data is
inflated with :mod:`zlib` and cut into strips of rows; each strip becomes a small PNG of its
own that Qt decodes (a few MB at 4 bytes a pixel) and that is copied into the final image.
A PNG row may be filtered against the row above it, so a strip's first row is unfiltered here
(from the row above, read back from the previous strip's decoded pixels) and stored plainly.
Only 8-bit RGB and RGBA images without interlacing or a transparent colour take this road;
:func:`decode_strips` returns None for anything else and the caller decodes whole.

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

import struct
import zlib
from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QBuffer, QIODevice, QSize, Qt
from PySide6.QtGui import QImage, QImageReader, QPainter

from desktop.gui.memory import hand_back_freed_pages

__all__ = ["STRIP_ROWS", "decode_strips"]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
STRIP_ROWS = 256
"""Rows a strip: 8 MB at 4 bytes a pixel for an 8192 px wide map."""
KEPT_CHUNKS = (b"gAMA", b"cHRM", b"sRGB", b"iCCP")
"""Chunks each strip carries over from the map, so Qt reads every strip as it reads the map."""
IEND = b"\0\0\0\0IEND\xaeB`\x82"
"""The closing chunk of every PNG (empty, with its CRC)."""
CHANNELS = {2: 3, 6: 4}
"""Bytes a pixel of the PNG colour types taken: RGB and RGBA, 8 bits a channel."""

ByteRows = npt.NDArray[np.uint8]


def decode_strips(
    data: bytes, factors: tuple[int, ...] = (), rows: int = STRIP_ROWS,
    step: Callable[[int], None] | None = None,
) -> tuple[QImage, list[tuple[int, QImage]]] | None:
    """The PNG ``data`` decoded strip by strip into one image (3 bytes a pixel when opaque,
    else 32-bit ARGB) and copies reduced by each of ``factors`` (smooth, made strip by strip),
    or None when the PNG is not of the kinds taken or is damaged (the caller's whole decode
    then names the problem). ``step`` is told each strip's first row.
    """
    header = _header(data)
    if header is None:
        return None
    width, height, channels, kept = header
    final = QImage(width, height, QImage.Format.Format_RGB888 if channels == 3
                   else QImage.Format.Format_ARGB32)
    if final.isNull():
        return None
    levels = [(f, QImage(QSize(width, height) / f, _LEVEL_FORMAT[channels])) for f in factors]
    above = np.zeros(width * channels, dtype=np.uint8)
    try:
        for top, strip in _strips(data, width, height, channels, rows):
            if step is not None:
                step(top)
            png = _strip_png(strip, _plain_first_row(strip, above, channels), kept,
                             (width, channels))
            del strip
            image = _decode(png)
            del png
            if image is None:
                return None
            _paint_reduced(levels, image, top, height)
            above = _copy_into(final, image, top, channels)
            del image
            hand_back_freed_pages()
    except (zlib.error, ValueError):
        return None
    return final, levels


_LEVEL_FORMAT = {3: QImage.Format.Format_RGB32, 4: QImage.Format.Format_ARGB32_Premultiplied}
"""The reduced copies' format: what smooth scaling makes (no conversion when painted)."""


def _paint_reduced(levels: list[tuple[int, QImage]], image: QImage, top: int, height: int) -> None:
    """Paint the strip ``image`` (from row ``top`` of ``height``) reduced into each level."""
    for _, level in levels:
        first = top * level.height() // height
        last = (top + image.height()) * level.height() // height
        if last <= first:
            continue
        size = QSize(level.width(), last - first)
        smaller = image.scaled(size, mode=Qt.TransformationMode.SmoothTransformation)
        painter = QPainter(level)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(0, first, smaller)
        painter.end()


def _header(data: bytes) -> tuple[int, int, int, bytes] | None:
    """Width, height, bytes a pixel and the chunks to carry over, for the PNGs taken."""
    if not data.startswith(SIGNATURE):
        return None
    kept, header = [], None
    for kind, body in _chunks(data):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"tRNS":
            return None
        elif kind in KEPT_CHUNKS:
            kept.append(_chunk(kind, body))
        elif kind == b"IDAT":
            break
    if header is None:
        return None
    width, height, depth, colour, compression, filtering, interlace = header
    if depth != 8 or colour not in CHANNELS or (compression, filtering, interlace) != (0, 0, 0):
        return None
    return width, height, CHANNELS[colour], b"".join(kept)


def _chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    """The PNG's chunks (kind, body) in order; stops at the end or at a cut-off chunk."""
    at = len(SIGNATURE)
    while at + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if len(body) < length:
            return
        yield kind, body
        at += 12 + length


def _strips(
    data: bytes, width: int, height: int, channels: int, rows: int
) -> Iterator[tuple[int, bytes]]:
    """(first row, filtered rows) of each strip: the IDAT stream inflated a piece at a time."""
    stride = 1 + width * channels
    inflate, pending, top = zlib.decompressobj(), bytearray(), 0
    for kind, body in _chunks(data):
        if kind != b"IDAT":
            continue
        while body and top < height:  # a strip's worth at a time: one IDAT may hold them all
            pending += inflate.decompress(body, rows * stride)
            body = inflate.unconsumed_tail
            while top < height and len(pending) >= min(rows, height - top) * stride:
                size = min(rows, height - top) * stride
                strip = bytes(pending[:size])
                del pending[:size]
                yield top, strip
                top += size // stride
    if top < height:
        raise ValueError("the PNG's pixel data ends early")


def _plain_first_row(strip: bytes, above: ByteRows, channels: int) -> bytes:
    """The strip's first row unfiltered against the row ``above`` and stored as filter 0
    (the PNG filters: 0 none, 1 sub, 2 up, 3 average, 4 Paeth)."""
    kind = strip[0]
    raw = np.frombuffer(strip, np.uint8, count=len(above), offset=1).astype(np.int32)
    if kind == 0:
        return strip[: 1 + len(above)]
    if kind == 2:
        plain = (raw + above) & 255
    elif kind == 1:
        plain = _left_running(raw, above, channels, lambda left, up, corner: left)
    elif kind == 3:
        plain = _left_running(raw, above, channels, lambda left, up, corner: (left + up) >> 1)
    elif kind == 4:
        plain = _left_running(raw, above, channels, _paeth)
    else:
        raise ValueError(f"unknown PNG filter {kind}")
    return b"\0" + plain.astype(np.uint8).tobytes()


def _left_running(
    raw: npt.NDArray[np.int32], above: ByteRows, channels: int,
    predict: Callable[[int, int, int], int],
) -> npt.NDArray[np.int32]:
    """Undo a filter that predicts each byte from the one a pixel to its left (and the row
    above): a loop along the row, one row a strip."""
    out, up, upper_left = raw.tolist(), above.tolist(), [0] * channels + above.tolist()
    for i in range(len(out)):
        left = out[i - channels] if i >= channels else 0
        out[i] = (out[i] + predict(left, up[i], upper_left[i])) & 255
    return np.array(out, dtype=np.int32)


def _paeth(left: int, up: int, upper_left: int) -> int:
    """The Paeth predictor: whichever neighbour is nearest ``left + up - upper_left``."""
    p = left + up - upper_left
    pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
    if pa <= pb and pa <= pc:
        return left
    return up if pb <= pc else upper_left


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _strip_png(
    strip: bytes, first: bytes, kept: bytes, shape: tuple[int, int]
) -> QBuffer:
    """A standalone PNG of the strip's rows, its first row replaced by ``first``, in a buffer
    for Qt (stored, not compressed again: Qt only copies it)."""
    width, channels = shape
    count = len(strip) // len(first)
    header = struct.pack(">IIBBBBB", width, count, 8, 6 if channels == 4 else 2, 0, 0, 0)
    squeeze = zlib.compressobj(0)
    pixels = squeeze.compress(first) + squeeze.compress(memoryview(strip)[len(first):])
    pixels += squeeze.flush()
    png = SIGNATURE + _chunk(b"IHDR", header) + kept + _chunk(b"IDAT", pixels) + IEND
    del pixels
    buffer = QBuffer()
    buffer.setData(png)
    return buffer


def _decode(buffer: QBuffer) -> QImage | None:
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    image = QImageReader(buffer).read()  # lets other threads run meanwhile
    return None if image.isNull() else image


def _copy_into(final: QImage, image: QImage, top: int, channels: int) -> ByteRows:
    """Copy the decoded strip into ``final`` at row ``top``; its last row as PNG bytes (RGB or
    RGBA), the row above the next strip."""
    image.convertTo(final.format())
    width, count = image.width(), image.height()
    depth = 3 if final.format() == QImage.Format.Format_RGB888 else 4
    source = np.frombuffer(image.constBits(), np.uint8).reshape(count, image.bytesPerLine())
    target = np.frombuffer(final.bits(), np.uint8).reshape(final.height(), final.bytesPerLine())
    target[top:top + count, :width * depth] = source[:, :width * depth]
    last = source[-1, :width * depth].reshape(width, depth)
    if depth == 4:  # ARGB32 lies in memory as B, G, R, A
        last = last[:, [2, 1, 0, 3]]
    return last[:, :channels].reshape(-1).copy()  # a copy: the strip's pixels go with it
