"""Tokens ready to fight (issue 27): a hand-added token has its system's default stat block at
once (Deal deals it in); the Creatures dock saves a token's stat block, imports GCS sheets,
exports the library as one file to share, and puts a creature on the map by drag and drop as
often as needed, numbered."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import QuietGMWindow
from gui_helpers import on_screen
from PySide6.QtCore import QByteArray, QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.creatures import Library
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui import token_menu
from battlemap.desktop.gui.creature_library import MIME, CreaturesPanel
from battlemap.desktop.gui.initiative_panel import InitiativePanel
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL
from battlemap.rules.dice import RandomDice

SHEETS = Path(__file__).parent.parent.parent / "data" / "gurps"


def open_window(qtbot: QtBot, encounter: Encounter, tmp_path: Path) -> GMWindow:
    window = QuietGMWindow(BattleState(encounter))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.view.set_zoom(0.6)
    panel = window.findChild(CreaturesPanel)
    panel.path, panel.library = tmp_path / "creatures.json", Library()  # not the user's
    panel._fill()
    return window


@pytest.fixture
def ambush(qtbot: QtBot, tmp_path: Path) -> Iterator[GMWindow]:
    yield open_window(qtbot, load_encounter(ASSETS_DIR / "demo" / "goblin-ambush.json"),
                      tmp_path)


def drop(window: GMWindow, row: int, cell: tuple[float, float]) -> None:
    """Drop the dock's row ``row`` on the map at ``cell``, as a drag from the list does."""
    data = QMimeData()
    data.setData(MIME, QByteArray(str(row).encode()))
    viewport = window.view.viewport()
    at = QPointF(window.view.mapFromScene(cell[0] * CELL, cell[1] * CELL))
    actions = Qt.DropAction.CopyAction
    QApplication.sendEvent(viewport, QDragEnterEvent(at.toPoint(), actions, data,
                                                     Qt.MouseButton.LeftButton,
                                                     Qt.KeyboardModifier.NoModifier))
    QApplication.sendEvent(viewport, QDropEvent(at, actions, data, Qt.MouseButton.LeftButton,
                                                Qt.KeyboardModifier.NoModifier))


def test_a_hand_added_token_can_be_dealt_in_at_once(
        qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: "no token has a stat block, so nobody can be dealt in"."""
    window = open_window(qtbot, Encounter(width=10, height=8), tmp_path)
    monkeypatch.setattr(token_menu.TokenDialog, "ask", staticmethod(lambda _w, token: token))
    token_menu.add_token_at(window, 2.5, 2.5)
    added = window.state.encounter.tokens[-1]
    assert added.stats["attributes"]["vigor"] == "d6"  # the system's default block
    panel = window.findChild(InitiativePanel)
    panel.dice = RandomDice(2)
    qtbot.mouseClick(panel.buttons["deal"], Qt.MouseButton.LeftButton)
    assert panel.message.text() == ""
    assert window.state.encounter.combat  # dealt


def test_save_a_token_then_drop_it_twice_numbered(qtbot: QtBot, ambush: GMWindow) -> None:
    window = ambush
    panel = window.findChild(CreaturesPanel)
    goblin = window.state.encounter.token("goblin-1")
    window.view.centerOn(goblin.x * CELL, goblin.y * CELL)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-1"))
    qtbot.mouseClick(panel.buttons["save"], Qt.MouseButton.LeftButton)
    assert [c.name for c in panel.shown] == ["Goblin"]
    assert Library.load(panel.path).creatures[0].stats == goblin.stats  # kept on disk
    drop(window, 0, (goblin.x + 1, goblin.y + 1))
    drop(window, 0, (goblin.x + 2, goblin.y + 1))
    names = [t.name for t in window.state.encounter.tokens]
    assert names[-2:] == ["Goblin 6", "Goblin 7"]  # after Goblin 1 ... 5
    assert window.state.encounter.tokens[-1].stats == goblin.stats
    window.state.undo()
    assert [t.name for t in window.state.encounter.tokens][-1] == "Goblin 6"  # one step each


def test_import_a_gcs_sheet_and_share_the_library(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, load_encounter(ASSETS_DIR / "demo" / "gurps-duel.json"),
                         tmp_path)
    panel = window.findChild(CreaturesPanel)
    assert panel.import_file(SHEETS / "Minotaur.gcs")
    assert [c.name for c in panel.shown] == ["Minotaur"]
    shared = tmp_path / "shared.json"
    panel.export(shared)
    other = open_window(qtbot, load_encounter(ASSETS_DIR / "demo" / "gurps-duel.json"),
                        tmp_path / "other")
    mine = other.findChild(CreaturesPanel)
    assert mine.import_file(shared)
    assert [c.name for c in mine.shown] == ["Minotaur"]
    bad = tmp_path / "junk.gcs"
    bad.write_text("not json")
    assert not mine.import_file(bad)
    assert other.statusBar().currentMessage().startswith("junk.gcs")  # told, nothing added
    assert [c.name for c in mine.shown] == ["Minotaur"]


def test_another_systems_creature_is_refused_in_words(qtbot: QtBot, ambush: GMWindow,
                                                      tmp_path: Path) -> None:
    panel = ambush.findChild(CreaturesPanel)
    gurps = open_window(qtbot, load_encounter(ASSETS_DIR / "demo" / "gurps-duel.json"),
                        tmp_path / "g")
    assert gurps.findChild(CreaturesPanel).import_file(SHEETS / "Minotaur.gcs")
    assert panel.shown == ()  # the library lists this system's creatures only
    drop(ambush, 0, (3.0, 3.0))
    assert ambush.statusBar().currentMessage().startswith("Nothing placed")
