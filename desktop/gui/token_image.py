"""A token's image read for the scene: whole when it is at most :data:`TOKEN_IMAGE_SIDE` px a
side (every real token picture), reduced to it when bigger, so a huge picture still shows in
little memory; what cannot be shown said in words.

A token is drawn as a disc: the widest a token is seen whole is a screen's width (4096 px
covers a 4K screen), so a bigger picture loses nothing on screen until zoomed in past that,
and then only part of the token shows. Qt decodes a picture whole before scaling it, and
refuses one over its allocation limit (512 MB: about 134 Mpx at 4 bytes a pixel): a big PNG is
therefore decoded a strip at a time, its full-size pixels in the mapped file of the cache
folder and its reduced copy made strip by strip
(:func:`~battlemap.desktop.gui.png_strips.decode_strips`); any other picture (a JPEG, which
Qt's decoder reduces as it decodes) goes through ``QImageReader.setScaledSize``.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QImage, QImageReader

from battlemap.desktop.core.images import (
    PNG_MAGIC,
    ImageError,
    check_image_file,
    image_file,
    image_size,
    read_image_file,
)
from battlemap.desktop.core.limits import MAX_IMAGE_FILE_BYTES
from battlemap.desktop.core.reading import open_regular_file, read_head
from battlemap.desktop.gui.png_strips import decode_strips

__all__ = ["TOKEN_IMAGE_SIDE", "read_token_image"]

TOKEN_IMAGE_SIDE = 4096
"""The widest or tallest a token image is kept, in pixels; a bigger one is decoded reduced by
the smallest whole factor that brings it within."""
HEAD_BYTES = 64
"""Bytes of a token image file read first, for its size."""


def read_token_image(path: str, base_dir: Path | None) -> tuple[QImage | None, str]:
    """A token's image (reduced if it is over :data:`TOKEN_IMAGE_SIDE` px a side) and ``""``,
    or None and why it cannot be shown, naming the file."""
    try:
        file = image_file(path, base_dir)
        check_image_file(file)
        head = read_head(file, HEAD_BYTES)
        if head.startswith(PNG_MAGIC):  # a PNG's size is in its head, a JPEG's may lie past it
            image = _reduced_png(file, _factor(head))
            if image is not None:
                return image, ""
        data = read_image_file(file)
        image, problem = _decoded(data, image_size(data)[0], _factor(data))
    except (OSError, ImageError) as error:
        return None, str(error)
    if image.isNull():
        return None, f"{file} could not be decoded: {problem}"
    return image, ""


def _factor(data: bytes) -> int:
    """The smallest whole factor that brings the image of ``data`` (its header) within
    :data:`TOKEN_IMAGE_SIDE`."""
    _, width, height = image_size(data)
    return max(1, math.ceil(max(width, height) / TOKEN_IMAGE_SIDE))


def _reduced_png(file: Path, factor: int) -> QImage | None:
    """The PNG at ``file`` decoded in strips and reduced by ``factor``; None if it need not
    be (``factor`` 1) or is not of the kinds decoded in strips."""
    if factor == 1:
        return None
    with open_regular_file(file, MAX_IMAGE_FILE_BYTES) as opened:
        decoded = decode_strips(opened, (factor,), in_file=True)
    return None if decoded is None else decoded[1][0][1]


def _decoded(data: bytes, kind: str, factor: int) -> tuple[QImage, str]:
    """``data`` (a ``kind`` image) decoded by Qt reduced by ``factor`` (1: whole), and Qt's
    reason if it could not be."""
    buffer = QBuffer()
    buffer.setData(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, kind.encode())
    if factor > 1:
        reader.setScaledSize(reader.size() / factor)
    return reader.read(), reader.errorString()
