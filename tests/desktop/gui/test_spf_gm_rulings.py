"""The Savage Pathfinder GM entries of a token's action menu, driven like a GM in the GM
window: pick the entry, type what it asks, read the log and the token's new state. Demo
encounter (Goblin 5: an Extra, Toughness 6 with Armor 1), scripted dice."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from desktop import ASSETS_DIR
from desktop.core.fileformat import load_encounter
from desktop.core.state import BattleState
from desktop.gui.action_menu import fill_action_menu
from desktop.gui.main_window import GMWindow
from rules.dice import ScriptedDice

DEMO = ASSETS_DIR / "demo" / "goblin-ambush.json"


def test_catastrophic_damage_from_the_token_menu(qtbot) -> None:
    """C69: *Apply damage > Catastrophic* asks the damage (typed 4d10), then rolls it against
    the goblin's Toughness: 9 + 9 + 9 + 1 = 28 vs 6: five raises, five Wounds (uncapped): the
    Extra is Incapacitated. Cancelling the typing applies nothing."""
    window = GMWindow(BattleState(load_encounter(DEMO)))
    qtbot.addWidget(window, before_close_func=lambda w: w.state.mark_saved())
    controller = window.combat_tools.attack
    controller.tool.dice = lambda: ScriptedDice([9, 9, 9, 1])
    typed = iter([None, {"damage": "4d10"}])
    asked: list[str] = []

    def type_in(spec: object) -> dict[str, str] | None:
        asked.append(getattr(spec, "id", ""))
        return next(typed)

    controller.ask_inputs = type_in
    controller.activate("goblin-5")
    menu = QMenu()
    fill_action_menu(menu, window.state.encounter, "goblin-5", controller.pick_action)
    labels = [a.text() for a in menu.actions()]
    assert labels[-2:] == ["The GM's rulings", "Apply damage"]
    damage = menu.actions()[-1].menu()
    catastrophic = next(a for a in damage.actions() if a.text().startswith("Catastrophic"))
    before = window.state.encounter
    catastrophic.trigger()
    assert window.state.encounter is before
    catastrophic.trigger()
    entry = window.state.encounter.log[-1]
    assert entry.title == "Goblin 5 takes 4d10 damage (catastrophic: no Wound cap)"
    assert "Goblin 5 takes 5 Wounds (now 1)" in entry.lines
    assert window.state.encounter.token("goblin-5").stats["condition"]["incapacitated"] is True
    assert asked == ["apply-damage", "apply-damage"]
