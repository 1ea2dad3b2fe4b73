"""Choices follow the turn (issue 27): when the acting token changes, it becomes the attacker
unless the GM picked another, and the bar's weapon, options, declarations and *Out of turn*
go back to their defaults; a target the default weapon cannot reach gets a weapon that does."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from conftest import QuietGMWindow
from gui_helpers import hover, on_screen
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.attack_targeting import OUT_OF_TURN
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.table_pipeline import acting_tokens
from battlemap.desktop.gui.initiative_panel import InitiativePanel
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL
from battlemap.rules.dice import RandomDice
from battlemap.rules.interface import Decision


def open_window(qtbot: QtBot, encounter: Encounter) -> GMWindow:
    win = QuietGMWindow(BattleState(encounter))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.view.set_zoom(0.6)
    return win


@pytest.fixture
def demo(qtbot: QtBot, request: pytest.FixtureRequest) -> Iterator[GMWindow]:
    yield open_window(qtbot, load_encounter(ASSETS_DIR / "demo" / request.param))


def press(qtbot: QtBot, window: GMWindow, control: str) -> None:
    """Click the turn panel's button as the GM does."""
    panel = window.findChild(InitiativePanel)
    panel.dice = RandomDice(5)
    button = panel.buttons[control]
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=button.rect().center())


def pick_weapon(window: GMWindow, name: str) -> None:
    bar = window.combat_tools.attack.bar
    bar.weapon.setCurrentIndex(bar.weapon.findData(name))


@pytest.mark.parametrize("demo", ["storypath-firefight.json"], indirect=True)
def test_the_next_turns_token_attacks_with_its_own_default_weapon(
        qtbot: QtBot, demo: GMWindow) -> None:
    """Rook's SMG chosen on his turn is not Mara's weapon on hers (issue 27)."""
    press(qtbot, demo, "start")
    first = acting_tokens(demo.state.encounter)[0]
    demo.actions_by_name["tool_attack"].trigger()
    attack = demo.combat_tools.attack
    assert attack.tool.attacker == first
    weapon = attack.bar.weapon.itemData(1)
    pick_weapon(demo, weapon)
    assert attack.tool.choices.weapon == weapon
    qtbot.mouseClick(attack.bar.out_of_turn, Qt.MouseButton.LeftButton,
                     pos=attack.bar.out_of_turn.rect().center())
    assert attack.tool.request("boss").params[OUT_OF_TURN] == "yes"
    press(qtbot, demo, "next")
    now = acting_tokens(demo.state.encounter)[0]
    assert now != first
    assert attack.tool.attacker == now
    assert attack.bar.chosen_weapon() is None and attack.tool.choices.weapon is None
    assert not attack.bar.out_of_turn.isChecked()
    assert OUT_OF_TURN not in attack.tool.request("boss").params
    name = demo.state.encounter.token(now).name
    assert attack.bar.attacker_label.text() == f"Attacker: {name}"


@pytest.mark.parametrize("demo", ["goblin-ambush.json"], indirect=True)
def test_options_and_declarations_reset_and_a_gm_pick_stays(
        qtbot: QtBot, demo: GMWindow) -> None:
    press(qtbot, demo, "deal")
    attack = demo.combat_tools.attack
    acting = acting_tokens(demo.state.encounter)
    other = next(t.id for t in demo.state.encounter.tokens if t.id not in acting)
    demo.actions_by_name["tool_attack"].trigger()
    token = demo.state.encounter.token(other)
    demo.view.centerOn(token.x * CELL, token.y * CELL)
    qtbot.mouseClick(demo.view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ControlModifier, on_screen(demo, other))
    assert attack.tool.attacker == other  # the GM picked a token not acting
    option = attack.bar._options_menu.actions()[0]
    option.setChecked(True)
    assert attack.tool.choices.options == (option.data(),)
    press(qtbot, demo, "next")
    assert not option.isChecked() and attack.tool.choices.options == ()
    assert attack.bar.options.text() == "Options"
    assert attack.tool.attacker == other  # the GM's pick is kept


@pytest.mark.parametrize("demo", ["goblin-ambush.json"], indirect=True)
def test_the_selection_of_the_last_turn_moves_to_the_next(
        qtbot: QtBot, demo: GMWindow) -> None:
    """With the last turn's token still selected, the Template tool is the new one's."""
    press(qtbot, demo, "deal")
    acting = acting_tokens(demo.state.encounter)
    token = demo.state.encounter.token(acting[0])
    demo.view.centerOn(token.x * CELL, token.y * CELL)
    qtbot.mouseClick(demo.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(demo, acting[0]))
    assert demo.interaction.selection == frozenset(acting[:1])
    press(qtbot, demo, "next")
    now = acting_tokens(demo.state.encounter)
    assert demo.interaction.selection == frozenset(now)
    demo.actions_by_name["tool_template"].trigger()
    assert demo.combat_tools.templates.tool.attacker == now[0]


def knife_first_duel(qtbot: QtBot) -> GMWindow:
    """The GURPS duel with the archer's Large Knife (reach 1) first, the Attack tool on and
    the archer chosen; the orc stands 9 yd off."""
    duel = load_encounter(ASSETS_DIR / "demo" / "gurps-duel.json")
    archer = duel.token("archer")
    knife_first = {**archer.stats, "attacks": list(reversed(archer.stats["attacks"]))}
    window = open_window(qtbot, duel.with_token(replace(archer, stats=knife_first)))
    one, other = window.state.encounter.token("archer"), window.state.encounter.token("orc")
    window.view.centerOn((one.x + other.x) / 2 * CELL, (one.y + other.y) / 2 * CELL)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "archer"))
    window.actions_by_name["tool_attack"].trigger()
    return window


def test_a_target_out_of_the_default_weapons_reach_gets_a_weapon_that_reaches(
        qtbot: QtBot) -> None:
    """The archer's first attack is her Large Knife (reach 1); the orc stands 9 yd off: the
    card and the click use her Longbow, the first weapon the system previews without a
    problem."""
    window = knife_first_duel(qtbot)
    attack = window.combat_tools.attack
    hover(window, on_screen(window, "orc"))
    assert attack.tool.aim.weapon == "Longbow (Shoot)"
    assert " ".join(attack.card.lines).startswith(  # wrapped when wider than the view
        "with Longbow (Shoot): the default weapon cannot attack from here")
    assert attack.tool.aim.preview.problem is None

    def first_allowed(decision: Decision) -> tuple[str, ...]:
        return (decision.allowed[0].id,)

    attack.tool.ask = first_allowed
    attack.tool.dice = lambda: RandomDice(3)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "orc"))
    entry = window.state.encounter.log[-1]
    assert "Longbow" in entry.title + " ".join(entry.lines)


def test_the_weapon_that_reaches_stays_after_an_undo_and_its_clicks_attack(
        qtbot: QtBot) -> None:
    """As above, then each attack undone and the orc clicked again: every click shoots the
    Longbow. The aim made again after each change forgot the Longbow: the next card showed
    the knife's problem and every second click was refused ("not within reach")."""
    window = knife_first_duel(qtbot)
    attack = window.combat_tools.attack
    attack.tool.ask = lambda decision: (decision.allowed[0].id,)
    attack.tool.dice = lambda: RandomDice(3)
    hover(window, on_screen(window, "orc"))
    viewport = window.view.viewport()
    for round_ in range(4):
        entries = len(window.state.encounter.log)
        at = on_screen(window, "orc")
        qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at)
        hover(window, at)  # a hand's click moves a little; the pointer stays on the orc
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at)
        log = window.state.encounter.log
        assert len(log) == entries + 1, (round_, window.statusBar().currentMessage())
        assert "Longbow" in log[-1].title + " ".join(log[-1].lines)
        window.state.undo()
        hover(window, on_screen(window, "orc") + QPoint(1, 0))
        assert attack.tool.aim.weapon == "Longbow (Shoot)", round_
        assert attack.tool.aim.preview.problem is None, round_
