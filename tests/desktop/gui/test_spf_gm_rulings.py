"""Savage Pathfinder rulings the GM makes in the GM window, driven like a GM: a token's
action menu (pick the entry, type what it asks) and the Initiative panel's settings; the log
and the tokens' new state are read back. Scripted dice."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter, Side, Token
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.action_menu import fill_action_menu
from battlemap.desktop.gui.initiative_panel import InitiativePanel
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.rules.dice import ScriptedDice

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


def test_a_pike_set_against_a_charge_from_the_initiative_panel(qtbot) -> None:
    """S116: the pikeman (K♠) holds; the orc rider (2♣) charges; the GM ticks *Interrupt: a
    weapon set against a charge* and presses Interrupt: the pike (Reach 2) beats the axe
    (Reach 0): Athletics d8 4, Wild 1, +2 = 6 against the orc's d6 5: the pikeman acts first."""
    pikeman = {"wild_card": True, "skills": {"athletics": "d8", "fighting": "d8"},
               "weapons": [{"name": "Pike", "damage": "str+d8", "reach": 2}]}
    rider = {"skills": {"athletics": "d6", "fighting": "d6"},
             "weapons": [{"name": "Axe", "damage": "str+d6"}]}
    state = BattleState(Encounter(tokens=(
        Token("pike", "Pikeman", 1.5, 1.5, side=Side.HERO, stats=pikeman),
        Token("orc", "Orc rider", 2.5, 1.5, side=Side.VILLAIN, stats=rider))))
    panel = InitiativePanel(state, ScriptedDice([4, 1, 5]))
    qtbot.addWidget(panel)
    panel.inputs["cards"].setText("KS 2C")
    qtbot.mouseClick(panel.buttons["deal"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.buttons["hold"], Qt.MouseButton.LeftButton)
    assert panel.acting_tokens() == ("orc",)
    panel.countdown.setCurrentRow(0)
    panel.inputs["set_weapon"].setChecked(True)
    qtbot.mouseClick(panel.buttons["interrupt"], Qt.MouseButton.LeftButton)
    assert state.encounter.log[-1].lines[0] == ("Pikeman Athletics: Athletics die d8 4, Wild "
                                                "Die d6 1, +2 most Reach = 6 vs 4: success")
    assert panel.acting_tokens() == ("pike",)
