"""Mixed Fatigue on the GM window: *Gain a Fatigue level* from the token's right-click menu
asks for its source and hours, the FAT badge's tooltip lists them, and *Time passes* takes the
levels off as the sources expire."""

from __future__ import annotations

import pytest
from gui_helpers import on_screen
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from test_actions_menu import walk_menu

from battlemap.desktop.core.board import board_of
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.action_menu import fill_action_menu
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.motion import MotionPreferences
from battlemap.rules.registry import find_system


@pytest.fixture
def window(qtbot) -> GMWindow:
    hero = Token("hero", "Hero", 3.5, 3.5, side=Side.HERO, stats={"wild_card": True})
    window = GMWindow(BattleState(Encounter(system="savage-pathfinder", tokens=(hero,))))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.combat_tools.attack.animator.preferences = MotionPreferences(enabled=False)
    return window


def menu_action(qtbot, window: GMWindow, path: list[str]) -> None:
    """The first time the token's right-click menu, walked by the keyboard; then the same
    action menu built again and its entry triggered (the menu the GUI fills)."""
    if not window.state.encounter.log:
        walk_menu(path, [])
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton,
                         pos=on_screen(window, "hero"))
        return
    controller = window.combat_tools.attack
    controller.activate("hero")
    menu = QMenu()
    fill_action_menu(menu, window.state.encounter, "hero", controller.pick_action)
    next(a for a in menu.actions() if a.text() == path[-1]).trigger()


def test_fatigue_sources_typed_in_then_time_passes(qtbot, window: GMWindow) -> None:
    """S64 Mixed Fatigue: cold (1 h) then hunger (8 h): Exhausted, the badge names both; 4
    hours pass: the cold has worn off, one level goes (Fatigued), the hunger stays (4 h)."""
    answers = iter([{"source": "cold", "hours": "1"}, {"source": "hunger", "hours": "8"},
                    {"hours": "4"}])
    asked: list[list[str]] = []

    def type_in(spec):
        asked.append([f.label for f in spec.asks])
        return next(answers)

    window.combat_tools.attack.ask_inputs = type_in
    menu_action(qtbot, window, ["Actions", "Gain a Fatigue level"])
    menu_action(qtbot, window, ["Actions", "Gain a Fatigue level"])
    assert asked[0] == ["Source of the Fatigue", "Hours until it wears off"]
    enc = window.state.encounter
    piece = board_of(enc).token("hero")
    badge = next(b for b in find_system(enc.system).badges(piece, board_of(enc))
                 if b.text == "FAT 2")
    assert badge.tooltip == "Fatigue: cold (1 h left), hunger (8 h left)"
    menu_action(qtbot, window, ["Actions", "Time passes (Fatigue wears off)"])
    entry = window.state.encounter.log[-1]
    assert (entry.title, entry.lines) == ("4 h pass: Hero's Fatigue Exhausted → Fatigued",
                                          ("worn off: cold", "still: hunger (4 h)"))
