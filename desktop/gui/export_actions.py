"""File > Export: the encounter out to other tools (Universal VTT) and to paper (PDF).

Each asks for a file name, writes it whole or not at all, and tells the GM what was written
and what the format leaves behind (status bar and log).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

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

from desktop.gui.map_export import export_uvtt
from desktop.gui.notices import tell
from desktop.gui.print_map import PAPERS, plan_pages, print_encounter
from desktop.gui.scene import Audience

if TYPE_CHECKING:
    from desktop.gui.main_window import GMWindow

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
    tell(window, f"Exported Universal VTT to {out.name}" + "".join(f"; {n}" for n in notes))
    return True


def export_uvtt_dialog(window: GMWindow) -> None:
    name, _ = QFileDialog.getSaveFileName(window, "Export Universal VTT",
                                          suggested_name(window, ".dd2vtt"), UVTT_FILTER)
    if name:
        export_uvtt_to(window, Path(name))


PDF_FILTER = "PDF (*.pdf)"


class PrintOptions(QDialog):
    """Paper, whose view, grid or not, and the scale of a printout."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export PDF to scale")
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


def export_pdf_to(window: GMWindow, out: Path, paper: str, audience: Audience, grid: bool,
                  cell_inch: float) -> bool:
    """Print the encounter to scale into the PDF ``out``; True if written. The GM is told."""
    encounter = window.state.encounter
    try:
        plan = plan_pages(encounter.width, encounter.height, paper, cell_inch)
        pages, problem = print_encounter(encounter, window.scene.base_dir, audience, grid, plan,
                                         out)
    except (ValueError, OSError) as error:
        window.show_error("Export PDF", f"{out.name}: {error}")
        return False
    whose = "players'" if audience is Audience.PLAYER else "GM's"
    tell(window, f"Printed the {whose} map to {out.name}: {pages} pages ({plan.columns} x "
                 f"{plan.rows} and the page map), 1 cell = {cell_inch:g} in"
                 + (f"; without the map image: {problem}" if problem else ""))
    return True


def export_pdf_dialog(window: GMWindow) -> None:
    options = PrintOptions(window)
    if options.exec() != QDialog.DialogCode.Accepted:
        return
    name, _ = QFileDialog.getSaveFileName(window, "Export PDF to scale",
                                          suggested_name(window, ".pdf"), PDF_FILTER)
    if name:
        export_pdf_to(window, Path(name), options.paper.currentData(),
                      Audience(options.view.currentData()), options.grid.isChecked(),
                      options.cell_inch.value())
