"""Logs, crash reports and help in the app (issue 29): the rotating log file, Qt's messages in
it, an exception in a slot shown in the crash dialog while the program runs on, the Help menu's
guide, rules page, About box and log folder, and the one-line answer when there is no display.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer, qInstallMessageHandler, qWarning
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from battlemap.desktop import installed_version
from battlemap.desktop.cli import no_display_problem
from battlemap.desktop.core import logs
from battlemap.desktop.core.help_docs import docs_dir, rules_page_path
from battlemap.desktop.core.storage import autosave_dir
from battlemap.desktop.gui import help_window
from battlemap.desktop.gui.app_icon import app_icon
from battlemap.desktop.gui.crash import CrashDialog, install_exception_hook, install_qt_messages
from battlemap.desktop.gui.help_window import HelpWindow, about_text
from battlemap.desktop.gui.main_window import GMWindow

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def log_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setattr(logs, "log_dir", lambda: tmp_path)
    assert logs.start_logging() is None
    yield tmp_path
    logs.stop_logging()


def test_the_log_file_is_in_the_platform_log_folder_and_rotates(
    log_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(logs, "MAX_BYTES", 2_000)
    assert logs.start_logging(log_folder) is None  # again: the new size limit, one handler
    for n in range(100):
        logging.getLogger("battlemap.test").warning("line %d of a long session", n)
    names = sorted(p.name for p in log_folder.iterdir())
    assert names == ["battlemap.log", "battlemap.log.1", "battlemap.log.2", "battlemap.log.3"]
    assert all(p.stat().st_size <= 2_100 for p in log_folder.iterdir())
    assert "line 99 of a long session" in (log_folder / "battlemap.log").read_text()


def test_the_default_log_folder_follows_platformdirs() -> None:
    import platformdirs

    assert logs.log_dir() == Path(platformdirs.user_log_dir("battlemap", appauthor=False))


def test_an_unwritable_log_folder_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    problem = logs.start_logging(blocker / "log")
    assert problem is not None and str(blocker / "log") in problem


def test_qt_messages_go_to_the_log(log_folder: Path, qtbot: QtBot) -> None:
    install_qt_messages()
    try:
        qWarning("a Qt warning nobody would see on a terminal")
    finally:
        qInstallMessageHandler(None)
    text = (log_folder / "battlemap.log").read_text()
    assert "WARNING battlemap.qt: a Qt warning nobody would see on a terminal" in text


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_is_logged_shown_and_the_program_runs_on(
    log_folder: Path, qtbot: QtBot
) -> None:
    shown: list[CrashDialog] = []
    previous = sys.excepthook
    hook = install_exception_hook(show=shown.append)
    ran_after: list[bool] = []

    def broken_slot() -> None:
        raise ZeroDivisionError("the slot divided by zero")

    try:
        QTimer.singleShot(0, broken_slot)
        qtbot.waitUntil(lambda: bool(shown))
        QTimer.singleShot(0, lambda: ran_after.append(True))  # the event loop goes on
        qtbot.waitUntil(lambda: bool(ran_after))
    finally:
        sys.excepthook = previous
    dialog = shown[0]
    assert hook.last is dialog
    assert dialog.text() == (
        f"Battlemap hit an error; your encounter is safe — autosave at {autosave_dir()}."
    )
    assert "ZeroDivisionError: the slot divided by zero" in dialog.informativeText()
    assert str(log_folder / "battlemap.log") in dialog.informativeText()
    assert "in broken_slot" in dialog.detailedText()
    dialog.copy_button.click()
    assert "in broken_slot" in QGuiApplication.clipboard().text()
    assert dialog.copy_button.text() == "Copied"
    logged = (log_folder / "battlemap.log").read_text()
    assert "ERROR battlemap.crash: Uncaught exception" in logged
    assert 'raise ZeroDivisionError("the slot divided by zero")' in logged


def test_without_a_display_the_answer_is_one_line() -> None:
    assert no_display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert no_display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert no_display_problem({}, "win32") is None
    message = no_display_problem({"DISPLAY": ""}, "linux")
    assert message is not None and "\n" not in message
    for hint in ("battlemap render", "QT_QPA_PLATFORM=offscreen", "xvfb-run"):
        assert hint in message


@pytest.mark.parametrize("module", ["battlemap.desktop.cli", "battlemap"])
def test_the_window_without_a_display_exits_2_with_the_hint(module: str) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}  # fmt: skip
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", module, "--demo", "gurps"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("battlemap: no display found"), done.stderr
    assert "libxcb" not in done.stderr


def test_python_dash_m_battlemap_is_the_battlemap_command() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "battlemap", "--version"], env=env, cwd="/",
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"battlemap {installed_version()}"


def test_help_user_guide_opens_in_a_browser_pane(window: GMWindow, qtbot: QtBot) -> None:
    action = window.actions_by_name["user_guide"]
    assert action.shortcut().toString() == "F1"
    action.trigger()
    pane = window.findChild(HelpWindow)
    assert pane is not None
    qtbot.waitExposed(pane)
    text = pane.browser.toPlainText()
    assert text.startswith("User guide: running a fight at the table")
    assert help_window.QUICK_REFERENCE.endswith("Help > User Guide (F1) has everything else.")
    assert pane.browser.source().toLocalFile() == str(docs_dir() / "user-guide.md")
    pane.browser.setSource(pane.browser.source().resolved("attacks.md"))  # a link in the guide
    assert "attack" in pane.browser.toPlainText().lower()
    pane.browser.backward()
    assert pane.browser.toPlainText().startswith("User guide")
    pane.close()


def test_help_rules_shows_the_encounters_system(window: GMWindow, qtbot: QtBot) -> None:
    window.state.load(replace(window.state.encounter, system="gurps"))
    window.actions_by_name["rules_help"].trigger()
    pane = window.findChild(HelpWindow)
    assert pane is not None
    assert pane.browser.source().toLocalFile() == str(rules_page_path("gurps"))
    first_line = rules_page_path("gurps").read_text().splitlines()[0].lstrip("# ")
    assert pane.browser.toPlainText().startswith(first_line)
    pane.close()


def test_every_system_has_its_rules_page() -> None:
    from battlemap.rules.registry import every_system

    for system in every_system():
        assert rules_page_path(system.name).is_file()


def test_the_about_box_names_version_licence_and_folders(window: GMWindow) -> None:
    text = about_text()
    for part in (installed_version(), "MIT", str(autosave_dir()), str(logs.log_dir()),
                 str(docs_dir())):
        assert part in text
    box = help_window.show_about(window)
    assert isinstance(box, QMessageBox) and box.isVisible()
    box.close()


def test_open_log_folder_opens_the_platform_log_folder(
    window: GMWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Path] = []
    monkeypatch.setattr(help_window, "open_folder", lambda folder: opened.append(folder) or True)
    window.actions_by_name["open_log_folder"].trigger()
    assert opened == [logs.log_dir()]
    monkeypatch.setattr(help_window, "open_folder", lambda folder: False)
    window.actions_by_name["open_log_folder"].trigger()
    assert str(logs.log_dir()) in window.statusBar().currentMessage()


def test_both_windows_carry_the_application_icon(window: GMWindow, qtbot: QtBot) -> None:
    assert not app_icon().isNull()
    assert window.windowIcon().cacheKey() == app_icon().cacheKey()
    window.toggle_player_view()
    assert window.player_window is not None
    assert window.player_window.windowIcon().cacheKey() == app_icon().cacheKey()

