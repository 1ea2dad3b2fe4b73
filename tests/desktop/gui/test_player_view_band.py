"""A player view players can trust (issue 27): the turn order lies in a band of its own
(the map's viewport gives it up, so the strip never covers a token or a name, and it is
painted once by its own widget, never left behind in copies when the map scrolls); the table
opens with the whole map in view; it never goes full screen on the GM window's screen."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gui_helpers import open_table, small_encounter
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot
from support.spf_on_map import begin_combat

from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.player_window import PlayerWindow
from battlemap.desktop.gui.style import CELL
from battlemap.rules.savage_pathfinder.cards import PhysicalCards

PILL = "#fff176"  # the acting name's pill (the acting halo on the map shares it)


def table_in_combat(window: GMWindow) -> PlayerWindow:
    fight, _ = begin_combat(small_encounter(), PhysicalCards(["KS", "9D"]))
    return open_table(window, fight)


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


def test_the_table_opens_with_the_whole_map_and_its_edge_names_in_view(
        qtbot: QtBot, window: GMWindow) -> None:
    """The GM's view shows a corner; the table opens with the whole map (names along the
    edges included), then follows the GM's next move."""
    window.view.set_camera(QPointF(2 * CELL, 2 * CELL), 2.0)
    player = open_table(window)
    view = player.view
    port = QRectF(view.viewport().rect())
    shown = view.mapFromScene(view.map_scene.map_rect()).boundingRect()
    assert port.contains(QRectF(shown))
    for token in window.state.encounter.tokens:
        item = view.map_scene.token_item(token.id)
        if item is not None:
            label = view.mapFromScene(item.label.sceneBoundingRect()).boundingRect()
            assert port.contains(QRectF(label)), token.name
    window.view.set_camera(QPointF(3 * CELL, 3 * CELL), 2.0)  # the GM moves: it follows
    assert view.camera()[0].x() == pytest.approx(3 * CELL, abs=2)


def test_the_table_refuses_the_gm_windows_own_screen(qtbot: QtBot, window: GMWindow) -> None:
    """Picking the GM window's screen in View > Player View Screen covers nothing and says
    why, on the status bar and in the log."""
    from battlemap.desktop.gui.menus import _fill_screens
    from battlemap.desktop.gui.screens import screen_of

    menu = QMenu()
    _fill_screens(window, menu)
    mine = screen_of(window)
    action = next(a for a in menu.actions() if a.text().startswith(mine.name()))
    assert action.text().endswith("the GM window's")
    action.trigger()
    assert window.player_window is None
    assert window.statusBar().currentMessage().startswith(
        f"The table view stays off {mine.name()}")


def test_a_down_acting_fighter_is_not_highlighted_on_the_strip(
        qtbot: QtBot, window: GMWindow) -> None:
    """Out of the fight means out (issue 27): Valeros holds the King of Spades and acts; once
    he is Incapacitated his pill is no longer the acting yellow (nor is any other), it reads
    "Valeros (out)" in grey, and the map shows no acting halo for him either."""
    player = table_in_combat(window)
    view = player.view
    assert pill_pixels(view.band)  # he acts: his pill is yellow
    hero = window.state.encounter.token("hero")
    stats = {**hero.stats, "condition": {"incapacitated": True}}
    window.state.apply("Valeros falls", window.state.encounter.with_token(
        replace(hero, stats=stats)))
    QApplication.processEvents()
    assert (view.strip[0].name, view.strip[0].state.value) == ("Valeros", "down")
    assert pill_pixels(view.band) == []
    assert pill_pixels(view.viewport()) == []
