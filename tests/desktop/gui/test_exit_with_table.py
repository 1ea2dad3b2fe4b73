"""Quitting with the player view open ends the process cleanly (issue 28's table frame).

At exit PySide destroys the windows; their viewports' last events still reach the TABLE frame's
event filter. A filter that called into a view already destroyed raised there, and the process
died with a segmentation fault (exit status -11) after every session with the table open."""

from __future__ import annotations

import os
import subprocess
import sys

OPEN_WITH_THE_TABLE_AND_QUIT = """
from battlemap.desktop.core.assets import demo_path
from battlemap.desktop.gui.app import open_window
from battlemap.desktop.gui.render import ensure_app

app = ensure_app()
window = open_window(str(demo_path()))
window.toggle_player_view()
for _ in range(20):
    app.processEvents()
window.view.pan_by(40, 30)  # the table follows: both viewports have had their events
for _ in range(5):
    app.processEvents()
print("table open:", window.player_window is not None, flush=True)
"""


def test_the_process_ends_cleanly_after_a_session_with_the_table_open() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", OPEN_WITH_THE_TABLE_AND_QUIT],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert "table open: True" in done.stdout, done.stderr
    assert done.returncode == 0, done.stderr[-2000:]
