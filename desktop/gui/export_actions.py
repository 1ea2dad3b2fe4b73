"""File > Export and File > Print...: the encounter out to other tools (Universal VTT), to
paper as a PDF, and to a printer.

Each export asks for a file name, writes it whole or not at all, and tells the GM what was
written and what the format leaves behind (status bar and log). The PDF and the printer share
the choices (:class:`PrintOptions`) and the pages
(:func:`battlemap.desktop.gui.print_map.print_pages`); a cancel is said in words too.

The Universal VTT export of a big map takes seconds (a 16384 px map to crop: some 11 s), so it
runs in the thread pool (:class:`UvttExportJob`) while the window repaints and answers, its
steps shown in a progress dialog that can cancel it (:class:`ExportProgress`); what came of it
(written, refused, failed, cancelled: nothing written) is said on the GUI thread.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QProgressDialog,
    QWidget,
)

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.gui.map_export import ExportCancelled, MapNotExported, export_uvtt
from battlemap.desktop.gui.notices import tell
from battlemap.desktop.gui.print_map import PAPERS, plan_pages, print_encounter, print_title
from battlemap.desktop.gui.scene import Audience

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

UVTT_FILTER = "Universal VTT (*.dd2vtt *.uvtt)"


def suggested_name(window: GMWindow, suffix: str) -> str:
    """The encounter file's name with ``suffix``, beside it (or the encounter's name)."""
    if window.path is not None:
        return str(window.path.with_suffix(suffix))
    return f"{window.state.encounter.name}{suffix}"


QUIT_WAIT_S = 10.0
"""The longest the program waits, quitting, for a cancelled export to end (it stops at its
next strip or band: a fraction of a second)."""
SHOW_AFTER_MS = 300
"""An export that is done sooner shows no progress dialog."""
EXPORT_DIALOG = "uvttExportProgress"
"""The object name of a running export's progress dialog (one export at a time a window)."""


class ExportSignals(QObject):
    progress = Signal(str, int)
    finished = Signal(object)  # the notes (list[str]), or the exception that ended it


class UvttExportJob(QRunnable):
    """:func:`~battlemap.desktop.gui.map_export.export_uvtt` of an encounter in the thread pool.

    Its steps come to the GUI thread as ``signals.progress`` (only when the percent or the
    words change); setting :attr:`cancelled` makes the next step raise
    :class:`~battlemap.desktop.gui.map_export.ExportCancelled`, which leaves nothing written.
    ``signals.finished`` carries the notes, or the exception that ended the export.
    """

    def __init__(self, encounter: Encounter, base_dir: Path | None, out: Path) -> None:
        super().__init__()
        self.encounter, self.base_dir, self.out = encounter, base_dir, out
        self.signals = ExportSignals()
        self.cancelled = threading.Event()
        self.ended = threading.Event()
        """Set by the worker when the export has ended (before ``finished`` comes)."""
        self._told: tuple[str, int] | None = None

    def report(self, words: str, percent: int) -> None:
        if self.cancelled.is_set():
            raise ExportCancelled(str(self.out))
        if (words, percent) != self._told:
            self._told = words, percent
            self.signals.progress.emit(words, percent)

    def run(self) -> None:
        result: list[str] | BaseException
        try:
            result = export_uvtt(self.encounter, self.base_dir, self.out, self.report)
        except Exception as error:  # said on the GUI thread; nothing written
            result = error
        self.ended.set()
        self.signals.finished.emit(result)

    def stop(self) -> None:
        """Cancel the export and wait for it to end (the program is quitting: nothing is
        left half-written, not even the temporary file)."""
        self.cancelled.set()
        self.ended.wait(QUIT_WAIT_S)


class ExportProgress(QProgressDialog):
    """The progress of one Universal VTT export, over ``window`` but not holding it (the GM
    may go on at the table); Cancel stops the export with nothing written. It says the end on
    the GUI thread, and goes."""

    def __init__(self, window: GMWindow, job: UvttExportJob) -> None:
        super().__init__(f"Exporting {job.out.name}...", "Cancel", 0, 100, window)
        self.window_, self.job = window, job
        self.setObjectName(EXPORT_DIALOG)
        self.setWindowTitle("Export Universal VTT")
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.setMinimumDuration(SHOW_AFTER_MS)
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.setValue(0)  # starts the timer that shows the dialog after SHOW_AFTER_MS
        self.canceled.connect(self._cancel)
        job.signals.progress.connect(self._stepped)
        job.signals.finished.connect(self._finished)
        window.destroyed.connect(job.cancelled.set)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._quitting)

    def _stepped(self, words: str, percent: int) -> None:
        if not self.job.cancelled.is_set():
            self.setLabelText(f"Exporting {self.job.out.name}: {words}")
            self.setValue(percent)

    def _quitting(self) -> None:
        self.job.stop()

    def _cancel(self) -> None:
        self.job.cancelled.set()
        self.window_.note(f"Cancelling the export to {self.job.out.name}...")

    def _finished(self, result: list[str] | BaseException) -> None:
        _running.discard(self.job)
        self.job.signals.progress.disconnect()
        self.job.signals.finished.disconnect()
        self.canceled.disconnect()
        self.close()
        self.setParent(None)  # freed with the last reference
        said_export(self.window_, self.job.out, result)
        self.deleteLater()


_running: set[UvttExportJob] = set()
"""Exports still in the pool, kept alive until they end (a cancelled one too)."""


def said_export(window: GMWindow, out: Path, result: list[str] | BaseException) -> bool:
    """Tell the GM what came of the export to ``out``; True if it was written."""
    if isinstance(result, ExportCancelled):
        tell(window, f"Universal VTT export cancelled; nothing written to {out.name}")
    elif isinstance(result, MapNotExported):
        tell(window, f"Universal VTT not exported: {result}; nothing written to {out.name}")
    elif isinstance(result, BaseException):  # the file could not be written, or a bug
        if not isinstance(result, OSError):
            logging.getLogger(__name__).error("Universal VTT export to %s", out, exc_info=result)
        why = (result.strerror if isinstance(result, OSError) else None) or result
        tell(window, f"Universal VTT not exported: {out}: {why}")
        window.show_error("Export Universal VTT", f"{out}: {why}")
    else:
        tell(window, f"Exported Universal VTT to {out.name}" + "".join(f"; {n}" for n in result))
        return True
    return False


def export_uvtt_to(window: GMWindow, out: Path) -> UvttExportJob | None:
    """Start writing the Universal VTT export of the encounter as it is now to ``out``, in
    the thread pool with a progress dialog; the job, or None when an export is already
    running (said). The GM is told how it ended, on the GUI thread, when it ends."""
    running = window.findChild(ExportProgress, EXPORT_DIALOG)
    if running is not None:
        tell(window, f"Universal VTT not exported to {out.name}: the export to "
                     f"{running.job.out.name} is still being written")
        return None
    job = UvttExportJob(window.state.encounter, window.scene.base_dir, out)
    ExportProgress(window, job)
    _running.add(job)
    QThreadPool.globalInstance().start(job)
    return job


def export_uvtt_dialog(window: GMWindow) -> None:
    name, _ = QFileDialog.getSaveFileName(window, "Export Universal VTT",
                                          suggested_name(window, ".dd2vtt"), UVTT_FILTER)
    if name:
        export_uvtt_to(window, Path(name))


PDF_FILTER = "PDF (*.pdf)"


@dataclass(frozen=True, slots=True)
class PrintChoice:
    """What the GM chose for a printout: the paper, whose view, the grid or not, the scale."""

    paper: str = "a4"
    audience: Audience = Audience.PLAYER
    grid: bool = True
    cell_inch: float = 1.0


class PrintOptions(QDialog):
    """Paper, whose view, grid or not, and the scale of a printout (the PDF's or a printer's);
    the players' view first, so a printout shows nothing they must not see unless asked."""

    def __init__(self, parent: QWidget | None = None, title: str = "Export PDF to scale") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.paper = QComboBox(self)
        for name in PAPERS:
            self.paper.addItem(name.upper() if name == "a4" else name.title(), name)
        self.view = QComboBox(self)
        self.view.addItem("The players' view (no hidden tokens, fog as the table shows it)",
                          Audience.PLAYER)
        self.view.addItem("The GM's view (everything)", Audience.GM)
        self.grid = QCheckBox("Print the grid", self)
        self.grid.setChecked(True)
        self.cell_inch = QDoubleSpinBox(self)
        self.cell_inch.setRange(0.1, 10.0)
        self.cell_inch.setSingleStep(0.25)
        self.cell_inch.setValue(1.0)
        self.cell_inch.setSuffix(" in a cell")
        form = QFormLayout(self)
        form.addRow("Paper", self.paper)
        form.addRow("View", self.view)
        form.addRow("Scale", self.cell_inch)
        form.addRow("", self.grid)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def choice(self) -> PrintChoice:
        return PrintChoice(self.paper.currentData(), Audience(self.view.currentData()),
                           self.grid.isChecked(), self.cell_inch.value())


def ask_print_options(window: GMWindow, title: str) -> PrintChoice | None:
    """The GM's choices in :class:`PrintOptions`, or None if cancelled (tests replace this)."""
    options = PrintOptions(window, title)
    return options.choice() if options.exec() == QDialog.DialogCode.Accepted else None


def ask_printer(window: GMWindow, printer: QPrinter) -> bool:
    """The system's print dialog on ``printer``; True if the GM printed (tests replace this
    with a PDF printer)."""
    return QPrintDialog(printer, window).exec() == QDialog.DialogCode.Accepted


def export_pdf_to(window: GMWindow, out: Path, choice: PrintChoice) -> bool:
    """Print the encounter to scale into the PDF ``out``; True if written. The GM is told."""
    encounter = window.state.encounter
    try:
        plan = plan_pages(encounter.width, encounter.height, choice.paper, choice.cell_inch)
        pages, problem = print_encounter(encounter, window.scene.base_dir, choice.audience,
                                         choice.grid, plan, out)
    except (ValueError, OSError) as error:
        window.show_error("Export PDF", f"{out.name}: {error}")
        return False
    whose = "players'" if choice.audience is Audience.PLAYER else "GM's"
    tell(window, f"Printed the {whose} map to {out.name}: {pages} pages ({plan.columns} x "
                 f"{plan.rows} and the page map), 1 cell = {choice.cell_inch:g} in"
                 + (f"; without the map image: {problem}" if problem else ""))
    return True


def export_pdf_dialog(window: GMWindow) -> None:
    choice = ask_print_options(window, "Export PDF to scale")
    name = ""
    if choice is not None:
        name, _ = QFileDialog.getSaveFileName(window, "Export PDF to scale",
                                              suggested_name(window, ".pdf"), PDF_FILTER)
    if choice is None or not name:
        tell(window, "Export PDF cancelled")
        return
    export_pdf_to(window, Path(name), choice)


def printer_paper(printer: QPrinter) -> str | None:
    """The paper of :data:`PAPERS` the printer is set to, or None for another size."""
    size = printer.pageLayout().pageSize().id()
    return next((name for name, paper in PAPERS.items() if paper == size), None)


def printer_name(printer: QPrinter) -> str:
    """The printer's name, or the file a PDF printer writes."""
    if printer.outputFormat() is QPrinter.OutputFormat.PdfFormat:
        return Path(printer.outputFileName()).name or "PDF"
    return printer.printerName() or "the default printer"


def print_to(window: GMWindow, printer: QPrinter, choice: PrintChoice) -> bool:
    """Print the encounter to scale on ``printer``; True if printed. The GM is told."""
    encounter = window.state.encounter
    try:
        plan = plan_pages(encounter.width, encounter.height, choice.paper, choice.cell_inch)
        printer.setDocName(print_title(encounter, choice.audience))
        pages, problem = print_encounter(encounter, window.scene.base_dir, choice.audience,
                                         choice.grid, plan, printer)
    except (ValueError, OSError) as error:
        window.show_error("Print", f"{printer_name(printer)}: {error}")
        return False
    tell(window, f"Printed {pages} pages of {encounter.name} at 1 cell = {choice.cell_inch:g} in "
                 f"to {printer_name(printer)}"
                 + (f"; without the map image: {problem}" if problem else ""))
    return True


def print_dialog(window: GMWindow) -> None:
    """File > Print...: the printout's choices, then the system's print dialog (its paper
    wins if it is one Battlemap plans for), then the pages on the printer."""
    choice = ask_print_options(window, "Print to scale")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    if choice is not None:
        printer.setFullPage(True)  # page coordinates from the paper's corner
        printer.setPageSize(QPageSize(PAPERS[choice.paper]))
    if choice is None or not ask_printer(window, printer):
        tell(window, "Print cancelled")
        return
    paper = printer_paper(printer)
    if paper is None:
        tell(window, f"The printer's paper ({printer.pageLayout().pageSize().name()}) is not "
                     f"A4 or Letter: printing on {choice.paper.upper()} pages")
    print_to(window, printer, replace(choice, paper=paper or choice.paper))
