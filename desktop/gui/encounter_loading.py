"""Opening an encounter file without freezing the window, its progress named.

The file is read, checked and built into an ``Encounter`` in a worker thread while a progress
dialog names each step (``battlemap.desktop.core.progress.step``: reading, checking, building the
encounter); the window keeps repainting. A file that opens within :data:`SHOW_AFTER_MS` shows
no dialog. The scene's items are made on the GUI thread: a dialog already showing then says
"Building the map" with what the map holds, and stays until the map has painted.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from battlemap.desktop.core.fileformat import open_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.progress import reporting

SHOW_AFTER_MS = 500
"""An encounter that opens faster than this shows no dialog at all."""

Opened = tuple[Encounter, tuple[str, ...]]
"""The encounter and its warnings, as ``open_encounter`` gives them."""


class OpenSignals(QObject):
    step = Signal(str)
    finished = Signal()  # the job's ``result`` is set


class OpenJob(QRunnable):
    """Runs ``reader`` (``open_encounter``, or a Universal VTT file's import) on one file in
    the thread pool; its steps become ``step``."""

    def __init__(self, path: Path, reader: Callable[[Path], Any] = open_encounter) -> None:
        super().__init__()
        self.path, self.reader = path, reader
        self.signals = OpenSignals()
        self.cancelled = threading.Event()
        self.result: Any = None

    def report(self, text: str) -> None:
        if not self.cancelled.is_set():
            self.signals.step.emit(text)

    def run(self) -> None:
        try:
            with reporting(self.report):
                self.result = self.reader(self.path)
        except Exception as error:  # raised again on the GUI thread (EncounterFileError, a bug)
            self.result = error
        self.signals.finished.emit()


def step_label(path: Path, text: str) -> str:
    """The dialog's line for one step of opening ``path``.

    >>> step_label(Path("/maps/crypt.json"), "checking the encounter")
    'crypt.json: checking the encounter...'
    """
    return f"{path.name}: {text}..."


def map_contents(encounter: Encounter) -> str:
    """What the map holds, as the build step names it.

    >>> from battlemap.desktop.core.model import Wall
    >>> map_contents(Encounter(walls=(Wall("w", ((0, 0), (1, 1))),) * 2))
    '2 walls, 0 tokens, 0 regions, 0 lights'
    """
    counts = {"walls": len(encounter.walls), "tokens": len(encounter.tokens),
              "regions": len(encounter.regions), "lights": len(encounter.lights)}
    return ", ".join(f"{count:,} {name}" for name, count in counts.items())


class OpeningProgress:
    """The progress of opening ``path`` in ``parent``: the read in a worker, then the build.

    The dialog exists from :meth:`read` on (its timer starts with it)."""

    def __init__(self, parent: QWidget | None, path: Path, cancellable: bool) -> None:
        self.parent, self.path, self.cancellable = parent, path, cancellable
        self.dialog: QProgressDialog | None = None

    def read(self) -> Opened | None:
        """The encounter and its warnings, read in a worker; None if the GM cancelled.

        Raises what ``open_encounter`` raised (``EncounterFileError`` for a bad file)."""
        result: Opened | None = self.run(open_encounter)
        return result

    def run(self, reader: Callable[[Path], Any]) -> Any:
        """What ``reader`` makes of the file, run in a worker; None if the GM cancelled.

        Raises what ``reader`` raised."""
        dialog = self.dialog = self._dialog()
        job, loop = OpenJob(self.path, reader), QEventLoop()
        job.signals.step.connect(lambda text: dialog.setLabelText(step_label(self.path, text)))
        job.signals.finished.connect(lambda: _finish(job, loop))
        dialog.canceled.connect(job.cancelled.set)
        dialog.canceled.connect(loop.quit)
        _running.add(job)
        QThreadPool.globalInstance().start(job)
        loop.exec()
        dialog.canceled.disconnect()
        result, job.result = job.result, None
        if job.cancelled.is_set():
            return None
        if isinstance(result, Exception):
            raise result
        return result

    def building(self, encounter: Encounter) -> None:
        """Name the build of ``encounter``'s map (on the GUI thread) if the dialog shows."""
        if self.dialog is None or not self.dialog.isVisible():
            return
        self.dialog.setCancelButton(None)  # the encounter is read: it opens
        building = f"building the map ({map_contents(encounter)})"
        self.dialog.setLabelText(step_label(self.path, building))
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)

    def close(self, painted: bool = False) -> None:
        """Close the dialog; ``painted``: once the window has painted the map, if it shows."""
        if self.dialog is None:
            return
        if painted and self.dialog.isVisible():
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        self.dialog.close()
        self.dialog.setParent(None)  # not left behind in the window; freed with the last reference
        self.dialog = None

    def _dialog(self) -> QProgressDialog:
        dialog = QProgressDialog(step_label(self.path, "reading the encounter"), "Cancel",
                                 0, 0, self.parent)  # a busy bar: the steps are named
        dialog.setWindowTitle("Opening encounter")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        if not self.cancellable:
            dialog.setCancelButton(None)
        dialog.setMinimumDuration(SHOW_AFTER_MS)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.setValue(0)  # starts the timer that shows the dialog after SHOW_AFTER_MS
        return dialog


_running: set[OpenJob] = set()
"""Jobs still in the pool (a cancelled one too), kept alive until they finish."""


def _finish(job: OpenJob, loop: QEventLoop) -> None:
    """The job has run: let go of it (its slots hold it, out of the garbage collector's sight)."""
    _running.discard(job)
    job.signals.step.disconnect()
    job.signals.finished.disconnect()
    loop.quit()
