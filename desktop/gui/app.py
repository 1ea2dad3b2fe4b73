"""Start the GUI: ``battlemap`` (the demo) or ``battlemap FILE``, with autosave and recovery.

After a crash the next start offers the autosaved encounter (losing at most the last action);
while running, every committed change is autosaved a moment later.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from battlemap.desktop import installed_version
from battlemap.desktop.core.assets import demo_path
from battlemap.desktop.core.fileformat import EncounterFileError
from battlemap.desktop.core.fog import remember_vision, shared_vision, tracker_for
from battlemap.desktop.core.images import ImageError
from battlemap.desktop.core.logs import start_logging
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.storage import Autosaver, discard_restore, pending_restore
from battlemap.desktop.gui.app_icon import app_icon
from battlemap.desktop.gui.collector import freeze_the_start
from battlemap.desktop.gui.crash import install_exception_hook, install_qt_messages
from battlemap.desktop.gui.encounter_loading import OpeningProgress
from battlemap.desktop.gui.file_actions import (
    accept_dropped_files,
    import_uvtt_path,
    is_uvtt_file,
    map_message,
    remember_refused_images,
    report_image_problems,
    set_image_folder,
)
from battlemap.desktop.gui.map_loading import MapLoadJob, load_map_image, start_map_load
from battlemap.desktop.gui.render import ensure_app
from battlemap.desktop.gui.screens import screen_of
from battlemap.desktop.gui.settings import settings

if TYPE_CHECKING:
    from battlemap.desktop.gui.main_window import GMWindow

DEMO_PATH = demo_path()
AUTOSAVE_POLL_MS = 300


def open_window(path: str | None) -> GMWindow:
    """The GM window on ``path`` (the demo when None); a bad file opens an empty encounter
    and says why. A Universal VTT export opens the import (on the empty encounter).

    The file is read in a worker thread, a progress dialog naming each step after half a second
    (a big map: seconds), which stays until the map has painted. The map image starts decoding
    in a worker thread as soon as the file is read, while the window's modules are imported
    (:func:`window_class`) and the window is built; the window shows and paints its first
    frame while the decode runs on, and the map then joins the encounter (no undo step,
    nothing unsaved). The attack and template tools are installed after the first frame that
    shows the map (their modules take half a second to import: imported during the decode,
    they held that frame back).
    """
    file = Path(path) if path else DEMO_PATH
    error: str | None = None
    warnings: tuple[str, ...] = ()
    uvtt = is_uvtt_file(file)
    progress = OpeningProgress(None, file, cancellable=False)  # no window yet to show it on
    try:
        encounter, warnings = (Encounter(), ()) if uvtt else read_encounter(progress)
    except EncounterFileError as problem:
        encounter, error = Encounter(), str(problem)
        progress.close()
    base_dir = file.resolve().parent
    decoding = None if encounter.background is None else start_map_load(encounter.background,
                                                                         base_dir)
    window_type = window_class()  # its modules import while the map decodes
    progress.building(encounter)
    bare = replace(encounter, background=None)
    vision = shared_vision()  # what the heroes see: remembered, shown and asked, one cache
    state = BattleState(bare, settle=partial(remember_vision, vision=vision))
    tracker_for(state, vision)
    window = window_type(state, file if error is None and not uvtt else None,
                         combat_tools_later=True)
    set_image_folder(window, None if error is not None or uvtt else base_dir)
    accept_dropped_files(window)
    remember_refused_images(window, encounter, window.scene.base_dir)
    if settings().contains("gm/geometry"):
        window.show()
    else:
        window.resize(screen_of(window).availableGeometry().size())
        window.showMaximized()  # the first start: the map gets the whole screen
    QTimer.singleShot(0, window.view.fit_map)  # once the window has its final size
    map_problem = preload_map(window, encounter, base_dir, decoding)
    if window.state.encounter is bare:
        window.state.load(encounter)
    elif encounter.background is not None:  # edited while the map loaded: keep the edits
        moved_on = replace(window.state.encounter, background=encounter.background)
        window.state.apply("Map image", moved_on)
    # after the first frame with the map: their imports during the decode held it back
    after_first_frame(window, partial(map_painted, window))
    progress.close(painted=True)
    if error is not None:
        window.show_error("Cannot open encounter", error)
    if uvtt:
        import_uvtt_path(window, file)
    missing_map = [map_message(map_problem)] if map_problem else []
    report_image_problems(window, [*warnings, *missing_map])
    return window


def window_class() -> type[GMWindow]:
    """The GM window's class, :data:`GMWindow`, imported at its first use: :func:`open_window`
    asks for it once the map has started decoding, so the window's modules (the scene, the
    view, the docks and menus: a third of the imports before the first frame) load while the
    map decodes in its worker instead of before the encounter is read."""
    window_type: type[GMWindow] | None = globals().get("GMWindow")
    if window_type is None:
        from battlemap.desktop.gui.main_window import GMWindow as window_type

        globals()["GMWindow"] = window_type
    return window_type


def __getattr__(name: str) -> object:
    """``GMWindow`` (:func:`window_class`), imported when first asked for."""
    if name == "GMWindow":
        return window_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def read_encounter(progress: OpeningProgress) -> tuple[Encounter, tuple[str, ...]]:
    """The encounter being opened with ``progress`` (not cancellable: it always comes)."""
    opened = progress.read()
    assert opened is not None, "the start-up's read has no Cancel button"
    return opened


def preload_map(
    window: GMWindow, encounter: Encounter, base_dir: Path, decoding: MapLoadJob | None
) -> str | None:
    """Wait for the map image's decode (``decoding``, started before the window was built)
    while the window paints, showing progress; the problem, if any."""
    if encounter.background is None:
        return None
    try:
        load_map_image(window, encounter.background, base_dir, cancellable=False,
                       started=decoding)
    except ImageError as problem:
        return str(problem)
    return None


FIRST_FRAME_WAIT_MS = 3000
"""How long :func:`after_first_frame` waits for a paint that may never come (a window opened
minimized or on a screen turned off) before it goes on anyway."""


class _FirstFrame(QObject):
    """Calls ``then`` once, just after ``widget`` first paints, or after
    :data:`FIRST_FRAME_WAIT_MS` if it has not painted by then."""

    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self.then = then
        self.done = False
        widget.installEventFilter(self)
        QTimer.singleShot(FIRST_FRAME_WAIT_MS, self, self._go)  # dropped if the window goes

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self._go)  # dropped if the window goes first
        return False

    def _go(self) -> None:
        if not self.done:
            self.done = True
            self.then()


def after_first_frame(window: GMWindow, then: Callable[[], None]) -> None:
    """Run ``then`` once the map view has painted its first frame (or, if it never paints,
    after :data:`FIRST_FRAME_WAIT_MS`)."""
    _FirstFrame(window.view.viewport(), then)


def map_painted(window: GMWindow) -> None:
    """Once the map's first frame has painted: the garbage collector back on (``battlemap
    FILE`` starts without it: its pauses held that frame back) and the combat tools
    installed."""
    gc.enable()
    window.install_combat_tools()
    freeze_the_start()  # what the start made: out of every later collection's reach


def offer_restore(window: GMWindow) -> None:
    """If the last session crashed, ask whether to restore its autosave."""
    restore = pending_restore()
    if restore is None:
        return
    answer = QMessageBox.question(
        window, "Restore?",
        f"Battlemap did not close cleanly. Restore the autosaved \"{restore.encounter.name}\"?",
    )
    if answer == QMessageBox.StandardButton.Yes:
        window.path = Path(restore.source) if restore.source else None
        set_image_folder(window, window.path.resolve().parent if window.path else None)
        remember_refused_images(window, restore.encounter, window.scene.base_dir)
        window.state.load(restore.encounter)
        window.view.fit_map()
    else:
        discard_restore()


def start_autosave(window: GMWindow) -> Autosaver:
    """Autosave every committed change (debounced) until the window closes."""
    saver = Autosaver()
    warning = QLabel(window.statusBar())
    warning.setStyleSheet("color: #b00020; font-weight: bold")
    warning.hide()
    window.statusBar().addPermanentWidget(warning)

    def tell(problem: str | None) -> None:
        """A paused autosave stays visible in the status bar until it works again."""
        warning.setText("⚠ Autosave paused" if problem else "")
        warning.setToolTip(problem or "")
        warning.setVisible(problem is not None)
        window.statusBar().showMessage(problem or "Autosave works again.", 15000)

    saver.on_problem = tell
    saver.start_session(str(window.path) if window.path else None)
    window.state.changed.connect(lambda _old, new: saver.changed(new))
    timer = QTimer(window, interval=AUTOSAVE_POLL_MS)
    timer.timeout.connect(saver.poll)
    timer.start()
    return saver


def run_app(path: str | None, camera_source: str | None = None) -> int:
    """Open the GM window and run until it closes; the exit code of the event loop.
    ``camera_source``: start the camera on it (Camera menu), told when it cannot be.

    Everything is logged to the rotating log file (:mod:`battlemap.desktop.core.logs`), Qt's
    messages included, and an uncaught exception shows the crash dialog and the program runs on
    (:mod:`battlemap.desktop.gui.crash`).
    """
    no_log = start_logging()
    install_qt_messages()
    install_exception_hook()
    app = ensure_app()
    app.setApplicationName("Battlemap")
    app.setWindowIcon(app_icon())
    logging.getLogger("battlemap").info("Battlemap %s started on %s", installed_version(),
                                        path or "the demo")
    window = open_window(path)
    if no_log is not None:
        window.statusBar().showMessage(f"Logging off: {no_log}", 15000)
    if camera_source is not None:
        from battlemap.desktop.gui.camera_menu import start_camera

        start_camera(window, camera_source)
    offer_restore(window)
    saver = start_autosave(window)
    code = app.exec()
    saver.end_session()
    return code
