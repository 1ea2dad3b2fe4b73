"""The action bar's "Out of turn" box is the GM's ruling that reaches the attack tool."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui.main_window import GMWindow


def test_ticking_out_of_turn_reaches_the_attack_tool(qtbot: QtBot, window: GMWindow) -> None:
    attack = window.combat_tools.attack
    assert attack.tool.choices.out_of_turn is False
    box = attack.bar.out_of_turn
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=box.rect().center())
    assert attack.tool.choices.out_of_turn is True
