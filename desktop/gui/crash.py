"""Crash reports: Qt's messages and every uncaught exception go to the log file, and the GM
sees a dialog instead of a window that silently stops responding.

:func:`install_qt_messages` routes Qt's own warnings (``qWarning``, failed image plugins,
...) to the ``battlemap.qt`` logger. :func:`install_exception_hook` replaces
``sys.excepthook``: an exception - in a slot, a timer or an event handler; PySide6 hands
those to the hook and carries on - is logged with its traceback and shown in a
:class:`CrashDialog` ("Battlemap hit an error; your encounter is safe - autosave at ...",
with *Copy details*), and the program keeps running. While one dialog is open, further
errors are only logged (a paint error would otherwise open a dialog per frame).
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from battlemap.desktop.core.logs import log_file
from battlemap.desktop.core.storage import autosave_dir

qt_log = logging.getLogger("battlemap.qt")
crash_log = logging.getLogger("battlemap.crash")

_QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def _qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    where = f" [{context.category}]" if context.category and context.category != "default" else ""
    qt_log.log(_QT_LEVELS.get(kind, logging.WARNING), "%s%s", message, where)


def install_qt_messages() -> None:
    """Send Qt's messages to the log file instead of a terminal nobody sees."""
    qInstallMessageHandler(_qt_message)


class CrashDialog(QMessageBox):
    """The error report: what happened in one line, where the autosave and the log are, and
    the traceback under *Show Details*, copied by *Copy details*."""

    def __init__(self, summary: str, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Critical)
        self.setWindowTitle("Battlemap hit an error")
        self.setText(
            f"Battlemap hit an error; your encounter is safe — autosave at {autosave_dir()}."
        )
        self.setInformativeText(
            f"{summary}\n\nBattlemap keeps running. The details are in the log: {log_file()}"
        )
        self.setDetailedText(details)
        self.details = details
        self.copy_button = self.addButton("Copy details", QMessageBox.ButtonRole.ActionRole)
        self.copy_button.clicked.disconnect()  # an action button would close the dialog
        self.copy_button.clicked.connect(self.copy_details)
        self.addButton(QMessageBox.StandardButton.Close)

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details)
        self.copy_button.setText("Copied")


ShowDialog = Callable[[CrashDialog], object]


class ExceptionHook:
    """``sys.excepthook`` for the GUI: log, show :class:`CrashDialog`, keep running.

    ``show`` opens the dialog (``exec`` by default; tests pass their own)."""

    def __init__(self, show: ShowDialog | None = None) -> None:
        self.show: ShowDialog = show or (lambda dialog: dialog.exec())
        self.showing = False
        self.previous = sys.excepthook
        self.last: CrashDialog | None = None

    def __call__(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt):
            self.previous(kind, error, trace)
            return
        details = "".join(traceback.format_exception(kind, error, trace))
        crash_log.error("Uncaught exception\n%s", details.rstrip())
        if self.showing or QApplication.instance() is None:
            return
        self.showing = True
        try:
            summary = f"{kind.__name__}: {error}".strip().rstrip(":")
            self.last = CrashDialog(summary, details, QApplication.activeWindow())
            self.show(self.last)
        finally:
            self.showing = False


def install_exception_hook(show: ShowDialog | None = None) -> ExceptionHook:
    """Install (and return) the GUI's exception hook."""
    hook = ExceptionHook(show)
    sys.excepthook = hook
    return hook


def open_folder(folder: Path) -> bool:
    """Open ``folder`` in the desktop's file manager (made first); False if none could."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QDesktopServices

    folder.mkdir(parents=True, exist_ok=True)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
