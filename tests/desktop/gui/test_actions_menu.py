"""The action menu, driven like a GM: open it with the mouse, walk it with the keyboard, click
the target, and read the log and the new state. Demo encounter, scripted dice.

Valeros (a Wild Card: Intimidation d6) stands 4" south of Goblin 1 (an Extra: Spirit d6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from gui_helpers import hover, on_screen
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolButton
from support.spf_on_map import begin_combat, defending, timers_of

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.motion import MotionPreferences
from battlemap.rules.dice import ScriptedDice
from battlemap.rules.savage_pathfinder.cards import PhysicalCards
from battlemap.rules.savage_pathfinder.situational.states import Timer

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"


@pytest.fixture
def window(qtbot) -> GMWindow:
    window = GMWindow(BattleState(load_encounter(DEMO)))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.combat_tools.attack.animator.preferences = MotionPreferences(enabled=False)
    return window


def walk_menu(path: Sequence[str], seen: list[list[str]]) -> None:
    """Once a popup menu is open: highlight each label of ``path`` in turn, Right to open a
    submenu, Return on the last. ``seen`` collects each menu's labels (for the asserts)."""
    def step(n: int) -> None:
        popup = QApplication.activePopupWidget()
        if popup is None:
            QTimer.singleShot(10, lambda: step(n))
            return
        labels = [a.text() for a in popup.actions()]
        seen.append(labels)
        popup.setActiveAction(popup.actions()[labels.index(path[n])])
        if n == len(path) - 1:
            QTest.keyClick(popup, Qt.Key.Key_Return)
            return
        QTest.keyClick(popup, Qt.Key.Key_Right)
        QTimer.singleShot(30, lambda: step(n + 1))
    QTimer.singleShot(0, lambda: step(0))


def save_shot(qtbot, widget, path: Path) -> None:
    """A screenshot to look at (pytest --basetemp=DIR keeps it): the GM's view of the step."""
    qtbot.wait(20)  # let the tool bars lay out their new texts
    assert widget.grab().save(str(path))


def test_defend_from_the_action_bar(qtbot, window: GMWindow) -> None:
    """Defend: +4 Parry until the start of the defender's next turn - no dice."""
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "valeros"))
    window.actions_by_name["tool_attack"].trigger()
    button = window.combat_tools.attack.bar.findChild(QToolButton, "ActionsButton")
    seen: list[list[str]] = []
    walk_menu(["Defend"], seen)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert seen[0][:5] == ["At a token (then click it)", "Grapple…", "Let go…", "Crush…",
                           "Push…"]
    entry = window.state.encounter.log[-1]
    assert (entry.title, entry.lines) == ("Valeros Defends",
                                          ("+4 Parry until the start of his next turn",))
    assert defending(window.state.encounter, "valeros")
    window.state.undo()
    assert not defending(window.state.encounter, "valeros")


def test_a_test_from_the_right_click_menu_then_a_click_on_the_goblin(qtbot, window: GMWindow,
                                                                    tmp_path: Path) -> None:
    """Test: Intimidation d6 5 (Wild d6 2) reaches 4; Goblin 1's Spirit d6 3 resists: 5 > 3
    but no raise (7 needed): Vulnerable, not Shaken, until the end of his next turn."""
    controller = window.combat_tools.attack
    controller.tool.dice = lambda: ScriptedDice([5, 2, 3])
    seen: list[list[str]] = []
    walk_menu(["Actions", "Test…", "Intimidation", "Vulnerable"], seen)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton,
                     pos=on_screen(window, "valeros"))
    assert "Intimidation" in seen[2]
    assert controller.bar.message.text() == ("Test (Intimidation → Vulnerable): click the "
                                             "target · Esc cancels")
    hover(window, on_screen(window, "goblin-1"))
    assert controller.card.lines[0] == "Test (Intimidation → Vulnerable): Goblin 1"
    save_shot(qtbot, window, tmp_path / "action-pending.png")
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-1"))
    entry = window.state.encounter.log[-1]
    assert entry.title == "Valeros Tests Goblin 1 (Intimidation): Goblin 1 is Vulnerable"
    assert entry.lines == ("Intimidation (Test) d6 5, Wild d6 2 → 5 vs TN 4: success",
                           "Spirit (resist Test) d6 3 → 3 vs TN 5: failure",
                           "Goblin 1 is now Vulnerable")
    assert window.state.encounter.token("goblin-1").stats["condition"]["vulnerable"] is True
    assert timers_of(window.state.encounter) == (Timer("goblin-1", "Vulnerable", 1),)
    assert controller.tool.pending is None
    save_shot(qtbot, window, tmp_path / "action-resolved.png")


def test_override_and_declare_from_their_menus(qtbot, window: GMWindow) -> None:
    """The GM rules heavy Cover (-6) and declares two actions (Multi-Action -2) from the bar's
    menus; Harsk's shot at Goblin 5 then shows both, and no measured Light Cover."""
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "harsk"))
    window.actions_by_name["tool_attack"].trigger()
    bar = window.combat_tools.attack.bar
    seen: list[list[str]] = []
    walk_menu(["Cover", "heavy"], seen)
    qtbot.mouseClick(bar.findChild(QToolButton, "OverrideButton"), Qt.MouseButton.LeftButton)
    walk_menu(["Actions (this turn)", "2"], seen)
    qtbot.mouseClick(bar.findChild(QToolButton, "DeclareButton"), Qt.MouseButton.LeftButton)
    assert bar.chosen_overrides() == {"cover": "heavy"}
    assert bar.override.text() == "Override: cover heavy"
    assert bar.declare.text() == "Declare: Actions 2"
    hover(window, on_screen(window, "goblin-5"))
    preview = window.combat_tools.attack.tool.aim.preview
    assert [(m["value"], m["reason"]) for m in preview.data["modifiers"]] == [
        (-2, "Multi-Action (2 actions)"), (-6, "heavy Cover")]


def test_area_effect_attack_in_the_menu_takes_up_the_template_tool(qtbot,
                                                                  window: GMWindow) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "harsk"))
    window.actions_by_name["tool_attack"].trigger()
    walk_menu(["Area effect attack"], [])
    qtbot.mouseClick(window.combat_tools.attack.bar.findChild(QToolButton, "ActionsButton"),
                     Qt.MouseButton.LeftButton)
    assert window.interaction.tool is window.combat_tools.templates.tool
    assert window.combat_tools.templates.tool.attacker == "harsk"


def test_shift_clicks_assign_volley_shots(qtbot, window: GMWindow) -> None:
    """Rate of Fire at several targets: Harsk's bow, given RoF 2, fires one die at Goblin 5
    (Shift+click) and one at Goblin 2 (click). Shooting d8 7 and 2, Wild d6 4: the Wild Die
    replaces the 2. Best die to the first target: 7 - 2 (Goblin 5's Light Cover) = 5, a hit;
    4 - 4 (Goblin 2's own Medium Cover, behind the fence) = 0, a miss. Longbow 4 + 3 = 7 vs
    5 (Toughness 6, AP 1): Goblin 5 is Shaken."""
    controller = window.combat_tools.attack
    controller.tool.dice = lambda: ScriptedDice([7, 2, 4, 4, 3, 1, 1])
    harsk = window.state.encounter.token("harsk")
    bow = {**harsk.stats["weapons"][0], "rof": 2}
    window.state.apply("RoF 2", window.state.encounter.with_token(
        replace(harsk, stats={**harsk.stats, "weapons": [bow]})))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "harsk"))
    window.actions_by_name["tool_attack"].trigger()
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ShiftModifier, on_screen(window, "goblin-5"))
    assert controller.tool.volley == ("goblin-5",)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-2"))
    entry = window.state.encounter.log[-1]
    assert entry.title == ("Harsk shoots Goblin 5, Goblin 2 (Longbow, 2 shots): Goblin 5 hit, "
                           "Goblin 2 miss; Goblin 5 is Shaken")
    assert entry.lines[:2] == ("Shooting 1 d8 7 = 7; -2 light Cover → 5 vs TN 4: hit",
                               "Shooting 2 d8 2, Wild d6 4 = 4; -4 medium Cover → 0 vs TN 4: miss")
    assert window.state.encounter.token("goblin-5").stats["condition"]["shaken"] is True


def test_declarations_last_one_turn(qtbot, window: GMWindow) -> None:
    """Multi-Actions are declared for the turn: the next turn starts with none."""
    bar = window.combat_tools.attack.bar
    bar.set_input("actions", "2")
    bar.set_input("running", "yes")
    assert bar.declare.text() == "Declare: Actions 2, Running"
    cards = PhysicalCards(["KS", "2C", "3D", "4H", "5S", "6C", "7D", "8H", "9S", "10C"])
    window.state.apply("Deal", begin_combat(window.state.encounter, cards)[0])
    assert bar.chosen_params() == {}
    assert bar.declare.text() == "Declare"
