"""Fog tools are safe (issue 27): an armed fog tool shows what it does on the status bar,
Esc disarms it (a stray click afterwards reveals nothing), a room click that closes no room
says so on the bar and in the log, and Show Players Everything lives in the Fog menu, asked
first, not on the fight's tool row."""

from __future__ import annotations

from gui_helpers import at_cell
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolBar
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.fog_tool import FogTool
from battlemap.desktop.core.model import Encounter, Fog
from battlemap.desktop.gui.combat_log import NOTICE_MARK, CombatLogPanel
from battlemap.desktop.gui.main_window import GMWindow


def test_esc_disarms_reveal_room_and_a_stray_click_then_reveals_nothing(
        qtbot: QtBot, window: GMWindow) -> None:
    window.state.load(Encounter(width=12, height=8, fog=Fog(enabled=True),
                                tokens=window.state.encounter.tokens,
                                walls=window.state.encounter.walls))
    window.actions_by_name["fog_reveal_room"].trigger()
    mark = window.statusBar().findChild(QLabel, "FogToolArmed")
    assert isinstance(window.interaction.tool, FogTool)
    assert mark.isVisible() and mark.text() == "FOG: Reveal room · Esc disarms"
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at_cell(window, 3, 3))
    log = window.findChild(CombatLogPanel)
    assert log.notices[-1] == "No walls close a room around that point."  # told, not silent
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.interaction.tool is window.interaction.select_tool
    assert window.actions_by_name["tool_select"].isChecked()
    assert not mark.isVisible()
    before = window.state.encounter
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=at_cell(window, 3, 3))
    assert window.state.encounter.fog == before.fog  # the stray click revealed nothing
    tree = log.tree
    assert tree.topLevelItem(tree.topLevelItemCount() - 1).text(0).startswith(NOTICE_MARK)


def test_show_players_everything_is_in_the_fog_menu_only(window: GMWindow) -> None:
    peek = window.actions_by_name["fog_peek"]
    assert peek not in window.findChild(QToolBar, "ToolsBar").actions()
    assert peek.text().endswith("…")  # it asks first
    peek.trigger()  # no table open: said, not silent
    assert window.statusBar().currentMessage() == "Nothing shown: the table view is not open"
