"""A pan of the GM view repaints the strip it uncovers, not the whole view (issue 28), with
the table following it (the TABLE frame moves on the GM map at every step) and a token's HUD
showing (a widget over the viewport that follows the map); and the HUD still sits round its
token after the pan."""

from __future__ import annotations

from gui_helpers import PaintRegions
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.style import CELL


def test_a_pan_repaints_a_strip_with_the_table_following_and_a_hud_showing(
    qtbot: QtBot, window: GMWindow
) -> None:
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    player.showNormal()
    player.resize(640, 400)
    window.view.set_zoom(3.0)  # the 12 x 8 map overflows the view: room to pan
    window.view.centerOn(6 * CELL, 4 * CELL)
    hud = window.combat_tools.hud
    hud.show_for("hero")
    qtbot.wait(30)
    chip = next(iter(hud.chips.values()))
    before = chip.mapTo(window.view.viewport(), QPoint(0, 0))
    painted = PaintRegions()
    window.view.viewport().installEventFilter(painted)
    for _ in range(3):
        window.view.pan_by(7, 3)
        QApplication.processEvents()
        qtbot.wait(5)
    whole = window.view.viewport().width() * window.view.viewport().height()
    assert painted.areas and max(painted.areas[1:]) < whole / 4  # the first may place the HUD
    assert chip.mapTo(window.view.viewport(), QPoint(0, 0)) == before - QPoint(21, 9)
    gap = player.view.camera()[0] - window.view.camera()[0]
    assert abs(gap.x()) < 1.5 and abs(gap.y()) < 1.5  # the table followed (to a pixel's centre)
