"""A whole attack on the demo map, driven with the mouse: pick the attacker, hover the target
(the line of fire and the card appear), click, and the result lands on the map and in the log.

Harsk (Longbow 2d6, AP 1, ranges 15/30/60; Shooting d8, a Wild Card) shoots Goblin 5 (an
Extra: Vigor d6 and Armor 1, Toughness 2 + 3 + 1 = 6; AP 1 leaves 5). Goblin 5 stands 5" away
(Short range) with Light Cover from Harsk (geometry measures the fraction).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from desktop import ASSETS_DIR
from desktop.core.fileformat import load_encounter
from desktop.core.pipeline import preview_attack
from desktop.core.preview_text import card_lines
from desktop.core.state import BattleState
from desktop.gui.animations import MotionPreferences
from desktop.gui.main_window import GMWindow
from desktop.gui.style import CELL
from rules.dice import ScriptedDice

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"


@pytest.fixture
def window(qtbot) -> GMWindow:
    window = GMWindow(BattleState(load_encounter(DEMO)))
    # closing would ask about the unsaved attack otherwise
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.show()
    qtbot.waitExposed(window)
    window.combat_tools.animator.preferences = MotionPreferences(enabled=False)
    return window


def on_screen(window: GMWindow, token_id: str) -> QPoint:
    token = window.state.encounter.token(token_id)
    return window.view.mapFromScene(token.x * CELL, token.y * CELL)


def hover(window: GMWindow, pos: QPoint) -> None:
    """A mouse move with no button down (QTest.mouseMove sends none offscreen)."""
    viewport = window.view.viewport()
    point = QPointF(pos)
    QApplication.sendEvent(viewport, QMouseEvent(
        QEvent.Type.MouseMove, point, viewport.mapToGlobal(point), Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))


def aim_at(qtbot, window: GMWindow, attacker: str, target: str) -> None:
    """Click the attacker with the Select tool, choose Attack, move the mouse onto the target."""
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, attacker))
    window.actions_by_name["tool_attack"].trigger()
    hover(window, on_screen(window, target))


def test_hover_shows_the_card_and_a_click_shakes_the_goblin(qtbot, window: GMWindow) -> None:
    """Shooting d8 7, Wild Die 2: 7 - 2 (Light Cover) = 5 vs 4, a hit (no raise: 5 < 8).
    Damage 2d6 = 4 + 3 = 7 vs Toughness 5 (6 less AP 1): Shaken, no raise."""
    controller = window.combat_tools
    controller.tool.dice = lambda: ScriptedDice([7, 2, 4, 3])
    aim_at(qtbot, window, "harsk", "goblin-5")
    before = window.state.encounter
    names = {t.id: t.name for t in before.tokens}
    expected = card_lines(preview_attack(before, "harsk", "goblin-5"), names)
    assert controller.card.isVisible()
    assert controller.card.lines == expected
    assert expected[1:3] == ['5" · short', expected[2]] and "light (-2)" in expected[2]
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-5"))
    entry = window.state.encounter.log[-1]
    percent = round(preview_attack(before, "harsk", "goblin-5").survey.cover_fraction * 100)
    assert entry.title == "Harsk shoots Goblin 5 (Longbow): hit; Goblin 5 is Shaken"
    assert entry.lines == (
        f"Shooting d8 7, Wild d6 2 = 7; -2 light Cover ({percent} %) → 5 vs TN 4: hit",
        "Longbow damage: Longbow d6 4, Longbow d6 3 → 7 vs Toughness 5: success",
        "Goblin 5 is Shaken",
    )
    assert window.state.encounter.token("goblin-5").stats["condition"]["shaken"] is True
    assert [b.text for b in window.scene.token_item("goblin-5").badges] == ["SHAKEN"]
    assert not controller.animator.is_running


def test_undo_takes_the_attack_and_its_log_entry_back(qtbot, window: GMWindow) -> None:
    window.combat_tools.tool.dice = lambda: ScriptedDice([7, 2, 4, 3])
    aim_at(qtbot, window, "harsk", "goblin-5")
    log_before = window.state.encounter.log
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-5"))
    assert len(window.state.encounter.log) == len(log_before) + 1
    window.state.undo()
    assert window.state.encounter.log == log_before
    assert window.scene.token_item("goblin-5").badges == []
