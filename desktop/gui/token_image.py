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

A picture over :data:`TOKEN_IMAGE_SIDE` takes seconds (a 16384 px PNG: some 5 s), so a scene
asks for it with :func:`request_token_image`: a picture within the side is decoded at once, as
before; a bigger one in the thread pool (:class:`TokenImageJob`), the token showing its disc
until the image comes to the scene on the GUI thread. Every scene asking for the same file
meanwhile (the players' view too) waits for the same decode, and the GM window shows its
progress on the status bar (:func:`watch_token_images`). The worker names the decoder, never
lets Qt probe the image plugins for one (see :func:`~battlemap.desktop.gui.png_strips.read_image`).
"""

from __future__ import annotations

import math
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import (
    QBuffer,
    QCoreApplication,
    QIODevice,
    QObject,
    QRunnable,
    QThreadPool,
    Signal,
)
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

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

__all__ = ["TOKEN_IMAGE_SIDE", "read_token_image", "request_token_image", "watch_token_images"]

TOKEN_IMAGE_SIDE = 4096
"""The widest or tallest a token image is kept, in pixels; a bigger one is decoded reduced by
the smallest whole factor that brings it within."""
HEAD_BYTES = 64
"""Bytes of a token image file read first, for its size."""
SIZE_HEAD_BYTES = 1 << 16
"""Bytes read to tell whether a picture is decoded in the pool: a JPEG's size may lie past its
first 64 (one whose size lies past these is decoded at once, as any was before)."""

Step = Callable[[int], None]
"""Told how far a decode is, in percent."""
Receiver = Callable[[str, "QImage | None", str], None]
"""Given a token image decoded in the pool: its path, the image (None) and the problem ("")."""


def read_token_image(path: str, base_dir: Path | None,
                     step: Step | None = None) -> tuple[QImage | None, str]:
    """A token's image (reduced if it is over :data:`TOKEN_IMAGE_SIDE` px a side) and ``""``,
    or None and why it cannot be shown, naming the file. ``step`` is told the percent done
    of a PNG decoded in strips. Safe off the GUI thread: every decoder is named."""
    try:
        file = image_file(path, base_dir)
        check_image_file(file)
        head = read_head(file, HEAD_BYTES)
        if head.startswith(PNG_MAGIC):  # a PNG's size is in its head, a JPEG's may lie past it
            image = _reduced_png(file, _factor(head), step)
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


def _reduced_png(file: Path, factor: int, step: Step | None = None) -> QImage | None:
    """The PNG at ``file`` decoded in strips and reduced by ``factor``; None if it need not
    be (``factor`` 1) or is not of the kinds decoded in strips."""
    if factor == 1:
        return None
    height = image_size(read_head(file, HEAD_BYTES))[2]
    rows = None if step is None else (lambda top: step(100 * top // max(1, height)))
    with open_regular_file(file, MAX_IMAGE_FILE_BYTES) as opened:
        decoded = decode_strips(opened, (factor,), step=rows, in_file=True)
    return None if decoded is None else decoded[1][0][1]


def _decoded(data: bytes, kind: str, factor: int) -> tuple[QImage, str]:
    """``data`` (a ``kind`` image) decoded by Qt reduced by ``factor`` (1: whole), and Qt's
    reason if it could not be. Only the ``kind`` decoder is tried, never probed for (as
    :func:`~battlemap.desktop.gui.png_strips.read_image`)."""
    buffer = QBuffer()
    buffer.setData(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer, kind.encode())
    reader.setAutoDetectImageFormat(False)
    reader.canRead()
    if factor > 1:
        reader.setScaledSize(reader.size() / factor)
    return reader.read(), reader.errorString()


def decoded_later(path: str, base_dir: Path | None) -> bool:
    """Whether the token image at ``path`` is decoded in the pool: its head says it is over
    :data:`TOKEN_IMAGE_SIDE` px a side. One that cannot be read or sized is not (the decode at
    once says what is wrong)."""
    try:
        file = image_file(path, base_dir)
        check_image_file(file)
        _, width, height = image_size(read_head(file, SIZE_HEAD_BYTES))
    except (OSError, ImageError):
        return False
    return max(width, height) > TOKEN_IMAGE_SIDE


class TokenImageSignals(QObject):
    progress = Signal(str, str, int)  # the path, the folder, the percent
    finished = Signal(str, str, object, str)  # ... the image (or None), the problem ("")


class TokenImageJob(QRunnable):
    """:func:`read_token_image` in the thread pool; its percent and its end come to the GUI
    thread as signals."""

    def __init__(self, path: str, base_dir: Path | None, stopped: threading.Event) -> None:
        super().__init__()
        self.path, self.base_dir, self.stopped = path, base_dir, stopped
        self.signals = TokenImageSignals()
        self.ended = threading.Event()
        self._told = -1

    def _step(self, percent: int) -> None:
        if self.stopped.is_set():
            raise DecodeStopped(self.path)
        if percent != self._told:
            self._told = percent
            self.signals.progress.emit(self.path, str(self.base_dir), percent)

    def run(self) -> None:
        try:
            image, problem = read_token_image(self.path, self.base_dir, self._step)
        except Exception as error:  # said as the token's problem, not lost
            image, problem = None, f"{self.path}: {error}"
        self.ended.set()
        self.signals.finished.emit(self.path, str(self.base_dir), image, problem)


class DecodeStopped(Exception):
    """Raised in a token image's decode when the program quits."""


QUIT_WAIT_S = 10.0
"""The longest the program waits, quitting, for a stopped decode to end (it stops at its
next strip)."""


class TokenImageLoads(QObject):
    """The token images being decoded in the pool, one job a file whoever asks; ``progress``
    says in words how far the decodes are, and ``""`` when none is left."""

    progress = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self._jobs: dict[tuple[str, str], TokenImageJob] = {}
        self._waiting: dict[tuple[str, str], list[weakref.WeakMethod[Receiver]]] = {}
        self._percent: dict[tuple[str, str], int] = {}
        self._stopped = threading.Event()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._quitting)

    def decode(self, path: str, base_dir: Path | None, receiver: Receiver) -> None:
        """Decode ``path`` in the pool (or wait for its decode under way); ``receiver`` (a
        method of a live Qt object) is given the result on the GUI thread."""
        key = (path, str(base_dir))
        self._waiting.setdefault(key, []).append(weakref.WeakMethod(receiver))
        if key in self._jobs:
            return
        job = self._jobs[key] = TokenImageJob(path, base_dir, self._stopped)
        self._percent[key] = 0
        job.signals.progress.connect(self._stepped)  # queued: this object is the GUI thread's
        job.signals.finished.connect(self._finished)
        self._tell()
        QThreadPool.globalInstance().start(job)

    def _quitting(self) -> None:
        """The program quits: stop the decodes and wait for them (no worker left running
        Python while the interpreter ends)."""
        self._stopped.set()
        for job in list(self._jobs.values()):
            job.ended.wait(QUIT_WAIT_S)

    def running(self) -> int:
        """How many token images are being decoded."""
        return len(self._jobs)

    def _stepped(self, path: str, folder: str, percent: int) -> None:
        key = (path, folder)
        if key in self._percent:
            self._percent[key] = percent
            self._tell()

    def _finished(self, path: str, folder: str, image: QImage | None, problem: str) -> None:
        key = (path, folder)
        job = self._jobs.pop(key)
        self._percent.pop(key, None)
        job.signals.progress.disconnect()
        job.signals.finished.disconnect()
        for waiting in self._waiting.pop(key, []):
            receiver = waiting()
            owner = getattr(receiver, "__self__", None)
            if receiver is not None and (owner is None or shiboken6.isValid(owner)):
                receiver(key[0], image, problem)
        self._tell()

    def _tell(self) -> None:
        if not self._jobs:
            self.progress.emit("")
            return
        names = ", ".join(Path(path).name for path, _ in self._jobs)
        percent = sum(self._percent.values()) // len(self._percent)
        self.progress.emit(f"Decoding the token image{'s' * (len(self._jobs) > 1)} {names} "
                           f"(over {TOKEN_IMAGE_SIDE} px, shown reduced): {percent} %...")


_LOADS: list[TokenImageLoads] = []


def token_image_loads() -> TokenImageLoads:
    """The program's :class:`TokenImageLoads` (made on first use, on the GUI thread)."""
    if not _LOADS:
        _LOADS.append(TokenImageLoads())
    return _LOADS[0]


def request_token_image(path: str, base_dir: Path | None,
                        receiver: Receiver) -> tuple[QImage | None, str] | None:
    """:func:`read_token_image` at once for a picture within :data:`TOKEN_IMAGE_SIDE` (or one
    whose size cannot be read); None for a bigger one, decoded in the pool and given to
    ``receiver`` on the GUI thread (with the path), the token meanwhile shown without it."""
    if not decoded_later(path, base_dir):
        return read_token_image(path, base_dir)
    token_image_loads().decode(path, base_dir, receiver)
    return None


class _StatusWords(QObject):
    """Shows the token images' decode on a window's status bar, and takes its words away
    when the decodes end (if they are still shown)."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window_, self.shown = window, ""
        token_image_loads().progress.connect(self.show)

    def show(self, words: str) -> None:
        bar = self.window_.statusBar()
        if words:
            bar.showMessage(words)
        elif self.shown and bar.currentMessage() == self.shown:
            bar.clearMessage()
        self.shown = words


def watch_token_images(window: QMainWindow) -> None:
    """Show on ``window``'s status bar how far the token images decoded in the pool are."""
    _StatusWords(window)
