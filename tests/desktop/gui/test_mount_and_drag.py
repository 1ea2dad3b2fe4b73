"""A rider and his mount on the GM window: *Actions > Mount…* from the knight's right-click
menu, a click on the horse, the link on the map, and a drag of the horse carrying the knight
(one undo step)."""

from __future__ import annotations

import pytest
from gui_helpers import at_cell, on_screen
from PySide6.QtCore import Qt
from test_actions_menu import walk_menu

from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.marks_item import marks_on_map
from battlemap.desktop.gui.motion import MotionPreferences

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
KNIGHT = {"wild_card": True, "skills": {"riding": "d6"}, "pace": 6}
HORSE = {"attributes": {"vigor": "d8"}, "pace": 12}


@pytest.fixture
def window(qtbot) -> GMWindow:
    encounter = Encounter(system="savage-pathfinder", tokens=(
        Token("knight", "Knight", 3.5, 3.5, side=Side.HERO, stats=KNIGHT),
        Token("horse", "Horse", 5.0, 4.0, size=2.0, side=Side.HERO, stats=HORSE)))
    window = GMWindow(BattleState(encounter))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.combat_tools.attack.animator.preferences = MotionPreferences(enabled=False)
    return window


def test_mount_from_the_menu_then_drag_the_horse(qtbot, window: GMWindow) -> None:
    """Mounted Combat: the knight mounts the adjacent horse; the map draws the pair's link;
    the horse dragged 3" east lands at (8, 4) and carries the knight to (6.5, 3.5)."""
    seen: list[list[str]] = []
    walk_menu(["Actions", "Mount…"], seen)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton,
                     pos=on_screen(window, "knight"))
    qtbot.mouseClick(window.view.viewport(), LEFT, pos=on_screen(window, "horse"))
    assert window.state.encounter.log[-1].title == "Knight mounts Horse"
    assert marks_on_map(window.state.encounter).links == (
        ((5.0, 4.0), (3.5, 3.5), "Knight rides Horse"),)
    window.actions_by_name["tool_select"].trigger()
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, LEFT, NONE, at_cell(window, 5.0, 4.0))
    qtbot.mouseMove(viewport, at_cell(window, 6.5, 4.0))
    qtbot.mouseMove(viewport, at_cell(window, 8.0, 4.0))
    qtbot.mouseRelease(viewport, LEFT, NONE, at_cell(window, 8.0, 4.0))
    moved = window.state.encounter
    assert (moved.token("horse").x, moved.token("horse").y) == (8.0, 4.0)
    assert (moved.token("knight").x, moved.token("knight").y) == (6.5, 3.5)
    window.state.undo()
    assert window.state.encounter.token("knight").x == 3.5
