"""*Break a held item…* from the GM window (Savage Pathfinder situational rules S20 "Use the
wielder's Parry if held", S26 a shield is Hardness 10, S29 no raise bonus or Aces): walked
with the keyboard through the right-click menu, then a click on the foe."""

from __future__ import annotations

from dataclasses import replace

from gui_helpers import hover, on_screen
from PySide6.QtCore import Qt
from test_actions_menu import walk_menu

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.motion import MotionPreferences
from battlemap.rules.dice import ScriptedDice

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"
SHIELD = {"name": "Small shield", "damage": "str", "parry": 1, "shield": True}


def test_a_goblins_shield_is_broken_from_the_actions_menu(qtbot) -> None:
    # Goblin 1 steps next to Valeros with a small shield: Parry 2 + d6/2 3 + 1 = 6. Valeros
    # strikes it, a Called Shot at an item (Small, -2, S34): Fighting d10 9, Wild d6 2: 9 - 2
    # = 7 against 6, a hit; Strength d8 5 + Longsword d8 5 = 10 against Hardness 10: broken.
    demo = load_encounter(DEMO)
    goblin = demo.token("goblin-1")
    stats = {**goblin.stats, "weapons": [*goblin.stats["weapons"], SHIELD]}
    encounter = demo.with_token(replace(goblin, x=14.5, y=12.5, stats=stats))
    window = GMWindow(BattleState(encounter))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    controller = window.combat_tools.attack
    controller.animator.preferences = MotionPreferences(enabled=False)
    controller.tool.dice = lambda: ScriptedDice([9, 2, 5, 5])
    seen: list[list[str]] = []
    walk_menu(["Actions", "Break a held item…", "Shield (10)", "Blunt"], seen)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton,
                     pos=on_screen(window, "valeros"))
    assert seen[2][:4] == ["Bow (6)", "Polearm (8)", "Shield (10)", "Longsword (10)"]
    assert controller.bar.message.text() == ("Break a held item (shield, blunt): click the "
                                             "target · Esc cancels")
    hover(window, on_screen(window, "goblin-1"))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "goblin-1"))
    entry = window.state.encounter.log[-1]
    assert entry.title == "Valeros strikes Goblin 1's shield (Hardness 10): breaks it"
    assert entry.lines[0].endswith("-2 Called Shot: item (Small) → 7 vs TN 6: success")
    assert entry.lines[1].endswith("→ 10 vs TN 10: broken")
