"""A diagonal pan scrolls each window once a step (issue 28): Qt scrolls the viewport (copies
its pixels) and tells the camera's change at each scroll bar's change, so a pan step copied
the GM view's pixels twice, and the table, following through ``centerOn`` (both bars again),
twice more. Both bars now move in one scroll and one ``camera_changed``; the pixels left on
screen are those of the two scrolls."""

from __future__ import annotations

from gui_helpers import shown_pixels, shown_view
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from battlemap.desktop.core.model import Encounter, Fog, Side, Sight, Token, Wall
from battlemap.desktop.core.state import BattleState
from battlemap.desktop.gui.main_window import GMWindow
from battlemap.desktop.gui.map_view import MapView
from battlemap.desktop.gui.scene import Audience, MapScene
from battlemap.desktop.gui.style import CELL
from tests.desktop.gui.test_pan_follow_zoom import following_table


def dungeon() -> Encounter:
    walls = tuple(Wall(f"w{k}", ((4.0 * k + 3, 2.0), (4.0 * k + 4.5, 5.0))) for k in range(9))
    hero = Token("a", "Amiri", 12.5, 9.5, side=Side.HERO, sight=Sight(darkvision=6))
    return Encounter(width=40, height=30, fog=Fog(enabled=True), tokens=(hero,), walls=walls)


def panned_view(qtbot: QtBot, state: BattleState) -> MapView:
    view = shown_view(qtbot, MapScene(state, Audience.GM), 700, 500)
    view.set_zoom(1.2)
    view.centerOn(15 * CELL, 12 * CELL)
    QApplication.processEvents()
    return view


def test_a_diagonal_pan_step_tells_the_camera_once(qtbot: QtBot, window: GMWindow) -> None:
    player = following_table(qtbot, window)  # (the table took its zoom: not this test's)
    assert player.view.zoom == player.following_zoom(window.view.zoom)
    told = {"gm": 0, "table": 0}
    window.view.camera_changed.connect(lambda: told.__setitem__("gm", told["gm"] + 1))
    player.view.camera_changed.connect(lambda: told.__setitem__("table", told["table"] + 1))
    window.view.pan_by(7, 3)
    assert told == {"gm": 1, "table": 1}
    window.view.pan_by(0, 0)  # nothing moved: nothing told
    assert told == {"gm": 1, "table": 1}


def test_after_diagonal_pans_the_view_shows_what_two_scrolls_showed(qtbot: QtBot) -> None:
    state = BattleState(dungeon())
    view, two = panned_view(qtbot, state), panned_view(qtbot, state)
    for step in range(6):
        dx, dy = (-23 if step % 3 else 17), (11 if step < 3 else -7)
        view.pan_by(dx, dy)
        two.horizontalScrollBar().setValue(two.horizontalScrollBar().value() + dx)  # as before
        two.verticalScrollBar().setValue(two.verticalScrollBar().value() + dy)
        QApplication.processEvents()
        qtbot.wait(5)
        assert view.camera()[0] == two.camera()[0]
        assert shown_pixels(view) == shown_pixels(two), f"step {step}"


def test_asked_again_for_the_zoom_just_set_the_view_does_nothing(qtbot: QtBot) -> None:
    """After a scale, ``zoom / self.zoom`` is often a rounding off 1.0: the table, asked its
    zoom again at the next pan step, scaled again and repainted its whole view."""
    view = panned_view(qtbot, BattleState(dungeon()))
    told: list[int] = []
    view.camera_changed.connect(lambda: told.append(1))
    for rotation in (0, 90):
        view.set_rotation(rotation)
        for k in range(40):
            zoom = 0.31 + 0.0731 * k
            view.set_zoom(zoom)
            told.clear()
            view.set_zoom(zoom)
            assert told == [], (rotation, zoom)
            assert abs(view.zoom / zoom - 1.0) < 1e-9
