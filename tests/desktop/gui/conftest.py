"""Fixtures for the GUI tests: a small encounter, a GM window, settings in a temporary folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gui_helpers import small_encounter
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.interaction import Interaction
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.settings import settings
from battlemap.desktop.gui.style import CELL


@pytest.fixture(autouse=True, scope="session")
def _settings_in_tmp(tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = str(tmp_path_factory.mktemp("settings"))
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.NativeFormat, scope, folder)


@pytest.fixture(autouse=True)
def _fresh_settings(_settings_in_tmp: None) -> Iterator[None]:
    """Each test starts from no settings: a window layout saved by one test (a dock made
    wider) would otherwise narrow the next test's map view, and the hover card would wrap."""
    settings().clear()
    yield
    settings().clear()


@pytest.fixture(autouse=True)
def _no_unanswered_question_about_walls(monkeypatch: pytest.MonkeyPatch) -> None:
    """A drop through a wall asks the GM in a modal box, which no test would answer (the run
    would wait for ever): a test that means it sets ``interaction.ask``; any other fails."""
    def unexpected(_self: Interaction, text: str) -> bool:
        pytest.fail(f"the drag asked, and the test does not answer: {text}")

    monkeypatch.setattr(Interaction, "_ask", unexpected)


class QuietGMWindow(GMWindow):
    """The GM window without the "discard unsaved changes?" question (tests close it)."""

    def confirm_discard(self) -> bool:
        return True


def shown_gm(qtbot: QtBot, encounter: Encounter, zoom: float,
             size: tuple[int, int] | None = None) -> QuietGMWindow:
    """A shown GM window on ``encounter`` at ``zoom`` (resized to ``size`` first, if given)."""
    win = QuietGMWindow(BattleState(encounter))
    qtbot.addWidget(win)
    if size is not None:
        win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    win.view.set_zoom(zoom)
    return win


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[GMWindow]:
    settings().remove("gm")  # every test starts from the default dock layout
    win = QuietGMWindow(BattleState(small_encounter()))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.view.set_zoom(1.0)
    win.view.centerOn(6 * CELL, 4 * CELL)
    yield win
    if win.player_window is not None:
        win.player_window.close()
