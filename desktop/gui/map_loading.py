"""Loading a map image without freezing the window.

The image is read, decoded and reduced in a worker thread (QImage is safe off the GUI thread)
while a progress dialog names each step; the window keeps repainting. Cancel leaves the
encounter as it was: the worker's result, when it comes, is dropped.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, QRunnable, QThreadPool, Signal
from PySide6.QtWidgets import QProgressDialog, QWidget

from battlemap.desktop.core.images import ImageError
from battlemap.desktop.core.model import Background
from battlemap.desktop.gui.map_image import (
    MapImage,
    decode_map,
    image_key,
    loaded_map_image,
    read_map_data,
    remember,
)

SHOW_AFTER_MS = 300
"""A map that loads faster than this shows no dialog at all."""


class LoadSignals(QObject):
    progress = Signal(str, int)
    finished = Signal()  # the job's ``result`` is set


class MapLoadJob(QRunnable):
    """Reads and decodes one background image in the thread pool."""

    def __init__(self, background: Background, base_dir: Path | None) -> None:
        super().__init__()
        self.background, self.base_dir = background, base_dir
        self.signals = LoadSignals()
        self.cancelled = threading.Event()
        self.result: MapImage | str | None = None

    def report(self, text: str, percent: int) -> None:
        if not self.cancelled.is_set():
            self.signals.progress.emit(text, percent)

    def run(self) -> None:
        key = image_key(self.background, self.base_dir)
        try:
            self.report("Reading the map image...", 5)
            data = read_map_data(self.background, self.base_dir)
            self.result = decode_map(key, data, self.report)
        except ImageError as error:
            self.result = str(error)
        self.signals.finished.emit()


_running: set[MapLoadJob] = set()
"""Jobs still in the pool, kept alive until they finish (a cancelled one too)."""


def load_map_image(
    parent: QWidget | None, background: Background, base_dir: Path | None,
    cancellable: bool = True,
) -> MapImage | None:
    """The decoded image of ``background``, loaded with a progress dialog; None if cancelled.

    An image already loaded comes back at once. Raises ``ImageError`` naming what is wrong.

    The slots connected to the job's signals hold the job, so the job holds itself through Qt,
    where Python's garbage collector cannot see: :func:`_finish` disconnects them, or every
    decoded map (tens of MB) would stay in memory for good.
    """
    loaded = loaded_map_image(background, base_dir)
    if loaded is not None:
        return loaded
    job, loop = MapLoadJob(background, base_dir), QEventLoop()
    dialog = progress_dialog(parent, cancellable)
    job.signals.progress.connect(lambda text, percent: _show_step(dialog, text, percent))
    job.signals.finished.connect(lambda: _finish(job, loop))
    dialog.canceled.connect(job.cancelled.set)
    dialog.canceled.connect(loop.quit)
    _running.add(job)
    QThreadPool.globalInstance().start(job)
    loop.exec()
    result = None if job.cancelled.is_set() else job.result
    job.result = None  # the worker may still be returning from run(), holding the job
    dialog.close()  # (emits canceled: too late to matter)
    dialog.setParent(None)  # not left behind in the window; freed with the last reference
    return _result(result)


def progress_dialog(parent: QWidget | None, cancellable: bool) -> QProgressDialog:
    dialog = QProgressDialog("Reading the map image...", "Cancel", 0, 100, parent)
    dialog.setWindowTitle("Loading map")
    if not cancellable:
        dialog.setCancelButton(None)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setValue(0)  # starts the timer that shows the dialog after SHOW_AFTER_MS
    return dialog


def _show_step(dialog: QProgressDialog, text: str, percent: int) -> None:
    dialog.setLabelText(text)
    dialog.setValue(percent)


def _finish(job: MapLoadJob, loop: QEventLoop) -> None:
    _running.discard(job)
    job.signals.progress.disconnect()
    job.signals.finished.disconnect()
    loop.quit()


def _result(result: MapImage | str | None) -> MapImage | None:
    if result is None:
        return None
    if isinstance(result, str):
        raise ImageError(result)
    remember(result)
    return result
