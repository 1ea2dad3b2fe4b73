"""Start the GUI: ``battlemap`` (the demo) or ``battlemap FILE``, with autosave and recovery.

After a crash the next start offers the autosaved encounter (losing at most the last action);
while running, every committed change is autosaved a moment later.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from desktop import ASSETS_DIR
from desktop.core.fileformat import EncounterFileError, load_encounter
from desktop.core.fog import Vision, remember_vision, tracker_for
from desktop.core.images import ImageError
from desktop.core.model import Encounter
from desktop.core.state import BattleState
from desktop.core.storage import Autosaver, discard_restore, pending_restore
from desktop.gui.main_window import GMWindow
from desktop.gui.map_loading import load_map_image
from desktop.gui.render import ensure_app
from desktop.gui.screens import screen_of
from desktop.gui.settings import settings

DEMO_PATH = ASSETS_DIR / "demo" / "goblin-ambush.json"
AUTOSAVE_POLL_MS = 300


def open_window(path: str | None) -> GMWindow:
    """The GM window on ``path`` (the demo when None); a bad file opens an empty encounter
    and says why."""
    file = Path(path) if path else DEMO_PATH
    error: str | None = None
    try:
        encounter = load_encounter(file)
    except EncounterFileError as problem:
        encounter, error = Encounter(), str(problem)
    map_problem = preload_map(encounter, file.parent)
    vision = Vision()  # what the heroes see: remembered at each edit and shown, one cache
    state = BattleState(encounter, settle=partial(remember_vision, vision=vision))
    tracker_for(state, vision)
    window = GMWindow(state, file if error is None else None)
    if settings().contains("gm/geometry"):
        window.show()
    else:
        window.resize(screen_of(window).availableGeometry().size())
        window.showMaximized()  # the first start: the map gets the whole screen
    QTimer.singleShot(0, window.view.fit_map)  # once the window has its final size
    if error is not None:
        window.show_error("Cannot open encounter", error)
    if map_problem is not None:
        window.show_error("Map image", f"{map_problem}. The encounter opens without it.")
    return window


def preload_map(encounter: Encounter, base_dir: Path) -> str | None:
    """Decode the map image before the window opens, showing progress; the problem, if any."""
    if encounter.background is None:
        return None
    try:
        load_map_image(None, encounter.background, base_dir, cancellable=False)
    except ImageError as problem:
        return str(problem)
    return None


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
        window.state.load(restore.encounter)
        window.view.fit_map()
    else:
        discard_restore()


def start_autosave(window: GMWindow) -> Autosaver:
    """Autosave every committed change (debounced) until the window closes."""
    saver = Autosaver()
    saver.start_session(str(window.path) if window.path else None)
    window.state.changed.connect(lambda _old, new: saver.changed(new))
    timer = QTimer(window, interval=AUTOSAVE_POLL_MS)
    timer.timeout.connect(saver.poll)
    timer.start()
    return saver


def run_app(path: str | None) -> int:
    """Open the GM window and run until it closes; the exit code of the event loop."""
    app = ensure_app()
    app.setApplicationName("Battlemap")
    window = open_window(path)
    offer_restore(window)
    saver = start_autosave(window)
    code = app.exec()
    saver.end_session()
    return code
