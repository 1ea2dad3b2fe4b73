"""Animations never show the end state before they play it (issue 27): while an attack plays,
the Shaken goblin shows no SHAKEN badge until its badge pops (after the damage number), and a
pushed orc stands where he stood until he slides; a skip shows the end state at once."""

from __future__ import annotations

from gui_helpers import hover, on_screen
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.motion import MotionPreferences
from battlemap.desktop.gui.style import CELL
from battlemap.rules.dice import ScriptedDice


def open_window(qtbot: QtBot, encounter: Encounter) -> GMWindow:
    window = GMWindow(BattleState(encounter))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.show()
    qtbot.waitExposed(window)
    window.combat_tools.attack.animator.preferences = MotionPreferences()  # real durations
    window.toggle_player_view()
    return window


def attack(qtbot: QtBot, window: GMWindow, attacker: str, target: str) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, attacker))
    window.actions_by_name["tool_attack"].trigger()
    hover(window, on_screen(window, target))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, target))


def items(window: GMWindow, token_id: str) -> list:  # type: ignore[type-arg]
    assert window.player_window is not None
    return [s.token_item(token_id) for s in (window.scene, window.player_window.scene)]


def test_the_shaken_badge_waits_for_its_beat(qtbot: QtBot) -> None:
    """Shooting d8 7, Wild Die 2 vs TN 4 (Light Cover -2): a hit; 2d6 4 + 3 = 7 vs 5: Shaken
    (test_attack_flow works the same shot out)."""
    window = open_window(qtbot, load_encounter(ASSETS_DIR / "demo" / "goblin-ambush.json"))
    animator = window.combat_tools.attack.animator
    window.combat_tools.attack.tool.dice = lambda: ScriptedDice([7, 2, 4, 3])
    attack(qtbot, window, "harsk", "goblin-5")
    assert window.state.encounter.token("goblin-5").stats["condition"]["shaken"] is True
    assert animator.is_running
    for item in items(window, "goblin-5"):
        assert "SHAKEN" not in [b.text for b in item.badges]  # not before its beat
    qtbot.waitUntil(lambda: not animator.is_running, timeout=10000)
    for item in items(window, "goblin-5"):
        assert [b.text for b in item.badges] == ["SHAKEN"]


def test_a_pushed_token_stands_where_it_stood_until_it_slides(qtbot: QtBot) -> None:
    """Strength d10 5 against d6 2: 1" back; Athletics d6 4 keeps the orc standing."""
    brute = Token("b", "Brute", 1.5, 1.5, side=Side.HERO, stats={"attributes": {"strength": "d10"}})
    orc = Token("o", "Orc", 2.5, 1.5, side=Side.VILLAIN, stats={"skills": {"athletics": "d6"}})
    window = open_window(qtbot, Encounter(tokens=(brute, orc)))
    controller = window.combat_tools.attack
    controller.bar.inputs["push"].setChecked(True)
    controller.tool.dice = lambda: ScriptedDice([5, 2, 4])
    attack(qtbot, window, "b", "o")
    assert window.state.encounter.token("o").x == 3.5
    assert controller.animator.is_running
    assert [item.pos().x() for item in items(window, "o")] == [2.5 * CELL, 2.5 * CELL]
    controller.animator.skip()
    assert [item.pos().x() for item in items(window, "o")] == [3.5 * CELL, 3.5 * CELL]
