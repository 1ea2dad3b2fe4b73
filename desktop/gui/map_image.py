"""Map images decoded once and shared by every scene that shows them (GM and player views).

A decoded map keeps the full image (opaque ones at 3 bytes a pixel) and copies at 1/4 and 1/16
of its width, for painting zoomed out. Decoding an 8192 px map takes seconds, so the GM window
loads it in a worker thread (:mod:`battlemap.desktop.gui.map_loading`) and hands it over with
:func:`remember`; scenes then find it with :func:`shared_map_image` instead of decoding again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage

from battlemap.desktop.core.images import (
    ImageError,
    check_decodable_whole,
    check_image,
    check_image_file,
    decode_base64_image,
    image_file,
    image_size,
    read_image_file,
)
from battlemap.desktop.core.limits import MAX_IMAGE_FILE_BYTES
from battlemap.desktop.core.model import Background
from battlemap.desktop.core.reading import open_regular_file, read_head
from battlemap.desktop.gui.png_strips import decode_strips, read_image

LEVEL_FACTORS = (2, 4, 8, 16)
"""The reduced copies kept of a map image: 1/2 to 1/16 of its width, each half the one before.
A view paints from the smallest copy with a pixel per screen pixel, so it shrinks that copy to
no less than half: Qt's smooth scaling below half size samples with coarser weights whose
result depends on where each run of pixels starts (5 to 15 grey levels between two tiles and
one call at 1/4 steps), above it every tile equals one call within one grey level."""
STRIPS_FROM = 4096 * 4096
"""Pixels from which a PNG map is decoded a strip at a time (64 MB and more at 32 bits)."""
SHARED_LIMIT = 1
"""How many decoded maps are kept besides those on screen: the latest one."""

Progress = Callable[[str, int], None]
"""Told what is being done and how far along (0 - 100 %)."""
HEAD_BYTES = 64
"""Bytes of a map file read first, for its header (a PNG's size is in its first 24)."""


@dataclass(frozen=True, slots=True)
class PngFile:
    """A PNG map file of :data:`STRIPS_FROM` pixels or more, checked by its header: decoded a
    strip at a time straight from the file (:func:`decode_map`), never read whole."""

    path: Path
    head: bytes


@dataclass(frozen=True, slots=True)
class MapImage:
    """A decoded map: ``levels`` are (reduction factor, image) pairs, the full image first."""

    key: str
    levels: tuple[tuple[int, QImage], ...]

    def size(self) -> QSize:
        return self.levels[0][1].size()


def image_key(background: Background, base_dir: Path | None) -> str:
    """What identifies the background's image: ``path@modification time``, or the data's hash."""
    if background.embedded:
        import hashlib  # only embedded maps are hashed; the first frame of a file map needs none

        return "embedded:" + hashlib.sha256(background.embedded.encode()).hexdigest()
    path = image_path(background, base_dir)
    try:
        return f"{path.resolve()}@{path.stat().st_mtime_ns}"
    except (OSError, RuntimeError, ValueError):  # a loop of links, a NUL in the name
        return str(path)


def image_path(background: Background, base_dir: Path | None) -> Path:
    path = Path(background.path or "")
    return path if path.is_absolute() or base_dir is None else base_dir / path


def read_map_data(background: Background, base_dir: Path | None) -> bytes | PngFile:
    """The background's image: its bytes, or for a big PNG file the file itself
    (:class:`PngFile`, its header checked); ``ImageError`` says what is wrong and where.

    A path read from an encounter (``base_dir`` given) must stay inside its folder; the file
    must be a regular one within the size limit
    (:func:`battlemap.desktop.core.images.read_image_file`).
    """
    if background.embedded:
        return decode_base64_image(background.embedded)
    if not background.path:
        raise ImageError("background: the background names no image")
    try:
        return _png_file(background.path, base_dir) or read_image_file(background.path, base_dir)
    except ImageError as error:
        raise ImageError(f"background.path: {error}") from None


def _png_file(path: str, base_dir: Path | None) -> PngFile | None:
    """The file at ``path`` if it is a PNG of :data:`STRIPS_FROM` pixels or more within the
    limits, else None (it is read whole, and checked so)."""
    file = image_file(path, base_dir)
    check_image_file(file)
    try:
        head = read_head(file, HEAD_BYTES)
    except OSError as err:
        raise ImageError(f"{file}: {err.strerror or err}") from None
    try:
        kind, width, height = image_size(head)
    except ImageError:
        return None  # a JPEG's size may lie past the head: read whole, checked there
    try:
        check_image(head)
    except ImageError as err:
        raise ImageError(f"{file}: {err}") from None
    return PngFile(file, head) if kind == "png" and width * height >= STRIPS_FROM else None


def decode_map(key: str, data: bytes | PngFile, progress: Progress | None = None) -> MapImage:
    """Decode ``data`` (bytes, or a big PNG file decoded straight from the file) and make its
    reduced copies (safe in a worker thread: QImage only).

    ``ImageError`` names the image (its path) and what is wrong with it: over the limits, or
    too big to decode whole (over :data:`~battlemap.desktop.core.limits.MAX_DECODED_PIXELS`)
    and not a PNG that can be decoded in strips.
    """
    where = key.rsplit("@", 1)[0]
    head = data.head if isinstance(data, PngFile) else data
    try:
        kind = check_image(head)
    except ImageError as error:
        raise ImageError(f"map image {where}: {error}") from error
    if progress is not None:
        progress("Decoding the map image...", 30)
    in_strips = _decode_big(data, kind, progress)
    if in_strips is not None:
        full, reduced = in_strips
        return MapImage(key, ((1, full), *((f, i) for f, i in reduced if _usable(i))))
    _, width, height = image_size(head)
    try:
        check_decodable_whole("PNG that cannot be decoded in strips (16-bit, a palette, "
                              "interlaced, a transparent colour, or damaged)", width, height)
    except ImageError as error:
        raise ImageError(f"map image {where}: {error}") from None
    if isinstance(data, PngFile):
        data = _whole_file(data, where)
    image, problem = read_image(data, kind)
    if image.isNull():
        raise ImageError(f"map image {where} could not be decoded: {problem}")
    if progress is not None:
        progress("Preparing the zoomed-out copies...", 80)
    reduced, larger = [], image
    for factor in LEVEL_FACTORS:  # from the 32-bit image: scaling a 24-bit one copies it first
        size = image.size() / factor  # each copy from the one before: 5 against 12 ms at 2560 px
        if size.width() >= 16 and size.height() >= 16:
            larger = larger.scaled(size, mode=Qt.TransformationMode.SmoothTransformation)
            reduced.append((factor, larger))
    return MapImage(key, ((1, compact_in_place(image)), *reduced))


def _usable(level: QImage) -> bool:
    """A reduced copy worth keeping: at least 16 pixels each way."""
    return level.width() >= 16 and level.height() >= 16


def _decode_big(
    data: bytes | PngFile, kind: str, progress: Progress | None
) -> tuple[QImage, list[tuple[int, QImage]]] | None:
    """A PNG of STRIPS_FROM pixels or more decoded a strip at a time (:mod:`png_strips`), so
    its whole 32-bit image never weighs on the program's peak, from the file where it lies
    for a :class:`PngFile`; None for anything else. The size comes from the header as the
    file checks read it: no Qt image reader in the worker (see
    :func:`~battlemap.desktop.gui.png_strips.read_image`)."""
    _, width, height = image_size(data.head if isinstance(data, PngFile) else data)
    if kind != "png" or width * height < STRIPS_FROM:
        return None

    def step(top: int) -> None:
        if progress is not None:
            progress("Decoding the map image...", 30 + 60 * top // height)

    if not isinstance(data, PngFile):
        return decode_strips(data, LEVEL_FACTORS, step=step, in_file=True)
    try:
        with open_regular_file(data.path, MAX_IMAGE_FILE_BYTES) as file:
            return decode_strips(file, LEVEL_FACTORS, step=step, in_file=True)
    except OSError as err:
        raise ImageError(f"map image {data.path}: {err.strerror or err}") from None


def _whole_file(data: PngFile, where: str) -> bytes:
    """The bytes of a big PNG file that cannot be decoded in strips (checked again: the file
    may have changed since its header was read)."""
    try:
        return read_image_file(data.path)
    except ImageError as error:
        raise ImageError(f"map image {where}: {error}") from None


def compact_in_place(image: QImage) -> QImage:
    """An opaque image turned into 3 bytes a pixel where it lies (an 8192 x 8192 map takes
    192 MB, not 256 MB, and never both at once: a converted copy would peak at 448 MB)."""
    if not image.hasAlphaChannel():
        image.convertTo(QImage.Format.Format_RGB888)
    return image


_shared: dict[str, MapImage] = {}


def remember(image: MapImage) -> None:
    """Keep ``image`` for the scenes that will show it (the oldest one kept is let go)."""
    _shared.pop(image.key, None)
    _shared[image.key] = image
    while len(_shared) > SHARED_LIMIT:
        del _shared[next(iter(_shared))]


def loaded_map_image(background: Background, base_dir: Path | None) -> MapImage | None:
    """The decoded image of ``background`` if it is already loaded."""
    return _shared.get(image_key(background, base_dir))


def shared_map_image(background: Background, base_dir: Path | None) -> MapImage:
    """The decoded image of ``background``: the one already loaded, or decoded now."""
    image = loaded_map_image(background, base_dir)
    if image is None:
        image = decode_map(image_key(background, base_dir), read_map_data(background, base_dir))
        remember(image)
    return image
