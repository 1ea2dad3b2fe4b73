"""File menu actions: new, open, save, import a map image or a Universal VTT file.

Loaders validate before anything changes: a bad file shows a message box with the error text
and the open encounter stays exactly as it was.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import QFileDialog, QInputDialog

from desktop.core.fileformat import EncounterFileError, load_encounter, save_encounter
from desktop.core.images import ImageError, read_image_file
from desktop.core.model import Background, Encounter, Fog
from desktop.core.uvtt import UvttImport, parse_uvtt, read_uvtt_bytes
from desktop.gui.grid_calibration_dialog import GridCalibrationDialog
from desktop.gui.map_loading import load_map_image
from desktop.gui.memory import return_freed_memory
from desktop.gui.settings import add_recent_file, set_uvtt_import_choices, uvtt_import_choices
from desktop.gui.uvtt_import_dialog import UvttImportDialog

if TYPE_CHECKING:
    from desktop.gui.main_window import GMWindow

ENCOUNTER_FILTER = "Encounters (*.json);;All files (*)"
IMAGE_FILTER = "Map images (*.png *.jpg *.jpeg *.webp)"
UVTT_FILTER = "Universal VTT (*.dd2vtt *.uvtt *.df2vtt *.json)"


def new_encounter(window: GMWindow) -> None:
    if window.state.dirty and not window.confirm_discard():
        return
    show_new_encounter(window, Encounter(fog=Fog(enabled=True)), None)


def show_new_encounter(window: GMWindow, encounter: Encounter, path: Path | None) -> None:
    """Show ``encounter`` (from ``path``, or unsaved) with a new history; the old one's memory
    goes back to the operating system once the event loop has deleted what was let go."""
    window.path = path
    window.state.load(encounter)
    window.view.fit_map()
    QTimer.singleShot(0, return_freed_memory)


def open_path(window: GMWindow, path: Path) -> bool:
    """Load ``path`` into the window; on a bad file show why and change nothing.

    The map image loads first, with a progress dialog; cancelling it opens nothing. An image
    that cannot be read is reported and the encounter opens without it.
    """
    try:
        encounter = load_encounter(path)
    except EncounterFileError as error:
        window.show_error("Cannot open encounter", str(error))
        return False
    if not preload_map(window, encounter, path.parent):
        return False
    window.scene.base_dir = path.parent
    show_new_encounter(window, encounter, path)
    add_recent_file(str(path))
    return True


def preload_map(window: GMWindow, encounter: Encounter, base_dir: Path | None) -> bool:
    """Load the encounter's map image (with progress); False if the GM cancelled."""
    if encounter.background is None:
        return True
    try:
        return load_map_image(window, encounter.background, base_dir) is not None
    except ImageError as error:
        window.show_error("Map image", f"{error}. The encounter opens without its map image.")
        return True


def open_dialog(window: GMWindow) -> None:
    if window.state.dirty and not window.confirm_discard():
        return
    name, _ = QFileDialog.getOpenFileName(window, "Open encounter", "", ENCOUNTER_FILTER)
    if name:
        open_path(window, Path(name))


def save(window: GMWindow) -> bool:
    if window.path is None:
        return save_as(window)
    return _write(window, window.path)


def save_as(window: GMWindow) -> bool:
    name, _ = QFileDialog.getSaveFileName(window, "Save encounter as", "", ENCOUNTER_FILTER)
    return bool(name) and _write(window, Path(name))


def _write(window: GMWindow, path: Path) -> bool:
    try:
        save_encounter(window.state.encounter, path)
    except (EncounterFileError, OSError) as error:
        window.show_error("Cannot save encounter", str(error))
        return False
    window.path = path
    window.state.mark_saved()
    add_recent_file(str(path))
    return True


def import_map(window: GMWindow) -> None:
    """Set a map image as the background, sized by the pixels per cell the GM types."""
    name, _ = QFileDialog.getOpenFileName(window, "Import map image", "", IMAGE_FILTER)
    if not name:
        return
    try:
        read_image_file(name)  # refuses a decompression bomb before anything changes
    except ImageError as error:
        window.show_error("Cannot import map", str(error))
        return
    reader = QImageReader(name)
    size = reader.size()
    if not size.isValid():
        window.show_error("Cannot import map", f"{name}: {reader.errorString()}")
        return
    ppc, ok = QInputDialog.getDouble(
        window, "Grid calibration", "Image pixels per grid cell:", 70.0, 4.0, 2000.0, 1
    )
    if ok:
        apply_map_image(window, name, size.width(), size.height(), ppc)


def calibrate_grid(window: GMWindow) -> None:
    """Re-fit the grid to the current map image (pixels per cell and offset), as one edit."""
    background = window.state.encounter.background
    size = window.scene.background_size()
    if background is None or size is None:
        window.show_error("Calibrate grid", "The encounter has no map image to calibrate.")
        return
    dialog = GridCalibrationDialog(background, window)
    if dialog.exec():
        window.state.apply("Calibrate grid", dialog.encounter(window.state.encounter, size))
        window.view.fit_map()


def apply_map_image(window: GMWindow, path: str, width_px: int, height_px: int, ppc: float) -> None:
    """Make the image the background and the map as large as the image, as one edit; the
    players' view starts hidden (fog on, nothing revealed).

    The image loads first, with a progress dialog; if it is cancelled or cannot be read,
    nothing changes.
    """
    background = Background(path=str(Path(path).resolve()), pixels_per_cell=ppc)
    try:
        if load_map_image(window, background, None) is None:
            return
    except ImageError as error:
        window.show_error("Map image", str(error))
        return
    encounter = replace(
        window.state.encounter, background=background,
        width=round(width_px / ppc, 3), height=round(height_px / ppc, 3),
        fog=Fog(enabled=True),  # a new map starts hidden from the players
    )
    window.state.apply("Import map", encounter)
    window.view.fit_map()


def import_uvtt(window: GMWindow) -> None:
    """Open a Universal VTT export as a new encounter (walls, doors, lights, image).

    The file is read once; a bad one is reported and nothing changes. The import options
    dialog shows what the file holds and asks for the object height and outline tolerance
    (starting from the GM's last choices); then the map image loads with a progress dialog.
    Cancelling either leaves the open encounter as it was.
    """
    if window.state.dirty and not window.confirm_discard():
        return
    name, _ = QFileDialog.getOpenFileName(window, "Import Universal VTT", "", UVTT_FILTER)
    if not name:
        return
    try:
        data, imported = read_uvtt_file(Path(name))
    except EncounterFileError as error:
        window.show_error("Cannot import Universal VTT", str(error))
        return
    encounter = _ask_uvtt_options(window, Path(name), data, imported)
    if encounter is not None and preload_map(window, encounter, None):
        show_new_encounter(window, encounter, None)


def read_uvtt_file(path: Path) -> tuple[bytes, UvttImport]:
    """The bytes of the Universal VTT file at ``path`` and their import with the defaults;
    raises ``UvttError`` naming the file and what is wrong."""
    data = read_uvtt_bytes(path)
    return data, parse_uvtt(data, where=str(path), name=path.stem)


def _ask_uvtt_options(
    window: GMWindow, path: Path, data: bytes, imported: UvttImport
) -> Encounter | None:
    """The encounter imported with the options the GM picks (remembered); None on Cancel."""
    object_height, tolerance = uvtt_import_choices()
    dialog = UvttImportDialog(path, data, imported, object_height, tolerance, window)
    try:
        if not dialog.exec():
            return None
        set_uvtt_import_choices(dialog.object_height(), dialog.tolerance())
        return dialog.imported().encounter
    finally:
        dialog.deleteLater()
