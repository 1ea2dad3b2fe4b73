"""The Storypath demo fight in the GM window, driven like a GM: the hover card shows the
exact chances (the hit and each count of stunt successes), and a held token's drag is
refused in the status bar (GRAPPLED, L101: "You cannot move from the spot").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import at_cell, hover, on_screen
from PySide6.QtCore import Qt

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.motion import MotionPreferences

DEMO = ASSETS_DIR / "demo" / "storypath-firefight.json"


@pytest.fixture
def window(qtbot) -> GMWindow:
    window = GMWindow(BattleState(load_encounter(DEMO)))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.combat_tools.attack.animator.preferences = MotionPreferences(enabled=False)
    return window


def test_the_card_shows_every_chance(qtbot, window: GMWindow, tmp_path: Path) -> None:
    # Rook's SMG at the Gunman (no weapon chosen: the SMG reaches, 17 m): 6 dice against
    # Defense 2 + light cover 1, the hit and each count of stunt successes on the card
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "rook"))
    window.actions_by_name["tool_attack"].trigger()
    hover(window, on_screen(window, "gunman"))
    card = window.combat_tools.attack.card.lines
    assert card[0].startswith("Ranged attack with SMG: medium")
    assert card[-2] == "hit 7.0%" and card[-1].startswith("for stunts: 1 left 6.0%, 2 left")
    qtbot.wait(20)  # let the tool bars lay out
    assert window.combat_tools.attack.bar.options.isVisible()  # Options: Throw it, Empty...
    assert window.combat_tools.attack.bar.override.isVisible()  # Override: band, cover
    assert window.grab().save(str(tmp_path / "storypath-card.png"))


def test_a_held_token_is_not_dragged(qtbot, window: GMWindow, tmp_path: Path) -> None:
    thug = window.state.encounter.token("thug-1")
    start, end = at_cell(window, thug.x, thug.y), at_cell(window, thug.x + 2, thug.y)
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    after = window.state.encounter.token("thug-1")
    assert (after.x, after.y) == (thug.x, thug.y)
    assert window.statusBar().currentMessage().startswith(
        "Not moved: Thug 1 is held in Mara's grapple and cannot move from the spot")
    qtbot.wait(20)
    assert window.grab().save(str(tmp_path / "storypath-held.png"))
