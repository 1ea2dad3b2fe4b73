"""No silent outcome: every click a tool refuses, or finds nothing to do, reaches the status
bar and the log in words, naming tokens by name (issue 27, "No silent outcome")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import QuietGMWindow
from gui_helpers import at_cell, hover, on_screen
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.combat_log import NOTICE_MARK, CombatLogPanel
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL


@pytest.fixture
def demo(qtbot: QtBot, request: pytest.FixtureRequest) -> Iterator[GMWindow]:
    win = QuietGMWindow(BattleState(load_encounter(ASSETS_DIR / "demo" / request.param)))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.view.set_zoom(0.6)
    yield win


def log_rows(window: GMWindow) -> list[str]:
    tree = window.findChild(CombatLogPanel).tree
    return [tree.topLevelItem(n).text(0) for n in range(tree.topLevelItemCount())]


def click(qtbot: QtBot, window: GMWindow, token_id: str) -> None:
    hover(window, on_screen(window, token_id))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, token_id))


def fire_template_at(qtbot: QtBot, window: GMWindow, attacker: str, target: str) -> None:
    """Select ``attacker`` with a real click, take the Template tool (B), click ``target``."""
    one, other = window.state.encounter.token(attacker), window.state.encounter.token(target)
    window.view.centerOn((one.x + other.x) / 2 * CELL, (one.y + other.y) / 2 * CELL)
    click(qtbot, window, attacker)
    window.actions_by_name["tool_template"].trigger()
    click(qtbot, window, target)


@pytest.mark.parametrize("demo", ["gurps-duel.json"], indirect=True)
def test_the_template_tool_without_an_area_weapon_says_so(
        qtbot: QtBot, demo: GMWindow) -> None:
    before = demo.state.encounter
    fire_template_at(qtbot, demo, "swordsman", "orc")
    said = "No template fired: Donn the Swordsman has no explosive attack for a MBT template"
    assert demo.statusBar().currentMessage().startswith(said)
    assert log_rows(demo)[-1].startswith(NOTICE_MARK + said)
    assert demo.state.encounter is before  # nothing applied, no undo step


@pytest.mark.parametrize("demo", ["goblin-ambush.json"], indirect=True)
def test_no_area_weapon_is_told_by_the_attackers_name(qtbot: QtBot, demo: GMWindow) -> None:
    fire_template_at(qtbot, demo, "valeros", "goblin-1")
    said = "No template fired: Valeros has no ranged or thrown weapon for an area attack"
    assert demo.statusBar().currentMessage() == said  # the system wrote "valeros"
    assert log_rows(demo)[-1] == NOTICE_MARK + said
    # the same refusal again is one row, not two
    click(qtbot, demo, "goblin-1")
    assert log_rows(demo).count(NOTICE_MARK + said) == 1


@pytest.mark.parametrize("demo", ["goblin-ambush.json"], indirect=True)
def test_the_template_tool_with_nobody_chosen_says_who_is_missing(
        qtbot: QtBot, demo: GMWindow) -> None:
    demo.interaction.set_selection(frozenset())  # and nobody acts: the demo is not dealt
    demo.actions_by_name["tool_template"].trigger()
    assert demo.combat_tools.templates.tool.attacker is None
    qtbot.mouseClick(demo.view.viewport(), Qt.MouseButton.LeftButton, pos=at_cell(demo, 5, 5))
    assert "select who attacks first" in demo.statusBar().currentMessage()
    assert "select who attacks first" in log_rows(demo)[-1]


def test_an_attack_click_on_empty_ground_or_on_the_attacker_says_why(
        qtbot: QtBot, window: GMWindow) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "hero"))
    window.actions_by_name["tool_attack"].trigger()
    assert window.combat_tools.attack.tool.attacker == "hero"
    hover(window, at_cell(window, 4, 6))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=at_cell(window, 4, 6))
    assert window.statusBar().currentMessage() == "No token there: click Valeros's target"
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "hero"))
    assert window.statusBar().currentMessage().startswith("Valeros is the one acting")
    assert [r for r in log_rows(window) if r.startswith(NOTICE_MARK)] == [
        NOTICE_MARK + "No token there: click Valeros's target",
        NOTICE_MARK + "Valeros is the one acting: click a target (Ctrl+click picks another "
                      "attacker)"]
    assert window.combat_tools.attack.bar.message.text().startswith("Valeros is the one")


@pytest.mark.parametrize("demo", ["goblin-ambush.json"], indirect=True)
def test_a_turn_control_the_rules_refuse_reaches_the_bar_and_the_log(
        qtbot: QtBot, demo: GMWindow) -> None:
    """Hold before anybody acts: the system's reason, under the panel, on the bar, logged."""
    from battlemap.desktop.gui.initiative_panel import InitiativePanel

    panel = demo.findChild(InitiativePanel)
    panel.press("hold")
    said = "Hold: nobody is acting now, so nobody can go on Hold"
    assert demo.statusBar().currentMessage() == said
    assert log_rows(demo)[-1] == NOTICE_MARK + said


def test_a_long_log_line_wraps_at_the_default_dock_width(qtbot: QtBot, window: GMWindow) -> None:
    """The row is as tall as its wrapped text and carries the whole text as a tooltip."""
    from battlemap.desktop.gui.notices import tell

    text = "No template fired: Valeros has no ranged or thrown weapon for an area attack"
    tell(window, text)
    tree = window.findChild(CombatLogPanel).tree
    row = tree.topLevelItem(tree.topLevelItemCount() - 1)
    assert row.toolTip(0) == NOTICE_MARK + text
    wide = tree.fontMetrics().horizontalAdvance(row.text(0))
    assert wide > tree.viewport().width()  # too long for one line at this width
    height = tree.visualItemRect(row).height()
    assert height >= 2 * tree.fontMetrics().lineSpacing()
