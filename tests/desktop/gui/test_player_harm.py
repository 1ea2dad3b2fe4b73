"""Foes' exact harm is the GM's to share (issue 27): on the table a villain's hit points,
Wounds or stress show never (its default), while a pointer rests on it, or always, as the GM
sets it per token from its right-click menu; a hero's always show; the GM always sees them."""

from __future__ import annotations

from dataclasses import replace

from conftest import QuietGMWindow
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from battlemap.desktop import ASSETS_DIR
from battlemap.desktop.core.fileformat import load_encounter, save_encounter
from battlemap.desktop.core.model import Encounter, HarmShown
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL
from battlemap.desktop.gui.token_menu import fill_token_menu


def hurt(encounter: Encounter, token_id: str, hp: int) -> Encounter:
    token = encounter.token(token_id)
    return encounter.with_token(replace(token, stats={**token.stats, "condition": {"hp": hp}}))


def duel(qtbot: QtBot) -> GMWindow:
    enc = load_encounter(ASSETS_DIR / "demo" / "gurps-duel.json")
    window = QuietGMWindow(BattleState(hurt(hurt(enc, "orc", 5), "archer", 7)))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.toggle_player_view()
    assert window.player_window is not None
    window.player_window.showNormal()
    window.player_window.resize(1000, 700)
    return window


def badges(window: GMWindow, token_id: str, players: bool) -> list[str]:
    scene = window.player_window.scene if players else window.scene
    return [b.text for b in scene.token_item(token_id).badges]


def pick(window: GMWindow, token_id: str, text: str) -> None:
    """The GM's pick in the token's menu: Players See Its Harm > ``text``."""
    menu = QMenu()
    fill_token_menu(window, menu, window.state.encounter.token(token_id))
    sub = next(a.menu() for a in menu.actions() if a.text() == "Players See Its Harm")
    next(a for a in sub.actions() if a.text() == text).trigger()


def rest_pointer_on(window: GMWindow, token_id: str) -> None:
    view = window.player_window.view
    token = window.state.encounter.token(token_id)
    at = QPointF(view.mapFromScene(token.x * CELL, token.y * CELL))
    QApplication.sendEvent(view.viewport(), QMouseEvent(
        QEvent.Type.MouseMove, at, view.viewport().mapToGlobal(at), Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))


def test_a_foes_hit_points_are_hidden_from_players_until_the_gm_shares_them(
        qtbot: QtBot) -> None:
    window = duel(qtbot)
    assert any(b.startswith("5/") for b in badges(window, "orc", players=False))  # the GM
    assert not any("/" in b for b in badges(window, "orc", players=True))
    assert any("/" in b for b in badges(window, "archer", players=True))  # a hero's show
    pick(window, "orc", "Always")
    assert window.state.encounter.token("orc").harm_shown is HarmShown.ALWAYS
    assert badges(window, "orc", True) == badges(window, "orc", False)
    pick(window, "orc", "On hover")
    assert not any("/" in b for b in badges(window, "orc", players=True))
    rest_pointer_on(window, "orc")
    assert any("/" in b for b in badges(window, "orc", players=True))


def test_the_gms_choice_is_saved_with_the_token(tmp_path) -> None:  # type: ignore[no-untyped-def]
    enc = load_encounter(ASSETS_DIR / "demo" / "gurps-duel.json")
    orc = replace(enc.token("orc"), harm_shown=HarmShown.HOVER)
    save_encounter(enc.with_token(orc), tmp_path / "duel.json")
    assert load_encounter(tmp_path / "duel.json").token("orc").harm_shown is HarmShown.HOVER
    assert '"harm_shown"' not in (tmp_path / "duel.json").read_text().replace(
        '"harm_shown": "hover"', "")  # only where the GM set it
