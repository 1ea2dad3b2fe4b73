"""Ctrl+V on the map and Edit > Paste Stat Block (issue 26): the clipboard's stat blocks become
new tokens as one undoable edit, and the GM sees what was not read; a Foundry SWADE actor
dropped on the map becomes a token where it fell."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QDialog, QPlainTextEdit
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui import file_actions
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.statblock_paste import READING_WINDOW
from battlemap.desktop.gui.style import CELL

DATA = Path(__file__).parent.parent.parent / "data" / "foundry"

BLOCKS = """Reed Stalker
Attributes: Agility d8, Smarts d4 (A), Spirit d6, Strength d6, Vigor d6
Skills: Fighting d6, Notice d8
Pace: 8; Parry: 5; Toughness: 5
Special Abilities:
- Sting: Str+d4.
- Camouflage: Hard to see in reeds.

Reed Stalker Queen
Wild Card
Attributes: Agility d8, Smarts d6 (A), Spirit d8, Strength d8, Vigor d8
Skills: Fighting d8, Notice d8
Pace: 8; Parry: 6; Toughness: 8
Special Abilities:
- Sting: Str+d6.
- Size +2: Twice a man's length.
"""


def _reading_text(window: GMWindow) -> str:
    dialog = window.findChild(QDialog, READING_WINDOW)
    assert dialog is not None
    view = dialog.findChild(QPlainTextEdit)
    assert view is not None
    return view.toPlainText()


def test_ctrl_v_on_the_map_makes_a_token_per_block(window: GMWindow, qtbot: QtBot) -> None:
    before = window.state.encounter
    QGuiApplication.clipboard().setText(BLOCKS)
    window.view.setFocus()
    qtbot.keyClick(window.view.viewport(), Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyRelease(window.view.viewport(), Qt.Key.Key_Control)  # no Ctrl left held down
    after = window.state.encounter
    added = after.tokens[len(before.tokens):]
    assert [t.name for t in added] == ["Reed Stalker", "Reed Stalker Queen"]
    # Queen: Toughness 2 + d8/2 4 + Size 2 = 8 as printed; a Wild Card.
    assert added[1].stats["wild_card"] is True and added[1].stats["toughness_bonus"] == 2
    assert "Added Reed Stalker (reed-stalker), Reed Stalker Queen (reed-stalker-queen)" in \
        window.statusBar().currentMessage()
    text = _reading_text(window)
    assert "Camouflage: Hard to see in reeds.: special ability with no rule in the app" in text
    assert after.log[-1].title == "Pasted stat blocks: Reed Stalker, Reed Stalker Queen"
    window.state.undo()  # one edit
    assert window.state.encounter.tokens == before.tokens


def test_edit_menu_paste_and_a_text_that_is_no_stat_block(window: GMWindow) -> None:
    before = window.state.encounter
    QGuiApplication.clipboard().setText("Buy bread and milk")
    window.actions_by_name["paste_statblock"].trigger()
    assert window.state.encounter == before
    assert window.statusBar().currentMessage() == (
        "Paste Stat Block: Buy bread and milk: nothing in the text reads as a stat block")
    QGuiApplication.clipboard().setText(BLOCKS.split("\n\n")[0])
    window.actions_by_name["paste_statblock"].trigger()
    assert window.state.encounter.tokens[-1].name == "Reed Stalker"
    assert window.actions_by_name["paste_statblock"].shortcut().toString() == "Ctrl+V"


def _drop(window: GMWindow, path: Path) -> QPointF:
    file_actions.accept_dropped_files(window)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    viewport = window.view.viewport()
    at = QPointF(viewport.rect().center())
    enter = QDragEnterEvent(at.toPoint(), Qt.DropAction.CopyAction, data,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(viewport, QDropEvent(at, Qt.DropAction.CopyAction, data,
                                                Qt.MouseButton.LeftButton,
                                                Qt.KeyboardModifier.NoModifier))
    return window.view.mapToScene(at.toPoint())


def test_a_foundry_actor_dropped_on_the_map_stands_where_it_fell(window: GMWindow,
                                                                 qtbot: QtBot) -> None:
    count = len(window.state.encounter.tokens)
    spot = _drop(window, DATA / "bog-wight.json")
    qtbot.waitUntil(lambda: len(window.state.encounter.tokens) == count + 1)
    added = window.state.encounter.tokens[-1]
    assert added.name == "Bog Wight" and added.stats["size"] == 1
    assert (added.x, added.y) == pytest.approx((spot.x() / CELL, spot.y() / CELL))
    message = window.combatants.message.text()
    assert "not read: items[3] Grave Stench (weapon): damage 'lots'" in message
    assert "differs from the file: parry: printed 7, derived 6" in message
    assert window.state.encounter.log[-1].title == "Imported Bog Wight from bog-wight.json"
