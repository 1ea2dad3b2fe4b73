"""File > Export and File > Print...: the encounter out to other tools (Universal VTT), to
paper as a PDF, and to a printer.

Each export asks for a file name, writes it whole or not at all, and tells the GM what was
written and what the format leaves behind (status bar and log). The PDF and the printer share
the choices (:class:`PrintOptions`) and the pages
(:func:`battlemap.desktop.gui.print_map.print_pages`); a cancel is said in words too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

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
    QWidget,
)

from battlemap.desktop.gui.map_export import MapNotExported, export_uvtt
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


def export_uvtt_to(window: GMWindow, out: Path) -> bool:
    """Write the Universal VTT export to ``out``; True if written. The GM is told either way."""
    try:
        notes = export_uvtt(window.state.encounter, window.scene.base_dir, out)
    except OSError as problem:
        window.show_error("Export Universal VTT", f"{out}: {problem.strerror or problem}")
        return False
    except MapNotExported as refused:
        tell(window, f"Universal VTT not exported: {refused}; nothing written to {out.name}")
        return False
    tell(window, f"Exported Universal VTT to {out.name}" + "".join(f"; {n}" for n in notes))
    return True


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
