"""The GUI soak's stand-ins for the user: file names, the discard question, error boxes.

:func:`soak_environment` points autosaves at a temporary folder, lets the soak name the file
whenever the File menu would show a file dialog and accepts the Universal VTT import options
with the importer's defaults; :func:`open_soak_window` opens the demo as the
program does; :func:`close_unexpected_dialog` records and closes any dialog nobody expected.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gui_soak_report import SoakReport
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QProgressDialog

from battlemap.desktop.gui import file_actions
from battlemap.desktop.gui.app import DEMO_PATH, open_window
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.uvtt_import_dialog import UvttImportDialog


class FileNameAnswers:
    """Stands in for ``QFileDialog`` in the File menu: the soak names the file to use."""

    next_name = ""

    @classmethod
    def getOpenFileName(cls, *_args: object) -> tuple[str, str]:
        return cls.next_name, ""

    @classmethod
    def getSaveFileName(cls, *_args: object) -> tuple[str, str]:
        return cls.next_name, ""


class ImportDefaultsAnswer(UvttImportDialog):
    """Stands in for the Universal VTT import options: the soak presses Import with the
    importer's defaults (full-height objects, every point kept), whatever an earlier import in
    the same settings chose, so the result equals ``load_uvtt(path)``. Counts its answers."""

    answered = 0

    def exec(self) -> int:
        ImportDefaultsAnswer.answered += 1
        self.full_height.setChecked(True)
        self.tolerance_box.setValue(0.0)
        return QDialog.DialogCode.Accepted.value


@contextmanager
def soak_environment(folder: Path) -> Iterator[None]:
    """Autosaves in ``folder``; the File menu's file dialogs and the Universal VTT import
    options answered by the soak."""
    previous_data = os.environ.get("XDG_DATA_HOME")
    previous_dialog = file_actions.QFileDialog  # type: ignore[attr-defined]
    os.environ["XDG_DATA_HOME"] = str(folder / "data")
    file_actions.QFileDialog = FileNameAnswers  # type: ignore[attr-defined,assignment]
    file_actions.UvttImportDialog = ImportDefaultsAnswer  # type: ignore[attr-defined]
    try:
        yield
    finally:
        file_actions.QFileDialog = previous_dialog  # type: ignore[attr-defined]
        file_actions.UvttImportDialog = UvttImportDialog  # type: ignore[attr-defined]
        if previous_data is None:
            os.environ.pop("XDG_DATA_HOME", None)
        else:
            os.environ["XDG_DATA_HOME"] = previous_data


def open_soak_window(folder: Path, report: SoakReport) -> GMWindow:
    """The demo, copied into ``folder``, opened as the program opens a file; the driver
    answers "discard unsaved changes?" with yes, "move through a wall?" with yes and no in
    turn, and records error boxes instead of showing."""
    copy = folder / "demo.json"
    shutil.copyfile(DEMO_PATH, copy)
    window = open_window(str(copy))
    window.confirm_discard = lambda: True  # type: ignore[method-assign]

    def record(title: str, message: str) -> None:
        report.messages[f"{title}: {message}"[:160]] += 1

    window.show_error = record  # type: ignore[method-assign]

    def allow(text: str) -> bool:
        """A drop through a wall asks first: yes and no in turn."""
        record("Move through a wall?", text)
        return sum(n for key, n in report.messages.items()
                   if key.startswith("Move through a wall?")) % 2 == 0

    window.interaction.ask = allow
    return window


def close_unexpected_dialog(report: SoakReport) -> None:
    """A modal dialog or popup the driver did not ask for: record it and close it."""
    widget = QApplication.activeModalWidget() or QApplication.activePopupWidget()
    if widget is None or isinstance(widget, QProgressDialog):
        return
    text = widget.text() if isinstance(widget, QMessageBox) else ""
    report.problems.append(f"unexpected dialog {type(widget).__name__} "
                           f"{widget.windowTitle()!r} {text!r}")
    widget.close()
