"""File menu actions: new, open, save, import a map image or a Universal VTT file, relink.

Loaders validate before anything changes: a bad file shows a message box with the error text
and the open encounter stays exactly as it was. An encounter opened from a file shows only
images inside its folder; a refused or missing map image is reported with a *Relink Map
Image...* button (also in the File menu), and saving copies images chosen elsewhere into the
encounter's folder so it finds them when opened again.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QDropEvent, QImageReader
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from battlemap.desktop.core.fileformat import EncounterFileError, save_encounter
from battlemap.desktop.core.image_links import (
    copy_into,
    gather_images,
    image_paths,
    inside,
    without_refused_inside,
)
from battlemap.desktop.core.images import ImageError, read_image_file
from battlemap.desktop.core.model import Background, Encounter, Fog, Point
from battlemap.desktop.core.uvtt import (
    UVTT_SUFFIXES,
    UvttImport,
    looks_like_uvtt,
    parse_uvtt,
    read_uvtt_document,
)
from battlemap.desktop.core.wording import refusal_text
from battlemap.desktop.gui.encounter_loading import OpeningProgress
from battlemap.desktop.gui.grid_calibration_dialog import GridCalibrationDialog
from battlemap.desktop.gui.map_loading import load_map_image
from battlemap.desktop.gui.memory import return_freed_memory
from battlemap.desktop.gui.settings import (
    add_recent_file,
    set_uvtt_import_choices,
    uvtt_import_choices,
)
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.uvtt_import_dialog import UvttImportDialog

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

ENCOUNTER_FILTER = "Encounters (*.json);;All files (*)"
IMAGE_FILTER = "Map images (*.png *.jpg *.jpeg *.webp)"
UVTT_FILTER = "Universal VTT or Foundry scene (*.dd2vtt *.uvtt *.df2vtt *.json)"
MAP_NOT_SHOWN = "Map image not shown: "


def new_encounter(window: GMWindow) -> None:
    if window.state.dirty and not window.confirm_discard():
        return
    show_new_encounter(window, Encounter(fog=Fog(enabled=True)), None)


def show_new_encounter(window: GMWindow, encounter: Encounter, path: Path | None) -> None:
    """Show ``encounter`` (from ``path``, or unsaved) with a new history; the old one's memory
    goes back to the operating system once the event loop has deleted what was let go.

    Images of an encounter from a file are read only inside its folder; an unsaved one shows
    the images the GM picked wherever they are."""
    window.path = path
    set_image_folder(window, path.resolve().parent if path is not None else None)
    remember_refused_images(window, encounter, window.scene.base_dir)
    window.state.load(encounter)
    window.view.fit_map()
    QTimer.singleShot(0, return_freed_memory)


def set_image_folder(window: GMWindow, folder: Path | None) -> None:
    """The folder the GM and player scenes read the encounter's images in (None: anywhere,
    for an encounter not from a file)."""
    window.scene.base_dir = folder
    if window.player_window is not None:
        window.player_window.scene.base_dir = folder


_refused_images: WeakKeyDictionary[GMWindow, frozenset[str]] = WeakKeyDictionary()
"""The image paths outside its folder each window's encounter named when opened from a file."""


def remember_refused_images(window: GMWindow, encounter: Encounter, folder: Path | None) -> None:
    """Note the images ``encounter``, opened from a file in ``folder``, names outside it: they
    were refused, and a save never copies them in (that would show them after all). None: not
    from a file, every image was picked by the GM."""
    refused = {p for p in image_paths(encounter) if folder is not None and not inside(p, folder)}
    _refused_images[window] = frozenset(refused)


def open_path(window: GMWindow, path: Path) -> bool:
    """Load ``path`` into the window; on a bad file show why and change nothing.

    A Universal VTT export goes to the import instead. The file is read in a worker with a
    progress dialog naming each step (a big map: seconds); cancelling it opens nothing. The map
    image loads next, with its own progress dialog; cancelling it opens nothing. An image that
    cannot be read is reported (with a button to relink it) and the encounter opens without it.
    """
    if is_uvtt_file(path):
        return import_uvtt_path(window, path)
    progress = OpeningProgress(window, path, cancellable=True)
    try:
        opened = progress.read()
    except EncounterFileError as error:
        progress.close()
        window.show_error("Cannot open encounter", str(error))
        return False
    if opened is None:
        progress.close()
        window.tell(f"Opening {path.name} cancelled: the encounter is as it was")
        return False
    encounter, warnings = opened
    problem = map_problem(window, encounter, path.parent)
    if problem is None:
        progress.close()
        return False
    progress.building(encounter)
    show_new_encounter(window, encounter, path)
    progress.close(painted=True)
    add_recent_file(str(path))
    report_image_problems(window, [*warnings, *problem])
    return True


def map_problem(window: GMWindow, encounter: Encounter, base_dir: Path | None) -> list[str] | None:
    """Load the map image (with progress): ``[]`` if it loaded or there is none, the problem
    if it cannot be read, None if the GM cancelled."""
    if encounter.background is None:
        return []
    try:
        loaded = load_map_image(window, encounter.background, base_dir and base_dir.resolve())
    except ImageError as error:
        return [map_message(str(error))]
    return None if loaded is None else []


def map_message(error: str) -> str:
    """The message for a map image that cannot be shown."""
    return f"{MAP_NOT_SHOWN}{error}. The encounter opens without it."


def report_image_problems(window: GMWindow, problems: list[str]) -> None:
    """Say which images are not shown; for the map image, offer to relink it at once."""
    if not problems:
        return
    text = "\n\n".join(problems)
    if not any(problem.startswith(MAP_NOT_SHOWN) for problem in problems):
        window.show_error("Images not shown", text)
        return
    buttons = QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Close
    answer = QMessageBox.warning(
        window, "Images not shown", f"{text}\n\nOpen another map image for it now? "
        "(File > Relink Map Image... does it later.)", buttons,
    )  # fmt: skip
    if answer == QMessageBox.StandardButton.Open:
        relink_map(window)


def relink_map(window: GMWindow) -> None:
    """Point the map at another image file, keeping its grid calibration, as one edit.

    For a saved encounter an image outside its folder is copied into the folder (under a new
    name if the name is taken), so the encounter finds it when opened again.
    """
    name, _ = QFileDialog.getOpenFileName(window, "Relink map image", "", IMAGE_FILTER)
    if not name:
        return
    try:
        read_image_file(name)  # refuses special files and decompression bombs first
        chosen = copy_into(name, window.path.resolve().parent) if window.path else Path(name)
    except (ImageError, OSError) as error:
        window.show_error("Relink map image", str(error))
        return
    old = window.state.encounter.background or Background()
    background = replace(old, path=str(chosen.resolve()), embedded=None)
    try:
        if load_map_image(window, background, window.scene.base_dir) is None:
            return
    except ImageError as error:
        window.show_error("Relink map image", str(error))
        return
    window.state.apply("Relink map image", replace(window.state.encounter, background=background))
    window.view.fit_map()
    if chosen != Path(name):
        window.statusBar().showMessage(f"Copied {name} into the encounter's folder as "
                                       f"{chosen.name}", 8000)  # fmt: skip


def preload_map(window: GMWindow, encounter: Encounter, base_dir: Path | None) -> bool:
    """Load the encounter's map image (with progress); False if the GM cancelled."""
    problem = map_problem(window, encounter, base_dir)
    if problem is None:
        return False
    report_image_problems(window, problem)
    return True


class FileDropFilter(QObject):
    """Opens an encounter or Universal VTT file dropped on the GM window (the map included);
    a character sheet (``.gcs``) dropped on the map becomes a token where it was dropped."""

    def __init__(self, window: GMWindow) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        assert isinstance(event, QDropEvent)  # QDragEnterEvent and QDragMoveEvent are ones
        files = [Path(url.toLocalFile()) for url in event.mimeData().urls() if url.isLocalFile()]
        if len(files) != 1:
            return False
        event.acceptProposedAction()
        if kind == QEvent.Type.Drop:
            at = None
            if watched is self.window.view.viewport():
                spot = self.window.view.mapToScene(event.position().toPoint())
                at = (spot.x() / CELL, spot.y() / CELL)
            QTimer.singleShot(0, lambda: open_dropped(self.window, files[0], at))
        return True


def accept_dropped_files(window: GMWindow) -> None:
    """Let the GM drop a ``.json`` encounter or a ``.dd2vtt``/``.uvtt``/``.df2vtt`` map on the
    window or the map to open it (as File > Open does)."""
    dropped = FileDropFilter(window)
    for widget in (window, window.view.viewport()):
        widget.setAcceptDrops(True)
        widget.installEventFilter(dropped)


CHARACTER_SUFFIXES = (".gcs",)
"""Character sheets: dropped, they add a token instead of opening a file."""
SHEET_OR_ENCOUNTER_SUFFIXES = (".json",)
"""Dropped on the map, a character file if the system reads it as one (a Foundry actor
export), else an encounter to open."""


def open_dropped(window: GMWindow, path: Path, at: Point | None = None) -> None:
    """Open a dropped file, after asking about unsaved changes; a character sheet (or a
    ``.json`` the system reads as a character, dropped on the map) is added as a token at
    ``at`` (the drop point on the map) instead."""
    if path.suffix.lower() in CHARACTER_SUFFIXES:
        window.combatants.import_character(path, at)
        return
    if at is not None and path.suffix.lower() in SHEET_OR_ENCOUNTER_SUFFIXES \
            and window.combatants.import_character(path, at, quiet=True):
        return  # a character file the system reads (a Foundry actor), not an encounter
    open_asking(window, path)


def open_asking(window: GMWindow, path: Path) -> None:
    """Open ``path`` after asking about unsaved changes (a dropped file, File > Open Recent)."""
    if window.state.dirty and not window.confirm_discard():
        return
    open_path(window, path)


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
    refused = _refused_images.get(window, frozenset())
    encounter, copied = gather_images(window.state.encounter, path.resolve().parent, refused)
    written, left_out = without_refused_inside(encounter, path.resolve().parent, refused)
    try:
        save_encounter(written, path)
    except (EncounterFileError, OSError) as error:
        why = refusal_text(error)
        window.tell(f"Not saved: {why}; the edits are kept")
        window.show_error("Cannot save encounter", why)
        return False
    window.path = path
    set_image_folder(window, path.resolve().parent)  # before the edit: scenes read from here
    if copied:
        window.state.apply("Copy images beside the encounter", encounter)
        window.statusBar().showMessage(
            f"Copied {', '.join(copied)} into {path.resolve().parent} beside the encounter", 8000
        )
    window.state.mark_saved()
    add_recent_file(str(path))
    if left_out:
        window.show_error("Images left out of the file", "These images were refused when the "
                          "encounter was opened (outside its folder) and would lie inside "
                          f"{path.resolve().parent}; they were not saved, so the players never "
                          "see them: " + ", ".join(left_out))
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
    """Open a Universal VTT export as a new encounter (walls, doors, lights, image)."""
    if window.state.dirty and not window.confirm_discard():
        return
    name, _ = QFileDialog.getOpenFileName(window, "Import Universal VTT", "", UVTT_FILTER)
    if name:
        import_uvtt_path(window, Path(name))


def import_uvtt_path(window: GMWindow, path: Path) -> bool:
    """Import the Universal VTT file at ``path`` as a new, unsaved encounter; True if done.

    The file is read once, in a worker with the "Opening encounter" progress dialog (a big
    embedded image is decoded into the cache folder meanwhile); a bad one is reported and
    nothing changes. The import options dialog shows what the file holds and asks for the
    object height and outline tolerance (starting from the GM's last choices); then the map
    image loads with a progress dialog. Cancelling any leaves the open encounter as it was.
    """
    progress = OpeningProgress(window, path, cancellable=True)
    try:
        read = progress.run(read_uvtt_file)
    except EncounterFileError as error:
        window.show_error("Cannot import Universal VTT", str(error))
        return False
    finally:
        progress.close()
    if read is None:
        return False
    data, imported = read
    encounter = _ask_uvtt_options(window, path, data, imported)
    if encounter is None or not preload_map(window, encounter, None):
        return False
    show_new_encounter(window, encounter, None)
    return True


def is_uvtt_file(path: Path) -> bool:
    """True for a Universal VTT export: a ``.dd2vtt``/``.uvtt``/``.df2vtt`` file, or a ``.json``
    one that looks like one (:func:`battlemap.desktop.core.uvtt.looks_like_uvtt`)."""
    suffix = path.suffix.lower()
    if suffix in UVTT_SUFFIXES:
        return True
    return suffix == ".json" and looks_like_uvtt(path)


def read_uvtt_file(path: Path) -> tuple[bytes, UvttImport]:
    """The JSON of the Universal VTT file at ``path`` (a big image's value emptied, the image
    decoded into the cache folder: :func:`~battlemap.desktop.core.uvtt.read_uvtt_document`)
    and its import with the defaults; raises ``UvttError`` naming the file and what is wrong.
    Qt-free: it runs in a worker."""
    data, streamed = read_uvtt_document(path)
    return data, parse_uvtt(data, where=str(path), name=path.stem,
                            base_dir=path.resolve().parent, streamed=streamed)  # fmt: skip


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
