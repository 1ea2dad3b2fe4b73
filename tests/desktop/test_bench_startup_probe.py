"""``battlemap bench startup`` starts ``battlemap FILE`` as the command does (issue 28): the
command's module first, then the collector off, then the GUI, which is where Qt first loads."""

from __future__ import annotations

import os
import subprocess
import sys

from battlemap.desktop.commands.bench_gui import PROBE_APP

UP_TO_THE_GUI = PROBE_APP.split("from battlemap.desktop.gui import app as gui")[0] + """
print("Qt before the GUI:", "PySide6" in sys.modules, "collector on:", gc.isenabled())
"""


def test_the_probe_loads_qt_with_the_gui_and_the_collector_off() -> None:
    assert PROBE_APP.index("from battlemap.desktop.gui import app") < PROBE_APP.index("PySide6")
    done = subprocess.run([sys.executable, "-c", UP_TO_THE_GUI], capture_output=True, text=True,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=120,
                          check=True)
    assert done.stdout.split("\n")[0] == "Qt before the GUI: False collector on: False"
