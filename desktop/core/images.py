"""Image sniffing: the format and pixel size of PNG, JPEG and WebP data, read from the header.

Nothing here decodes pixels. Loaders call :func:`check_image` before any decoder sees the
data, so a decompression bomb (a tiny file claiming 50,000 x 50,000 px) is refused with a
clear message instead of allocating gigabytes.

Examples
--------
>>> import struct
>>> png = b"\\x89PNG\\r\\n\\x1a\\n" + b"\\x00\\x00\\x00\\rIHDR" + struct.pack(">II", 640, 480)
>>> image_size(png)
('png', 640, 480)
>>> check_image(png[:8] + b"\\x00\\x00\\x00\\rIHDR" + struct.pack(">II", 50000, 50000))
Traceback (most recent call last):
...
battlemap.desktop.core.images.ImageError: image is 50000 x 50000 px; the limit is 16384 px a side
"""

from __future__ import annotations

import base64
import binascii
import os
import stat
import struct
from pathlib import Path

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.limits import (
    MAX_DECODED_PIXELS,
    MAX_IMAGE_FILE_BYTES,
    MAX_IMAGE_PIXELS,
    MAX_IMAGE_SIDE,
)
from battlemap.desktop.core.reading import file_kind, read_regular_file

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_FORMAT_NAMES = {"png": "PNG", "jpeg": "JPEG", "webp": "WebP"}
_JPEG_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


class ImageError(ValueError):
    """Image data that is not a PNG/JPEG/WebP, is truncated, or is too large."""


def image_size(data: bytes) -> tuple[str, int, int]:
    """``(format, width, height)`` from the header of PNG, JPEG or WebP ``data``."""
    if data.startswith(PNG_MAGIC):
        return _png_size(data)
    if data.startswith(b"\xff\xd8\xff"):
        return _jpeg_size(data)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp_size(data)
    raise ImageError("not a PNG, JPEG or WebP image (unrecognised first bytes)")


def check_image(data: bytes) -> str:
    """The format of ``data`` (``"png"``, ``"jpeg"``, ``"webp"``) if its size is within limits:
    at most :data:`~battlemap.desktop.core.limits.MAX_IMAGE_SIDE` a side (so a PNG, decoded in
    strips, at most :data:`~battlemap.desktop.core.limits.MAX_IMAGE_PIXELS`), any other
    format at most :data:`~battlemap.desktop.core.limits.MAX_DECODED_PIXELS` (decoded whole).

    >>> jpeg = b"\\xff\\xd8\\xff\\xc0\\x00\\x11\\x08" + struct.pack(">HH", 12000, 12000)
    >>> check_image(jpeg)
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.images.ImageError: image is 12000 x 12000 px = 144,000,000 px; a JPEG \
is decoded whole, at most 100,000,000 px: save it as a PNG (8-bit RGB or RGBA), which is \
decoded a strip at a time up to 268,435,456 px (16384 x 16384)
    """
    kind, width, height = image_size(data)
    if width < 1 or height < 1:
        raise ImageError(f"image is {width} x {height} px; it must have pixels")
    if max(width, height) > MAX_IMAGE_SIDE:  # (so at most MAX_IMAGE_PIXELS)
        raise ImageError(f"image is {width} x {height} px; the limit is {MAX_IMAGE_SIDE} px a side")
    if kind != "png":
        check_decodable_whole(_FORMAT_NAMES[kind], width, height)
    return kind


def check_decodable_whole(what: str, width: int, height: int) -> None:
    """Refuse an image of ``what`` (``"JPEG"``, ``"WebP"``, a kind of PNG), decoded whole, over
    :data:`~battlemap.desktop.core.limits.MAX_DECODED_PIXELS`, saying what to do."""
    if width * height > MAX_DECODED_PIXELS:
        raise ImageError(
            f"image is {width} x {height} px = {width * height:,} px; a {what} is decoded "
            f"whole, at most {MAX_DECODED_PIXELS:,} px: save it as a PNG (8-bit RGB or RGBA), "
            f"which is decoded a strip at a time up to {MAX_IMAGE_PIXELS:,} px "
            f"({MAX_IMAGE_SIDE} x {MAX_IMAGE_SIDE})")


def decode_base64_image(text: str) -> bytes:
    """Strict base64 ``text`` decoded and checked with :func:`check_image`.

    Examples
    --------
    >>> decode_base64_image("bm90IGFuIGltYWdl")
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.images.ImageError: not a PNG, JPEG or WebP image (unrecognised first \
bytes)
    """
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise ImageError("not valid base64 data") from None
    check_image(data)
    return data


def image_file(path: str | Path, base_dir: Path | None = None) -> Path:
    """The file an image path names, if it may be read: inside ``base_dir`` (the encounter's
    folder, after following ``..`` and symbolic links) or the program's own assets.

    ``base_dir`` None means the path was chosen by the user in this session, not read from a
    file: it is taken as it is. Otherwise a path leaving the folder raises :class:`ImageError`.

    Examples
    --------
    >>> image_file("maps/cave.png", Path("/encounters")).as_posix()
    '/encounters/maps/cave.png'
    >>> image_file("../../etc/shadow.png", Path("/encounters"))
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.images.ImageError: /etc/shadow.png: outside the encounter's folder \
/encounters (an encounter may only show images in its own folder or below it)
    """
    if "\x00" in str(path):
        raise ImageError(f"{str(path)!r:.200}: a file name cannot hold a NUL character")
    full = Path(path) if base_dir is None else base_dir / path
    if base_dir is None:
        return full
    try:
        real = full.resolve()
    except (OSError, RuntimeError) as err:  # RuntimeError: a loop of symbolic links
        raise ImageError(f"{full}: {getattr(err, 'strerror', None) or err}") from None
    if any(real.is_relative_to(root.resolve()) for root in (base_dir, ASSETS_DIR)):
        return full
    named = os.path.normpath(full)
    shown = named if Path(named) == real else f"{named} (a link to {real})"
    raise ImageError(
        f"{shown}: outside the encounter's folder {base_dir} "
        "(an encounter may only show images in its own folder or below it)"
    )


def check_image_file(path: str | Path, base_dir: Path | None = None) -> None:
    """Refuse (:class:`ImageError`) what :func:`read_image_file` would refuse, without reading
    the file: outside the folder, missing, not a regular file, or over the size limit.

    Examples
    --------
    >>> check_image_file("/dev/zero")
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.images.ImageError: /dev/zero: not a regular file (a character device)
    """
    file = image_file(path, base_dir)
    try:
        info = file.stat()
    except OSError as err:
        raise ImageError(f"{file}: {err.strerror or err}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ImageError(f"{file}: not a regular file ({file_kind(info.st_mode)})")
    if info.st_size > MAX_IMAGE_FILE_BYTES:
        raise ImageError(f"{file}: {info.st_size:,} bytes; the limit is {MAX_IMAGE_FILE_BYTES:,}")


def read_image_file(path: str | Path, base_dir: Path | None = None) -> bytes:
    """The bytes of the image file at ``path``, checked with :func:`check_image`.

    ``path`` must pass :func:`image_file` and be a regular file of at most
    :data:`~battlemap.desktop.core.limits.MAX_IMAGE_FILE_BYTES` (never more is read). Call it before
    handing a background or token image to a decoder (``QImage.fromData``); on
    :class:`ImageError` show a placeholder and the message. The message names the file.

    Examples
    --------
    >>> read_image_file("/no/such/map.png")
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.images.ImageError: /no/such/map.png: No such file or directory
    >>> read_image_file("/dev/zero")
    Traceback (most recent call last):
    ...
    battlemap.desktop.core.images.ImageError: /dev/zero: not a regular file (a character device)
    """
    file = image_file(path, base_dir)
    try:
        data = read_regular_file(file, MAX_IMAGE_FILE_BYTES)
    except OSError as err:
        raise ImageError(f"{file}: {err.strerror or err}") from None
    try:
        check_image(data)
    except ImageError as err:
        raise ImageError(f"{file}: {err}") from None
    return data


def _png_size(data: bytes) -> tuple[str, int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ImageError("truncated PNG: no IHDR header")
    width, height = struct.unpack(">II", data[16:24])
    return "png", width, height


def _jpeg_size(data: bytes) -> tuple[str, int, int]:
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            raise ImageError(f"corrupt JPEG: no marker at byte {at}")
        marker = data[at + 1]
        if marker == 0xFF or 0xD0 <= marker <= 0xD9 or marker == 0x01:
            at += 1 if marker == 0xFF else 2
            continue
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if marker in _JPEG_SOF and at + 9 <= len(data):
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return "jpeg", width, height
        if length < 2:
            raise ImageError(f"corrupt JPEG: segment length {length} at byte {at}")
        at += 2 + length
    raise ImageError("truncated JPEG: no frame header with the image size")


def _webp_size(data: bytes) -> tuple[str, int, int]:
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30 and data[23:26] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", data[26:30])
        return "webp", width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25 and data[20] == 0x2F:
        (bits,) = struct.unpack("<I", data[21:25])
        return "webp", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(data) >= 30:
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return "webp", width, height
    raise ImageError("truncated or unknown WebP: no VP8, VP8L or VP8X header with the size")
