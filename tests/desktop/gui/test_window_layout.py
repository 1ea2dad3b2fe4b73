"""The GM window's remembered layout, and settings kept out of the user's own config."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from gui_helpers import small_encounter
from PySide6.QtCore import QStandardPaths, Qt
from PySide6.QtWidgets import QPushButton, QToolBar
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import LAYOUT_VERSION, GMWindow
from battlemap.desktop.gui.settings import settings


class ClosingGMWindow(GMWindow):
    def confirm_discard(self) -> bool:
        return True


def attack_bar(window: GMWindow) -> QToolBar:
    bar = window.findChild(QToolBar, "AttackBar")
    assert isinstance(bar, QToolBar)
    return bar


@pytest.mark.parametrize("version", [0, LAYOUT_VERSION], ids=["older layout", "this layout"])
def test_a_layout_saved_with_the_attack_bar_on_the_tools_row_opens_on_two_rows(
    window: GMWindow, qtbot: QtBot, version: int
) -> None:
    window.removeToolBarBreak(attack_bar(window))
    assert not window.toolBarBreak(attack_bar(window))
    settings().setValue("gm/state", window.saveState(version))
    reopened = ClosingGMWindow(BattleState(small_encounter()))
    qtbot.addWidget(reopened)
    assert reopened.toolBarBreak(attack_bar(reopened))


def test_tests_keep_settings_out_of_the_users_config() -> None:
    temporary = Path(tempfile.gettempdir())
    config = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    assert Path(settings().fileName()).is_relative_to(temporary)
    assert Path(config).is_relative_to(temporary)


def test_dealing_action_cards_does_not_move_the_map_sideways(
    window: GMWindow, qtbot: QtBot
) -> None:
    window.resize(1600, 1000)
    qtbot.wait(50)  # let the window lay itself out
    before = (window.view.x(), window.view.width())
    (deal,) = [b for b in window.findChildren(QPushButton) if b.text() == "Deal"]
    deal.click()
    qtbot.wait(50)
    assert window.state.encounter.combat  # the cards were dealt
    assert (window.view.x(), window.view.width()) == before


def test_the_map_gets_three_quarters_of_a_1920_px_window(window: GMWindow, qtbot: QtBot) -> None:
    # Docks on both sides left the map 58 % of the width (1114 of 1920 px).
    window.resize(1920, 1080)
    qtbot.wait(50)
    assert window.view.width() >= 0.75 * window.width()
    docks = [d for d in window.docks if not d.isFloating()]
    areas = {window.dockWidgetArea(d) for d in docks}
    assert areas == {Qt.DockWidgetArea.RightDockWidgetArea}
    titles = {d.windowTitle() for d in window.tabifiedDockWidgets(window.docks[0])}
    assert titles == {"Combatants", "Properties", "Creatures"}  # tabbed behind Initiative


def test_map_building_tools_have_their_own_bar_beside_the_fight(
    window: GMWindow, qtbot: QtBot
) -> None:
    tools, map_bar = window.findChild(QToolBar, "ToolsBar"), window.findChild(QToolBar, "MapBar")
    assert isinstance(tools, QToolBar) and isinstance(map_bar, QToolBar)
    fight = [a.text() for a in tools.actions() if a.text()]
    building = [a.text() for a in map_bar.actions() if a.text()]
    assert fight == ["&Select / Move", "Snap to &Grid",  # no fog peek here: the Fog menu
                     "&Attack", "&Template", "&Threat View"]
    assert building == ["Wall", "Low wall", "Window", "Door", "Object", "Difficult ground",
                        "Illumination", "Zone"]
    assert map_bar.y() == tools.y()  # one row for both


def test_selecting_a_wall_brings_the_properties_forward(window: GMWindow, qtbot: QtBot) -> None:
    properties = next(d for d in window.docks if d.windowTitle() == "Properties")
    assert properties.visibleRegion().isEmpty()  # behind the Initiative tab
    window.interaction.set_selection(frozenset({"wall"}))
    for callback in window.interaction.selection_changed:
        callback(frozenset({"wall"}))
    qtbot.waitUntil(lambda: not properties.visibleRegion().isEmpty())
