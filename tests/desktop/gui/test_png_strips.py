"""Decoding a PNG map a strip at a time gives exactly Qt's whole decode (issue 19)."""

from __future__ import annotations

import random
import struct
import zlib

import pytest
from PySide6.QtCore import QBuffer, QIODevice, Qt
from PySide6.QtGui import QColor, QImage, QLinearGradient, QPainter

from battlemap.desktop.gui.map_image import LEVEL_FACTORS, decode_map
from battlemap.desktop.gui.png_strips import decode_strips, read_image
from battlemap.desktop.gui.render import ensure_app


def busy_picture(kind: QImage.Format, width: int = 301, height: int = 777) -> QImage:
    """A gradient under random translucent boxes: Qt's PNG writer picks every row filter
    (none, sub, up, average, Paeth) on such a picture."""
    ensure_app()
    image = QImage(width, height, kind)
    image.fill(QColor(0, 0, 0, 0))
    painter, rng = QPainter(image), random.Random(1)
    gradient = QLinearGradient(0, 0, width, height)
    gradient.setColorAt(0, QColor(10, 200, 30, 255))
    gradient.setColorAt(1, QColor(250, 20, 130, 90))
    painter.fillRect(0, 0, width, height, gradient)
    for _ in range(300):
        colour = QColor(*(rng.randrange(256) for _ in range(4)))
        painter.fillRect(rng.randrange(width), rng.randrange(height), rng.randrange(40),
                         rng.randrange(40), colour)
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "PNG")
    return bytes(buffer.data())


@pytest.mark.parametrize(
    ("kind", "kept_as"),
    [(QImage.Format.Format_RGB32, QImage.Format.Format_RGB888),
     (QImage.Format.Format_ARGB32, QImage.Format.Format_ARGB32)],
)
@pytest.mark.parametrize("rows", [1, 16, 64, 5000])
def test_strips_decode_to_the_same_pixels_as_the_whole(
    kind: QImage.Format, kept_as: QImage.Format, rows: int
) -> None:
    data = png_bytes(busy_picture(kind))
    whole = QImage.fromData(data).convertToFormat(kept_as)
    decoded = decode_strips(data, LEVEL_FACTORS, rows=rows)
    assert decoded is not None
    image, levels = decoded
    assert image.format() == kept_as and image == whole
    assert [(f, level.size()) for f, level in levels] == [
        (f, whole.size() / f) for f in LEVEL_FACTORS]


def test_other_pngs_and_damaged_ones_are_left_to_the_whole_decode() -> None:
    grey = busy_picture(QImage.Format.Format_RGB32).convertToFormat(QImage.Format.Format_Grayscale8)
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32))
    assert decode_strips(png_bytes(grey)) is None  # 8-bit grey: not taken
    assert decode_strips(data[: len(data) // 2]) is None  # cut short
    assert decode_strips(b"GIF89a") is None


def test_a_big_map_decodes_in_strips_with_its_reduced_copies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("battlemap.desktop.gui.map_image.STRIPS_FROM", 300 * 700)
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32))
    steps: list[tuple[str, int]] = []
    image = decode_map("map.png@1", data, lambda text, percent: steps.append((text, percent)))
    assert image.levels[0][1] == QImage.fromData(data).convertToFormat(QImage.Format.Format_RGB888)
    assert [f for f, _ in image.levels] == [1, 2, 4, 8, 16]
    assert len(steps) > 2 and all(30 <= p <= 90 for _, p in steps)


@pytest.mark.parametrize("rows", [16, 32, 5000])
def test_reduced_copies_equal_the_whole_image_scaled_when_strips_meet_their_rows(rows: int) -> None:
    """With a height and strips in multiples of 16 every reduced row comes from one strip, so
    the copies made strip by strip are the whole picture smoothly scaled, pixel for pixel."""
    for kind in (QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32):
        data = png_bytes(busy_picture(kind, 333, 512))
        whole = QImage.fromData(data)
        decoded = decode_strips(data, LEVEL_FACTORS, rows=rows)
        assert decoded is not None
        for factor, level in decoded[1]:
            expected = whole.scaled(whole.size() / factor,
                                    mode=Qt.TransformationMode.SmoothTransformation)
            assert level == expected.convertToFormat(level.format())


def rechunked(data: bytes, piece: int) -> bytes:
    """The PNG ``data`` with its pixel data cut into IDAT chunks of ``piece`` bytes."""
    at, out, pixels = 8, [data[:8]], b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IDAT":
            pixels += body
        else:
            if kind == b"IEND":
                out += [chunk(b"IDAT", pixels[i:i + piece]) for i in range(0, len(pixels), piece)]
            out.append(chunk(kind, body))
        at += 12 + length
    return b"".join(out)


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


@pytest.mark.parametrize(("piece", "feed"), [(97, 1 << 16), (1 << 30, 1000)])
def test_pixel_data_in_small_chunks_or_one_fed_in_pieces_decodes_the_same(
    piece: int, feed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("battlemap.desktop.gui.png_strips.FEED", feed)
    data = png_bytes(busy_picture(QImage.Format.Format_RGB32))
    cut = rechunked(data, piece)
    assert QImage.fromData(cut) == QImage.fromData(data)
    assert cut.count(b"IDAT") > 100 if piece < 1000 else cut.count(b"IDAT") == 1
    decoded = decode_strips(cut, rows=32)
    assert decoded is not None
    assert decoded[0] == QImage.fromData(data).convertToFormat(QImage.Format.Format_RGB888)


def test_read_image_decodes_or_says_why() -> None:
    image, _ = read_image(png_bytes(busy_picture(QImage.Format.Format_RGB32, 20, 10)))
    assert (image.width(), image.height()) == (20, 10)
    broken, problem = read_image(b"\x89PNG\r\n\x1a\n" + b"\0" * 40)
    assert broken.isNull() and problem
