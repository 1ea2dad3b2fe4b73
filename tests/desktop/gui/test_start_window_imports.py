"""``battlemap FILE`` imports the GM window's modules once the map has started decoding (they
load while the worker decodes), and its first frame on a Savage Pathfinder map loads none of
the system's attack, action or text-reading modules (issue 28)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QAction

from battlemap.desktop.commands.bench_gui import write_bench_encounter
from battlemap.desktop.gui import app, calibration_dialog, main_window
from battlemap.desktop.gui.screens import screen_of

WINDOW_AFTER_DECODE_STARTS = """
import sys
from PySide6.QtCore import QEvent, QObject
from battlemap.desktop.gui import app as gui
from battlemap.desktop.gui.render import ensure_app
SPF = "battlemap.rules.savage_pathfinder."
DEFERRED = [SPF + m for m in ("attack", "odds", "foundry_actor", "statblock_text",
                              "table.actions", "table.pipeline", "table.summary")]
DEFERRED.append("battlemap.desktop.gui.calibration_dialog")
WINDOW = "battlemap.desktop.gui.main_window"
print("at import", WINDOW in sys.modules)
real_start = gui.start_map_load
def start(*args):
    job = real_start(*args)
    print("decode started", job is not None, WINDOW in sys.modules)
    return job
gui.start_map_load = start
class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not seen:
            seen.append([m for m in DEFERRED if m in sys.modules])
        return False
seen, watch = [], FirstPaint()
real_after = gui.after_first_frame
def after_first_frame(window, then):
    window.view.viewport().installEventFilter(watch)
    real_after(window, then)
gui.after_first_frame = after_first_frame
app = ensure_app()
window = gui.open_window(sys.argv[1])
while not seen:
    app.processEvents()
print("first frame", seen[0], type(window) is sys.modules[WINDOW].GMWindow)
"""


def test_the_window_modules_load_after_the_decode_starts_and_no_attack_code_before_the_frame(
    tmp_path: Path,
) -> None:
    file = write_bench_encounter(tmp_path, 256, 3, 8)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", WINDOW_AFTER_DECODE_STARTS, str(file)],
                          capture_output=True, text=True, env=env, timeout=120, check=True)
    assert done.stdout.splitlines()[-3:] == [
        "at import False", "decode started True False", "first frame [] True"]


def test_the_window_class_is_the_main_windows_and_kept() -> None:
    """``app.GMWindow`` (asked for before or after :func:`app.window_class`) is the window
    class itself, imported once."""
    assert app.window_class() is main_window.GMWindow
    assert app.GMWindow is main_window.GMWindow
    assert app.__dict__["GMWindow"] is main_window.GMWindow


def test_calibrate_physical_scale_opens_its_dialog_imported_at_first_use(
    window: main_window.GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu's "Calibrate Physical Scale..." (its dialog's module is left out of the first
    frame) opens the dialog on the screen's size; cancelled, no scale is set."""
    opened: list[tuple[int, int]] = []

    def cancelled(dialog: calibration_dialog.CalibrationDialog) -> int:
        opened.append(dialog.screen_size)
        return 0

    monkeypatch.setattr(calibration_dialog.CalibrationDialog, "exec", cancelled)
    action = next(a for a in window.findChildren(QAction)
                  if a.text() == "Calibrate Physical Scale...")
    action.trigger()
    size = screen_of(window).size()
    assert opened == [(size.width(), size.height())]
