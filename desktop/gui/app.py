"""Start the GUI: ``battlemap`` (the demo) or ``battlemap FILE``."""

from __future__ import annotations

from pathlib import Path

from desktop import ASSETS_DIR
from desktop.core.fileformat import EncounterFileError, load_encounter
from desktop.core.model import Encounter
from desktop.core.state import BattleState
from desktop.gui.main_window import GMWindow
from desktop.gui.render import ensure_app

DEMO_PATH = ASSETS_DIR / "demo" / "goblin-ambush.json"


def open_window(path: str | None) -> GMWindow:
    """The GM window on ``path`` (the demo when None); a bad file opens an empty encounter
    and says why."""
    file = Path(path) if path else DEMO_PATH
    error: str | None = None
    try:
        encounter = load_encounter(file)
    except EncounterFileError as problem:
        encounter, error = Encounter(), str(problem)
    window = GMWindow(BattleState(encounter), file if error is None else None)
    window.show()
    window.view.fit_map()
    if error is not None:
        window.show_error("Cannot open encounter", error)
    return window


def run_app(path: str | None) -> int:
    """Open the GM window and run until it closes; the exit code of the event loop."""
    app = ensure_app()
    app.setApplicationName("Battlemap")
    window = open_window(path)
    code = app.exec()
    del window
    return code
