"""Out of the fight means out (issue 27): a token the system says is down (Incapacitated,
taken out) is crossed out and greyed on both windows, has no turn halo, no SHAKEN on an
Extra and no JOKER, is no foe for Threat View, and its fall is a greying, not a +4 WOUNDS
pop."""

from __future__ import annotations

from dataclasses import replace

from conftest import QuietGMWindow
from gui_helpers import on_screen
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolBar
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core import storyboard as sb
from battlemap.desktop.core.fileformat import load_encounter
from battlemap.desktop.core.model import Encounter
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.core.table_pipeline import acting_tokens
from battlemap.desktop.gui.initiative_panel import InitiativePanel
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL
from battlemap.rules.dice import RandomDice
from battlemap.rules.events import DamageRolled, Hit, Incapacitated, Shaken, Wounded


def knocked_out(encounter: Encounter, token_id: str) -> Encounter:
    token = encounter.token(token_id)
    condition = {**token.stats.get("condition", {}), "incapacitated": True, "shaken": True}
    return encounter.with_token(replace(token, stats={**token.stats, "condition": condition}))


def ambush(qtbot: QtBot) -> GMWindow:
    window = QuietGMWindow(BattleState(load_encounter(ASSETS_DIR / "demo" / "goblin-ambush.json")))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.view.set_zoom(0.6)
    window.toggle_player_view()
    return window


def items(window: GMWindow, token_id: str) -> list:  # type: ignore[type-arg]
    """The token's item on the GM map and on the table."""
    assert window.player_window is not None
    return [scene.token_item(token_id) for scene in (window.scene, window.player_window.scene)]


def test_a_down_token_shows_no_turn_halo_and_an_extra_no_shaken(qtbot: QtBot) -> None:
    window = ambush(qtbot)
    panel = window.findChild(InitiativePanel)
    panel.dice = RandomDice(5)
    qtbot.mouseClick(panel.buttons["deal"], Qt.MouseButton.LeftButton)
    acting = acting_tokens(window.state.encounter)[0]
    assert all(item.acting for item in items(window, acting))
    window.state.apply("Down", knocked_out(window.state.encounter, acting))
    assert acting in acting_tokens(window.state.encounter)  # the turn order still has it
    assert all(item.marks.down and not item.acting for item in items(window, acting))
    window.state.apply("Down", knocked_out(window.state.encounter, "goblin-1"))
    for item in items(window, "goblin-1"):
        assert item.marks.down
        assert "SHAKEN" not in [b.text for b in item.badges]  # an Extra: out, not Shaken


def test_threat_view_ignores_a_foe_out_of_the_fight(qtbot: QtBot) -> None:
    window = ambush(qtbot)
    window.state.apply("Down", knocked_out(window.state.encounter, "goblin-1"))
    harsk = window.state.encounter.token("harsk")
    window.view.centerOn(harsk.x * CELL, harsk.y * CELL)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=on_screen(window, "harsk"))
    toggle = window.findChild(QToolBar, "ToolsBar").widgetForAction(
        window.actions_by_name["threat_view"])
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)  # the tool bar's Threat View
    assert window.actions_by_name["threat_view"].isChecked()
    overlay = window.combat_tools.threats
    shown = {reading.id for reading in overlay.readings}
    assert shown and "goblin-1" not in shown
    assert "goblin-2" in shown


def test_a_token_taken_out_greys_without_shaken_or_wound_pops() -> None:
    """A hit, 21 damage against Toughness 5 (four raises), Shaken, 4 Wounds and Incapacitated
    in one attack: the beats are the tracer, the flash, the number and the greying; without
    the Incapacitated event the SHAKEN and +4 WOUNDS pops play."""
    enc = load_encounter(ASSETS_DIR / "demo" / "goblin-ambush.json")
    events = [Hit("harsk", "goblin-1", True), DamageRolled("goblin-1", 21, 5, 4),
              Shaken("goblin-1"), Wounded("goblin-1", 4, 4), Incapacitated("goblin-1")]
    beats = sb.storyboard(enc, events)
    assert [type(b).__name__ for b in beats] == ["Tracer", "Flash", "RisingText", "Greying"]
    standing = sb.storyboard(enc, events[:4])
    assert [b.text for b in standing if isinstance(b, sb.BadgePop)] == ["SHAKEN", "+4 WOUNDS"]
