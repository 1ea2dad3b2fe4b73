"""GUI soak: a seeded random driver of user actions on the GM window (offscreen).

It opens the demo encounter (a copy in a temporary folder) with the real start-up path
(:func:`battlemap.desktop.gui.app.open_window` and the autosave wiring) and then, chosen at random
with a fixed seed, drags tokens with real mouse events on the view's viewport, attacks and fires
templates with the Attack and Template tools, opens and closes doors, draws walls and regions,
deletes what it drew, undoes, redoes, saves, opens saved files, starts a new encounter (File >
New), imports the real Universal VTT samples in ``tests/data/uvtt`` (skipped when absent),
toggles the player view, drags tokens on the player view's map, steps the initiative and waits.
Settings and autosaves go to a temporary folder (``XDG_CONFIG_HOME`` / ``XDG_DATA_HOME``, unless
already set), never the user's own. The driver answers the two questions a user would (discard
unsaved changes: yes; the file name to save or open) and records every error message box.

Checks: exceptions anywhere (the action itself, ``sys.excepthook`` for errors inside Qt slots
and event handlers, Qt critical messages), a dialog nobody expected, every opened file equal to
what was saved in it, and at every open and at the end *undo-to-start*: undoing everything
returns exactly (``==``) the encounter the history started from, and redoing everything returns
to where it was. Memory: resident set size after the warm-up and at the end, both times with
the demo freshly opened and no player view (the same document: what is open varies a lot).

    python tests/soak/gui_soak.py --actions 10000 --seed 1

Exit status 1 on any exception, unexpected dialog, bad reload or failed undo check.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

SOAK_DIR = Path(__file__).resolve().parent
if str(SOAK_DIR) not in sys.path:
    sys.path.insert(0, str(SOAK_DIR))

from gui_soak_driver import GuiSoak  # noqa: E402
from gui_soak_report import SoakReport, resident_mb, watching  # noqa: E402
from gui_soak_setup import (  # noqa: E402
    close_unexpected_dialog,
    open_soak_window,
    soak_environment,
)

from battlemap.desktop.gui.app import start_autosave  # noqa: E402
from battlemap.desktop.gui.render import ensure_app  # noqa: E402

__all__ = ["SoakReport", "main", "run_soak"]


def run_soak(actions: int, seed: int, warmup: int | None = None,
             progress: TextIO | None = None) -> SoakReport:
    """Drive ``actions`` random user actions (seeded) on a GM window; the report."""
    ensure_app()
    report = SoakReport()
    warm = warmup if warmup is not None else max(1, actions // 10)
    with tempfile.TemporaryDirectory(prefix="battlemap-soak-") as name, watching(report):
        folder = Path(name)
        with soak_environment(folder):
            window = open_soak_window(folder, report)
            saver = start_autosave(window)
            soak = GuiSoak(window, seed, folder, report)
            watchdog = QTimer(window, interval=100)  # fires inside a modal dialog's loop too
            watchdog.timeout.connect(lambda: close_unexpected_dialog(report))
            watchdog.start()
            _run_actions(soak, actions, warm, progress)
            soak.check_undo("at the end")
            soak.same_state()
            gc.collect()
            report.rss_end = resident_mb()
            window.close()
            saver.end_session()
            window.deleteLater()
            QApplication.processEvents()
    return report


def _run_actions(soak: GuiSoak, actions: int, warm: int, progress: TextIO | None) -> None:
    started = time.perf_counter()
    for done in range(1, actions + 1):
        soak.step()
        if done == warm:
            soak.same_state()
            gc.collect()
            soak.report.rss_warm = resident_mb()
        if progress is not None and done % 500 == 0:
            print(f"{done} actions, {time.perf_counter() - started:.0f} s, "
                  f"{resident_mb():.0f} MB, {len(soak.report.exceptions)} exceptions",
                  file=progress, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Run the soak from the command line; 0 when it found nothing wrong."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=None,
                        help="actions before the first memory reading (default: a tenth)")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    home = tempfile.mkdtemp(prefix="battlemap-soak-home-")
    for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):  # never the user's own settings
        os.environ.setdefault(variable, os.path.join(home, variable.lower()))
    settings_dir = tempfile.mkdtemp(prefix="battlemap-soak-settings-")
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, settings_dir)
    report = run_soak(args.actions, args.seed, args.warmup, progress=sys.stderr)
    print(report.details())
    print(report.summary())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
