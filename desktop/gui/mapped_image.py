"""A big map's full-size pixels (and its half-size copy) kept in a file of the cache folder,
mapped into memory.

An 8192 px map is 192 MB at 3 bytes a pixel, more than half of the program's peak, yet a view
reads the full-size image only where it is zoomed in, a view's worth of rows at a time. Its
pixels are written to an unnamed file in the program's cache folder (on a disk, where ``/tmp``
may be held in memory) mapped into memory: the operating system keeps them in its page cache,
which it can write back and reclaim, and the program counts as resident only the pages it
touched and has not let go. The decode lets go of each strip once copied
(:meth:`RowsFile.let_go`) and the map's painter after each row of tiles and each paint from the
full-size image (:func:`let_go_of_pages`): reading the rows again is a page-cache lookup, not a
decode. The pixels are the same either way.

Examples
--------
>>> image, rows = mapped_image(40, 30, QImage.Format.Format_RGB888) or (QImage(), None)
>>> rows is None or (image.width(), image.bytesPerLine(), len(rows), image.format().name)
(40, 120, 3600, 'Format_RGB888')
"""

from __future__ import annotations

import mmap
import os
import tempfile
import weakref

from PySide6.QtCore import QStandardPaths
from PySide6.QtGui import QImage

__all__ = ["RowsFile", "let_go_of_pages", "mapped_image", "remember_rows_file", "rows_file_of"]

CACHE_NAME = "battlemap"
"""The program's folder in the user's cache folder."""
_DEPTH = {QImage.Format.Format_RGB888: 3, QImage.Format.Format_ARGB32: 4,
          QImage.Format.Format_RGB32: 4, QImage.Format.Format_ARGB32_Premultiplied: 4}
"""Bytes a pixel of the formats a map is kept in."""
_files: weakref.WeakValueDictionary[int, RowsFile] = weakref.WeakValueDictionary()
"""Each mapped image's file by the image's ``cacheKey`` (registered once it is filled)."""


class RowsFile(mmap.mmap):
    """The mapped file an image's rows lie in; the image holds it (its pixel buffer)."""

    bytes_per_line: int

    def let_go(self, first: int = 0, end: int | None = None) -> None:
        """Stop counting rows ``first`` to ``end`` (all from ``first`` when None) as resident:
        their pages stay in the file and the page cache, and come back when read."""
        start = first * self.bytes_per_line // mmap.PAGESIZE * mmap.PAGESIZE
        stop = len(self) if end is None else min(end * self.bytes_per_line, len(self))
        if stop > start:
            self.madvise(mmap.MADV_DONTNEED, start, stop - start)


def mapped_image(width: int, height: int, kind: QImage.Format) -> tuple[QImage, RowsFile] | None:
    """A ``width`` x ``height`` image of ``kind`` (RGB888, RGB32 or (premultiplied) ARGB32)
    laid out as Qt lays it out and the mapped file of the cache folder its pixels lie in; None
    where that cannot be (no such system call, no cache folder, no room on its disk: the
    caller keeps the pixels in memory)."""
    folder = _cache_folder()
    if folder is None or kind not in _DEPTH or not (
            hasattr(mmap, "MADV_DONTNEED") and hasattr(os, "posix_fallocate")):
        return None  # (Windows and macOS lack one or the other: the pixels stay in memory)
    line = (width * _DEPTH[kind] + 3) // 4 * 4  # Qt's rows start on 4-byte boundaries
    try:
        with tempfile.TemporaryFile(dir=folder) as file:
            os.posix_fallocate(file.fileno(), 0, line * height)  # no hole: a full disk says so now
            rows = RowsFile(file.fileno(), line * height)
    except (OSError, ValueError):
        return None
    rows.bytes_per_line = line
    image = QImage(rows, width, height, line, kind)  # holds ``rows`` as long as it lives
    return None if image.isNull() else (image, rows)


def remember_rows_file(image: QImage, rows: RowsFile) -> None:
    """Register ``image``'s file once its pixels are written (writing changes its key)."""
    _files[image.cacheKey()] = rows


def rows_file_of(image: QImage) -> RowsFile | None:
    """The mapped file ``image``'s pixels lie in (registered), else None."""
    return _files.get(image.cacheKey())


def let_go_of_pages(image: QImage) -> None:
    """Stop counting the pages ``image`` was read from as resident, if it lies in a file."""
    rows = rows_file_of(image)
    if rows is not None:
        rows.let_go()


def _cache_folder() -> str | None:
    """The program's folder in the user's cache folder (made if need be; the same whatever
    the application's name: ``battlemap render`` has none of its own); None if there is none
    to write to."""
    cache = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericCacheLocation)
    if not cache:
        return None
    folder = os.path.join(cache, CACHE_NAME)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return None
    return folder
