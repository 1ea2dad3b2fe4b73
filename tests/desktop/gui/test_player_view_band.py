"""The table's turn order lies in a band of its own (issue 27): the map's viewport gives it
up, so the strip never covers a token or a name, and it is painted once by its own widget,
never left behind in copies when the map scrolls."""

from __future__ import annotations

from gui_helpers import small_encounter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from support.spf_on_map import begin_combat

from desktop.gui.main_window import GMWindow
from desktop.gui.player_window import PlayerWindow
from desktop.gui.style import CELL
from rules.savage_pathfinder.cards import PhysicalCards

PILL = "#fff176"  # the acting name's pill (the acting halo on the map shares it)


def table_in_combat(window: GMWindow) -> PlayerWindow:
    fight, _ = begin_combat(small_encounter(), PhysicalCards(["KS", "9D"]))
    window.state.load(fight)
    window.actions_by_name["player_view"].trigger()
    player = window.player_window
    assert player is not None
    player.showNormal()
    player.resize(1000, 700)
    QApplication.processEvents()
    return player


def pill_pixels(widget) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    image = widget.grab().toImage()
    return [(x, y) for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
            if image.pixelColor(x, y).name() == PILL]


def test_the_strip_has_a_band_the_map_never_enters(qtbot: QtBot, window: GMWindow) -> None:
    player = table_in_combat(window)
    view = player.view
    band, port = view.band.geometry(), view.viewport().geometry()
    assert view.band.isVisible() and band.height() == view.band_thickness() > 0
    assert not band.intersects(port)
    assert band.bottom() == view.height() - 1  # the players' edge
    assert pill_pixels(view.band)  # the acting name is in the band
    window.actions_by_name["turn_180"].trigger()
    band, port = view.band.geometry(), view.viewport().geometry()
    assert band.top() == 0 and not band.intersects(port)
    window.state.load(small_encounter())  # out of combat: no band, the map has it all
    assert not view.band.isVisible() and view.viewport().geometry() == view.rect()


def test_panning_leaves_no_copy_of_the_strip_on_the_map(qtbot: QtBot, window: GMWindow) -> None:
    """Pan the GM's map (the table follows) a few times: the only pill-yellow on the table's
    map is the acting halo around Valeros, never a stale strip."""
    player = table_in_combat(window)
    for dx in (40, -80, 120):
        centre, zoom = window.view.camera()
        window.view.set_camera(centre + type(centre)(dx, dx / 2), zoom)
        QApplication.processEvents()
    view = player.view
    hero = window.state.encounter.token("hero")
    at = view.mapFromScene(hero.x * CELL, hero.y * CELL)
    reach = 1.5 * CELL * view.zoom
    stray = [(x, y) for x, y in pill_pixels(view.viewport())
             if (x - at.x()) ** 2 + (y - at.y()) ** 2 > reach ** 2]
    assert stray == []
    assert pill_pixels(view.band)
