"""File > Export: the encounter out to other tools (Universal VTT) and to paper (PDF).

Each asks for a file name, writes it whole or not at all, and tells the GM what was written
and what the format leaves behind (status bar and log).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog

from desktop.gui.map_export import export_uvtt
from desktop.gui.notices import tell

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
