"""Loading a map image without freezing the window.

The image is read, decoded and reduced in a worker thread (QImage is safe off the GUI thread)
while a progress dialog names each step; the window keeps repainting. Cancel leaves the
encounter as it was: the worker's result, when it comes, is dropped. The start-up begins the
decode (:func:`start_map_load`) before the window exists and waits for it once the window shows.
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
    """Reads and decodes one background image in the thread pool.

    Its last step is kept on the GUI thread (:attr:`step`) and its end is known at once
    (:attr:`ran`, set by the worker before ``finished`` reaches the GUI thread), so it may be
    waited for after it has run: no event is handled then, and a window shown meanwhile
    paints its first frame with the map.
    """

    def __init__(self, background: Background, base_dir: Path | None) -> None:
        super().__init__()
        self.background, self.base_dir = background, base_dir
        self.signals = LoadSignals()
        self.cancelled = threading.Event()
        self.result: MapImage | str | None = None
        self.step = ("Reading the map image...", 0)
        self.ran = threading.Event()
        self._waiter: tuple[QProgressDialog, QEventLoop] | None = None
        self.signals.progress.connect(self._stepped)
        self.signals.finished.connect(self._finished)

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
        self.ran.set()
        self.signals.finished.emit()

    def wait(self, dialog: QProgressDialog) -> None:
        """Run the event loop until the job has run or ``dialog`` is cancelled, showing the
        steps on ``dialog``; at once when it has already run."""
        _show_step(dialog, *self.step)
        if self.ran.is_set():
            return
        loop = QEventLoop()
        dialog.canceled.connect(loop.quit)
        self._waiter = dialog, loop
        loop.exec()
        self._waiter = None

    def _stepped(self, text: str, percent: int) -> None:
        self.step = text, percent
        if self._waiter is not None:
            _show_step(self._waiter[0], text, percent)

    def _finished(self) -> None:
        """The job has run: let go of it (its slots hold it, out of the collector's sight)."""
        _running.discard(self)
        self.signals.progress.disconnect()
        self.signals.finished.disconnect()
        if self._waiter is not None:
            self._waiter[1].quit()


_running: set[MapLoadJob] = set()
"""Jobs still in the pool, kept alive until they finish (a cancelled one too)."""


def load_map_image(
    parent: QWidget | None, background: Background, base_dir: Path | None,
    cancellable: bool = True, started: MapLoadJob | None = None,
) -> MapImage | None:
    """The decoded image of ``background``, loaded with a progress dialog; None if cancelled.

    An image already loaded comes back at once; ``started``, the job :func:`start_map_load`
    started for it, is waited for instead of a new one. Raises ``ImageError`` naming what is
    wrong.

    The slots connected to the job's signals hold the job, so the job holds itself through Qt,
    where Python's garbage collector cannot see: its end disconnects them, or every decoded map
    (tens of MB) would stay in memory for good.
    """
    loaded = loaded_map_image(background, base_dir)
    if loaded is not None:
        return loaded
    job = started or _start(MapLoadJob(background, base_dir))
    dialog = progress_dialog(parent, cancellable)
    dialog.canceled.connect(job.cancelled.set)
    job.wait(dialog)
    result = None if job.cancelled.is_set() else job.result
    job.result = None  # the worker may still be returning from run(), holding the job
    dialog.close()  # (emits canceled: too late to matter)
    dialog.setParent(None)  # not left behind in the window; freed with the last reference
    return _result(result)


def start_map_load(background: Background, base_dir: Path | None) -> MapLoadJob | None:
    """Start decoding ``background`` in the thread pool, to be waited for by
    :func:`load_map_image` (``started``); None when it is already loaded."""
    if loaded_map_image(background, base_dir) is not None:
        return None
    return _start(MapLoadJob(background, base_dir))


def _start(job: MapLoadJob) -> MapLoadJob:
    _running.add(job)
    QThreadPool.globalInstance().start(job)
    return job


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


def _result(result: MapImage | str | None) -> MapImage | None:
    if result is None:
        return None
    if isinstance(result, str):
        raise ImageError(result)
    remember(result)
    return result
